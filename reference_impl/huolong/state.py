"""Huolong's state API (see :mod:`datong_rules.reference_impl.games`): a hand, a match, and how a hand starts.

The hand state is :class:`~.hand.HandState` (``current_player``, ``legal_actions``, ``random_action``, ``apply``,
``is_terminal``, ``settlement``, ``hands``, ``summary``); the match is :class:`~.match.Match`.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import play_hand
from .dealing import new_pack
from .hand import HandState, IllegalAction
from .match import Match, MatchError
from .rules import HuolongRules

__all__ = ["HandState", "IllegalAction", "Match", "MatchError", "new_hand", "play_hand"]


def new_hand(rules: HuolongRules, rng: random.Random, **setup: Any) -> HandState:
    """A new hand with a pack shuffled by ``rng``; ``setup`` as :class:`~.hand.HandState` takes it (``hand_number``,
    ``team_levels``, ``banker``, ``trump_suit``, ``first_drawer``); by default a match's first hand.

    Raises:
        ValueError: as :class:`~.hand.HandState`.
    """
    return HandState(rules, new_pack(rules, rng), _pack_checked=True, **setup)
