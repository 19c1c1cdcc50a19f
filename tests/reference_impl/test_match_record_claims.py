"""What a match record claims about its hands is checked in every game: a match record cut at its start (its first
hand left out) and a hand naming another variant than its match are refused, not silently verified."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl import records

VARIANTS = ["dadun/dadun-guide", "biedan/biedan-guide", "huolong/li-zhijiang"]


@pytest.fixture(scope="module")
def matches(tmp_path_factory) -> dict[str, dict]:
    """A three-hand match record of each game, as `play --record` writes it."""
    folder = tmp_path_factory.mktemp("matches")
    out = {}
    for variant in VARIANTS:
        path = folder / f"{variant.replace('/', '-')}.json"
        result = CliRunner().invoke(cli, ["play", variant, "--seed", "1", "--hands", "3", "--record", str(path)])
        assert result.exit_code == 0, result.output
        out[variant] = json.loads(path.read_text(encoding="utf-8"))
        assert records.verify(out[variant]).accepted
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_record_without_its_first_hand_is_refused(matches, variant):
    cut = copy.deepcopy(matches[variant])
    cut["hands"] = cut["hands"][1:]
    verdict = records.verify(cut)
    assert not verdict.accepted and verdict.hand == 0, verdict


def test_the_dadun_refusal_says_the_record_begins_after_the_match_did(matches):
    cut = copy.deepcopy(matches["dadun/dadun-guide"])
    cut["hands"] = cut["hands"][1:]
    verdict = records.verify(cut)
    assert verdict.reason == "wrong_setup" and "the match's first hand follows another hand" in verdict.detail


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hand_of_another_variant_inside_a_match_is_refused(matches, variant):
    mixed = copy.deepcopy(matches[variant])
    mixed["hands"][1]["variant"] = f"{variant.split('/')[0]}/other-club"
    verdict = records.verify(mixed)
    assert (verdict.accepted, verdict.hand, verdict.reason) == (False, 1, "wrong_setup")
    assert verdict.detail == f"variant {variant.split('/')[0]}/other-club in a {variant} match"
