"""The one error type of the spec tools: :class:`SpecError`, a problem located in a spec file.

Every problem the loader finds (bad YAML, a schema violation, a broken ``extends`` chain, a check a schema
cannot make) is one :class:`SpecError` with structured fields, printed as one line::

    FILE:LINE:COL: RULE.PATH: message (expected …)

``RULE.PATH`` is the path of the offending node from the top of the file, e.g. ``rules.settlement.table[2].when``
(left out when the problem concerns no node, e.g. a file that is not UTF-8). A loader that finds several problems
raises the first one (in line order) and attaches all of them as ``problems``.

``kind`` names the class of problem with a word from :data:`KINDS`, so that tests and tools can tell problems apart
without parsing messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Path_ = tuple[str | int, ...]
"""A path into loaded data: mapping keys and list indexes, outermost first; ``()`` is the top of the file."""

KINDS: dict[str, str] = {
    # reading the file
    "unreadable": "the file cannot be read (missing, a directory, no permission)",
    "too_large": "the file is larger than the size limit",
    "encoding": "the file is not UTF-8 text",
    "empty": "the file holds no YAML document (empty, or only comments)",
    # YAML
    "yaml_syntax": "the text is not valid YAML (includes tab indentation, several documents, control characters)",
    "duplicate_key": "a mapping has the same key twice",
    "anchor_alias": "anchors (&a), aliases (*a) and merge keys (<<) are refused",
    "key_type": "a mapping key that is not a string",
    "yaml_version": "a plain value YAML 1.1 and YAML 1.2 read differently (010, yes/no/on/off/y/n, 1:30, 0o10, 1_000 …)",
    "not_json": "a plain .inf or .nan, which JSON cannot hold",
    "tag": "an explicit YAML tag (!!python/…, !custom)",
    "too_deep": "nesting deeper than the limit",
    "not_mapping": "the top of the file is not a mapping",
    "bad_text": "a key or string holding a lone surrogate, a control character or a bidi override (escapes too)",
    "lookalike": "a key holding a character that looks like a space or a colon but is none (U+3000, U+00A0, '：' …)",
    # schema (step 1: each file)
    "unknown_key": "a key the schema does not know (typos are caught here)",
    "missing_key": "a required key is missing",
    "wrong_type": "a value of the wrong type (a list where a mapping belongs, text where a number belongs …)",
    "bad_value": "a value of the right type but not allowed (unknown option name, out of range …)",
    "provenance": "a rule item without exactly one of `source` and `inferred`",
    # ids and extends
    "bad_id": "a variant id that is not <game>/<name> in lower-case letters, digits and '-'",
    "outside_spec": "an id that would leave the spec/ folder ('..', an absolute path)",
    "id_mismatch": "an id that does not match the file's place in spec/ or its game",
    "id_taken": "a house variant that reuses the id of a bundled variant",
    "unknown_variant": "a variant id asked for that is not bundled",
    "missing_parent": "`extends` names a variant that does not exist",
    "extends_cycle": "`extends` chains that loop",
    "game_mismatch": "a variant whose game or family differs from its parent's",
    "nothing_to_delete": "`null` (delete) where the parent has nothing to delete",
    # checks on the resolved variant (step 2)
    "incomplete": "a playable variant lacks a rule its game needs",
    "unknown_source": "a `source.id` that neither spec/sources.yaml nor the variant's own `sources:` lists",
    "duplicate_id": "two entries of spec/sources.yaml (or of a variant's `sources:`) with the same id, or a variant's "
                    "source reusing an id of spec/sources.yaml",
    "rank_order": "a rank order that misses or repeats a rank, or lists a rank that cannot be there",
    "unknown_rank": "a rank that is not one of the variant's levels where a level is expected",
    "trump_order": "a trump order that misses or repeats a card class",
    "duplicate_name": "two entries of a named list (combinations, shows, settlement rows) with the same name",
    "deal_arithmetic": "deck, hands and bottom that do not add up",
    "bad_range": "a {min, max} condition with min greater than max",
    "settlement_gap": "a hand outcome that no settlement row matches",
    "settlement_dead_row": "a settlement row that can never apply (earlier rows always match first)",
    "stakes": "stakes in the settlement table while stakes are disabled",
    "star_burial": "star-burial level bonuses that do not cover every big joker",
    "impossible": "a rule the pack cannot satisfy (a five-card bomb or a flush pair with one deck)",
    "unplayable": "a value the schema allows but the game's reference engine cannot play (play would refuse it)",
    # warnings (validate reports them and still succeeds)
    "ladder_step_unused": "a warning: a step of a bomb ladder names a combination the catalogue lacks (no play "
                          "ever stands on it)",
    "match_over_cap": "a warning: a match of more hands than play's safety cap (play refuses it unless given "
                      "--max-hands)",
}
"""Every ``kind`` a :class:`SpecError` can have, with what it means."""

WARNING_KINDS = frozenset({"ladder_step_unused", "match_over_cap"})
"""The kinds that are warnings, not problems: ``validate`` reports them and exits 0 (``Registry.warnings_file``)."""


def format_path(path: Iterable[str | int]) -> str:
    """``("rules", "settlement", "table", 2, "when")`` → ``"rules.settlement.table[2].when"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class SpecError(ValueError):
    """One problem in a spec file, located by file, line and column.

    Attributes:
        file: the file's path as given (str).
        line, column: 1-based position of the offending node (1, 1 for a problem of the whole file).
        rule_path: dotted path of the offending node (``"rules.bury.count.value"``), ``""`` if none.
        message: what is wrong, one line, no location.
        expected: what would be right (``""`` if nothing useful can be said).
        kind: one of :data:`KINDS`.
        context: where the problem was met when it is not obvious (``"in variant huolong/my-club, which inherits
            it"``), printed after the message; ``""`` mostly.
        problems: all problems found by the operation that raised this one, this one first
            (a one-element list when it stands alone).
    """

    def __init__(self, file: str, line: int, column: int, rule_path: str, message: str,
                 expected: str = "", kind: str = "yaml_syntax", context: str = "") -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown SpecError kind {kind!r}")
        self.file = str(file)
        self.line = max(int(line), 1)
        self.column = max(int(column), 1)
        self.rule_path = rule_path
        self.message = " ".join(str(message).split())
        self.expected = " ".join(str(expected).split())
        self.kind = kind
        self.context = context
        self.problems: list[SpecError] = [self]
        super().__init__(self.format())

    def format(self) -> str:
        """The one-line form ``FILE:LINE:COL: RULE.PATH: message (expected …)``."""
        where = f"{self.file}:{self.line}:{self.column}: "
        path = f"{self.rule_path}: " if self.rule_path else ""
        tail = f" ({self.context})" if self.context else ""
        tail += f" (expected {self.expected})" if self.expected else ""
        return f"{where}{path}{self.message}{tail}"

    def __str__(self) -> str:
        return self.format()

    def sort_key(self) -> tuple[str, int, int, str]:
        """Order of reports: by file, then line, column and path."""
        return (self.file, self.line, self.column, self.rule_path)

    def identity(self) -> tuple:
        """What makes two reports the same problem: place, kind and message (not ``context`` or ``expected``)."""
        return (self.file, self.line, self.column, self.rule_path, self.kind, self.message)

    def as_dict(self) -> dict[str, str | int]:
        """The structured fields as a JSON-ready mapping (for ``validate --format json``)."""
        return {"file": self.file, "line": self.line, "column": self.column, "rule_path": self.rule_path,
                "kind": self.kind, "message": self.message, "expected": self.expected, "context": self.context}

    def __reduce__(self) -> tuple[type[SpecError], tuple[str | int, ...]]:  # picklable despite the custom __init__
        return (SpecError, (self.file, self.line, self.column, self.rule_path, self.message, self.expected,
                            self.kind, self.context))


VariantError = SpecError
"""Another name for :class:`SpecError` (the same class)."""


def sorted_unique(problems: Iterable[SpecError]) -> list[SpecError]:
    """Problems in report order (file, line, column); of several with the same place, kind and message the first is
    kept (the same inherited node can be reached through several variants, with different ``context``)."""
    seen: set[tuple] = set()
    out: list[SpecError] = []
    for problem in sorted(problems, key=SpecError.sort_key):
        key = problem.identity()
        if key not in seen:
            seen.add(key)
            out.append(problem)
    return out


def raise_all(problems: Sequence[SpecError]) -> None:
    """Raise the first of ``problems`` (report order) with all of them attached; do nothing if there are none."""
    ordered = sorted_unique(problems)
    if ordered:
        first = ordered[0]
        first.problems = ordered
        raise first
