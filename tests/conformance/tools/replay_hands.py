"""Bookkeeping for writing ``replay`` scenarios by hand: who held which cards when, in a game record.

This is NOT a rules engine and gives no verdict. It only does the clerical part of reading a hand
record, so that a scenario writer can check a planted fault by hand:

* the deal: card *i* of ``pack`` goes to seat ``(first_drawer + i) mod 4`` for the first
  ``players × hand_size`` cards; the rest is the bottom (the record schema's dealing rule);
* the banker takes up the bottom and removes the ``bury`` cards;
* star-burial exchanges are not derived from the rules (that needs the card order): they are read
  off the record as the difference between what a seat was dealt and what it plays over the hand,
  limited to big jokers given and cards of the buried bottom taken back (one for one); so they are
  only seen in a record that holds the whole hand (a record cut short hides the cards taken back
  but not yet played, and the big jokers given stay in the loader's hand);
* the plays, in groups of four (one trick each); the seat that leads trick *k+1* is taken as the
  recorded winner of trick *k* (the record's claim, to be checked by hand where a scenario relies on
  it); the points in each trick (``points.card_points`` read from the variant data).

Usage::

    python tests/conformance/tools/replay_hands.py RECORD.json [--hand N] [--at INDEX]
    python tests/conformance/tools/replay_hands.py SCENARIOS.yaml --id SCENARIO_ID [--at INDEX]

``RECORD.json`` is a hand or match record (``--hand``: index in ``hands``, default the last one); a
scenario file gives the record of ``given.record`` of scenario ``--id``. ``--at INDEX`` prints every
seat's cards just before action ``INDEX``, by effective suit as the writer reads it (no ranking).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

PLAYERS = 4


def load_record(path: Path, hand: int | None = None, scenario_id: str | None = None) -> dict:
    """The hand record in a JSON record file or in a scenario YAML file (by scenario id)."""
    if path.suffix in (".yaml", ".yml"):
        import yaml

        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for scen in data["scenarios"]:
            if scen["id"] == scenario_id:
                record = scen["given"]["record"]
                break
        else:
            raise SystemExit(f"error: no scenario {scenario_id!r} in {path}")
    else:
        record = json.loads(path.read_text(encoding="utf-8"))
    if record["record"] == "match":
        record = record["hands"][-1 if hand is None else hand]
    return record


def card_points(variant_id: str) -> dict[str, int]:
    """``points.card_points`` of the variant (rank → points), read from the variant data."""
    from datong_rules.reference_impl.variant import load_variant

    return {str(k): int(v) for k, v in load_variant(variant_id).rule("points.card_points").items()}


def rank_of(card: str) -> str:
    """The rank part of a card token (``H10`` → ``10``); jokers have none."""
    return "" if card in ("BJ", "LJ") else card[1:]


def points_of(cards, table: dict[str, int]) -> int:
    """The points in some cards."""
    return sum(table.get(rank_of(c), 0) for c in cards)


def dealt_hands(record: dict, hand_size: int = 39) -> tuple[list[Counter], list[str]]:
    """Each seat's dealt cards and the bottom (in pack order)."""
    pack, first = record["pack"], record["first_drawer"]
    n = PLAYERS * hand_size
    hands = [Counter(pack[(seat - first) % PLAYERS:n:PLAYERS]) for seat in range(PLAYERS)]
    return hands, list(pack[n:])


def banker_of(record: dict) -> int | None:
    """The banker: the setup's, else the recorded declaration entry's (None if neither says)."""
    if record.get("banker") is not None:
        return record["banker"]
    for act in record["actions"]:
        if act["type"] == "declaration":
            return act.get("banker")
    return None


def walk(record: dict) -> dict:
    """Replay the bookkeeping: hands before every action, the tricks, the star-burial exchanges."""
    hands, bottom = dealt_hands(record)
    banker = banker_of(record)
    actions = record["actions"]
    base = [Counter(h) for h in hands]
    for act in actions:
        if act["type"] == "bury":
            base[banker].update(bottom)
            base[banker].subtract(act["cards"])
    played = [Counter() for _ in range(PLAYERS)]
    for act in actions:
        if act["type"] == "play":
            played[act["seat"]].update(act["cards"])
    # a star-burial exchange gives big jokers and takes back cards that lay in the buried bottom;
    # anything else a seat plays without having been dealt it stays unexplained (a bad record)
    buried = Counter()
    for act in actions:
        if act["type"] == "bury":
            buried.update(act["cards"])
    exchange_in, exchange_out = [], []
    for s in range(PLAYERS):
        jokers_out = (base[s] - played[s])["BJ"]
        taken = Counter()
        for card, count in sorted((+(played[s] - base[s])).items()):
            k = min(count, buried[card], jokers_out - sum(taken.values()))
            if k > 0:
                taken[card] = k
        buried.subtract(taken)
        exchange_in.append(taken)
        exchange_out.append(Counter({"BJ": sum(taken.values())}) if taken else Counter())

    before: list[list[Counter]] = []
    cur = [Counter(h) for h in hands]
    plays_seen = 0
    tricks: list[dict] = []
    for i, act in enumerate(actions):
        before.append([+Counter(h) for h in cur])
        kind = act["type"]
        if kind == "bury":
            cur[banker].update(bottom)
            cur[banker].subtract(act["cards"])
        elif kind == "play":
            if plays_seen == 0:  # star burial is over: apply the exchanges read off the record
                for s in range(PLAYERS):
                    cur[s].update(exchange_in[s])
                    cur[s].subtract(exchange_out[s])
                before[-1] = [+Counter(h) for h in cur]
            if plays_seen % PLAYERS == 0:
                tricks.append({"first_index": i, "leader": act["seat"], "plays": []})
            tricks[-1]["plays"].append((i, act["seat"], list(act["cards"])))
            cur[act["seat"]].subtract(act["cards"])
            plays_seen += 1
    return {"banker": banker, "bottom": bottom, "dealt": hands, "before": before, "tricks": tricks,
            "exchange_in": exchange_in, "exchange_out": exchange_out}


def by_suit(hand: Counter) -> str:
    """A hand as text, grouped by suit letter (jokers apart); ranks in face order."""
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    parts = []
    for suit in "SHCD":
        cards = sorted((c for c in hand.elements() if c[0] == suit and c not in ("BJ", "LJ")),
                       key=lambda c: order.index(c[1:]))
        parts.append(f"{suit}: {' '.join(c[1:] for c in cards) or '-'}")
    jokers = [c for c in hand.elements() if c in ("BJ", "LJ")]
    parts.append(f"jokers: {' '.join(sorted(jokers)) or '-'}")
    return " | ".join(parts)


def report(record: dict, at: int | None) -> str:
    """The text printed by the command line."""
    table = card_points(record["variant"])
    w = walk(record)
    banker = w["banker"]
    out = [f"variant {record['variant']} hand {record['hand_number']} first_drawer {record['first_drawer']} "
           f"banker {banker} team_levels {record['team_levels']} actions {len(record['actions'])}",
           f"bottom (pack order): {' '.join(w['bottom'])}"]
    for s in range(PLAYERS):
        if w["exchange_in"][s] or w["exchange_out"][s]:
            out.append(f"seat {s} star-burial exchange (read off the record): gives "
                       f"{' '.join(sorted(w['exchange_out'][s].elements()))}, takes {' '.join(sorted(w['exchange_in'][s].elements()))}")
    if not any(a["type"] == "settle" for a in record["actions"]):
        out.append("note: the record stops before the settle entry: star-burial exchanges whose cards are not "
                   "played in it are not seen")
    captured = {"attackers": 0, "banker_team": 0}
    tricks = w["tricks"]
    for k, trick in enumerate(tricks):
        pts = points_of([c for _, _, cards in trick["plays"] for c in cards], table)
        nxt = tricks[k + 1]["leader"] if k + 1 < len(tricks) else None
        if nxt is not None and banker is not None:
            captured["attackers" if nxt % 2 != banker % 2 else "banker_team"] += pts
        plays = " | ".join(f"[{i}] s{seat}: {' '.join(cards)}" for i, seat, cards in trick["plays"])
        out.append(f"trick {k + 1:2} lead s{trick['leader']}: {plays}  ({pts} pts) next leader: "
                   + ("?" if nxt is None else f"s{nxt}"))
    out.append(f"points of tricks 1..{len(tricks) - 1} by the team of the next leader: {captured}; "
               f"last trick: derive its winner by hand")
    for i, act in enumerate(record["actions"]):
        if act["type"] == "settle":
            out.append(f"[{i}] settle: {json.dumps(act, ensure_ascii=False)}")
    if at is not None:
        out.append(f"hands before action [{at}] {json.dumps(record['actions'][at], ensure_ascii=False)}:")
        for s in range(PLAYERS):
            out.append(f"  seat {s}: {by_suit(w['before'][at][s])}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module doc."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--hand", type=int, default=None)
    parser.add_argument("--id", dest="scenario_id", default=None)
    parser.add_argument("--at", type=int, default=None)
    args = parser.parse_args(argv)
    print(report(load_record(args.file, args.hand, args.scenario_id), args.at))
    return 0


if __name__ == "__main__":
    sys.exit(main())
