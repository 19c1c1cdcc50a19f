"""pytest plugin (entry point ``pytest11``): run the conformance suite inside an implementer's test run.

Placeholder until the runner lands; it only registers its options so that an installed kit never
breaks an unrelated pytest run.
"""


def pytest_addoption(parser):  # pragma: no cover - filled in with the runner
    group = parser.getgroup("datong", "Datong rules conformance")
    group.addoption("--datong-impl-cmd", default=None, help="command of an implementation speaking the JSON-lines protocol")
    group.addoption("--datong-impl", default=None, help="MODULE:FACTORY of an in-process Python implementation")
