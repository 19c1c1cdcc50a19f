"""In-process fake implementations for the runner's tests (``--impl fake_inprocess:EchoImpl``)."""

from datong_rules.conformance.adapters.base import Implementation, Unsupported


class EchoImpl(Implementation):
    """Answers ``echo`` and ``add`` correctly for every variant."""

    name, version = "fake-inprocess", "1.0"

    def supported_operations(self):
        return ["demo/echo", "demo/add"]

    def answer(self, variant, op, given):
        if op == "echo":
            return {"value": given["value"]}
        return {"sum": given["a"] + given["b"]}


class WrongAddImpl(EchoImpl):
    """Gets every ``add`` wrong by one."""

    def answer(self, variant, op, given):
        out = super().answer(variant, op, given)
        return {"sum": out["sum"] + 1} if op == "add" else out


class RaisingImpl(EchoImpl):
    """Raises on ``add``, skips the variant ``demo/other`` by raising Unsupported."""

    def answer(self, variant, op, given):
        if variant == "demo/other":
            raise Unsupported("other variant not modelled")
        if op == "add":
            raise RuntimeError("add is broken\nsecond line of the message")
        return super().answer(variant, op, given)


class EchoOnlyImpl(EchoImpl):
    """Declares only ``echo`` and only the variant ``demo/plain``."""

    def supported_variants(self):
        return ["demo/plain"]

    def supported_operations(self):
        return ["demo/echo"]


class DuckImpl:
    """Not a subclass; has only ``answer`` (and a name)."""

    name = "duck"

    def answer(self, variant, op, given):
        return {"value": given.get("value"), "sum": given.get("a", 0) + given.get("b", 0)}


class InterruptingImpl(EchoImpl):
    """Raises KeyboardInterrupt on the third query (simulates Ctrl-C)."""

    def __init__(self):
        self.calls = 0

    def answer(self, variant, op, given):
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return super().answer(variant, op, given)


def make_broken():
    """A factory that fails."""
    raise OSError("tables missing")


class ExitingImpl(EchoImpl):
    """Calls ``sys.exit(5)`` on ``add`` (an engine that exits instead of raising)."""

    def answer(self, variant, op, given):
        if op == "add":
            raise SystemExit(5)
        return super().answer(variant, op, given)


class DuckWithStart:
    """Not a subclass; counts the calls of ``start`` and refuses to answer before it."""

    name = "duck-start"

    def __init__(self):
        self.starts = 0

    def start(self):
        self.starts += 1

    def answer(self, variant, op, given):
        if not self.starts:
            raise RuntimeError("answer() before start()")
        return {"value": given.get("value"), "sum": given.get("a", 0) + given.get("b", 0)}


class DuckStartFails(DuckWithStart):
    """``start`` raises."""

    def start(self):
        raise OSError("no database")


class DuckDeclaresNone(DuckWithStart):
    """``supported_variants`` returns None."""

    def supported_variants(self):
        return None


def make_exiting():
    """A factory that calls sys.exit(0)."""
    raise SystemExit(0)
