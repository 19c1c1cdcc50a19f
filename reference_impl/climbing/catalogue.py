"""The combination model of the climbing games: one entry of ``combinations.catalogue`` read into a
:class:`Combination`, and checked against what a game's engine plays.

Every climbing game describes its combinations by *shape*, the way the family's engines do: ``same_rank`` (cards of
one rank: single, pair, bomb), ``sequence`` (consecutive ranks, ``unit`` cards of each, a run length), ``fixed_set``
(exactly these cards: the rocket), ``triple_with_pair`` (a full house), ``identical`` (identical cards of several
decks: a dun), ``linked`` (two combinations of adjacent ranks). A game says which entries its engine plays with a
table of *templates* (:func:`read_catalogue`); an entry no template accepts is refused with a one-line error naming
the entry and the field, so ``validate`` places it (never silently ignored). New shapes and fields are added here and
accepted by a game once its engine plays them. Combinations with attachments (three with one, four with two, airplanes
with wings: rule ``combinations.attachments``) are :class:`Attachment` entries over a main part of the catalogue
(:func:`read_attachments`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

RUN_LENGTHS = (2, 13)
"""The run lengths an engine that plays every length plays: 2 to 13 ranks (the A may not repeat in a run)."""


@dataclass(frozen=True)
class Combination:
    """One combination of a catalogue.

    Attributes:
        name: the catalogue name (``"straight"``); shape: see the module docstring; tier: how it beats (a game's
            names: ``ordinary``, ``bomb``, ``top``, ``dun`` …); size: cards (same_rank, identical,
            triple_with_pair); min_size: fewest cards of a same_rank combination of growing size (bombs of four or
            more); unit: cards per rank of a sequence (an int), or the linked combination (``"bomb"``, ``"dun"``);
            min_length / max_length: ranks of a sequence (equal for a fixed length; max_length 0: no limit);
            suited: a sequence of one suit only; cards: a fixed_set's cards; key: how two of its kind compare (as
            the catalogue writes it, lists as tuples; None when the game's text gives it); extra: the other
            fields of the entry as sorted (field, value) pairs (``pair``, ``count``, ``relation``). Hashable.
    """

    name: str
    shape: str
    tier: str
    size: int = 0
    min_size: int = 0
    unit: int | str = 0
    min_length: int = 0
    max_length: int = 0
    suited: bool = False
    cards: tuple[str, ...] = ()
    key: Any = None
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def cards_per_play(self) -> tuple[int, int]:
        """(fewest, most) cards of one play (most 0: no limit)."""
        if self.shape == "sequence" and isinstance(self.unit, int):
            return self.min_length * self.unit, self.max_length * self.unit
        if self.shape == "fixed_set":
            return len(self.cards), len(self.cards)
        if self.min_size:
            return self.min_size, 0
        return self.size, self.size


_FIELDS = ("name", "shape", "tier", "size", "min_size", "unit", "length", "min_length", "max_length", "suited",
           "cards", "key")


def combination(entry: Mapping[str, Any]) -> Combination:
    """A catalogue entry (a mapping of the variant file) as a :class:`Combination`; ``length`` sets both bounds."""
    length = entry.get("length", 0)
    return Combination(
        name=str(entry.get("name")), shape=str(entry.get("shape")), tier=str(entry.get("tier")),
        size=entry.get("size", 0), min_size=entry.get("min_size", 0), unit=entry.get("unit", 0),
        min_length=entry.get("min_length", length), max_length=entry.get("max_length", length),
        suited=bool(entry.get("suited", False)), cards=tuple(entry.get("cards", ())), key=_frozen(entry.get("key")),
        extra=tuple(sorted((k, _frozen(v)) for k, v in entry.items() if k not in _FIELDS)))


def _frozen(value: Any) -> Any:
    """Lists as tuples (a catalogue value made hashable)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Between:
    """A template value: any integer from ``low`` to ``high``."""

    low: int
    high: int

    def __call__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low} to {self.high}"


@dataclass(frozen=True)
class OneOf:
    """A template value: one of a few values (a list value as the variant file writes it, or a name)."""

    values: tuple[Any, ...]

    def __call__(self, value: object) -> bool:
        return value in self.values

    def __str__(self) -> str:
        return " or ".join(repr(v) for v in self.values)


def ANY(value: object) -> bool:  # noqa: N802 - a constant of the template vocabulary
    """A template value: any value the schema allows, or the field absent."""
    return True

Template = Mapping[str, Any]
"""Field → the value the engine plays, or a predicate (:class:`Between`, :data:`ANY`). A field the template lacks
is not played; a field the entry lacks is ``"absent"`` to the template (:data:`ANY` accepts it)."""


def _refusal(template: Template, entry: Mapping[str, Any]) -> tuple[str, str] | None:
    """The field of ``entry`` that ``template`` does not accept and why (``field = value … (it plays: …)``), or
    None."""
    for name in sorted((set(entry) | set(template)) - {"name"}):
        want, got = template.get(name, "absent"), entry.get(name, "absent")
        if callable(want):
            if not want(got):
                plays = "any value" if want is ANY else str(want)
                return name, f"{name} = {got!r} is not played by the engine (it plays: {plays})"
        elif got != want:
            return name, f"{name} = {got!r} is not played by the engine (it plays: {want!r})"
    return None


VALUE_PATH = "value_path"
"""The attribute of a refusal raised here that says where in the rule's value the refused part is: ``(entry index,
field)`` (``(2, "main")``), or ``(entry index,)``; a validator places the problem there (file:line of the entry)."""


def _refused(error: type[ValueError], message: str, *path: int | str) -> ValueError:
    """``error(message)`` carrying :data:`VALUE_PATH` ``path`` (into the rule's value)."""
    exc = error(message)
    setattr(exc, VALUE_PATH, path)
    return exc


def read_catalogue(entries: list[Mapping[str, Any]], templates: Mapping[str, Template],
                   error: type[ValueError]) -> tuple[Combination, ...]:
    """The combinations of ``combinations.catalogue``, each accepted by the game's template for its name, else for
    its shape.

    Args:
        entries: the rule's value (schema-valid); templates: combination name or shape → :data:`Template`;
        error: the game's RulesError.

    Raises:
        error: ``combinations.catalogue: entry N (name): field = value is not played by the engine (it plays: …)``,
        or an entry whose name and shape have no template; its :data:`VALUE_PATH` is the entry and field.
    """
    out = []
    for index, entry in enumerate(entries):
        name = entry.get("name")
        template = templates.get(str(name)) or templates.get(str(entry.get("shape")))
        if template is None:
            raise _refused(error, f"combinations.catalogue: entry {index + 1} {name!r} is not played by the engine "
                                  f"(it plays: {', '.join(templates)})", index, "name" if "name" in entry else "shape")
        refusal = _refusal(template, entry)
        if refusal:
            field, reason = refusal
            raise _refused(error, f"combinations.catalogue: entry {index + 1} ({name}): {reason}",
                           *((index, field) if field in entry else (index,)))
        out.append(combination(entry))
    return tuple(out)


@dataclass(frozen=True)
class Attachment:
    """A combination with attachments (rule ``combinations.attachments``): a main part, a combination of the
    catalogue, with singles or pairs attached (three with one, four with two, an airplane with wings).

    Attributes:
        name: its name (``"triple_with_single"``); main: the main part's :class:`Combination` (same_rank of size 3
        or 4, or a sequence of unit 3); attach: ``"single"`` or ``"pair"``; per_rank: singles or pairs attached per
        rank of the main part; same_rank: attached singles of one rank at most (rule
        ``combinations.attached_same_rank``: 1, 2 or 3); beside_body: whether a rank whose three cards are attached
        may lie next to a run's main part (``combinations.attached_same_rank: 3_beside_body``, OpenSpiel's Dou Dizhu;
        the cards may then read several ways). shape is ``"attached"`` and tier ``"ordinary"`` (the play beats only
        its own kind, by its main part; bombs and the rocket beat it as any ordinary play).
    """

    name: str
    main: Combination
    attach: str
    per_rank: int
    same_rank: int = 2
    beside_body: bool = False
    shape: str = "attached"
    tier: str = "ordinary"

    @property
    def main_unit(self) -> int:
        """Cards of each rank of the main part (3 or 4)."""
        return self.main.size if self.main.shape == "same_rank" else int(self.main.unit)

    @property
    def attach_unit(self) -> int:
        """Cards of each attachment (1: a single, 2: a pair)."""
        return 1 if self.attach == "single" else 2

    def cards_for(self, main_ranks: int) -> int:
        """Cards of a play whose main part has ``main_ranks`` ranks."""
        return main_ranks * (self.main_unit + self.per_rank * self.attach_unit)


def read_attachments(value: Any, catalogue: tuple[Combination, ...], error: type[ValueError],
                     same_rank: int = 2, beside_body: bool = False) -> tuple[Attachment, ...]:
    """The attachments of ``combinations.attachments`` (``"none"`` → none), each main part looked up in the
    catalogue; ``same_rank``: the value of ``combinations.attached_same_rank`` (attached singles of one rank at
    most); ``beside_body``: whether three attached singles of a rank may lie next to a run's main part (the value
    ``3_beside_body`` of that rule). An entry's ``max_length`` (a run of triples' main part: its ranks at most, as RLCard's Dou Dizhu judger
    caps airplanes with wings) is kept as the ``max_length`` of that entry's own copy of the main combination (the
    lower of the two when the catalogue entry has one too).

    Raises:
        error: ``combinations.attachments: entry N (name): main 'x' …`` when the main part is not in the catalogue
        or is not three or four of a rank or a run of triples (the engine plays no other main part), or a name is
        also a catalogue name or given twice, or ``max_length`` is set on a main part of one rank or below the run's
        ``min_length``; its :data:`VALUE_PATH` is the entry and field.
    """
    if value == "none":
        return ()
    by_name = {combo.name: combo for combo in catalogue}
    out: list[Attachment] = []
    for index, entry in enumerate(value):
        name, main = entry["name"], by_name.get(entry["main"])
        where = f"combinations.attachments: entry {index + 1} ({name})"
        if main is None:
            raise _refused(error, f"{where}: main {entry['main']!r} is not a combination of combinations.catalogue",
                           index, "main")
        if not ((main.shape == "same_rank" and main.size in (3, 4) and not main.min_size)
                or (main.shape == "sequence" and main.unit == 3)):
            raise _refused(error, f"{where}: main {main.name!r} is not played by the engine (it plays: three or four "
                                  f"of a rank, or a run of triples)", index, "main")
        if name in by_name or any(a.name == name for a in out):
            raise _refused(error, f"{where}: the name is also "
                                  f"{'a catalogue combination' if name in by_name else 'given twice'}", index, "name")
        most = entry.get("max_length")
        if most is not None:
            if main.shape != "sequence" or most < main.min_length:
                raise _refused(error, f"{where}: max_length = {most} is not played by the engine (it plays: a run of "
                                      f"triples' length, at least its min_length {main.min_length})"
                               if main.shape == "sequence" else
                               f"{where}: max_length is for a run of triples (main {main.name!r} is one rank)",
                               index, "max_length")
            main = replace(main, max_length=min(main.max_length or most, most))
        out.append(Attachment(name, main, entry["attach"], entry["per_rank"], same_rank, beside_body))
    return tuple(out)
