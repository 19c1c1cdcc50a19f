"""Rule coverage counting."""

from __future__ import annotations

from conformance.coverage import coverage


def test_counts_uncovered_and_percent(demo_scenarios):
    report = coverage(demo_scenarios, {"demo/plain": ["echo.basic", "echo.lists", "add.sum", "add.carry"],
                                       "demo/other": ["echo.basic"], "demo/empty": []})
    plain = report.variants["demo/plain"]
    assert plain.counts == {"echo.basic": 3, "echo.lists": 1, "add.sum": 2, "add.carry": 0}
    assert plain.uncovered == ["add.carry"] and plain.percent == 75.0
    assert report.variants["demo/other"].counts == {"echo.basic": 1}
    assert report.variants["demo/empty"].percent == 100.0
    assert report.errors == []
    assert report.to_json()["variants"]["demo/plain"]["uncovered"] == ["add.carry"]


def test_rules_of_another_variant_and_unknown_variants_are_errors(demo_scenarios):
    report = coverage(demo_scenarios, {"demo/plain": ["echo.basic", "add.sum"]})
    assert len(report.errors) == 2
    assert ("scenario 'demo.echo.list-002' cites rule 'echo.lists', not a rule of variant 'demo/plain'"
            in report.errors[0])
    assert "echo.yaml:12" in report.errors[0]
    assert "scenario 'demo.echo.other-variant-004' is for unknown variant 'demo/other'" in report.errors[1]
