"""Deprecated import path: use ``datong_rules.conformance`` (this alias goes in the next release)."""

from datong_rules._compat import alias

alias(__name__, "datong_rules.conformance", {
    "cli": "datong_rules.cli",
    "adapters.reference.ops_play": "datong_rules.reference_impl.huolong.ops.play",
    "adapters.reference.ops_hand": "datong_rules.reference_impl.huolong.ops.hand",
    "adapters.reference.given": "datong_rules.reference_impl.huolong.ops.given",
    "mutation.mutants": "datong_rules.reference_impl.huolong.faults",
    "mutation.patching": "datong_rules.reference_impl.faults",
})
