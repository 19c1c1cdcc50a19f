"""A 打墩 Dadun engine written from the kit's documentation alone, speaking the JSON-lines protocol 3.

Written by an outsider who read only docs/implementers/dadun-operations.en.md, docs/implementers/index.en.md,
spec/dadun/dadun-guide.yaml and spec/schema/games/dadun/operations.schema.json (never the reference engine nor the
suite's expected answers). Plain Python, standard library only. The rules of dadun/dadun-guide are transcribed
below; a fixture variant's rules come with its queries (``variant_rules``): the options this engine reads are
taken from there, and a variant that changes any other rule the operations depend on is skipped. A question the
docs call bad input (a bad card, a missing key, a round action out of turn, a level_owner not at the level …) is
refused with ``"bad_input": true`` (its ``ready`` says ``refuses_bad_input``); any other failure is a plain errored.

    datong-rules conform --impl-cmd "python conformance/examples/outsider_dadun/engine.py" --variant dadun/dadun-guide
"""

import itertools
import json
import sys
from collections import Counter

FACE = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SEQ = ["A"] + FACE  # sequence order: A low … A high, no wrap
SUITS = "SHCD"
JOKERS = ("BJ", "LJ")

GUIDE = {
    "players": {"play_direction": "counter_clockwise"},
    "deck": {"decks": 3},
    "deal": {"hand_sizes": [41, 41, 40, 40]},
    "ranking": {"level_promotion": {"applies_to": ["single", "pair", "triple", "full_house"]},
                "lead_means": "round_opening", "level_beats_led_level": True, "full_house_pair": "face_value"},
    "wild": {"for_jokers": "never", "alone": "level_card", "only_wilds": "natural", "three_wilds_dun": False},
    "combinations": {
        "catalogue": ["single", "pair", "triple", "full_house", "straight", "pair_run", "triple_run",
                      "straight_flush", "bomb", "linked_bomb", "dun", "linked_dun"],
        "triple_run_ace": "low", "dun_also_triple": True, "flush_also_straight": True,
        "linked_bomb_halves": "equal", "ace_two_link": "full_house", "runs_skip_level": "face_value",
    },
    "beating": {
        "bombs_beat_ordinary": True,
        "bomb_ladder": [["bomb", 4], ["bomb", 5], ["straight_flush", 5], ["linked_bomb", 8], ["bomb", 6],
                        ["linked_bomb", 10], ["bomb", 7], ["linked_bomb", 12], ["bomb", 8]],
        "bomb_ladder_extension": [["linked_bomb", 14], ["bomb", 9], ["linked_bomb", 16], ["bomb", 10],
                                  ["linked_bomb", 18], ["bomb", 11], ["linked_bomb", 20], ["bomb", 12],
                                  ["linked_bomb", 22], ["bomb", 13], ["linked_bomb", 24], ["bomb", 14],
                                  ["linked_bomb", 26], ["bomb", 15]],
        "linked_dun_order": "interleaved",
    },
    "play": {"pass_locks_out": False},
    "points": {"cards": {"5": 5, "10": 10, "K": 10}},
    "settlement": {"thresholds": {"first_side": 155, "other_side": 135},
                   "partners_first_second": {"winner": "first_side", "levels": 2}},
    "levels": {"start": "2"},
    "cut": {"count": {"values": {"A": 1, "J": 11, "Q": 12, "K": 13, "LJ": 14, "BJ": 15}}},
    "marked_card": {"bonus_all_three": 2, "bonus_partner_pair": {"levels": 1}, "later_hands": "same_as_first"},
    "hand_end": {"when": ["partners_first_second", "third_out"]},
}

# Rules whose other values this engine does not play: a variant that changes one of them is skipped.
FIXED = {
    ("settlement", "tribute"): "none",
    ("play", "wind"): "partner",
    ("play", "wind_partner_out"): "next_active_player",
    ("play", "next_leader"): "last_player",
    ("hand_end", "when"): ["partners_first_second", "third_out"],
    ("settlement", "decision"): {"both_full": "first_side", "neither_full": "not_last_out_side",
                                 "one_full": "full_side"},
}
TIER = {"joker_bomb": 1,
        "single": 0, "pair": 0, "triple": 0, "full_house": 0, "straight": 0, "pair_run": 0, "triple_run": 0,
        "straight_flush": 1, "bomb": 1, "linked_bomb": 1, "dun": 2, "linked_dun": 3}


class BadInput(Exception):
    """A query the documentation calls bad input (answered ``errored`` with ``"bad_input": true``)."""


class Given(dict):
    """An object of a query's ``given``: reading a key it lacks is bad input ("a missing key", dadun-operations)."""

    def __missing__(self, key):
        raise BadInput(f"missing key {key!r}")


def as_given(value):
    """``value`` (a query's ``given``) with every object in it a :class:`Given`."""
    if isinstance(value, dict):
        return Given({k: as_given(x) for k, x in value.items()})
    if isinstance(value, list):
        return [as_given(x) for x in value]
    return value


class Unsupported(Exception):
    """A variant or a question this engine does not play (answered ``skipped``)."""


def rank(card):
    return card if card in JOKERS else card[1:]


def suit(card):
    return None if card in JOKERS else card[0]


def notation_key(card):
    if card == "BJ":
        return (4, 0)
    if card == "LJ":
        return (4, 1)
    return (SUITS.index(card[0]), FACE.index(card[1:]))


def check_cards(cards, decks=3):
    if not isinstance(cards, list):
        raise BadInput("cards must be a list")
    for c in cards:
        if not isinstance(c, str) or not (c in JOKERS or (len(c) >= 2 and c[0] in SUITS and c[1:] in FACE)):
            raise BadInput(f"bad card {c!r}")
    for c, n in Counter(cards).items():
        if n > decks:
            raise BadInput(f"{c} named {n} times, the pack holds {decks}")


def check_level(level):
    if level not in FACE:
        raise BadInput(f"bad level {level!r}")
    return level


def flatten(resolved):
    """The values of a resolved variant's rules: {section: {item: value}}."""
    rules = resolved.get("rules", resolved)
    return {sec: {k: (it["value"] if isinstance(it, dict) and "value" in it else it) for k, it in items.items()}
            for sec, items in rules.items() if isinstance(items, dict)}


class Variant:
    """The rules a query is about (the transcribed guide, or a fixture variant's resolved rules)."""

    def __init__(self, rules):
        r = rules
        self.unsupported = None
        for (sec, item), want in FIXED.items():
            got = r.get(sec, {}).get(item, want)
            if got != want:
                self.unsupported = f"{sec}.{item} = {got!r} not implemented"
        cat = r["combinations"]["catalogue"]
        self.catalogue = [e["name"] if isinstance(e, dict) else e for e in cat]
        entries = {e["name"]: e for e in cat if isinstance(e, dict)}
        fh = entries.get("full_house", {})
        self.fh_any_rank = fh.get("pair", "adjacent_rank") == "any_rank"
        self.fh_triple_only = fh.get("key") == "triple_power"
        adjacency = r["combinations"].get("full_house_adjacency") or {}
        self.fh_joker_pair = isinstance(adjacency, dict) and adjacency.get("jokers") == "as_pair"
        self.runs = [(name, entries.get(name, {}).get("unit", unit), entries.get(name, {}).get("length", length))
                     for name, unit, length in (("straight", 1, 5), ("pair_run", 2, 3), ("triple_run", 3, 3))]
        if set(self.catalogue) - set(TIER) - {"joker_bomb"}:
            self.unsupported = "a combination outside the guide's catalogue is not implemented"
        rk, cb, bt = r["ranking"], r["combinations"], r["beating"]
        wd = r.get("wild", {})
        self.alone_declared = wd.get("alone", "level_card") == "declared"
        self.only_wilds_declared = wd.get("only_wilds", "natural") == "declared"
        self.three_wilds_dun = wd.get("three_wilds_dun", False)
        self.wild_jokers = wd.get("for_jokers", "never") == "allowed"
        self.unequal_halves = cb.get("linked_bomb_halves", "equal") == "smaller_half"
        self.ace_two_links = cb.get("ace_two_link", "full_house") == "every_linked_shape"
        self.skip_level = cb.get("runs_skip_level", "face_value") == "skipped"
        self.applies_to = set(rk["level_promotion"]["applies_to"])
        self.lead_means = rk.get("lead_means", "round_opening")
        self.level_beats_led = rk.get("level_beats_led_level", True)
        self.fh_pair_promoted = rk.get("full_house_pair", "face_value") == "promoted"
        self.triple_run_printed = cb.get("triple_run_ace", "low") == "printed"
        self.dun_also_triple = cb.get("dun_also_triple", True)
        self.flush_also_straight = cb.get("flush_also_straight", True)
        self.bombs_beat_ordinary = bt.get("bombs_beat_ordinary", True)
        self.ladder = [tuple(s.values()) if isinstance(s, dict) else tuple(s)
                       for s in list(bt["bomb_ladder"]) + list(bt.get("bomb_ladder_extension") or [])]
        self.ld_order = bt.get("linked_dun_order", "interleaved")
        self.pass_locks_out = r.get("play", {}).get("pass_locks_out", False)
        self.start = r["levels"]["start"]
        self.direction = r["players"]["play_direction"]
        self.hand_sizes = r["deal"]["hand_sizes"]
        self.points = r["points"]["cards"]
        self.thresholds = r["settlement"]["thresholds"]
        self.decks = r["deck"]["decks"]
        self.cut_values = r["cut"]["count"]["values"]
        mc = r["marked_card"]
        self.bonus_three = mc["bonus_all_three"]
        self.bonus_pair = mc["bonus_partner_pair"]["levels"]
        self.marked_later = mc.get("later_hands", "same_as_first")
        self.settle_levels = r.get("settlement", {}).get("levels") or {"winners": 1, "winners_if_losers_below": 2,
                                                                       "invalid_below": 35}
        self.pairs_only = r.get("merging", {}).get("stages", "staged") == "pairs_only"
        self.match_end = r.get("match", {}).get("end") or {"must_play": "A", "win": "win_at_a"}
        pfs = r.get("settlement", {}).get("partners_first_second")
        self.gain_12 = pfs["levels"] if isinstance(pfs, dict) else 2

    # -- ranks -----------------------------------------------------------------------------------------------

    def seq(self, level):
        """The sequence order of runs at ``level`` (without the level rank when runs skip it)."""
        return [r for r in SEQ if not (self.skip_level and r == level)]

    def links(self, level):
        """The adjacent rank pairs of linked duns and bombs: [(low, high, low key)], the A below the 2 (key -1)
        with the A-2 link."""
        order = (["A"] if self.ace_two_links else []) + FACE
        order = [r for r in order if not (self.skip_level and r == level)]
        return [(a, b, -1 if (a == "A" and i == 0) else FACE.index(a))
                for i, (a, b) in enumerate(zip(order, order[1:]))]

    def power(self, r, level, promoted):
        """Strength of rank r (higher is stronger, comparable across contexts): BJ 15 > LJ 14 > (the level rank
        13 when promoted) > A 12 > K 11 > … > 2 0."""
        if r in JOKERS:
            return 15 if r == "BJ" else 14
        return 13 if (promoted and r == level) else FACE.index(r)

    # -- readings --------------------------------------------------------------------------------------------
    def readings(self, cards, level):
        """Every distinct canonical reading of ``cards``: [(name, reading cards tuple, meta)], sorted."""
        wild = "H" + level
        widx = [i for i, c in enumerate(cards) if c == wild]
        nat = [c for c in cards if c != wild]
        w, n = len(widx), len(cards)
        found = {}

        def add(name, stood, meta):
            stood = sorted(stood, key=notation_key)
            out = list(cards)
            for i, s in zip(widx, stood):
                out[i] = s
            found[(name, tuple(out))] = meta

        if n == 0:
            return []
        if w == n:  # wilds only: wild.alone (one) and wild.only_wilds (two or three), wild.three_wilds_dun
            name = {1: "single", 2: "pair", 3: "triple"}.get(n)
            if name is None:
                return []
            declared = self.alone_declared if n == 1 else self.only_wilds_declared
            dun = n == 3 and self.three_wilds_dun
            if dun:
                add("dun", [wild] * 3, {"rank": level})
            if not dun or self.dun_also_triple:
                for r in (FACE if declared else [level]):
                    add(name, ["H" + r] * n, {"rank": r})
                if declared and self.wild_jokers and n != 2:  # a wild never pairs as a joker
                    for jk in JOKERS:
                        add(name, [jk] * n, {"rank": jk})
            return self.sorted_readings(found)
        cnt = Counter(rank(c) for c in nat)
        has_joker = any(c in JOKERS for c in nat)
        if n == 1:
            add("single", [], {"rank": rank(cards[0])})
        if len(cnt) == 1:
            r = next(iter(cnt))
            if r in JOKERS:
                if w and n == 3 and self.wild_jokers:  # a joker triple completed by wilds, never a dun
                    add("triple", [r] * w, {"rank": r})
                if w == 0 and len(set(nat)) == 1:
                    if n == 2:
                        add("pair", [], {"rank": r})
                    elif n == 3:
                        add("dun", [], {"rank": r})
                        if self.dun_also_triple:
                            add("triple", [], {"rank": r})
            else:
                identical3 = n == 3 and w == 0 and len(set(nat)) == 1
                if n == 2:
                    add("pair", ["H" + r] * w, {"rank": r})
                elif n == 3:
                    if identical3:
                        add("dun", [], {"rank": r})
                    if not identical3 or self.dun_also_triple:
                        add("triple", ["H" + r] * w, {"rank": r})
                elif 4 <= n and ("bomb", n) in self.ladder:
                    add("bomb", ["H" + r] * w, {"rank": r})
        if n == 6 and (w == 0 or (w == 3 and self.three_wilds_dun)):
            kinds = Counter(nat + [wild] * w)
            if len(kinds) == 2 and set(kinds.values()) == {3}:
                x, y = sorted(kinds, key=lambda c: (c not in JOKERS, FACE.index(rank(c)) if c not in JOKERS else 0))
                if {x, y} == {"BJ", "LJ"}:
                    add("linked_dun", [], {"joker": True})
                elif x not in JOKERS and y not in JOKERS:
                    a, b = rank(x), rank(y)
                    if a == b:
                        add("linked_dun", [wild] * w, {"low": a, "high": b})
                    for lo, hi, key in self.links(level):
                        if {lo, hi} == {a, b}:
                            add("linked_dun", [wild] * w, {"low": lo, "high": hi, "a2": key == -1})
        if n == 4 and w == 0 and Counter(nat) == Counter(["BJ", "BJ", "LJ", "LJ"]):
            add("joker_bomb", [], {})
        if n == 5 and self.fh_joker_pair:  # a triple and two identical jokers as its pair
            jk = [c for c in nat if c in JOKERS]
            rest = Counter(rank(c) for c in nat if c not in JOKERS)
            if len(jk) == 2 and jk[0] == jk[1] and len(rest) <= 1:
                for t in (list(rest) or FACE):
                    add("full_house", ["H" + t] * w, {"t": t, "p": jk[0]})
        if has_joker:
            return self.sorted_readings(found)
        if n == 5:
            for t in FACE:
                for p in FACE:
                    if p == t or not self.fh_adjacent(t, p):
                        continue
                    ct, cp = cnt.get(t, 0), cnt.get(p, 0)
                    if ct + cp != len(nat) or ct > 3 or cp > 2 or (3 - ct) + (2 - cp) != w:
                        continue
                    add("full_house", ["H" + t] * (3 - ct) + ["H" + p] * (2 - cp), {"t": t, "p": p})
        for name, unit, length in self.runs:
            if n != unit * length:
                continue
            order = self.seq(level)
            for s in range(len(order) - length + 1):
                window = order[s:s + length]
                if any(r not in window or v > unit for r, v in cnt.items()):
                    continue
                missing = [r for r in window for _ in range(unit - cnt.get(r, 0))]
                if len(missing) != w:
                    continue
                meta = {"s": s}
                if name == "straight":
                    suits = {suit(c) for c in nat}
                    if len(suits) == 1:
                        fs = next(iter(suits))
                        add("straight_flush", [fs + r for r in missing], meta)
                        if self.flush_also_straight:
                            add("straight", ["H" + r for r in missing], meta)
                    else:
                        add("straight", ["H" + r for r in missing], meta)
                else:
                    add(name, ["H" + r for r in missing], meta)
        if n >= 8:
            for a, b, low in self.links(level):
                ca, cb = cnt.get(a, 0), cnt.get(b, 0)
                if ca + cb != len(nat):
                    continue
                for ha in (range(4, n - 3) if self.unequal_halves else [n // 2] if n % 2 == 0 else []):
                    hb = n - ha
                    step = 2 * min(ha, hb)
                    if ca > ha or cb > hb or (ha - ca) + (hb - cb) != w or ("linked_bomb", step) not in self.ladder:
                        continue
                    add("linked_bomb", ["H" + a] * (ha - ca) + ["H" + b] * (hb - cb), {"low": low, "step": step})
        return self.sorted_readings(found)

    def fh_adjacent(self, t, p):
        if self.fh_any_rank:
            return t != p
        i, j = FACE.index(t), FACE.index(p)
        return abs(i - j) == 1 or {t, p} == {"A", "2"}

    def sorted_readings(self, found):
        out = [(name, cs, meta) for (name, cs), meta in found.items() if name in self.catalogue]
        out.sort(key=lambda x: (self.catalogue.index(x[0]), [notation_key(c) for c in x[1]]))
        return out

    # -- comparison ------------------------------------------------------------------------------------------
    def step(self, rd, n):
        name = rd[0]
        if name == "linked_bomb":
            n = rd[2]["step"]
        return self.ladder.index((name, n))

    def seq_key(self, rd):
        s = rd[2]["s"]
        if rd[0] == "triple_run" and self.triple_run_printed:
            return 1.5 if s == 0 else s
        return s

    def ld_key(self, rd, level):
        m = rd[2]
        if m.get("joker"):
            return (3, 0, 0)
        lo, hi = FACE.index(m["low"]), FACE.index(m["high"])
        if m.get("a2"):
            lo = -1
        adj = 1 if m["low"] != m["high"] else 0
        if not adj and m["low"] == level:
            return (2, 0, 0)
        if self.ld_order == "interleaved":
            return (1, lo, adj)
        if self.ld_order == "higher_rank":
            return (1, hi, adj)
        return (1, adj, lo)  # adjacent_above_equal

    def compare(self, p, t, level, t_promoted):
        """>0 when reading p (a follow) is higher than reading t of the same combination."""
        name = p[0]
        if name in ("single", "pair", "triple", "full_house"):
            pr, tr = (p[2]["rank"], t[2]["rank"]) if name != "full_house" else (p[2]["t"], t[2]["t"])
            promote = name in self.applies_to
            if pr == tr and not self.level_beats_led:
                d = 0
            else:
                d = self.power(pr, level, promote) - self.power(tr, level, promote and t_promoted)
            if d or name != "full_house" or self.fh_triple_only:
                return d
            pp, tp = p[2]["p"], t[2]["p"]
            if self.fh_pair_promoted and promote:
                return self.power(pp, level, True) - self.power(tp, level, t_promoted)
            return self.power(pp, level, False) - self.power(tp, level, False)
        if name in ("straight", "pair_run", "triple_run", "straight_flush"):
            return self.seq_key(p) - self.seq_key(t)
        if name in ("dun", "bomb"):
            return self.power(p[2]["rank"], level, True) - self.power(t[2]["rank"], level, True)
        if name == "linked_bomb":
            return p[2]["low"] - t[2]["low"]
        if name == "joker_bomb":
            return 0
        if name == "linked_dun":
            pk, tk = self.ld_key(p, level), self.ld_key(t, level)
            return (pk > tk) - (pk < tk)
        raise AssertionError(name)

    def beat_reason(self, t, p, level, table_was):
        """None when reading p beats table reading t, else the reason code."""
        t_promoted = (table_was == "follow" or self.lead_means == "none"
                      or (self.lead_means == "hand_opening" and table_was == "round_opening"))
        pt, tt = TIER[p[0]], TIER[t[0]]
        if pt == 0:
            if tt != 0 or p[0] != t[0]:
                return "wrong_type"
            return None if self.compare(p, t, level, t_promoted) > 0 else "not_higher"
        if pt == 1:
            if tt == 0:
                return None if self.bombs_beat_ordinary else "wrong_type"
            if tt > 1:
                return "not_higher"
            ps, ts = self.step(p, len(p[1])), self.step(t, len(t[1]))
            if ps != ts:
                return None if ps > ts else "not_higher"
            return None if self.compare(p, t, level, True) > 0 else "not_higher"
        if pt == 2:
            if tt < 2:
                return None
            if tt > 2:
                return "not_higher"
            return None if self.compare(p, t, level, True) > 0 else "not_higher"
        if tt < 3:
            return None
        return None if self.compare(p, t, level, True) > 0 else "not_higher"

    # -- plays -----------------------------------------------------------------------------------------------
    def resolve(self, play, level):
        """(reading, None) or (None, reason code) for a PLAY {cards, reading?}."""
        cards = play["cards"]
        check_cards(cards, self.decks)
        rds = self.readings(cards, level)
        declared = play.get("reading")
        if declared is None:
            if not rds:
                return None, "not_a_combination"
            if len(rds) > 1:
                return None, "reading_needed"
            return rds[0], None
        name, dcards = declared.get("combination"), declared.get("cards")
        if not isinstance(dcards, list) or len(dcards) != len(cards):
            raise BadInput("a reading whose length differs from the cards")
        check_cards(dcards, 99)
        wild = "H" + level
        if any(c != wild and d != c for c, d in zip(cards, dcards)):
            return None, "bad_reading"
        if name != "straight_flush":
            norm = [d if (c != wild or d in JOKERS) else "H" + rank(d) for c, d in zip(cards, dcards)]
        else:
            norm = list(dcards)
        want = sorted(zip(cards, norm), key=lambda x: (notation_key(x[0]), notation_key(x[1])))
        for rd in rds:
            if rd[0] == name and sorted(zip(cards, rd[1]), key=lambda x: (notation_key(x[0]),
                                                                         notation_key(x[1]))) == want:
                return rd, None
        if self.misused(cards, dcards, name, level) and self.natural_has(dcards, name, level):
            return None, "wild_misuse"
        return None, "bad_reading"

    def misused(self, cards, dcards, name, level):
        """Whether a declared reading breaks one of the wild rules the docs list for ``wild_misuse``: a wild in a
        dun or linked dun (but the three wilds as the level's dun with wild.three_wilds_dun), a wild standing for a
        joker (so paired with one), a lone wild or a play of wilds only declared as other cards."""
        wild = "H" + level
        stood = [d for c, d in zip(cards, dcards) if c == wild]
        if not stood:
            return False
        if any(d in JOKERS for d in stood):
            return True
        if name in ("dun", "linked_dun"):  # the three wilds as the level's own dun are allowed with three_wilds_dun
            return not (self.three_wilds_dun and len(stood) == 3 and all(d == wild for d in stood))
        return len(stood) == len(cards) and any(d != wild for d in stood)

    def natural_has(self, dcards, name, level):
        """Whether ``dcards`` taken as natural cards (no wild) are the combination ``name``."""
        for lv in [level] + FACE:  # read them at a level whose wild card is none of them (the same one if it can)
            if "H" + lv not in dcards:
                return any(rd[0] == name for rd in self.readings(list(dcards), lv))
        return False

    def table_reading(self, table, level):
        if not isinstance(table, dict) or "cards" not in table:
            raise BadInput("a table must be {cards, reading?}")
        rd, reason = self.resolve(table, level)
        if rd is None:
            raise BadInput(f"the table has no single reading ({reason})")
        return rd


# -- operations ----------------------------------------------------------------------------------------------

def given_level(v, g):
    return check_level(g.get("level", v.start))


def op_facts(v, g):
    level = given_level(v, g)
    pts = v.points
    return {"players": 4, "decks": v.decks, "cards": 54 * v.decks, "hand_sizes": v.hand_sizes,
            "partners": [[0, 2], [1, 3]], "play_direction": v.direction, "wild_cards": ["H" + level],
            "point_cards": pts if isinstance(pts, dict) else None,
            "point_total": 4 * v.decks * sum(pts.values()) if isinstance(pts, dict) else None,
            "start_level": v.start, "combinations": v.catalogue,
            "bomb_ladder": [{"combination": c, "size": s} for c, s in v.ladder], "lead_means": v.lead_means,
            "thresholds": v.thresholds if isinstance(pts, dict) else None}


def op_card_order(v, g):
    level = check_level(g["level"])
    comb = g.get("combination", "single")
    ctx = g.get("context", "beat")
    if comb in ("dun", "bomb"):
        promoted = True
    elif comb not in v.applies_to:
        promoted = False
    else:
        promoted = ctx == "beat" or v.lead_means == "none"
    ranks = (["BJ", "LJ"] if comb in ("single", "pair", "triple", "dun") else []) + list(FACE)
    return {"order": sorted(ranks, key=lambda r: -v.power(r, level, promoted))}


def op_classify(v, g):
    level = given_level(v, g)
    cards = g["cards"]
    check_cards(cards, v.decks)
    if not cards:
        raise BadInput("no cards")
    rds = v.readings(cards, level)
    names = []
    for rd in rds:
        if rd[0] not in names:
            names.append(rd[0])
    return {"readings": [{"combination": rd[0], "cards": list(rd[1]), "size": len(cards)} for rd in rds],
            "combinations": names}


def op_beats(v, g):
    level = given_level(v, g)
    table_was = g.get("table_was", "round_opening")
    t = v.table_reading(g["table"], level)
    p, reason = v.resolve(g["play"], level)
    if p is not None:
        reason = v.beat_reason(t, p, level, table_was)
    return {"beats": True} if reason is None else {"beats": False, "reason": reason}


def play_setup(v, g):
    level = given_level(v, g)
    hand = g["hand"]
    check_cards(hand, v.decks)
    table = g.get("table")
    t = v.table_reading(table, level) if table is not None else None
    return level, hand, t, g.get("table_was", "round_opening"), bool(g.get("passed", False))


def op_legal_play(v, g):
    level, hand, t, table_was, passed = play_setup(v, g)
    action = g["action"]
    if action.get("type") == "pass":
        if t is None:
            return {"legal": False, "reason": "must_lead"}
        return {"legal": True, "reading": None}
    cards = action["cards"]
    check_cards(cards, v.decks)
    if not cards:
        return {"legal": False, "reason": "empty_play"}
    if t is not None and passed and v.pass_locks_out:
        return {"legal": False, "reason": "locked_out"}
    hc = Counter(hand)
    if any(n > hc[c] for c, n in Counter(cards).items()):
        return {"legal": False, "reason": "not_in_hand"}
    p, reason = v.resolve({"cards": cards, "reading": action.get("reading")}, level)
    if p is not None and t is not None:
        reason = v.beat_reason(t, p, level, table_was)
    if reason:
        return {"legal": False, "reason": reason}
    return {"legal": True, "reading": {"combination": p[0], "cards": list(p[1])}}


def sub_multisets(counts, k):
    """Every multiset of k cards drawn from ``counts`` ({card: copies}), as sorted tuples."""
    items = sorted(counts.items())
    out = []

    def rec(i, left, acc):
        if left == 0:
            out.append(tuple(acc))
            return
        if i == len(items):
            return
        card, have = items[i]
        for take in range(min(have, left), -1, -1):
            rec(i + 1, left - take, acc + [card] * take)

    rec(0, k, [])
    return out


def candidates(v, hand, level):
    """A superset of the card multisets of a hand that may have a reading (sorted tuples)."""
    wild = "H" + level
    hc = Counter(hand)
    nw = hc.pop(wild, 0)
    by_rank = {}
    for c, n in hc.items():
        by_rank.setdefault(rank(c), {})[c] = n
    cache = {}

    def sub(r, k):
        if (r, k) not in cache:
            cache[(r, k)] = sub_multisets(by_rank.get(r, {}), k) if k <= sum(by_rank.get(r, {}).values()) else []
        return cache[(r, k)]

    out = set()
    for c in set(hand):
        out.add((c,))
    for j in range(1, nw + 1):
        out.add((wild,) * j)
    for r in FACE:
        total = sum(by_rank.get(r, {}).values())
        for k in range(0, total + 1):
            for j in range(0, nw + 1):
                if 2 <= k + j:
                    for s in sub(r, k):
                        out.add(tuple(sorted(s + (wild,) * j)))
    for jk in JOKERS:
        for k in range(2, hc.get(jk, 0) + 1):
            out.add((jk,) * k)
        for k in range(1, min(hc.get(jk, 0), 2) + 1):
            if 3 - k <= nw:
                out.add(tuple(sorted((jk,) * k + (wild,) * (3 - k))))
    if hc.get("BJ", 0) == 3 and hc.get("LJ", 0) == 3:
        out.add(("BJ",) * 3 + ("LJ",) * 3)
    triples = [c for c, n in hc.items() if n == 3 and c not in JOKERS]
    for x, y in itertools.combinations(triples, 2):
        out.add(tuple(sorted((x,) * 3 + (y,) * 3)))
    for t in FACE:
        for p in FACE:
            if p == t or not v.fh_adjacent(t, p):
                continue
            for kt in range(4):
                for kp in range(3):
                    j = 5 - kt - kp
                    if j > nw:
                        continue
                    for a in sub(t, kt):
                        for b in sub(p, kp):
                            out.add(tuple(sorted(a + b + (wild,) * j)))
    for _, unit, length in v.runs:
        order = v.seq(level)
        for s in range(len(order) - length + 1):
            window = order[s:s + length]

            def rec(i, acc, used):
                if i == length:
                    out.add(tuple(sorted(acc + (wild,) * used)))
                    return
                for k in range(unit, -1, -1):
                    if used + unit - k > nw:
                        continue
                    for part in sub(window[i], k):
                        rec(i + 1, acc + part, used + unit - k)

            rec(0, (), 0)
    for a, b, _ in v.links(level):
        ta, tb = sum(by_rank.get(a, {}).values()), sum(by_rank.get(b, {}).values())
        for ka in range(1, ta + 1):
            for kb in range(1, tb + 1):
                for j in range(0, nw + 1):
                    total = ka + kb + j
                    if total < 8 or ka > total - 4 or kb > total - 4 or (not v.unequal_halves and total % 2):
                        continue
                    for x in sub(a, ka):
                        for y in sub(b, kb):
                            out.add(tuple(sorted(x + y + (wild,) * j)))
    if v.fh_joker_pair:
        for jk in JOKERS:
            if hc.get(jk, 0) >= 2:
                for t in FACE:
                    for kt in range(4):
                        if 3 - kt <= nw:
                            for a in sub(t, kt):
                                out.add(tuple(sorted(a + (jk, jk) + (wild,) * (3 - kt))))
    if nw == 3:
        for c, n in hc.items():
            if n == 3 and c not in JOKERS:
                out.add(tuple(sorted((c,) * 3 + (wild,) * 3)))
    if hc.get("BJ", 0) >= 2 and hc.get("LJ", 0) >= 2:
        out.add(("BJ", "BJ", "LJ", "LJ"))
    return out


def op_legal_play_count(v, g):
    level, hand, t, table_was, passed = play_setup(v, g)
    distinct = g.get("distinct", "reading")
    can_pass = t is not None
    by = Counter()
    seen = set()
    if not (t is not None and passed and v.pass_locks_out):
        for cs in candidates(v, hand, level):
            for rd in v.readings(list(cs), level):
                if t is not None and v.beat_reason(t, rd, level, table_was) is not None:
                    continue
                if distinct == "key":
                    k = (cs, rd[0], play_key(v, rd, level))
                    if k in seen:
                        continue
                    seen.add(k)
                by[rd[0]] += 1
    plays = sum(by.values())
    return {"count": plays + (1 if can_pass else 0), "plays": plays, "pass": can_pass,
            "by_combination": {name: by[name] for name in v.catalogue if by[name]}}


def play_key(v, rd, level):
    m = rd[2]
    if rd[0] == "full_house":
        return (m["t"],) if v.fh_triple_only else (m["t"], m["p"])
    return tuple(sorted(m.items()))


def card_points(v, cards):
    pts = v.points if isinstance(v.points, dict) else {}
    return sum(pts.get(rank(c), 0) for c in cards)


def op_round_points(v, g):
    check_cards(g["cards"], v.decks)
    return {"points": card_points(v, g["cards"])}


def cut_value(v, card):
    r = rank(card)
    return v.cut_values.get(r, int(r) if r.isdigit() else None)


def check_seat(s):
    if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 3:
        raise BadInput(f"bad seat {s!r}")
    return s


def op_deal_order(v, g):
    cutter, marked = check_seat(g["cutter"]), g["marked_card"]
    check_cards([marked], v.decks)
    prev = g.get("previous")
    count = None
    if prev is None:
        count = cut_value(v, marked)
        first = (cutter + count - 1) % 4
    else:
        fo, lo = check_seat(prev["first_out"]), prev.get("last_out")
        if cutter != fo:
            raise BadInput("in a later hand the cutter is the previous first-out")
        if lo is None:
            count = cut_value(v, marked)
            first = (cutter + count - 1) % 4
        else:
            if check_seat(lo) == fo:
                raise BadInput("the last-out cannot be the first-out")
            first = lo
    sizes = [0] * 4
    for i, n in enumerate(v.hand_sizes):
        sizes[(first + i) % 4] = n
    return {"first_drawer": first, "holder": first, "leader": first, "hand_sizes": sizes, "count": count}


def op_marked_card(v, g):
    holder, copies = check_seat(g["holder"]), g["copies"]
    check_cards([g["marked_card"]], v.decks)
    if len(copies) != 4 or sum(copies) > v.decks or copies[holder] < 1 or any(c < 0 for c in copies):
        raise BadInput("bad copies")
    partner = (holder + 2) % 4
    bonus, transfer = 0, None
    if v.marked_later == "lead_only" and not g.get("first_hand", True):
        pass
    elif copies[holder] == 3:
        bonus = v.bonus_three
    elif copies[partner] == 2:
        bonus, transfer = v.bonus_pair, {"from": holder, "to": partner, "card": g["marked_card"]}
    return {"bonus": bonus, "team": holder % 2, "transfer": transfer, "leader": holder}


def op_round(v, g):
    level = given_level(v, g)
    sizes = list(g["hand_sizes"])
    leader = check_seat(g["leader"])
    out = list(g.get("out", []))
    if len(sizes) != 4 or sizes[leader] <= 0:
        raise BadInput("the leader holds no cards")
    table = table_rd = last = None
    table_was = None
    passed, locked, points = set(), set(), 0
    to_act, over, hand_over = leader, False, False
    for a in g["actions"]:
        if over:
            raise BadInput("an action after the round is over")
        if check_seat(a.get("seat")) != to_act:
            raise BadInput("an action out of turn")
        seat = a["seat"]
        if a["type"] == "pass":
            if table is None:
                raise BadInput("the leader may not pass")
            passed.add(seat)
            locked.add(seat)
        elif a["type"] == "play":
            cards = a["cards"]
            if not cards or len(cards) > sizes[seat]:
                raise BadInput("a play of no cards or more cards than the seat holds")
            rd, reason = v.resolve({"cards": cards, "reading": a.get("reading")}, level)
            if rd is None or (table_rd is not None and v.beat_reason(table_rd, rd, level, table_was) is not None):
                raise BadInput("an illegal play")
            if table_rd is None:
                table_was = "hand_opening" if g.get("hand_opening", False) else "round_opening"
            else:
                table_was = "follow"
            table = {"cards": list(cards), "reading": {"combination": rd[0], "cards": list(rd[1])}}
            table_rd, last = rd, seat
            passed = set()
            points += card_points(v, cards)
            sizes[seat] -= len(cards)
            if sizes[seat] == 0:
                out.append(seat)
        else:
            raise BadInput(f"bad action type {a['type']!r}")
        if (len(out) >= 2 and (out[0] + 2) % 4 == out[1]) or len(out) >= 3:
            over, hand_over, to_act = True, True, None
            continue  # an action after this one is bad input (checked at the loop's top)
        others = [c for c in range(4) if c != last and sizes[c] > 0]
        waiting = [c for c in others if c not in passed and not (v.pass_locks_out and c in locked)]
        if not waiting:
            over, to_act = True, None
            continue
        to_act = next((seat + k) % 4 for k in range(1, 5) if (seat + k) % 4 in waiting)
    next_leader, wind = None, False
    if over and not hand_over:
        if sizes[last] > 0:
            next_leader = last
        else:
            wind = True
            partner = (last + 2) % 4
            next_leader = partner if sizes[partner] > 0 else next(
                (last + k) % 4 for k in range(1, 4) if sizes[(last + k) % 4] > 0)
    return {"over": over, "hand_over": hand_over, "to_act": to_act, "table": None if over else table,
            "last_player": last, "next_leader": next_leader, "wind": wind, "points": points, "out": out}



def op_settle(v, g):
    by_place = "partner_third" in v.settle_levels
    if not isinstance(v.points, dict) and not by_place:
        raise Unsupported("a settlement by points without points is not implemented")
    start = v.start
    levels = list(g.get("levels", [start, start]))
    if len(levels) != 2 or any(lv not in FACE for lv in levels):
        raise BadInput("bad levels")
    level = g.get("level")
    if level is None:
        if levels[0] != levels[1]:
            raise BadInput("level left out while the teams' levels differ")
        level = levels[0]
    if level not in levels:
        raise BadInput("the level played is neither team's level")
    owner = g.get("level_owner")
    if owner is not None and (owner not in (0, 1) or levels[owner] != level):
        raise BadInput("level_owner is not a team at the level played")
    end = v.match_end
    own_level = end.get("at") == "own_level_a"
    if owner is None:
        if own_level and levels == ["A", "A"]:
            raise BadInput("level_owner is needed when both teams are at A")
        owner = levels.index(level)
    finish = g["finish"]
    for s_ in finish:
        check_seat(s_)
    if len(set(finish)) != len(finish) or len(finish) not in (2, 3):
        raise BadInput("finish holds two or three different seats")
    captured = g.get("captured")
    if not isinstance(v.points, dict):
        if captured is not None and any(captured):
            raise BadInput("captured points in a variant whose cards have none")
        captured = [0, 0, 0, 0]
    if captured is None:
        raise BadInput("captured is required when the cards have points")
    total = v.decks * 4 * sum(v.points.values()) if isinstance(v.points, dict) else 0
    if len(captured) != 4 or any(c < 0 for c in captured) or sum(captured) > total:
        raise BadInput("bad captured points")
    fpb = g.get("first_partner_before", 0)
    bonus = list(g.get("bonus", [0, 0]))
    first = finish[0]
    partner = (first + 2) % 4
    if fpb < 0 or fpb > captured[partner]:
        raise BadInput("first_partner_before above the partner's capture")
    first_team = first % 2
    places = [None] * 4
    scores = full = None
    down = False
    if len(finish) == 2:
        if finish[1] != partner:
            raise BadInput("a finish of two seats must be partners")
        pattern, winner, gain = "1+2", first_team, v.gain_12
        places[finish[0]], places[finish[1]] = 1, 2
    else:
        if finish[1] == partner:
            raise BadInput("partners first and second end the hand: two seats only")
        last = ({0, 1, 2, 3} - set(finish)).pop()
        for i, s_ in enumerate(finish + [last]):
            places[s_] = i + 1
        second, third = finish[1], finish[2]
        if third == partner:
            pattern = "13+24"
            fs, os_ = captured[first] + captured[third], captured[second]
        else:
            pattern = "14+23"
            fs, os_ = captured[first] + (0 if v.pairs_only else fpb), captured[second] + captured[third]
        th = v.thresholds if isinstance(v.points, dict) else {"first_side": 0, "other_side": 0}
        ff, of = fs >= th["first_side"], os_ >= th["other_side"]
        scores, full = {"first_side": fs, "other_side": os_}, {"first_side": ff, "other_side": of}
        if ff and of:
            winner = first_team
        elif ff or of:
            winner = first_team if ff else 1 - first_team
        else:
            winner = 1 - last % 2
        loser_score = os_ if winner == first_team else fs
        sl = v.settle_levels
        if by_place:
            winner = first_team
            gain = sl["partner_third"] if pattern == "13+24" else sl["partner_last"]
        elif "losers_down_below" in sl:
            gain = sl["winners"]
            if loser_score < sl["losers_down_below"]:
                down = True
        else:
            gain = sl["winners_if_losers_below"] if loser_score < sl["invalid_below"] else sl["winners"]
        if not isinstance(v.points, dict):
            scores = full = None
    new = []
    for t in (0, 1):
        up = (gain if t == winner else 0) + bonus[t]
        if t != winner and down:
            up -= 1
        at = FACE.index(levels[t])
        at = min(at + up, len(FACE) - 1) if up >= 0 else max(at + up, min(at, FACE.index(start)))
        new.append(FACE[at])
    over = levels[winner] == "A" and level == "A"
    if end.get("win") == "partner_not_last":
        over = over and winner == first_team and pattern != "14+23"
    if own_level:
        over = over and owner == winner
    extra = {}
    limit = end.get("failures_at_a")
    if limit:
        fails = list(g.get("a_failures", [0, 0]))
        for t in (0, 1):
            if levels[t] == "A" and level == "A" and (not own_level or owner == t) and not (over and winner == t):
                fails[t] += 1
                if fails[t] >= limit:
                    fails[t] = 0
                    new[t] = start
        extra["a_failures"] = fails
    return {**extra, "pattern": pattern, "first_team": first_team, "scores": scores, "full": full, "winner": winner,
            "gain": gain, "places": places, "levels": new, "next_level": new[winner], "match_over": over,
            "match_winner": winner if over else None}


OPS = {"facts": op_facts, "card_order": op_card_order, "classify": op_classify, "beats": op_beats,
       "legal_play": op_legal_play, "legal_play_count": op_legal_play_count, "round": op_round,
       "round_points": op_round_points, "deal_order": op_deal_order, "marked_card": op_marked_card,
       "settle": op_settle}


def send(msg):
    sys.stdout.write(json.dumps(msg, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main():
    kept = {"dadun/dadun-guide": Variant(GUIDE)}
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
            send({"type": "ready", "name": "outsider-dadun", "version": "0.1.0", "protocol": 3,
                  "variants": ["dadun/*"], "operations": [f"dadun/{o}" for o in OPS],
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
                    try:
                        kept[vid] = Variant(flatten(msg["variant_rules"]))
                    except (KeyError, TypeError, ValueError) as exc:
                        send({"type": "skipped", "id": qid, "reason": f"rules of {vid} not read: {exc}"})
                        continue
                if vid not in kept:
                    send({"type": "skipped", "id": qid, "reason": f"rules of {vid} unknown"})
                    continue
                v = kept[vid]
                op = msg["op"].split("/", 1)[-1]
                if v.unsupported:
                    send({"type": "skipped", "id": qid, "reason": v.unsupported})
                    continue
                if op not in OPS:
                    send({"type": "skipped", "id": qid, "reason": f"{op} not implemented"})
                    continue
                send({"type": "result", "id": qid, "answer": OPS[op](v, as_given(msg["given"]))})
            except Unsupported as exc:
                send({"type": "skipped", "id": qid, "reason": str(exc)})
            except BadInput as exc:
                send({"type": "errored", "id": qid, "message": str(exc), "bad_input": True})
            except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a failure of this engine, not a refusal
                send({"type": "errored", "id": qid, "message": f"{type(exc).__name__}: {exc}"})


if __name__ == "__main__":
    main()
