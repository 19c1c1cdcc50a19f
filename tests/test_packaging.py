"""Packaging: the import names the wheel maps (pyproject's package list), and the deprecated 0.1 import paths."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDERS = {"datong_rules": "datong_rules", "datong_rules.reference_impl": "reference_impl",
           "datong_rules.conformance": "conformance", "reference_impl": "compat/reference_impl",
           "conformance": "compat/conformance"}


def test_every_package_folder_is_listed_for_the_wheel():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert {k: v for k, v in config["package-dir"].items() if k != "datong_rules.spec"} == FOLDERS
    found = set()
    for name, folder in FOLDERS.items():
        for init in (REPO / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(REPO / folder)
            found.add(".".join([name, *rel.parts]))
    assert set(config["packages"]) - {"datong_rules.spec"} == found


def test_old_import_paths_warn_and_give_the_same_modules(tmp_path):
    code = ("import warnings; warnings.simplefilter('error', DeprecationWarning)\n"
            "try:\n    import reference_impl.cards\nexcept DeprecationWarning as w:\n    print('warned:', w)\n"
            "warnings.simplefilter('ignore')\n"
            "import reference_impl.cards as old, datong_rules.reference_impl.cards as new\n"
            "import conformance.cli.main as oldcli, datong_rules.cli.main as newcli\n"
            "print(old is new, oldcli is newcli)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "warned: the import path 'reference_impl' is deprecated" in out.stdout
    assert out.stdout.strip().endswith("True True")


# How each declared requirement is used: an import name (searched for as `import X` / `from X`), a `-m X` module
# run, a command it installs, or, for the docs, a name in mkdocs.yml. A requirement nobody uses fails here(pytest-benchmark was
# declared and unused; speed is measured by the scripts in benchmarks/).
USES = {
    "pyyaml": "yaml", "jsonschema": "jsonschema", "jsonschema-rs": "jsonschema_rs", "click": "click",
    "pytest": "pytest", "pytest-xdist": "xdist",  # -n auto in pyproject.toml; its scheduler in tests/work_groups.py
    "radon": "radon",  # tests/test_complexity.py
    "hypothesis": "hypothesis", "build": "-m build", "mypy": "-m mypy",
    "types-pyyaml": "-m mypy", "types-jsonschema": "-m mypy",  # stubs: used by mypy runs on the typed modules
    "pre-commit": "-m pre_commit", "import-linter": "command lint-imports", "mkdocs": "mkdocs.yml", "mkdocs-material": "mkdocs.yml:material",
    "jieba": "mkdocs.yml:jieba_dict_user",  # the search plugin segments Chinese with it when it is installed
    "mkdocs-static-i18n": "mkdocs.yml:- i18n:",  # one site tree per language
    "matplotlib": "matplotlib",  # the charts of the simulate HTML report (extra report)
    "ray": "ray",  # datong-rules simulate --ray: shards as tasks on a Ray cluster (extra scale)
    "starlette": "starlette", "uvicorn": "uvicorn", "jinja2": "jinja2",  # the table's web app (datong_rules/table_app)
    "httpx2": "starlette.testclient",  # Starlette's TestClient runs on it (tests/table_app/)
    "playwright": "playwright",  # browser tests on the system Chromium: the docs site, the simulate report, the table
    "rlcard": "rlcard",  # a public Dou Dizhu engine behind conformance/examples/rlcard_doudizhu (extra compare)
    "open_spiel": "pyspiel",  # OpenSpiel's dou_dizhu behind conformance/examples/openspiel_doudizhu (extra compare)
    "setuptools": "-m build",  # tests/test_compiled.py builds without isolation: the venv's own setuptools (>= 77)
}


def test_every_declared_dependency_is_used():
    import re

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        declared += extra
    code = "\n".join(path.read_text(encoding="utf-8") for folder in ("reference_impl", "conformance",
                     "datong_rules", "tests", "benchmarks") for path in (REPO / folder).rglob("*.py"))
    mkdocs = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for requirement in declared:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower()
        assert name in USES, f"{name}: say how it is used in USES"
        use = USES[name]
        if use.startswith("mkdocs.yml"):
            assert use.partition(":")[2] in mkdocs, name
        elif use.startswith("-m "):
            assert f'"-m", "{use[3:]}"' in code, name
        elif use.startswith("command "):
            assert f'"{use.removeprefix("command ")}"' in code, name
        else:
            assert re.search(rf"^\s*(import|from) {use}\b", code, re.M), f"{name} is declared but never imported"


def test_python_dash_m_datong_rules_is_the_command(tmp_path):
    from datong_rules import __version__

    out = subprocess.run([sys.executable, "-m", "datong_rules", "--version"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert (out.returncode, out.stdout) == (0, f"datong-rules, version {__version__}\n")
    usage = subprocess.run([sys.executable, "-m", "datong_rules", "--help"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60)
    assert usage.returncode == 0 and "validate" in usage.stdout
