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
from .session import NotYourSeat, Refused, Table
from .view import table_view
from .words import ERRORS, HOW_TO, UI, seat_words, ui

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024
"""Largest request body accepted, in bytes (an action is a few hundred)."""

MAX_NESTING = 16
"""Deepest nesting of arrays and objects accepted in a request body (an action needs 4)."""

KEEP_IDLE = 600.0
"""Seconds a table must have been idle before a new table may push it out (when :attr:`Options.max_tables` are
open): a table in use is never dropped for another."""


@dataclass
class Options:
    """How tables are opened and kept.

    Attributes:
        variant: the resolved variant every table plays.
        seat, bots, seed, lang: the defaults of a new table (the person's seat, the bot kind, the seed, the page's
            language).
        idle_seconds: a table unused this long is dropped (404 afterwards).
        max_tables: most tables kept at once: when as many are open, a new one pushes out the least recently used
            of those idle for :data:`KEEP_IDLE` seconds (never the command's own table), else it is refused (503).
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
    pinned: bool = False


class TooManyTables(Exception):
    """Every table kept is in use (:attr:`Options.max_tables`): no new one now (one line)."""


class Tables:
    """The open tables by id, dropped when idle (:attr:`Options.idle_seconds`) or when too many."""

    def __init__(self, options: Options, clock: Any = time.monotonic) -> None:
        self.options, self.clock = options, clock
        self.kept: dict[str, _Kept] = {}

    def open(self, seat: int | None = None, lang: str | None = None, seed: int | None = None,
             pinned: bool = False) -> str:
        """Open a table; returns its id. A ``pinned`` table (the command's own) is never pushed out by others.

        Raises:
            ValueError: a bad seat or bot kind (one line).
            TooManyTables: :attr:`Options.max_tables` are open and none has been idle for :data:`KEEP_IDLE`.
        """
        self._expire()
        o = self.options
        now = self.clock()
        while len(self.kept) >= o.max_tables:
            idle = [k for k, kept in self.kept.items() if not kept.pinned and now - kept.used >= KEEP_IDLE]
            if not idle:
                raise TooManyTables(f"too many tables open ({o.max_tables}); try again later")
            del self.kept[min(idle, key=lambda k: self.kept[k].used)]
        table = Table(o.variant, seat=o.seat if seat is None else seat, bot_kind=o.bots,
                      seed=o.seed if seed is None else seed)
        tid = secrets.token_urlsafe(16)
        self.kept[tid] = _Kept(table, lang or o.lang, now, pinned)
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
        for tid in [t for t, k in self.kept.items() if now - k.used > self.options.idle_seconds and not k.pinned]:
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
                "variant_id": table.variant.id, "v": table_view(table, lang), "network": ERRORS["network"][lang],
                "how_to": HOW_TO}

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
        except TooManyTables as err:
            raise HTTPException(503, str(err)) from None
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

    def refused(err: Refused, kept: _Kept) -> HTTPException:
        """The table's refusal as an error in the page's language (403 another seat, 409 not now)."""
        return HTTPException(403 if isinstance(err, NotYourSeat) else 409, ERRORS[err.code][kept.lang])

    def stale(body: dict[str, Any], tid: str, kept: _Kept) -> Response | None:
        """409 with the page as it is now when ``body`` names another ``version`` than the table's (a second
        click, another tab): ``{"ok": false, "error", "html"}``; None when the version is the table's or not
        given."""
        version = body.get("version")
        if version is None or version == kept.table.version:
            return None
        if type(version) is not int:
            raise HTTPException(400, f"version: expected a whole number, got {str(version)[:40]!r}")
        return JSONResponse({"ok": False, "error": ERRORS["stale"][kept.lang],
                             "html": _render("_main.html", **page_context(tid, kept))}, status_code=409)

    async def act(request: Request) -> Response:
        tid = request.path_params["tid"]
        kept = tables.get(tid)
        body = await _json(request)
        action = body.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise HTTPException(400, "expected {\"action\": {\"type\": ..., \"seat\": ...}}")
        old = stale(body, tid, kept)
        if old is not None:
            return old
        try:
            reason = kept.table.act(action)
        except Refused as err:
            raise refused(err, kept) from None
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
            old = stale(await _json(request, empty_ok=True), tid, kept)
            if old is not None:
                return old
            try:
                getattr(kept.table, step)()
            except Refused as err:
                raise refused(err, kept) from None
            return JSONResponse({"ok": True, "html": _render("_main.html", **page_context(tid, kept))})

        return endpoint

    async def record(request: Request) -> Response:
        kept = tables.get(request.path_params["tid"])
        text = json.dumps(kept.table.record(), ensure_ascii=False, indent=1) + "\n"
        name = f"{kept.table.variant.id.replace('/', '-')}-hand{kept.table.hand_number}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def match_record(request: Request) -> Response:
        kept = tables.get(request.path_params["tid"])
        text = json.dumps(kept.table.match_record(), ensure_ascii=False, indent=1) + "\n"
        name = f"{kept.table.variant.id.replace('/', '-')}-match.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    routes = [
        Route("/", start), Route("/tables", open_table, methods=["POST"]),
        Route("/t/{tid}", page), Route("/t/{tid}/main", main),
        Route("/t/{tid}/act", act, methods=["POST"]), Route("/t/{tid}/select", select, methods=["POST"]),
        Route("/t/{tid}/decline", table_step("decline"), methods=["POST"]),
        Route("/t/{tid}/next", table_step("next_hand"), methods=["POST"]),
        Route("/t/{tid}/record.json", record), Route("/t/{tid}/match.json", match_record),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    hosts = ["127.0.0.1", "localhost", "[::1]", *options.hosts]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error, Exception: _internal_error},
                    middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts), Middleware(_Headers),
                                Middleware(_SameOrigin)])
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


class _SameOrigin:
    """ASGI middleware: a POST from a page of another origin is refused (403) before it reaches the table.

    A browser names the page that sends a request: ``Sec-Fetch-Site`` (``same-origin`` from the table's own pages,
    ``none`` when the person typed or bookmarked it) and ``Origin`` (the sending page's scheme, host and port). A
    POST is refused when either names another site, so that no page of another origin (another local server
    included) can open tables or move for the person with a plain form. Requests without those headers (not from a
    browser: scripts, the tests) are let through.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and not _same_origin(scope):
            response = PlainTextResponse("error: refused: the request comes from a page of another site\n",
                                         status_code=403)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _same_origin(scope: Any) -> bool:
    """Whether a request's ``Sec-Fetch-Site`` and ``Origin`` (when sent) name the server's own origin."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    return origin == f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"


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
    """The request's body, read piece by piece and refused (413) as soon as it passes :data:`MAX_BODY`, whether or
    not a Content-Length announced it."""
    too_large = HTTPException(413, f"request body too large (at most {MAX_BODY} bytes)")
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    return bytes(body)


def _nesting(text: bytes) -> int:
    """How deep arrays and objects nest in JSON ``text`` (brackets inside strings not counted)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


async def _json(request: Request, empty_ok: bool = False) -> dict[str, Any]:
    """The request's JSON object (400 not one, 413 too large, 415 not declared JSON; media type names are
    case-insensitive). ``empty_ok``: a request without a body is ``{}``."""
    body = await _body(request)
    if empty_ok and not body.strip():
        return {}
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise HTTPException(415, "expected Content-Type: application/json")
    if _nesting(body) > MAX_NESTING:
        raise HTTPException(400, f"expected a JSON object nested at most {MAX_NESTING} deep")
    try:
        value = json.loads(body)
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
