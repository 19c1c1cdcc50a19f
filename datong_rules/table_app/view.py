"""What the table page shows, as plain data for its template: the person's hand as card pictures, the plays on the
table, whose turn, the person's choices, the legal actions, the hand's story and its settlement.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from typing import Any

from datong_rules.reference_impl.table import Table as Seats
from datong_rules.rulebook.card_svg import card_name, card_svg, cards_html
from datong_rules.rulebook.rules_html import condition_html, outcome_html

from .session import CARD_KINDS, SHOWN_LIMIT, Table
from .words import BUTTONS, SAY, UI, action_words, choice_words, game_words, seat_words, settlement_rows, trick_words, ui


@lru_cache(maxsize=1024)
def _picture(card: str, lang: str) -> str:
    """A card's picture (:func:`~datong_rules.rulebook.card_svg.card_svg`), drawn once per card and language."""
    return card_svg(card, lang)


def table_view(table: Table, lang: str) -> dict[str, Any]:
    """The template context of the table's main part (``_main.html``)."""
    person = table.seat
    state = table.state
    words = game_words(table.game)
    over = state.is_terminal()
    held = held_in_order(table.hand, words.hand_order(state))
    hand = [card for _, card in held]
    climbing = table.game.family == "climbing"
    marks = words.marked_cards(state)
    return {
        "lang": lang,
        "version": table.version,
        "over": over,
        "hand_number": ui("hand_number", lang, n=table.hand_number),
        "hand": [{"card": c, "n": n, "svg": _picture(c, lang), "mark": marks[c][lang] if c in marks else None,
                  "name": card_name(c, lang) + (f"（{marks[c][lang]}）" if lang == "zh" else f" ({marks[c][lang]})")
                  if c in marks else card_name(c, lang)} for n, c in held],
        "hand_count": ui("cards_left", lang, n=len(hand)),
        "seats": _seats(table, lang),
        "facts": _facts(table, lang, words),
        "on_table": [_event(e, lang, person, words) for e in table.on_table()],
        "status": _status(table, lang, words),
        "choices": _choices(table, lang, words),
        "legal": _legal(table, lang, words),
        "story": [trick_words(t, lang, person, climbing) for t in table.tricks[-12:]][::-1],
        "log": [_told(e, lang, person, words) for e in table.events[-40:]][::-1],
        "settlement": _settlement(table, lang, words) if over else None,
        "result": words.hand_result(state, person, lang, _namer(table, lang)) if over else None,
        "ended": SAY["hand_over_rounds" if climbing else "hand_over_tricks"][lang].format(n=len(table.tricks))
        if over else None,
        "can_next": over and not table.match.over,
        "match_end": _match_end(table, lang, words) if over and table.finished else None,
    }


def held_in_order(hand: list[str], key: Any) -> list[tuple[int, str]]:
    """The hand (in notation order) as a player of the game holds it: sorted by ``key`` (the game's ``hand_order``
    of its words facet: 打墩's single-card strength, level and jokers high), suits in notation order within a key;
    unchanged when the game gives no key (None). Each card with its place in notation order (``(n, card)``): the
    page sends a selection in that order, whatever order it shows the cards in, so that the actions and readings
    it makes are the same."""
    placed = list(enumerate(hand))
    return placed if key is None else sorted(placed, key=lambda pair: key(pair[1]))


def _namer(table: Table, lang: str) -> Any:
    """Names a seat for the game's words (the person's seat as "you")."""
    return lambda seat: seat_words(seat, lang, table.seat)


def _match_end(table: Table, lang: str, words: Any) -> str | None:
    """The end of the match in words (who won, and whether the person did); None while it goes on."""
    winners = words.match_winners(table.match)
    if winners is None:
        return None
    if not winners:
        return ui("match_no_winner", lang)
    who = ("、" if lang == "zh" else " and ").join(seat_words(s, lang) for s in winners)
    return ui("match_won_you" if table.seat in winners else "match_lost_you", lang, who=who)


def _seats(table: Table, lang: str) -> list[dict[str, Any]]:
    """Each seat: its name, its count of cards, whether it is to act."""
    to_act = None if table.state.is_terminal() else table.state.current_player()
    friend = ui("friend_mark", lang)
    return [{"name": seat_words(seat, lang, table.seat) + (friend if seat in table.people and seat != table.seat else ""),
             "count": ui("cards_left", lang, n=sum(h.values())), "turn": seat == to_act, "you": seat == table.seat}
            for seat, h in enumerate(table.state.hands)]


def _facts(table: Table, lang: str, words: Any) -> list[str]:
    """What the game tells of the hand (its words facet: the banker, the trumps, the level, the person's side), and
    in a climbing game the order the seats went out."""
    facts = list(words.facts(table.state, table.seat, lang, _namer(table, lang), lambda c: card_name(c, lang)))
    if table.out and table.game.family == "climbing":
        colon = "：" if lang == "zh" else ": "
        order = ("、" if lang == "zh" else ", ").join(seat_words(seat, lang, table.seat) for seat in table.out)
        facts.append(f"{ui('finish', lang)}{colon}{order}")
    return facts


def _told(event: Any, lang: str, person: int, words: Any) -> str:
    """The event's sentence in ``lang``, told once (kept on the event)."""
    if lang not in event.told:
        event.told[lang] = action_words(event.action, lang, person, words, event.reading)
    return event.told[lang]


def _event(event: Any, lang: str, person: int, words: Any) -> dict[str, Any]:
    action = event.action
    cards = list(action.get("cards") or [])
    shown = cards if action["type"] == "play" or action["type"] in words.ACTIONS else []  # a game's own: shown
    return {"who": seat_words(event.seat, lang, person), "words": _told(event, lang, person, words),
            "cards": cards_html(shown, lang) if shown else ""}


def _status(table: Table, lang: str, words: Any) -> str:
    state = table.state
    if state.is_terminal():
        return ui("turn_over", lang)
    seat = state.current_player()
    if seat == table.seat:
        told = words.turn_words(state, table.seat, lang, _namer(table, lang))
        if told:
            return told
        kinds = table.kinds()
        own = next((words.ACTIONS[k]["turn"][lang] for k in kinds if "turn" in words.ACTIONS.get(k, {})), None)
        if own:
            return own
        kind = next((k for k in kinds if f"turn_{k}" in UI), None)
        if kind == "bury":  # a beginner is told how many: the size of any legal bury (the egg, the bottom)
            bury = next(a for a in table.person_actions(2000) if a["type"] == "bury")
            return ui("turn_bury", lang, n=len(bury["cards"]))
        return ui(f"turn_{kind}" if kind else "turn_you", lang)
    if table.awaiting():
        return words.OFFER["status"][lang]
    return SAY["turn_of"][lang].format(who=seat_words(seat, lang, table.seat))


def _choices(table: Table, lang: str, words: Any) -> dict[str, Any]:
    """The person's buttons: card actions of their own seat (play, bury, give: they take the selection), pass when
    it is legal, every other action offered listed one by one (a show, a load, a card taken from another seat) and,
    while the table acts, the game's button to let it go on."""
    if not table.awaiting():
        return {"card_kinds": [], "buttons": [], "decline": None}
    kinds = table.kinds()
    card_kinds = [{"kind": k, "label": BUTTONS[k][lang]} for k in kinds if k in CARD_KINDS]
    buttons: list[dict[str, str]] = []
    for action in table.person_actions(SHOWN_LIMIT):
        if action["type"] == "pass":
            buttons.insert(0, _button(action, BUTTONS["pass"][lang]))
        elif action["type"] not in CARD_KINDS or action.get("seat") != table.seat:
            buttons.append(_button(action, choice_words(action, lang, table.seat, words)))
    offered = table.state.current_player() != table.seat
    return {"card_kinds": card_kinds, "buttons": buttons, "decline": words.OFFER["decline"][lang] if offered else None,
            "give_to": next((a["to"] for a in table.person_actions(200)
                             if a["type"] == "give" and a.get("seat") == table.seat), None)}


def _button(action: dict[str, Any], text: str) -> dict[str, str]:
    return {"action": json.dumps(action, ensure_ascii=False), "label": text}


def _legal(table: Table, lang: str, words: Any) -> dict[str, Any]:
    """The first :data:`SHOWN_LIMIT` legal actions of the person, each a button that makes it."""
    actions = list(table.person_actions(SHOWN_LIMIT + 1))
    shown = [_button(a, choice_words(a, lang, table.seat, words)) for a in actions[:SHOWN_LIMIT]]
    return {"actions": shown, "more": len(actions) > SHOWN_LIMIT}


def _settlement(table: Table, lang: str, words: Any) -> list[dict[str, Any]]:
    seats = Seats.from_rules(table.variant.data.get("rules", {}))
    rows = settlement_rows(table.state.settlement(), lang, table.seat, seats, words)
    for row in rows:
        row["cards_html"] = cards_html(row["cards"], lang) if row.get("cards") else ""
        if row["key"] == "row":
            row["html"] = _table_row_html(table, row["text"], lang)
    return rows


def _table_row_html(table: Table, name: str, lang: str) -> str:
    """The row of the variant's settlement table (rule ``settlement.table``) that applied, in words: its conditions
    and its outcome, as the rulebook shows them; empty when the variant has no such row."""
    rows = table.variant.item("settlement.table").get("value") if "settlement.table" in table.variant.rule_ids() else []
    found = next((r for r in rows or [] if isinstance(r, dict) and r.get("name") == name), None)
    if found is None:
        return ""
    return (f'<code>{escape(name)}</code><br>{condition_html(found.get("when", {}), lang)}'
            f'<br>→ {outcome_html(found.get("then", {}), lang)}')
