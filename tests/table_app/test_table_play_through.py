"""Seeded hands and whole matches of every game and of every example house file, the person's seat played by a bot
through the endpoints the page uses (:mod:`page_driver`): whenever the person has a decision the page offers at least
one action, every action it offers is accepted, every action the bot wants is one the page can make (a reading of
wild cards included), and a match ends with its winner shown, after a reload too, and a match record that verifies.

The size is kept small for CI (2 cores): ``TABLE_PLAY_SEEDS`` (default 2) seeded hands per variant file; one whole
match per file. ``TABLE_PLAY_SEEDS=20`` plays more.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient  # noqa: E402

from datong_rules.reference_impl import records  # noqa: E402
from datong_rules.reference_impl.variant import SpecError, open_variant  # noqa: E402
from page_driver import PageBot  # noqa: E402
from table_helpers import VARIANTS, make_app  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
BROKEN_ON_PURPOSE = {"my-club.yaml"}
"""Example files that show a mistake (the rule keeper's guide): they do not open."""
FILES = [*VARIANTS, *sorted(str(p) for p in EXAMPLES.glob("*.yaml") if p.name not in BROKEN_ON_PURPOSE)]
SEEDS = int(os.environ.get("TABLE_PLAY_SEEDS", "2"))


def _id(variant: str) -> str:
    return Path(variant).name


def test_the_example_files_are_all_here():
    """Every example house file is played but the one that shows mistakes (which does not open)."""
    assert len(FILES) >= len(VARIANTS) + 8
    for name in BROKEN_ON_PURPOSE:
        with pytest.raises(SpecError):
            open_variant(str(EXAMPLES / name))


def _open(variant: str, seed: int, seat: int | None = None):
    app = make_app(variant, seed=seed)
    players = app.state.tables.options.variant.data["rules"]["players"]["count"]["value"]
    tid = app.state.tables.open(seat=seed % players if seat is None else seat)
    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=True)
    return client, tid, PageBot(client, tid, seed)


def _verified(client, tid, path, variant):
    response = client.get(f"/t/{tid}/{path}")
    assert response.status_code == 200, response.text
    rules = client.app.state.tables.kept[tid].table.rules if variant.endswith(".yaml") else None
    result = records.verify(response.json(), rules)
    assert result.accepted, (result.reason, result.detail, result.index)


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("variant", FILES, ids=_id)
def test_seeded_hands_through_the_page(variant, seed):
    client, tid, bot = _open(variant, seed)
    page = bot.play_hand()
    assert page.settlement and bot.requests > 0
    _verified(client, tid, "record.json", variant)


@pytest.mark.parametrize("variant", FILES, ids=_id)
def test_a_whole_match_through_the_page(variant):
    client, tid, bot = _open(variant, seed=1, seat=0)
    page = bot.play_match()
    table = bot.table
    assert table.match.over and not page.next
    assert page.match_end, "the match is over but the page does not say so"
    again = client.get(f"/t/{tid}")  # a reload still says who won
    assert page.match_end in again.text.replace("&#39;", "'")
    _verified(client, tid, "match.json", variant)
    last = client.post(f"/t/{tid}/next", json={"version": page.version})
    assert last.status_code == 409  # no hand after the last one
