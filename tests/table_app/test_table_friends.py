"""A table for friends: the host invites a friend to a seat (one unguessable link per seat), the friend plays that
seat from their own page, empty seats are bots, the host revokes the link (410 after, its page told in its
language), and every page hears of the others' moves as server-sent events."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient  # noqa: E402

from table_helpers import LiveServer, make_app  # noqa: E402
from test_table_api import one_line_error  # noqa: E402


def _table(variant="biedan/biedan-guide", seat=0):
    app = make_app(variant, seat=seat)
    tid = app.state.tables.open()
    return TestClient(app, base_url="http://127.0.0.1"), tid, app.state.tables.kept[tid]


def test_a_friend_takes_a_seat_by_its_link_and_plays_it():
    client, tid, kept = _table()
    answer = client.post(f"/t/{tid}/invite", json={"seat": 1})
    assert answer.status_code == 200
    link = answer.json()["link"]
    token = link.rsplit("/", 1)[1]
    assert link.startswith("http://127.0.0.1/t/") and len(token) >= 20 and token != tid
    assert 1 not in kept.table.people  # not yet: a bot plays the seat until the friend opens the link
    page = client.get(f"/t/{token}")
    assert page.status_code == 200 and 'data-seat="1"' in page.text
    assert 1 in kept.table.people
    assert 'id="friends"' not in page.text  # the host's invitations are not on a friend's page
    table = kept.table
    for _ in range(300):  # the host and the friend play their seats, each through their own address
        if table.state.is_terminal():
            break
        for seat, key in ((0, tid), (1, token)):
            if table.awaiting(seat):
                action = next(table.person_actions(1, seat))
                assert client.post(f"/t/{key}/act", json={"action": action}).json()["ok"], action
                break
        else:
            pytest.fail("nobody at the table has a decision and the hand is not over")
    assert table.state.is_terminal()
    assert any(a.get("seat") == 1 for a in table.state.actions)


def test_a_friend_cannot_act_for_another_seat_nor_invite():
    client, tid, kept = _table()
    token = client.post(f"/t/{tid}/invite", json={"seat": 2}).json()["link"].rsplit("/", 1)[1]
    client.get(f"/t/{token}")
    one_line_error(client.post(f"/t/{token}/act", json={"action": {"type": "pass", "seat": 0}}), 403)
    one_line_error(client.post(f"/t/{token}/invite", json={"seat": 1}), 403)
    one_line_error(client.post(f"/t/{tid}/invite", json={"seat": 0}), 400)  # the host's own seat
    one_line_error(client.post(f"/t/{tid}/invite", json={"seat": 9}), 400)


def test_a_revoked_link_is_refused_and_a_bot_plays_the_seat_again():
    client, tid, kept = _table()
    first = client.post(f"/t/{tid}/invite", json={"seat": 1}).json()["link"].rsplit("/", 1)[1]
    second = client.post(f"/t/{tid}/invite", json={"seat": 1}).json()["link"].rsplit("/", 1)[1]
    assert client.get(f"/t/{first}").status_code == 410  # a new link for the seat revokes the old one
    assert client.get(f"/t/{second}").status_code == 200 and 1 in kept.table.people
    assert client.post(f"/t/{tid}/revoke", json={"seat": 1}).json()["ok"]
    assert client.get(f"/t/{second}").status_code == 410
    one_line_error(client.post(f"/t/{second}/act", json={"action": {"type": "pass", "seat": 1}}), 410)
    assert 1 not in kept.table.people
    table = kept.table
    assert table.state.is_terminal() or table.awaiting(0)  # the bot played on up to the host's decision


def _events(url, seen, stop):
    with urllib.request.urlopen(url, timeout=30) as stream:
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data: "):
                seen.append((time.monotonic(), int(line[6:])))
            if stop.is_set():
                return


def test_every_page_hears_of_a_move_as_it_happens():
    """A friend's page listens (server-sent events); the host moves; the friend's stream says the new version."""
    app = make_app("biedan/biedan-guide")
    tid = app.state.tables.open()
    kept = app.state.tables.kept[tid]
    with LiveServer(app) as server:
        request = urllib.request.Request(f"{server.url}/t/{tid}/invite", data=json.dumps({"seat": 1}).encode(),
                                         headers={"Content-Type": "application/json"})
        token = json.loads(urllib.request.urlopen(request, timeout=30).read())["link"].rsplit("/", 1)[1]
        seen: list = []
        stop = threading.Event()
        listener = threading.Thread(target=_events, args=(f"{server.url}/t/{token}/events", seen, stop), daemon=True)
        listener.start()
        deadline = time.monotonic() + 20
        while not seen and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seen, "no event on opening the stream"
        table = kept.table
        assert table.awaiting(0) or table.awaiting(1)
        seat, key = (0, tid) if table.awaiting(0) else (1, token)
        action = next(table.person_actions(1, seat))
        before = table.version
        sent = time.monotonic()
        request = urllib.request.Request(f"{server.url}/t/{key}/act", data=json.dumps({"action": action}).encode(),
                                         headers={"Content-Type": "application/json"})
        assert json.loads(urllib.request.urlopen(request, timeout=30).read())["ok"]
        while not [v for _, v in seen if v > before] and time.monotonic() < deadline:
            time.sleep(0.01)
        stop.set()
        heard = [(t, v) for t, v in seen if v > before]
        assert heard, "the friend's page was not told of the move"
        print(f"heard after {1000 * (heard[0][0] - sent):.0f} ms (the move's answer included)")


@pytest.mark.parametrize(("lang", "said"), [("zh", "开桌的人取消了你的邀请"), ("en", "The host has revoked your invitation")])
def test_a_revoked_friend_is_told_in_their_language(lang, said):
    """The friend's page (in the friend's language, not the host's), every request of it, and its open event stream
    say that the host revoked the invitation, instead of an unknown table or silence."""
    client, tid, kept = _table()
    token = client.post(f"/t/{tid}/invite", json={"seat": 1}).json()["link"].rsplit("/", 1)[1]
    assert client.get(f"/t/{token}?lang={lang}").status_code == 200
    client.get(f"/t/{tid}?lang={'en' if lang == 'zh' else 'zh'}")  # the host's page in the other language
    client.post(f"/t/{tid}/revoke", json={"seat": 1})
    page = client.get(f"/t/{token}")
    assert page.status_code == 410 and page.headers["content-type"].startswith("text/html")
    assert said in page.text and f'lang="{"zh-Hans" if lang == "zh" else "en"}"' in page.text
    for answer in (client.get(f"/t/{token}/main"), client.post(f"/t/{token}/select", json={"cards": []}),
                   client.post(f"/t/{token}/decline", json={})):
        one_line_error(answer, 410)
        assert said in answer.text
    assert client.app.state.tables.revoked_lang(token) == lang


def test_an_open_event_stream_is_told_of_the_revocation():
    """The friend's page listens; the host revokes; the stream's last event is ``gone`` with the words to show."""
    app = make_app("biedan/biedan-guide")
    tid = app.state.tables.open()
    with LiveServer(app) as server:
        request = urllib.request.Request(f"{server.url}/t/{tid}/invite", data=json.dumps({"seat": 1}).encode(),
                                         headers={"Content-Type": "application/json"})
        token = json.loads(urllib.request.urlopen(request, timeout=30).read())["link"].rsplit("/", 1)[1]
        urllib.request.urlopen(f"{server.url}/t/{token}?lang=en", timeout=30).read()
        lines: list[str] = []

        def listen() -> None:
            with urllib.request.urlopen(f"{server.url}/t/{token}/events", timeout=30) as stream:
                for raw in stream:  # ends when the server ends the stream
                    lines.append(raw.decode().strip())

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        deadline = time.monotonic() + 20
        while not lines and time.monotonic() < deadline:
            time.sleep(0.02)
        revoke = urllib.request.Request(f"{server.url}/t/{tid}/revoke", data=json.dumps({"seat": 1}).encode(),
                                        headers={"Content-Type": "application/json"})
        urllib.request.urlopen(revoke, timeout=30).read()
        listener.join(20)
        assert not listener.is_alive(), "the stream did not end"
        assert "event: gone" in lines
        assert lines[lines.index("event: gone") + 1].startswith("data: The host has revoked your invitation")


def test_a_table_remembers_its_last_revoked_invitations_only():
    """A host inviting and revoking without end does not grow the table's memory: the last MAX_REVOKED revoked
    links are told as revoked (410), older ones answer as an unknown table (404)."""
    from datong_rules.table_app.tables import MAX_REVOKED

    client, tid, kept = _table()
    tables = client.app.state.tables
    tokens = [tables.invite(tid, 1) for _ in range(MAX_REVOKED + 6)]  # each new link revokes the one before
    tables.revoke(tid, 1)
    assert len(kept.revoked) == MAX_REVOKED
    assert client.get(f"/t/{tokens[-1]}").status_code == 410
    assert client.get(f"/t/{tokens[0]}").status_code == 404
    assert len([t for t in tables.invited if tables.invited[t] == tid]) == MAX_REVOKED
