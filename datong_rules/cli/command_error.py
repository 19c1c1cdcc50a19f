"""The expected errors of the commands: :class:`CommandError` (one ``error: …`` line and an exit status) and
:func:`fail`, which prints it and exits. Shared by ``conform``, ``fuzz``, ``coverage`` and the house-file arguments."""

from __future__ import annotations

import click

from .messages import error_line


class CommandError(Exception):
    """An expected error: printed as one ``error: ...`` line, exit with ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        self.code = code
        super().__init__(message)


def fail(error: CommandError) -> None:
    """Print the error's line(s) on stderr and exit with its code (used by the commands).

    Raises:
        SystemExit: always, with ``error.code``.
    """
    for line in str(error).splitlines() or ["(no message)"]:
        click.echo(error_line(line), err=True)
    raise SystemExit(error.code)
