"""``datong-rules schema [NAME]``: print a bundled JSON schema, or list them with the address each is published at.

Exit status: 0 when the schema (or the list) was printed; 2 for an unknown NAME.
"""

from __future__ import annotations

import json
import sys

import click

from datong_rules.reference_impl.schemas import find_schema, schema_files, schema_info

from .messages import error_line
from .output import format_option


@click.command("schema", short_help="Print a bundled JSON schema (without NAME: list them).")
@click.argument("name", required=False)
@format_option("text", "json", detail="With NAME the schema itself is printed (JSON) whatever the format; without, "
                                      "text is one line per schema (name and URL), json a list of {name, id, title}.")
def schema(name: str | None, fmt: str) -> None:
    """Print the bundled JSON schema NAME (variant, record, scenario, sources, …), exactly as the kit uses it.

    Without NAME, list the schemas with their $id: the URL where the documentation site publishes each, which
    editors can fetch (# yaml-language-server: $schema=URL). Exit status: 0, or 2 for an unknown NAME.
    """
    if name is None:
        rows = [{"name": key, **schema_info(path)} for key, path in schema_files().items()]
        if fmt == "json":
            click.echo(json.dumps([{k: row[k] for k in ("name", "id", "title")} for row in rows], ensure_ascii=False,
                                  indent=2))
        else:
            width = max(len(row["name"]) for row in rows)
            for row in rows:
                click.echo(f"{row['name']:<{width}}  {row['id']}")
        return
    try:
        path = find_schema(name)
    except KeyError as exc:
        from .problem_words import say  # the loader's words: only for this error

        click.echo(error_line(say(exc.args[0])), err=True)
        sys.exit(2)
    click.echo(path.read_text(encoding="utf-8"), nl=False)
