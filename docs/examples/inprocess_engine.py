"""A toy in-process implementation for the implementer's guide: the Python adapter.

    PYTHONPATH=docs/examples datong-rules conform --impl inprocess_engine:ToyEngine --op bottom_points
"""

from datong_rules.conformance.adapters.base import Implementation, Unsupported
from datong_rules.reference_impl.variant import load_variant


class ToyEngine(Implementation):
    """Answers ``bottom_points``; any other operation is skipped."""

    name, version = "toy-inprocess", "0.1"

    def supported_operations(self):
        return ["bottom_points", "card_order"]

    def answer(self, variant, op, given):
        if op != "bottom_points":
            raise Unsupported(f"{op} is not implemented yet")
        rules = load_variant(variant)
        values = rules.rule("points.card_points")
        points = sum(values.get(card[1:], 0) for card in given["bottom"] if card not in ("BJ", "LJ"))
        return {"points": points, "awarded": points * rules.rule("bottom.multiplier") if given["dug"] else 0}
