"""The list of games lives in the registry (reference_impl/games.py); the schemas' game enums and branches are
generated from it (reference_impl/schema_games.py) and nowhere else name a game."""

from __future__ import annotations

import json
import shutil

import pytest

from datong_rules.reference_impl import games, schema_games
from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant.schema_check import validator

SCHEMA = spec_root() / "schema"


def test_the_bundled_schemas_are_as_generated_from_the_registry():
    assert schema_games.stale() == [], "run: python -m datong_rules.reference_impl.schema_games"


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, path + (index,))


def test_no_other_schema_lists_the_games():
    """An enum, const or pattern naming a built-in game appears only in the generated files (and a game's own
    schemas name their own game, and the frozen protocol schemas the games of their time)."""
    for path in sorted(SCHEMA.rglob("*.schema.json")):
        name = path.relative_to(SCHEMA).as_posix()
        if name in schema_games.GENERATED or name.startswith(("protocol-1/", "protocol-2/")):
            continue  # generated; or frozen as protocols 1 and 2 were published, never regenerated
        ids = {g.id for g in games.BUILTIN} - {name.split("/")[1] if name.startswith("games/") else ""}
        for where, node in _walk(json.loads(path.read_text(encoding="utf-8"))):
            named = [node.get("const")] + list(node.get("enum") or []) + [str(node.get("pattern", "")).strip("^/")]
            assert not ids & {str(v) for v in named}, f"{name}: {where} names a game"


@pytest.fixture
def schema_copy(tmp_path):
    """A copy of the bundled schema folder with a fourth game's rule and record schemas (copies of Biedan's)."""
    root = tmp_path / "schema"
    shutil.copytree(SCHEMA, root)
    for part in ("rules", "record"):
        text = (root / "games" / "biedan" / f"{part}.schema.json").read_text(encoding="utf-8")
        (root / "games" / "wakeng").mkdir(exist_ok=True)
        (root / "games" / "wakeng" / f"{part}.schema.json").write_text(text.replace("games/biedan/", "games/wakeng/"),
                                                                        encoding="utf-8")
    return root


def test_a_game_added_to_the_registry_gets_its_enums_and_branches(schema_copy, monkeypatch):
    fourth = games.Game("wakeng", {"zh": "挖坑", "en": "Wakeng"}, "climbing", "datong_rules.reference_impl.wakeng")
    monkeypatch.setattr(games, "BUILTIN", games.BUILTIN + (fourth,))
    assert schema_games.stale(schema_copy) == list(schema_games.GENERATED)
    assert schema_games.main(["--check", str(schema_copy)]) == 1
    assert schema_games.main([str(schema_copy)]) == 0
    assert schema_games.stale(schema_copy) == []

    sources = json.loads((schema_copy / "sources.schema.json").read_text(encoding="utf-8"))
    assert "wakeng" in sources["$defs"]["source"]["properties"]["game"]["enum"]
    schema_check = validator(schema_copy / "variant.schema.json")
    text = {"zh": "名", "en": "name"}
    base = {"id": "wakeng/x", "game": "wakeng", "name": text, "summary": text}
    assert not list(schema_check.iter_errors({**base, "rules": {}}))
    refused = list(schema_check.iter_errors({**base, "rules": {"no_such_section": {}}}))
    assert refused, "the fourth game's rule schema is not chosen by its game"
    resolved = validator(schema_copy / "variant.schema.json", "resolved")
    assert not list(resolved.iter_errors({**base, "family": "climbing"}))
    assert list(resolved.iter_errors({**base, "family": "trick_taking"}))
    record = json.loads((schema_copy / "record.schema.json").read_text(encoding="utf-8"))
    assert {"$ref": "games/wakeng/record.schema.json"} in [b.get("then") for b in record["allOf"]]


def test_a_branch_needs_the_games_schema_file(schema_copy, monkeypatch):
    """A game without a rule schema of its own gets no branch (its rule sections are checked by its checks)."""
    fourth = games.Game("nofile", {"zh": "无", "en": "None"}, "climbing", "x.nofile")
    monkeypatch.setattr(games, "BUILTIN", games.BUILTIN + (fourth,))
    variant = json.loads((schema_copy / "variant.schema.json").read_text(encoding="utf-8"))
    out = schema_games.generated("variant.schema.json", variant, root=schema_copy)
    assert "nofile" in out["properties"]["game"]["anyOf"][0]["enum"]
    assert "games/nofile/rules.schema.json" not in json.dumps(out["allOf"])


def test_dump_keeps_short_values_on_one_line():
    assert schema_games.dump({"a": [1, 2]}) == '{"a": [1, 2]}'
    long = {"key": ["x" * 60, "y" * 60]}
    assert schema_games.dump(long) == '{\n  "key": [\n    "' + "x" * 60 + '",\n    "' + "y" * 60 + '"\n  ]\n}'
    assert json.loads(schema_games.dump(long)) == long
