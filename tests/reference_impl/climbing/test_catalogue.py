"""The climbing games' combination model: catalogue entries read into Combination, checked against a game's
templates (what its engine plays)."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.biedan.rules import rules_for as biedan_rules
from datong_rules.reference_impl.climbing.catalogue import (ANY, VALUE_PATH, Between, combination, read_attachments,
                                                             read_catalogue)
from datong_rules.reference_impl.dadun.rules import rules_for as dadun_rules


class Refused(ValueError):
    pass


TEMPLATES = {"straight": {"shape": "sequence", "unit": 1, "length": Between(3, 13), "tier": ANY},
             "same_rank": {"shape": "same_rank", "size": ANY, "tier": ANY}}


def test_a_fixed_length_sets_both_bounds_and_the_model_is_hashable():
    run = combination({"name": "straight", "shape": "sequence", "unit": 1, "length": 6, "tier": "ordinary",
                       "key": ["top"], "pair": "x"})
    assert (run.min_length, run.max_length, run.cards_per_play) == (6, 6, (6, 6))
    assert run.key == ("top",) and run.extra == (("pair", "x"),)
    assert hash(run) == hash(combination({"name": "straight", "shape": "sequence", "unit": 1, "length": 6,
                                          "tier": "ordinary", "key": ["top"], "pair": "x"}))
    bomb = combination({"name": "bomb", "shape": "same_rank", "min_size": 4, "tier": "bomb"})
    assert bomb.cards_per_play == (4, 0)


def test_templates_by_name_then_by_shape():
    found = read_catalogue([{"name": "straight", "shape": "sequence", "unit": 1, "length": 5, "tier": "ordinary"},
                            {"name": "pair", "shape": "same_rank", "size": 2, "tier": "ordinary"}], TEMPLATES, Refused)
    assert [c.name for c in found] == ["straight", "pair"]


@pytest.mark.parametrize(("entry", "said", "where"), [
    ({"name": "straight", "shape": "sequence", "unit": 1, "length": 2, "tier": "t"},
     "entry 1 (straight): length = 2 is not played by the engine (it plays: 3 to 13)", (0, "length")),
    ({"name": "straight", "shape": "sequence", "unit": 2, "length": 5, "tier": "t"},
     "entry 1 (straight): unit = 2 is not played by the engine (it plays: 1)", (0, "unit")),
    ({"name": "pair", "shape": "same_rank", "size": 2, "tier": "t", "attachments": "one"},
     "entry 1 (pair): attachments = 'one' is not played by the engine (it plays: 'absent')", (0, "attachments")),
    ({"name": "rocket", "shape": "fixed_set", "cards": ["BJ", "LJ"], "tier": "top"},
     "entry 1 'rocket' is not played by the engine (it plays: straight, same_rank)", (0, "name")),
    ({"name": "straight", "shape": "sequence", "unit": 1, "tier": "t"},  # a field missing: the entry itself
     "entry 1 (straight): length = 'absent' is not played by the engine (it plays: 3 to 13)", (0,)),
])
def test_an_entry_no_template_accepts_is_refused_with_its_place(entry, said, where):
    with pytest.raises(Refused) as err:
        read_catalogue([entry], TEMPLATES, Refused)
    assert str(err.value) == "combinations.catalogue: " + said
    assert getattr(err.value, VALUE_PATH) == where  # where a validator places the problem: entry, field


@pytest.mark.parametrize(("entry", "said", "where"), [
    ({"name": "two", "main": "quad", "attach": "single", "per_rank": 1},
     "main 'quad' is not a combination of combinations.catalogue", (1, "main")),
    ({"name": "two", "main": "pair", "attach": "single", "per_rank": 1},
     "main 'pair' is not played by the engine (it plays: three or four of a rank, or a run of triples)", (1, "main")),
    ({"name": "one", "main": "triple", "attach": "pair", "per_rank": 1}, "the name is also given twice", (1, "name")),
    ({"name": "pair", "main": "triple", "attach": "pair", "per_rank": 1},
     "the name is also a catalogue combination", (1, "name")),
])
def test_an_attachment_the_engine_refuses_names_its_entry_and_field(entry, said, where):
    catalogue = read_catalogue([{"name": "pair", "shape": "same_rank", "size": 2, "tier": "t"},
                                {"name": "triple", "shape": "same_rank", "size": 3, "tier": "t"}], TEMPLATES, Refused)
    first = {"name": "one", "main": "triple", "attach": "single", "per_rank": 1}
    with pytest.raises(Refused) as err:
        read_attachments([first, entry], catalogue, Refused)
    assert str(err.value) == f"combinations.attachments: entry 2 ({entry['name']}): {said}"
    assert getattr(err.value, VALUE_PATH) == where


RUNS = (combination({"name": "triple", "shape": "same_rank", "size": 3, "tier": "t"}),
        combination({"name": "triple_run", "shape": "sequence", "unit": 3, "min_length": 2, "max_length": 6,
                     "tier": "t"}))


def test_an_attachment_max_length_caps_its_own_main_part_only():
    """RLCard's airplanes: with singles up to 5 triples, with pairs up to 4, the run of triples itself up to 6."""
    singles, pairs, longer = read_attachments(
        [{"name": "wings", "main": "triple_run", "attach": "single", "per_rank": 1, "max_length": 5},
         {"name": "pair_wings", "main": "triple_run", "attach": "pair", "per_rank": 1, "max_length": 4},
         {"name": "more", "main": "triple_run", "attach": "single", "per_rank": 1, "max_length": 9}], RUNS, Refused)
    assert (singles.main.max_length, pairs.main.max_length, longer.main.max_length) == (5, 4, 6)
    assert RUNS[1].max_length == 6 and singles.main.name == "triple_run"


@pytest.mark.parametrize(("entry", "said"), [
    ({"name": "low", "main": "triple_run", "attach": "single", "per_rank": 1, "max_length": 1},
     "max_length = 1 is not played by the engine (it plays: a run of triples' length, at least its min_length 2)"),
    ({"name": "one", "main": "triple", "attach": "single", "per_rank": 1, "max_length": 3},
     "max_length is for a run of triples (main 'triple' is one rank)"),
])
def test_an_attachment_max_length_the_engine_refuses_names_its_field(entry, said):
    with pytest.raises(Refused) as err:
        read_attachments([entry], RUNS, Refused)
    assert str(err.value) == f"combinations.attachments: entry 1 ({entry['name']}): {said}"
    assert getattr(err.value, VALUE_PATH) == (0, "max_length")


def test_both_games_read_their_catalogue_into_the_one_model():
    biedan = biedan_rules("biedan/biedan-guide").combination("straight")
    assert (biedan.shape, biedan.unit, biedan.min_length, biedan.max_length) == ("sequence", 1, 3, 0)
    dadun = {c.name: c for c in dadun_rules("dadun/dadun-guide").combinations}
    assert (dadun["straight"].min_length, dadun["straight"].max_length, dadun["triple_run"].unit) == (5, 5, 3)
