"""Bots of any game: making one per seat, and the generic loops that let them play a hand and a match.

A game's ``bots`` module (found through :mod:`datong_rules.reference_impl.games`) lists its bot kinds in ``BOTS``
(name → class); a bot is ``Bot(rng)`` and answers ``choose(state) -> action`` for the hand state of the state API.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .games import Game


def bot_kinds(game: Game) -> list[str]:
    """The bot kinds of ``game``, sorted."""
    return sorted(game.facet("bots").BOTS)


def make_bots(game: Game, kind: str, rng: random.Random, players: int) -> list[Any]:
    """One bot per seat of the named kind, all sharing ``rng``.

    Raises:
        ValueError: ``game`` has no bot of that kind (the message lists the kinds).
    """
    kinds = game.facet("bots").BOTS
    if kind not in kinds:
        raise ValueError(f"unknown bot kind {kind!r} ({', '.join(sorted(kinds))})")
    return [kinds[kind](rng) for _ in range(players)]


def play_hand(state: Any, bots: Sequence[Any]) -> Any:
    """Play ``state`` to its end with one bot per seat, through the state API: the bot of ``current_player()``
    chooses (seat 0's bot while no seat is to move: a step of the table, such as the deal).

    Returns:
        The same state, terminal.

    Raises:
        ValueError: a bot chose an illegal action (a bug in the bot; the game's own error).
    """
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[0 if seat is None else seat].choose(state))
    return state


def play_match(match: Any, bots: Sequence[Any], hands: int | None = None,
               on_hand: Callable[[Any], object] | None = None) -> None:
    """Play hands of ``match`` (the state API's ``Match``: ``over``, ``new_hand()``, ``finish_hand(state)``) with one
    bot per seat until the match is over or ``hands`` hands are played; ``on_hand(state)`` after each hand.

    Raises:
        ValueError: a bot chose an illegal action (as :func:`play_hand`).
    """
    played = 0
    while not match.over and (hands is None or played < hands):
        state = play_hand(match.new_hand(), bots)
        match.finish_hand(state)
        played += 1
        if on_hand is not None:
            on_hand(state)
