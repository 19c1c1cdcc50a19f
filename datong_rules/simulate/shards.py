"""The work of ``datong-rules simulate`` cut into seeded shards of fixed size, each played on its own and summed.

A shard (:class:`Shard`) is a fixed number of hands (:data:`HANDS_PER_SHARD`) or whole matches
(:data:`MATCHES_PER_SHARD`) of one variant, seeded from ``(seed, variant index, shard index)`` only
(:func:`shard_seed`); :func:`play_shard` plays it with the chosen bots through the game's state API and the one
match loop (``Match.play``), observes each finished hand and match with the game's ``measures`` module, and returns
a :class:`Tally` of sums. Tallies merge by addition in shard order, so the merged result is the same whatever the
number of workers or machines that played the shards.

A game is reached only through its registry entry (:class:`datong_rules.reference_impl.games.Game`): its ``state``,
``bots`` and ``measures`` modules.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.bots import bots_of
from datong_rules.reference_impl.games import Game
from datong_rules.reference_impl.variant import Variant

HANDS_PER_SHARD = 500
"""Hands in a shard of a ``--hands`` run (the last shard of a variant may have fewer)."""

MATCHES_PER_SHARD = 50
"""Whole matches in a shard of a ``--matches`` run (the last shard of a variant may have fewer)."""

UNITS = ("hands", "matches")


@dataclass(frozen=True)
class Entrant:
    """One variant to simulate, ready to be sent to a worker (it pickles).

    Attributes:
        label: how the report names it: the file path as given for a variant file, else the variant id.
        variant: the variant id.
        file: the variant file's path as given (None for a bundled variant).
        game: the game's registry entry.
        rules: the game's rules object for the variant (``game.rules_for(variant)``).
        rules_data: the resolved variant's ``rules`` mapping (for the rules that differ between variants).
    """

    label: str
    variant: str
    file: str | None
    game: Game
    rules: Any
    rules_data: dict = field(repr=False)


def entrant_of(variant: Variant, file: str | None = None) -> Entrant:
    """The entrant of a resolved variant (its game found in the registry by the variant's ``game``).

    Args:
        variant: the resolved variant.
        file: the variant file's path as given (None for a bundled variant).

    Raises:
        UnknownGame: the kit does not play the variant's game.
        ValueError: the game's engine cannot play a value of the variant (its ``RulesError``).
    """
    game = games.get(variant.data.get("game"))
    rules_data = variant.data.get("rules", {})
    return Entrant(file or variant.id, variant.id, file, game, game.rules_for(variant), rules_data)


@dataclass(frozen=True)
class Shard:
    """One shard: ``count`` hands or matches (``unit``) of the entrant ``variant_index`` with the bot kinds
    ``bots`` (one for every seat, or one per seat), seeded with ``seed`` (:func:`shard_seed`)."""

    variant_index: int
    index: int
    unit: str
    count: int
    seed: int
    bots: tuple[str, ...]
    entrant: Entrant


@dataclass
class Tally:
    """The mergeable sums of played shards of one variant.

    Attributes:
        hands: hands played (as the match loop counts them: a Huolong redeal is not one).
        deals: finished hand states observed (every hand the match loop handed over, redeals included).
        matches: whole matches played and observed.
        capped: matches stopped by a safety cap of the game's match (their hands are observed, the match is not).
        sums: measure id → ``[n, total, squares]`` of its observations.
        fired: rule id → the number of hand states in which it decided something.
    """

    hands: int = 0
    deals: int = 0
    matches: int = 0
    capped: int = 0
    sums: dict[str, list[float]] = field(default_factory=dict)
    fired: dict[str, int] = field(default_factory=dict)

    def add_values(self, values: dict[str, float]) -> None:
        """Add one observation of each measure in ``values`` (measure id → value)."""
        for key, value in values.items():
            row = self.sums.setdefault(key, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += value
            row[2] += value * value

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s sums into this tally (in place) and return it."""
        self.hands += other.hands
        self.deals += other.deals
        self.matches += other.matches
        self.capped += other.capped
        for key, (n, total, squares) in other.sums.items():
            row = self.sums.setdefault(key, [0, 0.0, 0.0])
            row[0] += n
            row[1] += total
            row[2] += squares
        for rule, count in other.fired.items():
            self.fired[rule] = self.fired.get(rule, 0) + count
        return self


def shard_seed(seed: int, variant_index: int, index: int) -> int:
    """The seed of shard ``index`` of variant ``variant_index`` in a run seeded ``seed``: 64 bits of a SHA-256 of
    the three numbers (the same on every machine and Python)."""
    digest = hashlib.sha256(f"datong-rules simulate {seed} {variant_index} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def plan(entrants: Sequence[Entrant], unit: str, count: int, seed: int, bots: tuple[str, ...]) -> list[Shard]:
    """The shards of a run: for each entrant in order, ``count`` hands or matches (``unit``) cut into shards of
    :data:`HANDS_PER_SHARD` hands or :data:`MATCHES_PER_SHARD` matches (the last one takes the rest).

    Raises:
        ValueError: ``unit`` is not ``hands`` or ``matches``, or ``count`` is below 1.
    """
    if unit not in UNITS:
        raise ValueError(f"unit {unit!r} (expected one of {', '.join(UNITS)})")
    if count < 1:
        raise ValueError(f"count {count} (expected at least 1)")
    size = HANDS_PER_SHARD if unit == "hands" else MATCHES_PER_SHARD
    shards = []
    for v, entrant in enumerate(entrants):
        for k, start in enumerate(range(0, count, size)):
            shards.append(Shard(v, k, unit, min(size, count - start), shard_seed(seed, v, k), bots, entrant))
    return shards


class _Observer:
    """Observes finished hands of one shard into its tally with the game's measures module."""

    def __init__(self, measures: Any, tally: Tally) -> None:
        self.measures, self.tally = measures, tally

    def hands(self, states: Iterable[Any]) -> None:
        for state in states:
            self.tally.deals += 1
            self.tally.add_values(self.measures.observe_hand(state))
            for rule in self.measures.rules_fired(state):
                self.tally.fired[rule] = self.tally.fired.get(rule, 0) + 1


def _bots(game: Game, kinds: tuple[str, ...], rng: random.Random, players: int) -> list[Any]:
    table = game.facet("bots").BOTS
    if len(kinds) == 1:
        return bots_of(table, kinds[0], rng, players)
    return [bots_of(table, kind, rng, 1)[0] for kind in kinds]


def play_shard(shard: Shard) -> Tally:
    """Play one shard and return its tally (the function every worker runs; it depends on ``shard`` only).

    Hands (``unit == "hands"``): matches are played one counted hand at a time (``Match.play(bots, hands=1)``), a
    new match dealt when one ends, until ``count`` hands are played; match measures are not observed. Matches:
    ``count`` whole matches, each observed with ``observe_match`` as well. Each match is seeded from the shard's
    random source; the bots share one random source seeded from it too.

    Raises:
        IllegalAction: a bot chose an illegal action (a bug of the bot).
        LookupError: the game has no measures module.
    """
    entrant = shard.entrant
    game = entrant.game
    state_api, measures = game.facet("state"), games.measures(game)
    rng = random.Random(shard.seed)
    bots = _bots(game, shard.bots, random.Random(rng.getrandbits(64)), entrant.rules.players)
    tally = Tally()
    observer = _Observer(measures, tally)
    if shard.unit == "hands":
        _play_hands(state_api, entrant.rules, bots, rng, shard.count, observer)
    else:
        for _ in range(shard.count):
            _play_match(state_api, entrant.rules, bots, rng, observer)
    return tally


def _play_hands(state_api: Any, rules: Any, bots: list[Any], rng: random.Random, count: int,
                observer: _Observer) -> None:
    match = None
    while observer.tally.hands < count:
        if match is None or match.over:
            match = state_api.Match(rules, rng.getrandbits(64))
        seen: list[Any] = []
        try:
            match.play(bots, hands=1, on_hand=seen.append)
        except state_api.MatchError:
            if not seen and not match.hands:
                raise  # a match that cannot deal its first hand: nothing would ever be played
            observer.tally.capped += 1
            observer.hands(seen)  # redealt hands before the cap: observed, not counted as hands
            match = None
            continue
        observer.hands(seen)
        observer.tally.hands += 1 if seen else 0


def _play_match(state_api: Any, rules: Any, bots: list[Any], rng: random.Random, observer: _Observer) -> None:
    match = state_api.Match(rules, rng.getrandbits(64))
    while not match.over:
        seen: list[Any] = []
        try:
            match.play(bots, hands=1, on_hand=seen.append)
        except state_api.MatchError:
            observer.hands(seen)
            observer.tally.capped += 1
            return
        observer.hands(seen)
        observer.tally.hands += 1 if seen else 0
    observer.tally.matches += 1
    observer.tally.add_values(observer.measures.observe_match(match.hands))
