"""Refusing an empty path argument or option (``validate ""``, ``--scenarios ""``): an unset shell variable
passed as ``"$VAR"`` must be a usage error, not "the current folder"; and a file to write (a report, a record)
that cannot be written, before the command runs (:func:`unwritable_reason`)."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from datong_rules.conformance.reports.common import STDOUT, is_stdout
from datong_rules.reference_impl.user_files import resolved

from .messages import current, error_line, tr

EXIT_USAGE = 2


def empty_message(name: str, expected: str) -> str:
    """``NAME is empty (expected EXPECTED; is the variable you pass unset?)``: the one wording of this error, in the
    language of the messages (``expected`` too, when :mod:`.messages` has its words)."""
    if current() == "zh" and name[-1:] < "\u2e80":  # 中文 words run on; a Latin name (--opt, FILES) is set apart
        name += " "
    return tr("{name} is empty (expected {expected}; is the variable you pass unset?)", name=name,
              expected=tr(expected))


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
            name = param.opts[0] if isinstance(param, click.Option) else tr("the {name} argument",
                                                                            name=param.human_readable_name)
            click.echo(error_line(empty_message(name, expected)), err=True)
            ctx.exit(EXIT_USAGE)
        return value
    return callback


def unwritable_reason(path: str | os.PathLike[str]) -> str | None:
    """Why the file ``path`` cannot be written by a command (a report, a record), checked before the command runs;
    None when it can. Nothing is created or changed: an existing file is opened for writing without emptying it,
    and the file is written later as a new file of the same folder renamed over it, so the folder must take one
    (``/proc`` does not).

    Returns:
        One clause for ``cannot write … to PATH: REASON``: a missing folder (``the folder D does not exist (create
        it first)``), a parent that is not a folder, a folder or a device at ``path``, the system's reason.
    """
    import tempfile  # only when a file is to be written

    path = Path(path)
    parent = path.parent
    if not os.path.exists(parent):  # os.path: False, not an error, for a name too long for the system
        return tr("the folder {folder} does not exist (create it first)", folder=parent)
    if not os.path.isdir(parent):
        return tr("{path} is not a folder", path=parent)
    if os.path.isdir(path):
        return tr("it is a folder, not a file")
    if os.path.lexists(path):
        try:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as err:
            return err.strerror or str(err)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return tr("it is not a regular file (a device, a FIFO or a socket)")
        finally:
            os.close(fd)
    try:
        fd, probe = tempfile.mkstemp(prefix=".datong-rules-", dir=parent)
    except OSError as err:
        return tr("no new file can be made in its folder {folder} ({reason}); the file is written as a new file "
                  "there, then renamed over the old one", folder=parent, reason=err.strerror or err)
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    return None


def shared_output(outputs: dict[str, str | None]) -> str | None:
    """Why two of a command's report files cannot be written, in the language of the messages: two options
    (``--json``, ``--html`` …) naming the same file (the second would overwrite the first), or both standard output
    (``-``); None when each names its own (options not given, None, and empty paths are passed over)."""
    seen: dict[Path, str] = {}
    for name, path in outputs.items():
        if path is None or not path.strip():
            continue
        key = Path(STDOUT) if is_stdout(path) else resolved(path)
        if key in seen:
            if is_stdout(path):
                return tr("{first} and {second} both go to standard output ('-'; only one report can)",
                          first=seen[key], second=name)
            return tr("{first} and {second} name the same file '{path}' (each report needs its own)",
                      first=seen[key], second=name, path=path)
        seen[key] = name
    return None


def overwritten_input(outputs: dict[str, str | None], inputs: dict[str, str]) -> str | None:
    """Why a file a command would write is one it reads, in the language of the messages: ``outputs`` maps each
    option (``--json``) to the path given (None: not given; ``-``: standard output, never a file read), ``inputs``
    each file read (a house variant file, a file it extends, a scenario or rules file) to what it is (``the
    variant file``). The same file after resolving links and relative parts; None when no output is an input."""
    for option, path in outputs.items():
        if path is None or is_stdout(path) or not path.strip() or not os.path.exists(path):
            continue
        for source, what in inputs.items():
            with contextlib.suppress(OSError):
                if source and os.path.samefile(path, source):
                    return tr("{option} {path} names {what} {source}: writing it would overwrite it (give another "
                              "file)", option=option, path=path, what=tr(what), source=source)
    return None


def variant_inputs(variant: Any) -> dict[str, str]:
    """The files a resolved variant was read from (its own, then each it extends), each as ``the variant file``, for
    :func:`overwritten_input`."""
    return {name: "the variant file" for name in (variant.file, *(loaded.file for loaded in variant.files)) if name}


def read_inputs(houses: list[tuple[str, Any]], scenario_paths: tuple[str, ...]) -> dict[str, str]:
    """The files ``conform`` and ``coverage`` read, for :func:`overwritten_input`: each house variant's files
    (``houses``: ``(path as typed, Variant)``) and each scenario file given (a folder's files are YAML, which no report
    is)."""
    found: dict[str, str] = {}
    for _, variant in houses:
        found.update(variant_inputs(variant))
    found.update({path: "the scenario file" for path in scenario_paths if os.path.isfile(path)})
    return found
