"""Seeded hands and whole matches of every game and of every example house file, the person's seat played by a bot
through the endpoints the page uses (:mod:`page_driver`): whenever the person has a decision the page offers at least
one action, every action it offers is accepted, every action the bot wants is one the page can make (a reading of
wild cards included), and a match ends with its winner shown, after a reload too, and a match record that verifies.

The size is kept small for CI (2 cores): ``TABLE_PLAY_SEEDS`` (default 2) seeded hands per variant file, and one
whole match of each game's bundled variant; ``TABLE_PLAY_MATCHES=all`` plays a whole match of every example file too
(a 攉龙 house match is 40 hands: about a minute each), ``TABLE_PLAY_SEEDS=20`` more hands.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("httpx2")

from datong_rules.reference_impl import records  # noqa: E402
from datong_rules.reference_impl.variant import SpecError, open_variant  # noqa: E402
from page_driver import AsgiClient, PageBot  # noqa: E402
from table_helpers import VARIANTS, make_app  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
BROKEN_ON_PURPOSE = {"my-club.yaml"}
"""Example files that show a mistake (the rule keeper's guide): they do not open."""
FILES = [*VARIANTS, *sorted(str(p) for p in EXAMPLES.glob("*.yaml") if p.name not in BROKEN_ON_PURPOSE)]
SEEDS = int(os.environ.get("TABLE_PLAY_SEEDS", "2"))
MATCHES = FILES if os.environ.get("TABLE_PLAY_MATCHES") == "all" else list(VARIANTS)


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
    client = AsgiClient(app)
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


@pytest.mark.parametrize("variant", MATCHES, ids=_id)
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


def test_biedan_the_person_going_out_first_takes_the_third_s_best_card():
    """憋蛋: when the person goes out first, the exchange's first step is theirs to decide (the third gives the best
    card, the first picks it: exchange.*); the page offers it as "take … from …" and the hand reaches its
    settlement (it used to freeze: "Your turn." with no button)."""
    for seed in range(40):
        client, tid, bot = _open("biedan/biedan-guide", seed, seat=0)
        page = bot.play_hand()
        if bot.table.out[:1] == [0]:
            break
    else:
        pytest.skip("the person's bot never went out first in 40 seeds")
    moves = bot.table.state.settlement()["moves"]
    assert moves[0]["step"] == "draw" and moves[0]["to"] == 0
    assert page.settlement
    html = client.get(f"/t/{tid}?lang=en").text
    assert "draw: C → you (A)" in html or "draw: B → you (A)" in html  # the exchange told in its own words
    _verified(client, tid, "record.json", "biedan/biedan-guide")


def test_dadun_a_selection_with_one_legal_reading_is_played_with_it():
    """打墩: cards with several readings of which one is legal now are offered as that one reading, and the play button
    sends it (it used to send the cards without a reading: reading_needed)."""
    from datong_rules.rulebook.explain import describe_selection

    for seed in range(30):
        client, tid, bot = _open("dadun/dadun-guide", seed, seat=0)
        table = bot.table
        hook = table.game.facet("rulebook").selection
        for _ in range(200):
            if table.state.is_terminal():
                break
            if table.state.current_player() == 0:
                for action in table.person_actions(400):
                    if action["type"] != "play" or "reading" not in action:
                        continue
                    options = hook(table.state, 0, action["cards"])
                    legal = describe_selection(table.state, 0, action["cards"], "en")["actions"]
                    if len(options) > 1 and len(legal) == 1:
                        answer = client.post(f"/t/{tid}/select", json={"cards": action["cards"]}).json()
                        assert answer["html"].count('class="do reading"') == 1, answer["html"]
                        before = len(table.state.actions)
                        page = bot.main()
                        bot.make(page, legal[0])
                        assert table.state.actions[before]["reading"] == legal[0]["reading"]
                        return
            bot.move(bot.main())
    pytest.skip("no selection with several readings of which one is legal in 30 seeds")
