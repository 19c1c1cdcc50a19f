"""The loader's problems and the bot kinds' errors in 中文: the words the engine's own layers write in English.

A problem of a variant or house file (:class:`~datong_rules.reference_impl.variant.SpecError`) and the error of a
``--bots`` kind are worded by the engine (``reference_impl``), which knows nothing of languages; they are said in the
command's language here, when they are printed, as :func:`.messages.tr` says the command's own messages.

:data:`ZH` holds each English wording as a template with ``{name}`` fields (the form the engine's f-string gives it),
and its 中文 words with the same fields. :func:`say` finds the template a text was made from (the most specific one
that matches the whole text), says each field's value again (a value is often itself a phrase of this list: ``found
{what}`` with ``the number 6``) and fills the 中文 template; what no template matches is left as written (English,
as :func:`.messages.tr` leaves a message not yet translated). Identifiers, file paths, YAML keys and values stay as
they are: only the fields of :data:`_WORDED` (phrases of this list) are said again, every other field is written as
it is; the fields of :data:`_TOKENS` match one token only.

:func:`problem_line` is a problem's one line (``FILE:LINE:COL: RULE.PATH: message (expected …)``) in the command's
language; under English it is exactly :meth:`SpecError.format`.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from datong_rules.reference_impl.variant import SpecError

from .messages import current

_RAY_EXPECTED_ZH = ("应为一个正在运行的 Ray 集群的地址（host:port，即 `ray start --head` 显示的地址，或 ray://host:port）、auto "
                   "或 local")
"""The end of each reason why an address is not a Ray cluster's, in 中文."""

_CARD_ZH = "一张牌的写法：花色 S H C D 加点数 2–10 J Q K A（如 SA、H10），或 BJ（大王）、LJ（小王）；SJ 是黑桃 J"
"""What a card's notation is, in 中文 (said for each schema's description of it)."""

ZH: dict[str, str] = {
    # reading the file
    "the file is larger than {limit} ({size} bytes or more)": "文件大于 {limit}（{size} 字节或更多）",
    "a file under {limit}": "小于 {limit} 的文件",
    "the file holds no YAML document (it is empty or only comments)": "文件里没有 YAML 文档（是空的，或只有注释）",
    "a mapping with id, name, summary …": "一个含 id、name、summary …… 的映射",
    "the top of the file is a list": "文件的最上层是一个列表",
    "the top of the file is a single value": "文件的最上层是一个单独的值",
    "a mapping (key: value lines)": "一个映射（key: value 的行）",
    "the file is UTF-16 text": "文件是 UTF-16 文本",
    "the file is not UTF-8 text": "文件不是 UTF-8 文本",
    "UTF-8 text (save the file as UTF-8)": "UTF-8 文本（把文件存成 UTF-8）",
    "byte {byte} is not UTF-8": "字节 {byte} 不是 UTF-8",
    "cannot read the file: {reason}": "读不了文件：{reason}",
    "a readable file": "一个可读的文件",
    "character #x{code} is not allowed in YAML": "YAML 里不允许字符 #x{code}",
    "printable text": "可打印的文字",
    "printable text (tab and newline are allowed)": "可打印的文字（可以有制表符和换行）",
    "a number of {digits}, too long to read": "一个 {digits} 的数，太长，读不了",
    "{count} digits": "{count} 位",
    "too many digits": "位数太多",
    "a number of at most {count} digits": "一个至多 {count} 位的数",
    # YAML
    "invalid YAML: a tab character where YAML needs spaces": "YAML 写法错误：该用空格的地方用了制表符",
    "spaces for indentation (YAML forbids tabs)": "用空格缩进（YAML 不允许制表符）",
    "invalid YAML: {what}": "YAML 写法错误：{what}",
    "syntax error": "语法错误",
    "the file holds more than one YAML document (a second '---')": "文件里有不止一个 YAML 文档（又有一个 '---'）",
    "one document per file": "每个文件一个文档",
    "alias *{name} is not allowed": "不允许别名 *{name}",
    "anchor &{name} is not allowed": "不允许锚点 &{name}",
    "the value written out in full (anchors and aliases are refused)": "把值完整写出来（不接受锚点和别名）",
    "YAML tag {tag} is not allowed": "不允许 YAML 标签 {tag}",
    "plain YAML data without tags": "不带标签的普通 YAML 数据",
    "{value} is not a valid {tag}": "{value} 不是有效的 {tag}",
    "nesting deeper than {limit} levels": "嵌套超过了 {limit} 层",
    "at most {limit} levels of lists and mappings": "列表和映射至多嵌套 {limit} 层",
    "merge key << is not allowed": "不允许合并键 <<",
    "the keys written out in full": "把键完整写出来",
    "key {key} is read as {what}, not as text": "键 {key} 被读成了{what}，而不是文字",
    "a quoted key: {key}": "加引号的键：{key}",
    "a true/false value": "真假值",
    "a number": "一个数",
    "duplicate key {key} (first at line {line})": "键 {key} 重复了（第一次在第 {line} 行）",
    "each key once per mapping": "每个映射里每个键只出现一次",
    "the {what} holds U+{code} at character {at}, {why}": "{what}在第 {at} 个字符处含有 U+{code}，{why}",
    "key": "键", "text": "文字",
    "a lone UTF-16 surrogate, which cannot be written as UTF-8": "这是一个落单的 UTF-16 代理字符，无法写成 UTF-8",
    "the character itself, or \\U0001F600-style escapes for characters beyond U+FFFF":
        "字符本身，或对 U+FFFF 以上的字符用 \\U0001F600 式的转义",
    "a bidirectional override or isolate control, which reorders the text around it":
        "这是一个双向覆盖或隔离控制字符，会打乱它周围文字的顺序",
    "text without bidi controls": "不含双向控制字符的文字",
    "a control character": "这是一个控制字符",
    # YAML 1.1 against 1.2
    "the plain value {text} is {old} in {reader} but {new} in YAML 1.2":
        "不加引号的值 {text} 在{reader}里是{old}，在 YAML 1.2 里却是{new}",
    "YAML 1.1 readers that ignore case": "不分大小写的 YAML 1.1 读取器",
    "the plain value {text} is {what}, which JSON cannot hold": "不加引号的值 {text} 是{what}，JSON 存不了",
    "a finite number, or {quoted} in quotes for the text": "一个有限的数；若是文字，就写成加引号的 {quoted}",
    "true or false for a yes/no value, or {quoted} in quotes for the text":
        "是非值写 true 或 false；若是文字，就写成加引号的 {quoted}",
    "{quoted} in quotes for the text": "若是文字，就写成加引号的 {quoted}",
    "{number} (plain decimal), or {quoted} in quotes for the text":
        "{number}（普通十进制）；若是文字，就写成加引号的 {quoted}",
    "the boolean {value}": "真假值 {value}",
    "the number {value}": "数 {value}",
    "the text {value}": "文字 {value}",
    "not-a-number": "非数（NaN）",
    "infinity": "无穷大",
    "minus infinity": "负无穷大",
    "the merge key <<": "合并键 <<",
    "the value key =": "值键 =",
    # the schema
    "unknown key {key} (did you mean {hint}?)": "未知的键 {key}（是不是想写 {hint}？）",
    "unknown key {key}": "未知的键 {key}",
    "one of: {names}; a key matching {patterns}": "以下之一：{names}；或符合 {patterns} 的键",
    "one of: {names}": "以下之一：{names}",
    "a key matching {patterns}": "符合 {patterns} 的键",
    "missing key {key}": "缺少键 {key}",
    "the text has no 中文 (zh)": "这段文字没有中文（zh）",
    "the text has no English (en)": "这段文字没有英文（en）",
    ("rule section {rule} is missing: a playable variant of this game needs it (add it here, or extend a variant "
     "that has it)"): "缺少规则部分 {rule}：这个游戏能打的版本需要它（在这里加上，或继承一个有它的版本）",
    "rule {rule} is missing: a playable variant of this game needs it (add it here, or extend a variant that has it)":
        "缺少规则 {rule}：这个游戏能打的版本需要它（在这里加上，或继承一个有它的版本）",
    "key {rule} is missing: a playable variant of this game needs it (add it here, or extend a variant that has it)":
        "缺少键 {rule}：这个游戏能打的版本需要它（在这里加上，或继承一个有它的版本）",
    "found {found}, a number with a decimal point": "找到的是 {found}，一个带小数点的数",
    "a whole number without one: {whole}": "不带小数点的整数：{whole}",
    "a whole number without one": "不带小数点的整数",
    "found {found}; a rule item is a mapping of value, text, and source or inferred":
        "找到的是{found}；规则项应是一个映射，含 value、text，以及 source 或 inferred",
    "a mapping {{value, text: {{zh, en}}, source: {{id, section}} | inferred: {{reason}}}}":
        "一个映射 {{value, text: {{zh, en}}, source: {{id, section}} | inferred: {{reason}}}}",
    "found {found}": "找到的是{found}",
    "{what} is not an allowed value (did you mean {hint}?)": "{what} 不是允许的值（是不是想写 {hint}？）",
    "{what} is not an allowed value": "{what} 不是允许的值",
    "{number} is a number here; ranks are text": "{number} 在这里是数；点数是文字",
    "{quoted} in quotes": "加引号的 {quoted}",
    "{what} is not allowed here": "这里不允许 {what}",
    "anything but {value}": "除 {value} 以外的任何值",
    # why an engine did not start (the conformance suite's JSON-lines adapter; what the engine wrote stays as it is)
    "handshake failed: {problem} (stderr: {stderr})": "握手失败：{problem}（stderr：{stderr}）",
    "handshake failed: {problem}": "握手失败：{problem}",
    "implementation {what} before 'ready'": "实现没有回复 'ready'（{what}）",
    "exited with code {code}": "退出码 {code}",
    "was killed by signal {signal}": "被信号 {signal} 终止",
    "closed its stdout but is still running": "关了标准输出，但还在运行",
    "expected a 'ready' JSON line, got: {got}": "应为一行 'ready' JSON，收到的是：{got}",
    "cannot run {command}: {reason}": "无法运行 {command}：{reason}",
    "cannot parse the command {command}: {why}": "无法解析命令 {command}：{why}",
    "No closing quotation": "引号没有闭合",
    "No escaped character": "转义符 \\ 后面没有字符",
    "no 'ready' reply within {seconds}s": "{seconds} 秒内没有回复 'ready'",
    ("no 'ready' reply within {seconds}s (the implementation {what}, but a process it started keeps its output "
     "open)"): "{seconds} 秒内没有回复 'ready'（实现已经结束：{what}，但它启动的进程还开着它的输出）",
    "the 'ready' line is over the cap of {cap} bytes": "'ready' 这一行超过了 {cap} 字节的上限",
    "the 'ready' line is not strict JSON ({why}): {got}": "'ready' 这一行不是严格的 JSON（{why}）：{got}",
    "{number} is not a JSON number": "{number} 不是 JSON 的数",
    "the number {number} is too large": "数 {number} 太大",
    "the key {which} appears twice in one object": "键 {which} 在一个对象里出现了两次",
    'expected {{"type": "ready", ...}}, got: {got}': '应为 {{"type": "ready", ...}}，收到的是：{got}',
    "implementation speaks protocol {protocol}, the runner {what}": "实现说的是协议 {protocol}，运行器说的是 {what}",
    "'ready' needs a string '{key}': {got}": "'ready' 需要文字的 '{key}'：{got}",
    "'ready' needs '{key}', a list of strings (or [\"*\"]): {got}": "'ready' 需要 '{key}'，一个文字的列表（或 [\"*\"]）：{got}",
    "'refuses_bad_input' must be true or false, got {value}: {got}":
        "'refuses_bad_input' 应为 true 或 false，收到的是 {value}：{got}",
    # an engine's fault on a question (the JSON-lines adapter's words: fuzz's engine errors, conform's errored
    # scenarios); the line the engine wrote ({received}: its words, or the adapter's for an empty or binary line) and
    # the system's reason stay as written
    "timeout after {seconds}s": "{seconds} 秒后超时",
    "timeout after {seconds}s: the implementation did not read its input": "{seconds} 秒后超时：实现没有读它的输入",
    "timeout after {seconds}s (the implementation {what}, but a process it started keeps its output open)":
        "{seconds} 秒后超时（实现已经结束：{what}，但它启动的进程还开着它的输出）",
    "implementation {what} before replying": "实现没有回复（{what}）",
    "implementation {what} while the query was sent": "实现没能收下查询（{what}）",
    "not sent: the query is {size} bytes, over the line cap of {cap} bytes":
        "没有发送：查询有 {size} 字节，超过了一行 {cap} 字节的上限",
    "unexpected line on stdout before the query (stdout carries replies only; logs go to stderr): {received}":
        "查询之前标准输出上多了一行（标准输出只用来回复；日志请写到标准错误）：{received}",
    "reply for id {id} to the query of '{scenario}': {received}": "对 '{scenario}' 的查询收到的回复的 id 是 {id}：{received}",
    "protocol error: a second reply to this query, or a line after its reply: {received}":
        "违反协议：这个查询的第二个回复，或它的回复之后的又一行：{received}",
    ("protocol error: 'bad_input' must be true or false, got {got} (true: the query is refused as bad input; false "
     "or absent: the engine failed): {received}"):
        "违反协议：'bad_input' 应为 true 或 false，收到的是 {got}（true：查询因输入有误被拒绝；false 或不写：引擎出了故障）：{received}",
    "unexpected reply (want result/skipped/errored with id, answer, reason or message): {received}":
        "意外的回复（应为带 id 及 answer、reason 或 message 的 result、skipped 或 errored）：{received}",
    "reply line over the cap of {cap} bytes (dropped after {size} bytes); the implementation is restarted":
        "回复的一行超过了 {cap} 字节的上限（读到 {size} 字节时丢弃）；实现已重新启动",
    "not strict JSON ({why}): {received}": "不是严格的 JSON（{why}）：{received}",
    "not a JSON line: {received}": "不是一行 JSON：{received}",
    "not a JSON object: {received}": "不是 JSON 对象：{received}",
    "not queried: {why}": "没有查询：{why}",
    "restart failed: {why}": "重新启动失败：{why}",
    "operation {op} keeps timing out ({first} in a row, {second})": "操作 {op} 一直超时（连续 {first}，{second}）",
    "operation {op} keeps crashing ({first} in a row, {second})": "操作 {op} 一直崩溃（连续 {first}，{second}）",
    "operation {op} keeps failing ({first} in a row, {second})": "操作 {op} 一直失败（连续 {first}，{second}）",
    "1 timeout": "1 次超时", "{count} timeouts": "{count} 次超时",
    "1 crash": "1 次崩溃", "{count} crashes": "{count} 次崩溃",
    "1 failed restart": "1 次重新启动失败", "{count} failed restarts": "{count} 次重新启动失败",
    "1 oversized reply": "1 次回复过长", "{count} oversized replies": "{count} 次回复过长",
    "1 restart": "重新启动 1 次", "{count} restarts": "重新启动 {count} 次",
    # an answer's own fault (conform's errored scenarios; its schema's problem is said below, as fuzz says it)
    "answer is a {kind}, not a mapping: {answer}": "回答是 {kind}，不是映射：{answer}",
    "the answer holds NaN or Infinity, which JSON cannot carry: {answer}": "回答里有 NaN 或 Infinity，JSON 存不了：{answer}",
    # why an implementation's answer to a fuzzed question disagrees (conformance.fuzz.driver's Disagreement.problem;
    # what the engine said, or Python's words for its exception, as written)
    "refused as bad input: {detail}": "当作输入有误拒绝了：{detail}",
    "errored: {detail}": "出错：{detail}",
    "errored: implementation reported an error: {detail}": "出错：实现报告了错误：{detail}",
    "errored: the answer is a {kind}, not a mapping: {answer}": "出错：回答是 {kind}，不是映射：{answer}",
    "answer does not match the operation's schema: {path}: {problem}": "回答不符合操作的 JSON 模式：{path}：{problem}",
    # an --op or --variant of fuzz that gives it nothing to ask (conformance.fuzz.session.targets)
    ("--op {op}: fuzz generates no Huolong game records: replay is checked by the suite's scenarios (datong-rules "
     "conform --op replay) and datong-rules verify"):
        "--op {op}：fuzz 不生成攉龙的牌局记录：replay 由测试套件的场景（datong-rules conform --op replay）和 datong-rules "
        "verify 检查",
    "--op {op}: {variants} cannot be asked {name} questions (the variant's rules turn that part of the game off)":
        "--op {op}：{variants} 不能问 {name} 的问题（这个版本的规则关掉了游戏的这一部分）",
    "--op {op}: no variant of the game {game} is fuzzed (the variants: {variants})":
        "--op {op}：没有对游戏 {game} 的版本做模糊测试（做的版本：{variants}）",
    "--op {op}: no such operation (operations: {ops})": "--op {op}：没有这个操作（操作有：{ops}）",
    "--op {op}: no such operation (did you mean {close}?) (operations: {ops})":
        "--op {op}：没有这个操作（是不是想写 {close}？）（操作有：{ops}）",
    "--op {op}: no such {game} operation (operations: {ops})": "--op {op}：{game} 没有这个操作（操作有：{ops}）",
    "--op {op}: no such {game} operation (did you mean {close}?) (operations: {ops})":
        "--op {op}：{game} 没有这个操作（是不是想写 {close}？）（操作有：{ops}）",
    "the game {game} has no generators of questions yet (no {package}.strategies)":
        "游戏 {game} 还没有出题器（没有 {package}.strategies）",
    # coverage's problems (conformance.coverage.CoverageReport.errors; said on the console, English in its JSON)
    "{location}: 1 scenario is for variant '{variant}', which is not in {what} (first: '{id}')":
        "{location}：1 个场景是版本 '{variant}' 的，它不在 {what} 里（第一个：'{id}'）",
    "{location}: {count} scenarios are for variant '{variant}', which is not in {what} (first: '{id}')":
        "{location}：{count} 个场景是版本 '{variant}' 的，它不在 {what} 里（第一个：'{id}'）",
    ("{location}: 1 scenario of variant '{variant}' cites rule '{rule}', which is not a rule of that variant in "
     "{what} (first: '{id}')"):
        "{location}：版本 '{variant}' 的 1 个场景引用了规则 '{rule}'，它在 {what} 里不是这个版本的规则（第一个：'{id}'）",
    ("{location}: {count} scenarios of variant '{variant}' cite rule '{rule}', which is not a rule of that variant "
     "in {what} (first: '{id}')"):
        "{location}：版本 '{variant}' 的 {count} 个场景引用了规则 '{rule}'，它在 {what} 里不是这个版本的规则（第一个：'{id}'）",
    "the bundled spec": "内置的规则（spec/）",
    # a fixture variant of a scenario folder that cannot be loaded: the scenarios naming it, left out
    "fixture variant {name} cannot be loaded: the 1 scenario naming it is left out (at {at})":
        "测试用的版本 {name} 载入不了：用它的 1 个场景没有读（在 {at}）",
    "fixture variant {name} cannot be loaded: the {count} scenarios naming it are left out (first at {at})":
        "测试用的版本 {name} 载入不了：用它的 {count} 个场景没有读（第一个在 {at}）",
    # why a conform run checked nothing (conformance.runner's Outcome.empty; the run fails unless --allow-empty)
    "no scenario was run": "一个场景也没有运行",
    "no scenario was asked: all {count} were outside the variants and operations the implementation declares":
        "一个场景也没有问：全部 {count} 个都不在实现声明的版本和操作之内",
    "no scenario passed ({count} asked)": "没有一个场景通过（问了 {count} 个）",
    # a fixture variant's own problems (conformance.fixture_variants.read_fixture_variants)
    "a scenario file in the variants folder, which holds fixture variants only":
        "variants 文件夹里的一个场景文件，这个文件夹只放测试用的版本",
    "a folder in the variants folder, which holds fixture variant files only":
        "variants 文件夹里的一个文件夹，这个文件夹只放测试用的版本文件",
    "a broken symbolic link in the variants folder (its target {target} does not exist)":
        "variants 文件夹里一个断了的符号链接（它指向的 {target} 不存在）",
    "not a regular file (a FIFO, a device or a socket) in the variants folder":
        "variants 文件夹里一个不是普通文件的东西（FIFO、设备或套接字）",
    "fixture variant {name} is also defined in {where}": "测试用的版本 {name} 在 {where} 里已经定义了",
    "a fixture variant must extend a bundled variant (add 'extends: …')":
        "测试用的版本必须扩展一个内置版本（加上 'extends: …'）",
    "{name} is the id of a bundled variant (a fixture variant needs an id of its own, e.g. {example})":
        "{name} 是内置版本的 id（测试用的版本要有自己的 id，如 {example}）",
    # a game record that cannot be read (verify; records.RecordError, its "(expected …)" said apart: record_line)
    "the file is empty": "文件是空的",
    "a game record: JSON, as `datong-rules play --record` writes it": "一份牌局记录：JSON，即 `datong-rules play --record` 写出的那种",
    "it is a folder, not a file": "它是文件夹，不是文件",
    "it is not a regular file (a FIFO, a device or a socket)": "它不是普通文件（是 FIFO、设备或套接字）",
    "the file is too large ({what})": "文件太大（{what}）",
    "more than {size} bytes": "超过 {size} 字节",
    "{size} bytes": "{size} 字节",
    "at most {size} MiB": "至多 {size} MiB",
    "the file is {name} text": "文件是 {name} 文本",
    "{what} at line {line} column {column}": "{what}（第 {line} 行第 {column} 列）",
    "{first}; {second}": "{first}；{second}",
    "bad JSON at line {line} column {column}: {why}": "JSON 写法错误（第 {line} 行第 {column} 列）：{why}",
    "bad JSON: {problem}": "JSON 写法错误：{problem}",
    "{why}: line {line} column {column} (char {index})": "{why}（第 {line} 行第 {column} 列，第 {index} 个字符）",
    "Expecting value": "这里应有一个值",
    "Expecting property name enclosed in double quotes": "这里应有用双引号括起来的键名",
    "Expecting ',' delimiter": "这里应有分隔符 ','",
    "Expecting ':' delimiter": "这里应有分隔符 ':'",
    "Extra data": "后面还有多余的内容",
    "Unterminated string starting at": "从这里开始的字符串没有结束",
    "Invalid control character at": "这里有不允许的控制字符",
    "Invalid \\escape": "无效的转义 \\",
    "duplicate key {key} in an object": "一个对象里的键 {key} 重复了",
    "each key once": "每个键只出现一次",
    "a number of {count} digits": "一个 {count} 位的数",
    "at most {count} digits": "至多 {count} 位",
    "at most {limit} levels of arrays and objects": "数组和对象至多嵌套 {limit} 层",
    "not a valid record at {what}: {problem}": "记录无效，在{what}：{problem}",
    "the top": "最上层",
    "unknown game {name}": "未知的游戏 {name}",
    "missing keys {keys}": "缺少键 {keys}",
    "unknown variant {name} (known: {known}; for a house variant, give its file with --variant)":
        "未知的版本 {name}（已知的：{known}；自定规则版本请用 --variant 给出它的文件）",
    "variant {name} cannot be loaded: {why}": "版本 {name} 载入不了：{why}",
    "the record's game and variant disagree: game {said}, variant {variant} (a {other} variant; expected game {wanted})":
        "记录的游戏和版本对不上：游戏 {said}，版本 {variant}（这是 {other} 的版本；游戏应为 {wanted}）",
    "the record is of game {said} but names the variant {variant}": "记录是游戏 {said} 的，却写着版本 {variant}",
    ("the record was played with variant {played}, not with the variant given, {given}; give the variant it was "
     "played with, or none for a bundled one"):
        "这份记录是用版本 {played} 打的，不是给出的版本 {given}；请给出打它时用的版本，内置版本则什么也不用给",
    ("the record was played with variant {played}, not with the variant given, {given} (a {game} record, a {other} "
     "variant); give the variant it was played with, or none for a bundled one"):
        "这份记录是用版本 {played} 打的，不是给出的版本 {given}（{game} 的记录，{other} 的版本）；"
        "请给出打它时用的版本，内置版本则什么也不用给",
    # what an implementation declares that the kit does not know (conform, before anything is run)
    ("unknown variant {name} in the implementation's declared variants (did you mean {close}?) (known: {known})"):
        "实现声明的版本里有未知的版本 {name}（是不是想写 {close}？）（已知的：{known}）",
    "unknown variant {name} in the implementation's declared variants (known: {known})":
        "实现声明的版本里有未知的版本 {name}（已知的：{known}）",
    ("unknown operation {name} in the implementation's declared operations (did you mean {close}?) (known: "
     "{known})"): "实现声明的操作里有未知的操作 {name}（是不是想写 {close}？）（已知的：{known}）",
    "unknown operation {name} in the implementation's declared operations (known: {known})":
        "实现声明的操作里有未知的操作 {name}（已知的：{known}）",
    "{name} must be a number of seconds more than 0 and at most {most}, got {got}":
        "{name} 应为大于 0、至多 {most} 的秒数，收到 {got}",
    # why an in-process implementation (--impl MODULE:FACTORY) cannot be built or started (its error as raised)
    "--impl must be MODULE:FACTORY, got '{spec}'": "--impl 应为 MODULE:FACTORY，收到的是 '{spec}'",
    ("--impl: '{module}' is not a module name (expected dotted names such as mypkg.engine, importable from "
     "PYTHONPATH; not a file path)"):
        "--impl：'{module}' 不是模块名（应为用点连起来的名字，如 mypkg.engine，能从 PYTHONPATH 导入；不是文件路径）",
    "--impl: '{name}' is not a name in the module (expected e.g. make_impl or Engine)":
        "--impl：'{name}' 不是模块里的名字（应为如 make_impl 或 Engine 这样的名字）",
    "cannot import '{module}': {why}": "无法导入 '{module}'：{why}",
    "'{module}' has no attribute '{name}'": "'{module}' 没有属性 '{name}'",
    "'{spec}' is not callable": "'{spec}' 不能调用",
    "'{spec}()' failed: {why}": "'{spec}()' 出错：{why}",
    "'{spec}()' returned {kind}, which has no answer() method": "'{spec}()' 返回的是 {kind}，它没有 answer() 方法",
    "{method}() failed: {why}": "{method}() 出错：{why}",
    '{method}() must return a list of strings (or ["*"] for all), got {got}':
        '{method}() 应返回一个文字的列表（或表示全部的 ["*"]），收到的是 {got}',
    "the implementation called sys.exit({code})": "实现调用了 sys.exit({code})",
    "not allowed here ({why})": "这里不允许（{why}）",
    ("expect_bad_input takes the place of expect, expect_loose and key_rules: a refused question has no answer "
     "keys"): "expect_bad_input 代替 expect、expect_loose 和 key_rules：被拒绝的问题没有回答键",
    "needs '{a}' or '{b}'": "需要 '{a}' 或 '{b}'",
    "unknown key {key} (allowed: {allowed})": "未知的键 {key}（可以写：{allowed}）",
    "missing required key {key}": "缺少必需的键 {key}",
    "unknown variant {name} (did you mean {hint}?)": "未知的版本 {name}（是不是想写 {hint}？）",
    "abstract variant (it only holds shared rules) {name}": "抽象版本（只放共用的规则）{name}",
    ("abstract variant (it only holds shared rules) {name} (did you mean {hint}?)"):
        "抽象版本（只放共用的规则）{name}（是不是想写 {hint}？）",
    "unknown operation {name} (did you mean {hint}?)": "未知的操作 {name}（是不是想写 {hint}？）",
    "unknown operation {name}": "未知的操作 {name}",
    "{rule} is not a rule of {variant} (did you mean {hint}?)": "{rule} 不是 {variant} 的规则（是不是想写 {hint}？）",
    "{rule} is not a rule of {variant}": "{rule} 不是 {variant} 的规则",
    "{what} is neither a variant id nor a house file's relative path": "{what} 既不是版本 id，也不是自定规则文件的相对路径",
    ("a variant id <game>/<name> in lower-case letters, digits and '-', e.g. huolong/li-zhijiang; or, in a house "
     "file, another house file by its path relative to this one (league.yaml, ../league/rules.yaml)"):
        "一个版本 id <game>/<name>，用小写字母、数字和 '-'，如 huolong/li-zhijiang；或者在自定规则文件里，"
        "另一个自定规则文件相对于这个文件的路径（league.yaml、../league/rules.yaml）",
    "a variant id <game>/<name> in lower-case letters, digits and '-', e.g. huolong/li-zhijiang":
        "一个版本 id <game>/<name>，用小写字母、数字和 '-'，如 huolong/li-zhijiang",
    "the rule item says neither where it comes from nor why it was inferred": "这个规则项既没说出处，也没说为什么是推断的",
    "source: {{id, section}} or inferred: {{reason}}": "source: {{id, section}} 或 inferred: {{reason}}",
    "the rule item has both 'source' and 'inferred'": "这个规则项同时有 'source' 和 'inferred'",
    "exactly one of them": "两者只能有一个",
    "{what} is not a variant id": "{what} 不是版本 id",
    "{what} would leave the spec/ folder": "{what} 会跑到 spec/ 文件夹外面",
    "{what} does not have the required form": "{what} 的写法不合要求",
    "text matching {pattern}": "符合 {pattern} 的文字",
    "{number} is out of range": "{number} 超出了范围",
    "a whole number ≥ {bound}": "≥ {bound} 的整数",
    "a whole number ≤ {bound}": "≤ {bound} 的整数",
    "a number ≥ {bound}": "≥ {bound} 的数",
    "a number ≤ {bound}": "≤ {bound} 的数",
    "a whole number {low}–{high}": "{low} 到 {high} 的整数",
    "the text is empty": "文字是空的",
    "non-empty text": "非空的文字",
    "the list has {count} item(s)": "列表有 {count} 项",
    "at least {count}": "至少 {count} 项",
    "the mapping is empty": "映射是空的",
    "at least one of: {names}": "至少有以下之一：{names}",
    "the list repeats an item": "列表里有重复的项",
    "each item once": "每项只出现一次",
    "a mapping": "一个映射", "a list": "一个列表", "a whole number": "一个整数",
    "true or false": "true 或 false", "true": "true", "false": "false", "null": "null", "none": "none",
    "{what} is not valid under any of the given schemas": "{what} 不符合任何一种允许的写法",
    "a single value": "一个单独的值",
    "the true/false value {value}": "真假值 {value}",
    "not a resolved variant with a variant id": "不是带版本 id 的已解析版本",
    "a mapping with id, game, rules (as `datong-rules show ID --format json` prints it)":
        "一个含 id、game、rules 的映射（即 `datong-rules show ID --format json` 打印的样子）",
    # ids and extends
    "unknown variant {name}": "未知的版本 {name}",
    "id {id} does not match the file's place": "id {id} 和文件所在的位置不符",
    "{expected} (the path under spec/ without .yaml)": "{expected}（spec/ 下的路径，不带 .yaml）",
    "{id} is the id of a bundled variant": "{id} 是内置版本的 id",
    "an id of your own, e.g. huolong/my-club": "一个你自己的 id，如 huolong/my-club",
    "a published variant extends a file ({ref})": "已发布的版本继承了一个文件（{ref}）",
    "the id of a published variant, e.g. huolong/li-zhijiang": "一个已发布版本的 id，如 huolong/li-zhijiang",
    "the variant extends itself ({id})": "版本继承了它自己（{id}）",
    "the id of another variant, e.g. huolong/li-zhijiang": "另一个版本的 id，如 huolong/li-zhijiang",
    "extends makes a cycle: {chain}": "extends 形成了循环：{chain}",
    "a chain that ends in a variant without extends": "一条以不带 extends 的版本结尾的继承链",
    "house file {ref} does not exist (looked for {path})": "自定规则文件 {ref} 不存在（找的是 {path}）",
    "{ref} is a folder, not a file (looked for {path})": "{ref} 是文件夹，不是文件（找的是 {path}）",
    "a house file's path relative to this file, or a published variant's id":
        "自定规则文件相对于这个文件的路径，或一个已发布版本的 id",
    "variant {id} does not exist": "版本 {id} 不存在",
    "chain: {chain}": "继承链：{chain}",
    "null deletes {rule}, but nothing is inherited there": "null 删除 {rule}，但那里并没有继承来的东西",
    "a key the parent variant defines": "父版本定义了的键",
    "game {value} differs from the parent's {parent}": "game {value} 和父版本的 {parent} 不同",
    "family {value} differs from the parent's {parent}": "family {value} 和父版本的 {parent} 不同",
    "{value} or nothing (inherited)": "{value}，或不写（继承）",
    "id {id} does not start with its game {game}": "id {id} 不以它的游戏 {game} 开头",
    "source id {id} is listed twice": "出处 id {id} 列了两次",
    "unique ids": "不重复的 id",
    "source {id} is listed neither in spec/sources.yaml nor in the variant's sources:":
        "出处 {id} 既不在 spec/sources.yaml 里，也不在这个版本的 sources: 里",
    "source id {id} is already listed in spec/sources.yaml": "出处 id {id} 已经列在 spec/sources.yaml 里",
    "source id {id} is already listed in this variant's sources:": "出处 id {id} 已经列在这个版本的 sources: 里",
    "an id of its own": "一个自己的 id",
    "{place} (inherited from {parent}): {message}": "{place}（继承自 {parent}）：{message}",
    "found with this value and {rules}": "和这个值及 {rules} 一起检查时发现",
    "found with this value": "和这个值一起检查时发现",
    "in variant {id}, which inherits it": "在继承它的版本 {id} 中",
    # what a variant cannot find (the VARIANT argument)
    ("unknown variant {ref} (known: {known}; the name after the game, such as li-zhijiang, is enough; or give the "
     "path of a variant file)"): "未知的版本 {ref}（已知的有：{known}；写游戏后面的名字就够了，如 li-zhijiang；"
                                 "或给出一个版本文件的路径）",
    "{ref} names several variants: {ids} (give the full id)": "{ref} 指向好几个版本：{ids}（请给出完整的 id）",
    "{ref} is a folder, not a variant file (give a .yaml file, or a variant id)":
        "{ref} 是文件夹，不是版本文件（请给一个 .yaml 文件，或一个版本 id）",
    "no such file: {ref}": "没有这个文件：{ref}",
    # the checks of a resolved variant
    "{rank} is a permanent trump (trumps.permanent) and cannot be a level":
        "{rank} 是常主（trumps.permanent），不能当级牌",
    "{rank} is a permanent trump (trumps.permanent) and cannot be a plain rank":
        "{rank} 是常主（trumps.permanent），不能当副牌的点数",
    "only ranks that are not permanent trumps": "只用不是常主的点数",
    "rank {rank} is listed twice (first at [{index}])": "点数 {rank} 列了两次（第一次在 [{index}]）",
    "each rank once": "每个点数只出现一次",
    "the order misses rank {ranks}": "顺序里缺了点数 {ranks}",
    "each of {ranks} exactly once": "{ranks} 各出现正好一次",
    "{rank} is not a level of this variant (levels.order)": "{rank} 不是这个版本的级（levels.order）",
    "card class {name} is listed twice (first at [{index}])": "牌类 {name} 列了两次（第一次在 [{index}]）",
    "each class once": "每个牌类只出现一次",
    "the trump order misses {classes} (the trumps rules make these cards trumps)":
        "主牌顺序里缺了 {classes}（主牌的规则让这些牌成为主牌）",
    "every trump class once": "每个主牌类只出现一次",
    "name {name} is used twice (first at [{index}])": "名字 {name} 用了两次（第一次在 [{index}]）",
    "unique names": "不重复的名字",
    "{players} players × {hand} cards + {bottom} in the bottom = {total}, but {decks} deck(s) of {size} hold {cards} "
    "cards": "{players} 人 × 每人 {hand} 张 + 底牌 {bottom} 张 = {total} 张，但 {decks} 副每副 {size} 张的牌共 {cards} 张",
    "hands and bottom to use every card once": "手牌和底牌正好用上每张牌一次",
    "the banker puts back {count} cards but took {taken} (deal.bottom_size)":
        "庄家扣回 {count} 张牌，却拿了 {taken} 张（deal.bottom_size）",
    "the threshold {threshold} is more than the deck's {total} points": "门槛 {threshold} 超过了整副牌的 {total} 分",
    "at most {count}": "至多 {count}",
    "{count} level bonus(es) for {jokers} big jokers": "{jokers} 张大王只有 {count} 个升级奖励",
    "{count} entries, one per big joker, or one entry for every joker": "{count} 项，每张大王一项；或一项适用于每张王",
    "this row scores stakes but stakes.enabled is false": "这一行计了注，但 stakes.enabled 是 false",
    "no stakes, or stakes.enabled: true": "不计注，或 stakes.enabled: true",
    "stakes are enabled but no settlement row scores any": "注已开启，但没有一行结算计注",
    "stakes in some settlement rows, or stakes.enabled: false": "某些结算行计注，或 stakes.enabled: false",
    "no row matches a hand with {outcome}": "没有一行对得上这样的一局：{outcome}",
    "a row for every outcome (the last row is often a catch-all)": "每种结果都有一行（最后一行常是兜底的）",
    "and {count} more kinds of hand no row matches": "还有 {count} 种局没有一行对得上",
    "a row for every outcome": "每种结果都有一行",
    "{outcome} (and {count} more combinations of the two)": "{outcome}（这两项还有 {count} 种组合）",
    "row {name} never applies: earlier rows match every hand it matches": "{name} 这一行永远用不上：它对得上的局，前面的行都对得上",
    "row {name} never applies: no possible hand matches it": "{name} 这一行永远用不上：没有哪一局对得上它",
    "each row to settle some hand": "每一行都结算某些局",
    "min {low} is greater than max {high}": "min {low} 大于 max {high}",
    "min ≤ max": "min ≤ max",
    "{name} needs {size} cards of one rank, but {decks} deck(s) hold only {most} (a {size2}-card bomb cannot be "
    "formed)": "{name} 需要同一点数的 {size} 张牌，但 {decks} 副牌只有 {most} 张（组不成 {size2} 张的炸弹）",
    "a size of at most {most}": "张数至多 {most}",
    "{name} needs {unit} cards of each rank, but {decks} deck(s) hold only {most}":
        "{name} 每个点数需要 {unit} 张牌，但 {decks} 副牌只有 {most} 张",
    "a unit of at most {most}": "unit 至多 {most}",
    "{name} needs {count} ranks in sequence, but ranking.sequence_order has only {most}":
        "{name} 需要连续的 {count} 个点数，但 ranking.sequence_order 只有 {most} 个",
    "a min_length of at most {most}": "min_length 至多 {most}",
    "{name} names {card}, which is not in the pack": "{name} 写了 {card}，这张牌不在这副牌里",
    "a card of the pack": "这副牌里的一张牌",
    "{name} names a card twice, but one deck holds each card once": "{name} 把一张牌写了两次，但一副牌里每张牌只有一张",
    "distinct cards": "各不相同的牌",
    "combination {name} is listed twice": "牌型 {name} 列了两次",
    "each name once": "每个名字只出现一次",
    "flush names {name}, which is not in the catalogue": "flush 写了 {name}，它不在牌型目录里",
    "a name of combinations.catalogue": "combinations.catalogue 里的一个名字",
    "a flush {name} is impossible with one deck: its {size} cards of one rank always differ in suit":
        "一副牌不可能有同花的 {name}：它同一点数的 {size} 张牌花色总不相同",
    "a flush {name} means nothing: one card is always of one suit": "同花的 {name} 没有意义：一张牌总是一种花色",
    "a flush {name} is impossible with one deck: the cards of each rank differ in suit":
        "一副牌不可能有同花的 {name}：每个点数的牌花色都不相同",
    "a flush {name} is impossible: jokers have no suit": "不可能有同花的 {name}：王没有花色",
    "only straights (one card per rank)": "只用顺子（每个点数一张）",
    "the single order misses {ranks}; repeats {repeated}": "单张顺序缺了 {ranks}；重复了 {repeated}",
    "the single order misses {ranks}": "单张顺序缺了 {ranks}",
    "the single order repeats {ranks}": "单张顺序重复了 {ranks}",
    "the sequence order repeats {ranks}": "连牌顺序重复了 {ranks}",
    "each rank at most once (one rank, the A, may stand at both ends)": "每个点数至多一次（只有 A 可以两头都站）",
    "{players} players × {hand} cards = {total}, but the pack has {cards}": "{players} 人 × 每人 {hand} 张 = {total} 张，但这副牌有 {cards} 张",
    "a hand size of {size}": "每手 {size} 张",
    "a hand size that shares out the pack": "能把整副牌分完的每手张数",
    "an egg of {count} cards leaves the banker no card to play from a hand of {hand}":
        "{count} 张的蛋让庄家 {hand} 张的手牌里没有牌可出",
    "fewer than {count}": "少于 {count}",
    "step {steps} names the combination {name}, which combinations.catalogue lacks: no play stands there":
        "第 {steps} 级写了牌型 {name}，combinations.catalogue 里没有它：没有哪手牌会落在这一级",
    "steps {steps} name the combination {name}, which combinations.catalogue lacks: no play stands there":
        "第 {steps} 级写了牌型 {name}，combinations.catalogue 里没有它：没有哪手牌会落在这些级上",
    "a combination of the catalogue ({names}), or the step removed": "牌型目录里的一个牌型（{names}），或去掉这一级",
    ("{hands} hands, more than the cap of {most} that play keeps by default: play refuses this match unless given "
     "--max-hands {hands} or more"): "{hands} 局，超过了 play 默认的上限 {most} 局：不给 --max-hands {hands} 或更大的值，play 会拒绝这场比赛",
    "at most {most} hands, or play --max-hands {hands}": "至多 {most} 局，或用 play --max-hands {hands}",
    # what the engine cannot play (a value the schema allows)
    "a value the {game} engine plays": "{game} 引擎能打的值",
    "a variant the {game} engine plays": "{game} 引擎能打的版本",
    "entry {number} ({name}): {problem}": "第 {number} 项（{name}）：{problem}",
    "main {name} is not a combination of combinations.catalogue": "main {name} 不是 combinations.catalogue 里的牌型",
    "{key} = {value} is not played by the engine (it plays: {plays})": "引擎不打 {key} = {value}（它打的是：{plays}）",
    ("by_last_trick_size has no factor for a last trick of {size} card(s) (one is needed per size of "
     "combinations.catalogue: {sizes})"): "by_last_trick_size 没有末轮 {size} 张牌的倍数（combinations.catalogue 的"
                                          "每种张数都要有一个：{sizes}）",
    "{name}: only combinations of identical cards are supported": "{name}：只支持由相同的牌组成的牌型",
    "entry {number} {name} is not played by the engine (it plays: {plays})": "引擎不打第 {number} 项 {name}（它打的是：{plays}）",
    "main {name} is not played by the engine (it plays: three or four of a rank, or a run of triples)":
        "引擎不打 main {name}（它打的是：同点数的三张或四张，或三连的连牌）",
    "the name is also a catalogue combination": "这个名字也是牌型目录里的一个牌型",
    "the name is also given twice": "这个名字写了两次",
    "max_length is for a run of triples (main {name} is one rank)": "max_length 只用于三连的连牌（main {name} 是同一点数）",
    "rule {rule} is missing": "缺少规则 {rule}",
    "an abstract variant cannot be played": "抽象版本不能打",
    "deal.hand_sizes must give every card of the pack to the 4 players": "deal.hand_sizes 应把整副牌都发给 4 个人",
    "a straight_flush of {size} cards has no step on beating.bomb_ladder": "{size} 张的同花顺在 beating.bomb_ladder 上没有位置",
    "the joker_bomb has no step on beating.bomb_ladder (add {{combination: joker_bomb, size: 4}} where it ranks)":
        "joker_bomb 在 beating.bomb_ladder 上没有位置（在它该排的地方加上 {{combination: joker_bomb, size: 4}}）",
    "{names} need three identical cards, which {decks} decks do not hold (deck.decks: {count})":
        "{names} 需要三张完全相同的牌，{decks} 副牌里没有（deck.decks: {count}）",
    "{place}: {problem}": "{place}：{problem}",
    "two combinations have the same size": "有两个牌型张数相同",
    # the bot kinds (--bots of play, simulate and table)
    "unknown bot kind {name} (expected one of: {kinds})": "未知的机器人类型 {name}（应为以下之一：{kinds}）",
    "bot kind {kind}: {name} takes no parameter (write {name})": "机器人类型 {kind}：{name} 不带参数（写 {name}）",
    "bot kind {kind}: {problem}": "机器人类型 {kind}：{problem}",
    "budget {budget} is not a whole number (expected rollouts per decision, a whole number from 1 to {most})":
        "预算 {budget} 不是整数（应为每次决定的模拟局数，1 到 {most} 的整数）",
    "budget {budget} is out of range (expected rollouts per decision, a whole number from 1 to {most})":
        "预算 {budget} 超出了范围（应为每次决定的模拟局数，1 到 {most} 的整数）",
    ("the search bot needs the pure-Python build: this install's compiled hand state cannot be copied (install "
     "without DATONG_RULES_COMPILE)"): "搜索机器人需要纯 Python 的版本：这次安装的编译版牌局状态无法复制（安装时不要设 "
                                      "DATONG_RULES_COMPILE）",
    "--bots ({game}): {problem}": "--bots（{game}）：{problem}",
    "{count} kinds given; expected one for every seat or one per seat ({players} seats)":
        "给了 {count} 种；应为所有座位一种，或每个座位一种（共 {players} 个座位）",
    # a match's safety caps (play --max-hands)
    "no winner after {count} hands": "打了 {count} 局还没有赢家",
    "hand {number} was redealt {count} times": "第 {number} 局重新发了 {count} 次牌",
    "{count} hands asked for, more than the cap of {most}": "要打 {count} 局，超过了上限 {most} 局",
    # a record refused (verify's details: bad_pack, out_of_turn)
    "the pack has {count} cards, expected {total}": "这副牌有 {count} 张，应为 {total} 张",
    "the pack is not {count} decks: extra {extra}, missing {missing}": "这副牌不是 {count} 副：多了 {extra}，缺了 {missing}",
    "seat {number} is to play": "该 {number} 号座位出牌",
    # a table's options refused (the table app's words of a seat out of range)
    "expected {low}–{high}, got {got}": "应为 {low}–{high}，收到的是 {got}",
    # the bundled schemas (datong-rules schema NAME)
    "no schema named '{name}'; the schemas are: {names}": "没有名为 '{name}' 的 JSON 模式；JSON 模式有：{names}",
    "no schema named '{name}' (did you mean '{close}'?); the schemas are: {names}":
        "没有名为 '{name}' 的 JSON 模式（是不是想写 '{close}'？）；JSON 模式有：{names}",
    # why an address is not a Ray cluster's (simulate --ray; datong_rules.simulate.ray_address)
    ("not an address; expected the address of a running Ray cluster (host:port, as `ray start --head` prints it, or "
     "ray://host:port), auto, or local"): "不是地址；" + _RAY_EXPECTED_ZH,
    ("nothing answered there within {seconds} s; expected the address of a running Ray cluster (host:port, as `ray "
     "start --head` prints it, or ray://host:port), auto, or local"): "{seconds} 秒内那里没有回应；" + _RAY_EXPECTED_ZH,
    ("nothing answers there ({reason}); expected the address of a running Ray cluster (host:port, as `ray start "
     "--head` prints it, or ray://host:port), auto, or local"): "那里没有回应（{reason}）；" + _RAY_EXPECTED_ZH,
    ("something answers there, but not a Ray cluster (it does not speak gRPC); expected the address of a running Ray "
     "cluster (host:port, as `ray start --head` prints it, or ray://host:port), auto, or local"):
        "那里有回应，但不是 Ray 集群（它不说 gRPC）；" + _RAY_EXPECTED_ZH,
    # the form a schema's pattern wants (its description, which the loaders give as what is expected: record and
    # scenario files; tests/cli/test_zh_cli_errors.py reads them from the schemas, so that a changed one is caught)
    ("a card in canonical notation: suit S H C D + rank 2–10 J Q K A, or BJ (big joker) / LJ (small joker); SJ is the "
     "jack of spades"): _CARD_ZH,
    ("A card in canonical notation: suit S H C D + rank 2–10 J Q K A, or BJ (big joker) / LJ (small joker); SJ is the "
     "jack of spades."): _CARD_ZH,
    "A card in the kit's notation: suit S H C D and rank 2-10 J Q K A (SA, H10), or BJ (big joker), LJ (small joker).":
        _CARD_ZH,
    "Stable, unique across the suite: <game>.<topic>.<slug>-<nnn>, e.g. huolong.ranking.level-cards-equal-001.":
        "一个场景 id：<game>.<topic>.<slug>-<nnn>，在整个测试套件里唯一且不变，如 huolong.ranking.level-cards-equal-001",
    "A variant id such as huolong/li-zhijiang.": "一个版本 id，如 huolong/li-zhijiang",
    "A rule id of the variant, its dotted path, e.g. ranking.trump_order.":
        "版本的一条规则 id，即用点分隔的路径，如 ranking.trump_order",
    ("The operation (question) the implementation answers: a bare name (classify) means the operation of the game of "
     "the scenario's variant; a full name (huolong/classify) must name that game."):
        "实现回答的操作（问题）：只写名字（classify）指场景版本所属游戏的操作；写全名（huolong/classify）时必须是那个游戏",
    # a report's extra missing (simulate --html; datong_rules.simulate.report_charts)
    "the HTML report needs matplotlib: install the extra with pip install 'datong-rules[report]'":
        "HTML 报告需要 matplotlib：请用 \"pip install 'datong-rules[report]'\" 安装附加包",
}
"""The 中文 words of the engine's English wordings, keyed by the English as a template with ``{name}`` fields
(a literal brace doubled, as :meth:`str.format` writes it)."""

_WORDED = frozenset({"what", "found", "old", "new", "message", "problem", "why", "digits", "reader", "first",
                     "second"})
"""Fields whose values are words of this list themselves (``found {found}`` with ``the number 6``): said again.
Every other field is written, not worded (an identifier, a path, a number, a list of names, a name, an operating
system's reason): left as it is."""


_RECEIVED = "received"
"""The field holding a line an engine wrote, as the adapter quotes it (:func:`~datong_rules.conformance.adapters.base
.quote_line`): written as it is, but for the adapter's own words in place of an empty or binary line
(:data:`RECEIVED_ZH`)."""

RECEIVED_ZH = ((re.compile(r"\(empty line\)"), "（空行）"),
               (re.compile(r"binary data \((?P<count>\d+) characters, not text\)"), "二进制数据（{count} 个字符，不是文字）"))
"""The adapter's words for a line it does not quote (an empty one, binary data) in 中文."""


def _said_received(value: str) -> str:
    """The value of a :data:`_RECEIVED` field: the adapter's words of :data:`RECEIVED_ZH` in 中文, any engine's line as
    written."""
    for pattern, chinese in RECEIVED_ZH:
        found = pattern.fullmatch(value)
        if found is not None:
            return chinese.format(**found.groupdict())
    return value


_TOKENS = frozenset({"key", "number", "game", "code", "byte", "index", "line", "count", "size", "low", "high"})
"""Fields that are one token (a key, a number, a game id): matched without spaces, so that a template such as
``{key} = {value} is not played …`` does not swallow the words before the key."""


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each English template of :data:`ZH` as a pattern matching its whole text (a field: any text; a field named
    twice: the same text), most specific first (the longest literal words)."""
    out = []
    for english, chinese in ZH.items():
        regex, seen = "", set()
        for literal, field, _, _ in string.Formatter().parse(english):
            regex += re.escape(literal)
            if field is not None:
                any_text = r"\S+?" if field in _TOKENS else ".+?"
                regex += f"(?P={field})" if field in seen else f"(?P<{field}>{any_text})"
                seen.add(field)
        literal_length = sum(len(part[0]) for part in string.Formatter().parse(english))
        out.append((literal_length, re.compile(regex, re.S), chinese))
    out.sort(key=lambda item: -item[0])
    return [(pattern, chinese) for _, pattern, chinese in out]


def _fill(chinese: str, values: dict[str, str]) -> str:
    """``chinese`` with its ``{name}`` fields filled (its literal braces, such as ``{id, section}``, kept), a space
    put between a Chinese character of the template and a Latin letter or digit of a value that touch."""
    pieces: list[str] = []
    for literal, field, _, _ in string.Formatter().parse(chinese):
        pieces.append(literal)
        if field is not None:
            pieces.append(values[field])
    out = ""
    for piece in pieces:
        if out and piece and (_CJK.match(out[-1]) and _LATIN.match(piece[0])
                              or _LATIN.match(out[-1]) and _CJK.match(piece[0])):
            out += " "
        out += piece
    return out


_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9]")


def say_zh(text: str) -> str:
    """``text`` (the engine's English words) in 中文: the most specific template of :data:`ZH` that matches it whole,
    its worded fields said again; ``text`` itself when none matches.

    Alternatives the engine joins with `` or `` (``a whole number or null``, ``none or 2 or 3 …``) are said one by
    one when each is a phrase of :data:`ZH` or a single value, and a list joined with ``, `` (``1 timeout, 2
    crashes``) one by one when each is a phrase of :data:`ZH`; the YAML reader's own phrases after ``invalid YAML:``
    (``while parsing …; expected …``) are said by :data:`YAML_ZH`. A ``message (expected …)`` whose tail no template says (a schema's words inside
    another line: ``$.x: 5 is not an allowed value (expected one of: …)``) is said part by part, as
    :func:`_said_expecting` says it, when its message is a phrase of :data:`ZH`.
    """
    if text.startswith("invalid YAML: ") and text != "invalid YAML: a tab character where YAML needs spaces":
        return "YAML 写法错误：" + "；".join(_yaml_phrase(part) for part in text.removeprefix("invalid YAML: ")
                                           .split("; "))
    said = _said_by_template(text)
    parts = _expecting(text)
    if parts is not None and (said is None or " (expected " in said):  # the tail left in English: part by part
        said_head = say_zh(parts[0])
        if said_head != parts[0]:
            return f"{said_head}（应为：{say_zh(parts[1])}）"
    if said is not None:
        return said
    parts = text.split(" or ")
    if len(parts) > 1 and all(" " not in part or _template_of(part) is not None for part in parts):
        return _fill("{0}" + "".join(f"或{{{i}}}" for i in range(1, len(parts))),
                     {str(i): say_zh(part) for i, part in enumerate(parts)})
    parts = text.split(", ")
    if len(parts) > 1 and all(_template_of(part) is not None for part in parts):  # "1 timeout, 2 crashes"
        return "、".join(say_zh(part) for part in parts)
    return text


def _said_by_template(text: str) -> str | None:
    """``text`` said by the most specific template of :data:`ZH` that matches it whole (its worded fields said
    again), or None when none matches."""
    found = _template_of(text)
    if found is None:
        return None
    match, chinese = found
    return _fill(chinese, {name: (say_zh(value) if name in _WORDED else
                                  _said_received(value) if name == _RECEIVED else value)
                           for name, value in match.groupdict().items()})


def _template_of(text: str) -> tuple[re.Match[str], str] | None:
    """The match of the most specific template of :data:`ZH` that matches the whole ``text``, and its 中文."""
    for pattern, chinese in _patterns():
        found = pattern.fullmatch(text)
        if found is not None:
            return found, chinese
    return None


YAML_ZH: dict[str, str] = {
    "while parsing a block mapping": "读块映射时",
    "while parsing a block collection": "读块列表时",
    "while parsing a flow sequence": "读方括号列表时",
    "while parsing a flow mapping": "读花括号映射时",
    "while parsing a flow node": "读流式节点时",
    "while parsing a block node": "读块节点时",
    "while parsing a node": "读节点时",
    "while scanning a simple key": "读一个简单键时",
    "while scanning a quoted scalar": "读加引号的值时",
    "while scanning a plain scalar": "读不加引号的值时",
    "while scanning a block scalar": "读块文字时",
    "while scanning an anchor": "读锚点时",
    "while scanning an alias": "读别名时",
    "while scanning a tag": "读标签时",
    "while parsing a tag": "读标签时",
    "while scanning a directive": "读指令时",
    "while scanning for the next token": "找下一个记号时",
    "could not find expected ':'": "没找到应有的 ':'",
    "mapping values are not allowed here": "这里不能有映射的值（多了一个 ':'？）",
    "found unexpected end of stream": "文件意外结束",
    "found unexpected ':'": "出现了意外的 ':'",
    "found undefined alias": "出现了没定义的别名",
    "found unknown escape character": "出现了未知的转义字符",
    "found character that cannot start any token": "出现了不能开始任何记号的字符",
    "did not find expected key": "没找到应有的键",
    "did not find expected node content": "没找到应有的节点内容",
    "did not find expected ',' or ']'": "没找到应有的 ',' 或 ']'",
    "did not find expected ',' or '}'": "没找到应有的 ',' 或 '}'",
    "did not find expected '-' indicator": "没找到应有的 '-'",
    "did not find expected <document start>": "没找到应有的文档开头",
    "block sequence entries are not allowed in this context": "这里不能有块列表的项（'- '）",
    "syntax error": "语法错误",
}
"""The YAML reader's (PyYAML's, libyaml's) common phrases in 中文; a phrase with a token (``expected ',' or ']', but
got '<scalar>'``) is said by :func:`_yaml_phrase`."""

_YAML_GOT = re.compile(r"expected (?P<wanted>.+?), but (?:got|found) (?P<got>.+)")

_YAML_WANTED: dict[str, str] = {
    "the node content": "节点的内容",
    "<block end>": "块的结尾（缩进不对？）",
    "a comment or a line break": "注释或换行",
    "alphabetic or numeric character": "字母或数字",
    "chomping or indentation indicators": "块文字的标记（'+'、'-' 或缩进的位数）",
    "indentation indicator in the range 1-9": "缩进的位数（1 到 9）",
}
"""What the YAML reader's ``expected X, but found Y`` wants, when it is words rather than a token (``','``)."""


def _yaml_phrase(phrase: str) -> str:
    """One phrase of the YAML reader in 中文 (:data:`YAML_ZH`; ``expected X, but got Y``: 应为 X，却是 Y; else the
    phrase in quotes, as the reader wrote it)."""
    if phrase in YAML_ZH:
        return YAML_ZH[phrase]
    got = _YAML_GOT.fullmatch(phrase)
    if got is not None and got["wanted"] in _YAML_WANTED:
        return f"应为{_YAML_WANTED[got['wanted']]}，却是 {got['got']}"
    if got is not None:
        return f"应为 {got['wanted'].replace(' or ', ' 或 ')}，却是 {got['got']}"
    return f"“{phrase}”"


def say(text: str) -> str:
    """``text`` in the command's language (:func:`.messages.current`): as it is under English, else :func:`say_zh`."""
    return text if current() != "zh" else say_zh(text)


def problem_line(problem: SpecError) -> str:
    """The problem's one line in the command's language: ``FILE:LINE:COL: RULE.PATH: message (context) (expected
    …)``; under English exactly ``problem.format()``; under 中文 the message, context and expected said
    (:func:`say_zh`) and framed in 中文 punctuation (``（应为：…）``)."""
    if current() != "zh":
        return problem.format()
    where = f"{problem.file}:{problem.line}:{problem.column}: "
    path = f"{problem.rule_path}: " if problem.rule_path else ""
    tail = f"（{say_zh(problem.context)}）" if problem.context else ""
    tail += f"（应为：{say_zh(problem.expected)}）" if problem.expected else ""
    return f"{where}{path}{say_zh(problem.message)}{tail}"


_SCENARIO_LINE = re.compile(r"(?P<where>.+?:\d+:\d+: )(?P<path>[^\s:]+: )?(?P<message>.+)", re.S)


def scenario_lines(errors: list[str]) -> str:
    """The lines of a :class:`~datong_rules.conformance.scenarios_io.ScenarioError` (``FILE:LINE:COL: PATH: message
    (expected …)``) in the command's language, joined by newlines: under 中文 each message and what it expects
    said (:func:`say_zh`), the place and path as written; under English exactly as the loader wrote them."""
    if current() != "zh":
        return "\n".join(errors)
    out = []
    for line in errors:
        parts = _SCENARIO_LINE.fullmatch(line)
        if parts is None:
            out.append(say_zh(line))
            continue
        out.append(f"{parts['where']}{parts['path'] or ''}{_said_expecting(parts['message'])}")
    return "\n".join(out)


def _said_expecting(message: str) -> str:
    """``message (expected …)`` in 中文: the message and what it expects each said (:func:`say_zh`), the second as
    ``（应为：…）``; a message with no such tail said whole."""
    parts = _expecting(message)
    return say_zh(message) if parts is None else f"{say_zh(parts[0])}（应为：{say_zh(parts[1])}）"


def _expecting(message: str) -> tuple[str, str] | None:
    """``(message, what it expects)`` of ``message (expected …)``; None for a message with no such tail."""
    cut = message.rfind(" (expected ")
    if cut > 0 and message.endswith(")"):
        return message[:cut], message[cut + len(" (expected "):-1]
    return None


def record_line(error: Exception) -> str:
    """A game record's problem (:class:`~datong_rules.reference_impl.records.RecordError`: one line, ``message
    (expected …)``) in the command's language: under English as written, under 中文 said as a scenario file's
    problem is (:func:`_said_expecting`)."""
    return str(error) if current() != "zh" else _said_expecting(str(error))


def said(error: Exception) -> str:
    """An error of the engine in the command's language: a :class:`SpecError` as :func:`problem_line`, any other
    (a :class:`~datong_rules.reference_impl.variant.VariantNotFound`, a bot kind's ValueError) as :func:`say` of its
    one line."""
    return problem_line(error) if isinstance(error, SpecError) else say(str(error))
