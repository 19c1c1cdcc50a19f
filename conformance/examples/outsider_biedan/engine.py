"""A 憋蛋 Biedan engine written from the kit's documentation alone, speaking the JSON-lines protocol 3.

Written by an outsider who read only docs/implementers/biedan-operations.en.md, docs/implementers/index.en.md,
spec/biedan/biedan-guide.yaml and spec/schema/games/biedan/operations.schema.json (never the reference engine).
Plain Python, standard library only. The rules of biedan/biedan-guide are transcribed below; a fixture variant's
rules come with its queries (``variant_rules``). A question the docs call bad input (a bad card token, a card named
twice or in two places, a missing key, a table that is no combination, contradictory flags, a round action out of
turn …) is refused with ``"bad_input": true`` (its ``ready`` says ``refuses_bad_input``); any other failure is a
plain errored.

    datong-rules conform --impl-cmd "python conformance/examples/outsider_biedan/engine.py"
"""

import itertools
import json
import sys
from collections import Counter

GUIDE = {
    "deck": {"decks": 1},
    "deal": {"hand_size": 18},
    "players": {"play_direction": "counter_clockwise"},
    "banker": {"first": {"holder_of": "H3"}, "keep_when": "banker_first", "next_when_lost": "first_out"},
    "egg": {"count": 3, "cards": "any", "secret": True},
    "ranking": {
        "single_order": ["BJ", "LJ", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"],
        "sequence_order": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    },
    "combinations": {
        "catalogue": [
            {"name": "single", "shape": "same_rank", "size": 1, "tier": "ordinary"},
            {"name": "pair", "shape": "same_rank", "size": 2, "tier": "ordinary"},
            {"name": "triple", "shape": "same_rank", "size": 3, "tier": "ordinary"},
            {"name": "bomb", "shape": "same_rank", "size": 4, "tier": "bomb"},
            {"name": "straight", "shape": "sequence", "unit": 1, "min_length": 3, "tier": "ordinary"},
            {"name": "pair_run", "shape": "sequence", "unit": 2, "min_length": 2, "tier": "ordinary"},
            {"name": "rocket", "shape": "fixed_set", "cards": ["BJ", "LJ"], "tier": "top"},
        ],
        "attachments": "none",
        "flush": {"applies_to": ["straight"]},
        "flush_reach": "any_ranks",
    },
    "beating": {"bombs_beat_ordinary": True, "rocket_beats_all": True},
    "play": {"first_lead_with_banker_card": False, "pass": "always", "pass_locks_out": False,
             "round_end": "all_others_passed", "next_leader": "last_player", "leader_out": "next_active_player"},
    "exchange": {"timing": "end_of_hand", "banker_tribute": "same_card"},
    "match": {"hands": 6, "score": {"first": 1, "second": 0, "third": -1}, "target": "none"},
}

SUIT_ORDER = "SHCD"
NOTATION_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class BadInput(Exception):
    """A query the documentation calls bad input (answered ``errored`` with ``"bad_input": true``)."""


class Given(dict):
    """An object of a query's ``given``: reading a key it lacks is bad input ("a missing key", biedan-operations)."""

    def __missing__(self, key):
        raise BadInput(f"missing key {key!r}")


def as_given(value):
    """``value`` (a query's ``given``) with every object in it a :class:`Given`."""
    if isinstance(value, dict):
        return Given({k: as_given(x) for k, x in value.items()})
    if isinstance(value, list):
        return [as_given(x) for x in value]
    return value


def rank(card):
    return card if card in ("BJ", "LJ") else card[1:]


def suit(card):
    return None if card in ("BJ", "LJ") else card[0]


def notation_key(card):
    if card == "BJ":
        return (4, 0)
    if card == "LJ":
        return (4, 1)
    return (SUIT_ORDER.index(card[0]), NOTATION_RANKS.index(card[1:]))


def check_tokens(cards):
    """Every card of ``cards`` a canonical token, else bad input (a list of a player's choice: no more checked)."""
    for c in cards:
        if not isinstance(c, str) or not (c in ("BJ", "LJ") or (len(c) >= 2 and c[0] in SUIT_ORDER
                                                                  and c[1:] in NOTATION_RANKS)):
            raise BadInput(f"bad card {c!r}")


def check_cards(cards):
    """A list that describes where cards are: canonical tokens, each card once, else bad input."""
    check_tokens(cards)
    twice = [c for c, n in Counter(cards).items() if n > 1]
    if twice:
        raise BadInput(f"{twice[0]} named twice, or in two places")


class Variant:
    """The rules one query is about, read from a resolved variant (or the transcribed guide)."""

    def __init__(self, rules):
        self.rules = rules
        r = rules
        self.single_order = r["ranking"]["single_order"]
        self.strength = {rk: len(self.single_order) - i for i, rk in enumerate(self.single_order)}
        self.seq_order = r["ranking"]["sequence_order"]
        self.catalogue = r["combinations"]["catalogue"]
        att = r["combinations"].get("attachments", "none")
        self.attachments = att if isinstance(att, list) else []
        self.same_rank = r["combinations"].get("attached_same_rank", 2)  # attached singles of one rank, at most
        self.flush_applies = set((r["combinations"].get("flush") or {}).get("applies_to", []) or [])
        self.flush_reach = r["combinations"].get("flush_reach", "any_ranks")
        self.bombs_beat_ordinary = r["beating"].get("bombs_beat_ordinary", True)
        self.rocket_beats_all = r["beating"].get("rocket_beats_all", True)
        self.play = r["play"]
        self.by_name = {e["name"]: e for e in self.catalogue}

    # -- classification ------------------------------------------------------------------------------------
    def seq_run(self, ranks, min_length, max_length=None):
        """Top position in sequence_order of the run made of exactly ``ranks`` (a set), or None."""
        n = len(ranks)
        if n < min_length or (max_length is not None and n > max_length):
            return None
        best = None
        for start in range(len(self.seq_order) - n + 1):
            window = self.seq_order[start:start + n]
            if len(set(window)) == n and set(window) == ranks:
                best = start + n - 1
        return best

    def readings(self, cards):
        counts = Counter(rank(c) for c in cards)
        out = []
        for e in self.catalogue:
            rd = self.read_entry(e, cards, counts)
            if rd:
                out.append(rd)
        for a in self.attachments:
            rd = self.read_attached(a, cards, counts)
            if rd:
                out.append(rd)
        return out

    def is_flush(self, name, cards):
        suits = {suit(c) for c in cards}
        return name in self.flush_applies and len(suits) == 1 and None not in suits

    def read_entry(self, e, cards, counts):
        shape = e["shape"]
        if shape == "same_rank":
            if len(cards) == e["size"] and len(counts) == 1:
                top = next(iter(counts))
                return self.reading(e, top, 1, cards, seq=False)
        elif shape == "sequence":
            u = e["unit"]
            if cards and all(v == u for v in counts.values()):
                pos = self.seq_run(set(counts), e["min_length"], e.get("max_length"))
                if pos is not None:
                    return self.reading(e, self.seq_order[pos], len(counts), cards, seq=True, pos=pos)
        elif shape == "fixed_set":
            if Counter(cards) == Counter(e["cards"]):
                top = max((rank(c) for c in cards), key=lambda x: self.strength[x])
                return self.reading(e, top, 1, cards, seq=False)
        return None

    def reading(self, e, top, length, cards, seq, pos=None):
        return {"combination": e["name"], "top": top, "length": length, "flush": self.is_flush(e["name"], cards),
                "_tier": e.get("tier", "ordinary"), "_seq": seq, "_pos": pos, "_n": len(cards)}

    def read_attached(self, a, cards, counts):
        main = self.by_name.get(a["main"])
        if main is None:
            return None
        k = main["size"] if main["shape"] == "same_rank" else main.get("unit")
        if k not in (3, 4):
            return None
        main_ranks = {r for r, v in counts.items() if v == k}
        if not main_ranks:
            return None
        if main["shape"] == "same_rank":
            if len(main_ranks) != 1:
                return None
            top, pos, seq = next(iter(main_ranks)), None, False
        else:
            pos = self.seq_run(main_ranks, main["min_length"], main.get("max_length"))
            if pos is None:
                return None
            top, seq = self.seq_order[pos], True
        length = len(main_ranks)
        rest = [c for c in cards if rank(c) not in main_ranks]
        rc = Counter(rank(c) for c in rest)
        per = a["per_rank"] * length
        if a["attach"] == "single":
            if len(rest) != per or any(v > self.same_rank for v in rc.values()) or ("BJ" in rc and "LJ" in rc):
                return None
        else:
            if len(rc) != per or any(v != 2 for v in rc.values()) or len(rest) != 2 * per:
                return None
        return {"combination": a["name"], "top": top, "length": length, "flush": False,
                "_tier": "ordinary", "_seq": seq, "_pos": pos, "_n": len(cards)}

    # -- comparison ----------------------------------------------------------------------------------------
    def higher(self, p, t):
        """Whether reading p's top is higher than t's top (same combination)."""
        if p["_seq"] and t["_seq"]:
            return p["_pos"] > t["_pos"]
        return self.strength[p["top"]] > self.strength[t["top"]]

    def beats(self, t, p):
        """None when reading p beats reading t, else the reason code."""
        pt, tt = p["_tier"], t["_tier"]
        if tt == "top":
            return self.follow(t, p) if p["combination"] == t["combination"] else "wrong_type"
        if pt == "top":
            return None if self.rocket_beats_all else "wrong_type"
        if pt == "bomb" and tt == "bomb":
            return self.bomb_on_bomb(t, p)
        if pt == "bomb":
            return None if self.bombs_beat_ordinary else "wrong_type"
        if tt == "bomb" or p["combination"] != t["combination"]:
            return "wrong_type"
        return self.follow(t, p)

    def bomb_on_bomb(self, t, p):
        """Bombs: more cards is higher; at equal count the higher top (as ranks across combinations)."""
        if p["_n"] != t["_n"]:
            return None if p["_n"] > t["_n"] else "not_higher"
        if p["combination"] == t["combination"]:
            return None if self.higher(p, t) else "not_higher"
        return None if self.strength[p["top"]] > self.strength[t["top"]] else "not_higher"

    def follow(self, t, p):
        """The same combination, ordinary or top tier: the same count, then flush_reach, then the higher top."""
        if p["_n"] != t["_n"]:
            return "wrong_count"
        if p["combination"] in self.flush_applies and p["flush"] != t["flush"]:
            if self.flush_reach == "any_ranks":
                return None if p["flush"] else "not_higher"
            if p["_pos"] == t["_pos"] and p["top"] == t["top"]:
                return None if p["flush"] else "not_higher"
        return None if self.higher(p, t) else "not_higher"

    # -- play ----------------------------------------------------------------------------------------------
    def first(self, cards):
        rds = self.readings(cards)
        return rds[0] if rds else None

    def play_reason(self, hand, table_rd, play, passed, first_lead):
        """The reason code refusing a play (a list), or None when legal."""
        if not play:
            return "empty_play"
        if passed and self.play.get("pass_locks_out") and table_rd is not None:
            return "locked_out"
        hc = Counter(hand)
        if any(v > hc[c] for c, v in Counter(play).items()):
            return "not_in_hand"
        rd = self.first(play)
        if rd is None:
            return "not_a_combination"
        if first_lead and self.play.get("first_lead_with_banker_card"):
            card = self.rules["banker"]["first"]["holder_of"]
            if card in hand and card not in play:
                return "must_contain_card"
        if table_rd is not None:
            return self.beats(table_rd, rd)
        return None

    def candidates(self, hand):
        """Every set of cards of ``hand`` that may be a combination (a superset), as frozensets."""
        by_rank = {}
        for c in hand:
            by_rank.setdefault(rank(c), []).append(c)
        out = set()
        for e in self.catalogue:
            if e["shape"] == "same_rank":
                for cs in by_rank.values():
                    for combo in itertools.combinations(cs, e["size"]):
                        out.add(frozenset(combo))
            elif e["shape"] == "fixed_set":
                if all(c in hand for c in e["cards"]):
                    out.add(frozenset(e["cards"]))
            elif e["shape"] == "sequence":
                out |= self.run_sets(by_rank, e)
        for a in self.attachments:
            main = self.by_name.get(a["main"])
            if main is None:
                continue
            if main["shape"] == "same_rank":
                mains = [frozenset(c) for cs in by_rank.values() for c in itertools.combinations(cs, main["size"])]
            else:
                mains = self.run_sets(by_rank, main)
            for m in mains:
                mranks = {rank(c) for c in m}
                length = len(mranks)
                rest = [c for c in hand if rank(c) not in mranks]
                need = a["per_rank"] * length
                if a["attach"] == "single":
                    for extra in itertools.combinations(rest, need):
                        out.add(m | frozenset(extra))
                else:
                    rest_by = {}
                    for c in rest:
                        rest_by.setdefault(rank(c), []).append(c)
                    pairs = [frozenset(p) for cs in rest_by.values() for p in itertools.combinations(cs, 2)]
                    for extra in itertools.combinations(pairs, need):
                        out.add(m.union(*extra))
        return out

    def run_sets(self, by_rank, e):
        out = set()
        u = e["unit"]
        n = len(self.seq_order)
        for start in range(n):
            for end in range(start + e["min_length"], n + 1):
                window = self.seq_order[start:end]
                if len(set(window)) != len(window):
                    break
                if e.get("max_length") is not None and len(window) > e["max_length"]:
                    break
                groups = []
                for r in window:
                    cs = by_rank.get(r, [])
                    if len(cs) < u:
                        groups = None
                        break
                    groups.append(list(itertools.combinations(cs, u)))
                if groups is None:
                    break
                for choice in itertools.product(*groups):
                    out.add(frozenset(c for part in choice for c in part))
        return out

    def max_hand(self):
        hs = self.rules["deal"]["hand_size"]
        egg = self.rules["egg"]["count"]
        extra = egg
        ex = self.rules.get("exchange", {})
        if ex.get("timing") == "after_next_deal":
            extra = max(extra, 2 + (1 if ex.get("banker_tribute") == "extra_card" else 0))
        return hs + extra


# -- operations ----------------------------------------------------------------------------------------------

def op_facts(v, g):
    r = v.rules
    names = [e["name"] for e in v.catalogue] + [a["name"] for a in v.attachments]
    return {"players": 3, "decks": r["deck"]["decks"], "cards": 54 * r["deck"]["decks"],
            "hand_size": r["deal"]["hand_size"], "egg_size": r["egg"]["count"],
            "banker_cards_after_bury": r["deal"]["hand_size"] - r["egg"]["count"],
            "first_banker_card": r["banker"]["first"]["holder_of"], "combinations": names,
            "single_order": v.single_order, "match_hands": r["match"]["hands"],
            "play_direction": r["players"]["play_direction"], "egg_secret": r["egg"]["secret"]}


def op_card_order(v, g):
    cards = g["cards"]
    check_cards(cards)
    groups = {}
    for c in cards:
        groups.setdefault(rank(c), []).append(c)
    order = sorted(groups, key=lambda r: -v.strength[r])
    return {"order": [sorted(groups[r], key=notation_key) for r in order]}


def public(rd):
    return {k: rd[k] for k in ("combination", "top", "length", "flush")}


def op_classify(v, g):
    cards = g["cards"]
    check_cards(cards)
    rds = v.readings(cards)
    return {"combination": rds[0]["combination"] if rds else None, "readings": [public(r) for r in rds]}


def table_reading(v, table):
    check_cards(table)
    rd = v.first(table)
    if rd is None:
        raise BadInput("the table is not a combination")
    return rd


def op_beats(v, g):
    check_cards(g["play"])
    t = table_reading(v, g["table"])
    p = v.first(g["play"])
    reason = "not_a_combination" if p is None else v.beats(t, p)
    return {"beats": True} if reason is None else {"beats": False, "reason": reason}


def play_setup(v, g):
    hand, table = g["hand"], g["table"]
    passed, first_lead = g.get("passed", False), g.get("first_lead", False)
    check_cards(hand)
    if table is not None:
        check_cards(table)
        if set(table) & set(hand):
            raise BadInput("a card both in hand and on the table")
    if passed and table is None:
        raise BadInput("passed with no table")
    if first_lead and table is not None:
        raise BadInput("first_lead with a table")
    if len(hand) > v.max_hand():
        raise BadInput("hand too large")
    t = table_reading(v, table) if table is not None else None
    return hand, t, passed, first_lead


def legal_plays(v, hand, t, passed, first_lead):
    if passed and v.play.get("pass_locks_out") and t is not None:
        return 0
    return sum(1 for s in v.candidates(hand) if v.play_reason(hand, t, list(s), passed, first_lead) is None)


def pass_reason(v, hand, t, passed, first_lead):
    if t is None:
        return "must_lead"
    if v.play.get("pass") == "only_when_unable" and not (passed and v.play.get("pass_locks_out")):
        if legal_plays(v, hand, t, passed, first_lead) > 0:
            return "must_beat"
    return None


def op_legal_play(v, g):
    hand, t, passed, first_lead = play_setup(v, g)
    play = g["play"]
    if isinstance(play, list):
        check_tokens(play)  # bad input is judged first; a card named twice in the play is not_in_hand
    if play == "pass":
        reason = pass_reason(v, hand, t, passed, first_lead)
    else:
        reason = v.play_reason(hand, t, play, passed, first_lead)
    return {"legal": True} if reason is None else {"legal": False, "reason": reason}


def op_legal_play_count(v, g):
    hand, t, passed, first_lead = play_setup(v, g)
    plays = legal_plays(v, hand, t, passed, first_lead)
    can_pass = pass_reason(v, hand, t, passed, first_lead) is None
    return {"count": plays + (1 if can_pass else 0), "plays": plays, "pass": can_pass}


def holder(hands, card):
    for seat, hand in enumerate(hands):
        if card in hand:
            return seat
    raise BadInput(f"nobody holds {card}")


def check_hands(hands):
    if len(hands) != 3:  # the schema's threeHands; the docs do not call it bad input: a plain errored
        raise ValueError("three hands expected")
    check_cards([c for h in hands for c in h])


def op_egg(v, g):
    hand, egg = g["hand"], g["egg"]
    check_cards(hand)
    check_tokens(egg)  # the egg is the banker's choice: a card named twice is not_in_hand, not bad input
    if len(egg) != v.rules["egg"]["count"]:
        return {"legal": False, "reason": "wrong_count"}
    if len(set(egg)) != len(egg) or any(c not in hand for c in egg):
        return {"legal": False, "reason": "not_in_hand"}
    return {"legal": True}


def op_first_banker(v, g):
    check_hands(g["hands"])
    return {"banker": holder(g["hands"], v.rules["banker"]["first"]["holder_of"])}


def op_first_leader(v, g):
    hands, egg = g["hands"], g.get("egg", [])
    check_hands(hands)
    check_cards(egg)
    card = v.rules["banker"]["first"]["holder_of"]
    banker = holder(hands, card)
    if any(c not in hands[banker] for c in egg):
        raise BadInput("the egg holds a card the banker does not hold")
    must = card if v.play.get("first_lead_with_banker_card") and card not in egg else None
    return {"leader": banker, "must_contain": must}


def op_settle(v, g):
    banker, out = g["banker"], g["out"]
    if len(out) != 2 or any(s not in (0, 1, 2) for s in out) or banker not in (0, 1, 2):
        raise ValueError("bad out or banker")  # the schema's shape; the docs do not call it bad input: a plain errored
    if out[0] == out[1]:
        raise BadInput(f"out names seat {out[0]} twice: the first and second out are two different seats")
    third = ({0, 1, 2} - set(out)).pop()
    places = {"first": out[0], "second": out[1], "third": third}
    kept = banker == out[0]
    if kept:
        nxt = banker
    elif v.rules["banker"]["next_when_lost"] == "first_out":
        nxt = out[0]
    else:
        nxt = (banker + 1) % 3
    score = [0, 0, 0]
    for place, seat in places.items():
        score[seat] = v.rules["match"]["score"][place]
    return {"places": places, "banker_kept": kept, "next_banker": nxt, "score": score}


def op_exchange(v, g):
    pl, banker = g["places"], g["banker"]
    first, second, third = pl["first"], pl["second"], pl["third"]
    if {first, second, third} != {0, 1, 2}:
        raise BadInput("places are not three different seats")
    hands = [list(h) for h in g["hands"]]
    check_hands(hands)
    ex = v.rules["exchange"]
    timing = ex["timing"]
    given_egg = g["egg"]  # a key every exchange question holds (a missing one is bad input)
    egg = list(given_egg) if timing == "end_of_hand" else []  # with after_next_deal the egg is not looked at
    if timing == "end_of_hand":
        check_cards([c for h in hands for c in h] + egg)
    key = lambda c: -v.strength[rank(c)]
    moves = []

    def move(step, frm, to, cards):
        if not cards:
            return
        for c in cards:
            if frm is not None:
                hands[frm].remove(c)
            hands[to].append(c)
        moves.append({"step": step, "from": frm, "to": to, "count": len(cards),
                      "ranks": [rank(c) for c in sorted(cards, key=key)]})

    def best(seat, n=1):
        return sorted(hands[seat], key=key)[:n]

    if ex.get("draw", "always") == "always":
        move("draw", third, first, best(third))
    move("give", second, first, best(second))
    if timing == "end_of_hand":
        handed = list(hands[third])
        move("take_egg", None, third, egg)
        move("hand_over", third, second, handed)
        worst = sorted(handed, key=key)[::-1][:3]
        move("return", second, third, worst)
    if ex.get("banker_tribute") == "extra_card" and banker != first:
        move("banker_extra", banker, first, best(banker))
    return {"moves": moves, "counts": [len(h) for h in hands]}


class Round:
    """The state of one round of operation ``round``: hand sizes, the play that stands, who passed."""

    def __init__(self, v, sizes, leader):
        if sum(1 for n in sizes if n > 0) < 2 or sizes[leader] <= 0:
            raise BadInput("the hand is already over, or the leader holds no cards")
        self.v, self.sizes, self.to_act = v, list(sizes), leader
        self.table, self.table_rd, self.last = None, None, None
        self.passed_since, self.passed_ever, self.out, self.seen = set(), set(), [], set()
        self.over, self.hand_over, self.next_leader = False, False, None

    def act(self, a):
        if self.over:
            raise BadInput("an action after the round is over")
        if a["seat"] != self.to_act:
            raise BadInput("an action out of turn")
        seat = a["seat"]
        if a["type"] == "pass":
            if self.table is None:
                raise BadInput("a pass by the leader")
            self.passed_since.add(seat)
            self.passed_ever.add(seat)
        else:
            self.play(seat, a["cards"])
        if sum(1 for n in self.sizes if n > 0) <= 1:
            self.over, self.hand_over, self.to_act = True, True, None
            return
        self.to_act = self.next_to_act(seat)
        if self.to_act is None:
            self.over, self.next_leader = True, self.leader_after()

    def play(self, seat, cards):
        check_cards(cards)
        if self.seen & set(cards):
            raise BadInput("a card played twice")
        self.seen |= set(cards)
        rd = self.v.first(cards)
        if rd is None or (self.table_rd is not None and self.v.beats(self.table_rd, rd) is not None):
            raise BadInput("a play that is no combination or does not beat the table")
        if len(cards) > self.sizes[seat]:
            raise BadInput("more cards than the seat holds")
        self.sizes[seat] -= len(cards)
        self.table, self.table_rd, self.last, self.passed_since = cards, rd, seat, set()
        if self.sizes[seat] == 0:
            self.out.append(seat)

    def next_to_act(self, seat):
        locks = self.v.play.get("pass_locks_out")
        for k in range(1, 4):
            c = (seat + k) % 3
            if c == self.last or self.sizes[c] <= 0 or c in self.passed_since or (locks and c in self.passed_ever):
                continue
            return c
        return None

    def leader_after(self):
        last = self.last
        base = last if self.v.play.get("next_leader", "last_player") == "last_player" else (last + 1) % 3
        return next((base + k) % 3 for k in range(3) if self.sizes[(base + k) % 3] > 0)


def op_round(v, g):
    r = Round(v, g["hand_sizes"], g["leader"])
    for a in g["actions"]:
        r.act(a)
    if r.over:
        return {"over": True, "hand_over": r.hand_over, "to_act": None, "table": None,
                "next_leader": None if r.hand_over else r.next_leader, "out": r.out}
    return {"over": False, "hand_over": False, "to_act": r.to_act, "table": r.table, "next_leader": None,
            "out": r.out}

OPS = {"facts": op_facts, "card_order": op_card_order, "classify": op_classify, "beats": op_beats,
       "legal_play": op_legal_play, "legal_play_count": op_legal_play_count, "egg": op_egg,
       "first_banker": op_first_banker, "first_leader": op_first_leader, "settle": op_settle,
       "exchange": op_exchange, "round": op_round}



def send(msg):
    sys.stdout.write(json.dumps(msg, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def flatten(resolved):
    """The values of a resolved variant's rules: {section: {item: value}}."""
    rules = resolved.get("rules", resolved)
    return {sec: {k: (it["value"] if isinstance(it, dict) and "value" in it else it) for k, it in items.items()}
            for sec, items in rules.items() if isinstance(items, dict)}


def main():
    kept = {"biedan/biedan-guide": Variant(GUIDE)}
    for line in sys.stdin:
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError) as exc:  # nested too deep for the parser: no more readable than bad JSON
            send({"type": "errored", "id": None, "message": f"not a JSON line: {exc}"})
            continue
        if not isinstance(msg, dict):  # the protocol: a line that is not an object has no id to carry
            send({"type": "errored", "id": None, "message": f"not a JSON object: a {type(msg).__name__}"})
            continue
        kind = msg.get("type")
        if kind == "start":
            send({"type": "ready", "name": "outsider-biedan", "version": "0.1.0", "protocol": 3,
                  "variants": ["biedan/*"], "operations": [f"biedan/{o}" for o in OPS],
                  "keeps_variant_rules": True, "refuses_bad_input": True})
        elif kind == "stop":
            break
        elif kind == "query":
            qid = msg.get("id")
            if not (isinstance(msg.get("variant"), str) and isinstance(msg.get("op"), str)
                    and isinstance(msg.get("given"), dict)):  # the protocol: a malformed message, not bad input
                send({"type": "errored", "id": qid,
                      "message": "a query needs 'variant' (string), 'op' (string) and 'given' (object)"})
                continue
            try:
                vid = msg["variant"]
                if msg.get("variant_rules"):
                    kept[vid] = Variant(flatten(msg["variant_rules"]))
                if vid not in kept:
                    send({"type": "skipped", "id": qid, "reason": f"rules of {vid} unknown"})
                    continue
                op = msg["op"].split("/", 1)[-1]
                same_rank = kept[vid].same_rank  # a later option: three wings of a rank change how a main part is found
                if not isinstance(same_rank, int) or same_rank > 2:
                    send({"type": "skipped", "id": qid,
                          "reason": f"combinations.attached_same_rank {same_rank} not implemented"})
                    continue
                if op not in OPS:
                    send({"type": "skipped", "id": qid, "reason": f"{op} not implemented"})
                    continue
                send({"type": "result", "id": qid, "answer": OPS[op](kept[vid], as_given(msg["given"]))})
            except BadInput as exc:
                send({"type": "errored", "id": qid, "message": str(exc), "bad_input": True})
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # a failure, not a refusal
                send({"type": "errored", "id": qid, "message": f"{type(exc).__name__}: {exc}"})


if __name__ == "__main__":
    main()
