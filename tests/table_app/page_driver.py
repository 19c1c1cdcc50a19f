"""A bot in the person's seat that plays through the table's endpoints as the page does: it reads the main part's
HTML (``GET /t/{id}/main``), picks what a bot of the game would do, and makes it with what the page offers: a
button's action (``data-action``), or the cards selected (``POST /select``), then the reading button the selection
offers or the card button (``data-kind``) as the front end sends it (``static/table.js``).

Used by the play-through tests; every check is an assertion with the page's words in its message.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any

from datong_rules.reference_impl.bots import make_bots, offered_action

class AsgiClient:
    """The app asked in this thread's own event loop through httpx2's ASGI transport (a third of the time of
    Starlette's TestClient, which crosses threads for every request: thousands of requests in a match); ``get`` and
    ``post`` as TestClient's, ``app`` the app. Server errors are raised, not answered."""

    def __init__(self, app: Any) -> None:
        import asyncio

        import httpx2

        self.app = app
        self.loop = asyncio.new_event_loop()
        self.client = httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://127.0.0.1")

    def get(self, url: str, **options: Any) -> Any:
        return self.loop.run_until_complete(self.client.get(url, **options))

    def post(self, url: str, **options: Any) -> Any:
        return self.loop.run_until_complete(self.client.post(url, **options))

    def close(self) -> None:
        self.loop.run_until_complete(self.client.aclose())
        self.loop.close()


MAX_REQUESTS = 4000
"""More requests than any hand needs (a 攉龙 hand: about 60)."""


@dataclass
class Page:
    """What the main part offers: ``version``, ``status``, ``buttons`` (the actions of ``data-action`` buttons),
    ``card_kinds`` (``{kind, to}`` of the card buttons), ``decline``, ``next``, ``settlement``, ``match_end``."""

    html: str
    version: int | None
    status: str
    buttons: list[dict[str, Any]] = field(default_factory=list)
    card_kinds: list[dict[str, Any]] = field(default_factory=list)
    decline: bool = False
    next: bool = False
    settlement: bool = False
    match_end: str | None = None


def _text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def read_page(html: str) -> Page:
    """The offers of a main part's HTML."""
    version = re.search(r'data-version="(\d+)"', html)
    status = re.search(r'<p id="status"[^>]*>(.*?)</p>', html, re.S)
    end = re.search(r'<p id="match-end"[^>]*>(.*?)</p>', html, re.S)
    page = Page(html, int(version.group(1)) if version else None, _text(status.group(1)) if status else "",
                match_end=_text(end.group(1)) if end else None)
    page.buttons = [json.loads(unescape(a)) for a in re.findall(r'data-action="([^"]*)"', html)]
    for tag in re.findall(r'<button[^>]*class="card-action"[^>]*>', html):
        kind = re.search(r'data-kind="([^"]*)"', tag).group(1)
        to = re.search(r'data-to="(-?\d+)"', tag)
        page.card_kinds.append({"kind": kind, "to": int(to.group(1)) if to else None})
    page.decline = 'id="decline"' in html
    page.next = 'id="next"' in html
    page.settlement = 'class="settlement"' in html
    return page


class PageBot:
    """The person's seat of table ``tid`` played by a bot of the game through ``client`` (a TestClient)."""

    def __init__(self, client: Any, tid: str, seed: int = 0) -> None:
        self.client, self.tid = client, tid
        self.kept = client.app.state.tables.kept[tid]
        table = self.kept.table
        self.bot = make_bots(table.game, "greedy", random.Random(seed + 7919), table.rules.players)[table.seat]
        self.requests = 0
        self.html: str | None = None  # the main part as the last answer gave it (the page swaps it in: table.js)

    @property
    def table(self) -> Any:
        return self.kept.table

    def main(self) -> Page:
        """The main part as the page shows it: the last move's answer, else asked for (``GET /t/{id}/main``)."""
        if self.html is None:
            response = self.client.get(f"/t/{self.tid}/main")
            assert response.status_code == 200, response.text
            self.html = response.text
        return read_page(self.html)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        self.requests += 1
        response = self.client.post(f"/t/{self.tid}{path}", json=body)
        assert response.status_code == 200, f"{path} {body}: {response.status_code} {response.text}"
        answer = response.json()
        if path != "/select":
            self.html = answer["html"]
        return answer

    def play_match(self) -> Page:
        """Hands until the match is over; returns the last page (the match's end shown)."""
        while True:
            page = self.play_hand()
            if not page.next:
                return page
            answer = self.post("/next", {"version": page.version})
            assert answer["ok"], answer

    def play_hand(self) -> Page:
        """The person's decisions until the hand's settlement shows; returns that page."""
        for _ in range(MAX_REQUESTS):
            page = self.main()
            table = self.table
            if page.settlement:
                assert table.state.is_terminal(), page.status
                return page
            assert table.awaiting(), f"the page waits but the person has no decision: {page.status}"
            self.move(page)
        raise AssertionError("the hand did not end")

    def move(self, page: Page) -> None:
        """One decision of the person made through the page."""
        state, seat = self.table.state, self.table.seat
        offered = page.buttons or page.card_kinds or page.decline
        assert offered, f"the person's decision but nothing offered: {page.status}"
        for action in _sample(page.buttons):
            assert state.check(action) is None, f"offered but refused: {action} ({state.check(action)})"
        if state.current_player() != seat:  # the table acts and offers something (攉龙's show while dealt)
            offered_now = offered_action(self.bot, state, seat)
            if offered_now is not None:
                assert offered_now in page.buttons, f"the bot's action is not offered: {offered_now}"
                assert self.post("/act", {"action": offered_now, "version": page.version})["ok"]
            else:
                assert page.decline, f"an offer without a way to go on: {page.status}"
                assert self.post("/decline", {"version": page.version})["ok"]
            return
        wanted = self.bot.choose(state)
        before = len(state.actions)
        self.make(page, wanted)
        made = self.table.state.actions[before] if self.table.state is state else None
        if made is not None:
            assert _same(made, wanted), f"the page made {made}, not {wanted}"

    def make(self, page: Page, wanted: dict[str, Any]) -> None:
        """Make ``wanted`` as the page would: its button, else its cards selected then the reading or card button."""
        if wanted in page.buttons:
            answer = self.post("/act", {"action": wanted, "version": page.version})
            assert answer["ok"], (wanted, answer.get("refusal"))
            return
        kinds = {k["kind"]: k for k in page.card_kinds}
        assert wanted["type"] in kinds, f"the page cannot make {wanted} (offers {page.buttons[:5]} {page.card_kinds})"
        chosen = self.post("/select", {"cards": wanted["cards"]})
        readings = [json.loads(unescape(a)) for a in re.findall(r'class="do reading" data-action="([^"]*)"',
                                                                 chosen["html"])]
        match = [a for a in readings if _same(a, wanted)]
        if match:
            action = match[0]
        elif len(readings) == 1:  # the card button sends the one reading the selection offers (table.js)
            action = readings[0]
        else:
            action = {"type": wanted["type"], "seat": self.table.seat, "cards": wanted["cards"]}
            if kinds[wanted["type"]]["to"] is not None:
                action["to"] = kinds[wanted["type"]]["to"]
        answer = self.post("/act", {"action": action, "version": page.version})
        assert answer["ok"], (action, answer.get("refusal"))


CHECKED = 6
"""Offered actions judged per page: the buttons of the choices come first, then the legal list (whose actions are
the engine's legal_actions: judging all 60 of every page would double the time of the test for little)."""


def _sample(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first :data:`CHECKED` offered actions and the last one."""
    return buttons[:CHECKED] + buttons[-1:]


def _same(made: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """The same action, cards in any order."""
    def norm(a: dict[str, Any]) -> dict[str, Any]:
        return {**a, "cards": sorted(a.get("cards") or [])}

    return norm(made) == norm(wanted)
