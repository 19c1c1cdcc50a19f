"""mkdocs hook (listed under ``hooks:`` in mkdocs.yml): generate the rulebooks at build time.

* ``on_config``: render every generated page from spec/ and the scenarios, and fill the nav
  placeholders (see :func:`datong_rules.rulebook.site.expand_nav`): the entry naming
  ``rulebooks/index.md`` becomes the rulebooks section (each game's options reference next to its
  comparison page), the entry naming ``rule-keepers.md`` gains
  every ``docs/rule-keepers-*.md``.
* ``on_files``: add the generated pages to the site as in-memory files (nothing is written to docs/), and the
  bundled JSON schemas at the paths their ``$id`` names, with the page listing them
  (:mod:`datong_rules.rulebook.schemas_page`).
* ``on_post_build``: print the quick-reference cards to PDF with headless Chromium (:mod:`.pdf`); without
  Chromium, or under ``mkdocs serve``, one line says the step was skipped.

A scenario file that does not load is left out of the examples and named in the build log (INFO);
the suite's own tests report it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.structure.files import File, Files

from datong_rules.rulebook.schemas_page import PAGE_PATH, schema_site_files, schemas_page
from datong_rules.rulebook.pdf import find_chromium, print_pdfs
from datong_rules.rulebook.site import Site, expand_nav, load_site

log = logging.getLogger("mkdocs.hooks.rulebooks")
_state: dict[str, Site] = {}
_command: dict[str, str] = {}


def on_startup(command, dirty):
    """Remember whether this is ``build`` or ``serve`` (serve skips the PDF step)."""
    _command["name"] = command


def on_config(config):
    """Render the generated pages and expand the nav placeholders."""
    logging.getLogger("jieba").setLevel(logging.WARNING)  # the search's segmenter: no dictionary-loading chatter
    site = load_site()
    _state["site"] = site
    for problem in site.problems:
        log.info(problem)
    docs_dir = Path(config["docs_dir"])
    keepers = sorted(p.relative_to(docs_dir).as_posix() for p in docs_dir.glob("rule-keepers-*.md"))
    if config.get("nav"):
        config["nav"] = expand_nav(config["nav"], site.variants, {"rule-keepers.md": keepers}, site.option_games,
                                   set(site.pages))
    return config


def on_files(files: Files, config) -> Files:
    """Add the generated pages to the site."""
    for path, text in _state["site"].pages.items():
        files.append(File.generated(config, path, content=text))
    site_url = config.get("site_url") or ""
    for path, text in {**schema_site_files(site_url), PAGE_PATH: schemas_page(site_url)}.items():
        files.append(File.generated(config, path, content=text))
    return files


def on_post_build(config) -> None:
    """Print every quick-reference card to PDF next to its page in the built site."""
    pdfs = _state["site"].pdfs
    if not pdfs:
        return
    if _command.get("name") == "serve":
        log.info("PDF step skipped: mkdocs serve (run mkdocs build to print the quick-reference cards)")
        return
    chromium = find_chromium()
    if chromium is None:
        log.info("PDF step skipped: chromium is not installed (the quick-reference cards print from the browser)")
        return
    for problem in print_pdfs(Path(config["site_dir"]), pdfs.items(), chromium):
        log.info("PDF step: %s", problem)
