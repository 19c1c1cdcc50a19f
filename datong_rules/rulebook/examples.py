"""Worked examples: conformance scenarios laid out for players, cards drawn as pictures.

A scenario here is any object with the attributes of :class:`datong_rules.conformance.scenarios_io.Scenario`
(``id, variant, rules, op, given, expect, description, source, reasoning``); this module only lays
them out. The expected outcome is explained by the scenario's own ``description`` and ``reasoning``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, Final, Protocol

from datong_rules.reference_impl.cards import CardNotationError, format_cards, parse_card
from datong_rules.reference_impl.table import Table

from .card_svg import card_svg, cards_html, ranking_html, suit_label
from .labels import KEY_LABELS, SEAT_KEYS, UI, label, seat_name
from .rules_html import compact

MAX_PER_SECTION: Final = 3
"""Worked examples shown per rule section; the rest are counted and pointed to."""
SKIP_OPS: Final[frozenset[str]] = frozenset({"replay", "facts"})
"""Operations not shown as worked examples: ``replay`` (a whole game record is too long to lay out)
and ``facts`` (it restates the summary box)."""
MAX_PICTURES: Final = 60
"""Card lists longer than this (a whole dealing order) are written as text, not drawn."""
MAX_DEAL_GRID: Final = 40
"""A dealing order up to this long is drawn as a grid: one column per seat, one row per round, each card
with its index in the deal (the scenarios' reasoning refers to cards by that index)."""


class ScenarioLike(Protocol):
    """What the layout reads from a scenario."""

    id: str
    variant: str
    rules: Sequence[str]
    op: str
    given: dict[str, Any]
    expect: dict[str, Any]
    description: dict[str, str]
    source: dict[str, Any] | None
    reasoning: str | None


def pick_examples(scenarios: Iterable[ScenarioLike], variant_id: str) -> dict[str, tuple[list[ScenarioLike], int]]:
    """Choose the worked examples of one variant, per rule section.

    A scenario belongs to the section of its first rule id. Per section at most
    :data:`MAX_PER_SECTION` are picked, one per operation first (so a section shows different
    questions), then in id order; :data:`SKIP_OPS` are never picked.

    Returns:
        ``{section: (picked scenarios, number of scenarios of the section)}``.
    """
    by_section: dict[str, list[ScenarioLike]] = {}
    for sc in sorted((s for s in scenarios if s.variant == variant_id and s.rules), key=lambda s: s.id):
        by_section.setdefault(sc.rules[0].split(".")[0], []).append(sc)
    picked: dict[str, tuple[list[ScenarioLike], int]] = {}
    for section, group in by_section.items():
        usable = [s for s in group if s.op not in SKIP_OPS]
        first_of_op: dict[str, ScenarioLike] = {}
        for sc in usable:
            first_of_op.setdefault(sc.op, sc)
        chosen = list(first_of_op.values())[:MAX_PER_SECTION]
        chosen += [s for s in usable if s not in chosen][: MAX_PER_SECTION - len(chosen)]
        picked[section] = (sorted(chosen, key=lambda s: s.id), len(group))
    return picked


def is_card_list(value: Any) -> bool:
    """True for a non-empty list of card tokens."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return False
    try:
        for v in value:
            parse_card(v)
    except CardNotationError:
        return False
    return True


def value_html(key: str, value: Any, lang: str, given: dict[str, Any] | None = None,
               table: Table | None = None) -> str:
    """One ``given`` or ``expect`` value for a player: cards as pictures, seats and suits named.

    Args:
        key: the key the value stands under (decides seats, suits, ranking groups).
        given: the scenario's ``given`` (``plays`` are labelled with seats from its ``leader``).
        table: the variant's table (seat order of ``deal`` grids and ``plays``); without it a deal is shown as a
            list and plays are numbered, not given seats.
    """
    simple = _plain_html(key, value, lang)
    if simple is not None:
        return simple
    if is_card_list(value):
        return _cards_value_html(key, value, lang, given, table)
    if isinstance(value, list) and value and all(is_card_list(v) or v == [] for v in value):
        if key == "order":
            return ranking_html(value, lang)
        return _card_rows(key, value, lang, given or {}, table)
    if isinstance(value, dict):
        rows = "".join(f"<tr><th>{escape(_key_label(str(k), lang))}</th>"
                       f"<td>{value_html(str(k), v, lang, given)}</td></tr>" for k, v in value.items())
        return f'<table class="kv">{rows}</table>'
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return _records_html(value, lang, given)
    return f"<code>{escape(value if isinstance(value, str) else compact(value))}</code>"


def _plain_html(key: str, value: Any, lang: str) -> str | None:
    """Yes/no, none, a seat's name, a suit's name; None for any other value."""
    if isinstance(value, bool):
        return UI["yes" if value else "no"][lang]
    if value is None or value == []:
        return UI["none"][lang]
    if key in SEAT_KEYS and isinstance(value, int):
        return escape(seat_name(value, lang))
    if key in ("trump_suit", "suit") and isinstance(value, str):
        return escape(suit_label(value, lang))
    return None


def _cards_value_html(key: str, value: list[str], lang: str, given: dict[str, Any] | None,
                      table: Table | None) -> str:
    """A card list: a dealing order as a grid of seats, a long list as text, else pictured."""
    if key == "deal" and table is not None and isinstance((given or {}).get("first_drawer"), int) \
            and len(value) <= MAX_DEAL_GRID:
        return _deal_grid(value, (given or {})["first_drawer"], lang, table)
    if len(value) > MAX_PICTURES:
        n = UI["cards_n"][lang].format(n=len(value))
        return f'<code class="card-text">{escape(format_cards(value, symbols=True))}</code>{n}'
    return cards_html(value, lang)


def _records_html(value: list[dict[str, Any]], lang: str, given: dict[str, Any] | None) -> str:
    """One row per record, numbered from 0 as the answers' index lists (``rejected``) count them."""
    keys = list(dict.fromkeys(k for v in value for k in v))
    head = "<th>#</th>" + "".join(f"<th>{escape(label(KEY_LABELS, str(k), lang))}</th>" for k in keys)
    rows = "".join(f"<tr><td>{i}</td><td>" + "</td><td>".join(
        value_html(str(k), v[k], lang, given) if k in v else "" for k in keys) + "</td></tr>"
        for i, v in enumerate(value))
    return f'<table class="kv rows"><tr>{head}</tr>{rows}</table>'


def _key_label(key: str, lang: str) -> str:
    """A key's label; a key that is a number names a seat (``holdings: {"2": 1}``)."""
    return seat_name(key, lang) if key.isdigit() else label(KEY_LABELS, key, lang)


def _deal_grid(cards: list[str], first_drawer: int, lang: str, table: Table) -> str:
    seats = table.order_from(first_drawer)
    n = table.players
    head = "<tr><th></th>" + "".join(f"<th>{escape(seat_name(s, lang))}</th>" for s in seats) + "</tr>"
    rows = []
    for start in range(0, len(cards), n):
        cells = "".join(f'<td><span class="deal-index">{i}</span>{card_svg(cards[i], lang)}</td>'
                        for i in range(start, min(start + n, len(cards))))
        rows.append(f"<tr><th>{escape(UI['round'][lang].format(n=start // n + 1))}</th>{cells}</tr>")
    return f'<table class="kv deal">{head}{"".join(rows)}</table>'


def _card_rows(key: str, rows: list[list[str]], lang: str, given: dict[str, Any], table: Table | None) -> str:
    leader = given.get("leader")
    out = []
    for i, row in enumerate(rows):
        if key == "plays" and isinstance(leader, int) and table is not None:
            name = seat_name(table.next_seat(leader, i), lang)
        else:
            name = f"{i + 1}."
        out.append(f'<tr><th>{escape(name)}</th><td>{cards_html(row, lang) if row else UI["none"][lang]}</td></tr>')
    return f'<table class="kv">{"".join(out)}</table>'


def example_html(scenario: ScenarioLike, number: int, lang: str, sources: dict[str, dict[str, Any]],
                 table: Table | None = None) -> str:
    """One worked example: description, the question (given), the outcome (expect), why, rules checked.

    ``table`` is the variant's table (:class:`~datong_rules.reference_impl.table.Table`), which places the seats
    of a deal or a trick; without it plays are numbered."""
    desc = escape(str(scenario.description.get(lang) or scenario.description.get("en", "")))
    given = scenario.given or {}

    def box(head: str, mapping: dict[str, Any], css: str) -> str:
        rows = "".join(f"<tr><th>{escape(label(KEY_LABELS, str(k), lang))}</th>"
                       f"<td>{value_html(str(k), v, lang, given, table)}</td></tr>" for k, v in mapping.items())
        return f'<div class="{css}"><p class="io-head">{head}</p><table class="kv">{rows}</table></div>'

    why = []
    if scenario.reasoning:
        why.append(f'<p class="why"><span class="prov-label">{UI["reasoning"][lang]}'
                   f"</span> {escape(scenario.reasoning)}</p>")
    if scenario.source:
        sid = str(scenario.source.get("id", ""))
        title = escape(str(sources.get(sid, {}).get("title", "")))
        section = scenario.source.get("section")
        sec = f" § {escape(str(section))}" if section not in (None, "") else ""
        why.append(f'<p class="prov source"><span class="prov-label">{UI["source"][lang]}</span> '
                   f'<a href="#src-{escape(sid)}"><code>{escape(sid)}</code></a> {title}{sec}</p>')
    checks = " ".join(f'<a href="#r-{escape(r)}"><code>{escape(r)}</code></a>' for r in scenario.rules)
    given_box = box(UI["given"][lang], given, "io-given") if given else ""
    expect_box = box(UI["expect"][lang], scenario.expect, "io-expect")
    return (f'<div class="example" id="ex-{escape(scenario.id)}">'
            f'<p class="example-title"><strong>{UI["example"][lang]} {number}</strong> '
            f'<code class="scenario-id">{escape(scenario.id)}</code></p>'
            f'<p class="example-desc">{desc}</p>'
            f'<div class="io">{given_box}{expect_box}</div>{"".join(why)}'
            f'<p class="checks"><span class="prov-label">{UI["checks"][lang]}</span> {checks}</p></div>')
