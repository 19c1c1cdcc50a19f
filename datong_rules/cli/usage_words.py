"""click's own words of a usage error (an unknown option, a missing argument, a value of the wrong kind) in the
language of the messages (:mod:`.messages`): click writes them in English; each kind it words is matched here by
its English pattern and said again in 中文, what it quotes (an option, a value, a range) kept as written.

A wording click adds later and not listed here stays in English (as :func:`.messages.tr` leaves a message it has
no 中文 for).
"""

from __future__ import annotations

import re

from .messages import current

_ZH: list[tuple[re.Pattern[str], str]] = [(re.compile(pattern, re.S), words) for pattern, words in [
    (r"No such option:? (?P<name>\S+?)\.?(?: Did you mean (?P<maybe>.+?)\?)?(?: \(Possible options: (?P<all>.+)\))?",
     "没有选项 {name}"),
    (r"No such command '(?P<name>.+)'\.?", "没有命令 '{name}'"),
    (r"Missing argument '(?P<name>.+)'\.?", "缺少参数 '{name}'"),
    (r"Missing option '(?P<name>.+)'\.?", "缺少选项 '{name}'"),
    (r"Missing parameter '(?P<name>.+)'\.?", "缺少参数 '{name}'"),
    (r"Option '(?P<name>.+)' requires an argument\.?", "选项 '{name}' 需要一个值"),
    (r"Option '(?P<name>.+)' requires (?P<n>\d+) arguments\.?", "选项 '{name}' 需要 {n} 个值"),
    (r"Option '(?P<name>.+)' does not take a value\.?", "选项 '{name}' 不带值"),
    (r"Got unexpected extra arguments? \((?P<args>.+)\)\.?", "多出了参数（{args}）"),
    (r"Invalid value for (?P<name>.+?): (?P<why>.+)", "{name} 的值无效：{why}"),
    (r"(?P<value>.+) is not a valid integer range\.?", "{value} 不是整数"),
    (r"(?P<value>.+) is not a valid integer\.?", "{value} 不是整数"),
    (r"(?P<value>.+) is not a valid float range\.?", "{value} 不是数"),
    (r"(?P<value>.+) is not a valid float\.?", "{value} 不是数"),
    (r"(?P<value>.+) is not a valid boolean\.?", "{value} 不是布尔值"),
    (r"(?P<value>.+) is not one of (?P<choices>.+?)\.?", "{value} 不是 {choices} 之一"),
    (r"(?P<value>.+) is not (?P<choice>'[^']*')\.?", "{value} 不是 {choice}"),
    (r"(?P<value>.+) is not in the range (?P<range>.+?)\.?", "{value} 不在范围 {range} 内"),
    (r"(?:File|Directory|Path) (?P<path>'.+') is a directory\.?", "{path} 是文件夹，不是文件"),
]]
"""click's English patterns and their 中文 (``{name}`` fields are the pattern's groups; ``why`` is said again)."""

_MAYBE = {"zh": "（是不是想写 {maybe}？）"}


def usage_words(text: str) -> str:
    """click's message ``text`` in the language of the messages (unchanged in English, or when its kind is not
    known here)."""
    if current() != "zh":
        return text
    for pattern, words in _ZH:
        found = pattern.fullmatch(text.strip())
        if found is None:
            continue
        fields = {k: v for k, v in found.groupdict().items() if v is not None}
        if "why" in fields:
            fields["why"] = usage_words(fields["why"])
        said = words.format(**{k: fields.get(k, "") for k in re.findall(r"{(\w+)}", words)})
        if fields.get("maybe"):
            said += _MAYBE["zh"].format(maybe=fields["maybe"])
        return said
    return text
