"""The spec subcommands of ``datong-rules``: ``validate``, ``variants``, ``show``, ``diff``.

They read variants through :mod:`datong_rules.reference_impl.variant` only; a VARIANT argument is read by
:mod:`.variant_arg` (an id, a short id or a file). ``validate`` prints one line per problem and exits with status 1
when there is any; ``show`` and ``diff`` print one ``error: …`` line and exit with status 2 when an argument names
no usable variant (unknown id, missing file, a folder, a broken file). Nothing here lets a traceback reach the
user.
"""

from __future__ import annotations

import json
import os
import sys
import unicodedata
from pathlib import Path
from typing import Any

import click
import yaml

from datong_rules.reference_impl import games
from datong_rules.reference_impl.variant import SpecError, Variant, default_registry
from datong_rules.reference_impl.variant.errors import WARNING_KINDS
from datong_rules.reference_impl.variant.variant import iter_rules, rule_differences

from .output import format_option, github_annotation
from .messages import error_line, tr, warning_line
from .problem_words import problem_line
from .path_args import refuse_empty
from .variant_arg import fail, open_variant_arg


def _fail(message: str) -> None:
    click.echo(error_line(message), err=True)
    sys.exit(1)


def _yaml(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=110, default_flow_style=False)


# ------------------------------------------------------------------------------------------------------ validate
@click.command()
# readable=False: an unreadable file is a problem line of its own (FILE:1:1: cannot read …), not a usage error
# a plain string, made a Path below: click would turn "" into Path("."), the current folder
@click.argument("files", nargs=-1, type=click.Path(readable=False),
                callback=refuse_empty("a variant file or a folder of them"))
@format_option("text", "json", "github",
               detail="text: one line per problem, FILE:LINE:COL: RULE.PATH: message (expected …); json: a list of "
                      "objects with file, line, column, rule_path, kind, message, expected; github: one ::error "
                      "annotation per problem, titled with its kind.")
def validate(files: tuple[str, ...], fmt: str) -> None:
    """Check variant files and report every problem.

    With no FILE, checks every bundled variant and spec/sources.yaml. A FILE may be a house variant anywhere
    (it may extend a bundled variant), a file named sources.yaml, or a folder (all its *.yaml and *.yml files,
    recursively). A scenario file (conform --scenarios) is skipped with a note. Exit status:
    0 when there is no problem, 1 otherwise, 2 for an empty FILE argument. A count goes to standard error.
    """
    registry = default_registry()
    if files:
        targets: list[Path] = []
        for path in map(Path, files):
            if os.path.isdir(path):  # os.path: a name too long for the system is no folder, not an error
                found = sorted([*path.rglob("*.yaml"), *path.rglob("*.yml")])
                if not found:
                    _fail(tr("no .yaml file in the folder {folder}", folder=path))
                targets += found
            else:
                targets.append(path)
        scenario_files = [path for path in targets if _is_scenario_file(path)]
        for path in scenario_files:
            click.echo(tr("{file}: a scenario file, not a variant: skipped (conform --scenarios checks it)",
                          file=path), err=True)
        targets = [path for path in targets if path not in scenario_files]
        problems: list[SpecError] = []
        warnings: list[SpecError] = []
        seen: set[tuple] = set()
        for path in targets:  # the files in the order given, each file's problems in line order
            for problem in [*registry.check_file(path), *registry.warnings_file(path)]:
                if problem.identity() not in seen:
                    seen.add(problem.identity())
                    (warnings if problem.kind in WARNING_KINDS else problems).append(problem)
        checked = tr("{count} file(s)", count=len(targets))
    else:
        problems, warnings = registry.check_all(), registry.warnings_all()
        checked = tr("{count} bundled variant(s) and sources.yaml", count=len(registry.variant_ids()))
    if fmt == "json":
        click.echo(json.dumps([p.as_dict() for p in problems] + [{**w.as_dict(), "level": "warning"} for w in warnings],
                              ensure_ascii=False, indent=2))
    else:
        for problem in problems:
            click.echo(problem_line(problem) if fmt == "text" else _annotation(problem))
        for warning in warnings:
            click.echo(_warning_line(warning) if fmt == "text" else _annotation(warning, "warning"))
    summary = ("{checked} checked: no problems", "{checked} checked: 1 problem")[len(problems)] if len(problems) < 2 \
        else "{checked} checked: {count} problems"
    said = tr(summary, checked=checked, count=len(problems))
    if warnings:
        said += tr(", 1 warning") if len(warnings) == 1 else tr(", {count} warnings", count=len(warnings))
    click.echo(said, err=True)
    sys.exit(1 if problems else 0)


def _is_scenario_file(path: Path) -> bool:
    """Whether ``path`` reads as a scenario file (:func:`~datong_rules.conformance.fixture_variants.is_scenario_file`),
    read by the kit's own guarded reader (:func:`~datong_rules.reference_impl.variant.yaml_loader.read_yaml_file`:
    a FIFO or a device never opened, the size limit kept); False for a file it refuses (its problem is then reported
    as a variant's)."""
    from datong_rules.conformance.fixture_variants import is_scenario_file
    from datong_rules.reference_impl.variant.yaml_loader import read_yaml_file

    try:
        return is_scenario_file(read_yaml_file(path).data)
    except SpecError:
        return False


def _warning_line(warning: SpecError) -> str:
    """``FILE:LINE:COL: warning: RULE.PATH: message (expected …)``."""
    where = f"{warning.file}:{warning.line}:{warning.column}: "
    return f"{where}{warning_line(problem_line(warning).removeprefix(where))}"


def _annotation(problem: SpecError, level: str = "error") -> str:
    """``problem`` as a GitHub annotation (``level`` error or warning): the file, line and column, the kind as
    title, the rest as text."""
    text = problem.format().removeprefix(f"{problem.file}:{problem.line}:{problem.column}: ")
    return github_annotation(text, file=problem.file, line=problem.line, column=problem.column, title=problem.kind,
                             level=level)


# ------------------------------------------------------------------------------------------------------ variants
def _cited_sources(variant: Variant) -> list[str]:
    return sorted({item["source"]["id"] for _, item in iter_rules(variant.data.get("rules", {})) if "source" in item})


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


@click.command()
@format_option("text", "json", "yaml", aliases={"table": "text"}, detail="text is a table; json and yaml give "
                                                                           "the same list of objects.")
def variants(fmt: str) -> None:
    """List the bundled variants.

    For each: id, 中文 name, English name, parent, sources cited, abstract flag; the JSON form also gives the game
    and whether the kit's engine plays the variant (a registered game, not abstract).
    """
    registry = default_registry()
    rows = []
    for variant_id in registry.variant_ids():
        try:
            variant = registry.load_variant(variant_id)
        except SpecError:
            rows.append({"id": variant_id, "name_zh": "?", "name_en": "(invalid: run datong-rules validate)",
                         "parent": "", "sources": [], "abstract": False, "game": variant_id.split("/", 1)[0],
                         "playable": False})
            continue
        game = variant.data.get("game")
        rows.append({"id": variant.id, "name_zh": variant.data["name"]["zh"], "name_en": variant.data["name"]["en"],
                     "parent": variant.parent or "", "sources": _cited_sources(variant), "abstract": variant.abstract,
                     "game": game, "playable": not variant.abstract and games.find(game) is not None})
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if fmt == "yaml":
        click.echo(_yaml(rows), nl=False)
        return
    header = ["id", "名称", "name", "extends", "sources cited", "abstract"]
    table = [[r["id"], r["name_zh"], r["name_en"], r["parent"] or "-", ", ".join(r["sources"]) or "-",
              "yes" if r["abstract"] else "no"] for r in rows]
    widths = [max(_width(line[i]) for line in [header, *table]) for i in range(len(header))]
    for line in [header, ["-" * w for w in widths], *table]:
        click.echo("  ".join(_pad(cell, w) for cell, w in zip(line, widths, strict=True)).rstrip())


# ------------------------------------------------------------------------------------------------------ show
def _with_provenance(variant: Variant) -> dict:
    """The resolved data, each rule item with ``defined_in`` (the variant whose file gives it) added."""
    data = {k: variant.data[k] for k in ("id", "extends", "abstract", "game", "family", "name", "summary", "sources")
            if k in variant.data}
    data["chain"] = list(variant.chain)

    def annotate(node: dict, prefix: str) -> dict:
        out = {}
        for key, value in node.items():
            rule_id = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict) and "value" in value:
                out[key] = {**value, "defined_in": variant.defined_in(rule_id)}
            elif isinstance(value, dict):
                out[key] = annotate(value, rule_id)
            else:
                out[key] = value
        return out

    data["rules"] = annotate(variant.data.get("rules", {}), "")
    return data


@click.command()
@click.argument("variant")
@format_option("text", "yaml", "json", detail="text and yaml are the same: YAML under a comment line.")
def show(variant: str, fmt: str) -> None:
    """Print a variant with every rule resolved (extends applied).

    VARIANT is a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house
    variant). A bundled id is read before a file of the same name: write ./NAME (or a name ending in .yaml) for
    the file; a note on standard error says when a file was passed over. Every rule item keeps its provenance
    (source or inferred, note) and gains `defined_in`: the variant of the extends chain whose file gives it. Exit
    status 2 when VARIANT names no usable variant.
    """
    resolved = open_variant_arg(variant)
    data = _with_provenance(resolved)
    if fmt == "json":
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(f"# {resolved.id}, resolved: {' → '.join(resolved.chain)}\n" + _yaml(data), nl=False)


# ------------------------------------------------------------------------------------------------------ diff
def _first_sentence(text: str, stop: str) -> str:
    cut = text.find(stop)
    sentence = text if cut < 0 else text[: cut + len(stop)].strip()
    return sentence if len(sentence) <= 100 else sentence[:97] + "…"


def cite_text(cite: dict) -> str:
    """A rule's ``source`` in one line: ``li-zhijiang 一.六.9``, ``huolong-app assets/…/modal_huolong.js
    resolveLastCards()``, ``gamebase setting joker2AddUpgrade: 2``."""
    parts = [str(cite.get("id", ""))]
    if cite.get("section") not in (None, ""):
        parts.append(str(cite["section"]))
    if cite.get("file"):
        parts.append(str(cite["file"]) + (f" {cite['function']}()" if cite.get("function") else ""))
    if cite.get("setting"):
        parts.append(f"setting {cite['setting']}")
    return " ".join(parts)


def _provenance(item: dict) -> list[str]:
    """A rule item's provenance for ``diff``: ``来源 source: …``; or the reason it was inferred, in Chinese
    (``reason_zh``, when the item has it) and English, each on its own line."""
    if "source" in item:
        return [f"来源 source: {cite_text(item['source'] or {})}"]
    return _bilingual("推断", "inferred", item["inferred"].get("reason_zh"), item["inferred"]["reason"])


def _bilingual(label_zh: str, label_en: str, zh: str | None, en: str) -> list[str]:
    """``label_zh: zh`` and ``label_en: en`` (first sentences) on two lines, or ``label_zh label_en: en`` on one
    when there is no Chinese text."""
    if not zh:
        return [f"{label_zh} {label_en}: {_first_sentence(en, '. ')}"]
    return [f"{label_zh}：{_first_sentence(zh, '。')}", f"{label_en}: {_first_sentence(en, '. ')}"]


def _own_sources_lines(variants: tuple[Variant, ...]) -> list[str]:
    """One line per source a variant file lists itself (``sources:``): id, title, link and commit or version."""
    lines, seen = [], set()
    for variant in variants:
        for entry in variant.data.get("sources") or []:
            if not isinstance(entry, dict) or entry.get("id") in seen:
                continue
            seen.add(entry.get("id"))
            at = entry.get("commit") or entry.get("version")
            where = " ".join(str(x) for x in (entry.get("url"), f"@ {at}" if at else None) if x)
            lines.append(f"  {entry.get('id')}: {entry.get('title', '')}" + (f" · {where}" if where else ""))
    return lines


def _side(variant: Variant, rule_id: str, item: dict | None) -> dict:
    if item is None:
        return {"variant": variant.id, "present": False}
    side = {"variant": variant.id, "present": True, "value": item["value"], "defined_in": variant.defined_in(rule_id),
            "text": item["text"]}
    side.update({k: item[k] for k in ("source", "inferred", "note") if k in item})
    return side


def _value_lines(value: Any) -> list[str]:
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) <= 80:
        return [flat]
    return _yaml(value).rstrip("\n").splitlines()


def _side_lines(label: str, variant: Variant, item: dict | None, with_note: bool) -> list[str]:
    """One variant's side of a rule in ``diff``'s text: its value, the rule's first sentence in both languages, the
    provenance, and (``with_note``, for rules shown equal) the note."""
    if item is None:
        return [f"  {label} {variant.id}: 无此规则 (no such rule)"]
    lines = _value_lines(item["value"])
    out = [f"  {label} {variant.id}  值 value: {lines[0] if len(lines) == 1 else ''}".rstrip()]
    out += [f"        {line}" for line in (lines[1:] if len(lines) == 1 else lines)]
    out += [f"      {_first_sentence(item['text']['zh'], '。')}", f"      {_first_sentence(item['text']['en'], '. ')}"]
    out += [f"      {line}" for line in _provenance(item)]
    if with_note and "note" in item:
        out += [f"      {line}" for line in _bilingual("注", "note", item.get("note_zh"), item["note"])]
    return out


@click.command()
@click.argument("variant_a")
@click.argument("variant_b")
@format_option("text", "json", "yaml")
@click.option("--all", "show_all", is_flag=True,
              help="Also show the rules whose values are equal (marked =), e.g. a placeholder value kept with a note.")
def diff(variant_a: str, variant_b: str, fmt: str, show_all: bool) -> None:
    """Show the rules whose values differ between two variants.

    VARIANT_A and VARIANT_B are variant ids (huolong/li-zhijiang, or just li-zhijiang) or paths of variant files
    (a bundled id is read before a file of the same name: write ./NAME for the file).
    For each rule that differs: its id, its text (中文 and English, first sentence), and for each variant the value
    and the provenance. Rules with equal values are counted, not shown, unless --all is given (they are then
    listed too, marked "=", with their notes). The exit status is 0 whatever the differences, 2 when an argument
    names no usable variant.
    """
    a, b = open_variant_arg(variant_a), open_variant_arg(variant_b)
    if a.data.get("game") != b.data.get("game"):
        fail(tr("{first} is a {first_game} variant and {second} a {second_game} variant (expected two variants of one "
                "game)", first=variant_a, first_game=a.data.get("game"), second=variant_b,
                second_game=b.data.get("game")))
    items_a = dict(iter_rules(a.data.get("rules", {})))
    items_b = dict(iter_rules(b.data.get("rules", {})))
    order, changed = rule_differences(a.data.get("rules", {}), b.data.get("rules", {}))
    shown = order if show_all else changed
    if fmt != "text":
        out = {"a": a.id, "b": b.id, "same": len(order) - len(changed),
               "differences": [{"rule": r, "a": _side(a, r, items_a.get(r)), "b": _side(b, r, items_b.get(r))}
                               for r in changed]}
        if show_all:
            out["equal"] = [{"rule": r, "a": _side(a, r, items_a[r]), "b": _side(b, r, items_b[r])}
                            for r in order if r not in changed]
        click.echo(json.dumps(out, ensure_ascii=False, indent=2) if fmt == "json" else _yaml(out), nl=fmt == "json")
        return
    for rule_id in shown:
        click.echo(f"{'■' if rule_id in changed else '='} {rule_id}")
        for label, variant, item in (("A", a, items_a.get(rule_id)), ("B", b, items_b.get(rule_id))):
            click.echo("\n".join(_side_lines(label, variant, item, rule_id not in changed)))
    click.echo(f"{len(changed)} 条规则不同 / rule(s) differ, {len(order) - len(changed)} 相同 / the same "
               f"(A = {a.id}, B = {b.id})")
    own = _own_sources_lines((a, b))
    if own:
        click.echo("来源 sources:\n" + "\n".join(own))
