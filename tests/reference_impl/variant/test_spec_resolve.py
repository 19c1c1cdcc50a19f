"""What names a variant (datong_rules.reference_impl.variant.resolve): a full id, a short id, or a file path; one rule for every
command."""

from __future__ import annotations

from pathlib import Path

import pytest

from datong_rules.reference_impl.variant import Registry, VariantNotFound, open_variant, resolve_variant_id
from datong_rules.reference_impl.variant.resolve import is_variant_path

FIXTURE = Path(__file__).parent / "fixtures" / "house-club.yaml"


def test_a_full_id_and_the_name_after_the_game_name_the_same_variant():
    assert resolve_variant_id("huolong/li-zhijiang") == "huolong/li-zhijiang"
    assert resolve_variant_id("li-zhijiang") == "huolong/li-zhijiang"
    assert resolve_variant_id("base") == "huolong/base"  # abstract variants too (show, diff); play refuses them


@pytest.mark.parametrize("ref", ["nope", "huolong/nope", "zhijiang", "huolong", "li-zhijiang.yaml", ""])
def test_anything_else_is_not_an_id(ref):
    with pytest.raises(VariantNotFound) as err:
        resolve_variant_id(ref)
    assert str(err.value).startswith(f"unknown variant '{ref}' (known: biedan/biedan-guide, dadun/dadun-guide, huolong/base, huolong/datong-guide,")
    assert err.value.ref == ref and "huolong/li-zhijiang" in err.value.known


def test_a_name_shared_by_two_games_needs_the_full_id(tmp_path):
    for game in ("huolong", "other"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "club.yaml").write_text("id: x\n", encoding="utf-8")
    registry = Registry(tmp_path)
    with pytest.raises(VariantNotFound, match=r"'club' names several variants: huolong/club, other/club"):
        resolve_variant_id("club", registry)
    assert resolve_variant_id("other/club", registry) == "other/club"


def test_open_variant_by_id_short_id_and_path():
    assert open_variant("li-zhijiang") is open_variant("huolong/li-zhijiang")
    assert open_variant(str(FIXTURE)).id == "huolong/example-club"


def test_an_id_wins_over_a_file_of_the_same_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "li-zhijiang").mkdir()  # a stray folder named like the variant
    assert open_variant("li-zhijiang").id == "huolong/li-zhijiang"


def test_paths_that_are_no_variant_file(tmp_path):
    (tmp_path / "adir.yaml").mkdir()
    with pytest.raises(VariantNotFound, match=r"^'.*adir.yaml' is a folder, not a variant file"):
        open_variant(str(tmp_path / "adir.yaml"))
    with pytest.raises(VariantNotFound, match=r"^no such file: '.*gone.yml'$"):
        open_variant(str(tmp_path / "gone.yml"))


def test_a_path_beginning_with_dot_slash_is_the_file(tmp_path, monkeypatch):
    """``./li-zhijiang`` (or ``../``, ``/``) is always a path, even where it names nothing: the file, or no such
    file; ``li-zhijiang`` stays the bundled variant."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "li-zhijiang").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    assert open_variant("./li-zhijiang").id == "huolong/example-club"
    assert open_variant("li-zhijiang").id == "huolong/li-zhijiang"
    assert is_variant_path("./li-zhijiang") and not is_variant_path("li-zhijiang")
    with pytest.raises(VariantNotFound, match=r"^no such file: '\./datong-guide'$"):
        open_variant("./datong-guide")
