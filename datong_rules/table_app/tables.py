"""The open tables of the app, and the places at them: the host's page (the table's id) and each friend's seat (an
invitation: its own unguessable token, revocable by the host).

A place is what a page's address names: ``/t/{key}`` with ``key`` a table id or an invitation token. Every token is
:func:`secrets.token_urlsafe` (128 bits): the link is the seat's credential.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.exceptions import HTTPException

from .session import AtSeat, Table
from .words import ERRORS

MAX_REVOKED = 64
"""Revoked invitations a table remembers (so that their pages are told, in their language, that the host revoked
them); an older one is forgotten and its link then answers as an unknown table."""

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
        any_address: the app also answers a host given as any IP address (served on every address of the
            machine: ``--host 0.0.0.0``).
        link_base: the start of the invitation links (``http://192.168.1.20:8765``: an address the friends can
            reach); None: the address the host's page was opened at.
    """

    variant: Any
    seat: int = 0
    bots: str = "greedy"
    seed: int = 0
    lang: str = "zh"
    idle_seconds: float = 2 * 3600
    max_tables: int = 64
    hosts: tuple[str, ...] = ()
    any_address: bool = False
    link_base: str | None = None


@dataclass
class Invite:
    """A friend's seat at a table: ``seat``, the page's ``lang``, and whether the friend has opened it yet."""

    seat: int
    lang: str
    joined: bool = False


@dataclass
class Kept:
    """A table kept: the :class:`Table`, the host's page language, when it was last used, whether it is the
    command's own (``pinned``: never dropped), the invitations by token, the revoked ones (token → the friend's page
    language, the last :data:`MAX_REVOKED`), and the event its pages wait on for the next change (:meth:`changed`)."""

    table: Table
    lang: str
    used: float = field(default_factory=time.monotonic)
    pinned: bool = False
    invites: dict[str, Invite] = field(default_factory=dict)
    revoked: dict[str, str] = field(default_factory=dict)
    _change: asyncio.Event | None = field(default=None, repr=False)

    def changed(self) -> asyncio.Event:
        """The event set at the table's next change (made in the running event loop on first use)."""
        if self._change is None:
            self._change = asyncio.Event()
        return self._change

    def notify(self) -> None:
        """Wake the pages waiting for a change (:meth:`changed`), then arm a new event for the next one."""
        if self._change is not None:
            self._change.set()
            self._change = None

    def token_of(self, seat: int) -> str | None:
        """The invitation token of ``seat``, if it has one."""
        return next((token for token, invite in self.invites.items() if invite.seat == seat), None)


@dataclass
class Place:
    """A page's place at a table: the :class:`Kept` table, the ``seat``, and the invitation (None: the host's)."""

    kept: Kept
    seat: int
    invite: Invite | None = None

    @property
    def lang(self) -> str:
        """The page's language (the host's is the table's)."""
        return self.kept.lang if self.invite is None else self.invite.lang

    @lang.setter
    def lang(self, value: str) -> None:
        if self.invite is None:
            self.kept.lang = value
        else:
            self.invite.lang = value

    @property
    def view(self) -> Table | AtSeat:
        """The table as this place sees and plays it."""
        return self.kept.table if self.invite is None else self.kept.table.at(self.seat)

    @property
    def host(self) -> bool:
        """Whether this is the host's page (who invites and revokes)."""
        return self.invite is None


class Revoked(HTTPException):
    """A page of a revoked invitation (410): the host took the seat back; the detail says so in the friend's
    language (:data:`~.words.ERRORS` ``revoked``)."""

    def __init__(self, lang: str) -> None:
        super().__init__(410, ERRORS["revoked"][lang])
        self.lang = lang


class TooManyTables(Exception):
    """Every table kept is in use (:attr:`Options.max_tables`): no new one now (one line)."""


class Tables:
    """The open tables by id, dropped when idle (:attr:`Options.idle_seconds`) or when too many, and the
    invitations to their seats."""

    def __init__(self, options: Options, clock: Any = time.monotonic) -> None:
        self.options, self.clock = options, clock
        self.kept: dict[str, Kept] = {}
        self.invited: dict[str, str] = {}  # invitation token → table id

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
            self._drop(min(idle, key=lambda k: self.kept[k].used))
        table = Table(o.variant, seat=o.seat if seat is None else seat, bot_kind=o.bots,
                      seed=o.seed if seed is None else seed)
        tid = secrets.token_urlsafe(16)
        self.kept[tid] = Kept(table, lang or o.lang, now, pinned)
        return tid

    def get(self, tid: str) -> Kept:
        """The table ``tid``, marked as used.

        Raises:
            HTTPException: 404, unknown or expired.
        """
        return self.place(tid).kept

    def place(self, key: str) -> Place:
        """The place a page's ``key`` names (a table id: the host's; an invitation token: that seat's, which the
        friend takes on first use), the table marked as used.

        Raises:
            Revoked: 410, an invitation the host revoked (told in the friend's language).
            HTTPException: 404, unknown or expired.
        """
        self._expire()
        tid = self.invited.get(key, key)
        kept = self.kept.get(tid)
        if kept is not None and key in kept.revoked:
            raise Revoked(kept.revoked[key])
        invite = kept.invites.get(key) if kept is not None and key != tid else None
        if kept is None or key != tid and invite is None:
            raise HTTPException(404, "unknown or expired table")
        kept.used = self.clock()
        if invite is None:
            return Place(kept, kept.table.seat)
        if not invite.joined:
            invite.joined = True
            kept.table.seat_person(invite.seat)
            kept.notify()
        return Place(kept, invite.seat, invite)

    def invite(self, tid: str, seat: int) -> str:
        """A new invitation to ``seat`` of table ``tid`` (replacing the seat's former one); returns its token.

        Raises:
            ValueError: the host's own seat, or no such seat (one line).
        """
        kept = self.get(tid)
        table = kept.table
        table.at(seat)  # checks the seat
        if seat == table.seat:
            raise ValueError("seat: that is your own seat")
        self.revoke(tid, seat)
        token = secrets.token_urlsafe(16)
        kept.invites[token] = Invite(seat, kept.lang)
        self.invited[token] = tid
        return token

    def revoke(self, tid: str, seat: int) -> None:
        """Revoke the invitation to ``seat``: its link answers 410 from now on, saying so in the friend's language
        (:class:`Revoked`), and its pages are told at once (:meth:`revoked_lang`); a bot plays the seat again."""
        kept = self.get(tid)
        token = kept.token_of(seat)
        if token is None:
            return
        kept.revoked[token] = kept.invites.pop(token).lang
        while len(kept.revoked) > MAX_REVOKED:
            oldest = next(iter(kept.revoked))
            del kept.revoked[oldest]
            self.invited.pop(oldest, None)
        kept.table.seat_bot(seat)
        kept.notify()

    def revoked_lang(self, key: str) -> str | None:
        """The friend's page language when ``key`` is an invitation the host revoked; else None."""
        kept = self.kept.get(self.invited.get(key, key))
        return kept.revoked.get(key) if kept is not None else None

    def _drop(self, tid: str) -> None:
        kept = self.kept.pop(tid)
        for token in [*kept.invites, *kept.revoked]:
            self.invited.pop(token, None)
        kept.notify()

    def _expire(self) -> None:
        now = self.clock()
        for tid in [t for t, k in self.kept.items() if now - k.used > self.options.idle_seconds and not k.pinned]:
            self._drop(tid)
