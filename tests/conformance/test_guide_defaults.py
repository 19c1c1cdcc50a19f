"""No prose default can drift: every default the operations guides write (``key: type = DEFAULT`` in a ``given``) and
every ``default`` of an operations schema's given is a literal, the two agree, and the reference engine answers the
same with the key left out as with the key set to it, on the given of every bundled scenario of the operation. Contradictory inputs are refused with their reason."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from datong_rules.conformance import operations_schema
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import json_equal
from datong_rules.conformance.scenarios_io import load_scenarios
from datong_rules.reference_impl.variant import load_variant
from datong_rules.reference_impl.variant.variant import MISSING, rule_value

ROOT = Path(__file__).resolve().parents[2]
GUIDES = {"huolong": ROOT / "docs/implementers/operations.md",
          "biedan": ROOT / "docs/implementers/biedan-operations.md",
          "dadun": ROOT / "docs/implementers/dadun-operations.md"}
"""Each game's operations guide (its 中文 page; the English twin, ``*.en.md``, when there is one: :func:`twin`)."""
SECTION = re.compile(r"^## `([a-z_]+)`", re.M)
GIVEN = re.compile(r"^\* [^\n]*?given`?[)）]?[:：] ?`\{(.*?)\}`", re.M | re.S)
"""A guide's given line in either language: ``* given: `{…}` ``, ``* `given`：`{…}` ``."""


def twin(path: Path) -> Path:
    """The English twin of a guide page (``x.en.md``), or the page itself when it has none."""
    english = path.with_name(path.stem + ".en.md")
    return english if english.is_file() else path


def _top_level_items(text: str) -> list[str]:
    """``text`` split at its commas outside brackets and braces."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "[{(" and 1 or (ch in "]})" and -1 or 0)
        if ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def guide_defaults(lang: str = "en") -> list[tuple[str, str, str, str]]:
    """(game, operation, key, default as written) of every ``= DEFAULT`` in a guide's given lines, in the English
    twin (``lang="en"``) or the 中文 page (``"zh"``)."""
    found = []
    for game, path in GUIDES.items():
        text = (twin(path) if lang == "en" else path).read_text(encoding="utf-8")
        heads = list(SECTION.finditer(text))
        for head, nxt in zip(heads, heads[1:] + [None]):
            body = text[head.end(): nxt.start() if nxt else len(text)]
            given = GIVEN.search(body)
            if not given:
                continue
            for item in _top_level_items(given.group(1).replace("\n", " ")):
                if " = " in item:
                    key = re.match(r"[a-z_]+", item).group(0)
                    found.append((game, head.group(1), key, item.rsplit(" = ", 1)[1].strip()))
    return found


def schema_defaults() -> dict[tuple[str, str, str], Any]:
    """(game, operation, key) → the ``default`` of a given property in the operations schemas."""
    out = {}
    for game in operations_schema.games():
        doc = operations_schema.schema(game)
        for name, node in doc["$defs"].items():
            if name.endswith(".given"):
                for key, prop in node.get("properties", {}).items():
                    if "default" in prop:
                        out[(game, name[: -len(".given")], key)] = prop["default"]
    return out


DEFAULTS = guide_defaults()


@pytest.fixture(scope="module")
def engine():
    impl = ReferenceImplementation()
    impl.start()
    yield impl
    impl.close()


@pytest.fixture(scope="module")
def bundled():
    playable = set(ReferenceImplementation().supported_variants())
    return [s for s in load_scenarios() if s.fixture is None and s.variant in playable]


def test_the_guides_write_defaults_and_the_parser_finds_them():
    keys = {(g, op, k) for g, op, k, _ in DEFAULTS}
    assert ("dadun", "settle", "levels") in keys and ("biedan", "legal_play", "passed") in keys
    assert ("huolong", "settle", "stars") in keys and len(DEFAULTS) >= 20


def test_both_languages_of_a_guide_write_the_same_defaults():
    assert guide_defaults("zh") == DEFAULTS


@pytest.mark.parametrize("game, op, key, written", DEFAULTS, ids=[f"{g}/{o}.{k}" for g, o, k, _ in DEFAULTS])
def test_a_documented_default_is_a_literal_the_schema_and_engine_agree_with(game, op, key, written, engine, bundled):
    value = yaml.safe_load(written)
    assert isinstance(value, (str, int, bool, list, dict)) or value is None, written
    assert not (isinstance(value, str) and " " in value), f"{game}/{op}.{key}: a prose default ({written!r})"
    if not _refers(value):  # a default that names a rule ([levels.start]) is the variant's value, checked below
        schema = schema_defaults().get((game, op, key), value)
        assert json_equal(schema, value), f"{game}/{op}.{key}: the guide says {written}, the schema {schema!r}"
    checked = 0
    for scenario in (s for s in bundled if s.game == game and s.op == op):
        left_out = _answer(engine, scenario.variant, op, {k: v for k, v in scenario.given.items() if k != key})
        set_to = _answer(engine, scenario.variant, op, {**scenario.given, key: _resolved(value, scenario.variant)})
        assert left_out == set_to, f"{scenario.id}: {key} left out and {key} = {written} are answered differently"
        checked += not isinstance(set_to, BadInput)
    assert checked, f"{game}/{op}.{key}: no bundled scenario to check the default {written} on"


def test_every_schema_default_is_in_the_guide():
    written = {(g, op, k) for g, op, k, _ in DEFAULTS}
    assert set(schema_defaults()) <= written, set(schema_defaults()) - written


RULE_REFERENCE = re.compile(r"^[a-z_]+(\.[a-z_]+)+$")
"""A rule id in a guide's default written ``[rule.id]`` (YAML reads it as a one-item list): the variant's value."""


def _refers(value: Any) -> bool:
    """Whether ``value`` is, or holds, a ``[rule.id]`` reference."""
    if isinstance(value, list):
        if len(value) == 1 and isinstance(value[0], str) and RULE_REFERENCE.match(value[0]):
            return True
        return any(_refers(item) for item in value)
    return False


def _resolved(value: Any, variant: str) -> Any:
    """``value`` with each ``[rule.id]`` replaced by the rule's value in ``variant``."""
    if isinstance(value, list):
        if len(value) == 1 and isinstance(value[0], str) and RULE_REFERENCE.match(value[0]):
            found = rule_value(load_variant(variant).data["rules"], value[0])
            assert found is not MISSING, f"{variant} has no rule {value[0]}"
            return found
        return [_resolved(item, variant) for item in value]
    return value


class BadInput(str):
    """An answer that is an error (its message)."""


def _answer(engine, variant: str, op: str, given: dict) -> Any:
    try:
        return engine.answer(variant, op, given)
    except ValueError as exc:
        return BadInput(exc)


def test_dadun_settle_level_is_the_teams_level_or_required(engine):
    """The hand is played at the previous winners' level [levels.played]; settle is not told who they were, so
    ``level`` may be left out only when both teams are at the same level."""
    given = {"levels": ["5", "5"], "finish": [0, 1, 2], "captured": [100, 60, 60, 80]}
    assert engine.answer("dadun/dadun-guide", "settle", given) == \
        engine.answer("dadun/dadun-guide", "settle", {**given, "level": "5"})
    with pytest.raises(ValueError, match="level.*required.*differ"):
        engine.answer("dadun/dadun-guide", "settle", {**given, "levels": ["5", "7"]})
    with pytest.raises(ValueError, match="neither team's level"):
        engine.answer("dadun/dadun-guide", "settle", {**given, "levels": ["5", "7"], "level": "6"})


def test_huolong_settle_refuses_a_dig_with_both_level_cards_and_big_jokers(engine):
    """A Huolong play is of identical cards, so the last trick's winning play is level cards or big jokers, not
    both."""
    given = {"banker": 0, "levels": {"banker_team": "5", "attackers": "5"}, "attacker_points": 130,
             "bottom_dug": True, "dug_with_level_rank": True, "dug_with_big_joker": True}
    with pytest.raises(ValueError, match="dug_with_level_rank.*dug_with_big_joker"):
        engine.answer("huolong/li-zhijiang", "settle", given)
