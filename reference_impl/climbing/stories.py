"""The teaching examples of a climbing game told as stories: the situation of a scenario laid out (cards pictured,
seats named, passes in words) and its expected answer in sentences, as data that the rulebook lays out (the format
is ``datong_rules.rulebook.story``). A climbing game's ``rulebook`` facet hands them on with its combination names:
``example_story(scenario, rules, names)``. Operations not told here get the rulebook's generic layout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..reasons import reason_words
from ..variant import load_variant
from ..variant.variant import rule_value

Text = dict[str, Any]
Blocks = list[dict[str, Any]]
Names = dict[str, dict[str, str]]

L: dict[str, dict[str, str]] = {
    "level": {"zh": "级数", "en": "Level"},
    "table": {"zh": "桌上的牌", "en": "On the table"},
    "play": {"zh": "出的牌", "en": "The play"},
    "hand": {"zh": "手牌", "en": "Hand"},
    "egg": {"zh": "扣下的牌", "en": "Buried"},
    "nothing": {"zh": "没有（轮到他首出）", "en": "nothing (the player leads)"},
    "pass": {"zh": "过", "en": "pass"},
    "as": {"zh": "（当作{name}出）", "en": " (played as a {name})"},
    "table_was_round_opening": {"zh": "（这一轮首发的牌）", "en": " (led to open the round)"},
    "table_was_hand_opening": {"zh": "（一局的第一手）", "en": " (the first play of the hand)"},
    "table_was_follow": {"zh": "（压牌出的）", "en": " (played to beat)"},
    "passed": {"zh": "这一轮已经过过一次", "en": "Already passed in this round"},
    "first_lead": {"zh": "一局的第一手", "en": "First lead of the hand"},
    "yes": {"zh": "是", "en": "yes"},
    "sizes": {"zh": "各人手里的牌数", "en": "Cards in hand"},
    "n_cards": {"zh": "{who}{n}张", "en": "{who} {n}"},
    "leader": {"zh": "首出", "en": "Leads"},
    "out_before": {"zh": "已经出完", "en": "Already out"},
    "actions": {"zh": "出牌经过", "en": "What happens"},
    "places": {"zh": "名次", "en": "Places"},
    "place_line": {"zh": "第一名{first}，第二名{second}，第三名{third}", "en": "first {first}, second {second}, third {third}"},
    "banker": {"zh": "庄家", "en": "Banker"},
    "cards_of": {"zh": "{who}手里的牌", "en": "{who}'s cards"},
    "out_order": {"zh": "出完的先后", "en": "Order of going out"},
    "marked": {"zh": "明牌", "en": "Marked card"},
    "holder": {"zh": "明牌主人", "en": "Holder"},
    "copies": {"zh": "各人手里有几张和明牌一样的牌", "en": "Copies of the marked card held"},
    "cutter": {"zh": "切牌的人", "en": "Cutter"},
    "previous": {"zh": "上一局", "en": "Last hand"},
    "previous_v": {"zh": "头游{first}，末游{last}", "en": "first out {first}, last {last}"},
    "no_last": {"zh": "没有末游", "en": "no last player"},
    "cards": {"zh": "牌", "en": "Cards"},
    "team_levels": {"zh": "两队的级数", "en": "Team levels"},
    "captured": {"zh": "各人抓到的分", "en": "Points captured"},
    "level_owner": {"zh": "打的是哪队的级", "en": "Whose level is played"},
    "bonus": {"zh": "明牌奖励", "en": "Marked-card bonus"},
    "before": {"zh": "头游出完前同伴抓到的分", "en": "Partner's points before the first went out"},
    "seat_value": {"zh": "{who} {v}", "en": "{who} {v}"},
    "team_value": {"zh": "{team} {v}", "en": "{team} {v}"},
}
"""Labels of the situation, both languages."""

ACTION_OF = {"egg": "bury"}
"""The action type an operation's refusal is about (for the reason words of ``spec/reasons.yaml``): a play unless
named here."""

S: dict[str, dict[str, str]] = {
    "beats": {"zh": "管得住。", "en": "It beats the play on the table."},
    "not_beats": {"zh": "管不住：{why}。", "en": "It does not beat it: {why}."},
    "not_beats_plain": {"zh": "管不住。", "en": "It does not beat it."},
    "legal_pass": {"zh": "可以过。", "en": "Passing is allowed."},
    "legal_play": {"zh": "可以这样出。", "en": "This play is allowed."},
    "illegal": {"zh": "不行：{why}。", "en": "Not allowed: {why}."},
    "egg_ok": {"zh": "可以这样扣。", "en": "This egg is allowed."},
    "round_over": {"zh": "这一轮结束。", "en": "The round is over."},
    "round_on": {"zh": "这一轮还没结束，轮到{who}。", "en": "The round goes on; {who} is to play."},
    "takes": {"zh": "{who}拿走这一轮的{p}分。", "en": "{Who} takes the round's {p} points."},
    "next": {"zh": "下一轮由{who}先出。", "en": "{Who} leads the next round."},
    "wind": {"zh": "下一轮由{who}接风先出。", "en": "{Who} takes the wind and leads the next round."},
    "hand_over": {"zh": "这一局结束。", "en": "The hand is over."},
    "out": {"zh": "出完的先后：{who}。", "en": "Out so far: {who}."},
    "places": {"zh": "第一名{first}，第二名{second}，第三名{third}。", "en": "First {first}, second {second}, third {third}."},
    "kept": {"zh": "庄家第一个出完，继续坐庄。", "en": "The banker went out first and keeps the bank."},
    "lost": {"zh": "庄家没有第一个出完，下台；下一局{who}坐庄。", "en": "The banker did not go out first and steps down; {who} banks next."},
    "hand_points": {"zh": "这一局按名次记分：{each}。", "en": "The hand's points by place: {each}."},
    "seat_points": {"zh": "{who}{p}分", "en": "{who} {p}"},
    "step": {"zh": "{i}. {step}。", "en": "{i}. {step}."},
    "draw": {"zh": "{to}从{frm}手里抽走{r}", "en": "{To} takes {r} from {frm}"},
    "give": {"zh": "{frm}给{to}{r}", "en": "{Frm} gives {r} to {to}"},
    "take_egg": {"zh": "{to}收下蛋（{r}）", "en": "{To} takes the egg ({r})"},
    "hand_over_step": {"zh": "{frm}把其余的{n}张（{r}）交给{to}", "en": "{Frm} hands the other {n} cards ({r}) to {to}"},
    "hand_over_one": {"zh": "{frm}把剩下的一张（{r}）交给{to}", "en": "{Frm} hands the last card ({r}) to {to}"},
    "return_one": {"zh": "{frm}退给{to}最差的一张（{r}）", "en": "{Frm} returns the worst card ({r}) to {to}"},
    "return": {"zh": "{frm}退给{to}最差的{n}张（{r}）", "en": "{Frm} returns the worst {n} ({r}) to {to}"},
    "extra": {"zh": "{frm}再给{to}{r}", "en": "{Frm} also gives {r} to {to}"},
    "bonus": {"zh": "{team}升{n}级。", "en": "{Team} goes up {n} levels."},
    "bonus_one": {"zh": "{team}升1级。", "en": "{Team} goes up 1 level."},
    "no_bonus": {"zh": "没有奖励。", "en": "No bonus."},
    "transfer": {"zh": "{frm}把明牌交给同伴{to}。", "en": "{Frm} hands the marked card to the partner, {to}."},
    "leads": {"zh": "{who}先出。", "en": "{Who} leads."},
    "count": {"zh": "从切牌人数{n}个人，{who}先抓牌，拿到明牌。", "en": "Counting {n} from the cutter: {who} draws first and gets the marked card."},
    "no_count": {"zh": "上一局的末游{who}先抓牌，拿到明牌。", "en": "Last hand's last player, {who}, draws first and gets the marked card."},
    "sizes": {"zh": "抓到的张数：{sizes}。", "en": "Cards drawn: {sizes}."},
    "points": {"zh": "共{p}分。", "en": "{p} points in all."},
    "pattern_12": {"zh": "同伴包了头游二游：{team}升{g}级，不看分。", "en": "Partners first and second: {team} goes up {g}, whatever the points."},
    "scores": {"zh": "头游方{a}分（{af}），另一方{b}分（{bf}）。", "en": "First-out side {a} ({af}), other side {b} ({bf})."},
    "full": {"zh": "满", "en": "full"},
    "not_full": {"zh": "不满", "en": "not full"},
    "winner": {"zh": "{team}赢，升{g}级。", "en": "{Team} wins and goes up {g}."},
    "both_full": {"zh": "两方都满，头游方赢。", "en": "Both sides are full: the first-out side wins."},
    "neither_full": {"zh": "两方都不满，末游所在的一方输。", "en": "Neither side is full: the side of the last player loses."},
    "one_full": {"zh": "只有一方满，满的一方赢。", "en": "Only one side is full: that side wins."},
    "levels": {"zh": "级数：{a} → {b}。", "en": "Levels: {a} → {b}."},
    "match_won": {"zh": "{team}赢得全局。", "en": "{Team} wins the match."},
    "next_level": {"zh": "下一局打{level}。", "en": "The next hand is played at {level}."},
    "no_combination": {"zh": "不成牌型，不能一起出。", "en": "Not a combination: the cards cannot be played together."},
    "reading": {"zh": "可以当作{name}出：", "en": "It can be played as a {name}:"},
}
"""The answer sentences, both languages (``{Who}`` is ``{who}`` with a capital)."""

JOKERS: dict[str, dict[str, str]] = {"BJ": {"zh": "大王", "en": "big joker"}, "LJ": {"zh": "小王", "en": "small joker"}}

STEPS: dict[str, str] = {"draw": "draw", "give": "give", "take_egg": "take_egg", "hand_over": "hand_over_step",
                         "return": "return"}
"""Steps of the exchange with a sentence of their own (any other step is told as ``extra``)."""


def _say(key: str, **values: Any) -> Text:
    return {**S[key], "with": values}


def _label(key: str, **values: Any) -> Text:
    return {**L[key], "with": values}


def _seat(seat: Any) -> Any:
    return {"seat": seat} if seat is not None else ""


def _team(team: int) -> dict[str, list[int]]:
    """Team 0 (seats 0 and 2) or 1 (seats 1 and 3): partners sit opposite."""
    return {"team": [team, team + 2]}


def _why(sc: Any, code: Any) -> Any:
    """The short words of a refusal's reason code in the game of ``sc``'s variant (``spec/reasons.yaml``, one source
    with the table app's refusals); the code itself when the game has no entry for it."""
    return reason_words(str(sc.variant).split("/", 1)[0], code, ACTION_OF.get(sc.op, "play"))


def _seats(seats: list[int], join: str = "each") -> dict[str, Any]:
    return {"each": [_seat(s) for s in seats], "join": join}


def _ranks(ranks: list[str]) -> dict[str, Any]:
    return {"each": [JOKERS.get(r, r) for r in ranks], "join": "list"}


def _one_card(ranks: list[str]) -> Any:
    """The cards a player takes or gives: in English one card gets its article (the big joker, a 7, an 8)."""
    if len(ranks) != 1:
        return _ranks(ranks)
    rank = ranks[0]
    if rank in JOKERS:
        return {"zh": JOKERS[rank]["zh"], "en": f"the {JOKERS[rank]['en']}"}
    return {"zh": rank, "en": f"{'an' if rank in ('8', 'A') else 'a'} {rank}"}


def wilds_at(rules: dict[str, Any] | None, level: Any) -> list[str]:
    """The wild card tokens of a hand played at ``level`` under ``rules`` (the rule ``wild.cards``: ``{rank, suit}``,
    ``rank`` may be ``"level"``); empty without the rule or, for a level-rank wild, without a level."""
    spec = rule_value(rules or {}, "wild.cards", None)
    if not isinstance(spec, dict) or "rank" not in spec or "suit" not in spec or (spec["rank"] == "level" and not level):
        return []
    return [f'{spec["suit"]}{level if spec["rank"] == "level" else spec["rank"]}']


def _stood_for(cards: list[str], played: list[str], wilds: list[str]) -> list[int]:
    """Positions in a reading's ``cards`` that the wild cards of ``played`` stand for: the reading's cards beyond
    the played cards that are not wild."""
    natural = Counter(c for c in played if c not in wilds)
    marks = []
    for i, card in enumerate(cards):
        if natural[card] > 0:
            natural[card] -= 1
        else:
            marks.append(i)
    return marks


def _mark_wilds(node: Any, wilds: list[str]) -> Any:
    """Every block or row of ``node`` that shows cards, with the wild card tokens to mark (``wilds``)."""
    if isinstance(node, list):
        return [_mark_wilds(n, wilds) for n in node]
    if isinstance(node, dict):
        out = {k: _mark_wilds(v, wilds) if k in ("rows", "plays") else v for k, v in node.items()}
        return {**out, "wilds": wilds} if "cards" in node and "wild_at" not in node else out
    return node


def _name(combination: str, names: Names) -> Text:
    """A combination's name, lower-case in English (it stands inside a sentence)."""
    word = names.get(combination, {})
    return {"zh": word.get("zh", combination), "en": word.get("en", combination).lower()}


def _play_row(label: str, value: Any, names: Names, suffix: Text | None = None) -> dict[str, Any]:
    """A row of one play: a card list, or ``{cards, reading}`` with the reading said in words (the combination's
    name), ``"pass"`` or an empty play in words; ``suffix`` said after it."""
    reading = (value.get("reading") or {}).get("combination") if isinstance(value, dict) else None
    words: dict[str, Any] = {"a": {**L["as"], "with": {"name": _name(reading, names)}} if reading else "",
                             "b": suffix or ""}
    said = {"zh": "{a}{b}", "en": "{a}{b}", "with": words}
    if isinstance(value, dict):
        row: dict[str, Any] = {"label": L[label], "cards": value.get("cards") or []}
    elif value == "pass" or not value:
        words["a"] = L["pass" if value == "pass" else "nothing"]
        return {"label": L[label], "text": said}
    else:
        row = {"label": L[label], "cards": value}
    return {**row, "text": said} if reading or suffix else row


# -- the situation --------------------------------------------------------------------------------------------------
def _given_play(g: dict[str, Any], op: str, names: Names) -> Blocks:
    rows: list[dict[str, Any]] = []
    if "level" in g and op in ("beats", "legal_play"):
        rows.append({"label": L["level"], "text": g["level"]})
    if "hand" in g:
        rows.append({"label": L["hand"], "cards": g["hand"]})
    if "table" in g:
        was = L.get(f"table_was_{g.get('table_was')}") if g.get("table_was") else None
        rows.append(_play_row("table", g["table"], names, was))
    if "play" in g:
        rows.append(_play_row("play", g["play"], names))
    if "egg" in g:
        rows.append({"label": L["egg"], "cards": g["egg"]})
    rows += [{"label": L[flag], "text": L["yes"]} for flag in ("passed", "first_lead") if g.get(flag)]
    return [{"rows": rows}]


def _given_round(g: dict[str, Any], op: str, names: Names) -> Blocks:
    sizes = {"each": [_label("n_cards", who=_seat(s), n=n) for s, n in enumerate(g["hand_sizes"])]}
    rows: list[dict[str, Any]] = [{"label": L["sizes"], "text": sizes}]
    if g.get("out"):
        rows.append({"label": L["out_before"], "text": _seats(g["out"])})
    rows.append({"label": L["leader"], "text": _seat(g["leader"])})
    plays = [{"seat": a["seat"], **({"text": L["pass"]} if a["type"] == "pass" else {"cards": a["cards"]})}
             for a in g.get("actions", [])]
    rows.append({"label": L["actions"], "plays": plays} if plays else {"label": L["actions"], "text": L["nothing"]})
    return [{"rows": rows}]


def _given_exchange(g: dict[str, Any], op: str, names: Names) -> Blocks:
    places = {k: _seat(v) for k, v in g["places"].items()}
    rows: list[dict[str, Any]] = [{"label": L["places"], "text": _label("place_line", **places)},
                                  {"label": L["banker"], "text": _seat(g["banker"])}]
    rows += [{"label": _label("cards_of", who=_seat(seat)), "cards": cards}
             for seat, cards in enumerate(g.get("hands", [])) if cards]
    rows.append({"label": L["egg"], "cards": g["egg"]})
    return [{"rows": rows}]


def _given_settle(g: dict[str, Any], op: str, names: Names) -> Blocks | None:
    if "out" in g:
        return [{"rows": [{"label": L["banker"], "text": _seat(g["banker"])},
                          {"label": L["out_order"], "text": _seats(g["out"])}]}]
    if "finish" not in g:
        return None
    rows: list[dict[str, Any]] = []  # what the question gives: levels, level and captured points may be left out
    if "levels" in g:
        rows.append({"label": L["team_levels"], "text": {"each": [_label("team_value", team=_team(t), v=lv)
                                                                  for t, lv in enumerate(g["levels"])]}})
    if "level" in g:
        rows.append({"label": L["level"], "text": g["level"]})
    if g.get("level_owner") is not None:
        rows.append({"label": L["level_owner"], "text": _team(g["level_owner"])})
    rows.append({"label": L["out_order"], "text": _seats(g["finish"])})
    if g.get("captured") is not None:
        rows.append({"label": L["captured"], "text": {"each": [_label("seat_value", who=_seat(s), v=p)
                                                               for s, p in enumerate(g["captured"])]}})
    if g.get("first_partner_before"):
        rows.append({"label": L["before"], "text": g["first_partner_before"]})
    if any(g.get("bonus") or []):
        rows.append({"label": L["bonus"], "text": {"each": [_label("team_value", team=_team(t), v=f"+{b}")
                                                            for t, b in enumerate(g["bonus"])]}})
    return [{"rows": rows}]


def _given_marked(g: dict[str, Any], op: str, names: Names) -> Blocks:
    copies = {"each": [_label("seat_value", who=_seat(s), v=n) for s, n in enumerate(g["copies"])]}
    return [{"rows": [{"label": L["marked"], "cards": [g["marked_card"]]},
                      {"label": L["holder"], "text": _seat(g["holder"])},
                      {"label": L["copies"], "text": copies}]}]


def _given_deal_order(g: dict[str, Any], op: str, names: Names) -> Blocks:
    rows: list[dict[str, Any]] = [{"label": L["cutter"], "text": _seat(g["cutter"])},
                                  {"label": L["marked"], "cards": [g["marked_card"]]}]
    prev = g.get("previous")
    if prev:
        last = _seat(prev["last_out"]) if prev.get("last_out") is not None else L["no_last"]
        rows.append({"label": L["previous"], "text": _label("previous_v", first=_seat(prev["first_out"]), last=last)})
    return [{"rows": rows}]


def _given_cards(g: dict[str, Any], op: str, names: Names) -> Blocks:
    rows: list[dict[str, Any]] = [{"label": L["level"], "text": g["level"]}] if "level" in g and op == "classify" else []
    return [{"rows": rows + [{"label": L["cards"], "cards": g["cards"]}]}]


GIVEN: dict[str, Callable[[dict[str, Any], str, Names], Blocks | None]] = {
    "beats": _given_play, "legal_play": _given_play, "egg": _given_play, "round": _given_round,
    "exchange": _given_exchange, "settle": _given_settle, "marked_card": _given_marked,
    "deal_order": _given_deal_order, "classify": _given_cards, "round_points": _given_cards}


# -- the answer -----------------------------------------------------------------------------------------------------
def _beats(sc: Any, names: Names) -> Blocks:
    e = sc.expect
    if e.get("beats"):
        return [{"text": S["beats"]}]
    if e.get("reason"):
        return [{"text": _say("not_beats", why=_why(sc, e["reason"]))}]
    return [{"text": S["not_beats_plain"]}]


def _legal(sc: Any, names: Names) -> Blocks:
    e = sc.expect
    if not e.get("legal"):
        return [{"text": _say("illegal", why=_why(sc, e.get("reason")))}]
    if sc.op == "egg":
        return [{"text": S["egg_ok"]}]
    return [{"text": S["legal_pass" if sc.given.get("play") == "pass" else "legal_play"]}]


def _round_end(sc: Any) -> list[Text]:
    e = sc.expect
    said = [S["round_over"]]
    if e.get("points") is not None and e.get("last_player") is not None:
        said.append(_say("takes", who=_seat(e["last_player"]), p=e["points"]))
    if e.get("hand_over"):
        said.append(S["hand_over"])
    elif e.get("next_leader") is not None:
        plays = [a["seat"] for a in sc.given.get("actions", []) if a["type"] == "play"]
        last = e.get("last_player", plays[-1] if plays else None)
        wind = e.get("wind", last in (e.get("out") or []) and e["next_leader"] != last)
        said.append(_say("wind" if wind else "next", who=_seat(e["next_leader"])))
    return said


def _round(sc: Any, names: Names) -> Blocks:
    e = sc.expect
    said = [_say("round_on", who=_seat(e["to_act"]))] if e.get("over") is False else _round_end(sc)
    if e.get("out"):
        # a seat with no cards when the round starts went out before it: first in the order when it is the only one
        before = [seat for seat, n in enumerate(sc.given.get("hand_sizes") or []) if n == 0]
        said.append(_say("out", who=_seats((before if len(before) == 1 else []) + list(e["out"]), "list")))
    return [{"text": said}]


def _exchange(sc: Any, names: Names) -> Blocks:
    steps = []
    for i, m in enumerate(sc.expect.get("moves", []), 1):
        key, count, ranks = STEPS.get(m["step"], "extra"), m.get("count", 0), m.get("ranks", [])
        if count == 1 and key in ("hand_over_step", "return"):
            key = {"hand_over_step": "hand_over_one", "return": "return_one"}[key]
        cards = _one_card(ranks) if key in ("draw", "give", "extra") else _ranks(ranks)
        step = _say(key, frm=_seat(m.get("from")), to=_seat(m["to"]), n=count, r=cards)
        steps.append({"text": _say("step", i=i, step=step)})
    return steps


def _settle_places(e: dict[str, Any]) -> Blocks:
    """The places, then what the answer says of the bank (``banker_kept``, ``next_banker``) and of the points
    (``score``, by seat), each only when the expectation holds it."""
    said = [_say("places", **{k: _seat(v) for k, v in e["places"].items()})]
    if "banker_kept" in e:
        said.append(S["kept"] if e["banker_kept"] else _say("lost", who=_seat(e["next_banker"])))
    if "score" in e:
        points = [_say("seat_points", who=_seat(seat), p=f"{p:+d}") for seat, p in enumerate(e["score"])]
        said.append(_say("hand_points", each={"each": points}))
    return [{"text": said}]


def _settle_pattern(sc: Any) -> Blocks:
    e = sc.expect
    if e["pattern"] == "1+2":
        said: list[Text] = [_say("pattern_12", team=_team(e["winner"]), g=e["gain"])]
    else:
        scores, full = e.get("scores") or {}, e.get("full") or {}
        words = {True: S["full"], False: S["not_full"]}
        said = [_say("scores", a=scores.get("first_side"), b=scores.get("other_side"),
                     af=words[bool(full.get("first_side"))], bf=words[bool(full.get("other_side"))])]
        decision = "both_full" if all(full.values()) else "neither_full" if not any(full.values()) else "one_full"
        said += [S[decision], _say("winner", team=_team(e["winner"]), g=e["gain"])]
    before = sc.given.get("levels", ["?", "?"])
    said.append(_say("levels", a=" / ".join(before), b=" / ".join(e.get("levels", before))))
    if e.get("match_over") and e.get("match_winner") is not None:
        said.append(_say("match_won", team=_team(e["match_winner"])))
    elif e.get("next_level"):
        said.append(_say("next_level", level=e["next_level"]))
    return [{"text": line} for line in said]


def _settle(sc: Any, names: Names) -> Blocks | None:
    if isinstance(sc.expect.get("places"), dict):  # {first, second, third}; a list of seats is another game's
        return _settle_places(sc.expect)
    return _settle_pattern(sc) if "pattern" in sc.expect else None


def _marked(sc: Any, names: Names) -> Blocks:
    e = sc.expect
    if e.get("bonus"):
        said = [_say("bonus" if e["bonus"] > 1 else "bonus_one", team=_team(e["team"]), n=e["bonus"])]
        if e.get("transfer"):
            said.append(_say("transfer", frm=_seat(e["transfer"]["from"]), to=_seat(e["transfer"]["to"])))
    else:
        said = [S["no_bonus"]]
    return [{"text": said + [_say("leads", who=_seat(e["leader"]))]}]


def _deal_order(sc: Any, names: Names) -> Blocks:
    e = sc.expect
    who = _seat(e["first_drawer"])
    head = _say("count", n=e["count"], who=who) if e.get("count") is not None else _say("no_count", who=who)
    sizes = {"each": [_label("n_cards", who=_seat(s), n=n) for s, n in enumerate(e["hand_sizes"])]}
    return [{"text": [head, _say("sizes", sizes=sizes)]}]


def _classify(sc: Any, names: Names) -> Blocks:
    """Each reading of the cards: the combination's name and what the cards stand for (a wild card as the card it
    replaces)."""
    readings = sc.expect.get("readings") or []
    if not readings:
        return [{"text": S["no_combination"]}]
    played = list(sc.given.get("cards") or [])
    wilds = wilds_at(_rules_of(sc), sc.given.get("level"))
    # a reading without cards of its own (a game without wild cards) reads the played cards themselves
    return [{"line": _say("reading", name=_name(r["combination"], names)), "cards": r.get("cards", played),
             "wild_at": _stood_for(list(r.get("cards", played)), played, wilds) if set(wilds) & set(played) else []}
            for r in readings]


ANSWERS: dict[str, Callable[[Any, Names], Blocks | None]] = {
    "classify": _classify, "beats": _beats, "legal_play": _legal, "egg": _legal, "round": _round,
    "exchange": _exchange, "settle": _settle, "marked_card": _marked, "deal_order": _deal_order,
    "round_points": lambda sc, names: [{"text": _say("points", p=sc.expect["points"])}]}


def _rules_of(scenario: Any) -> dict[str, Any]:
    """The rules a scenario is asked under: its fixture variant's, else its bundled variant's (empty if unknown)."""
    fixture = getattr(scenario, "fixture", None)
    if fixture is not None:
        return fixture.data.get("rules") or {}
    try:
        return load_variant(str(scenario.variant)).data.get("rules") or {}
    except (KeyError, ValueError, FileNotFoundError):
        return {}


def example_story(scenario: Any, names: Names) -> dict[str, Blocks | None]:
    """The situation and the answer of a climbing game's teaching example (a scenario with ``op``, ``given``,
    ``expect``) as stories: ``{"given": blocks or None, "answer": blocks or None}`` (None: the rulebook's generic
    layout). ``names``: the game's combination names ``{combination: {zh, en}}``. The situation's cards mark the
    wild cards of the scenario's level (``wilds`` of each block or row that shows cards)."""
    given_fn, answer_fn = GIVEN.get(scenario.op), ANSWERS.get(scenario.op)
    given = given_fn(scenario.given, scenario.op, names) if given_fn else None
    wilds = wilds_at(_rules_of(scenario), scenario.given.get("level")) if isinstance(scenario.given, dict) else []
    return {"given": _mark_wilds(given, wilds) if given and wilds else given,
            "answer": answer_fn(scenario, names) if answer_fn else None}


def teller(names: Names) -> Callable[..., dict[str, Blocks | None]]:
    """A climbing game's ``example_story(scenario, rules=None)`` for its rulebook facet: :func:`example_story` with
    the game's combination names ``{combination: {zh, en}}``."""
    def tell(scenario: Any, rules: dict[str, Any] | None = None) -> dict[str, Blocks | None]:
        return example_story(scenario, names)

    return tell
