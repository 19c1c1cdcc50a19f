"""The ``results`` object of a simulation (spec/schema/simulate.schema.json): each variant's measures and rule
firings with their 95 % intervals (clustered by match, :mod:`.stats`), and each variant compared with the first
(differences of measures and of rules fired, intervals, p-values; one primary measure, the rest Holm-adjusted; the
rules that differ as ``datong-rules diff`` lists them).

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


def measure_sums(tally: Tally, measure_id: str) -> stats.Sums:
    """The clustered sums of one measure in ``tally`` (all zero when it was never observed)."""
    row = tally.sums.get(measure_id) or [0, 0.0, 0.0, 0.0, 0.0, 0.0]
    return stats.Sums(int(row[0]), row[1], row[2], tally.clusters, row[3], row[4], row[5])


def fired_sums(tally: Tally, rule: str) -> stats.Sums:
    """The clustered sums of one rule's firings in ``tally``: a rate over its hand states (deals)."""
    hands, ym, yy = tally.fired.get(rule) or (0, 0.0, 0.0)
    return stats.Sums(tally.deals, hands, hands, tally.clusters, tally.deals_mm, ym, yy)


def _interval(sums: stats.Sums, rate: bool) -> list[float] | None:
    found = stats.rate_interval(sums) if rate else stats.mean_interval(sums)
    return None if found is None else list(found)


def _measure_entry(measure: Measure, sums: stats.Sums) -> dict[str, Any]:
    rate = measure.kind == "rate"
    entry: dict[str, Any] = {"id": measure.id, "kind": measure.kind, "per": measure.per, "en": measure.en,
                             "zh": measure.zh, "unit_en": measure.unit_en, "unit_zh": measure.unit_zh,
                             "rule": measure.rule, "n": sums.n, "value": sums.mean}
    if not rate:
        variance = stats.variance(sums.n, sums.total, sums.squares)
        entry["sd"] = None if variance is None else variance ** 0.5
    entry["ci95"] = _interval(sums, rate)
    entry["design_effect"] = stats.design_effect(sums)
    return entry


def _fired_entries(tally: Tally) -> list[dict[str, Any]]:
    out = []
    for rule in sorted(tally.fired):
        sums = fired_sums(tally, rule)
        out.append({"rule": rule, "n": sums.n, "hands": int(sums.total), "rate": sums.mean,
                    "ci95": _interval(sums, True)})
    return out


def variant_entry(entrant: Entrant, measures: Sequence[Measure], tally: Tally) -> dict[str, Any]:
    """One variant's part of ``results.variants``: its counts, each measure of its game (``value`` and ``ci95``
    None where nothing was observed; ``design_effect``: how much the clustering by match widened its variance) and
    each rule that fired, by rule id."""
    return {"variant": entrant.variant, "file": entrant.file, "label": entrant.label, "game": entrant.game.id,
            "hands": tally.hands, "deals": tally.deals, "matches": tally.matches, "capped": tally.capped,
            "measures": [_measure_entry(m, measure_sums(tally, m.id)) for m in measures],
            "rules_fired": _fired_entries(tally)}


def _difference(one: stats.Sums, zero: stats.Sums, rate: bool) -> dict[str, Any]:
    """The difference entry's figures (``difference``, ``ci95``, ``p_value``; None without data)."""
    found = stats.rate_difference(one, zero) if rate else stats.mean_difference(one, zero)
    if found is None:
        return {"difference": None, "ci95": None, "p_value": None}
    difference, interval, p_value = found
    return {"difference": difference, "ci95": list(interval), "p_value": p_value}


def _judge(entries: Sequence[dict[str, Any]]) -> None:
    """Set ``p_adjusted`` and ``significant`` of each entry in place: the primary one keeps its p-value; the
    secondary ones (every other entry with a p-value) are adjusted together by Holm's method."""
    secondary = [e for e in entries if e["role"] == "secondary"]
    for entry, adjusted in zip(secondary, stats.holm([e["p_value"] for e in secondary]), strict=True):
        entry["p_adjusted"] = adjusted
    for entry in entries:
        if entry["role"] == "primary":
            entry["p_adjusted"] = entry["p_value"]
        entry["significant"] = entry["p_adjusted"] is not None and entry["p_adjusted"] < stats.ALPHA


def comparison(entrant: Entrant, first: Entrant, measures: Sequence[Measure], tally: Tally, first_tally: Tally,
               primary: str) -> dict[str, Any]:
    """``entrant`` against the first variant: the rules that differ (``datong-rules diff``'s list); per measure and
    per rule fired in either, this variant's value minus the first's (``difference``), its 95 % interval, the
    two-sided ``p_value``, ``role`` (``primary`` for the measure ``primary``, else ``secondary``), ``p_adjusted``
    (the primary's own p; the secondaries' Holm-adjusted together, measures and rules fired as one family) and
    ``significant`` (``p_adjusted`` < 0.05)."""
    _order, changed = rule_differences(first.rules_data, entrant.rules_data)
    rows = [{"id": m.id, "role": "primary" if m.id == primary else "secondary",
             **_difference(measure_sums(tally, m.id), measure_sums(first_tally, m.id), m.kind == "rate")}
            for m in measures]
    fired = [{"rule": rule, "role": "secondary",
              **_difference(fired_sums(tally, rule), fired_sums(first_tally, rule), True)}
             for rule in sorted(set(tally.fired) | set(first_tally.fired))]
    _judge([*rows, *fired])
    return {"variant": entrant.label, "against": first.label, "rules_differ": changed, "primary": primary,
            "measures": rows, "rules_fired": fired}


def default_primary(game_measures: Any, unit: str) -> str:
    """The measure a comparison is judged by unless the keeper names another: the game's ``PRIMARY`` for the run's
    unit (``{"hand": …, "match": …}``: who wins), else its first rate measure observed per hand (``hands``) or per
    match (``matches``).

    Raises:
        LookupError: the game has no rate measure of that kind.
    """
    per = "hand" if unit == "hands" else "match"
    named = getattr(game_measures, "PRIMARY", {}).get(per)
    if named is not None:
        return str(named)
    for measure in game_measures.MEASURES:
        if measure.kind == "rate" and measure.per == per:
            return measure.id
    raise LookupError(f"no rate measure per {per} to judge comparisons by")


def build_results(entrants: Sequence[Entrant], measures: Sequence[Measure], tallies: Sequence[Tally], *, seed: int,
                  unit: str, count: int, bots: Sequence[str], primary: str,
                  bots_note: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The ``results`` object: ``seed``, ``unit`` and ``count`` as asked, the ``bots`` (one kind per seat, or one for
    every seat), the note on what the bots' figures mean (``bots_note``: :data:`BOTS_NOTE`, followed by what
    each bot does when given), ``statistics`` (how the figures were worked: the primary measure, clusters, the
    correction), ``variants`` and ``comparisons`` (each variant after the first against the first)."""
    kinds = ", ".join(bots)
    note = {lang: text.format(bots=kinds) + (" " + bots_note[lang] if bots_note else "")
            for lang, text in BOTS_NOTE.items()}
    return {"seed": seed, "unit": unit, "count": count, "bots": list(bots), "bots_note": note,
            "statistics": {"primary": primary, "cluster": "match", "correction": "holm", "alpha": stats.ALPHA,
                           "level": stats.LEVEL},
            "variants": [variant_entry(e, measures, t) for e, t in zip(entrants, tallies, strict=True)],
            "comparisons": [comparison(e, entrants[0], measures, t, tallies[0], primary)
                            for e, t in zip(entrants[1:], tallies[1:], strict=True)]}
