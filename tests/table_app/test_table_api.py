"""The table's HTTP API (Starlette's TestClient): pages, actions for the person's seat and turn only, refusals with
their reason, malformed requests answered with one line, unknown and expired tables, the record that verify
accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("httpx2")  # Starlette's TestClient runs on it (Starlette ≥ 1.2; plain httpx is deprecated there)
from starlette.testclient import TestClient  # noqa: E402

from table_helpers import VARIANTS, make_app  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


def test_the_test_client_imports_without_a_warning():
    """Starlette's TestClient on the client it is maintained for (httpx2): importing it warns of nothing, with every
    warning an error (a fresh interpreter: the module is imported once per process)."""
    done = subprocess.run([sys.executable, "-W", "error", "-c", "import starlette.testclient"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr


class Clock:
    """A clock the test moves (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def open_table(variant="biedan/biedan-guide", **options):
    app = make_app(variant, **options)
    tid = app.state.tables.open()
    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    return client, tid, app.state.tables.kept[tid].table


def one_line_error(response, status):
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("text/plain")
    assert response.text.startswith("error: ") and response.text.count("\n") == 1, response.text
    assert "Traceback" not in response.text


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_page_shows_the_hand_as_card_pictures(variant):
    client, tid, table = open_table(variant)
    page = client.get(f"/t/{tid}")
    assert page.status_code == 200
    held = sum(table.state.hands[table.seat].values())
    hand = page.text.split('<section class="hand"', 1)[1].split("</section>", 1)[0]
    assert held > 0 and hand.count('<svg class="card') == held
    selectable = hand.count('class="card-btn')
    assert selectable == (held if {"play", "bury", "give"} & set(table.kinds()) else 0)  # cards to pick, or none
    assert '<svg class="card' in page.text and 'lang="zh-Hans"' in page.text
    english = client.get(f"/t/{tid}?lang=en")
    assert 'lang="en"' in english.text and "Your hand" in english.text


def test_the_table_id_is_unguessable():
    client, tid, _ = open_table()
    assert len(tid) >= 20
    one_line_error(client.get(f"/t/{tid[:-1]}x"), 404)


def to_a_lead(table):
    """Legal actions of the person until they lead a round (their turn, the table empty: a pass is refused)."""
    for _ in range(100):
        if table.state.current_player() == table.seat and table.state.check({"type": "pass", "seat": 0}):
            if any(a["type"] == "play" for a in table.person_actions(5)):
                return
        table.act(next(table.person_actions(1)))
    pytest.fail("the person never led a round")


def test_a_refused_play_gives_its_reason_and_leaves_the_hand_alone():
    client, tid, table = open_table()
    to_a_lead(table)
    before = len(table.state.actions)
    answer = client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": 0}})
    assert answer.status_code == 200
    body = answer.json()
    assert body["ok"] is False
    assert body["refusal"]["reason"] == "must_lead"  # the leader of a round cannot pass (play.pass)
    [rule] = body["refusal"]["rules"]
    assert rule["id"] == "play.pass" and rule["text"]
    assert rule["href"].startswith("https://") and rule["href"].endswith("#r-play.pass")
    html = body["refusal_html"]
    assert "must_lead" in html and rule["text"] in html and 'href="' + rule["href"] in html
    assert len(table.state.actions) == before


def test_a_refusal_in_huolong_names_follow_suit_with_its_source():
    """Holding the led suit, a card of another suit is refused: must_follow_suit, rule follow.follow_suit."""
    client, tid, table = open_table("huolong/li-zhijiang")
    app_state = client.app.state.tables.kept[tid]
    app_state.lang = "en"
    for _ in range(200):
        trick = table.on_table()
        if table.state.current_player() == 0 and trick and trick[-1].trick == len(table.tricks) + 1:
            legal = [a["cards"] for a in table.person_actions(500)]
            hand = table.hand
            other = [c for c in hand if all(c not in cards for cards in legal)]
            if len(trick[0].action["cards"]) == 1 and other:
                break
        if not any(True for _ in table.person_actions(1)):
            table.decline()
        else:
            table.act(next(table.person_actions(1)))
    else:
        pytest.skip("no trick found where a single card of another suit is refused")
    body = client.post(f"/t/{tid}/act", json={"action": {"type": "play", "seat": 0, "cards": [other[0]]}}).json()
    assert body["ok"] is False and body["refusal"]["reason"] == "must_follow_suit"
    [rule] = body["refusal"]["rules"]
    assert rule["id"] == "follow.follow_suit" and rule["source"]  # the source id and section the rule cites
    assert "follow" in rule["text"].lower()


def test_cards_not_held_are_refused_as_not_in_hand():
    client, tid, table = open_table()
    to_a_lead(table)
    held = set(table.state.hands[0])
    card = next(c for c in ("SA", "HA", "CA", "DA", "S2", "H2") if c not in held)
    answer = client.post(f"/t/{tid}/act", json={"action": {"type": "play", "seat": 0, "cards": [card]}}).json()
    assert answer["ok"] is False and answer["refusal"]["reason"] == "not_in_hand"


def test_a_legal_play_is_made_and_the_bots_answer():
    client, tid, table = open_table()
    to_a_lead(table)
    before = len(table.state.actions)
    legal = next(a for a in table.person_actions(50) if a["type"] == "play")
    answer = client.post(f"/t/{tid}/act", json={"action": legal}).json()
    assert answer["ok"] is True
    assert table.state.actions[before]["seat"] == 0
    assert table.state.is_terminal() or table.awaiting()  # the bots acted up to the person's next decision


@pytest.mark.parametrize("variant", VARIANTS)
def test_another_seat_is_forbidden(variant):
    client, tid, table = open_table(variant, seat=1)
    before = len(table.state.actions)
    for seat in (0, 2, -1, 9, None, "1"):
        one_line_error(client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": seat}}), 403)
    assert len(table.state.actions) == before


def test_out_of_turn_after_the_hand_is_over():
    client, tid, table = open_table()
    play_out(table)
    one_line_error(client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": 0}}), 409)
    one_line_error(client.post(f"/t/{tid}/decline"), 409)


@pytest.mark.parametrize("body, status", [
    (b"not json", 400), (b"[1, 2]", 400), (b'{"action": 3}', 400), (b'{"action": {"seat": 0}}', 400),
    (b'{"action": {"type": "play", "seat": "0"}}', 403), (b"x" * 20000, 413),
])
def test_malformed_actions_get_one_line(body, status):
    client, tid, _ = open_table()
    one_line_error(client.post(f"/t/{tid}/act", content=body, headers={"content-type": "application/json"}), status)


@pytest.mark.parametrize("body", [b'{"cards": "SA"}', b'{"cards": ["ZZ"]}', b'{"cards": [[1]]}', b"{"])
def test_malformed_selections_get_one_line(body):
    client, tid, _ = open_table()
    one_line_error(client.post(f"/t/{tid}/select", content=body, headers={"content-type": "application/json"}), 400)


def test_json_only_as_json_and_from_this_machine_s_names():
    """A page of another site can post text/plain without asking (no CORS preflight), or reach the table through a
    name pointed at 127.0.0.1 (DNS rebinding): both are refused."""
    client, tid, table = open_table()
    action = json.dumps({"action": {"type": "pass", "seat": 0}})
    one_line_error(client.post(f"/t/{tid}/act", content=action, headers={"content-type": "text/plain"}), 415)
    assert client.get(f"/t/{tid}", headers={"host": "evil.example:8765"}).status_code == 400
    page = client.get(f"/t/{tid}", headers={"host": "127.0.0.1:8765"})
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]


def test_a_bad_language_and_a_bad_seat_get_one_line():
    client, tid, _ = open_table()
    one_line_error(client.get(f"/t/{tid}?lang=fr"), 400)
    one_line_error(client.post("/tables", data={"seat": "7"}), 400)
    one_line_error(client.post("/tables", data={"seat": "x"}), 400)


def test_a_selection_says_whether_it_may_be_played_now():
    client, tid, table = open_table()
    to_a_lead(table)
    legal = next(a for a in table.person_actions(50) if a["type"] == "play")
    answer = client.post(f"/t/{tid}/select", json={"cards": legal["cards"]}).json()
    assert answer["selection"]["legal_now"] is True and legal in answer["selection"]["actions"]
    held = set(table.state.hands[0])
    card = next(c for c in ("SA", "HA", "CA", "DA", "S2", "H2") if c not in held)
    answer = client.post(f"/t/{tid}/select", json={"cards": [card]}).json()
    assert answer["selection"]["legal_now"] is False
    assert answer["selection"]["refusal"]["reason"] == "not_in_hand"
    assert "not_in_hand" in answer["html"]


def test_idle_tables_expire():
    clock = Clock()
    client, tid, _ = open_table(clock=clock, idle_seconds=60)
    assert client.get(f"/t/{tid}").status_code == 200
    clock.now += 59
    assert client.get(f"/t/{tid}").status_code == 200  # used: the idle time starts again
    clock.now += 61
    one_line_error(client.get(f"/t/{tid}"), 404)


def test_new_tables_open_from_the_start_page():
    client, tid, _ = open_table()
    assert client.get("/").status_code == 200
    opened = client.post("/tables", data={"seat": "2", "lang": "en"}, follow_redirects=False)
    assert opened.status_code == 303
    other = opened.headers["location"].rsplit("/", 1)[-1]
    assert other != tid and client.app.state.tables.kept[other].table.seat == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_downloaded_record_is_accepted_by_verify(variant, tmp_path):
    client, tid, table = open_table(variant)
    play_out(table)
    response = client.get(f"/t/{tid}/record.json")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    path = tmp_path / "hand.json"
    path.write_bytes(response.content)
    assert json.loads(path.read_text())["record"] == "hand"
    out = subprocess.run([sys.executable, "-m", "datong_rules", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == f"{path}: OK (hand)"


def play_out(table):
    """The person's first legal action at each turn; while the table deals, the first show offered is made once,
    then the deal goes on."""
    shown = False
    while not table.state.is_terminal():
        if table.state.current_player() == table.seat or not shown:
            shown = shown or table.state.current_player() != table.seat
            table.act(next(table.person_actions(1)))
        else:
            table.decline()


@pytest.mark.parametrize("house", ["huolong-house.yaml", "biedan-house.yaml", "dadun-house.yaml"])
def test_a_house_file_is_played_and_its_record_verified_with_it(house, tmp_path):
    path = str(REPO / "docs" / "examples" / house)
    client, tid, table = open_table(path, seat=2)
    assert table.variant.file and client.get(f"/t/{tid}").status_code == 200
    play_out(table)
    record = tmp_path / "hand.json"
    record.write_bytes(client.get(f"/t/{tid}/record.json").content)
    out = subprocess.run([sys.executable, "-m", "datong_rules", "verify", "--variant", path, str(record)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_next_hand_of_the_match():
    client, tid, table = open_table("dadun/dadun-guide")
    one_line_error(client.post(f"/t/{tid}/next"), 409)  # the hand is not over
    play_out(table)
    first = table.state
    answer = client.post(f"/t/{tid}/next").json()
    assert answer["ok"] and table.state is not first and table.hand_number == 2
    assert "第2局" in answer["html"]


def test_a_dadun_selection_with_wild_cards_offers_each_reading():
    """打墩's level hearts are wild: cards the legal list plays with two readings are offered as two buttons, and the
    one pressed is the reading played."""
    for seed in range(20):
        client, tid, table = open_table("dadun/dadun-guide", seed=seed)
        by_cards: dict = {}
        for action in table.person_actions(2000):
            if action["type"] == "play":
                by_cards.setdefault(tuple(sorted(action["cards"])), []).append(action)
        several = next((actions for actions in by_cards.values() if len(actions) > 1), None)
        if several:
            break
    else:
        pytest.skip("no first lead with a wild card of two readings in 20 seeds")
    answer = client.post(f"/t/{tid}/select", json={"cards": several[0]["cards"]}).json()
    assert answer["selection"]["legal_now"] is True
    assert len(answer["selection"]["actions"]) >= 2 and answer["html"].count('class="do reading"') >= 2
    chosen = answer["selection"]["actions"][1]
    before = len(table.state.actions)
    assert client.post(f"/t/{tid}/act", json={"action": chosen}).json()["ok"] is True
    assert table.state.actions[before]["reading"] == chosen["reading"]  # the reading picked is the one played


class _Offering:
    """A 攉龙 bot that makes its shows only through the bots' API (``offer``): no ``choose_show`` of its own."""

    def __init__(self, inner):
        self.inner, self.asked = inner, []

    def choose(self, state):
        return self.inner.choose(state)

    def offer(self, state, seat):
        self.asked.append(seat)
        shows = [a for a in state.legal_actions() if a.get("seat") == seat and a["type"] == "show"]
        return shows[0] if shows else None


def test_the_table_asks_the_bots_for_their_shows_through_the_bots_api(monkeypatch):
    """The session knows no game: the bots' actions while the cards are dealt come from the bots' ``offer``
    (reference_impl.bots.offered_action), not from a 攉龙 method asked by name."""
    from datong_rules.reference_impl import bots as bots_module
    from datong_rules.table_app import session

    made: list[_Offering] = []

    def offering_bots(game, kind, rng, players):
        made.extend(_Offering(b) for b in bots_module.make_bots(game, kind, rng, players))
        return made

    monkeypatch.setattr(session, "make_bots", offering_bots)
    from datong_rules.reference_impl.variant import open_variant

    table = session.Table(open_variant("huolong/li-zhijiang"), seat=0)
    for _ in range(200):  # the person lets every offer of the deal pass
        if table.state.current_player() is not None or table.state.is_terminal():
            break
        table.decline()
    assert any(b.asked for b in made[1:])
    shows = [a for a in table.state.actions if a.get("type") == "show"]
    assert shows and all(a["seat"] != 0 for a in shows)
