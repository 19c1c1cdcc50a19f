"""Two people at one table in the system Chromium, each in their own browser context (no shared cookies or storage):
the host invites a friend to a seat through the page, the friend opens the link, and the two play a whole hand of
each game against two bots, each page moving only on its own seat's turn and hearing of the other's moves by
server-sent events (no reload)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright.sync_api")

from table_helpers import VARIANTS, LiveServer, launched_browser, make_app  # noqa: E402

MAX_MOVES = 600


@pytest.fixture(scope="module")
def browser():
    """The system Chromium, headless, through playwright (skipped when either is missing)."""
    yield from launched_browser()


def _watch(page, errors):
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)


def _move(page) -> bool:
    """The page's seat makes a move when it has one (the legal list, or going on past an offer); False when the
    page offers nothing now."""
    if page.locator("#table[aria-busy]").count():
        return False
    legal = page.locator("#legal button.legal:not([disabled])")
    if legal.count():
        page.locator("#legal summary").click()
        legal.first.click()
        return True
    decline = page.locator("#decline:not([disabled])")
    if decline.count():
        decline.click()
        return True
    return False


def _invite(host, url: str, tid: str, seat: int) -> str:
    """The host's page opens the table, invites ``seat`` from the friends panel and returns the invitation link."""
    host.goto(f"{url}/t/{tid}")
    host.locator("#friends summary").click()
    host.locator(f"#friends button.invite[data-seat='{seat}']").click()
    host.wait_for_selector("#friends .invite-link")
    return host.locator(f"#friends li[data-seat='{seat}'] .invite-link").input_value()


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_friends_play_a_whole_hand(browser, variant):
    app = make_app(variant, seat=0, lang="en")
    tid = app.state.tables.open()
    table = app.state.tables.kept[tid].table
    errors: list[str] = []
    with LiveServer(app) as server:
        host_context, friend_context = browser.new_context(), browser.new_context()
        try:
            host = host_context.new_page()
            _watch(host, errors)
            link = _invite(host, server.url, tid, 2)
            assert link.startswith(server.url + "/t/") and tid not in link
            friend = friend_context.new_page()
            _watch(friend, errors)
            friend.goto(link)
            assert friend.locator("#table").get_attribute("data-seat") == "2"
            assert 2 in table.people and friend.locator("#friends").count() == 0
            moved = {0: 0, 2: 0}
            deadline = time.monotonic() + 240
            while not table.state.is_terminal() and time.monotonic() < deadline:
                acted = False
                for seat, page in ((0, host), (2, friend)):
                    if table.awaiting(seat) and _move(page):
                        moved[seat] += 1
                        acted = True
                        page.wait_for_selector("#table:not([aria-busy])", timeout=20000)
                if not acted:
                    time.sleep(0.05)  # the other page is hearing of the move
            assert table.state.is_terminal(), "the hand did not end"
            assert moved[0] and moved[2]
            for page in (host, friend):  # each page heard of the end without a reload
                page.wait_for_selector(".settlement", timeout=20000)
            assert any(a.get("seat") == 2 for a in table.state.actions)
            assert errors == []
        finally:
            host_context.close()
            friend_context.close()


@pytest.mark.parametrize(("lang", "said"), [("zh", "开桌的人取消了你的邀请"), ("en", "The host has revoked your invitation")])
def test_a_revoked_friend_s_open_page_says_so(browser, lang, said):
    """The host revokes a seat from their page; the friend's open page (in the friend's language) says at once that
    the invitation was revoked, without a reload; reloaded, it says so again."""
    app = make_app("biedan/biedan-guide", seat=0, lang="zh" if lang == "en" else "en")
    tid = app.state.tables.open()
    errors: list[str] = []
    with LiveServer(app) as server:
        host_context, friend_context = browser.new_context(), browser.new_context()
        try:
            host = host_context.new_page()
            _watch(host, errors)
            link = _invite(host, server.url, tid, 1)
            friend = friend_context.new_page()
            friend.goto(f"{link}?lang={lang}")
            friend.wait_for_selector("#table .seats")
            host.locator("#friends button.revoke[data-seat='1']").click()
            friend.wait_for_selector("#gone", timeout=20000)
            assert said in friend.locator("#gone").inner_text()
            assert friend.locator("#table button").count() == 0
            friend.reload()
            assert said in friend.locator("#gone").inner_text()
            assert errors == []
        finally:
            host_context.close()
            friend_context.close()
