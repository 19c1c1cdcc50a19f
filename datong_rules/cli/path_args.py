"""Refusing an empty path argument or option (``validate ""``, ``--scenarios ""``): an unset shell variable
passed as ``"$VAR"`` must be a usage error, not "the current folder"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

EXIT_USAGE = 2


def empty_message(name: str, expected: str) -> str:
    """``NAME is empty (expected EXPECTED; is the variable you pass unset?)``: the one wording of this error."""
    return f"{name} is empty (expected {expected}; is the variable you pass unset?)"


def refuse_empty(expected: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A click callback for a path parameter (single, ``multiple=True`` or ``nargs=-1``, of plain string type):
    a value that is empty or only blanks prints ``error: --opt is empty (expected EXPECTED; …)`` (``the FILES
    argument`` for an argument) on stderr and exits with status 2; otherwise the value is returned unchanged.

    Args:
        expected: what the parameter should be, in words (``a scenario folder or file``).
    """
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        values = value if isinstance(value, (tuple, list)) else (value,)
        if any(isinstance(v, str) and not v.strip() for v in values):
            name = param.opts[0] if isinstance(param, click.Option) else f"the {param.human_readable_name} argument"
            click.echo(f"error: {empty_message(name, expected)}", err=True)
            ctx.exit(EXIT_USAGE)
        return value
    return callback
