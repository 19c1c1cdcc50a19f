"""The work of ``datong-rules simulate`` cut into seeded shards of fixed size, each played on its own and summed.

A shard (:class:`Shard`) is a fixed number of hands (:data:`HANDS_PER_SHARD`, rounded up to whole matches) or whole
matches (:data:`MATCHES_PER_SHARD`) of one variant, seeded from ``(seed, variant index, shard index)`` only
(:func:`shard_seed`); :func:`play_shard` plays it with the chosen bots through the game's state API and the one
match loop (``Match.play``), observes each finished hand and match with the game's ``measures`` module, and returns
a :class:`Tally` of sums, kept per match (a cluster) for the intervals. Tallies merge by addition in shard order, so the merged result is the same whatever the
number of workers or machines that played the shards.

A game is reached only through its registry entry (:class:`datong_rules.reference_impl.games.Game`): its ``state``,
``bots`` and ``measures`` modules.
"""

from __future__ import annotations

import gc
import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.bots import seat_bots
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
    """The mergeable sums of played shards of one variant, kept per cluster (one cluster = one match) so that the
    intervals account for the hands of a match being alike (:mod:`.stats`).

    Attributes:
        hands: hands played (as the match loop counts them: a Huolong redeal is not one).
        deals: finished hand states observed (every hand the match loop handed over, redeals included).
        matches: whole matches played and observed.
        capped: matches stopped by a safety cap of the game's match (their hands are observed, the match is not).
        clusters: matches begun (each a cluster of observations, capped ones included).
        deals_mm: the sum over clusters of (deals in the cluster)².
        sums: measure id → ``[n, total, squares, mm, ym, yy]``: its observations' count, sum and sum of squares, and
            over clusters the sums of (count)², (cluster total × count) and (cluster total)² (:class:`.stats.Sums`).
        fired: rule id → ``[hands, ym, yy]``: the hand states in which it decided something, and over clusters the
            sums of (its hands × the cluster's deals) and (its hands)².
    """

    hands: int = 0
    deals: int = 0
    matches: int = 0
    capped: int = 0
    clusters: int = 0
    deals_mm: float = 0
    sums: dict[str, list[float]] = field(default_factory=dict)
    fired: dict[str, list[float]] = field(default_factory=dict)

    def add_cluster(self, values: Sequence[dict[str, float]], fired: Sequence[Iterable[str]]) -> None:
        """Add one cluster (one match, or what a capped match played): ``values``, one dict of measure id → value
        per observation (hand or match), and ``fired``, the rules fired in each of the cluster's hand states."""
        self.clusters += 1
        self.deals += len(fired)
        self.deals_mm += len(fired) ** 2
        cluster: dict[str, list[float]] = {}
        for observation in values:
            for key, value in observation.items():
                row = cluster.setdefault(key, [0, 0.0, 0.0])
                row[0] += 1
                row[1] += value
                row[2] += value * value
        for key, (m, y, squares) in cluster.items():
            row = self.sums.setdefault(key, [0, 0.0, 0.0, 0.0, 0.0, 0.0])
            for i, add in enumerate((m, y, squares, m * m, y * m, y * y)):
                row[i] += add
        counts: dict[str, int] = {}
        for rules in fired:
            for rule in rules:
                counts[rule] = counts.get(rule, 0) + 1
        for rule, y in counts.items():
            row = self.fired.setdefault(rule, [0, 0.0, 0.0])
            row[0] += y
            row[1] += y * len(fired)
            row[2] += y * y

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s sums into this tally (in place) and return it."""
        self.hands += other.hands
        self.deals += other.deals
        self.matches += other.matches
        self.capped += other.capped
        self.clusters += other.clusters
        self.deals_mm += other.deals_mm
        for table, mine in ((other.sums, self.sums), (other.fired, self.fired)):
            for key, values in table.items():
                row = mine.setdefault(key, [0] + [0.0] * (len(values) - 1))
                for i, add in enumerate(values):
                    row[i] += add
        return self


def shard_seed(seed: int, variant_index: int, index: int) -> int:
    """The seed of shard ``index`` of variant ``variant_index`` in a run seeded ``seed``: 64 bits of a SHA-256 of
    the three numbers (the same on every machine and Python)."""
    digest = hashlib.sha256(f"datong-rules simulate {seed} {variant_index} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def plan(entrants: Sequence[Entrant], unit: str, count: int, seed: int, bots: tuple[str, ...]) -> list[Shard]:
    """The shards of a run: for each entrant, ``count`` hands or matches (``unit``) cut into shards of
    :data:`HANDS_PER_SHARD` hands or :data:`MATCHES_PER_SHARD` matches (the last one takes the rest), interleaved
    across the entrants (shard 0 of every variant, then shard 1 of every variant …), so that the shards finished
    when a run is interrupted are shared evenly between the variants.

    Raises:
        ValueError: ``unit`` is not ``hands`` or ``matches``, or ``count`` is below 1.
    """
    if unit not in UNITS:
        raise ValueError(f"unit {unit!r} (expected one of {', '.join(UNITS)})")
    if count < 1:
        raise ValueError(f"count {count} (expected at least 1)")
    size = HANDS_PER_SHARD if unit == "hands" else MATCHES_PER_SHARD
    return [Shard(v, k, unit, min(size, count - start), shard_seed(seed, v, k), bots, entrant)
            for k, start in enumerate(range(0, count, size)) for v, entrant in enumerate(entrants)]


def _bots(game: Game, kinds: tuple[str, ...], rng: random.Random, players: int) -> list[Any]:
    return seat_bots(game.facet("bots").BOTS, kinds, rng, players)


def play_shard(shard: Shard) -> Tally:
    """Play one shard and return its tally (the function every worker runs; it depends on ``shard`` only).

    Both units play whole matches, each match one cluster of observations (:meth:`Tally.add_cluster`): its hands,
    observed with ``observe_hand`` and ``rules_fired``, and the match itself with ``observe_match`` when it ends
    (not when a safety cap stops it). Matches (``unit == "matches"``): ``count`` matches. Hands: matches until at
    least ``count`` hands are played, the last match played to its end, so that every hand is a hand of a whole
    match and the figures do not depend on where shards cut matches (a shard may play a few more hands than
    ``count``). The garbage collector's cyclic pass is off while the shard plays and runs once when it ends: its
    passes cost up to a tenth of a shard's time, and the engines make few reference cycles (a 打墩 greedy shard
    none), so memory stays bounded. Each match is seeded from the shard's random source; the bots share one random
    source seeded from it too.

    Raises:
        IllegalAction: a bot chose an illegal action (a bug of the bot).
        MatchError: a match cannot deal its first hand (nothing would ever be played).
        LookupError: the game has no measures module.
    """
    entrant = shard.entrant
    game = entrant.game
    state_api, measures = game.facet("state"), games.measures(game)
    rng = random.Random(shard.seed)
    bots = _bots(game, shard.bots, random.Random(rng.getrandbits(64)), entrant.rules.players)
    tally = Tally()
    played = 0
    collecting = gc.isenabled()
    gc.disable()  # the cyclic collector off while the shard plays, run once at its end
    try:
        while played < shard.count:
            played += _play_match(state_api, entrant.rules, bots, rng, measures, tally, shard.unit)
    finally:
        if collecting:
            gc.enable()
            gc.collect()
    return tally


def _play_match(state_api: Any, rules: Any, bots: list[Any], rng: random.Random, measures: Any, tally: Tally,
                unit: str) -> int:
    """Play one match into ``tally`` as one cluster; the hands or matches (``unit``) it counts for."""
    match = state_api.Match(rules, rng.getrandbits(64))
    states: list[Any] = []
    hands = 0
    capped = False
    while not match.over:
        seen: list[Any] = []
        try:
            match.play(bots, hands=1, on_hand=seen.append)
        except state_api.MatchError:
            if not states and not seen and not match.hands:
                raise  # a match that cannot deal its first hand: nothing would ever be played
            states += seen  # redealt hands before the cap: observed, not counted as hands
            capped = True
            break
        states += seen
        hands += 1 if seen else 0
    values, fired = [], []
    for state in states:  # each state's measures, then its rules (a game's measures module may memoise the last)
        values.append(measures.observe_hand(state))
        fired.append(measures.rules_fired(state))
    if not capped:
        values.append(measures.observe_match(match.hands))
    tally.add_cluster(values, fired)
    tally.hands += hands
    tally.capped += capped
    tally.matches += not capped
    return hands if unit == "hands" else 1
