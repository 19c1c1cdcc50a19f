"""Facts the docs and the README state that no console block shows: the subcommands and options they name exist,
and the README's count of engine faults the suite catches is what ``python -m datong_rules.conformance.mutation`` reports.

The README is checked, not edited, here: when a test about it fails, the README needs updating.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click import Group

from datong_rules.conformance import pytest_plugin
from datong_rules.cli.main import cli

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted([*(REPO / "docs").rglob("*.md"), REPO / "README.md"])
OTHER_TOOLS_OPTIONS = {
    "--strict": "mkdocs build",
    "--pyargs": "pytest",
    "--help": "every command",
    "--jsonl": "the made-up engine of the examples (`./my-engine --jsonl`)",
    "--check": "the generators of the kit's own files (`python -m datong_rules.reference_impl.schema_games`)",
    "--head": "Ray's own `ray start --head`, which prints a cluster's address for `simulate --ray`",
    "--games": "the benchmarks' game list (`python benchmarks/bench_mypyc.py --games biedan,huolong,dadun`)",
    "--no-build-isolation": "pip's, for the compiled build (`DATONG_RULES_COMPILE=1 pip install --no-build-isolation .`)",
}
_CODE_BLOCK = re.compile(r"^```(bash|console|sh)\s*$(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def command_options(command) -> set[str]:
    """The option names (``--x`` and ``-x``) of a click command."""
    return {opt for param in command.params for opt in (*param.opts, *param.secondary_opts) if opt.startswith("-")}


def plugin_options() -> set[str]:
    """The ``--datong-*`` options the pytest plugin registers."""
    names: set[str] = set()

    class Recorder:
        def getgroup(self, *args, **kwargs):
            return self

        def addoption(self, *opts, **kwargs):
            names.update(opts)

        def addini(self, *args, **kwargs):
            pass

    pytest_plugin.pytest_addoption(Recorder())
    return names


def kit_command_lines() -> list[tuple[str, list[str]]]:
    """Every ``datong-rules …`` command in a bash or console block of the pages: ``[(page, argv), …]``."""
    found: list[tuple[str, list[str]]] = []
    for page in PAGES:
        for lang, block in _CODE_BLOCK.findall(page.read_text(encoding="utf-8")):
            for line in block.splitlines():
                if lang == "console" and not line.startswith("$ "):
                    continue  # what a command printed
                line = line.removeprefix("$ ")
                words = shlex.split(line, comments=True)
                for start, word in enumerate(words):
                    if word == "datong-rules" and (start == 0 or words[start - 1] in {"&&", ";", "|"}
                                                   or "=" in words[start - 1]):
                        end = next((k for k in range(start, len(words)) if words[k] in {"&&", ";", "|"}), len(words))
                        found.append((page.relative_to(REPO).as_posix(), words[start + 1:end]))
    return found


def test_the_pages_name_only_subcommands_and_options_that_exist():
    lines = kit_command_lines()
    assert len(lines) >= 20, "the parser found too few datong-rules commands"
    assert isinstance(cli, Group)
    wrong = []
    for page, argv in lines:
        if not argv or argv[0].startswith("-"):
            continue
        command = cli.commands.get(argv[0])
        if command is None:
            wrong.append(f"{page}: no subcommand '{argv[0]}'")
            continue
        known = command_options(command) | {"-h", "--help"}
        wrong += [f"{page}: datong-rules {argv[0]} has no option {word.split('=')[0]}"
                  for word in argv[1:] if word.startswith("-") and word.split("=")[0] not in known]
    assert not wrong, "\n".join(wrong)


def test_every_option_the_pages_mention_exists():
    known = {opt for command in cli.commands.values() for opt in command_options(command)}
    known |= plugin_options() | set(OTHER_TOOLS_OPTIONS)
    wrong = [f"{page.relative_to(REPO)}: {option}" for page in PAGES
             for option in sorted(set(_OPTION.findall(page.read_text(encoding="utf-8")))) if option not in known]
    assert not wrong, "options named in the docs that no command has:\n" + "\n".join(wrong)


def test_the_readme_counts_the_engine_faults_the_mutation_check_plants(mutation_report):
    """What ``python -m datong_rules.conformance.mutation`` prints (its :func:`render` of the same check, run once
    per session) against the README's count."""
    from datong_rules.conformance.mutation.__main__ import render

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    claim = re.search(r"catches (\d+) typical engine faults", readme)
    assert claim, "the README no longer says how many engine faults the suite catches"
    printed = render(mutation_report)
    assert mutation_report.ok, printed
    rate = re.search(r"kill rate: (\d+)/(\d+)", printed)
    assert rate, printed[-2000:]
    killed, planted = map(int, rate.groups())
    assert killed == planted == int(claim.group(1)), (
        f"README.md says the suite catches {claim.group(1)} faults; the mutation check kills {killed} of {planted}")


@pytest.mark.parametrize("option", sorted(OTHER_TOOLS_OPTIONS))
def test_options_of_other_tools_are_not_kit_options(option):
    """The allow-list holds only what the kit itself does not define (else it would hide a renamed option)."""
    kit = {opt for command in cli.commands.values() for opt in command_options(command)} | plugin_options()
    assert option == "--help" or option not in kit
