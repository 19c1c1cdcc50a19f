"""The seeds the commands take (``play``, ``simulate``, ``table``, ``fuzz``, ``conform``): one range for all, so a
seed one command takes every other takes too, and every seed a record or a report writes is read back exactly.

A seed is a whole number from 0 to :data:`MAX_SEED` (2^53 − 1): records (``play --record``), simulate's JSON and
fuzz's repeat lines write the seed as a JSON number, and JSON readers that hold numbers as doubles (JavaScript,
many others) hold exactly only the whole numbers up to 2^53 − 1; a larger seed would be read back as another one.
"""

from __future__ import annotations

import click

MAX_SEED = 2**53 - 1
"""The largest seed taken: 9,007,199,254,740,991, the largest whole number a double holds exactly with every
smaller one."""

SEED = click.IntRange(0, MAX_SEED)
"""The click type of every ``--seed`` option: a whole number from 0 to :data:`MAX_SEED`; anything else is refused
with click's one-line usage error (exit 2) naming the range."""
