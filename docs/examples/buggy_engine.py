"""A toy in-process engine with a deliberate bug, for "Reading reports" in the implementer's guide.

    PYTHONPATH=docs/examples datong-rules conform --impl buggy_engine:make --op trick_winner

It answers ``trick_winner`` for tricks of single cards (other tricks are skipped). It borrows the strength and
the suit of each card from the kit's reference engine (operations ``card_order`` and ``classify``), but picks
the winner with its own loop, and that loop has the bug: between two equal cards it gives the trick to the one
played *last*, where the rule ``ranking.ties`` gives it to the one played first.
"""

from datong_rules.conformance.adapters.base import Implementation, Unsupported
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.reference_impl.variant import load_variant


class BuggyEngine(Implementation):
    """Answers ``trick_winner`` for single cards; ties go to the last card played (the bug)."""

    name, version = "buggy-engine", "0.1"

    def __init__(self):
        self.reference = ReferenceImplementation()  # asked only for each card's strength and suit

    def supported_operations(self):
        return ["trick_winner"]

    def answer(self, variant, op, given):
        if any(len(play) != 1 for play in given["plays"]):
            raise Unsupported("only tricks of single cards")
        cards = [play[0] for play in given["plays"]]
        hand = {"level": given["level"], "trump_suit": given["trump_suit"]}
        order = self.reference.answer(variant, "card_order", {**hand, "cards": cards})["order"]
        strength = {card: -i for i, group in enumerate(order) for card in group}

        def suit(card):
            return self.reference.answer(variant, "classify", {**hand, "cards": [card]})["suit"]

        best = 0
        for i, card in enumerate(cards):
            if suit(card) in (suit(cards[0]), "trump") and strength[card] >= strength[cards[best]]:  # bug: >= not >
                best = i
        values = load_variant(variant).rule("points.card_points")
        points = sum(values.get(card[1:], 0) for card in cards if card not in ("BJ", "LJ"))
        return {"winner": (given["leader"] + best) % len(cards), "points": points}


def make():
    """The factory named on the command line (``buggy_engine:make``)."""
    return BuggyEngine()
