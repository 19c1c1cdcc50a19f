"""Deprecated import path: use ``datong_rules.conformance`` (this alias goes in the next release)."""

from datong_rules._compat import alias

alias(__name__, "datong_rules.conformance", {"cli": "datong_rules.cli"})
