"""What a user may type to name a variant, for every command that takes one.

One rule for all commands (``show``, ``diff``, ``play``, ``verify --variant``, ``conform --variant``):

* a **full id** names a bundled variant: ``huolong/li-zhijiang``;
* a **short id**, the name after the game, is enough when exactly one bundled variant has it: ``li-zhijiang``;
* a **path** names a variant file anywhere (a house variant): any text ending in ``.yaml`` or ``.yml`` or
  beginning with ``./``, ``../`` or ``/`` (:data:`PATH_PREFIXES`), or any other text that is not an id and names
  something on disk.

An id is tried before a path, so a stray file or folder called ``li-zhijiang`` in the working directory does not
hide the bundled variant; ``./li-zhijiang`` names the file.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from .registry import Registry, default_registry
from .variant import Variant

FILE_SUFFIXES = (".yaml", ".yml")
PATH_PREFIXES = tuple(dict.fromkeys(("./", "../", "/", f".{os.sep}", f"..{os.sep}", os.sep)))
"""Beginnings that make a reference a path whatever it names (no id begins so)."""


class VariantNotFound(ValueError):
    """A variant reference that names no bundled variant and no usable file.

    ``str()`` is one line that quotes the reference as typed and, for an unknown id, lists the known ids; it has no
    location (there is no file to point at).

    Attributes:
        ref: the reference as typed.
        known: the bundled variant ids, sorted.
    """

    def __init__(self, ref: str, message: str, known: list[str]) -> None:
        self.ref, self.known = ref, known
        super().__init__(message)


def _known(registry: Registry) -> list[str]:
    return registry.variant_ids()


def resolve_variant_id(ref: str, registry: Registry | None = None) -> str:
    """The bundled variant id that ``ref`` names: ``"huolong/li-zhijiang"`` for ``"huolong/li-zhijiang"`` or for
    ``"li-zhijiang"`` (the name after the game, when exactly one bundled variant has it).

    Args:
        ref: a full or short id, as typed.
        registry: the spec folder (default: the kit's bundled one).

    Returns:
        A full id of ``registry.variant_ids()`` (abstract variants included).

    Raises:
        VariantNotFound: no bundled variant has that id or name, or several have that name (message lists them).
    """
    registry = registry or default_registry()
    known = _known(registry)
    if ref in known:
        return ref
    matches = [variant_id for variant_id in known if variant_id.split("/", 1)[1] == ref] if "/" not in ref else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise VariantNotFound(ref, f"'{ref}' names several variants: {', '.join(matches)} (give the full id)", known)
    near = _near(ref, known)
    hint = f" (did you mean {near!r}?)" if near else ""
    raise VariantNotFound(ref, f"unknown variant {ref!r}{hint} (known: {', '.join(known)}; the name after the game, "
                               "such as li-zhijiang, is enough; or give the path of a variant file)", known)


def _near(ref: str, known: list[str]) -> str | None:
    """The known id (or short name) that ``ref`` is once its spaces and invisible characters are dropped and its
    letters lower-cased (a name copied from a web page: ``li-zhijiang\\u200b``, ``Li-Zhijiang``); None if none."""
    cleaned = "".join(c for c in ref if unicodedata.category(c) not in ("Cc", "Cf", "Zs", "Zl", "Zp")).lower()
    if cleaned == ref:
        return None
    for variant_id in known:
        if cleaned in (variant_id, variant_id.split("/", 1)[1]):
            return cleaned
    return None


def is_variant_path(ref: str, registry: Registry | None = None) -> bool:
    """Whether ``ref`` is read as a file path rather than an id (see the module docstring)."""
    if ref.endswith(FILE_SUFFIXES) or ref.startswith(PATH_PREFIXES):
        return True
    try:
        resolve_variant_id(ref, registry)
    except VariantNotFound:
        return os.path.lexists(ref)
    return False


def open_variant(ref: str, registry: Registry | None = None) -> Variant:
    """The resolved variant that ``ref`` names: a bundled variant by full or short id, or a variant file by path.

    Args:
        ref: as typed by the user.
        registry: the spec folder (default: the kit's bundled one).

    Returns:
        The resolved :class:`Variant` (a house variant's ``id`` is the one its file gives).

    Raises:
        VariantNotFound: an unknown id; a path that is a folder or does not exist (the message quotes ``ref``).
        SpecError: the file or the variant has problems (unreadable, not a regular file, invalid: the first problem,
            located, with all of them in ``problems``).
    """
    registry = registry or default_registry()
    if not is_variant_path(ref, registry):
        return registry.load_variant(resolve_variant_id(ref, registry))
    path = Path(ref)
    if os.path.isdir(path):  # os.path: a name too long for the system is no folder, not an error
        raise VariantNotFound(ref, f"'{ref}' is a folder, not a variant file (give a .yaml file, or a variant id)",
                              _known(registry))
    if not os.path.lexists(path):
        raise VariantNotFound(ref, f"no such file: '{ref}'", _known(registry))
    return registry.load_file(path)


__all__ = ["FILE_SUFFIXES", "PATH_PREFIXES", "VariantNotFound", "is_variant_path", "open_variant", "resolve_variant_id"]
