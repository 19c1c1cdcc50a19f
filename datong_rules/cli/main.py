"""The ``datong-rules`` command: one click group; each subcommand lives in its own module of this package.

Every subcommand turns expected errors into a one-line ``error: …`` message and a non-zero exit status;
:func:`main` is the last guard so that no traceback ever reaches a user.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator, MutableMapping
from importlib import import_module

import click

from . import messages
from .messages import error_line, tr
from .output import Group, interrupted_status


# (command name, module in datong_rules/cli, click command object name). Add a line per subcommand.
COMMANDS: list[tuple[str, str, str]] = [
    ("validate", "spec_cmds", "validate"),
    ("variants", "spec_cmds", "variants"),
    ("show", "spec_cmds", "show"),
    ("diff", "spec_cmds", "diff"),
    ("play", "play_cmds", "play"),
    ("verify", "play_cmds", "verify"),
    ("conform", "conform", "conform"),
    ("coverage", "coverage_cmd", "coverage"),
    ("serve", "serve_cmd", "serve_command"),
    ("schema", "schema_cmd", "schema"),
    ("fuzz", "fuzz_cmd", "fuzz"),
    ("simulate", "simulate_cmd", "simulate"),
    ("table", "table_cmd", "table"),
]


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's subcommands by name (click's ``Group.commands``), each module of ``datong_rules.cli`` imported
    when its command is first looked up, so that a command imports only what it needs (``--version`` and
    ``variants`` never import the engine's games, hypothesis or jsonschema; ``tests/cli/test_lazy_imports.py``).

    Args:
        table: ``(command name, module name in datong_rules.cli, attribute)`` for each command.

    Raises:
        KeyError: on lookup of a name that is not a command.
    """

    def __init__(self, table: list[tuple[str, str, str]]) -> None:
        self._where = {name: (module, attribute) for name, module, attribute in table}
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            module_name, attribute = self._where[name]
            self._loaded[name] = getattr(import_module(f"datong_rules.cli.{module_name}"), attribute)
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self._loaded and name not in self._where:
            raise KeyError(name)
        self._loaded.pop(name, None)
        self._where.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._where), **dict.fromkeys(self._loaded)})

    def __len__(self) -> int:
        return len(self._where.keys() | self._loaded.keys())


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: print ``datong-rules, version X`` (the installed package's version) and stop."""
    if not value or ctx.resilient_parsing:
        return
    from datong_rules import __version__

    click.echo(f"datong-rules, version {__version__}")
    ctx.exit()


def _choose_lang(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """``--lang``: the language of the messages for the rest of the command (:mod:`.messages`); without it, the
    environment's (a choice of an earlier command run in the same process is forgotten)."""
    messages.choose(value)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and exit.")
@click.option("--lang", type=click.Choice(messages.LANGS), default=None, expose_value=False, is_eager=True,
              callback=_choose_lang, help=f"The language of the messages: zh (中文) or en (default: the "
                                          f"{messages.ENV} environment variable, else the locale, else en).")
def cli() -> None:
    """Rule kit for the card games of Datong: validate and compare variants, play and verify hands,
    and check any implementation against the conformance suite."""


cli.commands = LazyCommands(COMMANDS)


def main() -> None:
    """Console entry point: run the group; turn any unexpected exception into one line and exit 70, Ctrl-C
    into exit 130 (:data:`.output.INTERRUPTED`).

    A standard stream the command was started without (``cmd >&-``, ``<&-``, ``2>&-``) is taken by the null
    device at once, so that no file the command opens lands on it: a closed standard input reads as empty, a
    closed standard error loses the messages (the status still tells), and a closed standard output fails at the
    first write as a full disk does (``error: cannot write to standard output: Bad file descriptor``, status 1);
    a command that writes nothing there is not troubled.

    Text that cannot be encoded (a file name holding undecodable bytes, which Python keeps as lone
    surrogates) is printed with backslash escapes instead of failing. A standard output that cannot be
    written (a full disk: ``> /dev/full``) ends the command with ``error: cannot write to standard output:
    …`` on stderr and status 1; a closed pipe (``| head``) ends it quietly (click's handling, status 1).
    """
    closed = _reopen_closed_standard_streams()
    watched = _watch_stdout(closed_stdout=1 in closed)
    with contextlib.suppress(AttributeError, ValueError):
        sys.stderr.reconfigure(errors="backslashreplace")
    try:
        cli(standalone_mode=True)
    except SystemExit:
        _settle_stdout(watched)
        raise
    except KeyboardInterrupt:  # outside any command (Group handles the commands' own)
        sys.exit(interrupted_status())
    except OSError as exc:
        if watched is None or watched.failure is None:
            _internal_error(exc)
        with contextlib.suppress(OSError, ValueError):  # later writes and the flush at exit go nowhere
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        if watched.failure.errno != errno.EPIPE:
            with contextlib.suppress(OSError, ValueError):
                click.echo(error_line(tr("cannot write to standard output: {reason}",
                                         reason=watched.failure.strerror)), err=True)
        sys.exit(1)
    except Exception as exc:  # last guard: never a traceback
        _internal_error(exc)


def _settle_stdout(watched: _WatchedStdout | None) -> None:
    """Flush standard output before the exit; when the reader went away (``serve | head -1``: a command that ended
    quietly on a closed pipe still holds unwritten bytes), point it at the null device so that the flush at exit
    prints no "Exception ignored … BrokenPipeError" traceback. The failure is told here only when it is the first
    (a command that met an earlier one, such as ``serve``, has told it)."""
    told = watched is not None and watched.failure is not None
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        if not told and watched is not None and watched.failure is not None and watched.failure.errno != errno.EPIPE:
            with contextlib.suppress(OSError, ValueError):
                click.echo(error_line(tr("cannot write to standard output: {reason}",
                                         reason=watched.failure.strerror)), err=True)


class _WatchedStdout(io.FileIO):
    """File descriptor 1, remembering the error of a failed write (``failure``), so that :func:`main` can tell
    an OSError of standard output from any other."""

    failure: OSError | None = None

    def write(self, data) -> int:  # noqa: ANN001 - io.FileIO's signature
        try:
            return super().write(data)
        except OSError as exc:
            self.failure = exc
            raise


class _ClosedStdout(_WatchedStdout):
    """Standard output of a command started with it closed: every write fails as writing to a closed descriptor
    does (``EBADF``), remembered as :class:`_WatchedStdout` remembers any failure; once it has failed, later
    writes (the flush at exit) are dropped quietly, the failure being told already."""

    def write(self, data) -> int:  # noqa: ANN001 - io.FileIO's signature
        if self.failure is not None:
            return len(data)
        self.failure = OSError(errno.EBADF, os.strerror(errno.EBADF))
        raise self.failure


def _reopen_closed_standard_streams() -> set[int]:
    """The standard descriptors (0, 1, 2) that were closed when the command started, each now open on the null
    device (and ``sys.stdin``/``sys.stderr``, which Python leaves None then, reading or writing it)."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
    for fd in sorted(closed):
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if 0 in closed:
        with contextlib.suppress(OSError, ValueError):
            sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the process's own stdin
    if 2 in closed:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
    return closed


def _watch_stdout(closed_stdout: bool = False) -> _WatchedStdout | None:
    """Point ``sys.stdout`` at a :class:`_WatchedStdout` text stream (same encoding, lone surrogates written
    as backslash escapes), a :class:`_ClosedStdout` when the command was started with standard output closed;
    None when standard output is not a file descriptor (then it is left alone)."""
    old = sys.stdout
    try:
        raw = (_ClosedStdout if closed_stdout else _WatchedStdout)(1 if closed_stdout else old.fileno(), "w",
                                                                     closefd=False)
        if old is not None:
            old.flush()
    except (AttributeError, OSError, ValueError):
        return None
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=getattr(old, "encoding", None) or "utf-8",
                                  errors="backslashreplace", line_buffering=getattr(old, "line_buffering", False))
    return raw


def _internal_error(exc: Exception) -> None:
    """``error: internal error: TYPE: MESSAGE`` on one line (a message of many lines or thousands of characters
    squeezed and cut), then exit 70."""
    text = " ".join(str(exc).split())
    text = text if len(text) <= 300 else text[:297] + "..."
    try:
        line = error_line(tr("internal error: {kind}: {text}", kind=type(exc).__name__, text=text))
    except Exception:  # noqa: BLE001 - the last guard must not fail on its own words
        line = f"error: internal error: {type(exc).__name__}: {text}"
    with contextlib.suppress(OSError, ValueError):
        click.echo(line, err=True)
    sys.exit(70)


if __name__ == "__main__":
    main()
