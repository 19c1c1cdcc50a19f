"""What every benchmark checks before it prints a rate: that it measured something.

A benchmark whose every query was skipped, whose loop never ran, or whose engine answered nothing would otherwise
print a rate of nothing (a protocol-1 echo engine once made ``bench_protocol.py`` print 376k "queries/s" for 5,000
skipped queries). :func:`require` stops it instead: one ``error: …`` line on stderr and exit status 1.
"""

from __future__ import annotations

import sys


def require(count: int, what: str, why: str = "") -> int:
    """``count`` when it is at least 1; else exit 1 with ``error: measured nothing: no WHAT (WHY)``.

    Args:
        count: how many things were measured (queries answered, hands played, questions compared).
        what: their name in the plural (``queries answered``).
        why: what happened instead (``all 5000 skipped: …``), if known.
    """
    if count < 1:
        sys.exit(f"error: measured nothing: no {what}" + (f" ({why})" if why else "") +
                 "; a benchmark that measured nothing fails")
    return count
