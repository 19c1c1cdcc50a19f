"""A fourth game, added exactly as docs/adding-a-game.md says: 憋蛋 copied under the id ``wakeng`` into a temporary
tree laid out as the wheel installs the kit. It must validate, play and verify, pass its scenarios and get its
rulebook pages, and the files it touched must be exactly those the guide lists.

The copy runs in subprocesses with the temporary tree first on ``PYTHONPATH`` (the editable install's finder comes
after it); the site is built from the tree's ``mkdocs.yml`` and ``docs/`` as the docs tests build the kit's
(``mkdocs build --strict``: a warning fails).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GUIDES = {"zh": REPO / "docs" / "adding-a-game.md", "en": REPO / "docs" / "adding-a-game.en.md"}
"""The guide in both languages (the 中文 page and its English twin): both list the same files."""
NEW, OLD = "wakeng", "biedan"
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")

LAYOUT = {"datong_rules": "datong_rules", "reference_impl": "datong_rules/reference_impl",
          "conformance": "datong_rules/conformance", "spec": "datong_rules/spec",
          "pyproject.toml": "pyproject.toml", "CHANGELOG.md": "CHANGELOG.md", "docs": "docs", "mkdocs.yml": "mkdocs.yml"}
"""Repository path → its place in the installed layout of the temporary tree."""

pytestmark = pytest.mark.slow


def _renamed(text: str) -> str:
    """The copy's text: the game id (in ids, paths, scenario ids and module names) renamed; names that merely start
    with it (the source id biedan-guide, planted fault names) kept."""
    return re.sub(rf"\b{OLD}\b(?!-)", NEW, text)


def _copy_renamed(src: Path, dst: Path) -> None:
    for path in sorted(src.rglob("*")):
        if "__pycache__" in path.parts or path.is_dir():
            continue
        target = dst / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_renamed(path.read_text(encoding="utf-8")), encoding="utf-8")


def _digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _repo_path(installed: str) -> str:
    for repo, place in sorted(LAYOUT.items(), key=lambda kv: -len(kv[1])):
        if installed == place or installed.startswith(place + "/"):
            return repo + installed[len(place):]
    return installed


def guide_touched(lang: str = "en") -> set[str]:
    """The files the guide's section "Files a new game touches" (id ``files-a-new-game-touches``, in both languages)
    lists in ``lang`` (the first path of each bullet)."""
    text = GUIDES[lang].read_text(encoding="utf-8")
    section = re.split(r"^## .*\{#files-a-new-game-touches\}$", text, maxsplit=1, flags=re.M)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^- `([^`]+)`", section, flags=re.MULTILINE))


def test_both_languages_of_the_guide_list_the_same_files_and_modules():
    assert guide_touched("zh") == guide_touched("en")
    assert "reference_impl/games.py" in guide_touched("en") and len(guide_touched("en")) >= 6
    texts = {lang: path.read_text(encoding="utf-8") for lang, path in GUIDES.items()}
    files = {lang: re.findall(r"^- `([^`]+)`", text, flags=re.M) for lang, text in texts.items()}
    modules = {lang: re.findall(r"^\| `([^`]+)`", text, flags=re.M) for lang, text in texts.items()}
    assert files["zh"] == files["en"] and len(files["en"]) >= 14
    assert modules["zh"] == modules["en"] and "rules.py" in modules["en"]


def _run(tree: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)


def _cli(tree: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(tree, "-m", "datong_rules", *args)


def add_the_game(tree: Path) -> None:
    """The guide's steps, in the temporary tree: the files a new game adds (copies of Biedan's, renamed), then the
    files it touches."""
    package = tree / "datong_rules"
    # Files a new game adds
    _copy_renamed(package / "reference_impl" / OLD, package / "reference_impl" / NEW)
    _copy_renamed(package / "spec" / OLD, package / "spec" / NEW)
    _copy_renamed(package / "spec" / "schema" / "games" / OLD, package / "spec" / "schema" / "games" / NEW)
    _copy_renamed(package / "conformance" / "scenarios" / OLD, package / "conformance" / "scenarios" / NEW)
    # Files a new game touches
    games = package / "reference_impl" / "games.py"
    text = games.read_text(encoding="utf-8")
    line = f'    Game("{OLD}", {{"zh": "憋蛋", "en": "Biedan"}}, "climbing", "datong_rules.reference_impl.{OLD}"),\n'
    assert line in text
    games.write_text(text.replace(line, line + f'    Game("{NEW}", {{"zh": "挖坑", "en": "Wakeng"}}, "climbing", '
                                               f'"datong_rules.reference_impl.{NEW}"),\n'), encoding="utf-8")
    done = _run(tree, "-m", "datong_rules.reference_impl.schema_games")
    assert done.returncode == 0, done.stderr
    pyproject = tree / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    old = f'"datong_rules.reference_impl.{OLD}"'
    assert text.count(old) == 2  # the package list and the contract that forbids importing a game
    text = text.replace(old, f'{old}, "datong_rules.reference_impl.{NEW}"')
    layer = f"datong_rules.reference_impl.{OLD} |"
    assert text.count(layer) == 1
    text = text.replace(layer, f"{layer} datong_rules.reference_impl.{NEW} |")
    pyproject.write_text(text, encoding="utf-8")
    changelog = tree / "CHANGELOG.md"
    text = changelog.read_text(encoding="utf-8")
    changelog.write_text(text.replace("## [Unreleased]\n", f"## [Unreleased]\n\n- The game {NEW}.\n", 1),
                         encoding="utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    """The temporary tree with the fourth game added, and the repository paths of the files that existed before and
    were changed."""
    root = tmp_path_factory.mktemp("fourth")
    for repo, place in LAYOUT.items():
        source = REPO / repo
        if source.is_dir():
            shutil.copytree(source, root / place, ignore=IGNORE, dirs_exist_ok=True)
        else:
            shutil.copy2(source, root / place)
    before = _digest(root)
    add_the_game(root)
    after = _digest(root)
    touched = {_repo_path(p) for p in before if after.get(p) != before[p]}
    return root, touched


def test_the_guide_lists_exactly_the_files_touched(tree):
    _, touched = tree
    assert touched == guide_touched()


def test_the_wheel_lists_the_new_package(tree):
    root, _ = tree
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"datong_rules.reference_impl.{NEW}" in config["tool"]["setuptools"]["packages"]
    layers = config["tool"]["importlinter"]["contracts"][0]["layers"]
    assert any(f"datong_rules.reference_impl.{NEW}" in layer for layer in layers)


def test_it_validates(tree):
    root, _ = tree
    done = _cli(root, "validate")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    variants = _cli(root, "variants")
    assert f"{NEW}/biedan-guide" in variants.stdout


def test_it_plays_and_its_record_verifies(tree, tmp_path):
    root, _ = tree
    record = tmp_path / "match.json"
    done = _cli(root, "play", f"{NEW}/biedan-guide", "--seed", "1", "--hands", "2", "--bots", "greedy",
                "--record", str(record))
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(record.read_text(encoding="utf-8"))["game"] == NEW
    checked = _cli(root, "verify", str(record))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert ": OK (match, 2 deals)" in checked.stdout


def _conform_counts(root: Path, game: str) -> dict[str, int]:
    variants = sorted(p.stem for p in (root / "datong_rules/spec" / game).glob("*.yaml"))
    fixtures = sorted(p.stem for p in (root / "datong_rules/conformance/scenarios" / game / "variants").glob("*.yaml"))
    args = [a for v in variants + fixtures for a in ("--variant", f"{game}/{v}")]
    done = _cli(root, "conform", *args, "--json", "-", "-q")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report, _ = json.JSONDecoder().raw_decode(done.stdout[done.stdout.index("{"):])
    return report["counts"]


def test_its_scenarios_pass(tree):
    """Every scenario of the copy passes, as many as Biedan's own."""
    root, _ = tree
    counts = _conform_counts(root, NEW)
    assert counts["passed"] > 200 and counts["failed"] == counts["errored"] == 0, counts
    assert counts == _conform_counts(root, OLD)


def test_its_rulebook_pages(tree, tmp_path):
    """The site builds (strict) with the new game's pages: player's page, sample hand, card and rules in both
    languages, the comparison and the options reference."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="the docs extra is not installed: pip install -e '.[docs]'")
    root, _ = tree
    for folder in ("spec", "conformance"):  # mkdocs.yml watches them where the repository keeps them
        if not (root / folder).exists():
            (root / folder).symlink_to(root / "datong_rules" / folder, target_is_directory=True)
    out = tmp_path / "site"
    env = {**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=root,
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    for lang in ("", "en/"):
        for page in ("biedan-guide", "biedan-guide-sample", "biedan-guide-card", "biedan-guide-rules", "compare",
                     "options"):
            assert (out / f"{lang}rulebooks/{NEW}/{page}/index.html").is_file(), f"{lang}{page}"
    sample = (out / f"rulebooks/{NEW}/biedan-guide-sample/index.html").read_text(encoding="utf-8")
    assert sample.count('class="trick"') >= 3 and 'id="settle"' in sample and "挖坑" in sample
