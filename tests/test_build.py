"""The built distribution: what the sdist and the wheel hold (listed file by file), the metadata (SPDX license,
URLs, classifiers, dependencies), and the installed kit's version in a fresh virtual environment.

Slow: the sdist and the wheel are built once per session by the fixture ``built`` (tests/conftest.py: the wheel is
built from the sdist, so a file the sdist lacks breaks it) and installed by ``installed``.
"""

from __future__ import annotations

import email
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))

pytestmark = pytest.mark.slow


def _expected_wheel_files() -> set[str]:
    """Every file the wheel must hold (besides .dist-info), from pyproject's package list and package data."""
    tool = PYPROJECT["tool"]["setuptools"]
    expected: set[str] = set()
    for package in tool["packages"]:
        folder = _folder(package, tool["package-dir"])
        base = package.replace(".", "/")
        expected |= {f"{base}/{path.name}" for path in folder.glob("*.py")}
        for pattern in tool["package-data"].get(package, []):
            expected |= {f"{base}/{path.relative_to(folder).as_posix()}" for path in folder.glob(pattern)
                         if path.is_file()}
    return expected


def _folder(package: str, package_dir: dict[str, str]) -> Path:
    parts = package.split(".")
    for cut in range(len(parts), 0, -1):
        if ".".join(parts[:cut]) in package_dir:
            return REPO / package_dir[".".join(parts[:cut])] / Path(*parts[cut:])
    return REPO / Path(*parts)


def _tracked(*folders: str) -> set[str]:
    out = subprocess.run(["git", "ls-files", "--", *folders], cwd=REPO, capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip("not a git checkout")
    return {line for line in out.stdout.splitlines() if (REPO / line).is_file()}


def test_wheel_holds_exactly_the_packages_and_their_data(built):
    assert built.wheel.name.endswith("-py3-none-any.whl")  # pure Python: setup.py compiles only when asked
    with zipfile.ZipFile(built.wheel) as wheel:
        names = set(wheel.namelist())
    info = {name for name in names if ".dist-info/" in name}
    files = names - info
    assert files == _expected_wheel_files()
    assert "datong_rules/py.typed" in files  # the typed API is visible to type checkers (PEP 561)
    assert {"datong_rules/spec/schema/variant.schema.json", "datong_rules/spec/huolong/li-zhijiang.yaml",
            "datong_rules/spec/sources.yaml", "datong_rules/reference_impl/variant/yaml_versions.py"} <= files
    assert any(name.startswith("datong_rules/conformance/scenarios/huolong/") for name in files)
    assert not any("__pycache__" in name or name.endswith(".pyc") or name.startswith("tests/") for name in names)
    assert {name.split("/", 1)[1] for name in info} == {
        "METADATA", "WHEEL", "RECORD", "entry_points.txt", "top_level.txt", "licenses/LICENSE"}


def test_sdist_holds_every_tracked_source_file(built):
    with tarfile.open(built.sdist) as sdist:
        names = {member.name.split("/", 1)[1] for member in sdist.getmembers() if member.isfile()}
    wanted = _tracked("reference_impl", "conformance", "datong_rules", "compat", "spec", "tests", "docs",
                      "benchmarks")
    wanted |= {"pyproject.toml", "setup.py", "README.md", "CHANGELOG.md", "LICENSE", "MANIFEST.in", "mkdocs.yml"}
    missing = {name for name in wanted if name not in names and "__pycache__" not in name}
    assert not missing, sorted(missing)[:20]
    assert not any("__pycache__" in name or name.endswith(".pyc") or name.startswith(("site/", ".git/"))
                   for name in names)


def test_metadata_license_urls_classifiers_and_dependencies(built):
    with zipfile.ZipFile(built.wheel) as wheel:
        (meta_name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        meta = email.message_from_bytes(wheel.read(meta_name))
    assert meta["License-Expression"] == "MIT" and meta["License-File"] == "LICENSE"
    assert not any(c.startswith("License ::") for c in meta.get_all("Classifier"))  # PEP 639: the expression only
    assert {"Typing :: Typed", "Framework :: Pytest"} <= set(meta.get_all("Classifier"))
    urls = dict(url.split(", ", 1) for url in meta.get_all("Project-URL"))
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in urls.values())
    requires = meta.get_all("Requires-Dist")
    assert not any(r.startswith("pytest-benchmark") for r in requires)
    (mkdocs,) = [Requirement(r) for r in requires if Requirement(r).name == "mkdocs"]
    assert mkdocs.specifier.contains("1.6.1") and not mkdocs.specifier.contains("2.0")  # MkDocs 2 drops plugins
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_installed_version_matches_the_metadata(installed, run_clean, tmp_path):
    metadata = run_clean([str(installed / "python"), "-c",
                          "import importlib.metadata as m; print(m.version('datong-rules'))"], cwd=tmp_path)
    version = metadata.stdout.strip()
    assert version == PYPROJECT["project"]["version"]
    command = run_clean([str(installed / "datong-rules"), "--version"], cwd=tmp_path)
    assert command.returncode == 0 and command.stdout.strip() == f"datong-rules, version {version}"
    module = run_clean([str(installed / "python"), "-m", "datong_rules", "--version"], cwd=tmp_path)
    assert module.returncode == 0 and module.stdout == command.stdout


def test_type_checkers_see_the_installed_kit_as_typed(installed, run_clean, tmp_path):
    pytest.importorskip("mypy")
    user = tmp_path / "user.py"
    user.write_text("from datong_rules.reference_impl.cards import parse_card\n"
                    "from datong_rules.reference_impl.variant import load_variant\n"
                    "card: str = parse_card('SA')\n"
                    "wrong: int = parse_card('SA')\n"
                    "print(load_variant('huolong/li-zhijiang').id)\n", encoding="utf-8")
    proc = run_clean([sys.executable, "-m", "mypy", "--python-executable", str(installed / "python"),
                      "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", "user.py"], cwd=tmp_path)
    # found through py.typed (without it: "module is installed, but missing library stubs or py.typed marker")
    assert "py.typed" not in proc.stdout, proc.stdout
    assert proc.stdout.strip().splitlines() == [
        'user.py:4: error: Incompatible types in assignment (expression has type "str", variable has type "int")'
        "  [assignment]"]
