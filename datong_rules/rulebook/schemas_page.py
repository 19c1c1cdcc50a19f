"""The JSON schemas on the documentation site: each bundled schema published at the address its ``$id`` names, and
a page listing them by URL (``implementers/schemas.md``). Used by :mod:`datong_rules.rulebook.mkdocs_hook`.

A schema's ``$id`` is ``<site_url>schema/<path>.schema.json`` (mkdocs.yml ``site_url``); the file is copied to that
path of the site, so the URL an editor fetches is the schema the kit uses. A schema whose ``$id`` lies outside the
site (it should not: a test checks) is published under ``schema/<path>`` all the same.
"""

from __future__ import annotations

from datong_rules.reference_impl.schemas import SUFFIX, schema_files, schema_info

PAGE_PATH = "implementers/schemas.md"
"""Docs path of the generated page."""


def site_path(name: str, schema_id: str, site_url: str) -> str:
    """Where schema ``name`` goes in the site: its ``$id`` relative to ``site_url`` (else ``schema/<name>``)."""
    if site_url and schema_id.startswith(site_url):
        return schema_id.removeprefix(site_url)
    return f"schema/{name}{SUFFIX}"


def schema_site_files(site_url: str) -> dict[str, str]:
    """site path → text of every bundled schema (copied byte for byte)."""
    out = {}
    for name, path in schema_files().items():
        out[site_path(name, schema_info(path)["id"], site_url)] = path.read_text(encoding="utf-8")
    return out


def _first_sentence(text: str) -> str:
    cut = text.find(". ")
    return text if cut < 0 else text[: cut + 1]


def schemas_page(site_url: str) -> str:
    """The Markdown page listing every schema by its URL, name, title and first sentence (中文 and English)."""
    lines = [
        "# JSON 模式 · JSON schemas",
        "",
        "本工具包的文件格式都有 JSON Schema（2020-12）。每个模式的 `$id` 就是下表中的网址：编辑器和校验工具可以直接"
        "按网址取用，例如在自己的打法文件第一行写 `# yaml-language-server: $schema=网址`。"
        "命令 `datong-rules schema 名称` 打印工具包自带的那一份，`datong-rules schema` 列出全部。",
        "",
        "Every file format of the kit has a JSON Schema (2020-12). Each schema's `$id` is its URL below, where this site "
        "publishes it: editors and validators can fetch it by URL, e.g. with `# yaml-language-server: $schema=URL` as "
        "the first line of a house variant. `datong-rules schema NAME` prints the copy the kit bundles, and "
        "`datong-rules schema` lists them all.",
        "",
        "| name | URL (`$id`) | what it describes |",
        "|---|---|---|",
    ]
    for name, path in schema_files().items():
        info = schema_info(path)
        url = site_url + site_path(name, info["id"], site_url) if site_url else info["id"]
        about = _first_sentence(info["description"] or info["title"]).replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{name}` | <{url}> | {about} |")
    lines.append("")
    return "\n".join(lines)
