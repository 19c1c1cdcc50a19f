"""The command imports only what it needs: ``--version`` and ``variants`` start without hypothesis, jsonschema or the
games' engines, so that they start fast (the times are measured by ``benchmarks/bench_startup.py``, not here).

Each case runs the command in a fresh interpreter and lists the modules it imported (``sys.modules`` at exit).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

RUN_AND_LIST = """
import json, sys
sys.argv = ["datong-rules", *sys.argv[1:]]
from datong_rules.cli.main import main
try:
    main()
except SystemExit as exc:
    status = exc.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

ENGINE = ("datong_rules.reference_impl.huolong.state", "datong_rules.reference_impl.biedan.state",
          "datong_rules.reference_impl.dadun.state", "datong_rules.reference_impl.records",
          "datong_rules.reference_impl.bots", "datong_rules.reference_impl.strategies")
"""Modules of the engine that plays hands (states, records, bots, generated inputs)."""

HEAVY = ("hypothesis", "jsonschema", "referencing")
"""Libraries that cost a tenth of a second or more to import: only the commands that use them import them."""


def imported(*args: str) -> set[str]:
    """The modules that ``datong-rules ARGS`` imported (it must succeed)."""
    proc = subprocess.run([sys.executable, "-c", RUN_AND_LIST, *args], capture_output=True, text=True, timeout=120)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["status"] in (0, None), proc.stderr
    return set(report["modules"])


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m in ENGINE)


def test_version_imports_no_library_of_the_kit_nor_the_kit():
    modules = imported("--version")
    assert heavy_in(modules) == []
    assert not {m for m in modules if m.startswith(("datong_rules.reference_impl", "datong_rules.conformance"))}
    assert "yaml" not in modules


def test_variants_imports_no_engine_hypothesis_jsonschema_or_package_metadata():
    modules = imported("variants")
    assert "datong_rules.reference_impl.variant" in modules  # the command did load the variants
    assert heavy_in(modules) == []
    assert "importlib.metadata" not in modules


@pytest.mark.parametrize("args", [("schema",), ("validate", "--help")])
def test_other_light_commands_leave_the_engine_alone(args):
    assert heavy_in(imported(*args)) == []


def test_a_command_is_imported_when_it_is_looked_up():
    """click's ``Group.commands`` of the CLI names every command before importing any (``--help`` lists them)."""
    code = ("import sys; from datong_rules.cli.main import cli; names = sorted(cli.commands); "
            "before = 'datong_rules.cli.fuzz_cmd' in sys.modules; command = cli.commands['fuzz']; "
            "print(names, before, 'datong_rules.cli.fuzz_cmd' in sys.modules, command.name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.strip() == ("['conform', 'coverage', 'diff', 'fuzz', 'play', 'schema', 'serve', 'show', 'simulate', "
                           "'table', 'validate', 'variants', 'verify'] False True fuzz")


def test_the_cli_names_the_language_variable_the_words_read():
    # messages.ENV is spelt in the CLI so that --version starts without the engine's package; it must stay the
    # variable that transcript_words.environment_lang reads.
    from datong_rules.cli import messages
    from datong_rules.reference_impl import transcript_words

    assert messages.ENV == transcript_words.ENV
