"""Operation names per game, protocol 2 with wildcards, and fixture variants (variant files of the suite)."""

from __future__ import annotations

import copy
import io
import json
import sys
import textwrap

import pytest

from datong_rules.conformance import names
from datong_rules.conformance.adapters.base import Implementation
from datong_rules.conformance.adapters.jsonlines import JsonLinesImplementation
from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.runner import run, select
from datong_rules.conformance.scenarios_io import (ScenarioError, find_variant_files, load_fixture_variants,
                                                   load_scenarios)
from datong_rules.conformance.serve import Server, serve_lines

from conformance_support import fake_argv

FIXTURE = "huolong/li-zhijiang-led-shape"
REPO = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_wildcards_and_bare_names():
    assert names.matches("huolong/*", "huolong/classify") and names.matches("*/classify", "biedan/classify")
    assert not names.matches("huolong/*", "biedan/classify") and not names.matches("huolong/cl*", "huolong/classify")
    assert names.declared("classify") == "huolong/classify"  # protocol 1: bare names are Huolong's
    assert names.selects("classify", "biedan", "classify") and not names.selects("huolong/classify", "biedan", "classify")


def test_op_may_be_written_in_full_but_only_for_its_game(tmp_path):
    text = textwrap.dedent("""\
        scenarios:
          - id: huolong.x.full-name-001
            variant: huolong/li-zhijiang
            op: {op}
            rules: [bottom.multiplier]
            reasoning: r
            description: {{zh: 甲, en: a}}
            given: {{bottom: [D5, D10, C3, C4, C6, C7], dug: false}}
            expect: {{points: 15}}
        """)
    (tmp_path / "s.yaml").write_text(text.format(op="huolong/bottom_points"), encoding="utf-8")
    (scenario,) = load_scenarios(tmp_path)
    assert (scenario.op, scenario.full_op) == ("bottom_points", "huolong/bottom_points")
    (tmp_path / "s.yaml").write_text(text.format(op="biedan/bottom_points"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="operation 'biedan/bottom_points' is not of the game of variant"):
        load_scenarios(tmp_path)


def test_the_bundled_fixture_variant_is_loaded_and_not_read_as_scenarios():
    suite = load_scenarios()
    fixture = [s for s in suite if s.variant == FIXTURE]
    assert len(fixture) == 3 and all(s.fixture is not None for s in fixture)
    assert fixture[0].fixture.rule("follow.shape") == "match_when_held"
    assert all(s.fixture is None for s in suite if s.variant in ("huolong/li-zhijiang", "huolong/datong-guide"))
    assert not any("variants" in s.file.split("/") for s in suite)


def test_the_reference_engine_passes_the_fixture_scenarios_in_process_and_over_serve():
    scenarios = select(load_scenarios(), variants=[FIXTURE])
    assert run(ReferenceImplementation(), scenarios).counts()["passed"] == 3
    import sys
    with JsonLinesImplementation([sys.executable, "-m", "datong_rules.cli.main", "serve"]) as impl:
        outcome = run(impl, scenarios)
        assert impl.protocol == 3  # the highest version both speak
    assert outcome.counts()["passed"] == 3


def test_variant_files_beside_a_scenarios_folder(tmp_path):
    (tmp_path / "variants").mkdir()
    from datong_rules.conformance.scenarios_io import scenarios_root

    source = scenarios_root() / "huolong" / "variants" / f"{FIXTURE.split('/')[1]}.yaml"  # copied under new ids
    (tmp_path / "variants" / "mine.yaml").write_text(
        source.read_text(encoding="utf-8").replace(f"id: {FIXTURE}", "id: huolong/mine"), encoding="utf-8")
    (tmp_path / "house.yaml").write_text(  # a variant file among the scenario files: not read as scenarios
        source.read_text(encoding="utf-8").replace(f"id: {FIXTURE}", "id: huolong/house"), encoding="utf-8")
    (tmp_path / "s.yaml").write_text(textwrap.dedent("""\
        defaults: {op: legal_play, rules: [follow.shape], source: {id: li-zhijiang, section: 一.六.7}}
        scenarios:
          - id: huolong.mine.pair-001
            variant: huolong/mine
            description: {zh: 甲, en: a}
            given: {level: "7", trump_suit: S, hand: [D4, D4, D6, C3], trick: [[D9, D9]], play: [D4, D6]}
            expect: {legal: false, reason: must_follow_shape}
          - id: huolong.house.pair-001
            variant: huolong/house
            description: {zh: 甲, en: a}
            given: {level: "7", trump_suit: S, hand: [D4, D4, D6, C3], trick: [[D9, D9]], play: [D4, D6]}
            expect: {legal: false, reason: must_follow_shape}
        """), encoding="utf-8")
    scenarios = load_scenarios(tmp_path)
    assert [s.variant for s in scenarios] == ["huolong/mine", "huolong/house"]
    assert run(ReferenceImplementation(), scenarios).counts()["passed"] == 2


def test_a_fixture_variant_may_not_take_a_bundled_id(tmp_path):
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "v.yaml").write_text(textwrap.dedent("""\
        id: huolong/li-zhijiang
        extends: huolong/datong-guide
        game: huolong
        family: trick_taking
        name: {zh: 甲, en: a}
        summary: {zh: 甲, en: a}
        rules: {}
        """), encoding="utf-8")
    (tmp_path / "s.yaml").write_text("scenarios: []\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as exc_info:
        load_scenarios(tmp_path)
    assert any("is the id of a bundled variant" in e or "id" in e for e in exc_info.value.errors)


class HuolongOnly(Implementation):
    name = "huolong-only"

    def supported_variants(self):
        return ["huolong/*"]

    def supported_operations(self):
        return ["huolong/*"]

    def answer(self, variant, op, given):
        return {}


def test_a_huolong_only_engine_skips_other_games_saying_so():
    from datong_rules.conformance.scenarios_io import Scenario
    other = Scenario(id="biedan.x-001", variant="biedan/folk", rules=("a",), op="classify", given={}, expect={"k": 1})
    (result,) = run(HuolongOnly(), [other]).results
    assert result.status == "skipped" and result.message == (
        "variant 'biedan/folk' not supported by huolong-only (it declares no biedan variant: a game it does not play)")
    assert not result.asked
    from datong_rules.conformance.reports.console import render_console
    assert "skipped: 1 scenario(s) of biedan, a game huolong-only does not declare" in render_console(
        run(HuolongOnly(), [other]))


def test_protocol_1_engines_are_asked_about_huolong_only():
    from datong_rules.conformance.scenarios_io import Scenario
    other = Scenario(id="demo.x-001", variant="demo/plain", rules=("a",), op="echo", given={"value": 1},
                     expect={"value": 1})
    with JsonLinesImplementation(fake_argv("--protocol", "1", "--ops", "*")) as impl:
        outcome = run(impl, [other])
    (result,) = outcome.results
    assert result.status == "skipped" and result.message == (
        "fake-jsonl speaks protocol 1 (its 'ready' has no \"protocol\": 2), which covers Huolong only; an engine "
        "declares other games with protocol 2")
    from datong_rules.conformance.reports.console import render_console
    assert ("skipped: 1 scenario(s) of demo: fake-jsonl speaks protocol 1 (its 'ready' has no \"protocol\": 2), which "
            "covers Huolong only; answer 'ready' with \"protocol\": 2 to be asked about other games"
            ) in render_console(outcome)


def test_serve_speaks_protocol_2_when_offered_and_takes_variant_rules():
    suite = load_scenarios()
    fixture = next(s for s in suite if s.variant == FIXTURE and s.expect.get("reason") == "must_follow_shape")
    lines = [{"type": "start", "protocol": 1, "protocols": [1, 2]},
             {"type": "query", "id": "a", "variant": FIXTURE, "op": "huolong/legal_play", "given": fixture.given,
              "variant_rules": fixture.fixture.data},
             {"type": "query", "id": "b", "variant": "huolong/li-zhijiang", "op": "huolong/legal_play",
              "given": fixture.given},
             {"type": "query", "id": "c", "variant": "huolong/li-zhijiang", "op": "huolong/facts",
              "given": {"facts": True}}]
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), io.BytesIO("\n".join(map(json.dumps, lines)).encode() + b"\n"),
                out, io.StringIO())
    ready, a, b, c = [json.loads(line) for line in out.getvalue().splitlines()]
    assert ready["protocol"] == 2 and "huolong/legal_play" in ready["operations"]
    assert a["answer"] == {"legal": False, "reason": "must_follow_shape"}
    assert b["answer"] == {"legal": True}  # the bundled variant keeps the suit reading
    assert c["type"] == "errored" and c["message"].startswith("given does not match the operation's schema: ")


def test_serve_does_not_hold_a_line_over_the_cap():
    from datong_rules.conformance.adapters.jsonlines import MAX_LINE_BYTES
    big = b'{"type":"query","id":"x","given":"' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n'
    stdin = io.BytesIO(b'{"type":"start","protocol":1}\n' + big + b'{"type":"stop"}\n')
    out = io.BytesIO()
    serve_lines(Server(ReferenceImplementation()), stdin, out, io.StringIO())
    ready, errored = [json.loads(line) for line in out.getvalue().splitlines()]
    assert errored == {"type": "errored", "id": None,
                       "message": f"line 2: over the cap of {MAX_LINE_BYTES} bytes; not read"}


def test_op_filter_takes_bare_full_and_wildcard_names():
    from click.testing import CliRunner
    from datong_rules.cli.main import cli

    def quiet(*args):
        return CliRunner().invoke(cli, ["conform", "-q", "--variant", "huolong/li-zhijiang", *args])

    bare, full, every = quiet("--op", "classify"), quiet("--op", "huolong/classify"), quiet("--op", "huolong/*")
    assert bare.exit_code == full.exit_code == every.exit_code == 0
    assert bare.output.split(" in ")[0] == full.output.split(" in ")[0]
    nope = quiet("--op", "biedan/nope")
    assert nope.exit_code == 2 and "--op biedan/nope: no scenario of this operation" in nope.output


def test_serve_variant_file_serves_a_variant_file_under_its_id():
    from datong_rules.conformance.serve import serve

    suite = load_scenarios()
    fixture = next(s for s in suite if s.variant == FIXTURE and s.expect.get("reason") == "must_follow_shape")
    lines = [{"type": "start", "protocol": 1},
             {"type": "query", "id": "a", "variant": FIXTURE, "op": "legal_play", "given": fixture.given}]
    out, err = io.BytesIO(), io.StringIO()
    status = serve(None, stdin=io.BytesIO("\n".join(map(json.dumps, lines)).encode()), stdout=out, stderr=err,
                   variant_files=(str(REPO / "conformance/scenarios/huolong/variants/li-zhijiang-led-shape.yaml"),))
    ready, answer = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0 and FIXTURE in ready["variants"]
    assert answer == {"type": "result", "id": "a", "answer": {"legal": False, "reason": "must_follow_shape"}}
    bad = serve(None, stdin=io.BytesIO(b""), stdout=io.BytesIO(), stderr=(err := io.StringIO()),
                variant_files=("no/such/file.yaml",))
    assert bad == 2 and err.getvalue() == ("error: --variant-file no/such/file.yaml: no/such/file.yaml:1:1: cannot read "
                                           "the file: No such file or directory\n")  # a bad input file: exit 2


def test_a_copy_of_the_bundled_suite_loads_with_its_fixture_variants(tmp_path):
    import shutil

    from datong_rules.conformance.scenarios_io import scenarios_root

    shutil.copytree(scenarios_root(), tmp_path / "suite")
    copied = load_scenarios(tmp_path / "suite")
    assert len(copied) == len(load_scenarios())
    changed = tmp_path / "suite" / "huolong" / "variants" / "li-zhijiang-led-shape.yaml"
    changed.write_text(changed.read_text(encoding="utf-8") + "# edited: no longer the bundled definition\n",
                       encoding="utf-8")
    with pytest.raises(ScenarioError, match="is also defined in"):
        load_scenarios(tmp_path / "suite")


_RECORDER = r"""
import json, sys
keeps = sys.argv[1] == "keeps"
start = json.loads(sys.stdin.readline())
ready = {"type": "ready", "protocol": 2, "name": "recorder", "version": "0", "variants": ["*"], "operations": ["*"]}
if keeps:
    ready["keeps_variant_rules"] = True
print(json.dumps(ready), flush=True)
for line in sys.stdin:
    query = json.loads(line)
    if query["type"] == "stop":
        break
    if query["given"].get("crash"):
        sys.exit(3)
    print(json.dumps({"type": "result", "id": query["id"], "answer": {"rules": "variant_rules" in query}}), flush=True)
"""


def test_variant_rules_go_once_to_an_engine_that_keeps_them_and_with_every_query_to_one_that_does_not(tmp_path):
    from datong_rules.conformance.adapters.base import ImplementationError

    script = tmp_path / "recorder.py"
    script.write_text(_RECORDER, encoding="utf-8")
    fixture = load_fixture_variants(find_variant_files())[FIXTURE]
    seen = {}
    for mode in ("keeps", "forgets"):
        impl = JsonLinesImplementation([sys.executable, str(script), mode], max_restarts=3)
        impl.start()
        impl.use_variants({FIXTURE: fixture.data})
        try:
            ask = [impl.query(f"q{i}", FIXTURE, "huolong/classify", {})["rules"] for i in range(3)]
            bundled = impl.query("b", "huolong/li-zhijiang", "huolong/classify", {})["rules"]
            with pytest.raises(ImplementationError):
                impl.query("crash", FIXTURE, "huolong/classify", {"crash": True})
            after_restart = [impl.query(f"r{i}", FIXTURE, "huolong/classify", {})["rules"] for i in range(2)]
            impl.use_variants({FIXTURE: copy.deepcopy(fixture.data)})  # new rules for the id: sent again
            renewed = impl.query("n", FIXTURE, "huolong/classify", {})["rules"]
        finally:
            impl.close()
        seen[mode] = (ask, bundled, after_restart, renewed)
    assert seen["keeps"] == ([True, False, False], False, [True, False], True)
    assert seen["forgets"] == ([True, True, True], False, [True, True], True)


def test_serve_says_it_keeps_variant_rules_under_protocol_2_only():
    for start, keeps in (({"type": "start", "protocol": 1, "protocols": [1, 2]}, True),
                         ({"type": "start", "protocol": 1}, None)):
        out = io.BytesIO()
        serve_lines(Server(ReferenceImplementation()), io.BytesIO(json.dumps(start).encode() + b"\n"), out,
                    io.StringIO())
        (ready,) = [json.loads(line) for line in out.getvalue().splitlines()]
        assert ready.get("keeps_variant_rules") is keeps
