"""The checks a schema cannot make, run on a resolved variant (step 2 of validation).

The loader runs the checks every game shares (here: every ``source.id`` is listed in ``spec/sources.yaml`` or in
the variant's own ``sources:`` [``unknown_source``], whose ids are unique and not those of spec/sources.yaml
[``duplicate_id``]), then the game's own checks (``findings(variant)`` of the game's ``checks`` module, found
through :mod:`datong_rules.reference_impl.games`; Huolong's are in ``reference_impl/huolong/checks.py``).
A playable variant that passed all of those is then built by its game's engine (:func:`playability_findings`), so
that ``validate`` refuses what ``play`` would refuse [``unplayable``].

Each check returns :class:`Finding` tuples ``(path, kind, message, expected, involves)`` with ``path`` from the top of
the resolved data, so that the loader can locate each in the file that wrote it, and ``involves`` the other rules the
check read (a problem made by a house file's ``deck.decks: 1`` is reported at that line, not at the inherited
``deal.hand_size``).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import NamedTuple

from .. import games
from .errors import Path_
from .variant import Variant, iter_rules


class Finding(NamedTuple):
    """A problem found by a check of a resolved variant (step 2 of validation).

    Attributes:
        path: where, from the top of the resolved data (``("rules", "deal", "hand_size", "value")``).
        kind: one of :data:`errors.KINDS`; message: what is wrong; expected: what would be right.
        involves: the other rule ids the check read to find it (``deck.decks`` for the deal arithmetic): when the
            variant's own file sets one of them and ``path`` is inherited, the problem is reported there.
    """

    path: Path_
    kind: str
    message: str
    expected: str
    involves: tuple[str, ...] = ()


def semantic_findings(variant: Variant, source_ids: Iterable[str] | None) -> list[Finding]:
    """The shared checks, then the checks of the variant's game (if the game is registered and has any).

    Args:
        variant: the resolved variant.
        source_ids: the ids of ``spec/sources.yaml``; ``None`` skips the source check (sources unreadable).

    Returns:
        Findings, unsorted.
    """
    rules = variant.data.get("rules", {})
    findings: list[Finding] = []
    local = [e for e in variant.data.get("sources") or [] if isinstance(e, dict)]
    if source_ids is not None:
        findings += local_source_findings(local, set(source_ids))
        findings += source_findings(rules, set(source_ids), {str(e.get("id")) for e in local})
    game = games.find(variant.data.get("game"))
    checks = game.facet("checks") if game is not None else None
    if checks is not None and hasattr(checks, "findings"):
        findings += checks.findings(variant)
    return findings


def warning_findings(variant: Variant) -> list[Finding]:
    """The warnings of the variant's game (``warnings(variant)`` of its ``checks`` module, if it has one): places
    where the rules agree with the schema and the engine plays them, but say something the rule keeper likely did
    not mean (a ladder step naming a combination the catalogue lacks). ``validate`` reports them without failing.

    Returns:
        Findings, unsorted; ``[]`` for a game without warnings.
    """
    game = games.find(variant.data.get("game"))
    checks = game.facet("checks") if game is not None else None
    warn = getattr(checks, "warnings", None)
    return list(warn(variant)) if warn is not None else []


def source_findings(rules: dict, known: set[str], local: Set[str] = frozenset()) -> list[Finding]:
    """Every rule item whose ``source.id`` is neither one of ``known`` (spec/sources.yaml) nor one of ``local`` (the
    variant's own ``sources:``) [``unknown_source``]."""
    out = []
    for rule_id, item in iter_rules(rules):
        source = item.get("source")
        if isinstance(source, dict) and source.get("id") not in known | local:
            out.append(Finding(("rules", *rule_id.split("."), "source", "id"), "unknown_source",
                               f"source '{source.get('id')}' is listed neither in spec/sources.yaml nor in the "
                               f"variant's sources:",
                               "one of: " + ", ".join(sorted(known | local))))
    return out


def local_source_findings(entries: list[dict], known: set[str]) -> list[Finding]:
    """The variant's own ``sources:`` entries whose id repeats another entry or an id of spec/sources.yaml
    [``duplicate_id``]."""
    out = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        source_id = str(entry.get("id"))
        if source_id in known or source_id in seen:
            where = "spec/sources.yaml" if source_id in known else "this variant's sources:"
            out.append(Finding(("sources", index, "id"), "duplicate_id",
                               f"source id '{source_id}' is already listed in {where}", "an id of its own"))
        seen.add(source_id)
    return out


def playability_findings(variant: Variant) -> list[Finding]:
    """Whether the game's reference engine can play a (non-abstract) variant: its ``rules_for`` builds the rules
    and refuses, in one line, a value the schema allows but the engine does not play (a catalogue entry with
    ``identical: false`` in Huolong) [``unplayable``].

    The finding is placed at the value of the first rule id the engine's message names (the message is
    ``"<rule id>: …"`` or ``"<variant id>: <rule id> …"``), inside it at the error's ``value_path`` when it has one
    (the entry and field of a list value: :data:`..climbing.catalogue.VALUE_PATH`), else at the variant's ``id``. Run only on a variant with
    no other problem (the engine assumes a schema-valid variant).

    Returns:
        At most one finding.
    """
    game = games.find(variant.data.get("game"))
    if variant.abstract or game is None or game.facet("rules") is None:
        return []
    try:
        game.rules_for(variant)
    except ValueError as err:
        message = " ".join(str(err).split())
        rule_ids = set(variant.rule_ids())
        words = message.replace(":", " ").replace("=", " ").split()
        rule_id = next((w for w in words if w in rule_ids), None)
        if rule_id is None:
            return [Finding(("id",), "unplayable", message, f"a variant the {game.id} engine plays")]
        for prefix in (f"{variant.id}: ", f"{rule_id}: "):
            message = message.removeprefix(prefix)
        inside = tuple(getattr(err, "value_path", ()))  # the entry and field of a list value (climbing.catalogue)
        return [Finding(("rules", *rule_id.split("."), "value", *inside), "unplayable", message,
                        f"a value the {game.id} engine plays")]
    return []
