"""A refused action explained, and a selection of cards described, for a player at the table
(``datong-rules table``), in the player's language.

* :func:`explain_refusal`: a reason code (the engine's :class:`~datong_rules.reference_impl.state_api.IllegalAction`
  or ``check`` answer) → its words and the rules that refuse it, each with its text, its source as the rulebook cites
  it and a link to the rule in the variant's rulebook. The codes and their rules are data: ``spec/reasons.yaml``
  (:mod:`datong_rules.reference_impl.reasons`).
* :func:`describe_selection`: the cards a player has selected → what combination they make, the legal actions they
  can make now (one per reading of wild cards), those readings in words, and the refusal explained when none is
  legal. The game says what actions a selection can make and names them (the ``selection`` hook of its
  rulebook facet, see :mod:`.game_data`); whether each is legal is the state API's ``check``.

Links are paths from the rulebook site's root (``rulebooks/huolong/li-zhijiang-rules/#r-follow.follow_suit``);
:func:`absolute_url` puts the site's address (the project's Documentation URL) in front.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from typing import Any

from datong_rules.reference_impl import games
from datong_rules.reference_impl.cards import parse_cards
from datong_rules.reference_impl.schemas import find_schema, schema_info
from datong_rules.reference_impl.variant import Variant, list_variants, load_variant, open_variant

from .labels import LANGS
from .paths import rules_path, served
from datong_rules.reference_impl.reasons import reason_entry
from .story import text

UNKNOWN_REASON: dict[str, str] = {"zh": "这个动作不合规则（{code}）。", "en": "The action is refused ({code})."}
"""The words of a code that spec/reasons.yaml does not list (an engine of another kit may answer one)."""


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")


def as_variant(ref: Any) -> Variant:
    """The resolved variant of ``ref``: a :class:`Variant` as it is; a bundled id (full or short) or the path of a
    variant file (a house variant); or a game's rules object (its ``variant_id``, a bundled variant).

    Raises:
        datong_rules.reference_impl.variant.VariantNotFound: a string that names no variant.
        datong_rules.reference_impl.variant.SpecError: a variant file that does not load.
        ValueError: the rules of a house variant (they do not keep its file).
        TypeError: anything else.
    """
    if isinstance(ref, Variant):
        return ref
    if isinstance(ref, str):
        return open_variant(ref)
    variant_id = getattr(ref, "variant_id", None)
    if isinstance(variant_id, str):
        if variant_id not in list_variants():
            raise ValueError(f"the rules of {variant_id} are not a bundled variant's: give the house file's path or "
                             "its Variant")
        return load_variant(variant_id)
    raise TypeError(f"expected a variant id, a variant file, a Variant or a game's rules, got {type(ref).__name__}")


def rule_href(variant_id: str, rule_id: str, lang: str) -> str:
    """The link to rule ``rule_id`` in the rulebook of bundled variant ``variant_id`` (its rules page, anchor
    ``#r-<rule id>``, as :func:`.rules_html.rule_html` makes it), as a path from the site's root:
    ``rulebooks/huolong/li-zhijiang-rules/#r-follow.follow_suit`` (English: ``en/rulebooks/…``)."""
    return f"{served(rules_path(variant_id, lang))}#r-{rule_id}"


@lru_cache(maxsize=1)
def site_url() -> str:
    """The rulebook site's address, ending in ``/``: the Documentation URL of the installed package's metadata
    (pyproject ``[project.urls]``; mkdocs.yml ``site_url`` is the same, tests/test_schema_urls.py checks it), else
    the site a bundled schema's ``$id`` names (a checkout that was never installed)."""
    from importlib import metadata

    try:
        for entry in metadata.metadata("datong-rules").get_all("Project-URL") or []:
            name, _, address = entry.partition(",")
            if name.strip() == "Documentation":
                return address.strip().rstrip("/") + "/"
    except metadata.PackageNotFoundError:
        pass
    schema_id = schema_info(find_schema("variant"))["id"]
    return schema_id.split("schema/", 1)[0]


def absolute_url(href: str) -> str:
    """``href`` (a path from the site's root, as :func:`rule_href` gives) as a full address on the rulebook site."""
    return site_url() + href.lstrip("/")


def _citation(item: dict[str, Any]) -> str | None:
    """A rule item's source as the rulebook cites it: ``li-zhijiang 一.六.6`` (an app's file, function or setting
    after ``·``); None for an inferred rule."""
    cite = item.get("source")
    if not isinstance(cite, dict):
        return None
    parts = [str(cite.get("id", ""))]
    if cite.get("section") not in (None, ""):
        parts[0] += f" {cite['section']}"
    parts += [str(cite[key]) + ("()" if key == "function" else "") for key in ("file", "function", "setting")
              if cite.get(key)]
    return " · ".join(parts)


def _page_variant(variant: Variant) -> str | None:
    """The bundled variant whose rulebook shows ``variant``'s rules: itself when bundled, else the last playable
    bundled variant of its chain (a house file's parent); None when there is none."""
    bundled = set(list_variants())
    for variant_id in reversed(variant.chain or (variant.id,)):
        if variant_id in bundled and not load_variant(variant_id).abstract:
            return variant_id
    return None


def rule_citation(variant: Variant, rule_id: str, lang: str) -> dict[str, Any]:
    """One rule as a refusal shows it.

    Returns:
        ``{"id", "text": the rule's text in lang, "source": "li-zhijiang 一.六.6" | None, "inferred": the reason a
        rule with no source was inferred, in lang (a house file's reason written only in English is given as it
        is) | None, "href": path from the site root | None, "house": bool}``.
        A rule a house file gives (it changed or added it) cites that house file (``"my-club.yaml"``; in a chain of
        house files, the last that gives it), then its own source if it names one, and has no link (no rulebook
        page shows it); the others link to the rulebook page of the house's bundled parent.

    Raises:
        KeyError: the variant has no such rule.
    """
    item = variant.item(rule_id)
    bundled = set(list_variants())
    house = variant.defined_in(rule_id) not in bundled
    source = _citation(item)
    if house:  # the house file that gives it: the last of the chain that does (a club's file over a league's)
        file = variant.origin(("rules", *rule_id.split(".")))[0]
        name = posixpath.basename(str(file).replace("\\", "/")) or variant.id
        source = f"{name} · {source}" if source else name
    inferred = item.get("inferred") if isinstance(item.get("inferred"), dict) else None
    reason = None
    if inferred is not None:
        reason = str(inferred.get("reason_zh") or inferred.get("reason", "")) if lang == "zh" \
            else str(inferred.get("reason", ""))
    page = None if house else _page_variant(variant)
    return {"id": rule_id, "text": str((item.get("text") or {}).get(lang, "")), "source": source,
            "inferred": reason, "href": rule_href(page, rule_id, lang) if page else None, "house": house}


def explain_refusal(variant: Any, reason: str, lang: str, action: dict[str, Any] | None = None) -> dict[str, Any]:
    """A refusal explained to the player.

    Args:
        variant: the variant played (see :func:`as_variant`: a bundled id, a house file's path, a ``Variant``).
        reason: the reason code (``must_follow_suit``; the codes of the game's operations doc).
        lang: ``"zh"`` or ``"en"``.
        action: the refused action, when known: its ``type`` picks the entry of a code that means different things
            for different actions (``wrong_count`` of a bury or of a play).

    Returns:
        ``{"reason": code, "words": the reason in lang, "rules": [rule_citation(…), …]}``: the rules of the code's
        entry in ``spec/reasons.yaml`` that the variant has, in that order (a code no entry lists: a sentence
        naming the code, no rules).

    Raises:
        ValueError: an unknown language. The errors of :func:`as_variant`.
    """
    _check_lang(lang)
    resolved = as_variant(variant)
    kind = action.get("type") if isinstance(action, dict) and isinstance(action.get("type"), str) else None
    entry = reason_entry(str(resolved.data.get("game")), reason, kind)
    if entry is None:
        return {"reason": reason, "words": UNKNOWN_REASON[lang].format(code=reason), "rules": []}
    have = set(resolved.rule_ids())
    return {"reason": reason, "words": entry.words[lang],
            "rules": [rule_citation(resolved, rule_id, lang) for rule_id in entry.rules if rule_id in have]}


def _words(value: Any, lang: str) -> str | None:
    return None if value is None else text(value, lang)


def describe_selection(state: Any, seat: int, cards: list[str], lang: str, variant: Any = None) -> dict[str, Any]:
    """What a selection of cards makes, and whether it may be played now.

    Args:
        state: a hand state of any registered game (the state API).
        seat: the seat selecting.
        cards: the selected card tokens (any notation the kit reads).
        lang: ``"zh"`` or ``"en"``.
        variant: the variant played, for the refusal's rules (default: the state's bundled variant; give the
            ``Variant`` of a house file).

    Returns:
        ``{"combination": words | None, "actions": [legal actions these cards make now, one per reading],
        "readings": [words per action], "legal_now": bool, "refusal": explain_refusal(…) | None}``. The actions
        and readings come from the game's ``selection`` hook (its rulebook facet), each judged by
        ``state.check``; ``combination`` names what the cards are (several readings joined by `` / ``), None when
        they are nothing the game names. ``refusal`` explains the first reading's refusal when no action is legal.

    Raises:
        ValueError: an unknown language or a card token the kit does not read (one line).
    """
    _check_lang(lang)
    chosen = parse_cards(list(cards))
    game = games.game_of_variant(state.rules.variant_id)
    facet = game.facet("rulebook")
    hook = getattr(facet, "selection", None)
    found = hook(state, seat, chosen) if hook is not None else []
    if not found:
        found = [{"action": {"type": "play", "seat": seat, "cards": chosen}, "combination": None, "reading": None}]
    verdicts = [(option, state.check(option["action"])) for option in found]
    legal = [option for option, reason in verdicts if reason is None]
    names: list[str] = []
    for option in legal or found:
        name = _words(option.get("combination"), lang)
        if name and name not in names:
            names.append(name)
    refusal = None
    if not legal:
        option, reason = verdicts[0]
        refusal = explain_refusal(variant if variant is not None else state.rules, str(reason), lang, option["action"])
    return {"combination": " / ".join(names) or None, "actions": [option["action"] for option in legal],
            "readings": [_words(option.get("reading"), lang) or "" for option in legal], "legal_now": bool(legal),
            "refusal": refusal}

