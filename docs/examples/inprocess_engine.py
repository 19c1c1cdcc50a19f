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
        # a fixture variant of the suite comes with its rules; a bundled one is read from spec/
        rules = self.fixture_variants.get(variant) or load_variant(variant).data
        values = rules["rules"]["points"]["card_points"]["value"]
        multiplier = rules["rules"]["bottom"]["multiplier"]["value"]  # 1, 2, or {by_last_trick_size: {"1": 2, …}}
        if isinstance(multiplier, dict):
            multiplier = multiplier["by_last_trick_size"][str(given["last_trick_size"])]
        points = sum(values.get(card[1:], 0) for card in given["bottom"] if card not in ("BJ", "LJ"))
        return {"points": points, "awarded": points * multiplier if given["dug"] else 0}
