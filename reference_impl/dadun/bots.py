"""打墩 Dadun bots: ``Bot(rng)`` with ``choose(state) -> action``; ``RandomBot`` is :mod:`..climbing.bots`'s.

The greedy bot decides from the hand's play classes (:func:`.count.play_classes`: one per rank, run window, bomb
size …; the seat's, kept up to date as it plays: :meth:`.state.HandState.lead_classes`) without listing every play,
then picks cards of the chosen class from the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from ..climbing.bots import Bot, RandomBot
from ..search_bot import searching
from ..climbing.cardset import SUITS, rank_of, sort_cards
from ..climbing.reading import Reading
from ..climbing.seats import partner_of
from . import combinations as cb
from . import measures
from .count import PlayClass
from .plays import legal_plays
from .state import HandState

_BOMBS = frozenset(c for c, tier in cb.TIER.items() if tier > 0)
"""The combinations of the bomb tiers (bombs, duns, linked duns …)."""

_ORDINARY = frozenset(c for c, tier in cb.TIER.items() if tier == 0)
"""The combinations of the ordinary tier."""

_SUITS_IN_ORDER = tuple(sorted(SUITS))
"""The suits in the order of the cards' notation when they are of one rank (a card is its suit then its rank)."""

_ONLY = {c: frozenset((c,)) for c in cb.TIER}
"""Each combination alone (what a follow with the table's own combination looks among)."""

_EXACT = frozenset(("straight_flush", "dun", "linked_dun", "joker_bomb"))
"""Combinations whose reading names each card's suit (a wild stands for one exact card)."""


def _strength(state: HandState, combination: str, stood: tuple[str, ...]) -> tuple:
    """What the greedy bot minimises: tier, then (leading) the longest play, then the compare key."""
    return _strengths(state)(combination, stood)


def _strengths(state: HandState) -> Callable[[str, tuple[str, ...]], tuple]:
    """:func:`_strength` at this decision of ``state``, as a function of (combination, stood) (remembered per rules
    object)."""
    rules, level = state.rules, state.level
    leading = state.table is None
    was = "hand_opening" if state._next_is_hand_opening else "round_opening"  # what this lead will be [ranking.lead_means]
    promoted = not leading or not cb.table_is_led(rules, was)
    memo = cb.rules_memo(rules, "greedy_strength")
    get = memo.get

    def strength(combination: str, stood: tuple[str, ...]) -> tuple:
        slot = (combination, stood, level, leading, promoted)
        found = get(slot)
        if found is None:
            found = memo[slot] = (cb.TIER[combination], -len(stood) if leading else 0,
                                  cb.key(rules, combination, stood, level, promoted))
        return found
    return strength


def _first_realisation(hand: Counter, wild: str, found: PlayClass) -> tuple[str, ...] | None:
    """The first card multiset :func:`_realisations` yields when it has no wild card and each card of the class
    is the first one it may be played by (its own card, else the first other card of its rank held); None
    otherwise (the caller then walks :func:`_realisations`)."""
    left: dict[str, int] = {}
    chosen = []
    exact = found.combination in _EXACT
    for wanted in found.stood:
        if wanted == wild:
            return None
        taken = left.get(wanted, 0)
        if hand.get(wanted, 0) > taken:
            left[wanted] = taken + 1
            chosen.append(wanted)
            continue
        if exact:
            return None
        rank = rank_of(wanted)
        for suit in _SUITS_IN_ORDER:  # the other cards of its rank in notation order: only their suits differ
            card = suit + rank
            taken = left.get(card, 0)
            if card != wanted and card != wild and hand.get(card, 0) > taken:
                left[card] = taken + 1
                chosen.append(card)
                break
        else:
            return None
    return tuple(sort_cards(chosen))


def _realisations(hand: Counter, wild: str, found: PlayClass, limit: int = 64) -> Iterator[tuple[str, ...]]:
    """Card multisets of ``hand`` that may realise ``found`` (natural cards first, wilds for the rest); at most
    ``limit`` tries. A card of the class may be played by the card itself, then (suit-blind combinations) by another
    card of its rank, in notation order, then by a wild card."""
    same_rank: dict[str, list[str]] = {}  # rank → the hand's natural cards of that rank, in string order
    if found.combination not in _EXACT:
        for card in sorted(hand):
            if card != wild:
                same_rank.setdefault(rank_of(card), []).append(card)
    yield from _walk(found.stood, 0, dict(hand), same_rank, wild, [], [0], limit)


def _options(wanted: str, left: dict[str, int], same_rank: dict[str, list[str]], wild: str) -> list[str]:
    """The cards that may stand in the place of ``wanted`` (:func:`_realisations`' order), of those ``left``."""
    out = [wanted] if left.get(wanted, 0) > 0 else []
    out += [c for c in same_rank.get(rank_of(wanted), ()) if c != wanted and left[c] > 0]
    if wild not in out and left.get(wild, 0) > 0:
        out.append(wild)
    return out


def _walk(stood: tuple[str, ...], i: int, left: dict[str, int], same_rank: dict[str, list[str]], wild: str,
          chosen: list[str], tries: list[int], limit: int) -> Iterator[tuple[str, ...]]:
    """:func:`_realisations` from the place ``i`` of the class's cards on (``chosen``: the cards of the places
    before; ``tries``: the multisets given so far, one count shared by the walk). A function of the module, not a
    closure: a closure that calls itself is a reference cycle left for the garbage collector."""
    if tries[0] >= limit:
        return
    if i == len(stood):
        tries[0] += 1
        yield tuple(sort_cards(chosen))
        return
    for card in _options(stood[i], left, same_rank, wild):
        left[card] -= 1
        chosen.append(card)
        yield from _walk(stood, i + 1, left, same_rank, wild, chosen, tries, limit)
        chosen.pop()
        left[card] += 1


class GreedyBot(Bot):
    """Leads its longest play of lowest strength; follows with the weakest play that beats the table, never
    bombing its partner's play; otherwise passes."""

    def choose(self, state: HandState) -> dict:
        """The weakest useful legal action."""
        seat = state.current_player()
        assert seat is not None
        if state.tribute_step is not None:  # settlement.tribute: the first card it may give (the lowest token)
            return next(state.legal_actions())
        table = state.table[1] if state.table is not None else None
        if table is not None and seat in state.locked:
            return {"type": "pass", "seat": seat}
        partners = state.table is not None and state.table[2] == partner_of(seat, state.rules.players)
        classes = self._classes(state, seat, table, partners)
        if not classes:
            return {"type": "pass", "seat": seat}
        # the strength's first two terms first (tier, and leading the length): the key only for the classes left
        if table is not None and cb.TIER[table.combination] == 0 and classes[0].combination == table.combination:
            low = classes  # following with the table's own combination: one tier, no length term
        elif table is None and not cb.TIER[classes[0].combination]:  # leading an ordinary play: the longest
            longest = max(len(c.stood) for c in classes)
            low = [c for c in classes if len(c.stood) == longest]
        else:
            leading = table is None
            heads = [(cb.TIER[c.combination], -len(c.stood) if leading else 0) for c in classes]
            head = min(heads)
            low = [c for c, h in zip(classes, heads) if h == head]
        if len(low) == 1:
            best = low[0]
        else:
            strength = _strengths(state)
            best = min(low, key=lambda c: strength(c.combination, c.stood))
        cards, reading = self._play_of(state, best)
        return state.play_action(cards, reading)

    @staticmethod
    def _classes(state: HandState, seat: int, table: Reading | None, partners: bool) -> list[PlayClass]:
        """The classes the bot chooses among, from the seat's kept lead classes (:meth:`.state.HandState.
        lead_classes`, kept up to date as it plays), shape by shape from the cheapest: the bot takes the lowest
        tier first, so the bombs' shapes are looked at only when no ordinary play will do. Leading: the ordinary
        classes (every class only when there is none). Following: those of the table's own combination that beat
        it; the bombs that beat it only when no ordinary play will do, never on the partner's play."""
        leads = state.lead_classes(seat)
        if table is None:
            ordinary = [c for c in leads.classes(_ORDINARY) if not cb.TIER[c.combination]]
            return ordinary or leads.classes()
        if cb.TIER[table.combination] == 0:
            own = [c for c in leads.beating(table, state.table_was, _ONLY[table.combination])
                   if c.combination == table.combination]
            if own or partners:
                return own
        elif partners:
            return []
        return [c for c in leads.beating(table, state.table_was, _BOMBS) if cb.TIER[c.combination] > 0]

    @staticmethod
    def _play_of(state: HandState, best: PlayClass) -> tuple[tuple[str, ...], Reading]:
        """Cards of the hand with a reading of ``best``'s combination and strength that beats the table (a short
        search over the class's cards, then, rarely, the list of that combination's plays)."""
        seat = state.current_player()
        assert seat is not None
        hand, rules, level = state.hands[seat], state.rules, state.level
        wild = cb.wild_card(rules, level)
        cards = _first_realisation(hand, wild, best)
        if cards is not None and not cb.excluded(rules, best.combination, cards, level):
            return cards, Reading(*cb.reading_of(rules, best.combination, best.stood, level)[:7], cards)
        table = state.table[1] if state.table is not None else None
        target = _strength(state, best.combination, best.stood)

        def fits(reading: Reading) -> bool:
            return reading.combination == best.combination and _strength(
                state, reading.combination, reading.cards) == target and (
                table is None or cb.beats(rules, reading, table, level, state.table_was) is None)
        for cards in _realisations(hand, wild, best):
            if wild not in cards:  # natural cards: their one reading of the class's combination, if the catalogue
                if not cb.excluded(rules, best.combination, cards, level):  # keeps it, has the class's strength
                    return cards, Reading(*cb.reading_of(rules, best.combination, best.stood, level)[:7], cards)
                continue
            for reading in cb.readings_among(rules, cards, level, (best.combination,)):  # the class's own only
                if fits(reading):
                    return cards, reading
        for cards, reading in legal_plays(rules, hand, level, table, state.table_was):  # pragma: no cover - rare
            if fits(reading):
                return cards, reading
        raise AssertionError(f"no play of the class {best}")  # pragma: no cover - the class has plays


SearchBot = searching(GreedyBot, measures, HandState)
"""Determinized Monte Carlo with greedy rollouts (:mod:`..search_bot`); its kind takes a budget: ``search:N``."""

BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""Bot kinds by name."""

NOTES = {
    "greedy": {
        "en": "greedy gives and returns tribute with the first card the rules allow (its lowest), leads its longest "
              "play of the lowest strength, follows with the weakest play that beats (wild cards standing in where a "
              "play needs them, its own cards first), bombs only when no ordinary play beats, and never bombs its "
              "partner's play. It never passes when it can beat an opponent, and never keeps a bomb back for later.",
        "zh": "greedy：进贡和还贡都给规则允许的第一张牌（最小的），首出最长、最小的牌型，跟牌用能压住的最弱牌型（需要时"
              "用百搭牌代替，先用本牌），只有普通牌型压不住时才出炸弹，从不炸同伴的牌。它从不在能压住对手时不要，也从不把"
              "炸弹留到后面。",
    },
    "search": {
        "en": "search (search:N: N rollouts per decision, 32 by default) weighs up to 8 candidate actions at each "
              "decision with more than one (every legal action when there are so few; a hand of Dadun usually "
              "has far more, and then greedy's choice and random legal ones, the rest never looked at), plays each "
              "in sampled deals of the cards it cannot see to the end of the hand with greedy bots, and takes the "
              "one with which its team most often wins the hand (a tie goes to greedy's choice). A sampled deal "
              "keeps its own cards, the cards played and each player's count; what the play and the tribute tell "
              "about the other hands is ignored. It never chooses a play, wild-card reading, bomb or tribute card "
              "that is neither greedy's choice nor drawn at random.",
        "zh": "search（search:N：每次决定推演 N 局，默认 32）：每次有不止一种选择时，最多比较 8 个候选动作（合法动作不多"
              "时全部比较；打墩一手牌的出法通常多得多，这时取 greedy 的选择加上随机抽的合法动作，其余的不看），在随机补全"
              "的、自己看不到的牌里，把每个候选动作接着由 greedy 打到这一局结束，选自己一方最常赢的那个（一样多时取 greedy"
              " 的选择）。补全时保留自己的牌、已出的牌和每家的张数；出牌和进贡透露的别家牌情一概不管。既不是 greedy 的选择"
              "、也没被随机抽到的出法、百搭用法、炸弹或贡牌，它永远不会选。",
    },
    "random": {
        "en": "random plays a random legal action (the state's own sampler), so rules that need a plan, such as wild "
              "cards standing in for other cards, fire far less often than in people's play.",
        "zh": "random：随机出一个合法动作，所以需要筹划的规则（比如用百搭牌代替别的牌）起作用的次数远少于真人对局。",
    },
}
"""What each bot kind does and which rules it never chooses, by language (the simulate report's note on the bots)."""
