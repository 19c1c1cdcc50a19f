"""The register of readings as a rulebook page in each language (``rulebooks/readings.md``), and the link a rule
of a rules-as-data page gives to its entries.

Each entry is a block anchored at ``#rd-<id>``: the question, the source's place, the readings (the ones a variant
chose marked), and per variant the reading chosen, why, and the fixture variants that pin another reading.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .labels import LANGS, UI
from .paths import readings_path, url
from .readings import Readings

WORDS: dict[str, dict[str, str]] = {
    "title": {"zh": "读法登记", "en": "Register of readings"},
    "intro": {
        "zh": "规则来源有些地方可以有几种读法、前后矛盾，或者没有讲到。这里每一处都有一个本工具自己的编号，"
              "说明来源在哪里（来源编号和章节，引出起决定作用的几个原词）、有哪几种读法、每个版本选了哪一种、为什么，"
              "以及哪个测试用的版本按另一种读法打（它的场景让按所选读法打的引擎不通过）。"
              "规则数据页上，每条有登记的规则都链接到这里。",
        "en": "Some places of the rule sources allow more than one reading, contradict each other, or say nothing. "
              "Each has an id of this kit here, with the source's place (source id and section, with the few decisive "
              "words quoted), the readings, "
              "the reading each variant chose and why, and the fixture variants that play another reading (their "
              "scenarios fail an engine that plays the chosen one there). On the rules-as-data pages every rule "
              "with an entry links here."},
    "kind": {"zh": "类型", "en": "Kind"},
    "ambiguous": {"zh": "有几种读法", "en": "several readings"},
    "contradiction": {"zh": "前后矛盾", "en": "a contradiction"},
    "silent": {"zh": "来源没讲", "en": "the source is silent"},
    "source": {"zh": "来源", "en": "Source"},
    "readings": {"zh": "读法", "en": "Readings"},
    "choices": {"zh": "各版本的选择", "en": "What each variant plays"},
    "chosen": {"zh": "选了", "en": "chooses"},
    "pinned": {"zh": "另一种读法由测试用的版本固定：", "en": "Another reading is pinned by the fixture variant"},
    "unpinned": {"zh": "没有测试用的版本：", "en": "No fixture variant:"},
    "rule": {"zh": "规则", "en": "rule"},
    "link": {"zh": "读法登记", "en": "Register of readings"},
    "other": {"zh": "另一种读法：", "en": "The other reading:"},
    "others": {"zh": "其他读法：", "en": "Other readings:"},
    "or": {"zh": "；或者", "en": "; or "},
}


def _block(entry: dict[str, Any], lang: str, names: dict[str, str]) -> str:
    chosen = {c["chosen"] for c in entry["choices"]}
    mark = ' class="chosen"'
    items = "".join(f'<li{mark if r["name"] in chosen else ""}><code>{escape(r["name"])}</code> {escape(r[lang])}</li>'
                    for r in entry["readings"])
    rows = []
    for c in entry["choices"]:
        if "pinned_by" in c:
            pin = f'{WORDS["pinned"][lang]} ' + "、".join(f"<code>{escape(f)}</code>" for f in c["pinned_by"]) \
                if lang == "zh" else f'{WORDS["pinned"][lang]} ' + ", ".join(f"<code>{escape(f)}</code>" for f in c["pinned_by"]) + "."
        else:
            pin = f'{WORDS["unpinned"][lang]} {escape(c["unpinned"][lang])}{"。" if lang == "zh" else "."}'
        variant = escape(names.get(c["variant"], c["variant"]))
        rule = f'{WORDS["rule"][lang]} <code>{escape(c["rule"])}</code>'
        rows.append(f'<li><strong>{variant}</strong>{f"（{rule}）" if lang == "zh" else f" ({rule})"} '
                    f'{WORDS["chosen"][lang]} <code>{escape(c["chosen"])}</code>{"：" if lang == "zh" else ": "}'
                    f'{escape(c["why"][lang])} {pin}</li>')
    src = entry["source"]
    words = "".join(f' <q class="source-words" lang="zh">{escape(w)}</q>' for w in src.get("words", []))
    return (f'<div class="reading-entry" id="rd-{escape(entry["id"])}">'
            f'<p class="reading-head"><a href="#rd-{escape(entry["id"])}"><code>{escape(entry["id"])}</code></a> · '
            f'{WORDS[entry["kind"]][lang]} · {WORDS["source"][lang]} <code>{escape(src["id"])} {escape(src["section"])}</code>{words}</p>'
            f'<p class="reading-question">{escape(entry["question"][lang])}</p>'
            f'<p class="prov-label">{WORDS["readings"][lang]}</p><ul class="readings">{items}</ul>'
            f'<p class="prov-label">{WORDS["choices"][lang]}</p><ul class="reading-choices">{"".join(rows)}</ul></div>')


def readings_page(register: Readings, lang: str, names: dict[str, str] | None = None,
                  titles: dict[str, str] | None = None) -> str:
    """The register in ``lang`` as Markdown: one section per game, one block per entry.

    Args:
        register: the loaded register (:func:`~.readings.load_readings`).
        lang: ``"zh"`` or ``"en"``.
        names: variant id → its name in ``lang`` (the id is shown for a variant not named).
        titles: game id → the game's name in ``lang``, in the order of the sections (without it: the games of the
            register in file order, titled by their ids).
    """
    here = readings_path(lang)
    other = LANGS[1 - LANGS.index(lang)]
    out = [f"# {WORDS['title'][lang]}\n\n",
           f'<p class="lang-switch"><a href="{url(readings_path(other), here)}" hreflang="{other}" lang="{other}">'
           f'{UI["other_lang"][lang]}</a></p>\n\n',
           f"{WORDS['intro'][lang]}\n\n"]
    games = list(titles or {}) or list(dict.fromkeys(e["game"] for e in register.entries))
    for game in games:
        entries = register.of_game(game)
        if entries:
            out.append(f"## {(titles or {}).get(game, game)} {{#{game}}}\n\n")
            out.extend(_block(e, lang, names or {}) + "\n\n" for e in entries)
    return "".join(out)


def readings_link_html(entry_ids: list[str], here: str, lang: str) -> str:
    """The line under a rule of a rules-as-data page (docs page ``here``) linking to its register entries; empty
    without entries."""
    if not entry_ids:
        return ""
    target = url(readings_path(lang), here)
    links = ("、" if lang == "zh" else ", ").join(
        f'<a href="{target}#rd-{escape(i)}"><code>{escape(i)}</code></a>' for i in entry_ids)
    return f'<p class="rule-readings"><span class="prov-label">{WORDS["link"][lang]}</span> {links}</p>'


PROPER_WORDS = frozenset({"Guandan", "Dou", "Paodekuai", "Zheng", "Datong", "Pagat", "A", "I"})
"""Words that keep their capital at the start of a reading shown after a colon (names of related games and places;
the registered games' own names are added by :func:`_proper_words`)."""


def _proper_words() -> frozenset[str]:
    from datong_rules.reference_impl import games

    return PROPER_WORDS | {g.name["en"].split()[0] for g in games.BUILTIN if g.name.get("en")}


CARD_VERBS = frozenset({"is", "must", "may", "counts", "ranks", "links", "sits", "can", "beats", "and"})
"""Words after which a leading ``A`` is the ace (``A is low``), not the article (``A bomb beats …``)."""


def _lower_first(text: str) -> str:
    """``text`` with its first letter in lower case, as it stands after a colon in English; a name
    (:func:`_proper_words`, or a word with another capital: ``QQQ``, ``A2345``) keeps its capital, and so does the
    ace (``A`` before one of :data:`CARD_VERBS`); ``A`` before another word is the article."""
    article = re.match(r"A ([a-z]+)", text)
    if article:
        return text if article.group(1) in CARD_VERBS else "a" + text[1:]
    word = re.match(r"[A-Za-z0-9]+", text)
    if not word or word.group(0) in _proper_words() or not word.group(0)[1:].islower():
        return text
    return text[:1].lower() + text[1:]


def other_readings_html(variant_id: str, rule_id: str, chain: tuple[str, ...], register: Readings, here: str,
                        lang: str) -> str:
    """The readings ``variant_id`` did not choose for ``rule_id``, in words, with a link to their register entry:
    what a player's page names where it says a table may play another reading. Empty when the rule has no
    entry."""
    parts = []
    for entry in register.for_rule(variant_id, rule_id, chain):
        chosen = {c["chosen"] for c in entry["choices"] if c["rule"] == rule_id and c["variant"] in chain}
        others = [r[lang].rstrip("。.") for r in entry["readings"] if r["name"] not in chosen]
        if not others:
            continue
        if lang == "en":  # "The other reading: by the higher dun; or …", not ": By the higher dun; or By …"
            others = [_lower_first(o) for o in others]
        head = WORDS["other" if len(others) == 1 else "others"][lang]
        link = f'{url(readings_path(lang), here)}#rd-{escape(entry["id"])}'
        end = "。" if lang == "zh" else "."
        parts.append(f'<span class="other-reading">{head}{"" if lang == "zh" else " "}'
                     f'{escape(WORDS["or"][lang].join(others))}{end} <a href="{link}">{WORDS["link"][lang]}</a></span>')
    return " ".join(parts)
