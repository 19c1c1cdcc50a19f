"""The player's page of a variant: a rulebook to learn the game from, in pagat.com's order, its outline given
by the game (the ``PLAYER_PAGE`` of the game's rulebook facet, see :mod:`.game_data`).

Each section shows the game's own words (intro, numbered steps), the variant's rule texts (each linked to its
entry on the rules-as-data page, the layer a player can skip), pictures (seating, ranking chart, settlement
table) and the teaching examples the game names, drawn from the scenarios the suite runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from .answers import example_block
from datong_rules.reference_impl import games
from datong_rules.reference_impl.table import Table

from .chart_html import chart_body, chart_data_of
from .examples import ScenarioLike
from .game_data import facet_data
from .labels import LANGS, UI, seat_name
from .paths import card_path, compare_path, page_path, rules_path, sample_path, url
from .readings import load_readings, variant_chain
from .readings_page import other_readings_html
from .rules_html import is_decision_table, rule_items, settlement_table_html
from .seats import seats_html
from .sources import load_sources

_FIELD = re.compile(r"\{([a-z_]+(?:\.[a-z_]+)*)\}")


def inferred_mark(lang: str) -> str:
    """The words that follow a rule the variant marks ``inferred`` wherever a player's page states it: the source
    does not say it, the variant chose it."""
    return UI["inferred_mark"][lang] if lang == "zh" else " " + UI["inferred_mark"][lang]


def fill(text: str, rules: dict[str, Any], words: dict[str, dict[str, str]], lang: str, family: str = "") -> str:
    """Fill ``{family}``, ``{star}``/``{dig}`` (the variant's words), ``{<rule id>}`` (the rule's value) and
    ``{<rule id>.<key>}`` (one entry of a rule's mapping value). A sentence that states the value of a rule marked
    ``inferred`` ends with :func:`inferred_mark` (before its full stop): a page never states an invention of the
    variant as the source's rule."""
    items = dict(rule_items(rules))

    def marked(rule_id: str, shown: str) -> str:
        return shown + _INVENTED if "inferred" in (items.get(rule_id) or {}) else shown

    def one(match: re.Match[str]) -> str:
        key = match.group(1)
        if key == "family":
            return family
        if key in words:
            return words[key][lang]
        if key in items:
            return marked(key, str(items[key].get("value")))
        rule_id, _, part = key.rpartition(".")  # a part of a rule's value: {settlement.thresholds.first_side}
        value = (items.get(rule_id) or {}).get("value")
        if isinstance(value, dict) and part in value:
            return marked(rule_id, str(value[part]))
        return match.group(0)

    filled = _FIELD.sub(one, text)
    if _INVENTED not in filled:
        return filled

    def sentence(match: re.Match[str]) -> str:
        said, stop = match.group(1), match.group(2)
        if _INVENTED not in said:
            return said + stop
        return said.replace(_INVENTED, "").rstrip() + inferred_mark(lang) + stop

    return _SENTENCE[lang].sub(sentence, filled)


_INVENTED = "\x00"  # follows a filled-in value of an inferred rule until its sentence is marked
_SENTENCE = {"zh": re.compile(r"([^。！？]+)([。！？]|$)"), "en": re.compile(r"(.+?)((?<!\be\.g)[.!?](?=\s|$)|$)")}


def expand_rule_ids(patterns: Sequence[str], rules: dict[str, Any]) -> list[str]:
    """Rule ids of ``rules`` matching ``patterns`` (``"bury.*"`` = the whole section), in pattern order, once."""
    ids = [rid for rid, _ in rule_items(rules)]
    out: list[str] = []
    for pattern in patterns:
        if pattern.endswith(".*"):
            found = [r for r in ids if r.startswith(pattern[:-1])]
        else:
            found = [pattern] if pattern in ids else []
        out.extend(r for r in found if r not in out)
    return out


_SPOTS = {"south": (160, 196), "east": (284, 110), "north": (160, 24), "west": (36, 110)}
_ARROWS = {"counter_clockwise": "M 185 145 Q 225 110 185 75", "clockwise": "M 135 145 Q 95 110 135 75"}


def seating_svg(table: Table | None, lang: str) -> str:
    """The table seen from above, from the variant's table: the players named 甲乙丙丁 / A–D in playing order at
    their places (three or four seats at the compass points), partners coloured alike, an arrow for the direction
    of play. A table with seats elsewhere gets the seat picture of :func:`~.seats.seats_html`."""
    if table is None:
        return ""
    if any(table.position(seat) not in _SPOTS for seat in table.seats) or table.play_direction not in _ARROWS:
        return seats_html(table, lang)
    colours = {0: "#c62828", 1: "#1565c0"}  # by the table's team number; no team: grey
    circles = []
    for seat in table.seats:
        x, y = _SPOTS[table.position(seat)]
        name = seat_name(seat, lang)
        fill = colours.get(table.team(seat), "#616161")
        circles.append(f'<g><circle cx="{x}" cy="{y}" r="20" fill="{fill}"/><text x="{x}" y="{y + 5}" font-size="14" '
                       f'fill="#fff" text-anchor="middle">{escape(name[-1] if lang == "en" else name)}</text></g>')
    board = ('<rect x="90" y="60" width="140" height="100" rx="12" fill="#2e7d32" opacity="0.85"/>'
             '<defs><marker id="arrowhead" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">'
             '<path d="M0,0 L8,4 L0,8 z" fill="#fff"/></marker></defs>'
             f'<path d="{_ARROWS[table.play_direction]}" fill="none" stroke="#fff" stroke-width="3" '
             'marker-end="url(#arrowhead)"/>')
    direction = UI[f"direction_{table.play_direction}"][lang]
    solo = "" if table.team(0) is not None else "_solo"  # no fixed teams (憋蛋: the banker against the rest)
    label = UI["seating_label" + solo][lang].format(direction=direction)
    caption = UI["seating_caption" + solo][lang].format(direction=direction)
    return (f'<figure class="seating"><svg viewBox="0 0 320 220" width="320" height="220" role="img" '
            f'aria-label="{escape(label)}"><title>{escape(label)}</title>{board}{"".join(circles)}</svg>'
            f'<figcaption>{escape(caption)}</figcaption></figure>')


def _rule_list(rule_ids: Sequence[str], rules: dict[str, Any], doc_id: str, lang: str, here: str,
               others: bool = False) -> str:
    """The rules ``rule_ids`` in words, each linked to the rules-as-data page; with ``others`` each also names the
    readings the variant did not choose (from the register of readings)."""
    items = dict(rule_items(rules))
    data = url(rules_path(doc_id, lang), here)
    register, chain = (load_readings(), variant_chain(doc_id)) if others else (None, ())
    rows = []
    for rid in rule_ids:
        item = items[rid]
        text = escape(str((item.get("text") or {}).get(lang, "")))
        if "inferred" in item:
            text += f'<span class="inferred-mark">{escape(inferred_mark(lang))}</span>'
        table = settlement_table_html(item["value"], lang, names=False) if is_decision_table(item.get("value")) else ""
        other = f" {other_readings_html(doc_id, rid, chain, register, here, lang)}" if register is not None else ""
        rows.append(f'<li>{text} <a class="rule-ref" href="{data}#r-{escape(rid)}" '
                    f'title="{escape(UI["rule_data"][lang])}">{UI["rule_ref"][lang]}</a>{other}{table}</li>')
    return f'<ul class="rule-list">{"".join(rows)}</ul>\n\n' if rows else ""


def _table(rules: dict[str, Any]) -> Table | None:
    try:
        return Table.from_rules(rules)
    except ValueError:
        return None


def _chart(game: str, rules: dict[str, Any], lang: str) -> str:
    data = chart_data_of(game, rules)
    if data is None:
        return ""
    section = rules.get("points") or {}
    item = section.get("card_points") or section.get("cards") or {}  # Huolong's and Dadun's name of the rule
    points = {str(k): v for k, v in (item.get("value") or {}).items()} if isinstance(item.get("value"), dict) else {}
    legend = ""
    if points:
        legend = UI["point_cards"][lang].format(cards="、".join(f"{r}={v}" for r, v in points.items()) if lang == "zh"
                                                else ", ".join(f"{r} = {v}" for r, v in points.items()))
    return f'<div class="chart">{_mark_points(chart_body(data, lang, legend), points)}</div>\n\n'


def _mark_points(html: str, points: dict[str, Any]) -> str:
    """Add ``point-card`` to the class of every pictured card whose rank scores points."""
    def mark(m: re.Match[str]) -> str:
        token = m.group(1)
        rank = token[1:] if token not in ("BJ", "LJ") else ""
        return m.group(0).replace('class="card"', 'class="card point-card"') if rank in points else m.group(0)

    return re.sub(r'<svg class="card" data-card="([^"]+)"', mark, html)


def page_links(doc_id: str, lang: str, here: str) -> str:
    """The row of links to the variant's other pages (sample hand, quick card and its PDF, rules as data,
    comparison)."""
    game = doc_id.split("/")[0]
    card = card_path(doc_id, lang)
    has_sample = doc_id.split("/", 1)[-1] in (facet_data(game, "SAMPLE_HANDS", {}) or {})
    links = [(url(sample_path(doc_id, lang), here), UI["sample_hand"][lang])] if has_sample else []
    links += [(url(card, here), UI["quick_card"][lang]),
             (url(rules_path(doc_id, lang), here), UI["rules_data"][lang]),
             (url(compare_path(game, lang), here), UI["compare"][lang])]
    return ('<p class="page-links">' + " · ".join(f'<a href="{h}">{escape(t)}</a>' for h, t in links) + "</p>\n\n")


def variant_card(doc: Any, lang: str, here: str) -> str:
    """A variant as a card linking to its player's page: its name and one-line summary (``<a class="variant-card">``)."""
    return (f'<a class="variant-card" href="{url(page_path(doc.id, lang), here)}"><strong>'
            f'{escape(doc.name.get(lang, doc.id))}</strong><br>{escape(doc.summary.get(lang, ""))}</a>\n\n')


def lang_switch(target_other: str, here: str, lang: str) -> str:
    """The language switch: a link to the same page in the other language; ``lang-switch.js`` keeps the
    section (the URL's ``#fragment``) when it is followed."""
    return (f'<p class="lang-switch"><a href="{url(target_other, here)}" hreflang="{LANGS[1 - LANGS.index(lang)]}" '
            f'lang="{LANGS[1 - LANGS.index(lang)]}">{UI["other_lang"][lang]}</a></p>\n\n')


def player_page(doc: Any, lang: str, scenarios: Sequence[ScenarioLike], differences: Sequence[tuple[str, str]] = ()) -> str:
    """The player's page of one variant in one language, as Markdown.

    Args:
        doc: the variant (:class:`~.pages.VariantDoc`).
        scenarios: the suite's scenarios; the teaching examples named by the game are taken from them.
        differences: ``(rule id, text)`` of the rules in which this variant differs from the game's others, in
            the page's language (from the comparison).

    Returns:
        The page; without an outline from the game, a short page pointing to the rules-as-data page.
    """
    here = page_path(doc.id, lang)
    other = LANGS[1 - LANGS.index(lang)]
    short = doc.id.split("/", 1)[-1]
    outline = facet_data(doc.game, "PLAYER_PAGE", None)
    words = (facet_data(doc.game, "WORDS", {}) or {}).get(short, {})
    family = (facet_data(doc.game, "FAMILY", {}) or {}).get(lang, "")
    terms = facet_data(doc.game, "TERMS", {}) or {}
    named = facet_data(doc.game, "EXAMPLES", {}) or {}
    by_id = {s.id: s for s in scenarios}
    out = [f"# {escape(doc.name.get(lang, doc.id), quote=False)}\n\n", lang_switch(page_path(doc.id, other), here, lang),
           f'<p class="variant-summary">{escape(doc.summary.get(lang, ""))}</p>\n\n', page_links(doc.id, lang, here)]
    if not outline:
        return "".join(out) + table_section(doc.id, lang)
    found = games.find(doc.game)
    fold = found is not None and found.family == "climbing"  # the long pages: examples beyond the first two folded
    out.append(_page_toc(outline, doc.rules, words, lang))
    number = 0
    for section in outline:
        number += 1
        title = fill(section["title"][lang], doc.rules, words, lang)
        out.append(f"## {number}. {escape(title, quote=False)} {{#{section['id']}}}\n\n")
        if "intro" in section:
            out.append(f'<p>{escape(fill(section["intro"][lang], doc.rules, words, lang, family))}</p>\n\n')
        if section.get("terms"):
            out.append(_terms_html(section["terms"], terms, words, lang))
        if section.get("picture") == "seating":
            out.append(seating_svg(_table(doc.rules), lang) + "\n\n")
        if section.get("steps"):
            steps = "".join(f"<li>{escape(fill(step[lang], doc.rules, words, lang))}</li>" for step in section["steps"])
            out.append(f'<ol class="flow">{steps}</ol>\n\n')
        if section.get("aims"):
            out.append(f'<p class="aims">{escape(fill(section["aims"][lang], doc.rules, words, lang))}</p>\n\n')
        if section.get("tips"):
            out.append(_tips_html(section, doc.rules, words, lang))
        if section.get("rules"):
            out.append(_rule_list(expand_rule_ids(section["rules"], doc.rules), doc.rules, doc.id, lang, here,
                                  others=section["id"] == "differences"))
        if section.get("picture") == "ranking":
            out.append(_chart(doc.game, doc.rules, lang))
        examples = [by_id[f"{doc.id.replace('/', '.')}.{name}"] for name in named.get(section["id"], {}).get(short, [])
                    if f"{doc.id.replace('/', '.')}.{name}" in by_id]
        if examples:
            out.append(_examples_html(section["id"], examples, doc.rules, lang, fold))
        if section["id"] == "differences":
            out.append(_differences_html(differences, doc, lang, here))
    out.append(table_section(doc.id, lang))
    return "".join(out)


def table_section(variant_id: str, lang: str) -> str:
    """The section "play it at the table": what the table does, the two commands that open it for ``variant_id``
    (install the ``table`` extra, then ``datong-rules table VARIANT``), how to play a house file instead, and how to
    play with friends."""
    commands = f"pip install 'datong-rules[table]'\ndatong-rules table {variant_id}"
    return (f'## {escape(UI["table"][lang], quote=False)} {{#table}}\n\n<p>{escape(UI["table_intro"][lang])}</p>\n\n'
            f'<pre class="table-commands"><code>{escape(commands)}</code></pre>\n\n'
            f'<p>{escape(UI["table_house"][lang])}</p>\n\n<p>{escape(UI["table_friends"][lang])}</p>\n\n')


SHOWN_EXAMPLES = 2
"""On a climbing game's player page, the worked examples of a section shown open; the rest are folded."""


def _examples_html(section_id: str, examples: Sequence[ScenarioLike], rules: dict[str, Any], lang: str,
                   fold: bool) -> str:
    """A section's worked examples under their heading; with ``fold``, those after the first
    :data:`SHOWN_EXAMPLES` in a folded ``<details>`` (a phone reader scrolls past them to the next section)."""
    blocks = [example_block(sc, n, lang, rules) for n, sc in enumerate(examples, 1)]
    shown = SHOWN_EXAMPLES if fold else len(blocks)
    out = [f'<h3 class="examples-head" id="{section_id}-examples">{UI["examples"][lang]}</h3>\n\n']
    out += [block + "\n\n" for block in blocks[:shown]]
    if blocks[shown:]:
        more = UI["folded_example" if len(blocks) - shown == 1 else "folded_examples"][lang].format(n=len(blocks) - shown)
        out.append(f'<details class="more-examples"><summary>{escape(more)}</summary>\n\n'
                   + "".join(block + "\n\n" for block in blocks[shown:]) + "</details>\n\n")
    return "".join(out)


def _page_toc(outline: Sequence[dict[str, Any]], rules: dict[str, Any], words: dict[str, dict[str, str]],
              lang: str) -> str:
    """The page's sections as a row of numbered links under the title, so a reader on a phone (where the table of
    contents is hidden in the menu) jumps to the section they need."""
    links = "".join(f'<li><a href="#{escape(section["id"])}">{n}. {escape(fill(section["title"][lang], rules, words, lang))}</a></li>'
                    for n, section in enumerate(outline, 1))
    links += f'<li><a href="#table">{escape(UI["table"][lang])}</a></li>'  # the last section (table_section)
    return f'<nav class="page-toc" aria-label="{escape(UI["page_toc"][lang])}"><ol>{links}</ol></nav>\n\n'


def _tips_html(section: dict[str, Any], rules: dict[str, Any], words: dict[str, dict[str, str]], lang: str) -> str:
    """A section's ``tips`` (``[{zh, en}]``, in the kit's own words) as a list, then where they come from: the
    source they retell (``source: {id, section}``, named by its title, never by the kit's internal source id) or,
    without one, the kit's own advice drawn from the rules."""
    items = "".join(f"<li>{escape(fill(tip[lang], rules, words, lang))}</li>" for tip in section["tips"])
    src = section.get("source")
    if src:
        title = str(load_sources().get(src["id"], {}).get("title") or src["id"])
        note = escape(UI["tips_source"][lang]).format(title=f'<span lang="zh">{escape(title)}</span>',
                                                      section=escape(src["section"]))
    else:
        note = escape(UI["tips_own"][lang])
    return f'<ul class="tips">{items}</ul><p class="tips-source">{note}</p>\n\n'


def _terms_html(keys: Sequence[str], terms: dict[str, Any], words: dict[str, dict[str, str]], lang: str) -> str:
    rows = []
    for key in keys:
        if key == "star_burial" and words.get("star", {}).get("zh") == "载王":
            key = "loading"
        if key == "dig" and words.get("dig", {}).get("zh") == "抠底":
            key = "dig_alt"
        entry = terms.get(key)
        if not entry:
            continue
        zh = f'<abbr lang="zh" title="{escape(entry["def"][lang])}">{escape(entry["term"]["zh"])}</abbr>'
        head = zh if lang == "zh" else f'{escape(entry["term"]["en"])} · {zh}'  # the word heard at the table
        rows.append(f'<dt>{head}</dt><dd>{escape(entry["def"][lang])}</dd>')
    return f'<dl class="terms">{"".join(rows)}</dl>\n\n' if rows else ""


def _differences_html(differences: Sequence[tuple[str, str]], doc: Any, lang: str, here: str) -> str:
    link = url(compare_path(doc.game, lang), here)
    if not differences:
        return f'<p><a href="{link}">{escape(UI["compare"][lang])}</a></p>\n\n'
    items = "".join(f"<li>{escape(text)}</li>" for _, text in differences)
    return (f'<p>{escape(UI["differences_intro"][lang])}</p><ul class="rule-list">{items}</ul>'
            f'<p><a href="{link}">{escape(UI["compare"][lang])}</a></p>\n\n')


__all__ = ["expand_rule_ids", "fill", "inferred_mark", "lang_switch", "page_links", "player_page", "seating_svg", "table_section",
           "variant_card"]
