"""The readable lines of ``datong-rules play`` for the toy game, in 中文 or English (``lang``: ``"zh"`` or
``"en"``), with the words every game's transcript shares (:mod:`datong_rules.reference_impl.transcript_words`)."""

from __future__ import annotations

from datong_rules.reference_impl.cards import format_cards
from datong_rules.reference_impl.transcript_words import Words, say, seat

from .state import Match, ToyHand

WORDS: Words = {
    "header": {"zh": "── 第{n}局 · 先出：{seat}", "en": "── hand {n} · first {seat}"},
    "passes": {"zh": "  {seat}过", "en": "  {seat} passes"},
    "plays": {"zh": "  {seat}出{cards}{meant}", "en": "  {seat} plays {cards}{meant}"},
    "as": {"zh": " 当作 {cards}", "en": " as {cards}"},
    "gives": {"zh": "  {seat}把{cards}给{to}", "en": "  {seat} gives {cards} to {to}"},
    "finish": {"zh": "  出完的先后 {finish}，得分 {scores}", "en": "  finish {finish}, scores {scores}"},
    "no_winner": {"zh": "没有唯一的赢家", "en": "no single winner"},
    "wins": {"zh": "{seat}赢", "en": "{seat} wins"},
    "scores": {"zh": "得分 {scores}：{who}", "en": "Scores {scores}: {who}"},
}
"""The toy game's sentences in both languages."""


def match_hand_lines(match: Match, state: ToyHand, lang: str = "en") -> list[str]:
    """One line per action of the hand, then its settlement."""
    out = [say(WORDS, "header", lang, n=state.hand_number, seat=seat(state.first, lang))]
    for action in state.actions:
        who = seat(action["seat"], lang) if "seat" in action else ""
        if action["type"] == "pass":
            out.append(say(WORDS, "passes", lang, seat=who))
        elif action["type"] == "play":
            meant = action.get("reading", {}).get("cards")
            out.append(say(WORDS, "plays", lang, seat=who, cards=format_cards(action["cards"], symbols=True),
                           meant=say(WORDS, "as", lang, cards=format_cards(meant, symbols=True))
                           if meant and meant != action["cards"] else ""))
        elif action["type"] == "give":
            out.append(say(WORDS, "gives", lang, seat=who, cards=format_cards(action["cards"], symbols=True),
                           to=seat(action["to"], lang)))
        else:
            out.append(say(WORDS, "finish", lang, finish=action["finish"], scores=action["scores"]))
    return out


def match_end_lines(match: Match, lang: str = "en") -> list[str]:
    """The scores, and the winner if one seat leads."""
    who = say(WORDS, "no_winner", lang) if match.winner is None else say(WORDS, "wins", lang,
                                                                          seat=seat(match.winner, lang))
    return [say(WORDS, "scores", lang, scores=match.scores, who=who)]
