"""Variant ids and where they live: ``huolong/li-zhijiang`` ↔ ``spec/huolong/li-zhijiang.yaml``.

An id is ``<game>/<name>`` in lower-case letters, digits and ``-`` (:data:`ID_PATTERN`, the same pattern as
``#/$defs/variantId`` of the variant schema). An id never names anything outside ``spec/``: ``..``, absolute paths,
backslashes and drive letters are refused (kind ``outside_spec``) before any path is built, and the built path is
checked to stay inside the spec folder even through symbolic links.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..user_files import resolved

ID_PATTERN = re.compile(r"^[a-z0-9-]+/[a-z0-9-]+$")
"""A variant id: ``<game>/<name>``, lower-case letters, digits and '-'."""

ID_EXPECTED = "a variant id <game>/<name> in lower-case letters, digits and '-', e.g. huolong/li-zhijiang"


def id_problem(text: object) -> tuple[str, str] | None:
    """Why ``text`` is not a usable variant id, or ``None`` if it is one.

    Returns:
        ``(kind, message)`` with kind ``outside_spec`` (it would leave spec/) or ``bad_id`` (any other
        malformation); ``None`` for a good id.
    """
    if not isinstance(text, str):
        return "bad_id", f"{text!r} is not a variant id"
    if (".." in text.replace("\\", "/").split("/") or text.startswith(("/", "\\", "~"))
            or re.match(r"^[A-Za-z]:", text) or "\\" in text):
        return "outside_spec", f"{text!r} would leave the spec/ folder"
    if not ID_PATTERN.match(text):
        return "bad_id", f"{text!r} is not a variant id"  # repr: an invisible character shows as \\u200b
    return None


FILE_REF = re.compile(r"^(?![/\\~])(?![A-Za-z]:)[^\\]*\.ya?ml$")
"""A house file named by another house file's ``extends``: a relative path ending in ``.yaml`` or ``.yml``, no
backslash, not absolute (the pattern of ``#/$defs/variantRef`` in common.schema.json)."""


def is_file_ref(text: object) -> bool:
    """Whether ``text`` names a house file by its relative path (``league.yaml``) rather than a variant id."""
    return isinstance(text, str) and FILE_REF.match(text) is not None


def id_path(root: Path, variant_id: str) -> Path | None:
    """The file of a bundled variant: ``root/<game>/<name>.yaml``, or ``None`` if ``variant_id`` is not a good id
    or the path would leave ``root`` (through a symbolic link, say). The file need not exist."""
    if id_problem(variant_id) is not None:
        return None
    path = root / f"{variant_id}.yaml"
    try:
        resolved(path).relative_to(resolved(root))
    except ValueError:
        return None
    return path


def path_id(root: Path, path: Path) -> str | None:
    """The id a file has by its place: ``root/huolong/x.yaml`` → ``huolong/x``; ``None`` outside ``root/<game>/``."""
    try:
        rel = resolved(path).relative_to(resolved(root))
    except ValueError:
        return None
    if len(rel.parts) != 2 or rel.suffix != ".yaml" or rel.parts[0] == "schema":
        return None
    return f"{rel.parts[0]}/{rel.stem}"
