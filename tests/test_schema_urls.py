"""The JSON schemas' addresses: every bundled schema's ``$id`` is the URL where the docs site publishes it
(``<site_url>schema/<name>.schema.json``), the site is the project's documentation URL, ``$ref``s between schemas
stay on the site, and ``datong-rules schema`` prints and lists them. (The built site itself:
tests/docs/test_docs_schemas.py.)"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import yaml
from click.testing import CliRunner

from datong_rules.cli.main import cli
from datong_rules.reference_impl.schemas import find_schema, schema_files
from datong_rules.rulebook.schemas_page import schema_site_files, schemas_page

REPO = Path(__file__).resolve().parents[1]
SITE_URL = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:")[0])["site_url"]


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def test_site_url_is_the_documentation_url():
    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert SITE_URL == urls["Documentation"] and SITE_URL.startswith("https://") and SITE_URL.endswith("/")


def test_every_schema_id_is_its_url_on_the_site():
    files = schema_files()
    assert {"variant", "record", "scenario", "sources"} <= set(files)
    for name, path in files.items():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["$id"] == f"{SITE_URL}schema/{name}.schema.json", name
        assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema", name


def test_references_between_schemas_stay_on_the_site():
    for name, path in schema_files().items():
        for ref in _refs(json.loads(path.read_text(encoding="utf-8"))):
            if ref.startswith("#"):
                continue
            assert "://" not in ref or ref.startswith(SITE_URL), (name, ref)
            target = ref.split("#")[0]
            if "://" not in target:  # relative: resolved against the $id, i.e. beside the schema on the site
                assert (path.parent / target).is_file(), (name, ref)


def test_the_site_gets_each_schema_at_its_id_and_a_page_listing_them():
    files = schema_site_files(SITE_URL)
    assert set(files) == {f"schema/{name}.schema.json" for name in schema_files()}
    page = schemas_page(SITE_URL)
    for name in schema_files():
        assert f"<{SITE_URL}schema/{name}.schema.json>" in page and f"`{name}`" in page


def test_schema_command_lists_and_prints():
    listing = CliRunner().invoke(cli, ["schema"])
    assert listing.exit_code == 0
    assert listing.output.splitlines() == [
        f"{name:<{max(map(len, schema_files()))}}  {SITE_URL}schema/{name}.schema.json" for name in schema_files()]
    as_json = json.loads(CliRunner().invoke(cli, ["schema", "--format", "json"]).output)
    assert [row["name"] for row in as_json] == list(schema_files())
    for name in ("variant", "variant.schema.json"):
        shown = CliRunner().invoke(cli, ["schema", name])
        assert shown.exit_code == 0 and shown.output == find_schema("variant").read_text(encoding="utf-8")


def test_unknown_schema_is_one_line_and_status_2():
    result = CliRunner().invoke(cli, ["schema", "varient"])
    assert result.exit_code == 2
    assert result.output.startswith("error: no schema named 'varient' (did you mean 'variant'?); the schemas are: ")
    assert len(result.output.splitlines()) == 1
