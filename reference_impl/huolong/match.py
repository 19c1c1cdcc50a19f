"""A Huolong match (一龙): hands one after another until a team wins.

Rules used: ``levels.start`` (both teams start there), ``levels.hand_level`` (a hand is played at
the banker team's level), ``deal.first_drawer`` (the first hand's first drawer, later the banker),
``declaration.scope`` (``match``: later hands keep the first hand's trump suit and have no
declaration; ``hand``: each hand declares its suit) and ``declaration.nobody_declared`` (a redeal
replays the same hand with a new pack). The settlement of each hand (``settlement.*``) gives both
teams' new levels, the next banker (``rotation.*``) and, when the match is won, the winner.

Teams are numbered by seat parity: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import play_match
from ..state_api import MAX_HANDS, MatchError, OnHand
from .bots import play_hand
from .dealing import new_pack
from .hand import HandState
from .rules import HuolongRules


def plural(count: int, word: str) -> str:
    """A count with its noun for messages: ``1, "hand"`` → ``"1 hand"``; ``2, "hand"`` → ``"2 hands"``."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def next_last_bankers(last_bankers: tuple[int | None, int | None], banker: int) -> tuple[int | None, int | None]:
    """The teams' last bankers after a settled hand with ``banker``: that seat's team's entry becomes ``banker``."""
    out = list(last_bankers)
    out[banker % 2] = banker
    return (out[0], out[1])


@dataclass(frozen=True)
class HandSetup:
    """What a new hand of the match starts from."""

    hand_number: int
    deal_number: int
    team_levels: tuple[str, str]
    banker: int | None
    trump_suit: str | None
    last_bankers: tuple[int | None, int | None] = (None, None)


class Match:
    """The state of a match.

    Args:
        rules: the variant's rules.
        seed: seeds the match's own ``random.Random``, which shuffles every pack.
        max_hands: safety cap on settled hands (a :class:`MatchError` past it).
        max_redeals: safety cap on consecutive redeals of one hand.

    Attributes:
        team_levels: ``(team 0 level, team 1 level)``; banker: the next hand's banker (None before
        the first declaration); trump_suit: the match's suit under ``declaration.scope: match``;
        last_bankers: ``(team 0's, team 1's)`` last banker in the match, None for a team that has not had the
        bank (``rotation.take_over: team_alternates``); hand_number, deal_number: of the next hand;
        hands: every finished :class:`HandState`
        (redealt ones included); winner: the winning team (0 or 1) once the match is over.
    """

    def __init__(self, rules: HuolongRules, seed: int | None = None, *, max_hands: int = MAX_HANDS,
                 max_redeals: int = 100) -> None:
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.scope = rules.declaration["scope"]  # match or hand (rules_for refuses any other)
        self.max_hands, self.max_redeals = max_hands, max_redeals
        self.team_levels: tuple[str, str] = (rules.start_level, rules.start_level)  # levels.start
        self.banker: int | None = None
        self.trump_suit: str | None = None
        self.last_bankers: tuple[int | None, int | None] = (None, None)
        self.hand_number = 1
        self.deal_number = 1
        self.hands: list[HandState] = []
        self.winner: int | None = None

    @property
    def over(self) -> bool:
        """True once a team has won the match."""
        return self.winner is not None

    def setup(self) -> HandSetup:
        """The parameters of the next hand."""
        kept = self.trump_suit if self.scope == "match" and self.hand_number > 1 else None
        return HandSetup(self.hand_number, self.deal_number, self.team_levels, self.banker, kept, self.last_bankers)

    def new_hand(self) -> HandState:
        """Shuffle a pack and start the next hand.

        Raises:
            MatchError: the match is over, or a safety cap is reached.
        """
        if self.over:
            raise MatchError("the match is over")
        if self.hand_number > self.max_hands:
            raise MatchError(f"no winner after {plural(self.max_hands, 'hand')}")
        if self.deal_number > self.max_redeals:
            raise MatchError(f"hand {self.hand_number} was redealt {plural(self.max_redeals, 'time')}")
        s = self.setup()
        return HandState(self.rules, new_pack(self.rules, self.rng), hand_number=s.hand_number,
                         team_levels=s.team_levels, banker=s.banker, trump_suit=s.trump_suit,
                         last_bankers=s.last_bankers, _pack_checked=True)

    def finish_hand(self, state: HandState) -> None:
        """Take a finished hand's result into the match.

        A redealt hand keeps the hand number (the next deal number); a settled hand moves both teams'
        levels, the banker and, in a match-scope variant's first hand, the trump suit.

        Raises:
            MatchError: the hand is not finished.
        """
        if not state.finished:
            raise MatchError(f"hand {state.hand_number} is not finished (phase {state.phase})")
        self.hands.append(state)
        if state.phase == "redeal":
            self.deal_number += 1
            return
        if self.scope == "match" and self.trump_suit is None:
            self.trump_suit = state.trump_suit
        self.team_levels = state.team_levels_after()
        self.last_bankers = next_last_bankers(self.last_bankers, state.known_banker)
        self.banker = state.settle_outcome.next_banker
        self.winner = state.match_winner_team()
        self.hand_number += 1
        self.deal_number = 1

    def play(self, bots: Sequence[Any], hands: int | None = None, on_hand: OnHand | None = None) -> None:
        """Play hands with ``bots`` (one per seat) until the match is won or ``hands`` hands are settled: the one match
        loop (:func:`datong_rules.reference_impl.bots.play_match`) with Huolong's hand loop (:func:`.bots.play_hand`:
        the bots are asked for shows as the cards are dealt) and redealt hands not counted.

        Args:
            bots: one bot per seat (see :mod:`.bots`).
            hands: stop after this many settled hands (None: until the match is won).
            on_hand: optional callback ``on_hand(state)`` after each finished hand.

        Raises:
            MatchError: a safety cap is reached.
        """
        play_match(self, bots, hands, on_hand, play_hand=play_hand, counts=_settled)


def _settled(state: HandState) -> bool:
    """Whether a finished hand counts among the hands played (a redealt one does not)."""
    return state.phase == "settled"
