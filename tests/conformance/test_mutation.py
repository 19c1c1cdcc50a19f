"""The mutation check: every planted fault is caught by the bundled suite, and the engine is restored.

If a test here fails after scenarios were removed or weakened, the suite no longer catches a typical
fault: ``python -m datong_rules.conformance.mutation -v`` shows which.
"""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.huolong.ops import play as ops_play
from datong_rules.conformance.mutation.__main__ import main, render
from datong_rules.reference_impl.faults import Mutant, Patcher, all_mutants
from datong_rules.reference_impl.huolong.faults import LI
from datong_rules.conformance.mutation.runner import run_mutants
from datong_rules.conformance.runner import select
from datong_rules.conformance.scenarios_io import load_scenarios, scenarios_root
from datong_rules.reference_impl.huolong import rules as rules_module
from datong_rules.reference_impl.huolong import trick
from datong_rules.reference_impl.huolong.rules import rules_for


pytestmark = pytest.mark.slow
"""The mutation check runs the suite once per mutant: slow, run by default and in CI (``-m "not slow"`` skips it)."""


@pytest.fixture(scope="module")
def suite():
    return load_scenarios(None)


@pytest.fixture
def report(mutation_report):
    """The mutation check of the bundled suite (run once per session, tests/conftest.py)."""
    return mutation_report


def test_the_catalogue_has_at_least_22_distinct_faults_each_naming_its_rules():
    mutants = all_mutants()
    ids = [m.id for m in mutants]
    assert len(ids) >= 22 and len(set(ids)) == len(ids)
    assert all(m.rules and m.description for m in mutants)


def test_the_bundled_suite_passes_unmutated(report):
    assert report.scenarios > 0


def test_every_mutant_is_killed(report):
    assert [o.mutant.id for o in report.outcomes if o.plant_error] == []
    assert [o.mutant.id for o in report.survivors] == [], render(report)


def test_every_mutant_fails_a_scenario_citing_a_rule_it_breaks(report):
    # killed by a wrong answer (not only by a crash) on a scenario naming the right rule
    weak = [o.mutant.id for o in report.outcomes
            if not any(r.status == "failed" for r in o.on_its_rules)]
    assert weak == [], render(report, verbose=True)


def test_the_engine_is_restored_after_the_mutants(report):
    assert report.restored
    assert ops_play.trick_winner is trick.trick_winner
    assert hasattr(rules_module.rules_for, "cache_info")  # the cached loader, not a mutant's wrapper


def test_an_equivalent_mutant_survives_and_is_reported(suite):
    # Card points come in fives, so a bury limit of 41 accepts exactly what 40 accepts: nothing can catch it.
    bury = select(suite, variants=[LI], ops=["bury"])
    equivalent = Mutant("bury-limit-41", {"zh": "上限 41", "en": "limit 41"}, ("bury.max_points",),
                        lambda p: p.rules(LI, {"bury.max_points": 41}))
    stale = Mutant("stale", {"zh": "修补一个不存在的函数", "en": "patches a function that does not exist"}, ("trick.winner",),
                   lambda p: p.function(trick, "no_such_function", lambda: None))
    result = run_mutants(bury, [equivalent, stale])
    assert [o.mutant.id for o in result.survivors] == ["bury-limit-41", "stale"]
    assert result.outcomes[1].plant_error.startswith("AttributeError")
    text = render(result)
    assert "SURVIVED  bury-limit-41" in text and "STALE     stale" in text and "kill rate: 0/2" in text


def test_patcher_replaces_every_binding_and_undoes():
    original = trick.trick_winner
    with Patcher() as p:
        p.function(trick, "trick_winner", lambda *a: 0)
        assert ops_play.trick_winner is trick.trick_winner is not original
        changed = p.rules(LI, {"points.threshold": 119})
        assert rules_module.rules_for(LI) is changed and changed.threshold == 119
    assert ops_play.trick_winner is trick.trick_winner is original
    assert rules_for(LI).threshold == 120


def test_main_prints_the_table_and_exits_0_when_all_are_killed(capsys):
    play = str(scenarios_root() / "huolong" / "li-zhijiang")  # li-zhijiang's trick winners and facts are enough for these two
    assert main(["--only", "ties-to-last-played", "--only", "king-worth-5", "--scenarios", play]) == 0
    out = capsys.readouterr().out
    assert "killed    ties-to-last-played" in out and "kill rate: 2/2 (100%)" in out


def test_main_refuses_an_unknown_mutant(capsys):
    assert main(["--only", "no-such-mutant"]) == 2
    assert "unknown mutant no-such-mutant" in capsys.readouterr().err
