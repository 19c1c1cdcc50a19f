"""The game registry: every game the kit plays, found by id.

A game is a folder (a package) whose modules bring the game's parts under fixed names (docs/adding-a-game.md):

* ``rules``: ``rules_for(variant_id_or_Variant)`` → the game's frozen rules object, and ``SUPPORTED``;
* ``checks``: ``findings(variant)`` → loader findings beyond the schema (optional);
* ``state``: the state API, typed by the Protocols of :mod:`datong_rules.reference_impl.state_api`
  (``new_hand(rules, rng, **setup)`` → a hand state with ``current_player()``, ``legal_actions()``,
  ``random_action(rng)``, ``check(action)``, ``apply(action)``, ``is_terminal()``, ``settlement()``, ``hands``,
  ``summary()``, ``cards_everywhere()``: every card of the hand wherever it lies, the pack when none is lost) and
  ``Match(rules, seed)``;
* ``bots``: ``BOTS`` (name → bot class; a bot is ``Bot(rng)`` with ``choose(state) -> action``);
* ``ops``: ``OPS`` (operation name → ``fn(rules, given) -> answer``);
* ``records``: ``hand_body(state)``, ``match_body(match)``, ``replay(record, rules)`` (the replay driver of
  :mod:`datong_rules.reference_impl.replay` with the game's hooks);
* ``transcript``: the readable lines of ``datong-rules play``;
* ``faults``: planted faults for the mutation check (optional);
* ``rulebook``: chart and outline data for the rulebook pages (optional);
* ``strategies``: Hypothesis strategies that make valid inputs of the game's operations, for ``datong-rules fuzz`` (optional);
* ``measures``: what ``datong-rules simulate`` measures in a finished hand or match, shaped as
  :class:`datong_rules.reference_impl.measures.GameMeasures` (optional; :func:`measures`);
* ``words``: what the table page (``datong-rules table``) says of the game, in 中文 and English (optional: a game
  without it is told with the page's generic words): ``facts(state, seat, lang, name, card)``, ``turn_words``,
  ``hand_result``, ``match_winners(match)``, ``marked_cards(state)``, ``hand_order(state)`` (a sort key of the hand
  as a player holds it), ``OFFER`` (the button that lets the table go on past an offer), ``ACTIONS`` (the game's own
  action types in words), ``SETTLEMENT`` (labels of its settlement's keys) and ``SEAT_KEYS`` (the keys whose values
  are seats).

The built-in games are listed by dotted module name and imported only when a part is first asked for, so this
module imports no game: it sits below the spec loader (which runs a game's checks through it) and the games
themselves. Other games (the toy game of the tests) are added with :func:`register`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

FACETS = ("rules", "checks", "state", "bots", "ops", "records", "transcript", "faults", "rulebook", "strategies",
          "measures", "words")
"""The module names a game's package may hold (``rules`` and ``state`` are required to play)."""

OPTIONAL = frozenset({"checks", "faults", "rulebook", "strategies", "measures", "words"})
"""Facets a game may leave out: :meth:`Game.facet` returns None for them instead of raising."""


class UnknownGame(LookupError):
    """No game is registered under the id asked for (the message lists the known ids)."""


@dataclass(frozen=True)
class Game:
    """One game of the registry.

    Attributes:
        id: the game id, the first part of its variant ids (``"huolong"``).
        name: the bilingual name ``{"zh": …, "en": …}``.
        family: ``"trick_taking"`` or ``"climbing"``.
        package: the dotted name of the game's package (``"datong_rules.reference_impl.huolong"``).
    """

    id: str
    name: dict[str, str]
    family: str
    package: str
    _modules: dict[str, ModuleType | None] = field(default_factory=dict, repr=False, compare=False)

    def facet(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (one of :data:`FACETS`), imported on first use.

        Returns:
            The module, or None for an optional facet (:data:`OPTIONAL`) the game does not have.

        Raises:
            ValueError: ``name`` is not a facet.
            ModuleNotFoundError: a required facet is missing from the game's package.
        """
        if name not in FACETS:
            raise ValueError(f"unknown game facet {name!r} (expected one of {', '.join(FACETS)})")
        if name not in self._modules:
            dotted = f"{self.package}.{name}"
            try:
                self._modules[name] = importlib.import_module(dotted)
            except ModuleNotFoundError as err:
                if name not in OPTIONAL or err.name != dotted:
                    raise
                self._modules[name] = None
        return self._modules[name]

    def __getattr__(self, name: str) -> Any:
        """``game.rules``, ``game.ops`` … : the facet modules as attributes (see :meth:`facet`)."""
        if name in FACETS:
            return self.facet(name)
        raise AttributeError(name)

    def __reduce__(self) -> tuple[type[Game], tuple[str, dict[str, str], str, str]]:
        """Pickled without its imported modules (a worker process of ``datong-rules simulate`` imports them again)."""
        return (Game, (self.id, self.name, self.family, self.package))

    def rules_for(self, variant: Any) -> Any:
        """The game's rules for a variant id or a resolved ``Variant`` (``rules.rules_for``)."""
        return self.facet("rules").rules_for(variant)


_GAMES: dict[str, Game] = {}

BUILTIN = (
    Game("huolong", {"zh": "攉龙", "en": "Huolong"}, "trick_taking", "datong_rules.reference_impl.huolong"),
    Game("biedan", {"zh": "憋蛋", "en": "Biedan"}, "climbing", "datong_rules.reference_impl.biedan"),
    Game("dadun", {"zh": "打墩", "en": "Dadun"}, "climbing", "datong_rules.reference_impl.dadun"),
)
"""The games of the kit, by dotted package name (imported lazily)."""


def register(game: Game, *, replace: bool = False) -> Game:
    """Add ``game`` to the registry (the toy game of the tests, a game of your own).

    Raises:
        ValueError: the id is taken (unless ``replace``).
    """
    if game.id in _GAMES and not replace:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (tests); unknown ids are ignored."""
    _GAMES.pop(game_id, None)


def ids() -> list[str]:
    """The registered game ids, sorted."""
    return sorted(_GAMES)


def get(game_id: str) -> Game:
    """The game registered as ``game_id``.

    Raises:
        UnknownGame: no such game (the message lists the known ones).
    """
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {game_id!r} (known games: {', '.join(ids())})") from None


def find(game_id: Any) -> Game | None:
    """The game registered as ``game_id``, or None."""
    return _GAMES.get(game_id) if isinstance(game_id, str) else None


def measures(game: str | Game) -> ModuleType:
    """The measures module of a game (``<package>.measures``, e.g. ``datong_rules.reference_impl.dadun.measures``),
    shaped as :class:`~datong_rules.reference_impl.measures.GameMeasures`.

    Args:
        game: a registered game's id, or a game entry itself (a worker process of ``datong-rules simulate`` gets the
            entry, registered or not).

    Raises:
        UnknownGame: no game has that id.
        LookupError: the game has no measures module (the message names the module expected).
    """
    entry = get(game) if isinstance(game, str) else game
    module = entry.facet("measures")
    if module is None:
        raise LookupError(f"game '{entry.id}' has no measures (expected a module {entry.package}.measures)")
    return module


def game_of_variant(variant_id: str) -> Game:
    """The game of a variant id (its part before ``/``).

    Raises:
        UnknownGame: no game has that id.
    """
    return get(str(variant_id).split("/", 1)[0])


for _game in BUILTIN:
    register(_game)
