"""The optional compiled build: the engines' draw/apply path compiled with mypyc.

``pyproject.toml`` describes the package; this file only adds compiled modules, and only when the environment
variable ``DATONG_RULES_COMPILE`` is ``1`` while a wheel is built::

    pip install mypy                                        # mypyc comes with it (the test extra has it too)
    DATONG_RULES_COMPILE=1 pip install --no-build-isolation .

Without the variable (and for the sdist, metadata and editable installs) the build is the pure-Python one, the
same wheel as without this file. The compiled wheel holds every ``.py`` file as well, and beside each module of
``[tool.datong_rules] compiled`` (pyproject.toml) its extension module, which Python imports first. It needs a C
compiler and the Python headers where it is built, and nothing more where it is installed.

The modules' files live under other folders than their import names (pyproject's ``package-dir``), and mypyc names
a module after its folders, so the modules are compiled from a copy of the package laid out as the wheel lays it out
(``build/compiled/src/``). ``benchmarks/bench_mypyc.py`` and ``tests/test_compiled.py`` use :func:`compiled_modules`
and :func:`lay_out` of this file.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SWITCH = "DATONG_RULES_COMPILE"
WHEEL_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}
"""The setup commands that build extension modules (``sdist``, ``egg_info``, ``dist_info`` and ``editable_wheel``
never compile)."""
BUILD_BASE = os.path.join("build", "compiled")
"""The compiled build's own build folder (relative to the checkout, where pip runs this file), emptied each time."""


def _config(source: Path = HERE) -> dict:
    """``[tool]`` of ``source/pyproject.toml``."""
    return tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))["tool"]


def compiled_modules(source: Path = HERE) -> list[str]:
    """The import names of the modules the compiled build compiles (``[tool.datong_rules] compiled``)."""
    return list(_config(source)["datong_rules"]["compiled"])


def lay_out(root: Path, source: Path = HERE) -> Path:
    """Copy the package ``datong_rules`` of the checkout ``source`` into ``root`` as the wheel lays it out (the
    folders of pyproject's ``package-dir`` under their import names; real files, no caches, no compiled modules);
    returns ``root``."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc")
    shutil.copytree(source / "datong_rules", root / "datong_rules", ignore=ignore)
    for name, folder in _config(source)["setuptools"]["package-dir"].items():
        if name.startswith("datong_rules."):
            shutil.copytree(source / folder, root / "datong_rules" / name.split(".", 1)[1], ignore=ignore)
    return root


def module_files(root: Path, source: Path = HERE) -> list[str]:
    """The files of :func:`compiled_modules` in the laid-out copy ``root``."""
    return [str(root.joinpath(*name.split(".")).with_suffix(".py")) for name in compiled_modules(source)]


def _extensions() -> list:
    """mypyc's extension modules when :data:`SWITCH` is ``1`` and a wheel is being built; otherwise none."""
    if os.environ.get(SWITCH) != "1" or not WHEEL_COMMANDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(f"error: {SWITCH}=1 needs mypyc where the package is built: pip install mypy, then "
                 "pip install --no-build-isolation .")
    shutil.rmtree(HERE / BUILD_BASE, ignore_errors=True)  # no module compiled by an earlier list or source
    scratch = lay_out(HERE / BUILD_BASE / "src")
    return mypycify(["--config-file", str(HERE / "pyproject.toml"), *module_files(scratch)],
                    target_dir=os.path.join(BUILD_BASE, "c"), group_name="datong_rules")


if __name__ == "__main__":  # setuptools runs this file as __main__; benchmarks and tests import its functions
    from setuptools import setup

    extensions = _extensions()
    # The compiled build has a build folder of its own: the pure build never picks up its extension modules.
    setup(ext_modules=extensions, options={"build": {"build_base": BUILD_BASE}} if extensions else {})
