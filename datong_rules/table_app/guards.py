"""What the table's web app guards against, apart from the rules: the answers' security headers, POSTs from other
origins, request bodies (size, nesting, media type, form and JSON reading) and errors as one line of text.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from datong_rules.reference_impl.cards import parse_cards
from datong_rules.rulebook.labels import LANGS

from .words import ERRORS

MAX_BODY = 16 * 1024
"""Largest request body accepted, in bytes (an action is a few hundred)."""

MAX_NESTING = 16
"""Deepest nesting of arrays and objects accepted in a request body (an action needs 4)."""

MAX_DIGITS = 30
"""Most digits of a number accepted in a request body (a seat, a version, a count need a few)."""


CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
"""The pages' Content-Security-Policy: the app's own files only (the favicon is a data: URL)."""


class Headers:
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


class SameOrigin:
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


class KnownHost:
    """ASGI middleware: a request naming a host the table is not served as is refused (400, one line), so that a
    page of another site cannot reach the table through a name it points at this machine (DNS rebinding).

    Args:
        names: the host names and addresses accepted (without port; an IPv6 address in brackets).
        any_address: also accept a host given as an IP address (the table served on every address of the machine,
            ``--host 0.0.0.0``: friends reach it at any of them). An address is no rebinding risk: a page can only
            name one as the host of its own origin (such a page is the table's), and a POST of a page of another
            origin is :class:`SameOrigin`'s to refuse.
    """

    def __init__(self, app: Any, names: tuple[str, ...], any_address: bool = False) -> None:
        self.app, self.names, self.any_address = app, {n.lower() for n in names}, any_address

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and not self.known(_header(scope, "host")):
            response = PlainTextResponse("error: refused: the request names a host this table is not served as\n",
                                         status_code=400)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def known(self, host: str) -> bool:
        """Whether the Host header ``host`` (with or without a port) names the table."""
        name = host.strip().lower()
        if name.startswith("["):
            name = name[:name.find("]") + 1]
        elif name.count(":") == 1:
            name = name.split(":")[0]
        if name in self.names:
            return True
        return self.any_address and _is_address(name.strip("[]"))


def _is_address(text: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _header(scope: Any, name: str) -> str:
    """A request header's value ('' when absent)."""
    wanted = name.encode("latin-1")
    return next((v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == wanted), "")


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


def page_lang(value: Any, default: str | None, say_in: str = "en") -> str:
    """``value`` when it is a page language, else ``default``; with no ``default``, another value is refused (400,
    one line in the language ``say_in``: ``lang: expected zh (中文) or en (English), got 'xx'``)."""
    if value in LANGS:
        return value
    if default is None:
        raise HTTPException(400, ERRORS["bad_lang"][say_in].format(got=repr(str(value)[:40])))
    return default


async def read_body(request: Request) -> bytes:
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


def nesting(text: bytes) -> int:
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


async def read_json(request: Request, empty_ok: bool = False) -> dict[str, Any]:
    """The request's JSON object (400 not one, 413 too large, 415 not declared JSON; media type names are
    case-insensitive). ``empty_ok``: a request without a body is ``{}``."""
    body = await read_body(request)
    if empty_ok and not body.strip():
        return {}
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise HTTPException(415, "expected Content-Type: application/json")
    if nesting(body) > MAX_NESTING:
        raise HTTPException(400, f"expected a JSON object nested at most {MAX_NESTING} deep")
    try:
        value = json.loads(body, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
    except _BadNumber as err:
        raise HTTPException(400, str(err)) from None
    except (ValueError, UnicodeDecodeError) as err:
        raise HTTPException(400, f"expected a JSON object: {err}") from None
    if not isinstance(value, dict):
        raise HTTPException(400, f"expected a JSON object, got {type(value).__name__}")
    return value


class _BadNumber(ValueError):
    """A number of the body the table does not take (one line, the table's own words)."""


def _whole(text: str) -> int:
    """A JSON whole number of at most :data:`MAX_DIGITS` digits (no longer one reaches Python's own limit of
    digits, whose message would advise a Python setting)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _BadNumber(f"a number of {digits} digits: expected numbers of at most {MAX_DIGITS} digits")
    return int(text)


def _fraction(text: str) -> float:
    """A JSON number with a fraction or an exponent, finite (``1e999`` is refused, not read as infinity)."""
    if len(text) > 2 * MAX_DIGITS:
        raise _BadNumber(f"a number of {len(text)} characters: expected numbers of at most {MAX_DIGITS} digits")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _BadNumber(f"the number {text[:40]} is too large: expected numbers of at most {MAX_DIGITS} digits")
    return value


def _constant(text: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``, which Python's reader takes but JSON has not: refused."""
    raise _BadNumber(f"{text} is not a JSON number")


async def read_form(request: Request) -> dict[str, str]:
    from urllib.parse import parse_qsl

    try:
        return dict(parse_qsl((await read_body(request)).decode("utf-8")))
    except UnicodeDecodeError:
        raise HTTPException(400, "expected a form in UTF-8") from None


def read_cards(value: Any) -> list[str]:
    """The selected cards, canonical (400 when not a list of cards; whether the hand holds them is the rules'
    question: ``not_in_hand``)."""
    if not isinstance(value, list) or len(value) > 200:
        raise HTTPException(400, "cards: expected a list of cards")
    try:
        cards = parse_cards(value) if value else []
    except ValueError as err:
        raise HTTPException(400, f"cards: {err}") from None
    return cards


async def http_error(request: Request, exc: Exception) -> Response:
    """An HTTP error as one line of plain text: ``error: DETAIL``."""
    status = getattr(exc, "status_code", 400)
    detail = str(getattr(exc, "detail", "") or "error").splitlines()[0]
    return PlainTextResponse(f"error: {detail}\n", status_code=status)


async def internal_error(request: Request, exc: Exception) -> Response:
    """Any other error as one line (500), never a traceback."""
    return PlainTextResponse(f"error: internal error ({type(exc).__name__})\n", status_code=500)
