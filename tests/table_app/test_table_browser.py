"""The table in the system Chromium (pip playwright): a full hand of each game played through the page with the
"show legal plays" list, an illegal play tried and its reason shown, keyboard-only moves, the 390 px phone layout,
no console errors; screenshots are saved under the test's tmp path. Chromium is the system's (found as the docs'
browser tests find it); the tests skip when it or playwright is missing."""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402

from table_helpers import VARIANTS, LiveServer, launched_browser, make_app  # noqa: E402

MAX_MOVES = 400
"""More moves of the person than any hand needs (a Huolong hand: about 40)."""


@pytest.fixture(scope="module")
def browser():
    """The system Chromium, headless, through playwright (skipped when either is missing)."""
    yield from launched_browser()


IDLE = "#table:not([aria-busy])"
"""The page once no request is in flight and the answer is shown."""


def open_page(browser, variant: str, tmp_path, width=1100, lang="zh", seat=0):
    app = make_app(variant, seat=seat, lang=lang)
    tid = app.state.tables.open()
    server = LiveServer(app).__enter__()
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.goto(f"{server.url}/t/{tid}")
    return server, page, errors, app.state.tables.kept[tid].table


def settle_wait(page: Page) -> None:
    page.wait_for_selector(IDLE, timeout=20000)


def try_an_illegal_play(page: Page) -> str | None:
    """Pick cards one at a time until the page says the selection may not be played now, then play it anyway;
    returns the refusal's text (None when every single card was legal or there is no play to make)."""
    if page.locator(".card-action[data-kind='play']").count() == 0:
        return None
    for index in range(page.locator(".card-btn").count()):
        card = page.locator(".card-btn").nth(index)
        card.click()
        settle_wait(page)
        if page.locator("#selection .illegal").count():
            page.locator(".card-action[data-kind='play']").click()
            settle_wait(page)
            return page.locator("#refusal").inner_text()
        card.click()
        settle_wait(page)
    return None


def play_the_hand(page: Page, illegal_tried: list[str], tmp_path, name: str) -> int:
    """Make the person's moves with the legal list (or let the deal go on) until the settlement shows."""
    for move in range(MAX_MOVES):
        settle_wait(page)
        if page.locator(".settlement").count():
            return move
        if not illegal_tried:
            refusal = try_an_illegal_play(page)
            if refusal:
                illegal_tried.append(refusal)
                page.screenshot(path=str(tmp_path / f"{name}-refusal.png"), full_page=True)
                continue
        legal = page.locator("#legal button.legal")
        if legal.count():
            page.locator("#legal summary").click()
            legal.first.click()
        elif page.locator("#decline").count():
            page.locator("#decline").click()
        else:
            pytest.fail(f"no move offered: {page.locator('#status').inner_text()}")
    pytest.fail("the hand did not end")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_hand_through_the_page(browser, variant, tmp_path):
    name = variant.split("/")[0]
    server, page, errors, table = open_page(browser, variant, tmp_path)
    try:
        page.screenshot(path=str(tmp_path / f"{name}-start.png"), full_page=True)
        assert page.locator(".hand-cards svg.card").count() == sum(table.state.hands[0].values()) > 0
        tried: list[str] = []
        moves = play_the_hand(page, tried, tmp_path, name)
        page.screenshot(path=str(tmp_path / f"{name}-settled.png"), full_page=True)
        assert moves > 0 and table.state.is_terminal()
        rows = page.locator(".settlement tr")
        assert rows.count() == len(table.state.settlement())  # the settlement row by row
        labels = page.locator(".settlement th").all_inner_texts()
        assert labels and not [t for t in labels if re.search("[A-Za-z]", t)]  # 中文 labels only
        assert page.locator(".story li").count() >= 1  # each trick or round told in words
        assert tried, "no illegal play was found to try"
        assert "不行" in tried[0] and "原因代码" in tried[0]  # the refusal, its words and its reason code (中文 page)
        assert errors == []
    finally:
        page.close()
        server.__exit__()


def test_refusal_in_english_and_keyboard_only(browser, tmp_path):
    """With the keyboard only: a card that may not follow the play on the table is picked and played anyway; the
    refusal is explained once, with the rule's text and its link into the rulebook."""
    server, page, errors, table = open_page(browser, "biedan/biedan-guide", tmp_path, lang="en")
    try:
        for _ in range(60):  # keyboard moves until the person follows a play holding a single card that cannot beat
            settle_wait(page)
            table_now = table.state.table if table.state.current_player() == 0 else None
            if table_now is not None and page.locator(".card-action[data-kind='play']").count():
                legal = {tuple(a["cards"]) for a in table.person_actions(500) if a["type"] == "play"}
                weak = [i for i, c in enumerate(table.hand) if (c,) not in legal]
                if weak:
                    break
            page.locator("#legal summary").focus()
            page.keyboard.press("Enter")
            page.locator("#legal button.legal").first.focus()
            page.keyboard.press("Enter")
        else:
            pytest.fail("the person never followed a play holding a card that cannot beat it")
        card = page.locator(".card-btn").nth(weak[0])
        card.focus()
        page.keyboard.press("Space")
        settle_wait(page)
        assert card.get_attribute("aria-pressed") == "true"
        assert "You may not make this now." in page.locator("#selection").inner_text()
        page.locator(".card-action[data-kind='play']").focus()
        page.keyboard.press("Enter")
        settle_wait(page)
        text = page.locator("#refusal").inner_text()
        assert "Refused" in text and "reason code" in text
        link = page.locator("#refusal .rule a").first
        assert "#r-" in link.get_attribute("href")  # the rule in the rulebook
        assert page.locator("#refusal .rule p").first.inner_text().strip()  # its text
        assert page.locator("#table .refusal").count() == 1  # said once (the selection's own is not repeated)
        page.screenshot(path=str(tmp_path / "biedan-en-keyboard.png"), full_page=True)
        assert errors == []
    finally:
        page.close()
        server.__exit__()


@pytest.mark.parametrize("variant", VARIANTS)
def test_phone_layout(browser, variant, tmp_path):
    server, page, errors, _ = open_page(browser, variant, tmp_path, width=390)
    try:
        wide = page.evaluate("document.documentElement.scrollWidth")
        page.screenshot(path=str(tmp_path / f"{variant.split('/')[0]}-phone.png"), full_page=True)
        assert wide <= 390
        unnamed = page.evaluate("[...document.querySelectorAll('button')].filter(b => !b.textContent.trim() && "
                                "!b.getAttribute('aria-label')).length")
        assert unnamed == 0  # every button has a name for screen readers
        assert errors == []
    finally:
        page.close()
        server.__exit__()
