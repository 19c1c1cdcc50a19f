"""The start page's form (``POST /tables``): a seat that is not a whole number is said in words, in one line."""

from __future__ import annotations

import pytest

pytest.importorskip("httpx2")  # Starlette's TestClient runs on it (as in test_table_api.py)
from starlette.testclient import TestClient  # noqa: E402

from table_helpers import make_app  # noqa: E402


@pytest.mark.parametrize(("seat", "line"), [
    ("abc", "seat: expected a whole number, got 'abc'"),  # was Python's "invalid literal for int() with base 10"
    ("1.5", "seat: expected a whole number, got '1.5'"),
    (" ", "seat: expected a whole number, got ' '"),
    ("9" * 30, f"seat: expected a whole number, got '{'9' * 30}'"),
    ("-1", "seat: expected 0–2, got -1"),
])
def test_a_seat_that_is_not_a_seat_is_said_so(seat, line):
    client = TestClient(make_app("biedan/biedan-guide"), base_url="http://127.0.0.1", raise_server_exceptions=False)
    response = client.post("/tables", data={"seat": seat}, follow_redirects=False)
    assert response.status_code == 400
    assert response.text == f"error: {line}\n"


@pytest.mark.parametrize(("default", "line"), [
    ("en", "lang: expected zh (中文) or en (English), got 'xx'"),
    ("zh", "lang：应为 zh（中文）或 en（English），收到 'xx'"),
])
def test_an_unknown_language_is_refused_not_replaced(default, line):
    """The form offers 中文 and English; another ``lang`` (a hand-made request) is refused in one line, in the
    table's default language, rather than opening a table in a language nobody asked for."""
    app = make_app("biedan/biedan-guide", lang=default)
    client = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False)
    response = client.post("/tables", data={"seat": "0", "lang": "xx"}, follow_redirects=False)
    assert response.status_code == 400 and response.text == f"error: {line}\n"
    assert not app.state.tables.kept  # no table opened
    opened = client.post("/tables", data={"seat": "0", "lang": "en"}, follow_redirects=False)
    assert opened.status_code == 303
    assert client.get(opened.headers["location"]).text.count('lang="en"') >= 1
    assert client.post("/tables", data={"seat": "0"}, follow_redirects=False).status_code == 303  # no lang: default
