"""Loading, validating and resolving variant files (``spec/<game>/*.yaml`` and house variants anywhere).

Public API (other modules import only these names):

* :func:`load_variant` ``(variant_id) -> Variant``: a bundled variant, ``extends`` applied, validated, cached.
* :func:`list_variants` ``() -> list[str]``: ids of all bundled variants, abstract ones included.
* :func:`load_file` ``(path) -> Variant``: any variant file, e.g. a house variant that extends a bundled one.
* :func:`check_file` ``(path) -> list[SpecError]`` and :func:`check_all` ``() -> list[SpecError]``: every problem,
  in report order, without raising; :func:`check_rules_data` ``(data) -> list[SpecError]``: the same checks of rule
  values for a resolved variant received as data (a query's ``variant_rules``).
* :class:`Variant`: ``id``, ``data`` (resolved mapping), ``abstract``, ``parent``, ``chain``, ``rule(rule_id)``
  (the value), ``item(rule_id)`` (value with text and provenance), ``rule_ids()``, ``defined_in(rule_id)``,
  ``origin(path)``.
* :class:`SpecError` (also named ``VariantError``): the one error type, with ``file``, ``line``, ``column``,
  ``rule_path``, ``message``, ``expected``, ``kind`` and ``problems``; ``str()`` is the one-line report
  ``FILE:LINE:COL: RULE.PATH: message (expected …)``.
* :func:`resolve_variant_id` ``(ref) -> str``: the bundled id a user typed, full (``huolong/li-zhijiang``) or short
  (``li-zhijiang``); :func:`open_variant` ``(ref) -> Variant``: the same, or a variant file's path; both raise
  :class:`VariantNotFound` (one line, quoting what was typed) for what names nothing (:mod:`.resolve`).
* :class:`Registry`: the same operations for another spec folder (tests, other kits).

Validation and merge rules: :mod:`.registry`, :mod:`.merge`, :mod:`.checks`, :mod:`.yaml_loader`.
"""

from .errors import KINDS, SpecError, VariantError
from .registry import (Registry, check_all, check_file, check_rules_data, default_registry, list_variants, load_file,
                       load_variant)
from .resolve import VariantNotFound, open_variant, resolve_variant_id
from .variant import Variant

__all__ = ["KINDS", "Registry", "SpecError", "Variant", "VariantError", "VariantNotFound", "check_all", "check_file",
           "check_rules_data", "default_registry", "list_variants", "load_file", "load_variant", "open_variant", "resolve_variant_id"]
