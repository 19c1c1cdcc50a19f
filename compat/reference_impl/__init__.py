"""Deprecated import path: use ``datong_rules.reference_impl`` (this alias goes in the next release)."""

from datong_rules._compat import alias

alias(__name__, "datong_rules.reference_impl", {"rulebook": "datong_rules.rulebook"})
