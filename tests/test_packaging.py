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
