"""Bots for 憋蛋 Biedan: ``RandomBot`` (a random legal action, :mod:`..climbing.bots`) and ``GreedyBot`` (sheds
small cards, keeps bombs for the opponents). A bot is ``Bot(rng)`` with ``choose(state) -> action``."""

from __future__ import annotations

import random

from ..bots import bots_of
from ..climbing.bots import Bot, RandomBot
from ..search_bot import searching
from . import exchange as xchg
from . import measures
from .combinations import sample_of, shape_size
from .state import HandState


class GreedyBot(Bot):
    """Buries its three weakest cards; leads the play that sheds most cards at the lowest rank (bombs and the rocket
    last); follows with the lowest ordinary play that beats, uses a bomb only against an opponent close to going
    out, and never beats its partner (defenders cooperate)."""

    def choose(self, state) -> dict:
        """The greedy action of ``state``'s current player."""
        seat = state.current_player()
        t = state.t
        if state.phase == "bury":
            cards = sorted(state.cards_of(seat), key=lambda c: (t.card_strength[c], c))
            return {"type": "bury", "seat": seat, "cards": cards[:state.rules.egg_size]}
        if state.phase != "play":
            step = state.steps[0]
            pool, count = state._pool(step)
            return {"type": "give", "seat": step.giver, "to": step.receiver,
                    "cards": xchg.default_pick(t, pool, count, step.pick)}
        found = state._shapes(seat)
        if state.table is None:
            ordinary = [s for s in found if s.combo.tier == "ordinary"] or found
            best = min(ordinary, key=lambda s: (-shape_size(s), s.key))
            return self._play(state, seat, best)
        last = state.table_seat
        partner_play = seat != state.banker and last != state.banker
        ordinary = [s for s in found if s.combo.tier == "ordinary"]
        if partner_play:
            return self._pass(state, seat, found)
        if ordinary:
            return self._play(state, seat, min(ordinary, key=lambda s: s.key))
        opponents = [s for s in range(3) if state.sizes[s] and (s == state.banker) != (seat == state.banker)]
        danger = min((state.sizes[s] for s in opponents), default=99)
        if found and danger <= 5:
            return self._play(state, seat, min(found, key=lambda s: (s.combo.tier == "top", s.key)))
        return self._pass(state, seat, found)

    def _pass(self, state, seat: int, found: list) -> dict:
        """A pass, or, when play.pass forbids it (must beat when able), the least play that beats: the lowest
        ordinary one, else the lowest bomb, the rocket last."""
        if not found or state._may_pass(seat):
            return {"type": "pass", "seat": seat}
        return self._play(state, seat, min(found, key=lambda s: (s.combo.tier == "top", s.combo.tier != "ordinary",
                                                                 s.key)))

    def _play(self, state, seat: int, shape) -> dict:
        return {"type": "play", "seat": seat,
                "cards": sample_of(state.t, state.held[seat], shape, self.rng, state._forced(seat))}


SearchBot = searching(GreedyBot, measures, HandState)
"""Determinized Monte Carlo with greedy rollouts (:mod:`..search_bot`); its kind takes a budget: ``search:N``."""

BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""Bot name → class."""

NOTES = {
    "greedy": {
        "en": "greedy buries its weakest cards, gives what the exchange rule names (its best or worst cards), leads "
              "the play that sheds the most cards at the lowest rank (bombs and the rocket last), follows with the "
              "lowest ordinary play that beats, bombs only an opponent close to going out (5 cards or fewer) and "
              "never beats its partner. It never passes when an ordinary play beats an opponent, and never bombs "
              "early to take the lead.",
        "zh": "greedy：扣最小的牌，换牌时按规则给最好或最差的牌，首出一次出牌最多、点数最小的牌型（炸弹和王炸留到最后），"
              "跟牌用能压住的最小普通牌型，只在对手快出完（5 张以内）时才炸，从不压同伴。它从不在能用普通牌型压住对手时"
              "不要，也从不为了抢出牌权而早炸。",
    },
    "search": {
        "en": "search (search:N: N rollouts per decision, 32 by default) weighs up to 8 candidate actions at each "
              "decision with more than one (every legal action when there are so few, else greedy's choice and "
              "random legal ones), plays each in sampled deals of the cards it cannot see to the end of the hand "
              "with greedy bots, and takes the one that most often makes it go out first (a tie goes to greedy's "
              "choice). A sampled deal keeps its own cards, the cards played and each player's count; the egg "
              "stays where it lies (so it plays as if it knew the egg), and what the play and the exchange tell "
              "about the other hands is ignored. It never chooses an action outside its candidates: a bury, gift "
              "or play that is neither greedy's nor drawn at random is never made.",
        "zh": "search（search:N：每次决定推演 N 局，默认 32）：每次有不止一种选择时，最多比较 8 个候选动作（合法动作不多"
              "时全部比较，否则取 greedy 的选择加上随机抽的合法动作），在随机补全的、自己看不到的牌里，把每个候选动作接着"
              "由 greedy 打到这一局结束，选最常让自己头游的那个（一样多时取 greedy 的选择）。补全时保留自己的牌、已出的牌"
              "和每家的张数；蛋留在原处（等于知道蛋里是什么），出牌和换牌透露的别家牌情一概不管。它从不选候选以外的动作："
              "既不是 greedy 的、也没被随机抽到的扣牌、换牌或出牌，它永远不会做。",
    },
    "random": {
        "en": "random plays a random legal action, every legal action equally likely (the state's own sampler), so "
              "rules that need a plan fire far less often than in people's play.",
        "zh": "random：随机出一个合法动作，每个合法动作的机会相同，所以需要筹划的规则起作用的次数远少于真人对局。",
    },
}
"""What each bot kind does and which rules it never chooses, by language (the simulate report's note on the bots)."""


def make_bots(kind: str, rng: random.Random) -> list:
    """Three bots of ``kind`` (players.count is 3) sharing ``rng``, as ``datong-rules play`` makes them
    (:func:`datong_rules.reference_impl.bots.bots_of`).

    Raises:
        ValueError: unknown kind.
    """
    return bots_of(BOTS, kind, rng, 3)
