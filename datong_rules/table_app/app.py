"""The table's web app (Starlette): pages rendered on the server (Jinja2), a small plain-JS front end, JSON actions,
and the moves of the others pushed to every page of a table as server-sent events.

Routes (``{key}`` names a place at a table, :mod:`.tables`: the table's id for the host's page, an invitation token
for a friend's seat; each is unguessable, :func:`secrets.token_urlsafe`):

* ``GET /``: the start page (a form that opens a table); ``POST /tables``: open one, redirect to it (303);
* ``GET /t/{key}?lang=zh|en``: the table page; ``GET /t/{key}/main``: its main part (HTML), for the front end;
* ``POST /t/{key}/act`` ``{"action": {...}, "version": n}``: the seat's action → ``{"ok": true, "html"}`` or,
  refused by the rules, ``{"ok": false, "refusal": {...}, "html"}`` (200: a refusal is an answer, not an error);
  ``version`` (optional) is the table's version the page shows: another one is refused (409 ``{"ok": false,
  "error", "html"}``: a second click, another tab, a move of someone else first);
* ``POST /t/{key}/select`` ``{"cards": [...]}``: what the selection makes → ``{"html", "selection"}``;
* ``POST /t/{key}/decline``: let the table go on without the offered actions; ``POST /t/{key}/next``: the next hand
  (both take ``{"version": n}``, optional);
* ``GET /t/{key}/events``: server-sent events, ``data: VERSION`` whenever the table changes (someone moved, a friend
  joined or left); ``event: gone`` with the words to show when the host revoked this seat's invitation;
* ``POST /t/{tid}/invite`` and ``/revoke`` ``{"seat": n}`` (the host's page only): a friend's invitation link to a
  seat → ``{"ok", "link"}``; revoked, a bot plays the seat again and the link answers 410, saying in the friend's
  language that the host revoked it (the page: a page that says so; its open page is told at once);
* ``GET /t/{key}/record.json``: the hand's record; ``GET /t/{key}/match.json``: the match's (``datong-rules verify``
  accepts both).

Errors are one line of plain text: 400 malformed request (a number of more than 30 digits, NaN, a ``lang`` other
than zh or en included), 403 another seat (or a page of another origin, or a friend inviting), 404 unknown or expired
table, 409 not the seat's turn, 410 a revoked invitation (in the friend's language), 413 too large a body, 415 a body
that is not declared JSON, 503 too many tables; never a traceback (500 says "internal error" in one line).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from datong_rules.rulebook.labels import LANGS

from .explaining import describe, refusal
from .guards import (Headers, KnownHost, SameOrigin, http_error, internal_error, page_lang, read_cards, read_form,
                     read_json)
from .session import NotYourSeat, Refused
from .tables import Kept, Options, Place, Revoked, Tables, TooManyTables
from .view import table_view
from .words import ERRORS, HOW_TO, UI, seat_words, ui

__all__ = ["Options", "create_app"]

HERE = Path(__file__).parent

KEEPALIVE = 15.0
"""Seconds between the comments that keep an idle event stream open."""

_NOTHING: dict[str, Any] = {"combination": None, "actions": [], "readings": [], "legal_now": False, "refusal": None}
"""The description of no selection (or of one made while the person has no decision)."""

_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))


def _render(name: str, **context: Any) -> str:
    return _ENV.get_template(name).render(**context)


def create_app(options: Options, clock: Any = time.monotonic) -> Starlette:
    """The web app for ``options`` (tables kept by :class:`~.tables.Tables` with ``clock``, seconds)."""
    tables = Tables(options, clock)

    def page_context(key: str, place: Place) -> dict[str, Any]:
        table, lang = place.view, place.lang
        name = table.variant.data.get("name", {})
        return {"lang": lang, "other": LANGS[1 - LANGS.index(lang)], "tid": key, "ui": UI, "seat": place.seat,
                "title": ui("title", lang, variant=name.get(lang, table.variant.id)),
                "variant_id": table.variant.id, "v": table_view(table, lang), "network": ERRORS["network"][lang],
                "how_to": HOW_TO, "friends": _friends(place, lang) if place.host else None,
                "link_base": options.link_base or ""}

    def main_html(key: str, place: Place) -> str:
        return _render("_main.html", **page_context(key, place))

    async def start(request: Request) -> Response:
        lang = page_lang(request.query_params.get("lang"), options.lang)
        seats = [(seat, seat_words(seat, lang)) for seat in range(_players(options))]
        return HTMLResponse(_render("start.html", lang=lang, ui=UI, seats=seats,
                                    title=ui("new_table", lang)))

    async def open_table(request: Request) -> Response:
        form = await read_form(request)
        given = form.get("seat", options.seat)
        if not isinstance(given, int) and not re.fullmatch(r"\s*-?\d{1,9}\s*", str(given)):
            raise HTTPException(400, f"seat: expected a whole number, got {str(given)[:40]!r}")
        try:
            lang = options.lang if form.get("lang") is None else page_lang(form["lang"], None, options.lang)
            tid = tables.open(seat=int(given), lang=lang)
        except ValueError as err:
            raise HTTPException(400, str(err).splitlines()[0]) from None
        except TooManyTables as err:
            raise HTTPException(503, str(err)) from None
        return RedirectResponse(f"/t/{tid}", status_code=303)

    async def page(request: Request) -> Response:
        key = request.path_params["tid"]
        try:
            place = tables.place(key)
        except Revoked as err:  # a page, not a line of text: the friend opened their old link
            return HTMLResponse(_render("gone.html", lang=err.lang, ui=UI, message=err.detail,
                                        title=ui("gone_title", err.lang)), status_code=410)
        if "lang" in request.query_params:
            place.lang = page_lang(request.query_params["lang"], None, place.lang)
        return HTMLResponse(_render("table.html", **page_context(key, place)))

    async def main(request: Request) -> Response:
        key = request.path_params["tid"]
        return HTMLResponse(main_html(key, tables.place(key)))

    def refused(err: Refused, place: Place) -> HTTPException:
        """The table's refusal as an error in the page's language (403 another seat, 409 not now)."""
        return HTTPException(403 if isinstance(err, NotYourSeat) else 409, ERRORS[err.code][place.lang])

    def stale(body: dict[str, Any], key: str, place: Place) -> Response | None:
        """409 with the page as it is now when ``body`` names another ``version`` than the table's (a second
        click, another tab, someone else's move first): ``{"ok": false, "error", "html"}``; None when the version
        is the table's or not given."""
        version = body.get("version")
        if version is None:
            return None
        if type(version) is not int:
            raise HTTPException(400, f"version: expected a whole number, got {str(version)[:40]!r}")
        if version == place.kept.table.version:
            return None
        return JSONResponse({"ok": False, "error": ERRORS["stale"][place.lang], "html": main_html(key, place)},
                            status_code=409)

    async def act(request: Request) -> Response:
        key = request.path_params["tid"]
        place = tables.place(key)
        body = await read_json(request)
        action = body.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise HTTPException(400, "expected {\"action\": {\"type\": ..., \"seat\": ...}}")
        old = stale(body, key, place)
        if old is not None:
            return old
        try:
            reason = place.view.act(action)
        except Refused as err:
            raise refused(err, place) from None
        html = main_html(key, place)
        if reason is None:
            place.kept.notify()
            return JSONResponse({"ok": True, "html": html})
        explained = refusal(place.view, reason, place.lang, action)
        return JSONResponse({"ok": False, "refusal": explained, "html": html,
                             "refusal_html": _render("_refusal.html", r=explained, lang=place.lang, ui=UI,
                                                     action=action)})

    async def select(request: Request) -> Response:
        place = tables.place(request.path_params["tid"])
        body = await read_json(request)
        cards = read_cards(body.get("cards"))
        view = place.view
        described = describe(view, cards, place.lang) if cards and view.awaiting() else _NOTHING
        html = _render("_selection.html", s=described, lang=place.lang, ui=UI, cards=cards,
                       actions=[json.dumps(a, ensure_ascii=False) for a in described["actions"]])
        return JSONResponse({"html": html, "selection": described})

    def table_step(step: str) -> Any:
        """An endpoint that calls the seat's ``step`` (``decline`` or ``next_hand``): 409 when the table refuses."""

        async def endpoint(request: Request) -> Response:
            key = request.path_params["tid"]
            place = tables.place(key)
            old = stale(await read_json(request, empty_ok=True), key, place)
            if old is not None:
                return old
            try:
                getattr(place.view, step)()
            except Refused as err:
                raise refused(err, place) from None
            place.kept.notify()
            return JSONResponse({"ok": True, "html": main_html(key, place)})

        return endpoint

    async def events(request: Request) -> Response:
        key = request.path_params["tid"]
        kept = tables.place(key).kept

        async def stream() -> Any:
            shown = None
            while not await request.is_disconnected():
                gone = tables.revoked_lang(key)
                if gone is not None:  # the host revoked this seat's invitation: its page says so, then stops
                    yield f"event: gone\ndata: {ERRORS['revoked'][gone]}\n\n"
                    return
                change = kept.changed()
                if kept.table.version != shown:
                    shown = kept.table.version
                    yield f"data: {shown}\n\n"
                    continue
                try:
                    await asyncio.wait_for(change.wait(), KEEPALIVE)
                except TimeoutError:
                    yield ": still here\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    def host_step(step: str) -> Any:
        """An endpoint of the host's page: invite a friend to a seat, or revoke the invitation."""

        async def endpoint(request: Request) -> Response:
            key = request.path_params["tid"]
            place = tables.place(key)
            if not place.host:
                raise HTTPException(403, ERRORS["not_host"][place.lang])
            seat = (await read_json(request)).get("seat")
            if type(seat) is not int:
                raise HTTPException(400, f"seat: expected a whole number, got {str(seat)[:40]!r}")
            try:
                if step == "invite":
                    token = tables.invite(key, seat)
                    base = options.link_base or str(request.base_url).rstrip("/")
                    return JSONResponse({"ok": True, "link": f"{base}/t/{token}"})
                tables.revoke(key, seat)
            except ValueError as err:
                raise HTTPException(400, str(err).splitlines()[0]) from None
            return JSONResponse({"ok": True})

        return endpoint

    def download(what: str) -> Any:
        """An endpoint that sends the hand's (``hand``) or the match's (``match``) record as a JSON attachment."""

        async def endpoint(request: Request) -> Response:
            table = tables.place(request.path_params["tid"]).kept.table
            record = table.record() if what == "hand" else table.match_record()
            suffix = f"hand{table.hand_number}" if what == "hand" else "match"
            name = f"{table.variant.id.replace('/', '-')}-{suffix}.json"
            return Response(json.dumps(record, ensure_ascii=False, indent=1) + "\n", media_type="application/json",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})

        return endpoint

    routes = [
        Route("/", start), Route("/tables", open_table, methods=["POST"]),
        Route("/t/{tid}", page), Route("/t/{tid}/main", main), Route("/t/{tid}/events", events),
        Route("/t/{tid}/act", act, methods=["POST"]), Route("/t/{tid}/select", select, methods=["POST"]),
        Route("/t/{tid}/decline", table_step("decline"), methods=["POST"]),
        Route("/t/{tid}/next", table_step("next_hand"), methods=["POST"]),
        Route("/t/{tid}/invite", host_step("invite"), methods=["POST"]),
        Route("/t/{tid}/revoke", host_step("revoke"), methods=["POST"]),
        Route("/t/{tid}/record.json", download("hand")), Route("/t/{tid}/match.json", download("match")),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    own = (f"[{h}]" if ":" in h and not h.startswith("[") else h for h in options.hosts)  # IPv6 in brackets
    hosts = ("127.0.0.1", "localhost", "[::1]", *own)
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: internal_error},
                    middleware=[Middleware(KnownHost, names=hosts, any_address=options.any_address),
                                Middleware(Headers),
                                Middleware(SameOrigin)])
    app.state.tables = tables
    return app


def _friends(place: Place, lang: str) -> list[dict[str, Any]]:
    """The host's list of the other seats: each its name, whether a bot or a friend plays it, and its link."""
    kept: Kept = place.kept
    rows = []
    for seat in range(kept.table.rules.players):
        if seat == place.seat:
            continue
        token = kept.token_of(seat)
        invite = kept.invites.get(token) if token else None
        state = "bot" if invite is None else "joined" if invite.joined else "invited"
        rows.append({"seat": seat, "name": seat_words(seat, lang), "state": ui(f"friend_{state}", lang),
                     "path": f"/t/{token}" if token else None})
    return rows


def _players(options: Options) -> int:
    from datong_rules.reference_impl import games

    game = games.find(options.variant.data.get("game"))
    return game.rules_for(options.variant).players if game else 4
