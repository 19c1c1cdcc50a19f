"""Huolong's data for the rulebook pages (the ``rulebook`` facet of the game registry): the card ranking chart, which
turns a variant's ranking classes into groups of example cards.

Reads ``ranking.trump_order`` (ordered list of card classes), ``ranking.plain_order`` (ranks high to
low) and ``levels.order`` / ``levels.start``. The chart is drawn for one example level and trump
suit (:data:`EXAMPLE_LEVEL`, :data:`EXAMPLE_TRUMP_SUIT`): a layout choice, not a rule.
"""

from __future__ import annotations

from typing import Any, Final

from ..cards import BIG_JOKER, SMALL_JOKER, SUITS

EXAMPLE_LEVEL: Final = "10"
"""The level drawn in the chart when the variant has it (a level in the middle of the order shows
that the level rank leaves its place among the plain cards); otherwise the start level."""
EXAMPLE_TRUMP_SUIT: Final = "H"
EXAMPLE_SIDE_SUIT: Final = "S"


def example_level(levels_order: list[str] | None, start: str | None) -> str:
    """:data:`EXAMPLE_LEVEL` if the variant plays it, else its start level, else ``"3"``."""
    if levels_order and EXAMPLE_LEVEL in levels_order:
        return EXAMPLE_LEVEL
    return start or (levels_order[0] if levels_order else "3")


def trump_groups(trump_order: list[str], plain_order: list[str], level: str, trump_suit: str) -> list[list[str]]:
    """The trumps as groups of equal cards, strongest first.

    Args:
        trump_order: the card classes of ``ranking.trump_order`` (``big_joker``, ``small_joker``,
            ``trump_suit_level``, ``off_suit_level``, ``trump_suit_two``, ``off_suit_two``,
            ``trump_suit_plain``); a class not known here is kept as a one-item group holding its
            name, so nothing is dropped from the chart.
        plain_order: ranks high to low (``ranking.plain_order``).
        level: the level rank, e.g. ``"10"``.
        trump_suit: a suit letter.

    Returns:
        e.g. ``[["BJ"], ["LJ"], ["H10"], ["S10", "C10", "D10"], ["H2"], ["S2", "C2", "D2"], ["HA"], …]``.
    """
    others = [s for s in SUITS if s != trump_suit]
    classes: dict[str, list[list[str]]] = {
        "big_joker": [[BIG_JOKER]],
        "small_joker": [[SMALL_JOKER]],
        "trump_suit_level": [[trump_suit + level]],
        "off_suit_level": [[s + level for s in others]],
        "trump_suit_two": [[trump_suit + "2"]],
        "off_suit_two": [[s + "2" for s in others]],
        "trump_suit_plain": [[trump_suit + r] for r in plain_order if r not in (level, "2")],
    }
    groups: list[list[str]] = []
    for name in trump_order:
        groups.extend(classes.get(name, [[name]]))
    return groups


def side_groups(plain_order: list[str], level: str, suit: str) -> list[list[str]]:
    """One side suit high to low, the level rank taken out: ``[["SA"], ["SK"], …]``."""
    return [[suit + r] for r in plain_order if r not in (level, "2")]


def chart_data(rules: dict[str, Any]) -> dict[str, Any] | None:
    """Everything the chart needs from a variant's ``rules`` mapping, or ``None`` without a ranking.

    Returns:
        ``{"level", "trump_suit", "side_suit", "trumps": groups, "side": groups}``.
    """
    ranking = rules.get("ranking") or {}
    if "trump_order" not in ranking or "plain_order" not in ranking:
        return None
    levels = rules.get("levels") or {}
    level = example_level((levels.get("order") or {}).get("value"), (levels.get("start") or {}).get("value"))
    plain = [str(r) for r in ranking["plain_order"]["value"]]
    side_suit = EXAMPLE_SIDE_SUIT
    return {
        "level": level,
        "trump_suit": EXAMPLE_TRUMP_SUIT,
        "side_suit": side_suit,
        "trumps": trump_groups(list(ranking["trump_order"]["value"]), plain, level, EXAMPLE_TRUMP_SUIT),
        "side": side_groups(plain, level, side_suit),
    }
