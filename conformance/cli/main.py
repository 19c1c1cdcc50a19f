"""The ``datong-rules`` command: one click group; each subcommand lives in its own module of this package.

Every subcommand turns expected errors into a one-line ``error: …`` message and a non-zero exit status;
:func:`main` is the last guard so that no traceback ever reaches a user.
"""

from __future__ import annotations

import sys

import click

from reference_impl import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="datong-rules")
def cli() -> None:
    """Rule kit for the card games of Datong: validate and compare variants, play and verify hands,
    and check any implementation against the conformance suite."""


def _register() -> None:
    """Attach the subcommands. Each import names one module of ``conformance.cli``."""
    from importlib import import_module

    for module_name, command_name in COMMANDS:
        try:
            module = import_module(f"conformance.cli.{module_name}")
        except ModuleNotFoundError as exc:  # a subcommand still being built must not break the others
            if exc.name and exc.name.startswith("conformance.cli."):
                continue
            raise
        cli.add_command(getattr(module, command_name))


# (module in conformance/cli, click command object name). Add a line per subcommand.
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
]

_register()


def main() -> None:
    """Console entry point: run the group; turn any unexpected exception into one line and exit 70."""
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # last guard: never a traceback
        click.echo(f"error: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(70)


if __name__ == "__main__":
    main()
