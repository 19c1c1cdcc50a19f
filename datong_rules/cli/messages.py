"""The command line's own words in both languages, 中文 and English, as the rulebooks and the table have theirs.

The language: ``datong-rules --lang zh|en COMMAND …``; else the ``DATONG_RULES_LANG`` environment variable; else the
locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set: ``zh…`` is 中文); else English.

A message is written in English in the code, as gettext writes its message ids, and passed through :func:`tr`,
which gives it in the current language: the 中文 words are :data:`ZH`, keyed by the English ones, each with the
same ``{name}`` fields; a message not yet there is shown in English. To bring a message into both languages, wrap it
in :func:`tr` where it is printed and add its line to :data:`ZH` (``tests/cli/test_messages.py`` checks that every
line of :data:`ZH` has the fields of its English, and that the messages of the error frame are all there).

A file's problem as the loader words it, and the error of a ``--bots`` kind, are said again in 中文 by
:mod:`.problem_words` (the engine's layers know no language); what else is quoted inside a message (an engine's
reply) stays as it was written; click's own wording of a usage error is said again in 中文 by :mod:`.usage_words`.
"""

from __future__ import annotations

from typing import Any

ENV = "DATONG_RULES_LANG"
"""The environment variable naming the language (main.py's help names it): the same name as
:data:`datong_rules.reference_impl.transcript_words.ENV`, which reads it (a test holds them equal); spelt here so that
``--version`` and ``--help`` start without importing the engine's package."""

LANGS = ("zh", "en")
"""The languages, as the rulebooks have them (``datong_rules.rulebook.labels.LANGS``, not imported here: the
rulebook package is heavy to import for a command that only prints a line)."""

_chosen: list[str] = []  # the --lang given to the command group, if any


ZH: dict[str, str] = {
    # the frame of every message
    "error: {text}": "错误：{text}",
    "warning: {text}": "警告：{text}",
    "note: {text}": "提示：{text}",
    "interrupted": "已中断",
    "internal error: {kind}: {text}": "内部错误：{kind}: {text}",
    "cannot write to standard output: {reason}": "无法写入标准输出：{reason}",
    "{message} (see '{command} --help')": "{message}（用法见 '{command} --help'）",
    "{name} is empty (expected {expected}; is the variable you pass unset?)":
        "{name}是空的（应为{expected}；传入的变量是否没有设置？）",
    "the {name} argument": "参数 {name}",
    "the variant": "版本参数",
    # what is expected of an argument or option
    "a variant file or a folder of them": "一个版本文件，或放版本文件的文件夹",
    "a variant id or the path of a house variant file": "一个版本 id，或一个自定规则版本文件的路径",
    ("a variant id (huolong/li-zhijiang, or just li-zhijiang) or the path of a variant file (a house variant)"):
        "一个版本 id（huolong/li-zhijiang，或只写 li-zhijiang），或一个版本文件的路径（自定规则版本）",
    "a scenario folder or file": "一个场景文件夹或场景文件",
    "a game record file": "一个牌局记录文件",
    "an operation, such as classify": "一个操作，如 classify",
    "a rule id or a section, such as settlement": "一条规则的 id 或一个部分，如 settlement",
    "text of a scenario's id or description": "场景 id 或说明中的文字",
    "a file to write the match record to": "写牌局记录的文件",
    "a file to write the JSON results to": "写 JSON 结果的文件",
    "a file to write the HTML report to": "写 HTML 报告的文件",
    "an address to listen on, such as 127.0.0.1": "监听的地址，如 127.0.0.1",
    "a YAML or JSON file of rule ids": "列出规则 id 的 YAML 或 JSON 文件",
    # common messages
    "{checked} checked: no problems": "检查了{checked}：没有问题",
    "{checked} checked: 1 problem": "检查了{checked}：1 个问题",
    "{checked} checked: {count} problems": "检查了{checked}：{count} 个问题",
    ", 1 warning": "，1 个警告",
    ", {count} warnings": "，{count} 个警告",
    "{count} file(s)": " {count} 个文件",
    "{count} bundled variant(s) and sources.yaml": " {count} 个内置版本和 sources.yaml",
    "no .yaml file in the folder {folder}": "文件夹 {folder} 里没有 .yaml 文件",
    "{file}: a scenario file, not a variant: skipped (conform --scenarios checks it)":
        "{file}：这是场景文件，不是版本：已跳过（由 conform --scenarios 检查）",
    "{ref} has {count} problems (datong-rules validate {quoted} lists them all); first: {first}":
        "{ref} 有 {count} 个问题（datong-rules validate {quoted} 会全部列出）；第一个：{first}",
    ("'{ref}' is read as the bundled variant {variant}; a file of that name is here too: give ./{ref} to read "
     "the file"): "'{ref}' 按内置版本 {variant} 读取；这里也有同名文件：要读该文件，请写 ./{ref}",
    "interrupted while loading scenarios": "载入场景时被中断",
    "interrupted while loading the implementation": "载入实现时被中断",
    "interrupted while starting the implementation": "启动实现时被中断",
    "give --impl or --impl-cmd, not both": "--impl 和 --impl-cmd 只能给一个",
    "--impl-cmd is empty (expected the command that starts your engine; is the variable you pass unset?)":
        "--impl-cmd 是空的（应为启动你的引擎的命令；传入的变量是否没有设置？）",
    "--impl is empty (expected MODULE:FACTORY)": "--impl 是空的（应为 MODULE:FACTORY）",
    "{name} is empty (expected a file path)": "{name} 是空的（应为一个文件路径）",
    "the suite has no scenarios": "测试套件里没有场景",
    ("no scenario in {paths} (a variant file is read as a fixture variant, not as scenarios; to check an engine on "
     "a house variant, give it with --variant FILE)"):
        "{paths} 里没有场景（版本文件会被当作测试用的版本读入，而不是场景；要在自定规则版本上检查引擎，用 --variant 文件 给出它）",
    "the implementation declares what the kit does not know; fix its declaration (nothing was run):":
        "实现声明了工具包不认识的东西；请改正它的声明（什么也没有运行）：",
    "the reference engine adapter ({adapter}) is not available yet; give --impl MODULE:FACTORY or --impl-cmd COMMAND":
        "参考引擎的适配器（{adapter}）还不能用；请给出 --impl MODULE:FACTORY 或 --impl-cmd COMMAND",
    "cannot write the {name} report to {path}: {reason}": "无法把 {name} 报告写到 {path}：{reason}",
    "cannot write {where}: {reason}": "无法写入 {where}：{reason}",
    "cannot write the record to {path}: {reason}": "无法把记录写到 {path}：{reason}",
    " (the record was written)": "（记录已写好）",
    "closing the implementation failed: {reason}": "关闭实现失败：{reason}",
    ("nothing was checked: {why}; a run that checks nothing fails (--allow-empty accepts it)"):
        "什么也没有检查：{why}；什么也不检查的运行算失败（--allow-empty 可以接受）",
    "--ray is empty (expected a Ray cluster's address, or local)": "--ray 是空的（应为 Ray 集群的地址，或 local）",
    ("--ray '{address}': {problem} (expected host:port or ray://host:port, as `ray start --head` prints it, or "
     "local)"): "--ray '{address}'：{problem}（应为 host:port 或 ray://host:port，即 `ray start --head` 显示的地址，或 local）",
    "not a Ray cluster's address": "不是 Ray 集群的地址",
    "port {port} is out of range (1 to 65535)": "端口 {port} 超出范围（1 到 65535）",
    "--ray needs Ray: pip install 'datong-rules[scale]'": "--ray 需要 Ray：pip install 'datong-rules[scale]'",
    "--ray {address}: {problem}": "--ray {address}：{problem}",
    # why a file cannot be written
    "the folder {folder} does not exist (create it first)": "文件夹 {folder} 不存在（请先创建）",
    "{path} is not a folder": "{path} 不是文件夹",
    "it is a folder, not a file": "它是文件夹，不是文件",
    ("no new file can be made in its folder {folder} ({reason}); the file is written as a new file there, then "
     "renamed over the old one"): "无法在它的文件夹 {folder} 里新建文件（{reason}）；文件是先在那里写成新文件，再改名替换旧文件的",
    # play
    "standard output": "标准输出",
    "it is not a regular file (a device, a FIFO or a socket)": "它不是普通文件（是设备、FIFO 或套接字）",
    "Record written to {path}": "记录已写到 {path}",
    "Record of the 1 finished hand written to {path}": "已打完的 1 局的记录已写到 {path}",
    "Record of the {count} finished hands written to {path}": "已打完的 {count} 局的记录已写到 {path}",
    "{name} ({variant}) · seed {seed} · bots: {bots}": "{name}（{variant}）· 种子 {seed} · 机器人：{bots}",
    "Seats: {places} (play goes {direction})": "座位：{places}（{direction}出牌）",
    ", ": "，",
    "south": "南", "east": "东", "north": "北", "west": "西",
    "counter-clockwise": "逆时针", "clockwise": "顺时针",
    "{error} (raise the cap with --max-hands)": "{error}（用 --max-hands 可以提高上限）",
    "variant '{variant}' is of game '{game}', which the kit does not play (games: {games})":
        "版本 '{variant}' 属于游戏 '{game}'，工具包不打这个游戏（能打的游戏：{games}）",
    # diff
    "{first} is a {first_game} variant and {second} a {second_game} variant (expected two variants of one game)":
        "{first} 是 {first_game} 的版本，{second} 是 {second_game} 的版本（应为同一个游戏的两个版本）",
    # conform: a filter that matches nothing
    "{option} {value}: no scenario of this variant{hint} (variants in the suite: {variants})":
        "{option} {value}：没有这个版本的场景{hint}（测试套件里的版本：{variants}）",
    "{option} {value}: no scenario of this operation{hint} (operations in the suite: {ops})":
        "{option} {value}：没有这个操作的场景{hint}（测试套件里的操作：{ops}）",
    "--rule {value}: no scenario cites this rule or a rule under it{hint} (datong-rules coverage --counts lists the rules)":
        "--rule {value}：没有场景引用这条规则或它下面的规则{hint}（datong-rules coverage --counts 会列出规则）",
    "-k {keyword}: no scenario id or description contains it": "-k {keyword}：没有场景的 id 或说明含有它",
    "no scenario matches all the filters together": "没有场景同时符合所有筛选条件",
    " (did you mean '{close}'?)": "（是不是想写 '{close}'？）",
    # verify
    "{path}: {summary}": "{path}：{summary}",
    "OK (hand)": "通过（一局）",
    "OK (match, 1 deal)": "通过（整场，1 局）",
    "OK (match, {deals} deals)": "通过（整场，{deals} 局）",
    "record": "记录",
    "{where}: {why}": "{where}：{why}",
    "{where}action {index} (seat {seat}): {why}": "{where}第 {index} 个动作（{seat}号座位）：{why}",
    " ({detail})": "（引擎的说明：{detail}）",
    "the report to standard output": "标准输出（报告）",
    # coverage
    "unknown variant '{variant}' (known: {known})": "未知的版本 '{variant}'（已知的：{known}）",
    "a mapping of variant id to a list of rule ids": "一个从版本 id 到规则 id 列表的映射",
    "{path}:1:1: the file holds no YAML document (expected {shape})": "{path}:1:1: 文件里没有 YAML 文档（应为：{shape}）",
    "{path}: expected {shape}": "{path}：应为{shape}",
    "{path}: no variant '{variant}'": "{path}：没有版本 '{variant}'",
    "{variant}  {covered}/{total} rules covered ({percent}%)": "{variant}  {covered}/{total} 条规则有场景检查（{percent}%）",
    "  uncovered: {rules}": "  没有场景检查的：{rules}",
    "{value} is not a number from 0 to 100": "{value} 不是 0 到 100 之间的数",
    "the JSON on standard output lists them all": "标准输出上的 JSON 会全部列出",
    "{path} lists them all": "{path} 会全部列出",
    "--json FILE lists them all": "--json FILE 会全部列出",
    "... and {count} more problems ({where})": "……另有 {count} 个问题（{where}）",
    "coverage of {variant} is below {percent}%": "{variant} 的覆盖率低于 {percent}%",
    "the coverage to standard output": "标准输出（覆盖率）",
    "{variant}: {rule} not counted (moot here): {why}": "{variant}：{rule} 不计入（这里不起作用）：{why}",
    # fuzz
    "--seconds must be a number of seconds more than 0 and at most {most}, got {got}":
        "--seconds 应为大于 0、至多 {most} 的秒数，收到 {got}",
    "--examples must be at least 1, got {got}": "--examples 至少为 1，收到 {got}",
    "--seed must be a whole number from 0 to {most}, got {got}": "--seed 应为 0 到 {most} 之间的整数，收到 {got}",
    "no question generators yet for {variants}: not fuzzed": "{variants} 还没有出题器：不做模糊测试",
    "--variant {ref}: {problem}": "--variant {ref}：{problem}",
    "--variant {ref}: {variant} is abstract (a base for other variants); give a variant that can be played":
        "--variant {ref}：{variant} 是抽象版本（别的版本的基础）；请给一个能打的版本",
    "{where}: skipped ({why})": "{where}：跳过（{why}）",
    "1 question (the only one)": "1 个问题（唯一的一个）",
    "{questions} in {seconds} s ({rate}/s)": "{seconds} 秒内 {questions}（每秒 {rate} 个）",
    "{n} skipped by the implementation": "实现跳过了 {n} 个",
    "{n} refused by the reference": "参考引擎拒绝了 {n} 个",
    "{n} engine errors": "{n} 个引擎错误",
    "{errors}, ": "{errors}，",
    "; {n} more not shrunk": "；另有 {n} 个没有缩小",
    "DISAGREES ({cases}, shrunk in {seconds} s{more})": "有分歧（{cases}，缩小用了 {seconds} 秒{more}）",
    "same answers": "回答相同",
    "{where}: {counts}{extra}: {verdict}": "{where}：{counts}{extra}：{verdict}",
    "; {list}": "；{list}",
    "wrong: {keys}": "答错的键：{keys}",
    "{problem} ({details})": "{problem}（{details}）",
    "nothing compared": "什么也没有比较",
    "DISAGREES ({cases}, interrupted before the shrinking ended)": "有分歧（{cases}，缩小结束前被中断）",
    " (interrupted)": "（已中断）",
    "engine error (not a disagreement): {message}; first on given {given}":
        "引擎错误（不是分歧）：{message}；第一次出现在 given {given}",
    "; explained by {what}": "；可由 {what} 解释",
    "touches {rules}": "涉及 {rules}",
    "no switched reading of its rules changes the reference's answer": "换用它的规则的其他读法都不改变参考引擎的回答",
    ", {n} more alike": "，另有 {n} 个相似",
    "{variant}: rules exercised (questions): {rules}": "{variant}：用到的规则（问题数）：{rules}",
    "none": "无",
    "{variant}: rules never exercised: {rules}": "{variant}：从没用到的规则：{rules}",
    "1 question": "1 个问题",
    "{n} questions": "{n} 个问题",
    "1 distinct case": "1 个不同的情况",
    "{n} distinct cases": "{n} 个不同的情况",
    "1 disagreement": "1 处分歧",
    "{n} disagreements": "{n} 处分歧",
    "1 operation": "1 个操作",
    "{n} operations": "{n} 个操作",
    "1 engine error": "1 个引擎错误",
    "… {variant} {op}: {n} questions so far ({rate}/s), no disagreement yet":
        "… {variant} {op}：已问 {n} 个问题（每秒 {rate} 个），还没有分歧",
    "give the implementation to compare: --impl MODULE:FACTORY or --impl-cmd COMMAND":
        "请给出要比较的实现：--impl MODULE:FACTORY 或 --impl-cmd COMMAND",
    "cannot start the implementation: {reason}": "无法启动实现：{reason}",
    "fuzz: {name} against the reference engine, seed {seed}, {seconds} s": "fuzz：{name} 对参考引擎，种子 {seed}，{seconds} 秒",
    "engine error (not a disagreement) on {question}: {message}": "{question} 上的引擎错误（不是分歧）：{message}",
    "{found} in {operations}, {questions} compared{rate}, {errors}seed {seed}":
        "{operations}中 {found}，比较了 {questions}{rate}，{errors}种子 {seed}",
    "the implementation timed out, crashed or broke the protocol on {questions}":
        "实现在 {questions}上超时、崩溃或违反了协议",
    "nothing was compared: the implementation skipped every question": "什么也没有比较：实现跳过了每一个问题",
    # serve (its replies stay in English: the protocol's)
    "serve: line {number}: {text}": "serve：第 {number} 行：{text}",
    "serve: warning: {text}": "serve：警告：{text}",
    "--impl is empty (expected MODULE:FACTORY; leave it out to serve the reference engine)":
        "--impl 是空的（应为 MODULE:FACTORY；不写它就提供参考引擎）",
    "not a JSON object: {line}": "不是 JSON 对象：{line}",
    "unknown message type {kind}": "未知的消息类型 {kind}",
    "no 'type'": "没有 'type'",
    "{what} (expected start, query or stop): {line}": "{what}（应为 start、query 或 stop）：{line}",
    "not UTF-8 (byte {byte}): {line}": "不是 UTF-8（第 {byte} 个字节）：{line}",
    "not strict JSON ({why}): {line}": "不是严格的 JSON（{why}）：{line}",
    "not a JSON line ({why}): {line}": "不是一行 JSON（{why}）：{line}",
    "not a JSON line (nested too deeply to read): {line}": "不是一行 JSON（嵌套太深，读不了）：{line}",
    "over the cap of {cap} bytes; not read": "超过 {cap} 字节的上限；没有读",
    "a message nested too deeply to handle": "消息嵌套太深，处理不了",
    # simulate
    "give --hands N or --matches M (one of them)": "请给出 --hands N 或 --matches M（二者之一）",
    "the variants are of several games ({games}); expected variants of one game":
        "这些版本属于不同的游戏（{games}）；应为同一个游戏的版本",
    "--primary: unknown measure '{primary}' for {game} (expected one of: {known})":
        "--primary：{game} 没有度量 '{primary}'（应为以下之一：{known}）",
    "--html: {problem}": "--html：{problem}",
    "{option} {path}: cannot write it: {reason}": "{option} {path}：无法写入：{reason}",
    "{what} written to {path}": "{what} 已写到 {path}",
    "{option} {path} names {what} {source}: writing it would overwrite it (give another file)":
        "{option} {path} 指向{what} {source}：写它会把它覆盖掉（请换一个文件）",
    "the variant file": "版本文件",
    "the scenario file": "场景文件",
    "the rules file": "规则文件",
    "{first} and {second} both go to standard output ('-'; only one report can)":
        "{first} 和 {second} 都写到标准输出（'-'；只能有一份报告这样写）",
    "{first} and {second} name the same file '{path}' (each report needs its own)":
        "{first} 和 {second} 指向同一个文件 '{path}'（每份报告要有自己的文件）",
    # table
    "the table needs the [table] extra ({missing} missing): pip install 'datong-rules[table]'":
        "牌桌需要 [table] 附加包（缺少 {missing}）：pip install 'datong-rules[table]'",
    "cannot listen on {host}:{port}: {reason}": "无法在 {host}:{port} 上监听：{reason}",
    "Table open at {address} (Ctrl-C stops it)": "牌桌已开：{address}（按 Ctrl-C 停止）",
    ("Served to the network on {host}: friends join with the invitation links of your page (\"Play with "
     "friends\"); anyone who can reach this address can open a table."):
        "牌桌在网络地址 {host} 上提供：朋友用你页面上的邀请链接（“和朋友一起打”）入座；能连到这个地址的人都能开一张桌。",
    ("the table is served on every network address of this machine ({host}, port {port}): anyone who can reach "
     "this machine on that port can open tables of their own, and an invitation link is a seat's only key (send "
     "each to its friend only; revoke the ones not needed). Serve a network only among people you trust."):
        "牌桌在这台电脑的每个网络地址上提供（{host}，端口 {port}）：能从网络连到这台电脑这个端口的人都能自己开桌，"
        "而邀请链接是入座的唯一凭证（每个链接只发给对应的朋友；不用的就取消）。只在你信任的人之间的网络上这样做。",
    ("no network address of this machine was found: the invitation links use the address your page is opened at; "
     "give --host this machine's address on your network instead"):
        "没有找到这台电脑的网络地址：邀请链接用的是你打开页面时的地址；请改用 --host 加上这台电脑在网络上的地址",
    ("{addresses} is a public address: unless a firewall stops them, people on the internet can reach the table too; "
     "serve your local network's address with --host instead"):
        "{addresses} 是公网地址：除非有防火墙挡住，互联网上的人也能连到牌桌；请改用 --host 加上你局域网里的地址",
    "Friends reach the table at {base}: the invitation links of your page (\"Play with friends\") use it.":
        "朋友通过 {base} 连到牌桌：你页面上的邀请链接（“和朋友一起打”）用的就是这个地址。",
    ": {words} (rules: {rules})": "：{words}（规则：{rules}）",
    ": {words}": "：{words}",
    "--impl MODULE:FACTORY (or --impl-cmd COMMAND)": "--impl MODULE:FACTORY（或 --impl-cmd COMMAND）",
    "scenarios of the game left out under {ref}, and why (-q leaves this list out):":
        "在 {ref} 下略去的本游戏场景及原因（加 -q 不列出）：",
}
"""The 中文 words of each message, keyed by its English words (each with the same ``{name}`` fields)."""


def choose(lang: str | None) -> None:
    """Use ``lang`` (one of :data:`LANGS`) for the rest of the command; None forgets an earlier choice."""
    del _chosen[:]
    if lang is not None:
        _chosen.append(lang)


def current() -> str:
    """The language of the messages now: ``--lang``, else ``DATONG_RULES_LANG``, else the locale, else ``en``."""
    if _chosen:
        return _chosen[0]
    from datong_rules.reference_impl.transcript_words import environment_lang  # the engine's package: only when asked
    return environment_lang()


def tr(message: str, /, **values: Any) -> str:
    """``message`` (its English words) in the current language, its ``{name}`` fields filled with ``values`` (the
    English when :data:`ZH` has no line for it yet)."""
    words = ZH.get(message, message) if current() == "zh" else message
    return words.format(**values) if values else words


def error_line(text: str) -> str:
    """``error: TEXT`` (``错误：TEXT``): the first words of every error a command prints."""
    return tr("error: {text}", text=text)


def warning_line(text: str) -> str:
    """``warning: TEXT`` (``警告：TEXT``)."""
    return tr("warning: {text}", text=text)


def note_line(text: str) -> str:
    """``note: TEXT`` (``提示：TEXT``)."""
    return tr("note: {text}", text=text)
