"""The ``results`` object of a simulation (spec/schema/simulate.schema.json): each variant's measures and rule
firings with their 95 % intervals, and each variant compared with the first (differences, intervals, p-values, and
the rules that differ as ``datong-rules diff`` lists them).

It depends only on the variants, the bots, the seed and the counts: the tallies are merged in shard order, never in
the order workers finished them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from datong_rules.reference_impl.measures import Measure
from datong_rules.reference_impl.variant.variant import rule_differences

from . import stats
from .shards import Entrant, Tally

BOTS_NOTE = {
    "en": "These figures describe play by the kit's bots ({bots}), not by expert players: a rule's effect on strong "
          "play may differ.",
    "zh": "以上数字描述的是本工具包机器人（{bots}）的对局，而非高手的对局：规则对高水平对局的影响可能不同。",
}
"""What every report says about who played (``{bots}``: the bot kinds)."""


def merged(tallies: Mapping[tuple[int, int], Tally], variants: int) -> list[Tally]:
    """One tally per variant: its finished shards' tallies added in shard order."""
    out = [Tally() for _ in range(variants)]
    for (v, _k), tally in sorted(tallies.items()):
        out[v].merge(tally)
    return out


def _ratio(numerator: float, n: int) -> float | None:
    return numerator / n if n else None


def _measure_entry(measure: Measure, sums: Sequence[float] | None) -> dict[str, Any]:
    n, total, squares = (int(sums[0]), sums[1], sums[2]) if sums else (0, 0.0, 0.0)
    entry: dict[str, Any] = {"id": measure.id, "kind": measure.kind, "per": measure.per, "en": measure.en,
                             "zh": measure.zh, "unit_en": measure.unit_en, "unit_zh": measure.unit_zh,
                             "rule": measure.rule, "n": n, "value": _ratio(total, n)}
    if measure.kind == "rate":
        interval = stats.wilson(total, n)
    else:
        interval = stats.mean_interval(n, total, squares)
        variance = stats.variance(n, total, squares)
        entry["sd"] = None if variance is None else variance ** 0.5
    entry["ci95"] = None if interval is None else list(interval)
    return entry


def _fired_entries(tally: Tally) -> list[dict[str, Any]]:
    out = []
    for rule in sorted(tally.fired):
        count = tally.fired[rule]
        interval = stats.wilson(count, tally.deals)
        out.append({"rule": rule, "n": tally.deals, "hands": count, "rate": _ratio(count, tally.deals),
                    "ci95": None if interval is None else list(interval)})
    return out


def variant_entry(entrant: Entrant, measures: Sequence[Measure], tally: Tally) -> dict[str, Any]:
    """One variant's part of ``results.variants``: its counts, each measure of its game (``value`` and ``ci95``
    None where nothing was observed) and each rule that fired, by rule id."""
    return {"variant": entrant.variant, "file": entrant.file, "label": entrant.label, "game": entrant.game.id,
            "hands": tally.hands, "deals": tally.deals, "matches": tally.matches, "capped": tally.capped,
            "measures": [_measure_entry(m, tally.sums.get(m.id)) for m in measures],
            "rules_fired": _fired_entries(tally)}


def _difference(measure: Measure, sums1: Sequence[float] | None, sums0: Sequence[float] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": measure.id, "difference": None, "ci95": None, "p_value": None,
                             "significant": False}
    if not sums1 or not sums0:
        return entry
    a = (int(sums1[0]), sums1[1], sums1[2])
    b = (int(sums0[0]), sums0[1], sums0[2])
    found = (stats.rate_difference(a[1], a[0], b[1], b[0]) if measure.kind == "rate"
             else stats.mean_difference(a, b))
    if found is not None:
        difference, interval, p_value = found
        entry.update(difference=difference, ci95=list(interval), p_value=p_value,
                     significant=p_value < stats.ALPHA)
    return entry


def comparison(entrant: Entrant, first: Entrant, measures: Sequence[Measure], tally: Tally,
               first_tally: Tally) -> dict[str, Any]:
    """``entrant`` against the first variant: the rules that differ (``datong-rules diff``'s list) and, per measure,
    this variant's value minus the first's, its interval, the two-sided p-value and ``significant`` (p < 0.05)."""
    _order, changed = rule_differences(first.rules_data, entrant.rules_data)
    return {"variant": entrant.label, "against": first.label, "rules_differ": changed,
            "measures": [_difference(m, tally.sums.get(m.id), first_tally.sums.get(m.id)) for m in measures]}


def build_results(entrants: Sequence[Entrant], measures: Sequence[Measure], tallies: Sequence[Tally], *, seed: int,
                  unit: str, count: int, bots: Sequence[str]) -> dict[str, Any]:
    """The ``results`` object: ``seed``, ``unit`` and ``count`` as asked, the ``bots`` (one kind per seat, or one for
    every seat), the note on what the bots' figures mean (``bots_note``), ``variants`` and ``comparisons`` (each
    variant after the first against the first)."""
    kinds = ", ".join(bots)
    return {"seed": seed, "unit": unit, "count": count, "bots": list(bots),
            "bots_note": {lang: text.format(bots=kinds) for lang, text in BOTS_NOTE.items()},
            "variants": [variant_entry(e, measures, t) for e, t in zip(entrants, tallies, strict=True)],
            "comparisons": [comparison(e, entrants[0], measures, t, tallies[0])
                            for e, t in zip(entrants[1:], tallies[1:], strict=True)]}
