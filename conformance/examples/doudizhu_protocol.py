"""The plumbing shared by the example adapters that put a public Dou Dizhu engine behind the conformance protocol 2
(``rlcard_doudizhu/impl.py``, ``openspiel_doudizhu/impl.py``): reading and checking a query's cards, counting an
engine's plays of ranks as card sets, and the JSON-lines loop. It holds no rule: each adapter's engine answers.

An adapter describes itself with an :class:`Engine` and calls :func:`serve`.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

CARD_TOKEN = re.compile(r"^(?:[SHCD](?:10|[2-9JQKA])|BJ|LJ)$")
VARIANTS = ("biedan/biedan-doudizhu", "biedan/doudizhu-judger")


class BadQuery(ValueError):
    """A query an adapter cannot read (a bad card token, a card named twice, a missing key, a table that is no
    combination for the engine): answered ``errored`` with the message."""


class NotAnswerable(Exception):
    """A query the engine cannot be asked (e.g. a hand larger than its deal): answered ``skipped`` with the message."""


def cards_of(given: dict, key: str, *, empty: bool = False) -> list[str]:
    """The kit's card tokens under ``given[key]``, checked as the protocol asks (canonical tokens, each once).

    Raises:
        BadQuery: not a list of canonical tokens, a token twice, or empty when ``empty`` is false.
    """
    cards = given.get(key)
    if not isinstance(cards, list) or not (cards or empty):
        raise BadQuery(f"'{key}' must be a{'' if empty else ' non-empty'} list of cards")
    for card in cards:
        if not isinstance(card, str) or not CARD_TOKEN.match(card):
            raise BadQuery(f"bad card {card!r} in '{key}': expected a token such as H10, SA, BJ or LJ")
    if len(set(cards)) != len(cards):
        raise BadQuery(f"'{key}' names a card twice (one deck: every card once)")
    return cards


def check_flags(given: dict, hand: list[str], table: list[str] | None) -> None:
    """The protocol's checks of a ``legal_play(_count)`` query beyond its cards.

    Raises:
        BadQuery: a card both in the hand and on the table, or contradictory flags (as the operations page says).
    """
    if table is not None and set(hand) & set(table):
        raise BadQuery("a card is both in 'hand' and on the 'table'")
    if given.get("passed") and table is None:
        raise BadQuery("'passed' is true but the player leads (table null)")
    if given.get("first_lead") and table is not None:
        raise BadQuery("'first_lead' is true but there is a table to beat")


def play_of(given: dict) -> list[str] | str:
    """``given['play']``: ``"pass"`` or a list of card tokens (not yet checked against the hand).

    Raises:
        BadQuery: neither.
    """
    play = given.get("play")
    if play == "pass":
        return play
    if not isinstance(play, list) or not all(isinstance(c, str) and CARD_TOKEN.match(c) for c in play):
        raise BadQuery("'play' must be \"pass\" or a list of cards")
    return play


def not_held(hand: list[str], play: list[str]) -> dict | None:
    """The kit's refusal of a play that is empty or not cards of the hand (``empty_play``, ``not_in_hand``), else
    None."""
    if not play:
        return {"legal": False, "reason": "empty_play"}
    if len(set(play)) != len(play) or not set(play) <= set(hand):
        return {"legal": False, "reason": "not_in_hand"}
    return None


def judge_play(given: dict, hand: list[str], table: list[str] | None, can_pass: bool,
               listed: Callable[[list[str]], bool], why_not: Callable[[list[str]], str]) -> dict:
    """``legal_play``'s answer from an engine's verdicts: ``can_pass`` (the engine lists a pass), ``listed(play)``
    (the engine lists the play among the hand's legal actions) and ``why_not(play)`` (the kit's reason code for a
    play the engine does not let beat the table). Leading, a play the engine does not list is ``not_a_combination``.

    Raises:
        BadQuery: ``given['play']`` is neither ``"pass"`` nor a list of cards.
    """
    play = play_of(given)
    if play == "pass":
        return {"legal": True} if can_pass else {"legal": False, "reason": "must_lead"}
    refused = not_held(hand, play)
    if refused:
        return refused
    if listed(play):
        return {"legal": True}
    if table is None:
        return {"legal": False, "reason": "not_a_combination"}
    return {"legal": False, "reason": why_not(play)}


def count_card_sets(held: Counter, plays: Iterable[Counter], can_pass: bool) -> dict:
    """``legal_play_count``'s answer from an engine's plays of ranks: each play counted once per card set of the
    hand it stands for (the product, over its ranks, of "held choose used"); ``held`` counts the hand's ranks."""
    count = sum(math.prod(math.comb(held[r], n) for r, n in play.items()) for play in plays)
    return {"count": count + can_pass, "plays": count, "pass": can_pass}


@dataclass
class Engine:
    """What an adapter tells :func:`serve`: its name and version, why it cannot answer (None: it can), and one
    function per operation it answers (``op`` -> ``given`` -> answer), and the variants it answers (by id)."""

    name: str
    version: str
    why_not: str | None
    answers: dict[str, Callable[[dict], dict]] = field(default_factory=dict)
    variants: tuple[str, ...] = VARIANTS


def reply(message: dict) -> None:
    """One JSON line on stdout."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(engine: Engine, message: dict) -> dict:
    """The reply to one ``query`` message: ``result``, ``errored`` (a :class:`BadQuery`) or ``skipped`` (another
    variant, an operation the engine does not play, a :class:`NotAnswerable` query, or the engine missing)."""
    qid, op, variant = message.get("id"), message.get("op"), message.get("variant")
    if engine.why_not:
        return {"type": "skipped", "id": qid, "reason": engine.why_not}
    if variant not in engine.variants:
        return {"type": "skipped", "id": qid,
                "reason": f"{engine.name} plays Dou Dizhu only ({', '.join(engine.variants)})"}
    if op not in engine.answers:
        return {"type": "skipped", "id": qid, "reason": f"{op} is not answered by the engine's code"}
    given = message.get("given")
    try:
        if not isinstance(given, dict):
            raise BadQuery("'given' must be an object")
        return {"type": "result", "id": qid, "answer": engine.answers[op](given)}
    except BadQuery as err:
        return {"type": "errored", "id": qid, "message": str(err)}
    except NotAnswerable as err:
        return {"type": "skipped", "id": qid, "reason": str(err)}


def serve(engine: Engine) -> None:
    """Read the runner's messages on stdin until ``stop`` or the end of input, answering on stdout.

    The ``ready`` message declares ``biedan/*``: the house file's id is known to the runner only when it is given;
    queries about any variant but the engine's ``variants`` are answered skipped.
    """
    if engine.why_not:
        print(engine.why_not, file=sys.stderr)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            reply({"type": "ready", "protocol": 2, "name": engine.name, "version": engine.version,
                   "variants": ["biedan/*"], "operations": list(engine.answers), "keeps_variant_rules": True})
        elif kind == "query":
            reply(answer(engine, message))
        elif kind == "stop":
            return
