"""Loading, validating and resolving variant files (``spec/<game>/*.yaml``).

Public API (stable; other modules import only these names):

* :func:`load_variant` ``(variant_id) -> Variant``: the resolved variant (``extends`` applied).
* :func:`list_variants` ``() -> list[str]``: ids of all bundled variants, abstract ones included.
* :class:`Variant`: ``id``, ``data`` (resolved mapping), ``abstract``, ``rule(path)``.
"""

from .registry import Variant, list_variants, load_variant

__all__ = ["Variant", "list_variants", "load_variant"]
