"""The table in the system Chromium at the moments that used to go wrong: the person going out first in 憋蛋 (the
exchange is theirs to decide), a 打墩 play whose cards have several readings of which one is legal, a double click,
and the last hand of a match. The table is brought to the moment by a bot in the person's seat playing through the
app's endpoints (:mod:`page_driver`); the page then does the rest in the browser."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("httpx2")
from starlette.testclient import TestClient  # noqa: E402

from page_driver import PageBot  # noqa: E402
from table_helpers import LiveServer, launched_browser, make_app  # noqa: E402
from test_table_browser import settle_wait  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    """The system Chromium, headless, through playwright (skipped when either is missing)."""
    yield from launched_browser()


def _bot_until(variant, seeds, reached, lang="en", match=False):
    """A table of ``variant`` played by a bot through the endpoints until ``reached(table)`` holds at a decision of
    the person (in the first hand, or in any hand of the match with ``match``); returns (app, tid, table, bot), or
    skips when no seed gets there."""
    for seed in seeds:
        app = make_app(variant, seed=seed, lang=lang)
        tid = app.state.tables.open()
        client = TestClient(app, base_url="http://127.0.0.1")
        bot = PageBot(client, tid, seed)
        table = bot.table
        for _ in range(3000):
            if table.state.is_terminal():
                if table.match.over or not match:
                    break
                bot.post("/next", {})
                continue
            if table.awaiting() and reached(table):
                return app, tid, table, bot
            bot.move(bot.main())
    pytest.skip("no seed reaches the moment")


def _page(browser, app, tid):
    server = LiveServer(app).__enter__()
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{server.url}/t/{tid}")
    return server, page, errors


def test_biedan_the_person_out_first_picks_the_card_they_take(browser):
    app, tid, table, _ = _bot_until("biedan/biedan-guide", range(40),
                                    lambda t: t.state.phase == "settle_exchange" and t.state.steps[0].name == "draw")
    server, page, errors = _page(browser, app, tid)
    try:
        assert "The exchange: your turn to take" in page.locator("#status").inner_text()
        assert page.locator("#decline").count() == 0  # not worded as another game's show
        take = page.locator(".choices .buttons button.do", has_text="take")
        assert take.count() >= 1
        take.first.click()
        settle_wait(page)
        page.wait_for_selector(".settlement", timeout=20000)
        assert table.state.is_terminal() and errors == []
    finally:
        page.close()
        server.__exit__()


def _one_legal_reading(table):
    """A play of the person whose cards have several readings, one of them legal now (None when there is none)."""
    if table.state.current_player() != table.seat:
        return None
    from datong_rules.rulebook.explain import describe_selection

    hook = table.game.facet("rulebook").selection
    for action in table.person_actions(400):
        if action["type"] == "play" and "reading" in action and len(hook(table.state, table.seat,
                                                                          action["cards"])) > 1:
            legal = describe_selection(table.state, table.seat, action["cards"], "en")["actions"]
            if len(legal) == 1:
                return legal[0]
    return None


def test_dadun_a_one_reading_wild_play_is_made_with_the_play_button(browser):
    app, tid, table, _ = _bot_until("dadun/dadun-guide", range(30), lambda t: _one_legal_reading(t) is not None)
    wanted = _one_legal_reading(table)
    server, page, errors = _page(browser, app, tid)
    try:
        picked: dict[str, int] = {}
        for card in wanted["cards"]:
            page.locator(f".card-btn[data-card='{card}']").nth(picked.get(card, 0)).click()
            picked[card] = picked.get(card, 0) + 1
            settle_wait(page)
        assert page.locator("#selection .reading").count() == 1
        before = len(table.state.actions)
        page.locator(".card-action[data-kind='play']").click()
        settle_wait(page)
        assert page.locator("#refusal .refusal").count() == 0
        assert table.state.actions[before]["reading"] == wanted["reading"]
        assert errors == []
    finally:
        page.close()
        server.__exit__()


def test_a_double_click_makes_one_move(browser):
    app, tid, table, _ = _bot_until("biedan/biedan-guide", range(10),
                                    lambda t: t.state.current_player() == t.seat and t.state.phase == "play")
    server, page, errors = _page(browser, app, tid)
    try:
        mine = sum(a.get("seat") == table.seat for a in table.state.actions)
        page.locator("#legal summary").click()
        page.locator("#legal button.legal").first.dblclick()
        settle_wait(page)
        page.wait_for_timeout(300)
        assert sum(a.get("seat") == table.seat for a in table.state.actions) == mine + 1 or \
            table.state.is_terminal()
        assert errors == []  # no second request refused: the buttons were off while the first was on its way
    finally:
        page.close()
        server.__exit__()


def test_the_last_hand_of_a_match_ends_with_its_winner(browser):
    def last_hand(table):
        return len(table.match.hands) == table.rules.match_hands - 1 and table.state.current_player() == table.seat

    app, tid, table, _ = _bot_until("biedan/biedan-guide", [1], last_hand, lang="zh", match=True)
    server, page, errors = _page(browser, app, tid)
    try:
        for _ in range(200):
            settle_wait(page)
            if page.locator(".settlement").count():
                break
            if page.locator("#legal button.legal").count():
                page.locator("#legal summary").click()
                page.locator("#legal button.legal").first.click()
            else:
                page.locator(".choices button.do").first.click()
        assert table.match.over
        assert page.locator("#next").count() == 0
        end = page.locator("#match-end").inner_text()
        assert "整场比赛结束" in end and "赢了" in end
        page.reload()
        assert page.locator("#match-end").inner_text() == end  # after a reload too
        assert errors == []
    finally:
        page.close()
        server.__exit__()


def test_an_expired_table_is_said_in_the_page_s_language(browser):
    app, tid, table, _ = _bot_until("biedan/biedan-guide", [0], lambda t: t.state.current_player() == t.seat,
                                    lang="zh")
    server, page, errors = _page(browser, app, tid)
    try:
        del app.state.tables.kept[tid]  # dropped (idle too long) while the page is open
        page.locator("#legal summary").click()
        page.locator("#legal button.legal").first.click()
        settle_wait(page)
        assert "这张桌子不存在或已过期。" in page.locator("#table").inner_text()
    finally:
        page.close()
        server.__exit__()
