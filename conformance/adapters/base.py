"""The Python protocol of an implementation under test.

An implementation answers *operations* (opaque names such as ``"card_order"``) for *variants*
(ids such as ``"huolong/li-zhijiang"``): ``answer(variant, op, given) -> dict``. To be checked
in-process, subclass :class:`Implementation` and give the runner a factory
(``datong-rules conform --impl mypkg.engine:make_impl``)::

    class MyEngine(Implementation):
        name, version = "my-engine", "1.2"

        def supported_operations(self):
            return ["card_order", "trick_winner"]

        def answer(self, variant, op, given):
            if op == "trick_winner" and "bottom" in given:
                raise Unsupported("bottom not modelled")
            return {...}

Outcomes the runner derives from a call: a returned mapping is compared with the scenario's
``expect``; :class:`Unsupported` → *skipped*; :class:`BadInput` → the question refused as bad input (what a
scenario with ``expect_bad_input`` expects; any other scenario fails); :class:`ImplementationError` or any other
exception, ``SystemExit`` included (an implementation calling ``sys.exit``), → *errored* (one-line message,
never a traceback). Only ``KeyboardInterrupt`` (Ctrl-C) stops a run. An implementation that raises
:class:`BadInput` for every question its operations guide calls bad input says so with
``refuses_bad_input = True`` (see :mod:`datong_rules.conformance.runner` for how a refusal is judged).

:func:`start_checked` starts an implementation and checks what it declares, once, before a run.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from datong_rules.conformance.names import WILDCARD, covered, declared, full_op, game_of


class Unsupported(Exception):
    """Raised by an implementation that does not handle a query: the scenario is *skipped*.

    Attributes:
        reason: a short human explanation.
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


REPORTED_ERROR = "implementation reported an error"
"""How the JSON-lines adapter words an ``errored`` reply (``implementation reported an error: MESSAGE``): the
engine's own refusal, as opposed to a crash, a timeout or a broken protocol."""


class BadInput(ValueError):
    """Raised by an implementation that refuses a question as bad input (what its operations guide calls bad input,
    "an error": a ``level_owner`` not at ``level``, captured points below 0): a scenario expecting the refusal
    (``expect_bad_input``) passes, any other fails. A ``ValueError``, so code that catches the engine's one-line
    ``ValueError`` for bad input keeps catching it. The JSON-lines protocol's form is an ``errored`` reply with
    ``"bad_input": true`` (protocol 3).

    ``str()`` is the one-line reason.
    """


class ImplementationError(Exception):
    """The implementation misbehaved on a query (crash, hang, garbage…): the scenario is *errored*.

    ``str()`` is a one-line message; ``stderr`` holds the implementation's recent stderr lines,
    if any were captured; ``asked`` is False when the query was never sent (the implementation was given up on,
    or the query was over the size cap); ``reported`` is True when the implementation itself replied ``errored``
    (a refusal it chose, which an engine not saying ``refuses_bad_input`` may mean as bad input), False for a
    crash, a hang or garbage.
    """

    def __init__(self, message: str, stderr: list[str] | None = None, *, asked: bool = True,
                 reported: bool = False) -> None:
        self.stderr = list(stderr or [])
        self.asked = asked
        self.reported = reported
        super().__init__(message)


class ImplementationStartError(Exception):
    """The implementation could not be started or refused the handshake; nothing can be run.

    Attributes:
        launch_failed: True when the command itself could not be run (not found, not executable),
            False when it ran but failed the handshake.
    """

    def __init__(self, message: str, launch_failed: bool = False) -> None:
        self.launch_failed = launch_failed
        super().__init__(message)


class Implementation:
    """An implementation under test (subclass it; override at least :meth:`answer`).

    Attributes:
        name, version: shown in reports.
    """

    name: str = "unnamed"
    version: str = "unknown"
    refuses_bad_input: bool = False
    """True when the implementation raises :class:`BadInput` for every question its operations guide calls bad
    input (and for no other): a scenario expecting a refusal is then errored when it raises anything else."""

    def supported_variants(self) -> list[str]:
        """Variant ids handled, or ``["*"]`` for all (the default)."""
        return [WILDCARD]

    def supported_operations(self) -> list[str]:
        """Operations handled: full names (``huolong/classify``), patterns (``huolong/*``, ``*/classify``), bare
        names (``classify``: the Huolong operation, as the 0.1 adapters wrote them), or ``["*"]`` for all (the
        default). See :mod:`datong_rules.conformance.names`."""
        return [WILDCARD]

    @property
    def fixture_variants(self) -> dict[str, dict[str, Any]]:
        """The fixture variants announced so far (:meth:`use_variants`): id → resolved variant mapping."""
        return self.__dict__.setdefault("_fixture_variants", {})

    def lineage(self, variant: str) -> list[str]:
        """``variant``, then, for a fixture variant (:attr:`fixture_variants`), the variants it extends, nearest
        first: an implementation that supports a bundled variant is asked about the fixture variants extending it
        (it receives their rules)."""
        chain = [variant]
        while chain[-1] in self.fixture_variants and len(chain) < 20:
            parent = self.fixture_variants[chain[-1]].get("extends")
            if not isinstance(parent, str) or parent in chain:
                break
            chain.append(parent)
        return chain

    def use_variants(self, variants: dict[str, dict[str, Any]]) -> None:
        """Receive the resolved rules of variants the implementation may not know: fixture variants of the suite
        (variant files beside the scenarios, extending bundled ones), before the first query about them.

        Args:
            variants: variant id → the resolved variant mapping (``id``, ``extends``, ``game``, ``rules`` with
                every rule item, inherited ones included: what ``datong-rules show ID --format json`` prints
                for a bundled variant).

        The default keeps them in :attr:`fixture_variants`; an engine that reads its rules from data can play
        them from there. Override to do more (the reference engine builds its rules from them).
        """
        self.fixture_variants.update(variants)

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """Answer one question.

        Args:
            variant: variant id (its game is the part before ``/``; a fixture variant's rules are in
                :attr:`fixture_variants`).
            op: the operation's bare name (``classify``; the game is the variant's).
            given: the scenario's ``given`` mapping (JSON-compatible; do not mutate).

        Returns:
            The answer mapping (JSON-compatible); only the keys the scenario expects are checked.

        Raises:
            Unsupported: this question is not handled (the scenario is skipped).
            BadInput: the question is bad input (see :attr:`refuses_bad_input`).
        """
        raise NotImplementedError(f"{type(self).__name__}.answer is not implemented")

    def query(self, scenario_id: str, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        """What the runner calls: :meth:`answer`, with the scenario id for adapters that need it."""
        return self.answer(variant, op, given)

    def skip_reason(self, variant: str, op: str) -> str | None:
        """Why a ``(variant, op)`` query is not sent at all, or ``None`` when it is supported.

        Args:
            variant: the variant id; op: the operation, bare (of the variant's game) or full.
        """
        variants, ops = self.supported_variants(), self.supported_operations()
        if not any(covered(variants, v) for v in self.lineage(variant)):
            game = game_of(variant)
            games_declared = {p.split("/", 1)[0] for p in variants}
            other_game = bool(game) and game not in games_declared and WILDCARD not in games_declared
            return f"variant '{variant}' not supported by {self.name}" + \
                (f" (it declares no {game} variant: a game it does not play)" if other_game else "")
        name = full_op(game_of(variant), op)
        if not covered([declared(p) for p in ops], name):
            return f"operation '{name}' not supported by {self.name}"
        return None

    def late_errors(self) -> dict[str, str]:
        """Queries found broken after their answer was returned, ``{scenario id: one-line message}`` (the JSON-lines
        adapter: a second reply that came later); each is given once. Default: none."""
        return {}

    def start(self) -> None:
        """Prepare for queries (default: nothing). Raises :class:`ImplementationStartError`."""

    def close(self) -> None:
        """Release resources (default: nothing). Safe to call twice."""

    def __enter__(self) -> Implementation:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


IMPLEMENTATION_FAULTS = (Exception, SystemExit)
"""What an implementation's method may raise that the runner turns into a one-line error (everything
but ``KeyboardInterrupt``, which stops the run)."""


def describe(exc: BaseException) -> str:
    """One line for an exception raised by an implementation: ``TypeName: message``, or for
    ``SystemExit`` ``the implementation called sys.exit(5)``."""
    if isinstance(exc, SystemExit):
        return f"the implementation called sys.exit({exc.code!r})"
    return f"{type(exc).__name__}: {one_line(exc)}"


def start_checked(impl: Implementation) -> None:
    """Start ``impl`` and check its declarations once, before any query.

    Raises:
        ImplementationStartError: (one line) ``start()`` raised (anything but ``KeyboardInterrupt``;
            an :class:`ImplementationStartError` passes through as it is), or
            ``supported_variants()``/``supported_operations()`` raised or did not return a list of
            strings (``["*"]`` for all).
    """
    try:
        impl.start()
    except ImplementationStartError:
        raise
    except IMPLEMENTATION_FAULTS as exc:
        raise ImplementationStartError(describe(exc)) from None
    for method in ("supported_variants", "supported_operations"):
        try:
            value = getattr(impl, method)()
        except IMPLEMENTATION_FAULTS as exc:
            raise ImplementationStartError(f"{method}() failed: {describe(exc)}") from None
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ImplementationStartError(f"{method}() must return a list of strings (or [\"*\"] for all), "
                                           f"got {one_line(repr(value), 80)}")


def load_python_impl(spec: str) -> Implementation:
    """Build an in-process implementation from ``"package.module:factory"``.

    ``factory`` is called with no arguments (a class or a function) and must return an
    :class:`Implementation` (or any object with the same methods: ``answer`` at least).

    Raises:
        ValueError: malformed spec (the module part must be a dotted module name, not a path),
            module or attribute not found, the factory failed (``sys.exit`` included) or returned
            something without an ``answer`` method; the message is one line.
    """
    module_name, sep, attr = spec.strip().partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"--impl must be MODULE:FACTORY, got '{spec}'")
    if not all(part.isidentifier() for part in module_name.split(".")):
        raise ValueError(f"--impl: '{module_name}' is not a module name (expected dotted names such as "
                         f"mypkg.engine, importable from PYTHONPATH; not a file path)")
    if not all(part.isidentifier() for part in attr.split(".")):
        raise ValueError(f"--impl: '{attr}' is not a name in the module (expected e.g. make_impl or Engine)")
    try:
        module = importlib.import_module(module_name)
    except IMPLEMENTATION_FAULTS as exc:  # any import failure is the user's module's problem
        raise ValueError(f"cannot import '{module_name}': {describe(exc)}") from None
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise ValueError(f"'{module_name}' has no attribute '{attr}'")
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"'{spec}' is not callable")
    try:
        impl = target()
    except IMPLEMENTATION_FAULTS as exc:
        raise ValueError(f"'{spec}()' failed: {describe(exc)}") from None
    if not callable(getattr(impl, "answer", None)):
        raise ValueError(f"'{spec}()' returned {type(impl).__name__}, which has no answer() method")
    if not isinstance(impl, Implementation):
        impl = _Duck(impl)
    return impl


class _Duck(Implementation):
    """Wraps an object that has ``answer`` (and maybe the other methods) but does not subclass:
    each method the object has is called (its result as it is: :func:`start_checked` checks the
    declarations), the others behave as :class:`Implementation`'s defaults."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self.version = str(getattr(inner, "version", "unknown"))

    def supported_variants(self) -> list[str]:
        method = getattr(self._inner, "supported_variants", None)
        return method() if callable(method) else [WILDCARD]

    def supported_operations(self) -> list[str]:
        method = getattr(self._inner, "supported_operations", None)
        return method() if callable(method) else [WILDCARD]

    def answer(self, variant: str, op: str, given: dict[str, Any]) -> dict[str, Any]:
        return self._inner.answer(variant, op, given)

    def use_variants(self, variants: dict[str, dict[str, Any]]) -> None:
        super().use_variants(variants)
        method = getattr(self._inner, "use_variants", None)
        if callable(method):
            method(variants)

    def start(self) -> None:
        method = getattr(self._inner, "start", None)
        if callable(method):
            method()

    def close(self) -> None:
        method = getattr(self._inner, "close", None)
        if callable(method):
            method()


def printable(text: str) -> str:
    """``text`` with the characters that are not printable (escape sequences, NUL, bidi controls, lone
    UTF-16 surrogates…) shown as ``\\xNN`` (up to U+00FF) or ``\\uNNNN`` escapes, so that an
    implementation's output cannot garble a terminal or a report, nor fail to be written as UTF-8."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


_SURROGATES = re.compile("[\ud800-\udfff]")


def without_surrogates(value: Any) -> Any:
    """JSON-like data (dict, list, str, numbers…) with every lone UTF-16 surrogate in a string or a
    string key replaced by its ``\\udXXX`` escape as text; the same object when it holds none.

    A JSON answer may carry ``"\\ud800"``, which Python reads as a lone surrogate that no UTF-8
    output (console, JSON or JUnit report) can write; answers and names are passed through this where
    they enter the runner, so that nothing after it meets one. Other values are kept as they are.
    """
    if isinstance(value, str):
        return _SURROGATES.sub(lambda m: _escape(m.group()), value) if _SURROGATES.search(value) else value
    if isinstance(value, dict):
        return {without_surrogates(k): without_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_surrogates(v) for v in value]
    return value


def identity(impl: Implementation) -> dict[str, str]:
    """``{"name": …, "version": …}`` of an implementation for runs and reports: ``str()`` of its
    attributes, made :func:`printable` (control characters, bidi controls and lone surrogates escaped)."""
    return {"name": printable(str(impl.name)), "version": printable(str(impl.version))}


def quote_line(line: str, limit: int = 200) -> str:
    """A line received from an implementation, for a message: :func:`one_line` of it, ``(empty
    line)``, or ``binary data (N characters, not text)`` when more than a quarter of it is control
    characters or bytes that are not UTF-8 (shown ``\ufffd`` after decoding)."""
    if not line.strip():
        return "(empty line)"
    odd = sum(1 for c in line if c == "\ufffd" or not (c.isprintable() or c in "\t"))
    if odd * 4 > len(line):
        return f"binary data ({len(line)} characters, not text)"
    return one_line(line, limit)


def one_line(value: object, limit: int = 200) -> str:
    """``str(value)`` (an exception, a received line…) squeezed onto one line of at most ``limit``
    characters, ``...`` marking a cut; an exception with an empty message gives its type name."""
    text = printable(" ".join(str(value).split()))
    if not text and isinstance(value, BaseException):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."
