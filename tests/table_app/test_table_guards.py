"""The table against other pages, second clicks and odd bodies: a POST from another origin is refused, the person's
table is never pushed out by tables opened elsewhere, a move made on an older page is refused with the table as it is
now, errors are in the page's language, deep JSON and endless bodies get one line, and media types are read without
regard to case."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient  # noqa: E402

from table_helpers import make_app  # noqa: E402
from test_table_api import Clock, one_line_error, open_table  # noqa: E402


def test_a_post_from_another_origin_is_refused():
    """A plain form of a page of another (local) origin cannot open tables or move: Origin and Sec-Fetch-Site."""
    client, tid, table = open_table()
    before = len(client.app.state.tables.kept)
    other = {"origin": "http://127.0.0.1:9999"}
    one_line_error(client.post("/tables", data={"seat": "1"}, headers=other), 403)
    one_line_error(client.post("/tables", data={"seat": "1"}, headers={"sec-fetch-site": "cross-site"}), 403)
    one_line_error(client.post("/tables", data={"seat": "1"}, headers={"sec-fetch-site": "same-site"}), 403)
    one_line_error(client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": 0}}, headers=other), 403)
    assert len(client.app.state.tables.kept) == before
    own = {"origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"}
    assert client.post("/tables", data={"seat": "1"}, headers=own, follow_redirects=False).status_code == 303


def test_tables_opened_elsewhere_never_push_out_one_in_use():
    """70 tables opened while the person plays: their table stays; once every kept table is in use, a new one is
    refused (503) rather than dropping one."""
    clock = Clock()
    app = make_app("biedan/biedan-guide", clock=clock, max_tables=8)
    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    mine = app.state.tables.open(pinned=False)
    refused = 0
    for _ in range(70):
        clock.now += 1
        assert client.get(f"/t/{mine}").status_code == 200  # the person keeps playing
        answer = client.post("/tables", data={"seat": "0"}, follow_redirects=False)
        refused += answer.status_code == 503
        assert answer.status_code in (303, 503)
    assert mine in app.state.tables.kept and refused > 0
    clock.now += 3600  # an hour later the others are idle: a new table pushes out the oldest idle one
    assert client.get(f"/t/{mine}").status_code == 200
    assert client.post("/tables", data={"seat": "0"}, follow_redirects=False).status_code == 303
    assert mine in app.state.tables.kept


def test_the_command_s_own_table_is_never_dropped():
    clock = Clock()
    app = make_app("biedan/biedan-guide", clock=clock, max_tables=2, idle_seconds=60)
    pinned = app.state.tables.open(pinned=True)
    clock.now += 10_000
    for _ in range(5):
        app.state.tables.open()
        clock.now += 10_000
    assert pinned in app.state.tables.kept


def test_a_second_click_is_refused_with_the_table_as_it_is():
    """The same move sent twice with the version the page showed: the first is made, the second refused (409) with
    a message in the page's language and the page as it is now."""
    client, tid, table = open_table()
    version = table.version
    action = next(table.person_actions(1))
    first = client.post(f"/t/{tid}/act", json={"action": action, "version": version})
    assert first.status_code == 200 and first.json()["ok"] is True and table.version == version + 1
    moves = len(table.state.actions)
    second = client.post(f"/t/{tid}/act", json={"action": action, "version": version})
    assert second.status_code == 409
    body = second.json()
    assert body["ok"] is False and "牌桌已经往下走了" in body["error"] and f'data-version="{table.version}"' in body["html"]
    assert len(table.state.actions) == moves
    one_line_error(client.post(f"/t/{tid}/act", json={"action": action, "version": "x"}), 400)


def test_errors_of_the_table_are_in_the_page_s_language():
    client, tid, table = open_table()
    kept = client.app.state.tables.kept[tid]
    answer = client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": 2}})
    assert answer.status_code == 403 and "只能替你自己的座位行动" in answer.text
    kept.lang = "en"
    answer = client.post(f"/t/{tid}/act", json={"action": {"type": "pass", "seat": 2}})
    assert answer.status_code == 403 and "your own seat" in answer.text
    answer = client.post(f"/t/{tid}/next")
    assert answer.status_code == 409 and "not over" in answer.text


def test_json_nested_deep_is_one_line_400():
    client, tid, _ = open_table()
    deep = b'{"action": ' + b"[" * 2000 + b"]" * 2000 + b"}"
    one_line_error(client.post(f"/t/{tid}/act", content=deep, headers={"content-type": "application/json"}), 400)
    strings = json.dumps({"action": {"type": "pass", "seat": 0, "note": "[[[[" * 100}}).encode()
    answer = client.post(f"/t/{tid}/act", content=strings, headers={"content-type": "application/json"})
    assert answer.status_code == 200  # brackets inside a string are not nesting


def test_a_body_without_a_length_is_read_no_further_than_the_limit():
    """A chunked body (no Content-Length) is refused (413) as soon as it passes the limit, not read whole: the app
    is called as the server calls it (ASGI), the body's pieces counted as they are asked for."""
    import asyncio

    client, tid, _ = open_table()
    asked: list[int] = []
    sent: list[dict] = []

    async def receive():
        asked.append(1)
        return {"type": "http.request", "body": b" " * 1024, "more_body": len(asked) < 10_000}  # 10 MB in all

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": f"/t/{tid}/act", "raw_path": f"/t/{tid}/act".encode(),
             "query_string": b"", "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
             "scheme": "http", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000), "http_version": "1.1",
             "root_path": "", "asgi": {"version": "3.0"}}
    asyncio.run(client.app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert len(asked) < 100  # 16 KB and a little more, not 10 MB


def test_the_media_type_is_read_without_regard_to_case():
    client, tid, table = open_table()
    body = json.dumps({"cards": []})
    for given in ("APPLICATION/JSON", "Application/Json; charset=UTF-8"):
        assert client.post(f"/t/{tid}/select", content=body, headers={"content-type": given}).status_code == 200


@pytest.mark.parametrize(("body", "line"), [
    ('{"cards": [%s]}' % ("9" * 5000), "a number of 5000 digits: expected numbers of at most 30 digits"),
    ('{"cards": [-%s]}' % ("9" * 5000), "a number of 5000 digits: expected numbers of at most 30 digits"),
    ('{"cards": [1e999]}', "the number 1e999 is too large: expected numbers of at most 30 digits"),
    ('{"cards": [NaN]}', "NaN is not a JSON number"),
    ('{"cards": [-Infinity]}', "-Infinity is not a JSON number"),
])
def test_a_number_out_of_reach_gets_the_table_s_own_line(body, line):
    """A number of thousands of digits is the table's one line, not Python's advice on its limit of digits; NaN and
    Infinity (not JSON) are refused rather than read as cards named 'nan' and 'inf'."""
    client, tid, _ = open_table()
    for path in ("select", "act", "invite"):
        answer = client.post(f"/t/{tid}/{path}", content=body, headers={"content-type": "application/json"})
        one_line_error(answer, 400)
        assert answer.text == f"error: {line}\n"
        assert "sys." not in answer.text


def test_a_version_that_is_not_a_whole_number_is_refused_even_when_equal():
    client, tid, table = open_table()
    action = next(table.person_actions(1))
    one_line_error(client.post(f"/t/{tid}/act", json={"action": action, "version": float(table.version)}), 400)
