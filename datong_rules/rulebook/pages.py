"""Markdown pages of the rulebooks: one page per variant and language, the comparison page of a game,
and the rulebooks' index. Pages are Markdown headings around HTML blocks (one line each), so no text
from the data is ever read as Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from datong_rules.reference_impl.table import Table

from .chart_html import chart_body, chart_data_of
from .compare import compare_html, matrix_html
from .game_data import facet_data, game_name, section_title
from .examples import ScenarioLike, example_html, pick_examples
from .paths import compare_path, index_path, glossary_path, options_path, page_path, rel, rules_path, url, which_path
from .player_page import lang_switch, variant_card
from .labels import LANGS, UI, brackets_for
from .rules_html import RuleItem, outline, rule_html, sections_in_order, source_link, summary_box_html
from .readings import load_readings, variant_chain
from .readings_page import readings_link_html
from .seats import seats_html


@dataclass(frozen=True)
class VariantDoc:
    """What a rulebook page shows of one resolved variant.

    Attributes:
        id: ``"huolong/li-zhijiang"``; game: ``"huolong"``.
        name, summary: ``{"zh": ..., "en": ...}``.
        rules: the resolved ``rules`` mapping (``extends`` applied).
        sources: the variant file's own ``sources:`` entries (apps, web pages), beside spec/sources.yaml.
    """

    id: str
    game: str
    name: dict[str, str]
    summary: dict[str, str]
    rules: dict[str, Any] = field(default_factory=dict)
    sources: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_data(cls, variant_id: str, data: dict[str, Any]) -> VariantDoc:
        """Build from a resolved variant mapping (``Variant.data``)."""
        return cls(id=variant_id, game=str(data.get("game") or variant_id.split("/")[0]),
                   name=dict(data.get("name") or {"zh": variant_id, "en": variant_id}),
                   summary=dict(data.get("summary") or {"zh": "", "en": ""}), rules=dict(data.get("rules") or {}),
                   sources=list(data.get("sources") or []))


def compare_title(game: str, lang: str) -> str:
    """``攉龙 · 各版本对照`` / ``Huolong · Variants compared``."""
    return f"{game_name(game, lang)} · {UI['compare'][lang]}"


def options_title(game: str, lang: str) -> str:
    """``攉龙 · 规则选项参考`` / ``Huolong · Options reference``."""
    return f"{game_name(game, lang)} · {UI['options'][lang]}"


def _chart_md(game_id: str, rules: dict[str, Any], lang: str) -> str:
    """The card ranking chart of the game's ``rulebook`` facet (``chart_data(rules)``), or nothing."""
    data = chart_data_of(game_id, rules)
    if data is None:
        return ""
    return f"## {UI['chart'][lang]} {{#chart}}\n\n<div class=\"chart\">{chart_body(data, lang)}</div>\n\n"


def _where_html(src: dict[str, Any], lang: str) -> str:
    """`` · 程序，提交 e0481db`` with a link, for an app or web source (nothing for a text)."""
    link = source_link(src)
    if src.get("kind") not in ("app", "web") or link is None:
        return ""
    if src.get("commit"):
        at = UI["at_commit"][lang].format(commit=escape(str(src["commit"])))
    elif src.get("version"):
        at = UI["at_version"][lang].format(version=escape(str(src["version"])))
    else:
        at = escape(str(src.get("url")))
    kind = UI["kind_app" if src.get("kind") == "app" else "kind_web"][lang]
    return f' · <a href="{escape(link)}">{UI["source_kind"][lang].format(kind=kind, where=at)}</a>'


def with_own_sources(doc: VariantDoc, sources: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``sources`` (spec/sources.yaml by id) with the variant file's own ``sources:`` added (theirs win on an id)."""
    return {**sources, **{str(s["id"]): s for s in doc.sources if isinstance(s, dict) and "id" in s}}


def _sources_md(doc: VariantDoc, sources: dict[str, dict[str, Any]], lang: str) -> str:
    shown = [s for sid, s in sources.items() if s.get("game") in (None, doc.game)]
    items = []
    for src in shown:
        sid = escape(str(src["id"]))
        author = f" · {escape(brackets_for(str(src['author']), lang))}" if src.get("author") else ""
        about = escape(str((src.get("about") or {}).get(lang, "")))
        notes = (src.get("notes") or {}).get(lang)  # remarks on the text itself (misprints, contradictions)
        notes_html = (f'<br><span class="prov-label">{UI["note"][lang]}</span> {escape(str(notes))}'
                      if notes else "")
        items.append(f'<li id="src-{sid}"><code>{sid}</code> <span lang="zh">《{escape(str(src.get("title", "")))}》{author}</span>'
                     f"{_where_html(src, lang)}<br>{about}{notes_html}</li>")
    return f"## {UI['sources'][lang]} {{#sources}}\n\n<ul class=\"sources\">{''.join(items)}</ul>\n"


def rulebook_page(doc: VariantDoc, lang: str, sources: dict[str, dict[str, Any]],
                  scenarios: Sequence[ScenarioLike] = ()) -> str:
    """The whole rulebook of one variant in one language, as Markdown.

    Layout (after pagat.com's rules pages): title and summary, a summary box (players, cards,
    deal, objective), the card ranking chart, the rules section by section in playing order
    (each rule with its id, text, value and provenance; settlement as a table; up to
    :data:`~.examples.MAX_PER_SECTION` worked examples from ``scenarios`` per section), other
    rules, a link to the comparison page and the sources.

    Args:
        doc: the variant.
        lang: ``"zh"`` or ``"en"``.
        sources: ``spec/sources.yaml`` entries by id (the variant's own ``sources:`` are added).
        scenarios: conformance scenarios (any variant; this variant's are picked).
    """
    sources = with_own_sources(doc, sources)
    here = rules_path(doc.id, lang)
    readings, chain = load_readings(), variant_chain(doc.id)

    def rule_block(rule_id: str, item: RuleItem) -> str:
        entries = [e["id"] for e in readings.for_rule(doc.id, rule_id, chain)]
        return rule_html(rule_id, item, sources, lang, readings_link_html(entries, here, lang)) + "\n\n"

    other = LANGS[1 - LANGS.index(lang)]
    out = [f"# {escape(doc.name.get(lang, doc.id), quote=False)} · {UI['rules_data'][lang]}\n\n",
           lang_switch(rules_path(doc.id, other), here, lang),
           f'<p class="variant-summary">{escape(UI["rules_data_intro"][lang])} '
           f'<a href="{url(page_path(doc.id, lang), here)}">{escape(UI["player_page"][lang])}</a></p>\n\n']
    box = summary_box_html(doc.rules, lang)
    if box:
        out.append(f"## {UI['summary'][lang]} {{#summary}}\n\n{box}\n\n")
    out.append(_chart_md(doc.game, doc.rules, lang))
    table = _table(doc.rules)

    examples = pick_examples(scenarios, doc.id)
    known, other_sections = sections_in_order(doc.rules, outline(doc.game))
    for number, (section, items) in enumerate(known, 1):
        title = section_title(doc.game, section, lang, doc.id)  # the variant's own word where the game says so
        out.append(f"## {number}. {title} {{#{section}}}\n\n")
        if section == "players" and table is not None:
            out.append(seats_html(table, lang) + "\n\n")
        out.extend(rule_block(rule_id, item) for rule_id, item in items)
        out.append(_examples_md(section, examples, lang, sources, table))
    if other_sections:
        out.append(f"## {UI['other_rules'][lang]} {{#other-rules}}\n\n")
        for section, items in other_sections:
            out.append(f"### {section} {{#{section}}}\n\n")
            out.extend(rule_block(rule_id, item) for rule_id, item in items)
            out.append(_examples_md(section, examples, lang, sources, table))
    link = UI["compare_link"][lang].format(title=compare_title(doc.game, lang),
                                           href=rel(compare_path(doc.game, lang), here))
    out.append(f"## {UI['compare'][lang]} {{#compare}}\n\n{link}\n\n")
    out.append(_sources_md(doc, sources, lang))
    return "".join(out)


def _table(rules: dict[str, Any]) -> Table | None:
    """The variant's table, or None when its players rules are missing or not understood."""
    try:
        return Table.from_rules(rules)
    except ValueError:
        return None


def _examples_md(section: str, examples: dict[str, tuple[list[ScenarioLike], int]], lang: str,
                 sources: dict[str, dict[str, Any]], table: Table | None = None) -> str:
    picked, total = examples.get(section, ([], 0))
    if not picked:
        return ""
    blocks = "".join(example_html(sc, n, lang, sources, table) + "\n\n" for n, sc in enumerate(picked, 1))
    more = ""
    if total > len(picked):
        path = f"conformance/scenarios/{picked[0].variant.split('/')[0]}/"
        more = f'<p class="more-examples">{escape(UI["more_examples"][lang].format(n=total - len(picked), path=path))}</p>\n\n'
    # A heading in HTML, so that the examples do not crowd the table of contents.
    return f'<h3 class="examples-head" id="{section}-examples">{UI["examples"][lang]}</h3>\n\n{blocks}{more}'


def compare_page(game: str, docs: Sequence[VariantDoc], lang: str, options: bool = False) -> str:
    """The comparison page of one game's variants in one language, as Markdown.

    Args:
        options: the game has an options reference (:func:`options_path`) to link to.
    """
    here = compare_path(game, lang)
    other = LANGS[1 - LANGS.index(lang)]
    columns = [(d.id, d.name.get(lang, d.id), d.rules) for d in docs]
    glance, full = compare_html(columns, lang)
    matrix_rows = facet_data(game, "MATRIX", None)
    matrix = (f"## {UI['matrix'][lang]} {{#matrix}}\n\n"
              f"{matrix_html(columns, matrix_rows, lang, facet_data(game, 'matrix_fact'))}\n\n") if matrix_rows else ""
    links = "\n".join(f"- [{d.name.get(lang, d.id)}]({rel(page_path(d.id, lang), here)})" for d in docs)
    see = (UI["options_link"][lang].format(title=options_title(game, lang), href=rel(options_path(game, lang), here))
           + "\n\n" if options else "")
    return (f"# {compare_title(game, lang)}\n\n"
            f"{lang_switch(compare_path(game, other), here, lang)}"
            f"{matrix}{UI['compare_intro'][lang].format(game=game_name(game, lang))}\n\n{links}\n\n{see}"
            f"## {UI['differences'][lang]} {{#differences}}\n\n{glance}\n\n"
            f"## {UI['rules'][lang]} {{#all-rules}}\n\n{full}\n")


def index_page(docs: Sequence[VariantDoc], option_games: Sequence[str] = (), lang: str = "zh") -> str:
    """The rulebooks' index in ``lang`` (:func:`~.paths.index_path`): the way in for new players, then per game
    its variants as cards linking to their pages, the comparison page and, for the games in ``option_games``,
    the options reference."""
    here = index_path(lang)
    out = [f"# {UI['rulebooks'][lang]}\n\n", lang_switch(index_path(LANGS[1 - LANGS.index(lang)]), here, lang),
           f"{UI['rulebooks_intro'][lang]}\n\n",
           f'<p class="way-in">{UI["way_in"][lang]} <a href="{url(which_path(lang), here)}">'
           f'{UI["which_title"][lang]}</a> · <a href="{url(glossary_path(lang), here)}">'
           f'{UI["glossary_title"][lang]}</a></p>\n\n']
    for game in sorted({d.game for d in docs}):
        out.append(f"## {game_name(game, lang)} {{#{game}}}\n\n")
        for d in (d for d in docs if d.game == game):
            out.append(variant_card(d, lang, here))
        out.append(f"- [{compare_title(game, lang)}]({rel(compare_path(game, lang), here)})\n")
        if game in option_games:
            out.append(f"- [{options_title(game, lang)}]({rel(options_path(game, lang), here)})\n")
        out.append("\n")
    return "".join(out)


OPERATION_EXAMPLES_PATH = "implementers/examples.md"


def operation_examples_page(scenarios: Sequence[ScenarioLike]) -> str:
    """For implementers: one scenario per operation as the JSON-lines ``query`` the runner sends and the
    ``result`` that passes (the scenario's ``expect``), taken from the bundled suite.

    The first scenario (by id) of each operation that cites a source is used, else the first one.
    """
    import json

    out = ["# Operation examples · 操作示例\n\n",
           "One scenario of the bundled suite per operation, as the JSON-lines `query` the runner sends and a "
           "`result` that passes it: the answer must contain every key of the scenario's `expect` with an equal "
           "value (other keys are not checked). The shapes and reason codes are defined in "
           f"[Operations]({rel('implementers/operations.md', OPERATION_EXAMPLES_PATH)}). "
           "Generated from `conformance/scenarios/` when the site is built.\n\n"
           "每种操作取测试套件里的一个场景：上面一行是测试程序发出的查询，下面一行是能通过的回答。\n\n"]
    by_op: dict[str, list[ScenarioLike]] = {}
    for sc in sorted(scenarios, key=lambda s: s.id):
        by_op.setdefault(sc.op, []).append(sc)
    if not by_op:
        out.append("*(The suite has no scenarios yet.)*\n")
    for op, group in sorted(by_op.items()):
        sc = next((s for s in group if s.source), group[0])
        query = {"type": "query", "id": sc.id, "variant": sc.variant, "op": sc.op, "given": sc.given}
        result = {"type": "result", "id": sc.id, "answer": sc.expect}
        desc = sc.description.get("en", "")
        out.append(f"## `{op}`\n\n{len(group)} scenarios. Example: {escape(desc, quote=False)} "
                   f"(rules {', '.join(f'`{r}`' for r in sc.rules)}).\n\n"
                   f"```json\n{json.dumps(query, ensure_ascii=False)}\n{json.dumps(result, ensure_ascii=False)}\n```\n\n")
    return "".join(out)
