"""The 打墩 Dadun state API: a hand (cut, draw, marked card, rounds, wind, going out, points) and a Match of hands
across levels (docs/adding-a-game.md).

Seats 0-3 in play order; partners s and s+2. Actions in the action notation of spec/schema/common.schema.json (play with its reading, pass).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from ..actions import ActionError, malformed, read_action
from ..cards import parse_cards
from ..bots import play_match, play_trusted
from ..climbing.cardset import full_pack, shuffle, sort_cards
from ..climbing.reading import Reading
from ..climbing.round_state import Round, RoundViews
from ..climbing.seats import next_to_answer, partner_of
from ..state_api import MAX_HANDS, Bot, IllegalAction, MatchError, OnHand, copy_sharing, redealt, seat_of
from . import combinations as cb
from . import tribute as tr
from .play_reading import resolve
from .lead_classes import LeadClasses
from .plays import class_cards, uniform_play
from .same_rank_plays import Tally, same_rank_plays
from .rules import DadunRules, rules_for
from .scoring import bonus, first_drawer, points_of, settle_hand


class HandState(RoundViews):
    """One hand of Dadun.

    Attributes: rules, level (played level), levels (team levels at the start), cutter, first_drawer, pack (drawing
    order, pack[0] the marked card), marked, holder, hands (seat → Counter), turn, table (cards, Reading, seat) or
    None, table_was, round (the round machine; ``passed`` and ``locked`` read it), round_cards, captured (points by
    seat), finish (seats out, in order), holding (seat → still holds cards), first_partner_before, bonus ({bonus,
    team, transfer}), tribute (``{givers, receivers, resisted, given}`` of the phase after the draw, None without
    one [settlement.tribute]), a_failures (the teams' failures at A when the hand began [match.end]), actions (the
    tribute phase's ``give`` actions first), result (at the end).

    The pack is checked to be the full pack (``bad_pack``) unless ``full_pack_shuffled`` says it is one, shuffled
    (:func:`new_hand`'s).
    """

    def __init__(self, rules: DadunRules, pack: list[str], *, cutter: int, levels: tuple[str, str] = ("2", "2"),
                 level: str = "2", previous: dict | None = None, hand_number: int = 1,
                 first_drawer_seat: int | None = None, a_failures: tuple[int, int] = (0, 0),
                 full_pack_shuffled: bool = False) -> None:
        if not full_pack_shuffled and sorted(pack) != _sorted_pack(rules.decks):
            raise ValueError(f"bad_pack: the pack is not the full {54 * rules.decks}-card pack")
        self.rules, self.level, self.levels = rules, level, tuple(levels)
        self.a_failures = tuple(a_failures)
        self.cutter, self.previous, self.hand_number = cutter, previous, hand_number
        self.pack = list(pack)
        self.marked = pack[0]
        drawer, _ = first_drawer(rules, cutter, self.marked, previous)
        if first_drawer_seat is not None and first_drawer_seat != drawer:
            raise ValueError(f"wrong_setup: the first drawer is seat {drawer}, not {first_drawer_seat}")
        self.first_drawer = self.holder = drawer
        players = rules.players
        self.hands: list[Counter] = [Counter() for _ in range(players)]
        for i in range(players):  # the draw: the drawer takes pack[0], pack[players], …; the next seat pack[1], …
            self.hands[(drawer + i) % players] = Counter(pack[i::players])
        copies = [self.hands[s][self.marked] for s in range(players)]
        self.bonus = bonus(rules, self.marked, drawer, copies, previous is None)
        if self.bonus["transfer"]:
            self.hands[drawer][self.marked] -= 1
            self.hands[drawer] = +self.hands[drawer]  # no card counted zero times
            self.hands[partner_of(drawer, players)][self.marked] += 1
        self.wild = cb.wild_card(rules, level)
        self.turn: int | None = drawer
        self.tribute: dict | None = None  # {givers, receivers, resisted, given: [{kind, from, to, card}]}
        self._steps: list[tr.Step] = []  # the tribute steps still to make [settlement.tribute]
        self._setup_tribute(previous, drawer)
        self.table: tuple[tuple[str, ...], Reading, int] | None = None
        self.table_was = "hand_opening"
        self.round = Round(rules.round)  # the seat whose play stands, passes, lock-outs
        self.round_cards: list[str] = []
        self.played: list[str] = []
        self.captured = [0] * players
        self.finish: list[int] = []
        self.holding = [True] * rules.players  # seat → still holds cards
        self.first_partner_before = 0
        self.actions: list[dict] = []
        self._rounds: list[tuple[list[dict], int, int, bool]] = []  # each round: (its actions, taker, leader, wind)
        self._round_start = 0  # where the round in play begins among the actions
        self.result: dict | None = None
        self._next_is_hand_opening = True
        self._sampled: dict | None = None  # the last sampled action (until applied) and its play (None: a pass)
        self._sampled_play: tuple[tuple[str, ...], Reading] | None = None
        self._random = same_rank_plays(rules, level)  # the same-rank policy's plays at this level (same_rank_action)
        self._tallies: list[Tally | None] = [None] * players  # seat → its hand's counts, made when first needed
        self._leads: list[LeadClasses | None] = [None] * players  # seat → its hand's lead classes, made when needed

    def _setup_tribute(self, previous: dict | None, holder: int) -> None:
        """The tribute phase after the deal, when the previous hand gives one [settlement.tribute]: the steps, or
        none when the givers resist (抗贡); the turn goes to the first giver, or straight to the leader."""
        roles = tr.check_roles(self.rules, previous)
        if roles is None:
            return
        resisted = tr.resists(self.rules, self.hands, roles["givers"])
        self._steps = [] if resisted else tr.steps(self.rules, self.hands, self.level, roles)
        self._lead_after = tr.leader(self.rules, self._steps, resisted, roles["receivers"][0], holder)
        self.tribute = {"givers": roles["givers"], "receivers": roles["receivers"], "resisted": resisted, "given": []}
        self.turn = self._steps[0].giver if self._steps else self._lead_after

    @property
    def rounds(self) -> list[dict]:
        """The rounds played out: ``{actions, taker, leader, wind}`` each (its plays and passes, the seat that took its
        cards, the next leader, whether that was the wind) [play.*]."""
        return [{"actions": actions, "taker": taker, "leader": leader, "wind": wind}
                for actions, taker, leader, wind in self._rounds]

    @property
    def tribute_step(self) -> tr.Step | None:
        """The tribute step to make now (None once the phase is over, or without tribute) [settlement.tribute]."""
        return self._steps[0] if self._steps and self.result is None else None

    def _judge_give(self, action: Any) -> str | None:
        """None when ``action`` makes the tribute step due, else its reason code: ``bad_action``, ``wrong_phase`` (a
        ``bury``), ``tribute_first`` (a play or pass during the phase), ``out_of_turn``, then
        :func:`.tribute.check_give`'s codes."""
        try:
            action = read_action(action, self.rules.players)
        except ActionError:
            return "bad_action"
        step = self._steps[0]
        if action["type"] == "bury":
            return "wrong_phase"
        if action["type"] != "give":
            return "tribute_first"
        if action["seat"] != step.giver:
            return "out_of_turn"
        return tr.check_give(self.rules, self.hands[step.giver], self.level, step, action)

    def _apply_give(self, action: dict) -> None:
        """Make the tribute step due with a legal ``give`` action (canonical tokens)."""
        step = self._steps.pop(0)
        card = action["cards"][0]
        self.hands[step.giver][card] -= 1
        self.hands[step.giver] = +self.hands[step.giver]
        self.hands[step.receiver][card] += 1
        self._tallies[step.giver] = self._tallies[step.receiver] = None  # counted again when needed
        self._leads[step.giver] = self._leads[step.receiver] = None
        self.actions.append({"type": "give", "seat": step.giver, "to": step.receiver, "cards": [card]})
        self._round_start = len(self.actions)  # the tribute's actions come before the first round's
        assert self.tribute is not None
        self.tribute["given"].append({"kind": step.kind, "from": step.giver, "to": step.receiver, "card": card})
        self.turn = self._steps[0].giver if self._steps else self._lead_after

    def _give_actions(self) -> list[dict]:
        step = self._steps[0]
        cards = (tr.tribute_cards if step.kind == "tribute" else tr.return_cards)(
            self.rules, self.hands[step.giver], self.level)
        return [{"type": "give", "seat": step.giver, "to": step.receiver, "cards": [c]} for c in cards]

    # -- queries ---------------------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """The seat to act, None when the hand is over."""
        return None if self.result is not None else self.turn

    def is_terminal(self) -> bool:
        """True once the hand is over (partners first and second, or three out) [hand_end.when]."""
        return self.result is not None

    def active(self) -> list[int]:
        """Seats still holding cards."""
        return [s for s in range(self.rules.players) if s not in self.finish]

    def with_hands(self, hands: Sequence[Sequence[str] | Counter]) -> HandState:
        """State API (:class:`..state_api.Redealable`): a copy of this hand, sharing its rules and play tables, in
        which seat ``s`` holds ``hands[s]`` (card tokens) instead of its cards, everything else as now (the cards
        played, the captured points, the round, the tribute made); this hand is unchanged. A search bot's sampled
        deal of the cards it cannot see. The seats' kept play classes are worked out again from the new hands.

        Raises:
            ValueError: ``hands`` is no redeal of the seats' cards (:func:`..state_api.redealt`).
        """
        dealt = redealt(self.hands, hands)
        copy = copy_sharing(self, self._random)
        copy.hands = [+cards for cards in dealt]
        copy._tallies = [None] * self.rules.players
        copy._leads = [None] * self.rules.players
        return copy

    def cards_everywhere(self) -> Counter:
        """Every card of the hand: hands and cards played (the pack)."""
        out = Counter(self.played)
        for h in self.hands:
            out.update(+h)
        return out

    def check(self, action: dict) -> str | None:
        """State API: None when ``action`` is legal now, else its reason code (:meth:`judge`)."""
        return self.judge(action)[0]

    def judge(self, action: dict) -> tuple[str | None, Any]:
        """(None, reading) when ``action`` is legal now, else (reason code, None): ``bad_action`` when it is not in the
        shared notation (:func:`datong_rules.reference_impl.actions.read_action`), ``wrong_phase`` for any action
        after the hand is over and for a ``bury`` (no part of a 打墩 hand takes one), then the codes of
        docs/implementers/dadun-operations.md (``replay``)."""
        if self._steps:
            return self._judge_give(action), None
        empty = isinstance(action, dict) and action.get("type") == "play" and action.get("cards") == []
        try:  # a play of no cards is read with a stand-in card: it is empty_play, judged after the turn
            action = read_action(dict(action, cards=["BJ"], reading={"combination": "single", "cards": ["BJ"]})
                                 if empty else action, self.rules.players)
        except ActionError:
            return "bad_action", None
        if self.result is not None or action["type"] not in ("play", "pass", "give"):
            return "wrong_phase", None
        if action["type"] == "give":  # a tribute or return outside the tribute phase [settlement.tribute]
            return "no_tribute_now", None
        if action["seat"] != self.turn:
            return "out_of_turn", None
        if action["type"] == "pass":
            return ("must_lead", None) if self.table is None else (None, None)
        if empty:
            return "empty_play", None
        cards = tuple(action["cards"])
        if self.table is not None and self.turn in self.round.locked:
            return "locked_out", None
        hand = self.hands[action["seat"]]  # the seat to act (checked above)
        if any(hand[card] < cards.count(card) for card in set(cards)):
            return "not_in_hand", None
        try:
            reading = resolve(self.rules, cards, action.get("reading"), self.level)
        except ValueError:
            return "bad_reading", None
        if isinstance(reading, str):
            return reading, None
        if self.table is not None:
            reason = cb.beats(self.rules, reading, self.table[1], self.level, self.table_was)
            if reason:
                return reason, None
        return None, reading

    def legal_actions(self) -> Iterator[dict]:
        """Every legal action of the seat to act: each distinct (cards, reading) play, then the pass; the plays of
        :func:`.plays.iter_plays` in its order, generated lazily class by class from the seat's kept lead classes
        (:meth:`lead_classes`; a follow's: those that beat the table): the first actions come before the last
        class's plays are made. A class's plays are made as their cards (:func:`.plays.class_cards`): every play of
        a class has the class's combination; a play of natural cards standing for themselves has one list as its
        cards and its reading's cards (as :meth:`same_rank_action`'s)."""
        if self.result is not None:
            return
        if self._steps:
            yield from self._give_actions()
            return
        seat = self.turn
        assert seat is not None
        if not (self.table is not None and seat in self.round.locked):
            hand, leads = self.hands[seat], self.lead_classes(seat)
            classes = leads.classes() if self.table is None else leads.beating(self.table[1], self.table_was)
            rules, level = self.rules, self.level
            for found in classes:
                combination = found.combination  # the reading of every play of the class (cb.reading_dict)
                yield from [{"type": "play", "seat": seat, "cards": (played := list(cards)), "reading": {
                    "combination": combination, "cards": played if stood is cards else list(stood)}}
                            for cards, stood in class_cards(rules, hand, level, found)]
        if self.table is not None:
            yield {"type": "pass", "seat": seat}

    def lead_classes(self, seat: int) -> LeadClasses:
        """The play classes ``seat``'s hand may lead (:class:`.lead_classes.LeadClasses`: every class, and those
        that beat a table), worked out when first needed and kept up to date as the seat plays (worked out again
        when a tribute step changes the hand): what the random draw, the listing and the greedy bot read."""
        hand = self.hands[seat]
        kept = self._leads[seat]
        if kept is None or kept.hand is not hand:
            kept = self._leads[seat] = LeadClasses(self.rules, hand, self.level)
        return kept

    def random_action(self, rng: random.Random) -> dict:
        """A legal action drawn uniformly among all of them (every combination the catalogue allows, wild readings
        included; the pass when allowed; a tribute step's cards alike), without listing them
        (:func:`.plays.uniform_play`): a play class drawn by its number of plays, then one of its plays. The seat's
        lead classes are worked out once per hand it holds and kept up to date as it plays (:meth:`lead_classes`);
        a follow keeps those that beat the table. The random bot's policy (:meth:`same_rank_action` is a cheaper,
        narrower one)."""
        seat = self.turn
        assert seat is not None
        if self._steps:
            return rng.choice(self._give_actions())
        table = self.table
        found = None
        if table is None or seat not in self.round.locked:
            found = uniform_play(self.rules, self.hands[seat], self.level, table[1] if table else None,
                                 self.table_was, rng, int(table is not None), self.lead_classes(seat))
        self._sampled_play = found
        if found is None:
            action = self._sampled = {"type": "pass", "seat": seat}
            return action
        cards, reading = found
        action = self._sampled = {"type": "play", "seat": seat, "cards": list(cards),
                                  "reading": cb.reading_dict(reading)}
        return action

    def same_rank_action(self, rng: random.Random) -> dict:
        """A legal action of a narrow, cheap policy (:mod:`.same_rank_plays`; benchmark loops, never the random
        bot): a tribute step's card at random; a lead plays every natural copy of the rank of a card drawn by copies
        held (as a pair, triple or bomb when they read as one) or that card alone; a follow, tried four times in
        five (and never when locked out), answers a single, pair or triple with the lowest same-rank group that
        beats it, else passes. It never plays a straight, pair or triple run, full house, straight flush, linked
        group, dun or wild reading."""
        seat = self.turn
        assert seat is not None
        if self._steps:
            return rng.choice(self._give_actions())
        found: tuple[tuple[str, ...], Reading] | None = None
        table = self.table
        if table is None or (seat not in self.round.locked and rng.random() < 0.8):
            tally = self._tallies[seat]
            if tally is None or tally.hand is not self.hands[seat]:  # counted when first needed, then kept by _play
                tally = self._tallies[seat] = Tally(self.hands[seat])
            found = self._random.lead(tally, rng) if table is None else self._random.follow(
                tally, table[1], self.table_was)
        if found is None:
            action = self._sampled = {"type": "pass", "seat": seat}
            self._sampled_play = None
            return action
        self._sampled_play = found
        cards, reading = found
        played = list(cards)  # natural cards stand for themselves: the reading's cards are the same list
        action = self._sampled = {"type": "play", "seat": seat, "cards": played, "reading": {
            "combination": reading.combination, "cards": played if reading.cards is cards else list(reading.cards)}}
        return action

    def play_action(self, cards: tuple[str, ...], reading: Reading) -> dict:
        """The action of the seat to act that plays ``cards`` (of its hand, in notation order) read as ``reading``
        (one of its legal plays, as the engine's own play classes make them: the greedy bot's choice), remembered
        as the last sampled action: applied trusted (``apply(action, validate=False)``), it is not read again."""
        seat = self.turn
        self._sampled_play = (cards, reading)
        action = self._sampled = {"type": "play", "seat": seat, "cards": list(cards),
                                  "reading": cb.reading_dict(reading)}
        return action

    # -- moves -----------------------------------------------------------------------------------------
    def apply(self, action: dict, validate: bool = True) -> None:
        """Make a legal action (``validate=False``: trust an action of :meth:`random_action`,
        :meth:`same_rank_action` or :meth:`legal_actions`, which carry their reading; the fast path of bot matches:
        the last action those samplers drew then becomes the record's entry itself, not to be changed afterwards).

        Validated, an action is judged (:meth:`judge`) as if it came from outside, even the one a sampler just drew
        (records, the table and the protocol never pass that object: a shortcut for it would only flatter a
        benchmark), but for a plain pass of the seat to act while a play stands (:meth:`_plain_pass`), legal
        whoever sends it and known without reading it again.

        Raises:
            IllegalAction: the action is refused (its reason code).
        """
        if self._steps:
            reason = self._judge_give(action)
            if reason:
                raise IllegalAction(reason, seat_of(action, self.rules.players), action)
            return self._apply_give(read_action(action, self.rules.players))
        sampled = self._sampled
        if sampled is not None:
            self._sampled = None
            if action is sampled and not validate:  # the last random action itself, trusted
                found = self._sampled_play
                return self._pass(action) if found is None else self._play(action["cards"], found[1], action, found[0])
        if action.__class__ is dict and action.get("type") == "pass" and self._plain_pass(action):
            return self._pass()  # a legal pass, known without judge (validated or not)
        if not validate:
            if action["type"] == "play":
                declared = action["reading"]
                return self._play(list(action["cards"]), cb.reading_of(
                    self.rules, declared["combination"], tuple(declared["cards"]), self.level))
        reason, reading = self.judge(action)
        if reason:
            detail = malformed(action, self.rules.players) if reason == "bad_action" else ""
            raise IllegalAction(reason, seat_of(action, self.rules.players), action, detail)
        if action["type"] == "pass":
            return self._pass()
        return self._play(parse_cards(action["cards"]), reading)  # canonical tokens (judged readable)

    def _pass(self, entry: dict | None = None) -> None:
        """The seat to act passes (``entry``: the record's entry when the caller made it, ``{type, seat}``)."""
        seat = self.turn
        assert seat is not None
        if entry is None:
            entry = {"type": "pass", "seat": seat}
        self.actions.append(entry)
        self.round.pass_(seat)
        self._advance(seat)

    def _play(self, cards: list[str], reading: Reading, entry: dict | None = None,
              played: tuple[str, ...] | None = None) -> None:
        """The seat to act plays ``cards`` (in its hand) read as ``reading`` (``entry``: the record's entry when the
        caller made it, ``{type, seat, cards, reading}``; ``played``: the cards as a tuple when the caller has it)."""
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        tally = self._tallies[seat]
        if tally is not None and tally.hand is hand:
            tally.remove(cards)
        else:
            self._tallies[seat] = None
            for card in cards:  # a legal play's cards are in the hand: no count goes below zero
                if hand[card] > 1:
                    hand[card] -= 1
                else:
                    hand.pop(card)
        leads = self._leads[seat]
        if leads is not None and leads.hand is hand:  # kept up to date: the units of the ranks played
            leads.remove(cards)
        self.played += cards
        self.round_cards += cards
        if entry is None:
            entry = {"type": "play", "seat": seat, "cards": cards, "reading": cb.reading_dict(reading)}
        self.actions.append(entry)
        self.table_was = "follow" if self.table is not None else (
            "hand_opening" if self._next_is_hand_opening else "round_opening")
        self._next_is_hand_opening = False
        self.table = (played or tuple(cards), reading, seat)
        self.round.play(seat)
        if not hand:
            self._out(seat)
            if self.result is not None:
                return
        self._advance(seat)

    def _out(self, seat: int) -> None:
        """``seat`` has played its last card: it is out; the hand may be over [hand_end.when, points.final_round]."""
        self.finish.append(seat)
        self.holding[seat] = False
        if len(self.finish) == 1:
            self.first_partner_before = self.captured[partner_of(seat, self.rules.players)]
        if self.round.hand_over(self.finish, self.holding):
            if len(self.finish) == 3:  # points.final_round: third_out
                self.captured[seat] += points_of(self.rules, self.round_cards)
                self.round_cards = []
            self._end_hand()

    def _plain_pass(self, action: dict) -> bool:
        """Whether ``action`` is exactly ``{type: pass, seat}`` of the seat to act while a play stands (a legal
        pass, known without :meth:`judge`)."""
        seat = action.get("seat")
        return len(action) == 2 and type(seat) is int and seat == self.turn and self.table is not None \
            and self.result is None

    def _advance(self, seat: int) -> None:
        """After ``seat`` acted: the next seat to answer the play that stands, or the round's end."""
        round_ = self.round
        nxt = next_to_answer(seat, round_.last, self.holding, round_.passed, round_.locked)  # round_.next_to_act
        if nxt is None:
            self._end_round()
        else:
            self.turn = nxt

    def _end_round(self) -> None:
        """Points to the last player; the next lead: the last player, or the partner (wind) [play.*, points.*]."""
        last = self.round.last
        assert last is not None
        self.captured[last] += points_of(self.rules, self.round_cards)
        leader, wind = self.round.end(self.holding)
        self._rounds.append((self.actions[self._round_start:], last, leader, wind))
        self._round_start = len(self.actions)
        self.round_cards, self.table = [], None
        self.turn = leader

    def _end_hand(self) -> None:
        bonus_levels = [0, 0]
        bonus_levels[self.bonus["team"]] = self.bonus["bonus"]
        self.result = settle_hand(self.rules, list(self.levels), self.level, list(self.finish), list(self.captured),
                                  self.first_partner_before, bonus_levels, list(self.a_failures),
                                  (self.previous or {}).get("level_owner"))
        self.result.update({"finish": list(self.finish), "captured": list(self.captured), "bonus": bonus_levels,
                            "transfer": self.bonus["transfer"]})
        self.turn = None

    def for_next_hand(self) -> dict:
        """``{first_out, last_out}`` of this finished hand, the ``previous`` of the next hand's cut and draw
        (``last_out`` None when partners went out first and second) [cut.later_hands]; with a tribute also
        ``givers`` and ``receivers`` (:func:`.tribute.roles`) [settlement.tribute]; with ``match.end.at:
        own_level_a`` also ``level_owner``, this hand's winners, whose level the next hand is played at."""
        rest = self.active()
        previous: dict[str, Any] = {"first_out": self.finish[0], "last_out": rest[0] if len(rest) == 1 else None}
        if self.result is not None and self.result.get("tribute"):  # settlement.tribute: who gives to whom
            previous.update(self.result["tribute"])
        if self.result is not None and self.rules.a_own_level:  # match.end.at: the next hand is at the winners' level
            previous["level_owner"] = self.result["winner"]
        return previous

    def settlement(self) -> dict:
        """The hand's result (settle's answer plus finish, captured, bonus, transfer).

        Raises:
            RuntimeError: the hand is not over.
        """
        if self.result is None:
            raise RuntimeError("the hand is not over")
        return dict(self.result)

    def summary(self) -> dict:
        """A comparable digest: hands, cards played, finish, captured points, result."""
        return {"hands": [sorted_cards(h) for h in self.hands], "played": list(self.played),
                "finish": list(self.finish), "captured": list(self.captured), "result": self.result}


@lru_cache(maxsize=4)
def _sorted_pack(decks: int) -> list[str]:
    """The full pack of ``decks`` decks sorted as strings (what a dealt pack is checked against)."""
    return sorted(full_pack(decks))


def sorted_cards(hand: Counter) -> list[str]:
    """A hand's cards in notation order."""
    return sort_cards(hand.elements())


def new_hand(rules: DadunRules | str, rng: random.Random, *, cutter: int | None = None,
             levels: tuple[str, str] | None = None, level: str | None = None, previous: dict | None = None,
             hand_number: int = 1, a_failures: tuple[int, int] = (0, 0)) -> HandState:
    """A shuffled hand: the cutter (any seat, drawn by ``rng``, in the first hand [cut.first_hand]; the previous
    first-out later [cut.later_hands]) turns up pack[0] as the marked card."""
    rules = rules_for(rules)
    pack = full_pack(rules.decks)
    shuffle(pack, rng)  # = rng.shuffle(pack)
    if cutter is None:
        cutter = rng.randrange(rules.players)
    start = rules.start_level
    return HandState(rules, pack, full_pack_shuffled=True, cutter=cutter, levels=levels or (start, start),
                     level=level or start, previous=previous, hand_number=hand_number, a_failures=a_failures)


class Match:
    """Hands until a team wins a hand played at its level A [match.end] or ``match.max_hands``.

    Attributes: rules, seed, rng, levels (team 0, team 1), level (the next hand's), hands (finished states),
    winner (team or None).
    """

    def __init__(self, rules: DadunRules | str, seed: int | None = None, *, max_hands: int = MAX_HANDS) -> None:
        self.rules = rules_for(rules)
        self.seed, self.rng = seed, random.Random(seed)
        self.levels = [self.rules.start_level, self.rules.start_level]
        self.a_failures = (0, 0)  # hands at A not passed, by team [match.end.failures_at_a]
        self.level = self.rules.start_level
        self.hands: list[HandState] = []
        self.winner: int | None = None
        self.max_hands = min(max_hands, self.rules.max_hands)

    @property
    def over(self) -> bool:
        """True when a team has won or the hand limit is reached."""
        return self.winner is not None or len(self.hands) >= self.max_hands

    def new_hand(self) -> HandState:
        """The next hand (cut by the last first-out; the last-out draws first)."""
        if self.over:
            raise MatchError("the match is over")
        previous = cutter = None
        if self.hands:
            previous = self.hands[-1].for_next_hand()
            cutter = previous["first_out"]
        return new_hand(self.rules, self.rng, cutter=cutter, levels=(self.levels[0], self.levels[1]),
                        level=self.level, previous=previous, hand_number=len(self.hands) + 1,
                        a_failures=self.a_failures)

    def finish_hand(self, state: HandState) -> dict:
        """Take a finished hand's levels into the match; returns its settlement."""
        if not state.is_terminal():
            raise MatchError("the hand is not over")
        result = state.settlement()
        self.hands.append(state)
        self.levels = list(result["levels"])
        self.a_failures = tuple(result.get("a_failures", (0, 0)))
        self.level = result["next_level"]
        if result["match_over"]:
            self.winner = result["match_winner"]
        return result

    def play(self, bots: Sequence[Bot], hands: int | None = None, on_hand: OnHand | None = None) -> None:
        """Bots play hands until the match is over or ``hands`` hands are played: the one match loop
        (:func:`datong_rules.reference_impl.bots.play_match`) with the trusted hand loop
        (:func:`~datong_rules.reference_impl.bots.play_trusted`: the bots' actions are the engine's own, with their
        readings)."""
        play_match(self, bots, hands, on_hand, play_hand=play_trusted)
