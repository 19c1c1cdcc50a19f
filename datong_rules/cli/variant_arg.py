"""The VARIANT argument shared by ``show``, ``diff``, ``play`` and ``verify --variant``: a bundled id, full or short
(``huolong/li-zhijiang``, ``li-zhijiang``), or a variant file's path, resolved by
:func:`datong_rules.reference_impl.variant.open_variant`. What names no usable variant (an empty argument included) ends the command with one
``error: …`` line and exit status 2 (bad input).

A bundled id is read before a file of the same name (a stray ``li-zhijiang`` in the working folder does not hide the
bundled variant); a path ending in ``.yaml``/``.yml``, or beginning with ``./``, ``../`` or ``/``, is always the
file. When a bundled id hides a file of that name, a one-line note on standard error says how to read the file."""

from __future__ import annotations

import os
import shlex
import sys

import click

from datong_rules.reference_impl.variant import SpecError, Variant, VariantNotFound, open_variant
from datong_rules.reference_impl.variant.resolve import is_variant_path

from .messages import error_line, note_line, tr
from .path_args import empty_message
from .problem_words import said

VARIANT_HELP = ("a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file "
                "(a house variant)")
"""How the argument is described in the commands' help."""


EXIT_BAD_INPUT = 2

_FILE_KINDS = frozenset({"unreadable", "too_large", "encoding"})
"""Problems of a file as a whole: printed as they are (one located line), not as 'has N problems'."""


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: message`` on standard error and exit with ``code``."""
    click.echo(error_line(message), err=True)
    sys.exit(code)


def open_variant_arg(ref: str) -> Variant:
    """The variant ``ref`` names (see the module docstring); exits with status 2 and one line if there is none.

    Args:
        ref: the argument as typed.

    Returns:
        The resolved :class:`Variant`.
    """
    if not ref.strip():
        fail(empty_message(tr("the variant"), VARIANT_HELP))
    try:
        variant = open_variant(ref)
        if os.path.lexists(ref) and not is_variant_path(ref):
            click.echo(note_line(tr("'{ref}' is read as the bundled variant {variant}; a file of that name is here "
                                    "too: give ./{ref} to read the file", ref=ref, variant=variant.id)), err=True)
        return variant
    except VariantNotFound as exc:
        fail(said(exc))
    except SpecError as exc:
        count = len(exc.problems)
        if exc.kind in _FILE_KINDS or count == 1:
            fail(said(exc))
        fail(tr("{ref} has {count} problems (datong-rules validate {quoted} lists them all); first: {first}", ref=ref,
                count=count, quoted=shlex.quote(ref), first=said(exc)))
    raise AssertionError("unreachable")


def abstract_variant_message(ref: str, variant_id: str, playable: list[str]) -> str:
    """The one line for a ``--variant`` of ``conform`` or ``coverage`` that names an abstract variant:
    ``--variant base: huolong/base is abstract (a base for other variants: no scenario is of it); give a variant
    that can be played: huolong/datong-guide, …`` (``playable``: the bundled playable ids of its game)."""
    return (f"--variant {ref}: {variant_id} is abstract (a base for other variants: no scenario is of it); give a "
            f"variant that can be played: {', '.join(playable)}")


def variant_filter_ids(values: tuple[str, ...]) -> tuple[str, ...]:
    """``--variant`` filter values of ``conform`` and ``coverage`` with short bundled ids made full
    (``li-zhijiang`` → ``huolong/li-zhijiang``); a value naming no bundled variant is kept as typed, so
    that the command's own "matches nothing" message can name it.
    """
    from datong_rules.reference_impl.variant import resolve_variant_id

    out = []
    for value in values:
        try:
            out.append(resolve_variant_id(value))
        except (VariantNotFound, SpecError):
            out.append(value)
    return tuple(out)
