"""Huolong's checks of a resolved variant beyond its schema (run by the loader through the game registry).

Each check reads rule values from the resolved ``rules`` mapping, skips quietly when a rule it needs is absent
(abstract variants leave many out; completeness is checked separately against the schema's ``complete.<game>``),
and returns :class:`~datong_rules.reference_impl.variant.findings.Finding` tuples ``(path, kind, message, expected, involves)`` with ``path``
from the top of the resolved data, so that the loader can locate each in the file that wrote it, and ``involves``
the other rules the check read (a problem made by a house file's ``deck.decks: 1`` is reported at that line, not at
the inherited ``deal.hand_size``).

The checks (kinds in brackets):

* ``levels.order`` and ``ranking.plain_order`` are each a permutation of the ranks that are not permanent trumps
  (``trumps.permanent.ranks``): no rank missing, none repeated, no permanent trump such as 2 [``rank_order``];
* every rank used as a level (``levels.start``, ``levels.stop_levels``, ``star_burial.fast_exempt_levels``, the
  settlement table's ``banker_level`` and ``set_level``) is in ``levels.order`` [``unknown_rank``];
* ``ranking.trump_order`` lists each card class once, and every class the ``trumps`` rules create
  [``trump_order``];
* names are unique in ``combinations.catalogue``, ``declaration.shows`` and ``settlement.table``
  [``duplicate_name``];
* decks × cards per deck = players × hand size + bottom, and the bury puts back as many cards as the bottom has;
  the points threshold is at most the deck's points [``deal_arithmetic``, ``bad_value``];
* ``star_burial.levels_per_joker`` has an entry for every big joker, or one entry for all [``star_burial``];
* stakes appear in settlement rows if and only if ``stakes.enabled`` [``stakes``];
* the settlement table has no gap and no dead row (:mod:`.settlement_check`).
"""

from __future__ import annotations

from ..cards import RANKS
from ..variant.errors import Path_
from ..variant.findings import Finding
from ..variant.variant import MISSING, Variant, rule_value
from .settlement_check import settlement_findings

_CLASS_RULES = {  # card class of ranking.trump_order → what in the trumps rules creates it
    "big_joker": "jokers", "small_joker": "jokers", "trump_suit_level": "level_rank", "off_suit_level": "level_rank",
    "trump_suit_two": "two", "off_suit_two": "two", "trump_suit_plain": "trump_suit",
}


def findings(variant: Variant) -> list[Finding]:
    """Run every check of the module docstring on a resolved Huolong variant.

    Returns:
        Findings ``(path, kind, message, expected, involves)``, unsorted.
    """
    return rule_findings(variant.data.get("rules", {}))


def moot_rules(variant: Variant) -> dict[str, dict[str, str]]:
    """Rules of a resolved Huolong variant whose value changes no answer there (read by
    :meth:`~datong_rules.reference_impl.variant.variant.Variant.moot_rules`, so that rule coverage does not ask for
    a scenario no engine could fail): ``{rule_id: {"zh": why, "en": why}}``.

    * ``follow.keep_meteors_whole`` only says where a pair duty may come from; with ``follow.shape: free`` and
      ``follow.meteor_obliges_pair: false`` no rule obliges a pair, so both of its values play alike.
    """
    moot: dict[str, dict[str, str]] = {}
    shape = rule_value(variant.data.get("rules", {}), "follow.shape")
    obliges = rule_value(variant.data.get("rules", {}), "follow.meteor_obliges_pair")
    if shape == "free" and obliges is False:
        moot["follow.keep_meteors_whole"] = {
            "zh": "这个版本没有必须跟对子的规定（follow.shape 为 free，follow.meteor_obliges_pair 为 false），"
                  "流星拆不拆都一样。",
            "en": "no rule of this variant obliges a pair (follow.shape is free, follow.meteor_obliges_pair is "
                  "false), so keeping meteors whole changes nothing.",
        }
    return moot


def rule_findings(rules: dict) -> list[Finding]:
    """The checks of the module docstring on a ``rules`` mapping (resolved)."""
    findings: list[Finding] = []
    findings += _rank_orders(rules)
    findings += _level_references(rules)
    findings += _trump_order(rules)
    findings += _unique_names(rules)
    findings += _arithmetic(rules)
    findings += _stakes(rules)
    findings += settlement_findings(rules)
    return findings


def _path(rule_id: str, *rest: str | int) -> Path_:
    return ("rules", *rule_id.split("."), "value", *rest)


def _permanent_ranks(rules: dict) -> list[str]:
    permanent = rule_value(rules, "trumps.permanent", {})
    return list(permanent.get("ranks", [])) if isinstance(permanent, dict) else []


def _rank_orders(rules: dict) -> list[Finding]:
    permanent = _permanent_ranks(rules)
    expected = [r for r in RANKS if r not in permanent]
    out: list[Finding] = []
    for rule_id, what in (("levels.order", "a level"), ("ranking.plain_order", "a plain rank")):
        order = rule_value(rules, rule_id)
        if order is MISSING:
            continue
        seen: dict[str, int] = {}
        for index, rank in enumerate(order):
            if rank in permanent:
                out.append(Finding(_path(rule_id, index), "rank_order",
                                   f"'{rank}' is a permanent trump (trumps.permanent) and cannot be {what}",
                                   "only ranks that are not permanent trumps", ("trumps.permanent",)))
            elif rank in seen:
                out.append(Finding(_path(rule_id, index), "rank_order",
                                   f"rank '{rank}' is listed twice (first at [{seen[rank]}])", "each rank once"))
            seen.setdefault(rank, index)
        missing = [r for r in expected if r not in seen]
        if missing:
            out.append(Finding(_path(rule_id), "rank_order", "the order misses rank " + ", ".join(missing),
                               "each of " + " ".join(expected) + " exactly once", ("trumps.permanent",)))
    return out


def _level_references(rules: dict) -> list[Finding]:
    levels = rule_value(rules, "levels.order")
    if levels is MISSING:
        return []
    refs: list[tuple[Path_, str]] = []
    start = rule_value(rules, "levels.start")
    if start is not MISSING:
        refs.append((_path("levels.start"), start))
    stop = rule_value(rules, "levels.stop_levels")
    if stop is not MISSING:
        refs += [(_path("levels.stop_levels", "ranks", i), r) for i, r in enumerate(stop["ranks"])]
    exempt = rule_value(rules, "star_burial.fast_exempt_levels")
    if exempt is not MISSING:
        refs += [(_path("star_burial.fast_exempt_levels", i), r) for i, r in enumerate(exempt)]
    table = rule_value(rules, "settlement.table")
    if table is not MISSING:
        for index, row in enumerate(table):
            refs += [(_path("settlement.table", index, "when", "banker_level", i), r)
                     for i, r in enumerate(row.get("when", {}).get("banker_level", []))]
            refs += [(_path("settlement.table", index, "then", "set_level", team), r)
                     for team, r in row.get("then", {}).get("set_level", {}).items()]
    return [Finding(path, "unknown_rank", f"'{rank}' is not a level of this variant (levels.order)",
                    "one of: " + " ".join(dict.fromkeys(levels)), ("levels.order",))
            for path, rank in refs if rank not in levels]


def _trump_order(rules: dict) -> list[Finding]:
    order = rule_value(rules, "ranking.trump_order")
    if order is MISSING:
        return []
    out: list[Finding] = []
    seen: dict[str, int] = {}
    for index, card_class in enumerate(order):
        if card_class in seen:
            out.append(Finding(_path("ranking.trump_order", index), "trump_order",
                               f"card class '{card_class}' is listed twice (first at [{seen[card_class]}])",
                               "each class once"))
        seen.setdefault(card_class, index)
    permanent = rule_value(rules, "trumps.permanent", {})
    jokers = rule_value(rules, "deck.jokers_per_deck", 0)
    made = {
        "jokers": isinstance(permanent, dict) and bool(permanent.get("jokers")) and bool(jokers),
        "level_rank": rule_value(rules, "trumps.level_rank", False) is True,
        "two": "2" in _permanent_ranks(rules),
        "trump_suit": rule_value(rules, "trumps.trump_suit", False) is True,
    }
    missing = [c for c, why in _CLASS_RULES.items() if made[why] and c not in seen]
    if jokers == 1:  # one joker per deck: only the big one
        missing = [c for c in missing if c != "small_joker"]
    if missing:
        out.append(Finding(_path("ranking.trump_order"), "trump_order",
                           "the trump order misses " + ", ".join(missing) + " (the trumps rules make these cards "
                           "trumps)", "every trump class once",
                           ("trumps.permanent", "trumps.level_rank", "trumps.trump_suit", "deck.jokers_per_deck")))
    return out


def _unique_names(rules: dict) -> list[Finding]:
    out: list[Finding] = []
    for rule_id in ("combinations.catalogue", "declaration.shows", "settlement.table"):
        entries = rule_value(rules, rule_id)
        if entries is MISSING:
            continue
        seen: dict[str, int] = {}
        for index, entry in enumerate(entries):
            name = entry.get("name")
            if name in seen:
                out.append(Finding(_path(rule_id, index, "name"), "duplicate_name",
                                   f"name '{name}' is used twice (first at [{seen[name]}])", "unique names"))
            seen.setdefault(name, index)
    return out


def _arithmetic(rules: dict) -> list[Finding]:
    out: list[Finding] = []
    got = {r: rule_value(rules, r) for r in ("deck.decks", "deck.jokers_per_deck", "players.count",
                                             "deal.hand_size", "deal.bottom_size", "bury.count",
                                             "points.card_points", "points.threshold",
                                             "star_burial.levels_per_joker")}
    decks, jokers = got["deck.decks"], got["deck.jokers_per_deck"]
    have_deck = decks is not MISSING and jokers is not MISSING
    parts = (got["players.count"], got["deal.hand_size"], got["deal.bottom_size"])
    if have_deck and MISSING not in parts:
        cards = decks * (52 + jokers)
        players, hand, bottom = parts
        if players * hand + bottom != cards:
            out.append(Finding(_path("deal.hand_size"), "deal_arithmetic",
                               f"{players} players × {hand} cards + {bottom} in the bottom = "
                               f"{players * hand + bottom}, but {decks} deck(s) of {52 + jokers} hold {cards} cards",
                               "hands and bottom to use every card once",
                               ("deck.decks", "deck.jokers_per_deck", "players.count", "deal.bottom_size")))
    if got["bury.count"] is not MISSING and got["deal.bottom_size"] is not MISSING \
            and got["bury.count"] != got["deal.bottom_size"]:
        out.append(Finding(_path("bury.count"), "deal_arithmetic",
                           f"the banker puts back {got['bury.count']} cards but took {got['deal.bottom_size']} "
                           "(deal.bottom_size)", f"{got['deal.bottom_size']}", ("deal.bottom_size",)))
    if decks is not MISSING and got["points.card_points"] is not MISSING and got["points.threshold"] is not MISSING:
        total = sum(got["points.card_points"].values()) * 4 * decks
        if got["points.threshold"] > total:
            out.append(Finding(_path("points.threshold"), "bad_value",
                               f"the threshold {got['points.threshold']} is more than the deck's {total} points",
                               f"at most {total}", ("points.card_points", "deck.decks")))
    per_joker = got["star_burial.levels_per_joker"]
    if have_deck and per_joker is not MISSING and jokers >= 1 and 1 < len(per_joker) < decks:
        out.append(Finding(_path("star_burial.levels_per_joker"), "star_burial",
                           f"{len(per_joker)} level bonus(es) for {decks} big jokers",
                           f"{decks} entries, one per big joker, or one entry for every joker",
                           ("deck.decks", "deck.jokers_per_deck")))
    return out


def _stakes(rules: dict) -> list[Finding]:
    enabled = rule_value(rules, "stakes.enabled")
    table = rule_value(rules, "settlement.table")
    if enabled is MISSING or table is MISSING:
        return []
    rows = [i for i, row in enumerate(table) if "stakes" in row.get("then", {})]
    if enabled is False:
        return [Finding(_path("settlement.table", i, "then", "stakes"), "stakes",
                        "this row scores stakes but stakes.enabled is false", "no stakes, or stakes.enabled: true",
                        ("stakes.enabled",))
                for i in rows]
    if not rows:
        return [Finding(_path("stakes.enabled"), "stakes", "stakes are enabled but no settlement row scores any",
                        "stakes in some settlement rows, or stakes.enabled: false", ("settlement.table",))]
    return []
