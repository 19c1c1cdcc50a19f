"""What every ``datong-rules`` command shares about its output: ``--format``, GitHub annotations, colour, Ctrl-C.

``--format`` has one meaning in every command that takes it: how the command's result is written to **standard
output**. Messages, counts and ``error: …`` lines always go to standard error, whatever the format.

* ``text`` (the default): for reading;
* ``json``: one JSON document for tools (UTF-8, not ASCII-escaped);
* ``yaml``: the same data as ``json``, as YAML (``show``, ``diff``);
* ``github``: GitHub Actions workflow commands, one ``::error file=…,line=…,col=…::…`` annotation per problem
  (``validate``, ``verify``), so that a workflow step marks the lines of a pull request.

Each command accepts the formats that make sense for it (its ``--help`` lists them). Names of release 0.1
(``variants --format table``) are still accepted as aliases of ``text``.

Colour (:func:`use_colour`): only on a terminal, never when the ``NO_COLOR`` environment variable is set and not
empty (https://no-color.org), nor when the output is piped or redirected, nor with ``TERM=dumb``.

Ctrl-C (:class:`Group`): every command interrupted ends with ``error: interrupted`` on standard error and exit
status :data:`INTERRUPTED` (130, as shells report a command killed by SIGINT: 128 + 2). SIGTERM (what ``timeout``,
a CI cancellation, ``docker stop`` and Kubernetes send) and SIGHUP (a terminal closed, an ssh session dropped) are
handled the same way (:func:`sigterm_as_interrupt`): reports written and marked interrupted, what was found
printed, and exit status 128 + the signal's number (:data:`TERMINATED` 143, :data:`HUNG_UP` 129;
:func:`interrupted_status`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import IO, Any

import click

from .messages import error_line, tr

INTERRUPTED = 130
"""Exit status of a command stopped by Ctrl-C (SIGINT)."""

TERMINATED = 143
"""Exit status of a command stopped by SIGTERM (128 + 15)."""

HUNG_UP = 129
"""Exit status of a command stopped by SIGHUP (128 + 1): its terminal closed, its ssh session dropped."""

STOPPING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals besides SIGINT that stop a command as Ctrl-C does (:func:`sigterm_as_interrupt`)."""

_signals: list[int] = []  # the stopping signals received while a command ran (SIGTERM, SIGHUP), in order


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when SIGTERM or SIGHUP arrives, where Ctrl-C raises :class:`KeyboardInterrupt` (of
    which it is a kind): every place that stops cleanly on Ctrl-C (reports written, what was found printed, engines
    ended) does the same on these. ``signum`` is the signal's number (15 or 1), for code below the CLI that picks
    its exit status as ``128 + getattr(exc, "signum", 2)``.

    Args:
        signum: the signal received (default SIGTERM's number).
    """

    signum = int(signal.SIGTERM) if hasattr(signal, "SIGTERM") else 15

    def __init__(self, message: str = "", signum: int | None = None) -> None:
        super().__init__(message)
        if signum is not None:
            self.signum = int(signum)


def _raise_terminated(signum: int, frame: object) -> None:
    """The first stopping signal stops the command; any later one (``docker stop`` and a CI runner may both send
    SIGTERM; a closing terminal sends SIGHUP then SIGTERM) is noted only, so that it cannot break off the reports
    being written on the way out."""
    first = not _signals
    _signals.append(signum)
    if first:
        raise Terminated(f"signal {signal.Signals(signum).name}", signum)


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While the block runs, each of :data:`STOPPING_SIGNALS` (SIGTERM, SIGHUP) raises :class:`Terminated` (a
    :class:`KeyboardInterrupt`) in the main thread; the previous handlers are put back after. A signal ignored when
    the command started (``nohup`` ignores SIGHUP) stays ignored. Outside the main thread (where Python cannot set
    handlers) it does nothing."""
    if threading.current_thread() is not threading.main_thread() or not STOPPING_SIGNALS:
        yield
        return
    del _signals[:]
    previous = {}
    for signum in STOPPING_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            previous[signum] = signal.signal(signum, _raise_terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def interrupted_status() -> int:
    """The exit status of an interrupted command: 128 + the number of the first stopping signal received
    (:data:`TERMINATED` 143 for SIGTERM, :data:`HUNG_UP` 129 for SIGHUP), else :data:`INTERRUPTED` (130,
    Ctrl-C)."""
    return 128 + int(_signals[0]) if _signals else INTERRUPTED

FORMAT_HELP = {
    "text": "for reading",
    "json": "one JSON document",
    "yaml": "the same data as YAML",
    "github": "GitHub Actions annotations (::error file=…,line=…,col=…::…)",
}


class _FormatChoice(click.Choice):
    """A ``--format`` choice that also takes the 0.1 names in ``aliases`` (not shown in ``--help``)."""

    def __init__(self, choices: tuple[str, ...], aliases: dict[str, str]) -> None:
        super().__init__(choices)
        self.aliases = aliases

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(self.aliases.get(value, value), param, ctx)


def format_option(*choices: str, default: str = "text", aliases: dict[str, str] | None = None,
                  detail: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--format`` option (parameter name ``fmt``) with ``choices`` among ``text json yaml github``.

    Args:
        choices: the formats the command writes.
        default: the format when none is given (``text`` everywhere).
        aliases: older names accepted for a format (``{"table": "text"}``), not listed in ``--help``.
        detail: a sentence added to the help (what ``text`` looks like for this command).
    """
    unknown = set(choices) - set(FORMAT_HELP)
    if unknown or default not in choices:
        raise ValueError(f"bad --format choices {choices} (default {default})")
    described = "; ".join(f"{name}: {FORMAT_HELP[name]}" for name in choices)
    return click.option("--format", "fmt", type=_FormatChoice(choices, aliases or {}), default=default,
                        show_default=True, help=f"How the result is written to standard output ({described})."
                        + (f" {detail}" if detail else ""))


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(message: str, *, file: str | None = None, line: int | None = None,
                      column: int | None = None, title: str | None = None, level: str = "error") -> str:
    """One GitHub Actions workflow command (``::error file=F,line=L,col=C,title=T::message``), escaped as the
    runner expects: ``%``, CR and LF in the message; also ``:`` and ``,`` in property values.

    Args:
        message: the annotation's text.
        file: the file, relative to the repository root for GitHub to place it on a diff.
        line, column: 1-based position.
        title: a short title (the problem's kind).
        level: ``error``, ``warning`` or ``notice``.
    """
    properties = [(name, value) for name, value in (("file", file), ("line", line), ("col", column),
                                                      ("title", title)) if value is not None]
    props = ",".join(f"{name}={_escape_property(str(value))}" for name, value in properties)
    return f"::{level}{' ' + props if props else ''}::{_escape_data(message)}"


def use_colour(stream: IO[str] | None = None) -> bool:
    """True when text written to ``stream`` (default: standard output) should be coloured: a terminal, no
    ``NO_COLOR`` in the environment (any non-empty value turns colour off) and ``TERM`` not ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = stream if stream is not None else sys.stdout
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def usage_error_line(err: click.UsageError) -> str:
    """A usage error found by click's parser as the kit's one line: ``error: MESSAGE (see 'datong-rules CMD
    --help')`` (``Invalid value for '--timeout': 'abc' is not a valid float.``, ``Missing argument 'FILES...'.``)."""
    from .usage_words import usage_words

    command = err.ctx.command_path if err.ctx is not None else "datong-rules"
    return error_line(tr("{message} (see '{command} --help')", message=usage_words(err.format_message().rstrip(".")),
                         command=command))


def _exit_usage(err: click.UsageError) -> None:
    """Print :func:`usage_error_line` on standard error and exit with the error's status (2); a bare command
    asking for help (click's "no arguments is help") still shows its help."""
    if isinstance(err, getattr(click.exceptions, "NoArgsIsHelpError", ())):
        raise err
    with contextlib.suppress(OSError, ValueError):
        click.echo(usage_error_line(err), err=True)
    sys.exit(err.exit_code)


def _stopped_all_the_same(ctx: click.Context, code: Any) -> None:
    """End as interrupted when a stopping signal (SIGTERM, SIGHUP) came while the command ran but the command
    ended otherwise (``code``): the interrupt was lost on the way, turned into another error by a library."""
    status = interrupted_status()
    if _signals and code != status:
        with contextlib.suppress(OSError, ValueError):
            click.echo(error_line(tr("interrupted")), err=True)
        ctx.exit(status)


class Group(click.Group):
    """The command group: a Ctrl-C, a SIGTERM or a SIGHUP in any command ends it with ``error: interrupted`` and
    status 130 (143, 129; :func:`interrupted_status`), even when a library the command called turned the interrupt
    into an error of its own (a compiled extension calling back into Python reports it as its failure); a usage
    error found by click's parser (a bad option value, a missing argument, an unknown option or command) is one
    ``error: …`` line, status 2, as every other bad input."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            _exit_usage(err)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        with sigterm_as_interrupt():
            try:
                result = super().invoke(ctx)
            except click.UsageError as err:
                _exit_usage(err)
                raise
            except KeyboardInterrupt:
                with contextlib.suppress(OSError, ValueError):
                    click.echo(error_line(tr("interrupted")), err=True)
                ctx.exit(interrupted_status())
            except (SystemExit, click.exceptions.Exit) as stop:
                code = stop.code if isinstance(stop, SystemExit) else stop.exit_code
                _stopped_all_the_same(ctx, code)
                raise
            _stopped_all_the_same(ctx, 0)
            return result
