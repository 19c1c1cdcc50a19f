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

import click

from datong_rules.reference_impl import __version__

from .output import Group, interrupted_status


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="datong-rules")
def cli() -> None:
    """Rule kit for the card games of Datong: validate and compare variants, play and verify hands,
    and check any implementation against the conformance suite."""


def _register() -> None:
    """Attach the subcommands. Each import names one module of ``datong_rules.cli``."""
    from importlib import import_module

    for module_name, command_name in COMMANDS:
        try:
            module = import_module(f"datong_rules.cli.{module_name}")
        except ModuleNotFoundError as exc:  # a subcommand still being built must not break the others
            if exc.name and exc.name.startswith("datong_rules.cli."):
                continue
            raise
        cli.add_command(getattr(module, command_name))


# (module in datong_rules/cli, click command object name). Add a line per subcommand.
COMMANDS: list[tuple[str, str]] = [
    ("spec_cmds", "validate"),
    ("spec_cmds", "variants"),
    ("spec_cmds", "show"),
    ("spec_cmds", "diff"),
    ("play_cmds", "play"),
    ("play_cmds", "verify"),
    ("conform", "conform"),
    ("coverage_cmd", "coverage"),
    ("serve_cmd", "serve_command"),
    ("schema_cmd", "schema"),
    ("fuzz_cmd", "fuzz"),
]

_register()


def main() -> None:
    """Console entry point: run the group; turn any unexpected exception into one line and exit 70, Ctrl-C
    into exit 130 (:data:`.output.INTERRUPTED`).

    Text that cannot be encoded (a file name holding undecodable bytes, which Python keeps as lone
    surrogates) is printed with backslash escapes instead of failing. A standard output that cannot be
    written (a full disk: ``> /dev/full``) ends the command with ``error: cannot write to standard output:
    …`` on stderr and status 1; a closed pipe (``| head``) ends it quietly (click's handling, status 1).
    """
    watched = _watch_stdout()
    with contextlib.suppress(AttributeError, ValueError):
        sys.stderr.reconfigure(errors="backslashreplace")
    try:
        cli(standalone_mode=True)
    except SystemExit:
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
                click.echo(f"error: cannot write to standard output: {watched.failure.strerror}", err=True)
        sys.exit(1)
    except Exception as exc:  # last guard: never a traceback
        _internal_error(exc)


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


def _watch_stdout() -> _WatchedStdout | None:
    """Point ``sys.stdout`` at a :class:`_WatchedStdout` text stream (same encoding, lone surrogates written
    as backslash escapes); None when standard output is not a file descriptor (then it is left alone)."""
    try:
        old = sys.stdout
        raw = _WatchedStdout(old.fileno(), "w", closefd=False)
        old.flush()
    except (AttributeError, OSError, ValueError):
        return None
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=old.encoding, errors="backslashreplace",
                                  line_buffering=old.line_buffering)
    return raw


def _internal_error(exc: Exception) -> None:
    with contextlib.suppress(OSError, ValueError):
        click.echo(f"error: internal error: {type(exc).__name__}: {exc}", err=True)
    sys.exit(70)


if __name__ == "__main__":
    main()
