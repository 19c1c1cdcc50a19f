"""攉龙's teaching examples told as stories: the situation of a scenario and its expected answer, as data that the
rulebook lays out (the format is ``datong_rules.rulebook.story``: blocks of rows, plays and lines; texts in 中文 and
English with seats, teams and suits named by the rulebook). Operations not told here get the rulebook's generic
layout (every key of ``given`` and ``expect`` in a table).

:func:`example_story` ``(scenario, rules) -> {"given"?: blocks, "answer"?: blocks}`` is the entry point (the
``rulebook`` facet hands it on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..reasons import reason_words
from ..table import Table

Text = dict[str, Any]
Blocks = list[dict[str, Any]]

TEAMS: dict[str, dict[str, str]] = {"banker_team": {"zh": "庄家方", "en": "banker team"},
                                    "attackers": {"zh": "闲家方", "en": "attackers"}}
"""The two sides of a hand."""

SAY: dict[str, dict[str, str]] = {
    "trick_won": {"zh": "{who}最大，赢得这一轮，拿走{p}分。", "en": "{Who} wins the trick and takes {p} points."},
    "redeal": {"zh": "没有人亮主：重新发牌。", "en": "Nobody declared: the cards are dealt again."},
    "declared": {"zh": "{suit}是主，{banker}当庄家。", "en": "{suit} are trumps and {banker} is the banker."},
    "by_bottom": {"zh": "没有人亮主，由底牌定主：{suit}是主，{banker}当庄家。",
                  "en": "Nobody declared, so the bottom decides: {suit} are trumps and {banker} is the banker."},
    "rejected": {"zh": "第{n}次亮牌无效。", "en": "Show {n} does not count."},
    "bury_ok": {"zh": "可以这样扣。", "en": "This bury is allowed."},
    "bury_not": {"zh": "不能这样扣：{why}。", "en": "Not allowed: {why}."},
    "bottom_now": {"zh": "底牌变成", "en": "The bottom is now"},
    "taken_back": {"zh": "拿回", "en": "Taken back"},
    "forced": {"zh": "{who}必须再放{n}张大王。", "en": "{who} must add {n} more big joker(s)."},
    "levels": {"zh": "{team}：{before} → {after}", "en": "{team}: {before} → {after}"},
    "match_won": {"zh": "{team}赢得这一龙。", "en": "The {team} win the match."},
    "next_banker": {"zh": "下一局{who}当庄家。", "en": "Next hand: {who} is the banker."},
    "stakes": {"zh": "输赢分：庄家方每人{n}。", "en": "Stakes: {n} for each banker-team player."},
    "stars_of": {"zh": "{team}放进底牌的大王", "en": "big jokers buried by the {team}"},
}
"""The sentences of the examples in both languages (``{who}`` a seat, ``{suit}`` a suit, named by the rulebook)."""


def _say(key: str, **values: Any) -> Text:
    return {**SAY[key], "with": values}


def _seat(seat: Any) -> Any:
    return {"seat": seat} if seat is not None else ""


def _rows(given: dict[str, Any], keys: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"key": key, "value": given[key]} for key in keys if key in given]


# -- the situation --------------------------------------------------------------------------------------------------
def _given_trick(given: dict[str, Any], table: Table | None) -> Blocks | None:
    if table is None or not isinstance(given.get("leader"), int) or not given.get("plays"):
        return None
    plays = [{"seat": table.next_seat(given["leader"], i), "cards": p} for i, p in enumerate(given["plays"])]
    return [{"rows": _rows(given, ("level", "trump_suit"))}, {"plays": plays}]


def _given_settle(given: dict[str, Any], table: Table | None) -> Blocks:
    rows = _rows(given, ("banker", "attacker_points", "bottom_dug", "dug_with_level_rank"))
    rows += [{"label": _say("stars_of", team=TEAMS.get(team, team)), "text": n}
             for team, n in (given.get("stars") or {}).items() if n]
    return [{"rows": rows}]


def _given_declare(given: dict[str, Any], table: Table | None) -> Blocks:
    rows = []
    for key, value in given.items():
        if key == "level":
            continue  # the declaration does not depend on it
        if key == "shows":
            value = [{"seat": s["seat"], "cards": s["cards"]} for s in value]
        rows.append({"key": key, "value": value})
    return [{"rows": rows}]


GIVEN: dict[str, Callable[[dict[str, Any], Table | None], Blocks | None]] = {
    "trick_winner": _given_trick, "settle": _given_settle, "declare": _given_declare}


# -- the answer -----------------------------------------------------------------------------------------------------
def _trick_winner(given: dict[str, Any], expect: dict[str, Any]) -> Blocks:
    return [{"text": _say("trick_won", who=_seat(expect["winner"]), p=expect.get("points", 0))}]


def _declare(given: dict[str, Any], expect: dict[str, Any]) -> Blocks:
    if expect.get("outcome") == "redeal":
        return [{"text": SAY["redeal"]}]
    suit = {"suit": expect["trump_suit"]} if expect.get("trump_suit") else ""
    key = "by_bottom" if expect.get("outcome") == "bottom" else "declared"
    said = [_say(key, suit=suit, banker=_seat(expect.get("banker")))]
    if expect.get("rejected"):
        said.append(_say("rejected", n={"each": [str(i + 1) for i in expect["rejected"]], "join": "list"}))
    return [{"text": said}]


def _bury(given: dict[str, Any], expect: dict[str, Any]) -> Blocks:
    if expect.get("legal"):
        return [{"text": SAY["bury_ok"]}]
    why = reason_words("huolong", expect.get("reason"), "bury")  # spec/reasons.yaml, as the table app's refusals
    return [{"text": _say("bury_not", why=why)}]


def _star_burial(given: dict[str, Any], expect: dict[str, Any]) -> Blocks:
    lines: Blocks = [{"line": SAY["bottom_now"], "cards": expect.get("bottom", [])}]
    taken = [c for group in expect.get("taken_back", []) for c in group]
    if taken:
        lines.append({"line": SAY["taken_back"], "cards": taken})
    lines += [{"line": _say("forced", who=_seat(f["seat"]), n=f["count"])} for f in expect.get("forced", [])]
    return lines


def _settle(given: dict[str, Any], expect: dict[str, Any]) -> Blocks:
    before, after = given.get("levels", {}), expect.get("levels", {})
    lines: Blocks = [{"text": _say("levels", team=TEAMS[team], before=before.get(team, "?"), after=after[team])}
                     for team in TEAMS if team in after]
    if expect.get("match_winner"):
        lines.append({"text": _say("match_won", team=TEAMS.get(expect["match_winner"], expect["match_winner"]))})
    elif expect.get("next_banker") is not None:
        lines.append({"text": _say("next_banker", who=_seat(expect["next_banker"]))})
    stakes = expect.get("stakes") or {}
    if any(stakes.values()):
        lines.append({"text": _say("stakes", n=f"{stakes.get('banker_team', 0):+d}")})
    return lines


ANSWERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], Blocks]] = {
    "trick_winner": _trick_winner, "declare": _declare, "bury": _bury, "star_burial": _star_burial,
    "settle": _settle}


def _table(rules: dict[str, Any] | None) -> Table | None:
    try:
        return Table.from_rules(rules or {})
    except ValueError:
        return None


def example_story(scenario: Any, rules: dict[str, Any] | None) -> dict[str, Blocks | None]:
    """The situation and the answer of a teaching example (a scenario with ``op``, ``given``, ``expect``) as stories:
    ``{"given": blocks or None, "answer": blocks or None}`` (None: the rulebook's generic layout). ``rules``: the
    variant's resolved rules (the table seats the plays of a trick)."""
    given_fn, answer_fn = GIVEN.get(scenario.op), ANSWERS.get(scenario.op)
    return {"given": given_fn(scenario.given, _table(rules)) if given_fn else None,
            "answer": answer_fn(scenario.given, scenario.expect) if answer_fn else None}
