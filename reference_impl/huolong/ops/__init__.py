"""Huolong's operations (docs/implementers/operations.md): ``OPS`` maps an operation name to
``fn(rules, given) -> answer``; bad input raises :class:`ValueError` with a one-line message.

Card play and settlement are in :mod:`.play`, the hand's lifecycle (declare, bury, star burial, replay) in
:mod:`.hand`; :mod:`.given` reads the ``given`` of a query.
"""

from __future__ import annotations

from . import hand, play

OPS = {**play.OPS, **hand.OPS}
"""Operation name → function answering it."""
