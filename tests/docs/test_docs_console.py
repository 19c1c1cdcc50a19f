"""Every command quoted in a ``console`` block of the hand-written docs runs, prints what the docs quote and exits
with the status they state, so that counts of scenarios, rule ids, messages and exit statuses cannot drift from
the kit silently (the block syntax is in :mod:`console_blocks`).

The commands run from the repository root through ``bash``, with ``datong-rules`` and ``python`` on the PATH
meaning this interpreter and this checkout. When one fails, run it by hand and update the doc to what it prints.
One is not run again: the mutation check (:data:`MUTATION`, a minute of CPU; the 中文 page quotes
:data:`MUTATION_ZH`) is the test session's own run (``mutation_report``, tests/conftest.py), printed in the command's
language and given the status as its command does.
"""

from __future__ import annotations

import difflib
import os
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from console_blocks import ConsoleCommand, console_commands, output_matches

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md"))
TWINS = [(p.with_name(p.name.removesuffix(".en.md") + ".md"), p) for p in PAGES if p.name.endswith(".en.md")]
"""(中文 page, English twin) of every hand-written page in both languages: both quote the same console blocks
(:func:`test_both_languages_of_a_page_quote_the_same_commands`), so the commands are run from the 中文 page only,
except where the 中文 page asks for 中文 output (:data:`LANG_ZH`): the English twin's command is run too."""
LANG_ZH = "datong-rules --lang zh "
"""How a 中文 page quotes a command in 中文: ``datong-rules --lang zh COMMAND`` (its English twin quotes
``datong-rules COMMAND`` and the English output), or :data:`MUTATION_ZH` for :data:`MUTATION`."""
MUTATION = "python -m datong_rules.conformance.mutation"
MUTATION_ZH = MUTATION + " --lang zh"
RUN = [p for p in PAGES if not p.name.endswith(".en.md")]


def page_commands(page: Path) -> list[ConsoleCommand]:
    """The commands of a page's console blocks, in order."""
    return console_commands(page.relative_to(REPO), page.read_text(encoding="utf-8"))


def in_english(command: str) -> str:
    """The command the English twin quotes for a 中文 page's ``command`` (the same without ``--lang zh``)."""
    return command.replace(LANG_ZH, "datong-rules ").replace(MUTATION_ZH, MUTATION)


def _english_ones() -> list[ConsoleCommand]:
    """The English twins' commands whose 中文 page quotes them with ``--lang zh`` (so with other output)."""
    found = []
    for zh, en in TWINS:
        if zh.is_file():
            chinese = page_commands(zh)
            found += [c for i, c in enumerate(page_commands(en))
                      if i < len(chinese) and chinese[i].command != c.command]
    return found


COMMANDS = [c for page in RUN for c in page_commands(page)] + _english_ones()
TIMEOUT = 120


@pytest.fixture(scope="module")
def bin_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``datong-rules`` and ``python`` commands running this interpreter on this checkout."""
    folder = tmp_path_factory.mktemp("bin")
    scripts = {
        "datong-rules": f'#!/bin/sh\nexec "{sys.executable}" -c "import sys; sys.argv[0] = \'datong-rules\'; '
                        f'from datong_rules.cli.main import main; main()" "$@"\n',
        "python": f'#!/bin/sh\nexec "{sys.executable}" "$@"\n',
    }
    for name, body in scripts.items():
        script = folder / name
        script.write_text(body, encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return folder


def run(command: ConsoleCommand, bin_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run one quoted command as a reader would, standard error merged into standard output."""
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p),
           "NO_COLOR": "1", "COLUMNS": "120"}
    return subprocess.run(["bash", "-c", command.command], cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)


def mutation_result(command: ConsoleCommand, report) -> subprocess.CompletedProcess[str]:  # noqa: ANN001
    """What ``python -m datong_rules.conformance.mutation`` prints and its exit status, from the session's
    mutation check (the command prints :func:`render` of the same check, in 中文 for :data:`MUTATION_ZH`; status 0
    when every mutant is killed and the engine restored, else 1)."""
    from datong_rules.conformance.mutation.__main__ import render

    lang = "zh" if command.command.strip() == MUTATION_ZH else "en"
    return subprocess.CompletedProcess(command.command, 0 if report.ok else 1, render(report, lang=lang) + "\n")


@pytest.fixture(scope="module")
def results(bin_dir: Path, mutation_report) -> dict[str, subprocess.CompletedProcess[str]]:
    """Every quoted command run once, several at a time (by :attr:`ConsoleCommand.where`); the mutation check
    from the session's run."""
    done = {c.where: mutation_result(c, mutation_report) for c in COMMANDS
            if c.command.strip() in (MUTATION, MUTATION_ZH)}
    todo = [c for c in COMMANDS if c.where not in done]
    with ThreadPoolExecutor(max_workers=max(2, min(8, os.cpu_count() or 2))) as pool:
        done.update(zip([c.where for c in todo], pool.map(lambda c: run(c, bin_dir), todo)))
    return done


def test_the_docs_quote_commands_to_check():
    """The parser finds the commands of every page that has a console block (guards against checking nothing)."""
    pages_with_blocks = {p.relative_to(REPO) for p in RUN if "```console" in p.read_text(encoding="utf-8")}
    assert pages_with_blocks, "no console block found in docs/"
    assert pages_with_blocks == {c.path for c in COMMANDS if not c.path.name.endswith(".en.md")}
    assert any(c.path.name.endswith(".en.md") for c in COMMANDS), "no 中文 page quotes a command in 中文"
    assert sum(1 for c in COMMANDS if c.output) >= 8
    assert any(c.status != 0 for c in COMMANDS), "no quoted command states a non-zero exit status"
    for quoted in (MUTATION, MUTATION_ZH):
        assert sum(c.command.strip() == quoted for c in COMMANDS) == 1, f"the docs no longer quote `{quoted}`"


@pytest.mark.parametrize("zh, en", TWINS, ids=[en.relative_to(DOCS).as_posix() for _, en in TWINS])
def test_both_languages_of_a_page_quote_the_same_commands(zh: Path, en: Path):
    """A console block is the kit's own output: the English twin quotes the same commands and exit statuses as the
    中文 page, in the same order, and the same output, except that a 中文 page may quote a command with
    ``--lang zh`` and its 中文 output (the English twin then quotes it without, and its English output; both are
    run)."""
    assert zh.is_file(), f"{en.relative_to(REPO)} has no 中文 page"
    chinese, english = page_commands(zh), page_commands(en)
    assert [(in_english(c.command), c.status) for c in chinese] == [(c.command, c.status) for c in english]
    for c_zh, c_en in zip(chinese, english):
        if c_zh.command == c_en.command:
            assert c_zh.output == c_en.output, f"{c_zh.where} and {c_en.where} quote different output"
        else:
            assert bool(c_zh.output) == bool(c_en.output), f"{c_zh.where} and {c_en.where}: one quotes no output"


@pytest.mark.parametrize("command", COMMANDS, ids=[c.where for c in COMMANDS])
def test_a_quoted_command_prints_what_the_docs_say(command: ConsoleCommand, results):
    proc = results[command.where]
    if proc.returncode != command.status:
        pytest.fail(f"{command.where}: `{command.command}` exited with {proc.returncode}, the docs say "
                    f"{command.status}; it printed:\n{proc.stdout}", pytrace=False)
    if command.output and not output_matches(command.output, proc.stdout):
        diff = "\n".join(difflib.unified_diff(list(command.output), proc.stdout.splitlines(),
                                              "quoted in the docs", "printed now", lineterm=""))
        pytest.fail(f"{command.where}: `{command.command}` no longer prints what the docs quote "
                    f"(… stands for any text, durations are not compared):\n{diff}", pytrace=False)
