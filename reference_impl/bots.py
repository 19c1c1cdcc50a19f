"""Bots of any game: making one per seat, and the one loop that lets them play a hand and a match.

A game's ``bots`` module (found through :mod:`datong_rules.reference_impl.games`) lists its bot kinds in ``BOTS``
(name → class); a bot is ``Bot(rng)`` and answers ``choose(state) -> action`` for the hand state of the state API
(:class:`datong_rules.reference_impl.state_api.Bot`), and, in a game where a seat may act while the table does
(Huolong's shows during the deal), ``offer(state, seat) -> action | None`` (:func:`offered_action`). Every game's ``Match.play`` is :func:`play_match`, with the
game's hooks where it differs (its own hand loop, hands that do not count).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .games import Game
from .state_api import Bot, OnHand

BotKind = Callable[[random.Random], Bot]
"""A bot class (or any callable making a bot from its random source)."""


def bot_kinds(game: Game) -> list[str]:
    """The bot kinds of ``game``, sorted."""
    return sorted(_kinds(game))


def _kinds(game: Game) -> Mapping[str, BotKind]:
    module = game.facet("bots")
    kinds: Mapping[str, BotKind] = getattr(module, "BOTS", {})
    return kinds


def kind_problem(kinds: Mapping[str, BotKind], kind: str) -> str | None:
    """None when ``kind`` names a bot of ``kinds`` (a game's ``BOTS``), else what is wrong, in one line.

    A kind is a name (``greedy``), or a name and a parameter after a colon (``search:64``) for a bot class that takes
    one: it has ``parse_parameter(text)``, raising ValueError with what it expects, and is made as
    ``Bot(rng, value)``. A bot class may say why it cannot play in this install (``unavailable()``: a line, or
    None): the search bot in the compiled build.
    """
    name, _, text = kind.partition(":")
    if name not in kinds:
        return f"unknown bot kind {name!r} (expected one of: {', '.join(sorted(kinds))})"
    unavailable = getattr(kinds[name], "unavailable", None)
    reason = unavailable() if unavailable is not None else None
    if reason:
        return f"bot kind {name!r}: {reason}"
    parse = getattr(kinds[name], "parse_parameter", None)
    if ":" not in kind:
        return None
    if parse is None:
        return f"bot kind {kind!r}: {name} takes no parameter (write {name})"
    try:
        parse(text)
    except ValueError as err:
        return f"bot kind {kind!r}: {err}"
    return None


def split_kinds(text: str) -> tuple[str, ...]:
    """The bot kinds a ``--bots`` value names: one for every seat (``greedy``) or one per seat separated by commas
    (``greedy,random,search:8``), spaces around each dropped."""
    return tuple(part.strip() for part in text.split(","))


def kinds_problem(kinds: Mapping[str, BotKind], text: str, players: int) -> str | None:
    """None when ``text`` names one bot kind of ``kinds`` (a game's ``BOTS``) for every seat, or one per seat of
    ``players`` separated by commas (:func:`split_kinds`); else what is wrong, in one line (the first bad kind's
    :func:`kind_problem`, or the count of kinds against the seats)."""
    parts = split_kinds(text)
    for part in parts:
        problem = kind_problem(kinds, part)
        if problem is not None:
            return problem
    if len(parts) not in (1, players):
        return f"{len(parts)} kinds given; expected one for every seat or one per seat ({players} seats)"
    return None


def seat_bots(kinds: Mapping[str, BotKind], named: Sequence[str], rng: random.Random, players: int) -> list[Bot]:
    """One bot per seat: of the one kind ``named`` holds for every seat, or of each seat's own kind (``named`` one
    per seat), all sharing ``rng`` (:func:`bots_of` for each kind).

    Raises:
        ValueError: a bad kind, or as many kinds as neither 1 nor ``players`` (one line).
    """
    if len(named) == 1:
        return bots_of(kinds, named[0], rng, players)
    if len(named) != players:
        raise ValueError(f"{len(named)} kinds given; expected one for every seat or one per seat ({players} seats)")
    return [bots_of(kinds, kind, rng, 1)[0] for kind in named]


def bots_of(kinds: Mapping[str, BotKind], kind: str, rng: random.Random, players: int) -> list[Bot]:
    """One bot per seat of the named kind (a key of ``kinds``, a game's ``BOTS``, with a parameter where the kind
    takes one: ``search:64``, :func:`kind_problem`), all sharing ``rng``.

    Raises:
        ValueError: no bot of that kind, or a bad parameter (one line: the kinds, or what the parameter should be).
    """
    problem = kind_problem(kinds, kind)
    if problem is not None:
        raise ValueError(problem)
    name, colon, text = kind.partition(":")
    make = kinds[name]
    if not colon:
        return [make(rng) for _ in range(players)]
    value = make.parse_parameter(text)  # type: ignore[attr-defined]
    return [make(rng, value) for _ in range(players)]  # type: ignore[call-arg]


def make_bots(game: Game, kind: str, rng: random.Random, players: int) -> list[Bot]:
    """One bot per seat of ``game``: of the named kind, or of each seat's kind when ``kind`` names one per seat
    separated by commas (``greedy,random,greedy,random``: :func:`seat_bots` of the game's ``BOTS``).

    Raises:
        ValueError: ``game`` has no bot of a kind named (the message lists the kinds), or the count of kinds is
            neither 1 nor ``players``.
    """
    return seat_bots(_kinds(game), split_kinds(kind), rng, players)


def offered_action(bot: Bot, state: Any, seat: int) -> Any:
    """The action ``bot`` makes for ``seat`` while no seat is to act (a step of the table just taken, such as a card
    dealt to ``seat``), when the game lets a seat act then (Huolong's shows during the deal): the bot's optional
    ``offer(state, seat) -> action | None``. None when the bot makes none (or has no ``offer``: a game without such
    actions). The action is the caller's to apply (validated: it is checked like any other)."""
    offer = getattr(bot, "offer", None)
    return None if offer is None else offer(state, seat)


def play_hand(state: Any, bots: Sequence[Bot]) -> Any:
    """Play ``state`` to its end with one bot per seat, through the state API: the bot of ``current_player()``
    chooses (seat 0's bot while no seat is to move: a step of the table, such as the deal).

    Returns:
        The same state, terminal.

    Raises:
        IllegalAction: a bot chose an illegal action (a bug in the bot).
    """
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[0 if seat is None else seat].choose(state))
    return state


def play_trusted(state: Any, bots: Sequence[Bot]) -> Any:
    """Play ``state`` to its end with one bot per seat, each action applied without re-checking it
    (``apply(action, validate=False)``): the fast path of a bot match, for a game whose bots choose legal actions
    made by the engine itself (its ``legal_actions``, ``random_action`` or play classes). An action from outside
    (a record, the table, the protocol) is applied validated instead.

    Returns:
        The same state, terminal.
    """
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[0 if seat is None else seat].choose(state), validate=False)
    return state


def _every_hand(state: Any) -> bool:
    return True


def play_match(match: Any, bots: Sequence[Bot], hands: int | None = None, on_hand: OnHand | None = None, *,
               play_hand: Callable[[Any, Sequence[Bot]], Any] = play_hand,
               counts: Callable[[Any], bool] = _every_hand) -> None:
    """The match loop of every game: play hands of ``match`` (the state API's ``Match``: ``over``, ``new_hand()``,
    ``finish_hand(state)``) with one bot per seat until the match is over or ``hands`` hands are played;
    ``on_hand(state)`` after each hand.

    Args:
        play_hand: the game's hook that plays one hand to its end (default: :func:`play_hand`).
        counts: the game's hook that tells whether a finished hand counts towards ``hands`` (default: every hand;
            Huolong: not a redealt one).

    Raises:
        IllegalAction: a bot chose an illegal action (as :func:`play_hand`).
        MatchError: a safety cap of the match is reached.
    """
    played = 0
    while not match.over and (hands is None or played < hands):
        state = play_hand(match.new_hand(), bots)
        match.finish_hand(state)
        if counts(state):
            played += 1
        if on_hand is not None:
            on_hand(state)
