"""`datong-rules play biedan/biedan-guide` ends with the match's result: the tally by seat (rule match.score: first
+1, second 0, third -1 a hand in the guide) and the winner(s). The test adds up the places the transcript prints,
hand by hand, and checks the printed tally and winners against that sum."""

from __future__ import annotations

import re

import pytest

from examples_support import run

POINTS = {"first": 1, "second": 0, "third": -1}  # biedan-guide's match.score
PLACES = re.compile(r"^Places: first seat (\d), second seat (\d), third \(stuck with the egg, 憋蛋\) seat (\d)$")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_match_ends_with_the_tally_and_the_winner(seed):
    result = run("play", "biedan/biedan-guide", "--seed", str(seed))
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    hands = [PLACES.match(line) for line in lines if line.startswith("Places:")]
    assert len(hands) == 6 and all(hands)  # match.hands of the guide
    tally = [0, 0, 0]
    for found in hands:
        for place, seat in zip(("first", "second", "third"), found.groups()):  # type: ignore[union-attr]
            tally[int(seat)] += POINTS[place]
    assert sum(tally) == 0  # one +1 and one -1 a hand
    assert lines[-2] == "Tally (first +1, second +0, third -1 a hand): " + ", ".join(
        f"seat {seat} {points:+d}" for seat, points in enumerate(tally))
    best = [seat for seat in range(3) if tally[seat] == max(tally)]
    assert lines[-1] == (f"Winner: seat {best[0]}" if len(best) == 1
                         else "Shared win: " + ", ".join(f"seat {seat}" for seat in best))
