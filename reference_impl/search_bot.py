"""The search bot of every game: determinized Monte Carlo (perfect-information Monte Carlo) over the state API.

At a decision with more than one candidate action, the bot samples deals of the cards it cannot see, plays each
candidate in each sampled deal and lets the game's greedy bots play the hand to its end, then takes the candidate
with the best mean outcome for its seat. It reads the game only through the state API
(:mod:`datong_rules.reference_impl.state_api`): ``current_player``, ``hands``, ``legal_actions``, ``random_action``,
``apply``, ``is_terminal``, and the redeal of :class:`~datong_rules.reference_impl.state_api.Redealable`
(``with_hands``); the outcome is the game's measure ``seat_won_<seat>`` (its ``measures`` module): whether the
seat's side won the hand (憋蛋 Biedan: whether the seat went out first). No rule of any game is written here.

What a sampled deal keeps: the bot's own cards, every card played, how many cards each other seat holds, and every
card lying outside the hands (Huolong's bottom, Biedan's egg) where it lies. What it ignores: what the play so far
tells about the other hands (a suit not followed, a pass, a card seen in a show, a tribute or an exchange): the
other seats' cards are shuffled among them as if nothing were known.

Candidates (:data:`CANDIDATES`): every legal action when there are at most that many, else the greedy bot's choice
and distinct random legal actions (the state's own sampler) up to that many. The greedy bot's choice is always the
first candidate, and a tie goes to it.

The budget is the number of rollouts per decision: with ``c`` candidates, ``budget // c`` sampled deals (at least
one), each candidate played in the same deals (common random numbers); with more candidates than the budget, the
first ``budget`` only, one deal. A decision with one candidate costs no rollout. The bot draws every sample from its
own random source, so a seeded run plays the same.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import islice
from types import ModuleType
from typing import Any

from .bots import play_trusted
from .state_api import Action, Bot, Redealable

DEFAULT_BUDGET = 32
"""Rollouts per decision of ``search`` without a budget (``search:N`` names another)."""

MAX_BUDGET = 100_000
"""The largest budget ``search:N`` takes."""

CANDIDATES = 8
"""The most candidate actions the bot weighs at one decision."""

Policy = Callable[[random.Random], Bot]
"""The bots that choose the candidates' first and play the rollouts: the game's greedy bot class."""


def parse_budget(text: str) -> int:
    """The budget of ``search:N`` from the text ``N``: a whole number of rollouts per decision, 1 to
    :data:`MAX_BUDGET`.

    Raises:
        ValueError: one line, what was wrong and what is expected.
    """
    expected = f"expected rollouts per decision, a whole number from 1 to {MAX_BUDGET}"
    if not text.strip().isdecimal():
        raise ValueError(f"budget {text!r} is not a whole number ({expected})")
    budget = int(text)
    if not 1 <= budget <= MAX_BUDGET:
        raise ValueError(f"budget {budget} is out of range ({expected})")
    return budget


def _key(action: Action) -> str:
    """The identity of an action among the candidates: its fields, its cards in order of their tokens."""
    cards = action.get("cards")
    same = dict(action, cards=sorted(cards)) if isinstance(cards, list) else action
    return json.dumps(same, sort_keys=True)


def _redeals(state: Any) -> bool:
    """Whether the game's hand state can be copied with the cards redealt (:class:`..state_api.Redealable`)."""
    return isinstance(state, Redealable)


class Search:
    """Determinized Monte Carlo for one seat (the module doc says what it samples, keeps and ignores).

    Args:
        rng: the bot's random source (candidates, sampled deals and the rollout bots' draws).
        budget: rollouts per decision, 1 to :data:`MAX_BUDGET`.
        policy: the game's greedy bot class (the first candidate and the rollouts).
        measures: the game's ``measures`` module (``observe_hand``, a measure ``seat_won_<seat>`` per seat).

    Raises:
        ValueError: ``budget`` out of range.
    """

    def __init__(self, rng: random.Random, budget: int, policy: Policy, measures: ModuleType) -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise ValueError(f"budget {budget} is out of range (expected 1 to {MAX_BUDGET})")
        self.rng, self.budget, self.measures = rng, budget, measures
        self.policy = policy(rng)
        self.rollout_bots: list[Bot] = []
        self._make_policy = policy
        self.rollouts = 0
        """Rollouts played so far (for the cost measured per decision)."""

    def choose(self, state: Any) -> Action:
        """The action of ``state``'s current player: the greedy bot's when the seat has one candidate (or no seat
        is to act, or the game cannot redeal), else the candidate with the best mean outcome over the rollouts."""
        seat = state.current_player()
        if seat is None or not _redeals(state):
            return self.policy.choose(state)
        probe = state.with_hands(state.hands)  # candidates drawn on a copy: the samplers leave nothing on the state
        candidates = self._candidates(probe)
        if len(candidates) == 1:
            return candidates[0]
        candidates = candidates[:self.budget]
        deals = max(1, self.budget // len(candidates))
        totals = [0.0] * len(candidates)
        for _ in range(deals):
            deal = self._deal(state.hands, seat)
            for i, action in enumerate(candidates):
                totals[i] += self._rollout(state.with_hands(deal), action, seat)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return dict(candidates[best])

    def _candidates(self, probe: Any) -> list[Action]:
        """The greedy bot's action first, then every other legal action when there are at most
        :data:`CANDIDATES`, else distinct random legal actions up to that many."""
        first = self.policy.choose(probe)
        found = {_key(first): first}
        listed = list(islice(probe.legal_actions(), CANDIDATES + 1))
        if len(listed) <= CANDIDATES:
            for action in listed:
                found.setdefault(_key(action), action)
            return list(found.values())
        for _ in range(4 * CANDIDATES):
            if len(found) >= CANDIDATES:
                break
            action = dict(probe.random_action(self.rng))
            found.setdefault(_key(action), action)
        return list(found.values())

    def _deal(self, hands: Sequence[Counter[str]], seat: int) -> list[Counter[str]]:
        """A sampled deal: ``seat``'s own cards kept, the other seats' cards shuffled among them, each seat keeping
        its number of cards."""
        others = [s for s in range(len(hands)) if s != seat]
        pool = sorted(card for s in others for card in hands[s].elements())
        self.rng.shuffle(pool)
        deal = [Counter(hand) for hand in hands]
        start = 0
        for s in others:
            size = hands[s].total()
            deal[s] = Counter(pool[start:start + size])
            start += size
        return deal

    def _rollout(self, trial: Any, action: Action, seat: int) -> float:
        """``action`` made in the sampled deal ``trial``, the hand played to its end by greedy bots; the outcome
        for ``seat`` (1 when its side won the hand, else 0)."""
        if not self.rollout_bots:
            self.rollout_bots = [self._make_policy(self.rng) for _ in range(trial.rules.players)]
        trial.apply(dict(action))
        play_trusted(trial, self.rollout_bots)
        self.rollouts += 1
        return float(self.measures.observe_hand(trial).get(f"seat_won_{seat}", 0.0))


def unavailable_with(state_class: type) -> str | None:
    """Why the search bot cannot play hands of ``state_class`` in this install, in one line, or None.

    The bot copies the hand state (``with_hands``); where that is a deep copy (:func:`..state_api.copy_sharing`), a
    class compiled by mypyc (the optional compiled build, ``DATONG_RULES_COMPILE=1``) cannot be so copied, nor can a
    class built on one. None in the pure-Python build, and for a class that copies itself (a ``copy`` method of its
    own, which its ``with_hands`` uses: 攉龙's).
    """
    if "copy" in vars(state_class):
        return None
    for cls in state_class.__mro__:
        file = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
        if file.endswith((".so", ".pyd")):
            return ("the search bot needs the pure-Python build: this install's compiled hand state cannot be copied "
                    "(install without DATONG_RULES_COMPILE)")
    return None


def searching(policy: Policy, measures: ModuleType, state_class: type | None = None) -> type:
    """The search bot class of a game whose bots answer ``choose(state)``: ``Bot(rng)`` with the default budget,
    ``Bot(rng, budget)`` otherwise; its kind ``search`` takes the budget as ``search:N``
    (``parse_parameter``: :func:`parse_budget`); ``unavailable()`` says why it cannot play here
    (:func:`unavailable_with` ``state_class``), or None.

    Args:
        policy: the game's greedy bot class; measures: the game's ``measures`` module; state_class: the game's hand
            state class (None: always available).
    """

    class SearchBot(Search):
        __doc__ = (f"Determinized Monte Carlo over the state API, rollouts by {policy.__name__} "
                   f"(:class:`datong_rules.reference_impl.search_bot.Search`).")
        parse_parameter = staticmethod(parse_budget)

        @staticmethod
        def unavailable() -> str | None:
            """Why this bot cannot play here (:func:`unavailable_with`), or None."""
            return None if state_class is None else unavailable_with(state_class)

        def __init__(self, rng: random.Random | None = None, budget: int = DEFAULT_BUDGET) -> None:
            super().__init__(rng if rng is not None else random.Random(), budget, policy, measures)

    return SearchBot
