"""The libyaml fast path of the strict loader (datong_rules.reference_impl.variant.yaml_fast) agrees with the pure-Python one.

The fast path must read the bundled files itself (else it would be slow for nothing) and, on any text, give the
same data, positions and errors as the pure-Python strict loader: the tests compare the two parsers on the
bundled files, on tricky snippets and on a few hundred random edits of bundled files.
"""

from __future__ import annotations

import random
import time

import pytest

from datong_rules.conformance.scenarios_io import scenarios_root
from datong_rules.reference_impl.paths import spec_root
from datong_rules.reference_impl.variant import SpecError, yaml_fast, yaml_loader
from datong_rules.reference_impl.variant.yaml_loader import MAX_DEPTH, load_yaml_text

pytestmark = pytest.mark.skipif(not yaml_fast.AVAILABLE, reason="PyYAML was built without libyaml")

BUNDLED = sorted(spec_root().rglob("*.yaml")) + sorted(scenarios_root().rglob("*.yaml"))


def outcome(text: str, parser: str, monkeypatch) -> tuple:
    """What loading ``text`` with ``parser`` gives: ("ok", data, positions) or ("error", line, kind, message)."""
    monkeypatch.setattr(yaml_loader, "PARSER", parser)
    try:
        loaded = load_yaml_text(text, "t.yaml")
    except SpecError as error:
        return ("error", str(error), error.kind)
    return ("ok", loaded.data, loaded.positions)


def test_bundled_files_take_the_fast_path_and_read_the_same(monkeypatch):
    assert len(BUNDLED) > 20
    for path in BUNDLED:
        text = path.read_text(encoding="utf-8")
        assert yaml_fast.fast_load(text, MAX_DEPTH) is not None, path
        assert outcome(text, "libyaml", monkeypatch) == outcome(text, "python", monkeypatch), path


TRICKY = [
    "a: [x?y, b]\n",  # PyYAML ends a plain scalar at '?' inside [ ]; libyaml does not
    "a: {x: y?}\n",
    "a: [x:y, 'q?']\n",
    "a:\t1\n",  # libyaml takes a tab as a separator here, PyYAML refuses it
    "a: [1,\n\t2]\n",
    "a: ! 5\nb: !!str 5\n",
    "a: 1:30\nb: 0x1F\nc: 0o17\nd: 1_000\ne: .inf\nf: -.Inf\ng: .nan\nh: 1e5\ni: 1.0e+5\nj: yes\nk: Off\nl: ~\n",
    "a: 2024-01-01\nb: 2024-01-01 10:00:00\n",
    "a: '🂡'\nb: {c: 🂡🂡, d: x}\n",
    "a: 1\u2028b: 2\x85c: 3\rd: 4\r\ne: 5\n",
    "a: |\n  lit\n   more\nb: >-\n  fold\n\n  x\nc: |+\n  k\n\n",
    "a: \"\\u00e9\\x41\\n\"\nb: 'it''s'\n",
    "a: x\n  continued\nb: [a, [b, {c: d}]]\n",
    "? a\n: 1\n? [b]\n: 2\n",
    "a: 1\n'a': 2\n",
    "a: 1\n\"b\": {b: 1, 'b': 2}\n",
    "<<: {a: 1}\n",
    "'<<': 1\n",
    "5: 1\n",
    "'5': 1\nx y: 2\n",
    "a: " + "k" * 1100 + "\n",
    "k" * 1030 + ": 1\n",
    "%YAML 1.1\n---\na: 1\n...\n",
    "--- \na: 1\n---\nb: 2\n",
    "a: 1\n...\n",
    "a: &x 1\n",
    "a: *x\n",
    "a: !!binary aGk=\n",
    "a: !!int x\n",
    "a: !!seq x\n",
    "a: [1\n",
    "- a\n",
    "just text\n",
    "",
    "# only\n",
    "a: b: c\n",
    "a: 1\nb: x\x07y\n",
]


@pytest.mark.parametrize("text", TRICKY, ids=range(len(TRICKY)))
def test_tricky_text_reads_the_same_with_either_parser(text, monkeypatch):
    assert outcome(text, "libyaml", monkeypatch) == outcome(text, "python", monkeypatch)


def test_random_edits_of_bundled_files_read_the_same_with_either_parser(monkeypatch):
    rng = random.Random(20240601)
    texts = [p.read_text(encoding="utf-8") for p in BUNDLED]
    pieces = list(":-[]{},#&*!|>'\"?\n \t%@<~.5aé大\r") + [": ", "- ", "\n  ", "<<: ", "!!str ", "---\n", "yes"]
    both_read = 0
    for _ in range(300):
        lines = rng.choice(texts).split("\n")
        start = rng.randrange(len(lines))
        text = "\n".join(lines[max(0, start - 10): start + 20])  # a window: the pure-Python parser is slow
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.5:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 3):]
        fast = outcome(text, "libyaml", monkeypatch)
        assert fast == outcome(text, "python", monkeypatch), repr(text)
        both_read += fast[0] == "ok"
    assert both_read > 30  # the comparison covered accepted texts, not only refusals


@pytest.mark.parametrize("parser", ["libyaml", "python"])
@pytest.mark.parametrize("text", ["a: " + "[" * 100_000 + "]" * 100_000 + "\n",
                                  "a: " + "{a: " * 100_000 + "1" + "}" * 100_000 + "\n",
                                  "".join(" " * i + "a:\n" for i in range(2000))],
                         ids=["flow-lists", "flow-mappings", "block-mappings"])
def test_very_deep_nesting_is_refused_quickly_by_either_parser(text, parser, monkeypatch):
    """Refused before the depth costs anything: the CPU time of this process (not the wall clock, which a loaded
    machine stretches: 5.4 s wall was measured beside seven other jobs) stays under 2 s."""
    start = time.process_time()
    error = outcome(text, parser, monkeypatch)
    assert error[0] == "error" and error[2] == "too_deep"
    assert time.process_time() - start < 2.0


def test_without_libyaml_the_fast_path_gives_up(monkeypatch):
    monkeypatch.setattr(yaml_fast, "_EventLoader", None)
    assert yaml_fast.fast_load("a: 1\n", MAX_DEPTH) is None
    assert load_yaml_text("a: 1\n", "t.yaml").data == {"a": 1}
