"""Assemble the generated part of the docs site: read spec/ and the scenarios, render every page, and
build the navigation entries. Used by the mkdocs hook (:mod:`datong_rules.rulebook.mkdocs_hook`)
and by the tests.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .examples import ScenarioLike
from .labels import LANGS
from .options import rule_options, value_examples
from .options_page import options_page
from .compare import differences_of
from .pages import (OPERATION_EXAMPLES_PATH, VariantDoc, compare_page, compare_path, compare_title,
                    game_name, index_page, operation_examples_page, options_path, options_title, page_path,
                    rulebook_page)
from .paths import INDEX_PATH, card_path, glossary_path, index_path, readings_path, rules_path, sample_path, which_path
from .player_page import player_page
from .guide_pages import glossary_page, which_page
from .readings import load_readings
from .readings_page import readings_page
from .sources import load_sources
from .sample_page import sample_page
from .card_page import card_page
from .paths import card_pdf_path


@dataclass
class Site:
    """The generated pages and what they were built from.

    Attributes:
        pages: docs path → Markdown text.
        variants: the non-abstract variants with a rulebook, in id order.
        problems: one line per input that could not be used (a scenario file that does not load).
        option_games: the games with an options reference page.
    """

    pages: dict[str, str]
    variants: list[VariantDoc]
    problems: list[str] = field(default_factory=list)
    option_games: list[str] = field(default_factory=list)
    pdfs: dict[str, str] = field(default_factory=dict)
    """docs page → PDF path in the built site (the quick-reference cards)."""


def load_schema() -> dict[str, dict[str, Any]]:
    """The bundled rule schemas by game: ``{game: spec/schema/games/<game>/rules.schema.json as a mapping}``."""
    import json

    from datong_rules.reference_impl.paths import schema_path

    games_dir = schema_path("games")
    if not games_dir.is_dir():
        return {}
    return {path.parent.name: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(games_dir.glob("*/rules.schema.json"))}


def _schema_of(schema: dict[str, Any] | None, game: str) -> dict[str, Any] | None:
    """The rule schema of ``game`` in ``schema``: a mapping game → rule schema (:func:`load_schema`), or one schema
    whose ``$defs`` hold ``complete.<game>`` (a single schema for several games, as the tests write)."""
    if not schema:
        return None
    if "$defs" in schema:
        return schema
    return schema.get(game)


def option_games(schema: dict[str, Any] | None, games: Sequence[str]) -> list[str]:
    """The games of ``games`` that get an options reference: those whose rule schema lists the rules a playable
    variant needs (``$defs/complete``, or ``$defs/complete.<game>``), in the given order."""
    out = []
    for game in games:
        defs = (_schema_of(schema, game) or {}).get("$defs") or {}
        if "complete" in defs or f"complete.{game}" in defs:
            out.append(game)
    return out


def load_variant_docs() -> list[VariantDoc]:
    """Every non-abstract bundled variant, resolved, in id order."""
    from datong_rules.reference_impl.variant import list_variants, load_variant

    docs = []
    for variant_id in list_variants():
        variant = load_variant(variant_id)
        if not variant.abstract:
            docs.append(VariantDoc.from_data(variant_id, variant.data))
    return docs


def load_house_docs() -> list[VariantDoc]:
    """The example house variants of docs/examples (``*.yaml`` files that load as variants), in file order: the options
    reference words the house options they set. None when the folder is absent (an installed kit)."""
    from datong_rules.reference_impl.paths import spec_root
    from datong_rules.reference_impl.variant import SpecError, open_variant

    folder = spec_root().parent / "docs" / "examples"
    docs = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        try:
            variant = open_variant(str(path))
        except (SpecError, ValueError, OSError):
            continue  # not a variant, or broken: validate reports it
        if not variant.abstract:
            docs.append(VariantDoc.from_data(variant.id, variant.data))
    return docs


def load_scenarios(root: Path | None = None) -> tuple[list[ScenarioLike], list[str]]:
    """The conformance scenarios, file by file, so that one broken file does not hide the others.

    Args:
        root: scenario folder; default the bundled suite (``conformance/scenarios``).

    Returns:
        ``(scenarios, problems)``: the scenarios of every file that loads, but those expecting a refusal of bad
        input (an example shows an answer), and the first error line of every file that does not (the suite's own
        tests report those in full).
    """
    from datong_rules.conformance.scenarios_io import ScenarioError, find_scenario_files, load_scenario_file, scenarios_root

    root = root or scenarios_root()
    if not root.is_dir():
        return [], []
    scenarios: list[ScenarioLike] = []
    problems: list[str] = []
    for path in find_scenario_files(root):
        try:
            scenarios.extend(s for s in load_scenario_file(path) if not s.bad_input)
        except ScenarioError as exc:
            problems.append(f"scenario file skipped: {exc.errors[0] if exc.errors else path}")
    return scenarios, problems


def build_site(variants: Sequence[VariantDoc], sources: dict[str, dict[str, Any]],
               scenarios: Sequence[ScenarioLike] = (), schema: dict[str, Any] | None = None,
               house: Sequence[VariantDoc] = ()) -> dict[str, str]:
    """Render every generated page: docs path → Markdown.

    Pages: per language the index :func:`~.paths.index_path`, per variant and language :func:`~.pages.page_path`
    (and its rules, sample hand and card), per game and
    language :func:`~.pages.compare_path` and, for the games of :func:`option_games` (none without a
    ``schema``), :func:`~.pages.options_path`; and :data:`~.pages.OPERATION_EXAMPLES_PATH`. ``house``: example
    house variants (docs/examples) whose texts word the house options on the options pages.
    """
    games = sorted({d.game for d in variants})
    with_options = option_games(schema, games)
    pages = {index_path(lang): index_page(variants, with_options, lang) for lang in LANGS}
    pages[OPERATION_EXAMPLES_PATH] = operation_examples_page(scenarios)
    for doc in variants:
        in_game = [d for d in variants if d.game == doc.game]
        for lang in LANGS:
            pages[page_path(doc.id, lang)] = player_page(doc, lang, scenarios, differences_of(doc, in_game, lang))
            pages[rules_path(doc.id, lang)] = rulebook_page(doc, lang, sources)
            pages[card_path(doc.id, lang)] = card_page(doc, lang)
            sample = sample_page(doc, lang)
            if sample is not None:
                pages[sample_path(doc.id, lang)] = sample
    for lang in LANGS:
        pages[which_path(lang)] = which_page(variants, lang)
        pages[glossary_path(lang)] = glossary_page(games, lang)
        pages[readings_path(lang)] = readings_page(load_readings(), lang, {d.id: d.name.get(lang, d.id) for d in variants},
                                                   {g: game_name(g, lang) for g in games})
    rules_of = scenario_rules(variants)
    for game in games:
        in_game = [d for d in variants if d.game == game]
        game_schema = _schema_of(schema, game) or {}
        examples = (value_examples(rule_options(game_schema, game, in_game, [d for d in house if d.game == game]),
                                   [s for s in scenarios if s.id.startswith(f"{game}.")], rules_of)
                    if game in with_options else {})
        for lang in LANGS:
            pages[compare_path(game, lang)] = compare_page(game, in_game, lang, options=game in with_options)
            if game in with_options:
                pages[options_path(game, lang)] = options_page(game, in_game, game_schema, lang,
                                                               [d for d in house if d.game == game], examples)
    return pages


def scenario_rules(variants: Sequence[VariantDoc]) -> Any:
    """``rules_of(variant id)``: the resolved rules of a scenario's variant, a bundled one (``variants``) or a
    fixture variant of the suite (conformance/scenarios/<game>/variants/); ``None`` for an id it does not know."""
    from datong_rules.conformance.fixture_variants import find_variant_files, load_fixture_variants
    from datong_rules.conformance.suite_files import ScenarioError

    known = {d.id: d.rules for d in variants}
    try:
        fixtures = load_fixture_variants(find_variant_files())
    except ScenarioError:
        fixtures = {}
    known.update({vid: v.data.get("rules") or {} for vid, v in fixtures.items()})
    return known.get


def load_site() -> Site:
    """Read spec/ (variants, sources, the variant schema) and the bundled scenarios and render the whole
    generated part of the site."""
    variants = load_variant_docs()
    scenarios, problems = load_scenarios()
    schema = load_schema()
    pdfs = {card_path(d.id, lang): card_pdf_path(d.id, lang) for d in variants for lang in LANGS}
    return Site(build_site(variants, load_sources(), scenarios, schema, load_house_docs()), variants, problems,
                option_games(schema, sorted({d.game for d in variants})), pdfs)


def rulebook_nav(variants: Sequence[VariantDoc], with_options: Sequence[str] = (),
                 pages: Collection[str] | None = None, lang: str = "zh") -> list[Any]:
    """mkdocs ``nav`` entries of the rulebooks in ``lang`` (the site has one tree per language): the index, "which
    variant do we play?", per game the variants' pages, the comparison page and, for the games in
    ``with_options``, the options reference; then the glossary and the register of readings. ``pages``: the pages that exist (a variant without
    a sample hand has none)."""
    games = []
    for game in sorted({d.game for d in variants}):
        entries: list[Any] = []
        for d in (d for d in variants if d.game == game):
            own = [page_path(d.id, lang), sample_path(d.id, lang), card_path(d.id, lang), rules_path(d.id, lang)]
            entries.append({d.name.get(lang, d.id): [p for p in own if pages is None or p in pages]})
        entries.append({compare_title(game, lang): compare_path(game, lang)})
        if game in with_options:
            entries.append({options_title(game, lang): options_path(game, lang)})
        games.append({game_name(game, lang): entries})
    return [index_path(lang), which_path(lang), *games, glossary_path(lang), readings_path(lang)]


def expand_nav(nav: list[Any], variants: Sequence[VariantDoc], extra_pages: dict[str, list[Any]],
               with_options: Sequence[str] = (), pages: Collection[str] | None = None,
               lang: str = "zh") -> list[Any]:
    """Fill the placeholders of a hand-written ``nav``.

    An entry ``{title: "rulebooks/index.md"}`` becomes the section :func:`rulebook_nav` in ``lang``; an entry
    ``{title: page}`` with ``page`` in ``extra_pages`` becomes a section of ``page`` followed by
    ``extra_pages[page]`` (used for the rule keepers' pages other helpers write; an entry may be ``{title: path}``,
    and a list that starts with ``page`` itself, titled or not, is the whole section). ``with_options``: the
    games whose options reference goes next to their comparison page. Other entries are
    kept as they are; nested sections are walked.

    Returns:
        A new nav list (the input is not changed).
    """
    def fill(entry: Any) -> Any:
        if isinstance(entry, dict):
            out = {}
            for title, value in entry.items():
                if value == INDEX_PATH:
                    out[title] = rulebook_nav(variants, with_options, pages, lang)
                elif isinstance(value, str) and extra_pages.get(value):
                    extra = extra_pages[value]
                    named = extra[0] == value or (isinstance(extra[0], dict) and value in extra[0].values())
                    out[title] = list(extra) if named else [value, *extra]
                elif isinstance(value, list):
                    out[title] = [fill(e) for e in value]
                else:
                    out[title] = value
            return out
        return entry

    return [fill(e) for e in nav]
