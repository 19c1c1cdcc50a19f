"""The table of a variant (reference_impl/table.py): seats in play order, positions by play direction, teams."""

from __future__ import annotations

import pytest

from datong_rules.reference_impl.table import Table
from datong_rules.reference_impl.variant import load_variant


def test_a_bundled_variant_has_a_four_seat_counter_clockwise_table_of_two_teams():
    table = Table.from_rules(load_variant("huolong/li-zhijiang").data["rules"])
    assert (table.players, table.play_direction, table.partnership) == (4, "counter_clockwise", "opposite_seats")
    assert table.order_from(3) == [3, 0, 1, 2] and table.next_seat(3) == 0
    assert [table.team(s) for s in table.seats] == [0, 1, 0, 1] and table.partners(1) == [3]


def test_the_direction_maps_play_order_to_places_at_the_table():
    # 逆时针: seat 1 sits to the right of seat 0 (east); clockwise: to the left (west)
    assert [Table(4).position(s) for s in range(4)] == ["south", "east", "north", "west"]
    assert [Table(4, "clockwise").position(s) for s in range(4)] == ["south", "west", "north", "east"]
    assert Table(3).angle(0) == 270 and Table(3).angle(1) == 30 and Table(3, "clockwise").angle(1) == 150


def test_banker_against_the_rest_and_no_teams():
    table = Table(3, partnership="banker_vs_rest")
    assert table.team(0) is None and [table.team(s, banker=2) for s in range(3)] == [1, 1, 0]
    assert table.partners(0, banker=2) == [1] and Table(3).partners(0) == []


@pytest.mark.parametrize("rules, message", [
    ({}, "players.count: the variant does not say"),
    ({"players": {"count": {"value": 1}}}, "players.count: expected a whole number ≥ 2"),
    ({"players": {"count": {"value": 4}, "play_direction": {"value": "sideways"}}}, "players.play_direction: "),
])
def test_bad_players_rules_are_one_line_errors(rules, message):
    with pytest.raises(ValueError, match="^" + message):
        Table.from_rules(rules)
