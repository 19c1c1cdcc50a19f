"""The toy game's state API: one hand from the deal to the card passed at the end, and a match of hands.

A hand: the pack is dealt ``deal.hand_size`` cards each from seat ``first`` on; the rest stay unused. Rounds: the
leader plays a single or a pair (no pass); each next seat with cards passes or plays the same combination higher;
when every other seat still in has passed since the last play, the round ends and the last player leads (the next
seat in after them if they went out). A seat with no cards left is out (``finish`` order). When one seat is left,
it gives the first out one card of its choice (``{"type": "give", "seat", "to", "cards": [card]}``) and the hand ends.

Actions: ``{"type": "pass", "seat"}``, ``{"type": "play", "seat", "cards", "reading"?}``, ``{"type": "give", …}``.
An illegal action raises the kit's :class:`~datong_rules.reference_impl.state_api.IllegalAction` (a ``ValueError`` with a
reason code) and changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from datong_rules.reference_impl.actions import ActionError, read_action
from datong_rules.reference_impl.bots import play_match
from datong_rules.reference_impl.state_api import IllegalAction, MatchError, check_on_a_copy

from .combos import Reading, beats, declared, reading_of, readings
from .rules import ToyRules


class ToyHand:
    """One hand of the toy game (the state API of :mod:`datong_rules.reference_impl.games`).

    Args:
        rules: the variant's rules; pack: the whole deck in dealing order; first: the seat that gets the first card
            and leads; hand_number: 1 for a match's first hand.

    Raises:
        ValueError: the pack is not the variant's deck, or ``first`` is not a seat.
    """

    def __init__(self, rules: ToyRules, pack: list[str], first: int = 0, hand_number: int = 1) -> None:
        if Counter(pack) != Counter(rules.deck):
            raise ValueError("the pack is not the variant's deck (deck.cards)")
        if first not in rules.table.seats:
            raise ValueError(f"first: expected a seat of {rules.variant_id}, got {first!r}")
        self.rules, self.pack, self.first, self.hand_number = rules, list(pack), first, hand_number
        table = rules.table
        self.hands = [Counter() for _ in table.seats]
        dealt = rules.players * rules.hand_size
        for i, card in enumerate(self.pack[:dealt]):
            self.hands[table.next_seat(first, i)][card] += 1
        self.unused = list(self.pack[dealt:])
        self.played: list[str] = []
        self.turn: int | None = first
        self.last: tuple[int, list[str], Reading] | None = None
        self.passed: set[int] = set()
        self.finish: list[int] = []
        self.phase = "play"
        self.actions: list[dict] = []

    # -- the state API ----------------------------------------------------------------------------------------
    def active(self) -> list[int]:
        """The seats still holding cards, in play order from seat 0."""
        return [s for s in self.rules.table.seats if s not in self.finish]

    def current_player(self) -> int | None:
        """The seat to act (the last player during the give), or None once the hand is over."""
        return None if self.phase == "over" else self.turn

    def is_terminal(self) -> bool:
        """True once the last card is given."""
        return self.phase == "over"

    def legal_actions(self) -> Iterator[dict]:
        """Every legal action now (a toy hand holds few cards, so listing them is cheap)."""
        seat = self.turn
        if self.phase == "give":
            for card in sorted(self.hands[seat]):
                yield {"type": "give", "seat": seat, "to": self.finish[0], "cards": [card]}
            return
        if self.phase != "play":
            return
        if self.last is not None:
            yield {"type": "pass", "seat": seat}
        for cards in self._candidates(seat):
            for reading in readings(self.rules, cards):
                if self.last is None or beats(self.rules, reading, self.last[2]):
                    yield {"type": "play", "seat": seat, "cards": cards,
                           "reading": reading_of(self.rules, cards, reading)}

    def _candidates(self, seat: int) -> list[list[str]]:
        held = sorted(self.hands[seat])
        out = [[c] for c in held]
        out += [[a, b] for i, a in enumerate(held) for b in held[i + 1:]]
        return [cards for cards in out if readings(self.rules, cards)]

    def random_action(self, rng: random.Random) -> dict:
        """One legal action at random: a pass with chance 1/4 when allowed, else a random play that beats the table,
        found by trying the hand's cards in random order (no full list), else a pass.

        Raises:
            RuntimeError: the hand is over.
        """
        if self.phase == "over":
            raise RuntimeError("the hand is over")
        seat = self.turn
        if self.phase == "give":
            return {"type": "give", "seat": seat, "to": self.finish[0], "cards": [rng.choice(sorted(self.hands[seat]))]}
        if self.last is not None and rng.random() < 0.25:
            return {"type": "pass", "seat": seat}
        held = sorted(self.hands[seat].elements())
        rng.shuffle(held)
        for i, card in enumerate(held):
            for cards in ([card], *([card, other] for other in held[i + 1:])):
                options = [r for r in readings(self.rules, cards)
                           if self.last is None or beats(self.rules, r, self.last[2])]
                if options:
                    return {"type": "play", "seat": seat, "cards": list(cards),
                            "reading": reading_of(self.rules, cards, rng.choice(options))}
        return {"type": "pass", "seat": seat}

    def check(self, action: dict) -> str | None:
        """None when ``action`` is legal now, else the reason code :meth:`apply` would give (tried on a copy)."""
        return check_on_a_copy(self, action)

    def apply(self, action: dict) -> None:
        """Apply one action (module doc for the shapes).

        Raises:
            IllegalAction: ``bad_action``, ``wrong_phase``, ``out_of_turn``, ``must_lead``, ``not_in_hand``, a
                reading code of :func:`.combos.declared`, ``not_higher``; the state is unchanged.
        """
        try:
            action = read_action(action, self.rules.players)  # the shared notation, canonical cards
        except ActionError as err:
            raise IllegalAction("bad_action", action.get("seat") if isinstance(action, dict) else None,
                                action, str(err)) from None
        kind, seat = action["type"], action["seat"]
        if self.phase == "over" or (kind == "give") != (self.phase == "give") or kind == "bury":
            raise IllegalAction("wrong_phase", seat, action, f"a {kind} in the {self.phase} phase")
        if seat != self.turn:
            raise IllegalAction("out_of_turn", seat, action, f"seat {self.turn} is to act")
        if kind == "pass":
            self._pass(seat)
        elif kind == "play":
            self._play(seat, action)
        else:
            self._give(seat, action)

    def _take(self, seat: int, cards: Any) -> list[str]:
        if not isinstance(cards, list) or not cards:
            raise IllegalAction("bad_action", seat, detail="'cards' must be a list of cards")
        if any(not isinstance(c, str) for c in cards) or Counter(cards) - self.hands[seat]:
            raise IllegalAction("not_in_hand", seat)
        return list(cards)

    def _pass(self, seat: int) -> None:
        if self.last is None:
            raise IllegalAction("must_lead", seat, {"type": "pass", "seat": seat}, "the leader plays")
        self.passed.add(seat)
        self.actions.append({"type": "pass", "seat": seat})
        self._advance(seat)

    def _play(self, seat: int, action: dict) -> None:
        cards = self._take(seat, action.get("cards"))
        reading = declared(self.rules, cards, action.get("reading"))
        if isinstance(reading, str):
            raise IllegalAction(reading, seat)
        if self.last is not None and not beats(self.rules, reading, self.last[2]):
            raise IllegalAction("not_higher", seat)
        self.hands[seat].subtract(cards)
        self.hands[seat] = +self.hands[seat]
        self.played += cards
        self.last, self.passed = (seat, cards, reading), set()
        entry = {"type": "play", "seat": seat, "cards": cards}
        if "reading" in action:
            entry["reading"] = action["reading"]
        self.actions.append(entry)
        if not self.hands[seat]:
            self.finish.append(seat)
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        active = self.active()
        if len(active) == 1:
            self.phase, self.turn, self.last = "give", active[0], None
            return
        last_seat = self.last[0]
        if set(active) - {last_seat} <= self.passed:  # the round is over: the last player leads
            self.last, self.passed = None, set()
            self.turn = last_seat if last_seat in active else self._next_in(last_seat)
            return
        self.turn = self._next_in(seat)

    def _next_in(self, seat: int) -> int:
        table = self.rules.table
        for step in range(1, table.players + 1):
            nxt = table.next_seat(seat, step)
            if nxt not in self.finish:
                return nxt
        raise RuntimeError("nobody left to play")

    def _give(self, seat: int, action: dict) -> None:
        cards = self._take(seat, action.get("cards"))
        if action.get("to") != self.finish[0] or len(cards) != 1:
            raise IllegalAction("bad_give", seat, action, f"one card to the first out (seat {self.finish[0]})")
        self.hands[seat].subtract(cards)
        self.hands[seat] = +self.hands[seat]
        self.hands[self.finish[0]].update(cards)
        self.actions.append({"type": "give", "seat": seat, "to": self.finish[0], "cards": cards})
        self.finish.append(seat)
        self.phase, self.turn = "over", None
        self.actions.append({"type": "settle", **self.settlement()})

    def settlement(self) -> dict[str, Any]:
        """``{"finish": [seats in finishing order], "scores": [per seat]}`` (``settlement.points``).

        Raises:
            RuntimeError: the hand is not over.
        """
        if self.phase != "over" and not (self.phase == "give" and len(self.finish) == self.rules.players):
            raise RuntimeError("the hand is not over")
        scores = [0] * self.rules.players
        scores[self.finish[0]] += self.rules.points["first"]
        scores[self.finish[-1]] += self.rules.points["last"]
        return {"finish": list(self.finish), "scores": scores}

    def cards_everywhere(self) -> Counter:
        """Every card of the hand wherever it lies: hands, cards played, cards not dealt."""
        out = Counter(self.played) + Counter(self.unused)
        for hand in self.hands:
            out.update(hand)
        return out

    def summary(self) -> dict[str, Any]:
        """A comparable digest: phase, hands, cards played, finishing order."""
        return {"phase": self.phase, "hands": [sorted(h.elements()) for h in self.hands],
                "played": list(self.played), "finish": list(self.finish)}


def new_hand(rules: ToyRules, rng: random.Random, first: int = 0, hand_number: int = 1) -> ToyHand:
    """A hand with the deck shuffled by ``rng``."""
    pack = list(rules.deck)
    rng.shuffle(pack)
    return ToyHand(rules, pack, first=first, hand_number=hand_number)


class Match:
    """A match: ``match.hands`` hands; the first out of a hand leads the next.

    Attributes: rules, seed, rng, hands (finished :class:`ToyHand`), scores (per seat), over.
    """

    def __init__(self, rules: ToyRules, seed: int | None = None, *, max_hands: int = 500) -> None:
        self.rules, self.seed, self.rng = rules, seed, random.Random(seed)
        self.hands: list[ToyHand] = []
        self.scores = [0] * rules.players
        self.winner: int | None = None
        self.max_hands = max_hands

    @property
    def over(self) -> bool:
        """True once ``match.hands`` hands are played."""
        return len(self.hands) >= min(self.rules.match_hands, self.max_hands)

    def new_hand(self) -> ToyHand:
        """The next hand (raises :class:`MatchError` once the match is over)."""
        if self.over:
            raise MatchError("the match is over")
        first = self.hands[-1].finish[0] if self.hands else 0
        return new_hand(self.rules, self.rng, first=first, hand_number=len(self.hands) + 1)

    def finish_hand(self, state: ToyHand) -> None:
        """Take a finished hand's scores into the match."""
        if not state.is_terminal():
            raise MatchError("the hand is not over")
        self.hands.append(state)
        for seat, points in enumerate(state.settlement()["scores"]):
            self.scores[seat] += points
        if self.over:
            best = max(self.scores)
            self.winner = self.scores.index(best) if self.scores.count(best) == 1 else None

    def play(self, bots: list, hands: int | None = None, on_hand=None) -> None:
        """Bots play hands until the match is over or ``hands`` hands are played."""
        play_match(self, bots, hands, on_hand)
