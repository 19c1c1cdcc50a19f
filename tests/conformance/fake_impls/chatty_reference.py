"""The reference engine with one key too many in every answer (``--impl chatty_reference:ChattyReference``):
right on every expected key, wrong on the operations schema."""

from datong_rules.conformance.adapters.reference import ReferenceImplementation


class ChattyReference(ReferenceImplementation):
    """Adds ``detail`` to every answer of the reference engine."""

    name = "chatty reference"

    def answer(self, variant, op, given):
        return {**super().answer(variant, op, given), "detail": "said more than asked"}
