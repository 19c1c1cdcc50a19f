"""No function of the kit is above cyclomatic complexity :data:`MAX_COMPLEXITY` (radon's measure, McCabe's: one
plus each branch, loop, boolean operator, ``except`` and comprehension ``if``), and the measure itself works.

The whole package is measured (the engine, the checker, the CLI and the rulebooks, and the 0.1 import paths);
there is no list of exceptions: a function above the limit is split into named steps. Only the engines written from
the docs alone by someone outside the project (``conformance/examples/outsider_*``) are left out: they are kept as
their writers wrote them, as a check on the docs, not as the kit's code (``tests/kit_code.py``).
"""

from __future__ import annotations

from pathlib import Path


import radon.complexity as radon_complexity  # the test extra: pip install -e '.[test]'
import radon.visitors as radon_visitors

from kit_code import outsider_engine

REPO = Path(__file__).resolve().parents[1]
FOLDERS = ("reference_impl", "conformance", "datong_rules", "compat")
MAX_COMPLEXITY = 25
"""Highest cyclomatic complexity allowed for one function or method (radon rank D is 21–30)."""


def _functions(code: str):
    """``(name, line, complexity)`` of every function and method of a module's source (closures count in the
    function that holds them, as radon reports them)."""
    for block in radon_complexity.cc_visit(code):  # functions, classes, and the classes' methods
        if isinstance(block, radon_visitors.Function):
            yield block.fullname, block.lineno, block.complexity


def test_the_measure_counts_branches():
    simple = "def f(x):\n    return x\n"
    branching = "def g(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(30)) + "    return -1\n"
    method = "class C:\n    def h(self, x):\n        return 1 if x else 2\n"
    assert list(_functions(simple)) == [("f", 1, 1)]
    assert list(_functions(branching)) == [("g", 1, 31)]
    assert list(_functions(method)) == [("C.h", 2, 2)]


def test_no_function_above_the_complexity_limit():
    found = []
    for folder in FOLDERS:
        for path in sorted((REPO / folder).rglob("*.py")):
            if outsider_engine(path):
                continue
            for name, line, complexity in _functions(path.read_text(encoding="utf-8")):
                if complexity > MAX_COMPLEXITY:
                    found.append(f"{path.relative_to(REPO)}:{line}: {name} has complexity {complexity}")
    assert found == [], f"above {MAX_COMPLEXITY}:\n" + "\n".join(found)


def test_only_the_outsider_engines_are_left_out():
    examples = REPO / "conformance" / "examples"
    assert outsider_engine(examples / "outsider_dadun" / "engine.py")
    assert outsider_engine(examples / "outsider_biedan" / "engine.py")
    assert not outsider_engine(examples / "rlcard_doudizhu" / "impl.py")
    assert not outsider_engine(examples / "doudizhu_protocol.py")
    assert not outsider_engine(REPO / "reference_impl" / "dadun" / "count.py")
