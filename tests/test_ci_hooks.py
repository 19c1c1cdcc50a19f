"""The CI pieces: the pre-commit hook (.pre-commit-hooks.yaml) that rule keepers run on their house variants, and the
GitHub Action (action.yml) that implementers run `conform` with. Both are exercised: the hook through pre-commit
itself (``pre-commit try-repo``), the action by running its steps as GitHub's runner would (bash, the inputs in the
environment, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files), in a fresh virtual environment with the built wheel."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
HOOKS = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
GOOD = (REPO / "docs" / "examples" / "house-variant.yaml").read_text(encoding="utf-8")
BAD = GOOD.replace("extends: huolong/", "multiplier_note: 010\nextends: huolong/", 1)


def _house(folder: Path) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.yaml").write_text(GOOD, encoding="utf-8")
    (folder / "bad.yaml").write_text(BAD, encoding="utf-8")
    return folder / "good.yaml", folder / "bad.yaml"


# ------------------------------------------------------------------------------------------------- pre-commit hook
def test_the_hook_runs_the_kits_own_command():
    (hook,) = HOOKS
    assert hook["id"] == "datong-rules-validate" and hook["language"] == "python"
    command = shlex.split(hook["entry"])
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert command[0] in scripts and command[1:] == ["validate"]
    assert re.search(hook["files"], "house-rules/club.yaml") and re.search(hook["files"], "a/b.yml")
    assert not re.search(hook["files"], "README.md")


def test_the_hook_entry_on_changed_files(tmp_path):
    """What pre-commit runs: the entry followed by the changed files that match `files`."""
    good, bad = _house(tmp_path)
    entry = [shutil.which("datong-rules") or "datong-rules", *shlex.split(HOOKS[0]["entry"])[1:]]
    ok = subprocess.run([*entry, good.name], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    refused = subprocess.run([*entry, good.name, bad.name], cwd=tmp_path, capture_output=True, text=True,
                             timeout=120)
    assert refused.returncode == 1
    assert refused.stdout.startswith("bad.yaml:") and "YAML 1.1" in refused.stdout


@pytest.mark.slow
def test_pre_commit_runs_the_hook(tmp_path, run_clean):
    if os.environ.get("DATONG_SKIP_WHEEL") == "1":
        pytest.skip("DATONG_SKIP_WHEEL=1 (pre-commit installs the kit with pip)")
    pytest.importorskip("pre_commit", reason="pre-commit is in the test extra")
    project = tmp_path / "club"
    good, bad = _house(project / "house-rules")
    env_home = {"PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    subprocess.run(["git", "init", "-q", str(project)], check=True)

    def try_repo(*files: Path) -> subprocess.CompletedProcess:
        args = [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "datong-rules-validate", "--files",
                *(str(f.relative_to(project)) for f in files)]
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        return subprocess.run(args, cwd=project, capture_output=True, text=True, timeout=900,
                              env={**env, **env_home})

    passed = try_repo(good)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-2000:]
    assert re.search(r"datong-rules validate \(house variants\)\.+Passed", passed.stdout)
    failed = try_repo(good, bad)
    assert failed.returncode == 1
    assert re.search(r"\.+Failed", failed.stdout)
    assert "house-rules/bad.yaml:" in failed.stdout and "the number 8 in YAML 1.1" in failed.stdout


# ------------------------------------------------------------------------------------------------- GitHub Action
def test_the_action_is_a_composite_running_conform():
    assert ACTION["runs"]["using"] == "composite"
    uses = [step["uses"] for step in ACTION["runs"]["steps"] if "uses" in step]
    assert all(use.startswith("actions/setup-python@") for use in uses)
    scripts = "\n".join(step["run"] for step in ACTION["runs"]["steps"] if "run" in step)
    assert "datong-rules" in scripts and "${{" not in scripts  # inputs arrive through env, never pasted in


def _expand(text: str, inputs: dict[str, str]) -> str:
    def value(match: re.Match) -> str:
        expression = match.group(1).strip()
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        if expression == "github.action_path":
            return str(REPO)
        raise AssertionError(f"the test does not know ${{{{ {expression} }}}}")
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def run_action(given: dict[str, str], workspace: Path, bin_dir: Path) -> tuple[int, dict[str, str], str]:
    """Run the action's `run` steps as GitHub's runner does (bash -e, step env, GITHUB_* files); returns the exit
    status of the first failing step (or 0), the outputs written, and the job summary."""
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    inputs.update(given)
    output, summary = workspace / "github_output", workspace / "step_summary"
    output.write_text("")
    summary.write_text("")
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NO_COLOR")}
    base.update(PATH=f"{bin_dir}{os.pathsep}{base['PATH']}", GITHUB_OUTPUT=str(output),
                GITHUB_STEP_SUMMARY=str(summary))
    status = 0
    for step in ACTION["runs"]["steps"]:
        if "run" not in step:
            continue  # actions/setup-python: the fresh virtual environment stands for it
        env = {**base, **{k: _expand(str(v), inputs) for k, v in step.get("env", {}).items()}}
        script = workspace / "step.sh"
        script.write_text(_expand(step["run"], inputs), encoding="utf-8")
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=workspace,
                              env=env, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            status = proc.returncode
            break
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return status, outputs, summary.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_action_checks_an_engine_over_the_protocol(built, installed, tmp_path):
    status, outputs, summary = run_action({"impl-cmd": "datong-rules serve", "args": "--op bottom_points -q",
                                           "package": str(built.wheel)}, tmp_path, installed)
    assert (status, outputs) == (0, {"exit-code": "0"})
    report = json.loads((tmp_path / "datong-rules-report.json").read_text(encoding="utf-8"))
    assert report["counts"]["passed"] > 0 and report["counts"]["failed"] == 0
    assert (tmp_path / "datong-rules-junit.xml").read_text(encoding="utf-8").startswith("<?xml")
    assert summary.startswith("#") and "bottom_points" in summary


@pytest.mark.slow
def test_the_action_fails_the_job_with_conforms_status(built, installed, tmp_path):
    status, outputs, _ = run_action({"args": "--op no_such_operation", "package": str(built.wheel)}, tmp_path,
                                    installed)
    assert (status, outputs) == (2, {"exit-code": "2"})
