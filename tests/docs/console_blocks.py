"""The ``console`` blocks of the hand-written docs: the commands they show, what those print, and their exit status.

A ``console`` block is read as a terminal session: a line ``$ COMMAND`` is a command; the lines after it, up to
the next command, are what it prints (standard output and standard error together; when none are quoted, the
output is not compared). A following
``$ echo $?`` gives its exit status; without one the status must be 0. In the printed lines, a line that is only
``…`` stands for any number of lines, and ``…`` inside a line for any text; the durations of the summary lines
(``in 0.16s``) are not compared.

:func:`console_commands` lists the commands of a Markdown file; :func:`output_matches` compares what a command
printed with what the docs quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ELLIPSIS = "…"
ECHO_STATUS = "echo $?"
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(\S*)")
_DURATION = re.compile(r"\bin \d+(?:\.\d+)?s\b")


@dataclass(frozen=True)
class ConsoleCommand:
    """One ``$ COMMAND`` of a console block.

    Attributes:
        path: the Markdown file; line: the 1-based line of the command in it.
        command: the shell command (without ``$ ``).
        output: the quoted output lines (empty: the output is not shown, so not compared).
        status: the exit status the docs state (0 unless an ``echo $?`` follows).
    """

    path: Path
    line: int
    command: str
    output: tuple[str, ...]
    status: int

    @property
    def where(self) -> str:
        """``path:line``, for messages and test ids."""
        return f"{self.path}:{self.line}"


def console_blocks(text: str) -> list[tuple[int, list[str]]]:
    """The fenced ``console`` blocks of a Markdown text: ``[(line of the first content line, lines), …]``."""
    blocks: list[tuple[int, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence, lang = match.groups()
        end = i + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        if lang == "console":
            blocks.append((i + 2, [line[len(indent):] for line in lines[i + 1:end]]))
        i = end + 1
    return blocks


def console_commands(path: Path, text: str | None = None) -> list[ConsoleCommand]:
    """Every command of every console block of ``path`` (read unless ``text`` is given), in order.

    Raises:
        ValueError: a block has output before its first command, or an ``echo $?`` prints no single integer.
    """
    text = path.read_text(encoding="utf-8") if text is None else text
    commands: list[ConsoleCommand] = []
    for first, lines in console_blocks(text):
        entries: list[tuple[int, str, list[str]]] = []
        for offset, line in enumerate(lines):
            if line.startswith("$ "):
                entries.append((first + offset, line[2:].strip(), []))
            elif not entries:
                raise ValueError(f"{path}:{first + offset}: output before the first '$ ' command of the block")
            else:
                entries[-1][2].append(line.rstrip())
        for k, (line_no, command, output) in enumerate(entries):
            if command == ECHO_STATUS:
                continue
            status = 0
            if k + 1 < len(entries) and entries[k + 1][1] == ECHO_STATUS:
                shown = [x for x in entries[k + 1][2] if x.strip()]
                if len(shown) != 1 or not shown[0].strip().isdigit():
                    raise ValueError(f"{path}:{entries[k + 1][0]}: 'echo $?' must print one exit status")
                status = int(shown[0])
            while output and not output[-1]:
                output.pop()
            commands.append(ConsoleCommand(path, line_no, command, tuple(output), status))
    return commands


def _normalise(line: str) -> str:
    return _DURATION.sub("in <duration>", line.rstrip())


@lru_cache(maxsize=None)
def _line_pattern(expected: str) -> re.Pattern[str]:
    parts = [re.escape(part) for part in _normalise(expected).split(ELLIPSIS)]
    return re.compile(".*".join(parts) + r"\Z", re.DOTALL)


def output_matches(expected: tuple[str, ...], actual: str) -> bool:
    """True when the printed text ``actual`` is what the quoted lines ``expected`` describe (see the module doc).

    Trailing blank lines are ignored on both sides.
    """
    got = [_normalise(line) for line in actual.splitlines()]
    while got and not got[-1]:
        got.pop()
    want = list(expected)
    memo: dict[tuple[int, int], bool] = {}

    def match(i: int, j: int) -> bool:
        key = (i, j)
        if key not in memo:
            if i == len(want):
                memo[key] = j == len(got)
            elif want[i].strip() == ELLIPSIS:
                memo[key] = match(i + 1, j) or (j < len(got) and match(i, j + 1))
            else:
                memo[key] = j < len(got) and bool(_line_pattern(want[i]).match(got[j])) and match(i + 1, j + 1)
        return memo[key]

    return match(0, 0)
