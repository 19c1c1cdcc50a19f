"""The exit-status table of docs/getting-started.md and of its English twin getting-started.en.md holds: every
command of the CLI has a row, and for every status a row promises, a run of that command exits with it, its error
printed as the page says (one ``error: …`` line, or the command-line library's usage message for a mistake in the
command line itself)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from datong_rules.cli.main import cli

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "docs" / "getting-started.md", REPO / "docs" / "getting-started.en.md"]  # 中文 and English
EXAMPLES = REPO / "docs" / "examples"
KIT = "import sys; sys.argv[0] = 'datong-rules'; from datong_rules.cli.main import main; main()"

# (command, exit status, the arguments of a run that must end with it, standard input, how errors look)
# "usage" is a usage error found by click's parser, also one "error: …" line, with the command's --help named;
# "error" is one "error: …" line on standard error; None: not checked.
CASES = [
    ("validate", 0, ["validate", "docs/examples/house-variant.yaml"], None, None),
    ("validate", 1, ["validate", "docs/examples/my-club.yaml"], None, None),
    ("validate", 2, ["validate", "--format", "nope"], None, "usage"),
    ("variants", 0, ["variants"], None, None),
    ("variants", 2, ["variants", "--no-such-option"], None, "usage"),
    ("show", 0, ["show", "huolong/li-zhijiang"], None, None),
    ("show", 2, ["show", "huolong/nope"], None, "error"),
    ("show", 2, ["show", "docs/examples/my-club.yaml"], None, "error"),
    ("diff", 0, ["diff", "huolong/datong-guide", "docs/examples/house-variant.yaml"], None, None),
    ("diff", 2, ["diff", "huolong/li-zhijiang", "huolong/nope"], None, "error"),
    ("play", 0, ["play", "huolong/li-zhijiang", "--seed", "1", "--hands", "1"], None, None),
    ("play", 1, ["play", "huolong/li-zhijiang", "--seed", "1", "--max-hands", "1"], None, "error"),
    ("play", 2, ["play", "huolong/nope"], None, "error"),
    ("verify", 0, ["verify", "{record}"], None, None),
    ("verify", 1, ["verify", "{tampered}"], None, None),
    ("verify", 2, ["verify", "{not_a_record}"], None, "error"),
    ("verify", 2, ["verify", "{record}", "--variant", "huolong/nope"], None, "error"),
    ("conform", 0, ["conform", "-q", "--op", "bottom_points"], None, None),
    ("conform", 1, ["conform", "-q", "--impl", "buggy_engine:make", "--op", "trick_winner"], None, None),
    ("conform", 1, ["conform", "-q", "--impl", "buggy_engine:make", "--op", "bottom_points"], None, "error"),
    ("conform", 0, ["conform", "-q", "--impl", "buggy_engine:make", "--op", "bottom_points", "--allow-empty"], None,
     None),
    ("conform", 2, ["conform", "--impl", "no_such_module:make"], None, "error"),
    ("conform", 2, ["conform", "--op", "no_such_operation"], None, "error"),
    ("coverage", 0, ["coverage"], None, None),
    ("coverage", 1, ["coverage", "--scenarios", "conformance/scenarios/huolong/li-zhijiang/bottom_points.yaml",
                     "--fail-under", "100"], None, None),
    ("coverage", 1, ["coverage", "--rules-file", "{rules_file}"], None, None),
    ("coverage", 2, ["coverage", "--variant", "huolong/nope"], None, "error"),
    ("fuzz", 0, ["fuzz", "--impl", "datong_rules.conformance.adapters.reference:ReferenceImplementation",
                 "--variant", "li-zhijiang", "--op", "classify", "--examples", "50", "-q"], None, None),
    ("fuzz", 1, ["fuzz", "--impl", "buggy_engine:make", "--variant", "li-zhijiang", "--op", "trick_winner",
                 "--seed", "1", "-q"], None, None),
    ("fuzz", 2, ["fuzz", "--impl", "no_such_module:make"], None, "error"),
    ("serve", 0, ["serve"], '{"type": "stop"}\n', None),
    ("serve", 1, ["serve", "--impl", "no_such_module:make"], None, "error"),
    ("serve", 2, ["serve", "--impl", ""], None, "error"),
    ("serve", 2, ["serve", "--variant-file", "docs/examples/my-club.yaml"], None, "error"),
    ("schema", 0, ["schema"], None, None),
    ("schema", 0, ["schema", "variant"], None, None),
    ("schema", 2, ["schema", "no-such-schema"], None, "error"),
    ("simulate", 0, ["simulate", "biedan-guide", "--hands", "5", "--workers", "1"], None, None),
    ("simulate", 2, ["simulate", "biedan-guide"], None, "error"),
    ("simulate", 2, ["simulate", "biedan-guide", "dadun-guide", "--hands", "5"], None, "error"),
    ("table", 2, ["table", "huolong/nope", "--no-browser"], None, "error"),
    ("table", 2, ["table", "li-zhijiang", "--seat", "9", "--no-browser", "--port", "0"], None, "error"),
    ("table", 2, ["table", "li-zhijiang", "--bots", "nope", "--no-browser", "--port", "0"], None, "error"),
]
_ROW = re.compile(r"^\|(?P<commands>[^|]*`[a-z]+`[^|]*)\|(?P<s0>[^|]*)\|(?P<s1>[^|]*)\|(?P<s2>[^|]*)\|\s*$")


def table(page: Path) -> dict[str, dict[int, str]]:
    """The exit-status table of ``page``: command → {status: what the page says it means} for the cells that are
    not "—"."""
    text = page.read_text(encoding="utf-8")
    section = text[text.index("{#exit-status}"):]
    section = section[:section.index("\n## ")]
    rows: dict[str, dict[int, str]] = {}
    for line in section.splitlines():
        match = _ROW.match(line)
        if match:
            cells = {s: match[f"s{s}"].strip() for s in (0, 1, 2)}
            for command in re.findall(r"`([a-z]+)`", match["commands"]):
                rows[command] = {s: cell for s, cell in cells.items() if cell not in {"—", "-", ""}}
    return rows


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Input files of the cases: a game record, the same record tampered with, a JSON file that is no record, and a
    rules file that leaves out rules (and variants) the scenarios cite."""
    folder = tmp_path_factory.mktemp("exit-status")
    record = folder / "record.json"
    proc = subprocess.run([sys.executable, "-c", KIT, "play", "huolong/li-zhijiang", "--seed", "1", "--hands", "1",
                           "--record", str(record)], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(record.read_text(encoding="utf-8"))
    first_play = next(a for a in data["hands"][0]["actions"] if a["type"] == "play")
    first_play["seat"] = (first_play["seat"] + 1) % 4  # out of turn
    tampered = folder / "tampered.json"
    tampered.write_text(json.dumps(data), encoding="utf-8")
    not_a_record = folder / "not-a-record.json"
    not_a_record.write_text("{}", encoding="utf-8")
    rules_file = folder / "rules.json"
    rules_file.write_text(json.dumps({"huolong/li-zhijiang": ["bottom.multiplier"]}), encoding="utf-8")
    return {"record": str(record), "tampered": str(tampered), "not_a_record": str(not_a_record),
            "rules_file": str(rules_file)}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_command_has_a_row_and_every_promised_status_a_case(page):
    """Both languages' tables promise the same statuses: each the ones the cases below check."""
    rows = table(page)
    assert set(rows) == set(cli.commands), "the exit-status table and the CLI's commands differ"
    promised = {(command, status) for command, cells in rows.items() for status in cells}
    covered = {(command, status) for command, status, *_ in CASES}
    assert promised == covered, f"rows without a case: {promised - covered}; cases the table does not promise: " \
                                f"{covered - promised}"


@pytest.mark.parametrize(("command", "status", "args", "stdin", "errors"), CASES,
                         ids=[f"{c}-{s}-{' '.join(a[1:])[:40]}" for c, s, a, *_ in CASES])
def test_a_command_exits_as_the_table_says(command, status, args, stdin, errors, files):
    argv = [arg.format(**files) for arg in args]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(EXAMPLES), os.environ.get("PYTHONPATH")) if p),
           "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-c", KIT, *argv], cwd=REPO, input=stdin or "", capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode == status, f"datong-rules {' '.join(argv)}: exit {proc.returncode}\n{proc.stderr[-2000:]}"
    lines = proc.stderr.splitlines()
    if errors == "error":
        assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    elif errors == "usage":
        assert len(lines) == 1 and lines[0].startswith("error: ") and lines[0].endswith(" --help')"), proc.stderr
