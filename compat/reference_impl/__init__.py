"""Deprecated import path: use ``datong_rules.reference_impl`` (this alias goes in the next release)."""

from datong_rules._compat import alias

alias(__name__, "datong_rules.reference_impl", {
    "rulebook": "datong_rules.rulebook",
    "rulebook.chart": "datong_rules.reference_impl.huolong.rulebook",
    "bots": "datong_rules.reference_impl.huolong.bots",  # 0.1's bots were Huolong's
    "variant.checks": "datong_rules.reference_impl.huolong.checks",
    "variant.settlement_check": "datong_rules.reference_impl.huolong.settlement_check",
})
