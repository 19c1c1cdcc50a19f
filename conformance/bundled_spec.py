"""The kit's bundled spec as the conformance suite sees it: the operations, the variants, and the variant
files that cannot be loaded.

* :func:`operations`: the operation names of ``spec/schema/games/<game>/operations.schema.json``.
* :func:`variant_ids`: the bundled variant ids (``spec/<game>/*.yaml``), abstract ones included.
* :func:`variant`: one bundled variant, loaded once: the :class:`~datong_rules.reference_impl.variant.Variant`, the
  :class:`~datong_rules.reference_impl.variant.SpecError` that stops it loading, or ``None`` for an id that is not bundled.
* :func:`playable_ids`: the loadable, non-abstract variants of a game.
* :func:`warnings`: one line per problem of the variant files that failed to load so far.

One bad file (a club's house file added under ``spec/huolong/``, say) leaves out only its own variant and the
variants extending it: the scenario loader (:mod:`datong_rules.conformance.scenarios_io`), the reference engine and the commands
go on with the others, and each command prints :func:`warnings` once. Results are kept for the process (call
:func:`forget` after changing the spec folder, e.g. in a test).
"""

from __future__ import annotations

from functools import cache

from datong_rules.reference_impl.variant import SpecError, Variant, list_variants, load_variant

from datong_rules.conformance import operations_schema

_loaded: dict[str, Variant | SpecError] = {}


def operations(game: str | None = None) -> list[str]:
    """The operations the operations schemas describe, sorted: of ``game``, bare (``["bottom_points", …]``), or
    of every game with ``game=None``, full names (``["huolong/bottom_points", …]``)."""
    return operations_schema.operations(game)


@cache
def _ids() -> tuple[str, ...]:
    return tuple(list_variants())


def variant_ids() -> list[str]:
    """Ids of every bundled variant file, abstract ones included, sorted (the folder is read once)."""
    return list(_ids())


def variant(variant_id: str) -> Variant | SpecError | None:
    """The bundled variant ``variant_id``, loaded once.

    Returns:
        The resolved variant; the :class:`SpecError` (one line, ``FILE:LINE:COL: …``, all problems in its
        ``problems``) when its file or a file it extends is bad; ``None`` when no bundled file has that id.
    """
    if variant_id not in _ids():
        return None
    if variant_id not in _loaded:
        try:
            _loaded[variant_id] = load_variant(variant_id)
        except SpecError as exc:
            _loaded[variant_id] = exc
    return _loaded[variant_id]


def playable_ids(game: str | None = None) -> list[str]:
    """The bundled variants that load and are not abstract (of ``game`` only, when given), sorted.

    Loading them records the problems of the others for :func:`warnings`.
    """
    out = []
    for variant_id in variant_ids():
        if game is not None and not variant_id.startswith(game + "/"):
            continue
        loaded = variant(variant_id)
        if isinstance(loaded, Variant) and not loaded.abstract:
            out.append(variant_id)
    return out


def warnings() -> list[str]:
    """One line per problem that stopped bundled variants from loading (among those loaded so far), naming
    the variants left out: ``spec/huolong/my-club.yaml:25:5: rules.bottom.multiplyer: unknown key … (variant
    huolong/my-club cannot be loaded and is left out; datong-rules validate spec/huolong/my-club.yaml lists
    its 2 problems)``. A bad file that others extend gives one line naming them all."""
    by_problem: dict[str, list[str]] = {}
    first: dict[str, SpecError] = {}
    for variant_id, loaded in sorted(_loaded.items()):
        if isinstance(loaded, SpecError):
            by_problem.setdefault(str(loaded), []).append(variant_id)
            first.setdefault(str(loaded), loaded)
    lines = []
    for text, ids in by_problem.items():
        error = first[text]
        count = len(getattr(error, "problems", [error]))
        listing = (f"; datong-rules validate {error.file} lists its {count} problems" if count > 1 and error.file
                   else "")
        who = f"variant {ids[0]} cannot be loaded and is left out" if len(ids) == 1 else \
            f"variants {', '.join(ids)} cannot be loaded and are left out"
        lines.append(f"{text} ({who}{listing})")
    return lines


def forget() -> None:
    """Forget what was read (after the spec folder changed)."""
    _loaded.clear()
    _ids.cache_clear()
