"""What the table page shows, as plain data for its template: the person's hand as card pictures, the plays on the
table, whose turn, the person's choices, the legal actions, the hand's story and its settlement.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from datong_rules.reference_impl.table import Table as Seats
from datong_rules.rulebook.card_svg import card_name, card_svg, cards_html, suit_label
from datong_rules.rulebook.rules_html import condition_html, outcome_html

from .session import SHOWN_LIMIT, Table
from .words import BUTTONS, SAY, UI, action_words, choice_words, key_label, seat_words, settlement_rows, trick_words, ui


def table_view(table: Table, lang: str) -> dict[str, Any]:
    """The template context of the table's main part (``_main.html``)."""
    person = table.seat
    state = table.state
    over = state.is_terminal()
    hand = table.hand
    climbing = table.game.family == "climbing"
    return {
        "lang": lang,
        "over": over,
        "hand_number": ui("hand_number", lang, n=table.hand_number),
        "hand": [{"card": c, "svg": card_svg(c, lang), "name": card_name(c, lang)} for c in hand],
        "hand_count": ui("cards_left", lang, n=len(hand)),
        "seats": _seats(table, lang),
        "facts": _facts(table, lang),
        "on_table": [_event(e, lang, person) for e in table.on_table()],
        "status": _status(table, lang),
        "choices": _choices(table, lang),
        "legal": _legal(table, lang),
        "story": [trick_words(t, lang, person, climbing) for t in table.tricks][::-1][:12],
        "log": [action_words(e.action, lang, person) for e in table.events][::-1][:40],
        "settlement": _settlement(table, lang) if over else None,
        "ended": SAY["hand_over"][lang].format(n=len(table.tricks)) if over else None,
        "can_next": over and not table.match.over,
    }


def _seats(table: Table, lang: str) -> list[dict[str, Any]]:
    """Each seat: its name, its count of cards, whether it is to act."""
    to_act = None if table.state.is_terminal() else table.state.current_player()
    return [{"name": seat_words(seat, lang, table.seat), "count": ui("cards_left", lang, n=sum(h.values())),
             "turn": seat == to_act, "you": seat == table.seat} for seat, h in enumerate(table.state.hands)]


def _facts(table: Table, lang: str) -> list[str]:
    """The banker and the trump suit, once known (from the hand's ``summary()``)."""
    summary = table.state.summary()
    facts = []
    if isinstance(summary.get("banker"), int):
        facts.append(f'{key_label("banker", lang)}：{seat_words(summary["banker"], lang, table.seat)}' if lang == "zh"
                     else f'{key_label("banker", lang)}: {seat_words(summary["banker"], lang, table.seat)}')
    if isinstance(summary.get("trump_suit"), str):
        colon = "：" if lang == "zh" else ": "
        facts.append(f'{key_label("trump_suit", lang)}{colon}{suit_label(summary["trump_suit"], lang)}')
    if table.out and table.game.family == "climbing":
        colon = "：" if lang == "zh" else ": "
        order = ("、" if lang == "zh" else ", ").join(seat_words(seat, lang, table.seat) for seat in table.out)
        facts.append(f"{key_label('finish', lang)}{colon}{order}")
    return facts


def _event(event: Any, lang: str, person: int) -> dict[str, Any]:
    action = event.action
    cards = list(action.get("cards") or [])
    shown = cards if action["type"] in ("play", "show") else []
    return {"who": seat_words(event.seat, lang, person), "words": action_words(action, lang, person),
            "cards": cards_html(shown, lang) if shown else ""}


def _status(table: Table, lang: str) -> str:
    state = table.state
    if state.is_terminal():
        return ui("turn_over", lang)
    seat = state.current_player()
    if seat == table.seat:
        kind = next((k for k in table.kinds() if f"turn_{k}" in UI), None)
        if kind == "bury":  # a beginner is told how many: the size of any legal bury (the egg, the bottom)
            bury = next(a for a in table.person_actions(2000) if a["type"] == "bury")
            return ui("turn_bury", lang, n=len(bury["cards"]))
        return ui(f"turn_{kind}" if kind else "turn_you", lang)
    if table.awaiting():
        return ui("turn_offer", lang)
    return SAY["turn_of"][lang].format(who=seat_words(seat, lang, table.seat))


def _choices(table: Table, lang: str) -> dict[str, Any]:
    """The person's buttons: card actions (play, bury, give: they take the selection), pass, the offered actions
    listed one by one (shows, loads) and, while the table acts, "go on"."""
    if not table.awaiting():
        return {"card_kinds": [], "buttons": [], "decline": None}
    kinds = table.kinds()
    card_kinds = [{"kind": k, "label": BUTTONS[k][lang]} for k in kinds if k in ("play", "bury", "give")]
    buttons = []
    if "pass" in kinds:
        buttons.append(_button({"type": "pass", "seat": table.seat}, BUTTONS["pass"][lang]))
    for action in table.person_actions(SHOWN_LIMIT):
        if action["type"] == "show":
            buttons.append(_button(action, choice_words(action, lang)))
        elif action["type"] == "load":
            buttons.append(_button(action, choice_words(action, lang)))
    offered = table.state.current_player() != table.seat
    return {"card_kinds": card_kinds, "buttons": buttons, "decline": BUTTONS["decline"][lang] if offered else None,
            "give_to": next((a["to"] for a in table.person_actions(200) if a["type"] == "give"), None)}


def _button(action: dict[str, Any], text: str) -> dict[str, str]:
    return {"action": json.dumps(action, ensure_ascii=False), "label": text}


def _legal(table: Table, lang: str) -> dict[str, Any]:
    """The first :data:`SHOWN_LIMIT` legal actions of the person, each a button that makes it."""
    actions = list(table.person_actions(SHOWN_LIMIT + 1))
    shown = [_button(a, choice_words(a, lang)) for a in actions[:SHOWN_LIMIT]]
    return {"actions": shown, "more": len(actions) > SHOWN_LIMIT}


def _settlement(table: Table, lang: str) -> list[dict[str, Any]]:
    seats = Seats.from_rules(table.variant.data.get("rules", {}))
    rows = settlement_rows(table.state.settlement(), lang, table.seat, seats)
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
