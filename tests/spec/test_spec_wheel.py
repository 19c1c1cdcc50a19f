"""The installed kit works from any directory: build the wheel, install it into a fresh virtual environment, and run
the spec commands from a directory outside the checkout (issue 2, "Packaging").

Slow (about 20 s: a wheel build and a pip install that resolves PyYAML, jsonschema and click); it runs in the
default suite. Set DATONG_SKIP_WHEEL=1 to leave it out (e.g. offline, where pip cannot reach an index).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "house-club.yaml"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("DATONG_SKIP_WHEEL") == "1", reason="DATONG_SKIP_WHEEL=1"),
]


def _run(args: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin/ folder of a fresh virtual environment with the kit's wheel installed."""
    work = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(work / "dist"), str(REPO)], cwd=work)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = (work / "dist").glob("datong_rules-*.whl")
    venv.create(work / "venv", with_pip=True)
    bin_dir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
    pip = _run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)], cwd=work)
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    return bin_dir


def test_installed_kit_validates_its_bundled_data_from_elsewhere(installed, tmp_path):
    result = _run([str(installed / "datong-rules"), "validate"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no problems" in result.stderr
    where = _run([str(installed / "python"), "-c", "import datong_rules.reference_impl.paths as p; print(p.spec_root())"],
                 cwd=tmp_path)
    assert str(installed.parent) in where.stdout  # the wheel's own copy of spec/, not the checkout's


def test_installed_kit_checks_a_house_variant(installed, tmp_path):
    house = tmp_path / "club.yaml"
    house.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    assert _run([str(installed / "datong-rules"), "validate", "club.yaml"], cwd=tmp_path).returncode == 0
    house.write_text(FIXTURE.read_text(encoding="utf-8").replace("value: fast", "value: fastt"), encoding="utf-8")
    result = _run([str(installed / "datong-rules"), "validate", "club.yaml"], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("club.yaml:15:7: rules.star_burial.policy.value: 'fastt'")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["validate", "variants", "show", "diff"])
def test_installed_help(installed, tmp_path, command):
    result = _run([str(installed / "datong-rules"), command, "--help"], cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("Usage: ")


def test_installed_show_and_diff(installed, tmp_path):
    show = _run([str(installed / "datong-rules"), "show", "huolong/li-zhijiang"], cwd=tmp_path)
    assert show.returncode == 0 and "defined_in: huolong/li-zhijiang" in show.stdout
    diff = _run([str(installed / "datong-rules"), "diff", "huolong/li-zhijiang", "huolong/online-platform"],
                cwd=tmp_path)
    assert diff.returncode == 0 and "■ declaration.nobody_declared" in diff.stdout
