"""The table's web app (Starlette): pages rendered on the server (Jinja2), a small plain-JS front end, JSON actions.

Routes (``{tid}`` is an unguessable table id, :func:`secrets.token_urlsafe`):

* ``GET /``: the start page (a form that opens a table); ``POST /tables``: open one, redirect to it (303);
* ``GET /t/{tid}?lang=zh|en``: the table page; ``GET /t/{tid}/main``: its main part (HTML), for the front end;
* ``POST /t/{tid}/act`` ``{"action": {...}}``: the person's action → ``{"ok": true, "html"}`` or, refused by the
  rules, ``{"ok": false, "refusal": {...}, "html"}`` (200: a refusal is an answer, not an error);
* ``POST /t/{tid}/select`` ``{"cards": [...]}``: what the selection makes → ``{"html", "selection"}``;
* ``POST /t/{tid}/decline``: let the table go on without the offered shows; ``POST /t/{tid}/next``: the next hand;
* ``GET /t/{tid}/record.json``: the hand's record (``datong-rules verify`` accepts it).

Errors are one line of plain text: 400 malformed request, 403 another seat, 404 unknown or expired table, 409 not
the person's turn, 413 too large a body, 415 a body that is not declared JSON; never a traceback (500 says "internal error" in one line).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from datong_rules.reference_impl.cards import parse_cards
from datong_rules.rulebook.labels import LANGS

from .explaining import describe, refusal
from .session import NotYourSeat, NotYourTurn, Table
from .view import table_view
from .words import UI, seat_words, ui

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024
"""Largest request body accepted, in bytes (an action is a few hundred)."""


@dataclass
class Options:
    """How tables are opened and kept.

    Attributes:
        variant: the resolved variant every table plays.
        seat, bots, seed, lang: the defaults of a new table (the person's seat, the bot kind, the seed, the page's
            language).
        idle_seconds: a table unused this long is dropped (404 afterwards).
        max_tables: most tables kept at once (the least recently used is dropped first).
        hosts: host names the app answers besides 127.0.0.1, localhost and [::1] (``--host``'s); a request
            naming another host is refused (400), so that a page of another site cannot reach the table through a
            name it points at this machine (DNS rebinding).
    """

    variant: Any
    seat: int = 0
    bots: str = "greedy"
    seed: int = 0
    lang: str = "zh"
    idle_seconds: float = 2 * 3600
    max_tables: int = 64
    hosts: tuple[str, ...] = ()


@dataclass
class _Kept:
    table: Table
    lang: str
    used: float = field(default_factory=time.monotonic)


class Tables:
    """The open tables by id, dropped when idle (:attr:`Options.idle_seconds`) or when too many."""

    def __init__(self, options: Options, clock: Any = time.monotonic) -> None:
        self.options, self.clock = options, clock
        self.kept: dict[str, _Kept] = {}

    def open(self, seat: int | None = None, lang: str | None = None, seed: int | None = None) -> str:
        """Open a table; returns its id.

        Raises:
            ValueError: a bad seat or bot kind (one line).
        """
        self._expire()
        o = self.options
        table = Table(o.variant, seat=o.seat if seat is None else seat, bot_kind=o.bots,
                      seed=o.seed if seed is None else seed)
        while len(self.kept) >= o.max_tables:
            oldest = min(self.kept, key=lambda k: self.kept[k].used)
            del self.kept[oldest]
        tid = secrets.token_urlsafe(16)
        self.kept[tid] = _Kept(table, lang or o.lang, self.clock())
        return tid

    def get(self, tid: str) -> _Kept:
        """The table ``tid``, marked as used.

        Raises:
            HTTPException: 404, unknown or expired.
        """
        self._expire()
        kept = self.kept.get(tid)
        if kept is None:
            raise HTTPException(404, "unknown or expired table")
        kept.used = self.clock()
        return kept

    def _expire(self) -> None:
        now = self.clock()
        for tid in [t for t, k in self.kept.items() if now - k.used > self.options.idle_seconds]:
            del self.kept[tid]


_NOTHING: dict[str, Any] = {"combination": None, "actions": [], "readings": [], "legal_now": False, "refusal": None}
"""The description of no selection (or of one made while the person has no decision)."""

_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))


def _render(name: str, **context: Any) -> str:
    return _ENV.get_template(name).render(**context)


def create_app(options: Options, clock: Any = time.monotonic) -> Starlette:
    """The web app for ``options`` (tables kept by :class:`Tables` with ``clock``, seconds)."""
    tables = Tables(options, clock)

    def page_context(tid: str, kept: _Kept) -> dict[str, Any]:
        table, lang = kept.table, kept.lang
        name = table.variant.data.get("name", {})
        return {"lang": lang, "other": LANGS[1 - LANGS.index(lang)], "tid": tid, "ui": UI, "seat": table.seat,
                "title": ui("title", lang, variant=name.get(lang, table.variant.id)),
                "variant_id": table.variant.id, "v": table_view(table, lang)}

    async def start(request: Request) -> Response:
        lang = _lang(request.query_params.get("lang"), options.lang)
        seats = [(seat, seat_words(seat, lang)) for seat in range(_players(options))]
        return HTMLResponse(_render("start.html", lang=lang, ui=UI, seats=seats,
                                    title=ui("new_table", lang)))

    async def open_table(request: Request) -> Response:
        form = await _form(request)
        given = form.get("seat", options.seat)
        if not isinstance(given, int) and not re.fullmatch(r"\s*-?\d{1,9}\s*", str(given)):
            raise HTTPException(400, f"seat: expected a whole number, got {str(given)[:40]!r}")
        try:
            tid = tables.open(seat=int(given), lang=_lang(form.get("lang"), options.lang))
        except ValueError as err:
            raise HTTPException(400, str(err).splitlines()[0]) from None
        return RedirectResponse(f"/t/{tid}", status_code=303)

    async def page(request: Request) -> Response:
        tid = request.path_params["tid"]
        kept = tables.get(tid)
        if "lang" in request.query_params:
            kept.lang = _lang(request.query_params["lang"], None)
        return HTMLResponse(_render("table.html", **page_context(tid, kept)))

    async def main(request: Request) -> Response:
        tid = request.path_params["tid"]
        return HTMLResponse(_render("_main.html", **page_context(tid, tables.get(tid))))

    async def act(request: Request) -> Response:
        tid = request.path_params["tid"]
        kept = tables.get(tid)
        body = await _json(request)
        action = body.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise HTTPException(400, "expected {\"action\": {\"type\": ..., \"seat\": ...}}")
        try:
            reason = kept.table.act(action)
        except NotYourSeat as err:
            raise HTTPException(403, str(err)) from None
        except NotYourTurn as err:
            raise HTTPException(409, str(err)) from None
        html = _render("_main.html", **page_context(tid, kept))
        if reason is None:
            return JSONResponse({"ok": True, "html": html})
        explained = refusal(kept.table, reason, kept.lang, action)
        return JSONResponse({"ok": False, "refusal": explained, "html": html,
                             "refusal_html": _render("_refusal.html", r=explained, lang=kept.lang, ui=UI,
                                                     action=action)})

    async def select(request: Request) -> Response:
        kept = tables.get(request.path_params["tid"])
        body = await _json(request)
        cards = _cards(body.get("cards"))
        described = describe(kept.table, cards, kept.lang) if cards and kept.table.awaiting() else _NOTHING
        html = _render("_selection.html", s=described, lang=kept.lang, ui=UI, cards=cards,
                       actions=[json.dumps(a, ensure_ascii=False) for a in described["actions"]])
        return JSONResponse({"html": html, "selection": described})

    def table_step(step: str) -> Any:
        """An endpoint that calls the table's method ``step`` (no body): 409 when the table refuses it."""

        async def endpoint(request: Request) -> Response:
            tid = request.path_params["tid"]
            kept = tables.get(tid)
            try:
                getattr(kept.table, step)()
            except NotYourTurn as err:
                raise HTTPException(409, str(err)) from None
            return JSONResponse({"ok": True, "html": _render("_main.html", **page_context(tid, kept))})

        return endpoint

    async def record(request: Request) -> Response:
        kept = tables.get(request.path_params["tid"])
        text = json.dumps(kept.table.record(), ensure_ascii=False, indent=1) + "\n"
        name = f"{kept.table.variant.id.replace('/', '-')}-hand{kept.table.hand_number}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    routes = [
        Route("/", start), Route("/tables", open_table, methods=["POST"]),
        Route("/t/{tid}", page), Route("/t/{tid}/main", main),
        Route("/t/{tid}/act", act, methods=["POST"]), Route("/t/{tid}/select", select, methods=["POST"]),
        Route("/t/{tid}/decline", table_step("decline"), methods=["POST"]),
        Route("/t/{tid}/next", table_step("next_hand"), methods=["POST"]),
        Route("/t/{tid}/record.json", record),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    hosts = ["127.0.0.1", "localhost", "[::1]", *options.hosts]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error, Exception: _internal_error},
                    middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts), Middleware(_Headers)])
    app.state.tables = tables
    return app


CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
"""The pages' Content-Security-Policy: the app's own files only (the favicon is a data: URL)."""


class _Headers:
    """ASGI middleware: every answer gets :data:`CSP`, ``X-Content-Type-Options: nosniff`` and no referrer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"content-security-policy", CSP.encode()),
                                      (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
            await send(message)

        await self.app(scope, receive, send_with_headers if scope["type"] == "http" else send)


def _players(options: Options) -> int:
    from datong_rules.reference_impl import games

    game = games.find(options.variant.data.get("game"))
    return game.rules_for(options.variant).players if game else 4


def _lang(value: Any, default: str | None) -> str:
    if value in LANGS:
        return value
    if default is None:
        raise HTTPException(400, f"lang: expected one of {', '.join(LANGS)}, got {value!r}")
    return default


async def _body(request: Request) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise HTTPException(413, f"request body too large (at most {MAX_BODY} bytes)")
    body = await request.body()
    if len(body) > MAX_BODY:
        raise HTTPException(413, f"request body too large (at most {MAX_BODY} bytes)")
    return body


async def _json(request: Request) -> dict[str, Any]:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPException(415, "expected Content-Type: application/json")
    try:
        value = json.loads(await _body(request))
    except (ValueError, UnicodeDecodeError) as err:
        raise HTTPException(400, f"expected a JSON object: {err}") from None
    if not isinstance(value, dict):
        raise HTTPException(400, f"expected a JSON object, got {type(value).__name__}")
    return value


async def _form(request: Request) -> dict[str, str]:
    from urllib.parse import parse_qsl

    try:
        return dict(parse_qsl((await _body(request)).decode("utf-8")))
    except UnicodeDecodeError:
        raise HTTPException(400, "expected a form in UTF-8") from None


def _cards(value: Any) -> list[str]:
    """The selected cards, canonical (400 when not a list of cards; whether the hand holds them is the rules'
    question: ``not_in_hand``)."""
    if not isinstance(value, list) or len(value) > 200:
        raise HTTPException(400, "cards: expected a list of cards")
    try:
        cards = parse_cards(value) if value else []
    except ValueError as err:
        raise HTTPException(400, f"cards: {err}") from None
    return cards


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 400)
    detail = str(getattr(exc, "detail", "") or "error").splitlines()[0]
    return PlainTextResponse(f"error: {detail}\n", status_code=status)


async def _internal_error(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(f"error: internal error ({type(exc).__name__})\n", status_code=500)
