"""Checks of the rules a house variant changes, derived from the reference engine playing the house
(``conform --variant FILE``; ``--derived N``, ``--seed S``, ``--no-derived``).

The hand-worked scenarios a house inherits (:mod:`.house`) were written for other variants: few of them reach the
rules the house changes. For each changed rule, this module asks the reference engine, playing the house, questions
that reach that rule, and keeps as a **derived check** each question whose answer the rule decides: the engine
playing the house with that one rule set back to the value of the variant the house extends (the *set-back
reading*) answers it otherwise (or refuses it). When the set-back reading cannot be played (a rule that only works
together with another the house changes too), the variant the house extends is the reading compared. When no
question tells the house from that reading (two values that play alike beside the house's other rules), the house
with each other value the game's rule schema names for the rule is tried in turn (:func:`readings`). So a derived
check is counted for a rule only when that rule bears on it, and an engine that plays the rule as the parent does
(or ignores it) fails it. The expected answer is the reference engine's whole answer under the house; each check
says in its description which reading answers otherwise.

The questions, for each operation whose answer reads the rule (the game's ``RULES_READ``; every other operation
when none of those shows it):

* **steered**: the givens of the suite's scenarios of that operation (the decision points the hand-worked scenarios
  were written for), then questions drawn from the game's generators (:mod:`.fuzz.steer`'s :func:`draw`) for the
  house and for the set-back reading (its combinations are those the house may refuse), from a seed; at most
  ``count`` kept per rule;
* **played** (a rule no such question shows, such as a match's target tally): the records of whole matches the
  game's bots play under the house (:data:`MATCHES` matches of at most :data:`MATCH_HANDS` hands), asked as
  ``replay`` questions (records of the house itself);
* **swept** (``classify`` and ``beats``, where the game has them): every multiset of ranks up to the largest size
  whose number stays under :data:`SWEEP_LIMIT` (sizes 1 to 4 for one to three decks; each rank's copies in a fixed
  order of suits), then the *shaped* multisets of the larger sizes up to :data:`SWEEP_MAX_SIZE` cards, where the
  rules of bigger combinations bear (airplanes with wings, runs, full houses, four with two, linked bombs):
  :func:`shaped_multisets` (a run of ranks each held the same number of times, alone or with attached cards of one
  rank or of distinct ranks; all the bare runs, the others a seeded sample of :data:`SHAPED_LIMIT` where they are
  more); each asked as the generators' question with its cards replaced; and pairs of the combinations found
  (by the house or the reading), one on the table and one played, all of them or a seeded sample of
  :data:`PAIR_LIMIT`; at most :data:`SWEEP_KEPT` kept per rule and operation (a seeded sample).

Everything is drawn from ``seed`` (the same seed gives the same checks); the reference engine's answers are cached
(:mod:`.playing`).

:func:`cover` counts, per changed rule, the inherited scenarios and derived checks that tell the house from the
first reading compared on it; a rule with neither is *unchecked*.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.cards import ALL_CARDS, card_rank
from datong_rules.reference_impl.variant import Variant, load_variant
from datong_rules.reference_impl.variant.findings import semantic_findings

from .adapters.reference.inputs import has_strategies, input_strategies, rules_read
from .fuzz.records_gen import played_match
from .fuzz.steer import draw
from .find_dependencies import schema_choices
from .house import HouseSuite, game_of, same, value
from .playing import Playing, Refused, playing
from .runner import _copy  # a fast copy of JSON-like data
from .scenarios_io import Scenario

DEFAULT_COUNT = 20
"""Steered derived checks kept per changed rule (``--derived``)."""
DEFAULT_SEED = 0
"""The seed of the drawn questions (``--seed``)."""
DRAWS = 100
"""Questions drawn per operation from each reading's generators (house and set-back) at a time."""
ROUNDS = 2
"""How many times :data:`DRAWS` questions are drawn, at most, while a rule has fewer than ``count`` checks."""
MATCHES = 8
"""Matches played for a rule no question of an operation shows (a match rule)."""
MATCH_HANDS = 6
"""The most hands of such a match."""
SWEEP_LIMIT = 4000
"""Rank multisets the ``classify`` sweep may ask (all sizes up to the largest that stays under it)."""
SWEEP_MAX_SIZE = 16
"""The largest card set the ``classify`` sweep asks (12- to 16-card airplanes with wings, 8-card four with two pairs,
runs of up to 13 ranks)."""
SHAPED_LIMIT = 4000
"""Shaped multisets of the sizes above the exhaustive ones the sweep may ask besides the bare runs (a seeded sample
where :func:`shaped_multisets` makes more)."""
PAIR_LIMIT = 3000
"""Pairs of combinations the ``beats`` sweep may ask."""
SWEEP_KEPT = 200
"""Swept derived checks kept per changed rule and operation (a seeded sample when more differ)."""
STEERED, SWEPT, PLAYED = "steered", "swept", "played"
"""How a derived check was made (:attr:`Scenario.derived`)."""


def with_value(house: Variant, rule: str, new: Any) -> Variant | None:
    """``house`` with ``rule`` set to ``new`` (for a section id, ``new`` is ``{item id: value}`` of its items), or
    ``None`` when that variant is not one the game's checks and the engine accept (or the rule is missing)."""
    data = copy.deepcopy(house.data)
    items = new if isinstance(new, dict) and not _is_item(house, rule) else {"": new}
    for sub, item_value in items.items():
        node: Any = data.get("rules", {})
        for part in rule.split(".") + (sub.split(".") if sub else []):
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        if not isinstance(node, dict) or "value" not in node:
            return None
        node["value"] = copy.deepcopy(item_value)
    variant = Variant(house.id, data, house.file, house.chain)
    if semantic_findings(variant, None):
        return None
    try:
        playing(variant)
    except ValueError:
        return None
    return variant


def set_back(house: Variant, parent: Variant, rule: str) -> Variant | None:
    """``house`` with ``rule`` (an item or a section) set back to ``parent``'s value (:func:`with_value`)."""
    return with_value(house, rule, value(parent, rule))


def _is_item(variant: Variant, rule: str) -> bool:
    try:
        variant.item(rule)
    except KeyError:
        return False
    return True


def _reads(rule: str, read: Iterable[str]) -> bool:
    return any(r == rule or r.startswith(rule + ".") or rule.startswith(r + ".") for r in read)


def _key(answer: dict[str, Any] | Refused) -> str:
    return f"refused: {answer.message}" if isinstance(answer, Refused) else json.dumps(answer, sort_keys=True)


def bears(house: Playing, back: Playing, op: str, given: dict[str, Any]) -> bool:
    """Whether the rule set back in ``back`` bears on the question: the house answers it (a valid question there)
    and ``back`` answers it otherwise or refuses it."""
    answer = house.answer(op, given)
    return not isinstance(answer, Refused) and _key(answer) != _key(back.answer(op, given))


@dataclass(frozen=True)
class Compared:
    """A reading the house is compared with for one changed rule: ``variant``, and how a report says it (``en``,
    ``zh``: the end of a sentence saying the answer there differs)."""

    variant: Variant
    en: str
    zh: str


def readings(house: Variant, parent: Variant, rule: str) -> list[Compared]:
    """The readings the house is compared with for ``rule``, in order: the set-back reading (else the parent
    itself, when the rule cannot be set back alone), then the house with each other value the game's rule schema
    names for the rule (so that a change no question tells from the parent's value, as two values that play alike
    with the house's other rules, is still checked on what the rule decides)."""
    shown = json.dumps(value(parent, rule), ensure_ascii=False, default=str)
    back = set_back(house, parent, rule)
    out = [Compared(back, f"with {rule} set back to {parent.id}'s value ({shown}) the answer differs",
                    f"把 {rule} 改回 {parent.id} 的取值（{shown}），答案就不同") if back is not None else
           Compared(parent, f"{parent.id} answers otherwise ({rule} cannot be set back alone)",
                    f"{parent.id} 的答案不同（{rule} 不能单独改回）")]
    own, old = value(house, rule), value(parent, rule)
    for other in schema_choices(game_of(house)).get(rule, []):
        if same(other, own) or same(other, old):
            continue
        variant = with_value(house, rule, other)
        if variant is not None:
            text = json.dumps(other, ensure_ascii=False, default=str)
            out.append(Compared(variant, f"with {rule} set to {text} the answer differs",
                                f"把 {rule} 改成 {text}，答案就不同"))
    return out


def cover(suite: HouseSuite, parent: Variant) -> None:
    """Fill ``suite.coverage`` (changed rule → ``{"hand_worked": n, "derived": m}``: the inherited scenarios and
    the derived checks of that rule: an inherited scenario counts when the set-back reading, else the parent,
    answers it otherwise) and ``suite.unchecked``."""
    house = playing(suite.variant)
    suite.coverage = {}
    for rule in suite.changed:
        back = playing(set_back(suite.variant, parent, rule) or parent)
        hand = sum(1 for s in suite.scenarios if not s.derived and bears(house, back, s.op, s.given))
        suite.coverage[rule] = {"hand_worked": hand, "derived": sum(1 for s in suite.derived if rule in s.rules)}
    suite.unchecked = [r for r, row in suite.coverage.items() if not row["hand_worked"] and not row["derived"]]


def check_house(suite: HouseSuite, scenarios: Iterable[Scenario], *, count: int = DEFAULT_COUNT,
                seed: int = DEFAULT_SEED, derived: bool = True) -> HouseSuite:
    """Make the derived checks of ``suite``'s changed rules (unless ``derived`` is false) and its coverage.

    Args:
        suite: what :func:`.house.inherit` gave.
        scenarios: the suite the house was checked with (its givens steer the questions).
        count: steered derived checks kept per changed rule (0: only the sweeps).
        seed: the seed of the drawn questions and of the sweeps' samples.

    Returns:
        ``suite``, with ``derived``, ``coverage`` and ``unchecked`` set.
    """
    house = suite.variant
    parent = load_variant(house.parent) if house.parent else None
    if parent is None:
        return suite
    suite.derived = derive(house, parent, suite.changed, scenarios, count=count, seed=seed) if derived else []
    cover(suite, parent)
    return suite


def derive(house: Variant, parent: Variant, changed: Iterable[str], scenarios: Iterable[Scenario], *,
           count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED) -> list[Scenario]:
    """The derived checks of each rule of ``changed`` (see the module doc), in rule order, each a
    :class:`~.scenarios_io.Scenario` of the house (``fixture`` it) whose ``derived`` says how it was made and whose
    ``rules`` is the one changed rule it checks; ids ``derived.<house id>.<rule>.<op>.<n>``."""
    if not has_strategies(house):
        return []
    game = game_of(house)
    engine = playing(house)
    read = rules_read(house)
    givens: dict[str, list[dict[str, Any]]] = {}
    for scenario in scenarios:
        if scenario.game == game and scenario.op in read:
            givens.setdefault(scenario.op, []).append(scenario.given)
    out: list[Scenario] = []
    for rule in changed:
        ops = [op for op, rules in read.items() if _reads(rule, rules)]
        for compared in readings(house, parent, rule):
            made = _rule_checks(house, compared.variant, rule, ops, givens, count, f"{seed}:{rule}")
            out += [_check(house, rule, op, given, engine.answer(op, given), how, index, compared)
                    for index, (op, given, how) in enumerate(made, 1)]
            if made:
                break
    return out


def _rule_checks(house: Variant, reading: Variant, rule: str, ops: list[str], givens: dict[str, list[dict[str, Any]]],
                 count: int, seed: str) -> list[tuple[str, dict[str, Any], str]]:
    """``(op, given, how)`` of the derived checks of ``rule`` against ``reading`` (see the module doc)."""
    engine, back = playing(house), playing(reading)
    steered = _kept(_steered(house, reading, ops, givens, count, seed), engine, back, count)
    if not steered:  # no operation said to read the rule shows it: every other operation is tried
        others = [op for op in rules_read(house) if op not in ops]
        steered = _kept(_steered(house, reading, others, givens, count, seed), engine, back, count)
    played = [] if steered or count <= 0 else _kept(_matches(house, seed), engine, back, count)
    found = _kept(_swept(house, reading, ops, seed), engine, back, None)
    swept = [q for op in dict.fromkeys(op for op, _ in found)
             for q in _sample([q for q in found if q[0] == op], SWEEP_KEPT, f"{seed}:{op}")]
    return [*((op, given, STEERED) for op, given in steered), *((op, given, PLAYED) for op, given in played),
            *((op, given, SWEPT) for op, given in swept)]


def _kept(questions: Iterator[tuple[str, dict[str, Any]]], engine: Playing, back: Playing,
          most: int | None) -> list[tuple[str, dict[str, Any]]]:
    """The distinct questions the rule bears on (:func:`bears`), at most ``most``."""
    kept: dict[str, tuple[str, dict[str, Any]]] = {}
    for op, given in questions:
        if most is not None and len(kept) >= most:
            break
        key = op + json.dumps(given, sort_keys=True)
        if key not in kept and bears(engine, back, op, given):
            kept[key] = (op, given)
    return list(kept.values())


def _sample(items: list[Any], most: int, seed: str) -> list[Any]:
    """``items`` when there are at most ``most``, else a seeded sample of ``most`` in their order."""
    if len(items) <= most:
        return items
    chosen = sorted(random.Random(f"sample:{seed}").sample(range(len(items)), most))
    return [items[i] for i in chosen]


def _steered(house: Variant, reading: Variant, ops: list[str], givens: dict[str, list[dict[str, Any]]],
             count: int, seed: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The steered questions of ``ops`` (none when ``count`` is 0): the suite's givens, then questions drawn
    from the house's and the reading's generators, alternately, :data:`DRAWS` at a time, at most :data:`ROUNDS`
    times (the caller stops taking them once it has enough)."""
    if count <= 0:
        return
    for op in ops:
        yield from ((op, given) for given in givens.get(op, []))
    made = []
    for variant in (house, reading):
        try:
            made.append(input_strategies(variant))
        except ValueError:
            continue
    for round_ in range(ROUNDS):
        for op in ops:
            drawn = [draw(strategies[op], DRAWS, f"{seed}:{op}:{n}:{round_}") for n, strategies in enumerate(made)
                     if op in strategies]
            for pair in itertools.zip_longest(*drawn):
                yield from ((op, given) for given in pair if given is not None)


def _matches(house: Variant, seed: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """``replay`` questions: the records of :data:`MATCHES` matches of at most :data:`MATCH_HANDS` hands that the
    game's random bots play under the house, from seeds drawn from ``seed`` (none for a game whose records are not
    generated)."""
    game = games.game_of_variant(house.id)
    rng = random.Random(f"matches:{seed}")
    for _ in range(MATCHES):
        record = played_match(game, playing(house).rules, rng.randrange(1 << 31), MATCH_HANDS)
        if record is None:
            return
        yield "replay", {"record": record}


def _copies(decks: int) -> dict[str, list[str]]:
    """Rank → its cards in the order a sweep takes them: one of each suit (spades, clubs, diamonds, hearts: the
    hearts last, as they are 打墩's wild cards at the level), then again for each further deck."""
    order = {"S": 0, "C": 1, "D": 2, "H": 3}
    ranks: dict[str, list[str]] = {}
    for card in sorted(ALL_CARDS, key=lambda c: order.get(c[0], 4)):
        ranks.setdefault(card_rank(card), []).append(card)
    return {rank: cards * decks for rank, cards in ranks.items()}


def rank_multisets(decks: int, limit: int = SWEEP_LIMIT) -> list[list[str]]:
    """Every multiset of ranks of a pack of ``decks`` decks, as cards (:func:`_copies`), by size from 1 up to the
    largest size whose multisets, with all smaller ones, number at most ``limit``."""
    copies = _copies(decks)
    ranks = list(copies)
    out: list[list[str]] = []
    for size in itertools.count(1):
        found = [[c for rank, n in counts for c in copies[rank][:n]] for counts in _counts(ranks, copies, size)]
        if len(out) + len(found) > limit or not found:
            return out
        out += found


def swept_multisets(decks: int, seed: str) -> list[list[str]]:
    """The card sets the ``classify`` sweep asks: :func:`rank_multisets`, then :func:`shaped_multisets` of the
    larger sizes."""
    small = rank_multisets(decks)
    return small + shaped_multisets(decks, max(map(len, small), default=0) + 1, seed=seed)


def shaped_multisets(decks: int, least: int, most: int = SWEEP_MAX_SIZE, *, limit: int = SHAPED_LIMIT,
                     seed: str = "") -> list[list[str]]:
    """Multisets of ranks of ``least`` to ``most`` cards shaped as the combinations of a climbing catalogue are
    (as cards, :func:`_copies`): a *body* of ``n`` consecutive ranks (in the order 2, 3, …, K, A, going round from
    A to 2, so that runs with the ace high or low are both there) each held ``k`` times, alone or with ``a``
    attached cards, ``a`` being 1, 2, ``n``, ``2n`` or 4 (three with one, four with two, wings of singles or
    pairs, a full house's pair): all of one rank (the rank above the body, the rank below, the body's first rank,
    the big joker), of distinct ranks above the body (singles, or pairs), of distinct ranks from the far side of the
    pack, or the two jokers. Every bare body is kept; the bodies with attached cards are kept all when they number
    at most ``limit``, else a sample of ``limit`` drawn from ``seed``. No rank is taken more times than the pack
    holds; no multiset twice. Each returned set lists its cards by rank in the order of first appearance."""
    copies = _copies(decks)
    plain = [rank for rank in copies if rank not in ("BJ", "LJ")]
    bare: dict[str, list[str]] = {}
    attached: dict[str, list[str]] = {}
    for count in range(1, min(len(copies[plain[0]]), most) + 1):
        for length in range(1, len(plain) + 1):
            if count * length > most:
                break
            for start in range(len(plain) if length < len(plain) else 1):
                body = [plain[(start + i) % len(plain)] for i in range(length)]
                above, below = plain[(start + length) % len(plain)], plain[(start - 1) % len(plain)]
                _add(bare, copies, [(rank, count) for rank in body], least, most)
                for extra in sorted({1, 2, length, 2 * length, 4}):
                    for wings in _wings(plain, body, above, below, extra):
                        _add(attached, copies, [(rank, count) for rank in body] + wings, least, most)
    rest = [cards for key, cards in attached.items() if key not in bare]
    return list(bare.values()) + _sample(rest, limit, f"shaped:{seed}")


def _wings(plain: list[str], body: list[str], above: str, below: str, extra: int) -> list[list[tuple[str, int]]]:
    """The attached cards :func:`shaped_multisets` tries for a body: ``(rank, how many)`` lists of ``extra`` cards."""
    free = [rank for rank in plain[plain.index(above):] + plain[:plain.index(above)] if rank not in body]
    out = [[(rank, extra)] for rank in dict.fromkeys((above, below, body[0], "BJ"))]
    out.append([(rank, 1) for rank in free[:extra]])  # distinct singles next above the body
    out.append([(rank, 1) for rank in free[::-1][:extra]])  # distinct singles from the far side
    pairs, odd = divmod(extra, 2)
    if not odd:
        out.append([(rank, 2) for rank in free[:pairs]])  # distinct pairs
        out.append([(rank, 2) for rank in free[::-1][:pairs]])
    if extra == 2:
        out.append([("BJ", 1), ("LJ", 1)])
    return out


def _add(found: dict[str, list[str]], copies: dict[str, list[str]], counts: list[tuple[str, int]], least: int,
         most: int) -> None:
    """Put the multiset ``counts`` (as cards) in ``found`` when its size is in ``[least, most]`` and the pack holds
    it (keyed by its sorted counts, so once)."""
    merged: dict[str, int] = {}
    for rank, n in counts:
        merged[rank] = merged.get(rank, 0) + n
    size = sum(merged.values())
    if not least <= size <= most or any(n > len(copies[rank]) for rank, n in merged.items()):
        return
    key = ",".join(f"{rank}:{n}" for rank, n in sorted(merged.items()))
    found.setdefault(key, [c for rank, n in merged.items() for c in copies[rank][:n]])


def _counts(ranks: list[str], copies: dict[str, list[str]], size: int) -> Iterator[list[tuple[str, int]]]:
    """Every way to take ``size`` cards as ``(rank, how many)`` with at most the rank's copies."""
    if size == 0:
        yield []
        return
    if not ranks:
        return
    first, rest = ranks[0], ranks[1:]
    for n in range(min(size, len(copies[first])), -1, -1):
        for tail in _counts(rest, copies, size - n):
            yield ([(first, n)] if n else []) + tail


def _swept(house: Variant, reading: Variant, ops: list[str], seed: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The swept questions of ``classify`` and ``beats`` among ``ops`` (see the module doc), shaped as the house's
    generators shape them."""
    wanted = [op for op in ("classify", "beats") if op in ops]
    if not wanted:
        return
    try:
        strategies = input_strategies(house)
    except ValueError:
        return
    if "classify" not in strategies:
        return
    template = draw(strategies["classify"], 1, f"{seed}:template")
    if not template or "cards" not in template[0]:
        return
    decks = house.rule("deck.decks") if _is_item(house, "deck.decks") else 1
    engine, back = playing(house), playing(reading)
    combos = []
    for cards in swept_multisets(int(decks), seed):
        given = {**template[0], "cards": cards}
        if "classify" in wanted:
            yield "classify", given
        answers = [engine.answer("classify", given), back.answer("classify", given)]
        if any(_is_combination(a) for a in answers):
            combos.append((cards, answers[0]))
    if "beats" in wanted and "beats" in strategies:
        pattern = draw(strategies["beats"], 1, f"{seed}:beats-template")
        pairs = list(itertools.permutations(range(len(combos)), 2))
        for a, b in _sample(pairs, PAIR_LIMIT, seed) if pattern else []:
            given = _beats_given(pattern[0], combos[a], combos[b])
            if given is not None:
                yield "beats", given


def _is_combination(answer: dict[str, Any] | Refused) -> bool:
    """Whether a ``classify`` answer reads the cards as some combination (a ``combination``, or ``readings`` or
    ``combinations`` not empty)."""
    return isinstance(answer, dict) and any(answer.get(k) for k in ("combination", "combinations", "readings"))


def _beats_given(pattern: dict[str, Any], table: tuple[list[str], Any], play: tuple[list[str], Any]) \
        -> dict[str, Any] | None:
    """``pattern`` (a generated ``beats`` question) with ``table``'s cards on the table and ``play``'s played: a
    list of cards replaced by the cards, a mapping's ``cards`` replaced and its ``reading`` (if any) set to the
    first reading the house's ``classify`` gives them, cut to the keys the pattern's reading has; ``None`` when the
    pattern has no such shape."""
    given = _copy(pattern)
    for key, (cards, answer) in (("table", table), ("play", play)):
        part = given.get(key)
        if isinstance(part, list):
            given[key] = list(cards)
        elif isinstance(part, dict) and "cards" in part:
            part["cards"] = list(cards)
            if isinstance(part.get("reading"), dict):
                readings = answer.get("readings") if isinstance(answer, dict) else None
                if not readings or not isinstance(readings[0], dict):
                    return None
                part["reading"] = {k: v for k, v in readings[0].items() if k in part["reading"]}
        else:
            return None
    return given


def _check(house: Variant, rule: str, op: str, given: dict[str, Any], answer: dict[str, Any], how: str, index: int,
           compared: Compared) -> Scenario:
    """One derived check (see :func:`derive`)."""
    made = {STEERED: ("a steered question", "定向生成的问题"), SWEPT: ("a swept question", "穷举的问题"),
            PLAYED: ("the record of a match the reference engine's bots played under the house",
                     "参考引擎的机器人按这个家规打的一场的记录")}[how]
    return Scenario(
        id=f"derived.{house.id}.{rule}.{op}.{index:03d}", variant=house.id, rules=(rule,), op=op,
        given=copy.deepcopy(given), expect=copy.deepcopy(answer),
        description={"zh": f"派生检查（{made[1]}，不是手算的）：期望值是参考引擎按这个家规给出的答案；{compared.zh}。",
                     "en": f"Derived check ({made[0]}, not hand-worked): the expected answer is the reference "
                           f"engine's under the house rules; {compared.en}."},
        fixture=house, derived=how)
