"""The optional compiled build (``DATONG_RULES_COMPILE=1``, setup.py): built from the sdist with mypyc, installed in
a temporary folder, every listed module loads compiled, and the engine tests of the compiled games pass on it.

Slow: about 120 s of one core in all (the sdist, mypyc, the C compiler and about 1,400 engine tests; measured on
the development machine). Skipped without mypyc, a C compiler or the Python headers, or with DATONG_SKIP_WHEEL=1.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("datong_setup", REPO / "setup.py")
setup_py = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(setup_py)

TESTS = ["tests/reference_impl/biedan", "tests/reference_impl/climbing", "tests/reference_impl/huolong",
         "tests/reference_impl/test_state_api.py", "tests/reference_impl/test_actions.py"] + [
             f"tests/reference_impl/dadun/test_dadun_{name}.py" for name in (
                 "state", "count", "lead_classes", "listing", "combinations", "catalogue", "bots")]
"""The engine tests run on the compiled install: 憋蛋's, 攉龙's and the climbing modules' (compiled), the state API of
every game, the actions, and 打墩's play classes, readings, plays and bots (compiled modules; its hand state extends
a compiled class)."""

pytestmark = pytest.mark.slow


def _missing() -> str | None:
    """Why the compiled build cannot be made here, or None."""
    if os.environ.get("DATONG_SKIP_WHEEL") == "1":
        return "DATONG_SKIP_WHEEL=1"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install -e '.[test]')"
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) to compile the mypyc build"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h) to compile the mypyc build"
    return None


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    """The compiled wheel, built from the sdist (``python -m build --no-isolation``), installed in a folder."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    work = tmp_path_factory.mktemp("compiled")
    env = {**os.environ, setup_py.SWITCH: "1"}
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(work / "dist"),
                           str(REPO)], cwd=work, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = (work / "dist").glob("datong_rules-*.whl")
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                          str(work / "site"), str(wheel)], capture_output=True, text=True, check=False)
    assert pip.returncode == 0, pip.stderr[-2000:]
    return wheel


def _env(site: Path) -> dict[str, str]:
    """The compiled install, then the interpreter's site-packages (``python -S``: no editable install)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), sysconfig.get_paths()["purelib"]])}


def test_the_compiled_wheel_holds_an_extension_beside_every_listed_module(compiled):
    assert not compiled.name.endswith("-none-any.whl")  # a platform wheel
    with zipfile.ZipFile(compiled) as wheel:
        names = set(wheel.namelist())
    for module in setup_py.compiled_modules(REPO):
        stem = module.replace(".", "/")
        assert f"{stem}.py" in names
        assert any(name.startswith(stem + ".") and name.endswith((".so", ".pyd")) for name in names), module


def test_every_listed_module_loads_compiled(compiled):
    site = compiled.parent.parent / "site"
    code = ("import importlib, sys\nfor name in sys.argv[1:]:\n"
            "    print(name, importlib.import_module(name).__file__)")
    done = subprocess.run([sys.executable, "-S", "-c", code, *setup_py.compiled_modules(REPO)], cwd=site,
                          env=_env(site), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert set(loaded) == set(setup_py.compiled_modules(REPO))
    for name, where in loaded.items():
        assert where.startswith(str(site)) and where.endswith((".so", ".pyd")), (name, where)


def test_the_engine_tests_pass_on_the_compiled_install(compiled):
    site = compiled.parent.parent / "site"
    done = subprocess.run([sys.executable, "-S", "-m", "pytest", *(str(REPO / t) for t in TESTS), "-n", "0",
                           "-p", "no:cacheprovider", "-p", "no:randomly", "-q", "--rootdir", str(REPO),
                           "-c", str(REPO / "pyproject.toml")], cwd=site, env=_env(site), capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1] and "failed" not in done.stdout.splitlines()[-1]


def test_the_search_bot_says_it_needs_the_pure_build(compiled):
    """The search bot deep-copies 憋蛋's and 打墩's hand states, which a compiled class cannot be: in the compiled build
    its kind is refused in one line for 憋蛋 (compiled state) and 打墩 (a state built on a compiled class), not for 攉龙
    (compiled, but its hand state copies itself)."""
    site = compiled.parent.parent / "site"
    code = ("from datong_rules.reference_impl.bots import kind_problem\n"
            "from datong_rules.reference_impl import games\n"
            "for game in ('biedan', 'dadun', 'huolong'):\n"
            "    print(game, kind_problem(games.get(game).facet('bots').BOTS, 'search:4'))")
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=site, env=_env(site), capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    for game in ("biedan", "dadun"):
        assert said[game].startswith("bot kind 'search': the search bot needs the pure-Python build"), said
    assert said["huolong"] == "None", said
