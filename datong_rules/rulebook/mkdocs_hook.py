"""mkdocs hook (listed under ``hooks:`` in mkdocs.yml): generate the rulebooks at build time.

The site has one tree per language, built by mkdocs-static-i18n (the ``i18n`` plugin: 中文 at the root, English
under ``en/``, each with its own site name, nav, interface language and search words; the plugin runs one mkdocs
build per language, so every event below runs once per language). The generated pages follow its suffix
structure (``x.md`` 中文, ``x.en.md`` English: :mod:`datong_rules.rulebook.paths`).

* ``on_config``: render every generated page from spec/ and the scenarios (once, in the first language's build),
  and fill the nav placeholders in the language being built (see :func:`datong_rules.rulebook.site.expand_nav`):
  the entry naming ``rulebooks/index.md`` becomes the rulebooks section, the entry naming ``rule-keepers.md`` gains
  every ``docs/rule-keepers-*.md`` (its English twin ``rule-keepers-*.en.md`` gives the English title).
* ``on_files`` (after the i18n plugin has sorted the docs files by language): add the generated pages of the
  language being built as in-memory files (nothing is written to docs/), served where the plugin serves that
  language, with the plugin's per-file language data; in the first build also the bundled JSON schemas at the paths their ``$id`` names, with the
  page listing them (:mod:`datong_rules.rulebook.schemas_page`).
* ``on_post_build``: copy the sitemap into the English tree (the theme reads one per language root); print the
  language's quick-reference cards to PDF with headless Chromium (:mod:`.pdf`);
  without Chromium, or under ``mkdocs serve``, one line says the step was skipped; with Chromium but no CJK font
  the build fails with one line naming the font package to install.

A scenario file that does not load is left out of the examples and named in the build log (INFO);
the suite's own tests report it.
"""

from __future__ import annotations

import copy
import logging
import re
import shutil
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from datong_rules.rulebook.labels import LANGS
from datong_rules.rulebook.paths import DEFAULT_LANG, lang_of, localized, served, unlocalized
from datong_rules.rulebook.schemas_page import PAGE_PATH, schema_site_files, schemas_page
from datong_rules.rulebook.pdf import cjk_font_problem, find_chromium, print_pdfs
from datong_rules.rulebook.site import expand_nav, load_site

log = logging.getLogger("mkdocs.hooks.rulebooks")
_state: dict[str, Any] = {}
_command: dict[str, str] = {}


def on_startup(command, dirty):
    """Remember whether this is ``build`` or ``serve`` (serve skips the PDF step)."""
    _command["name"] = command


def building_lang(config) -> str:
    """The language mkdocs-static-i18n is building now (its first build is the default language's)."""
    plugin = (config.get("plugins") or {}).get("i18n")
    return getattr(plugin, "current_language", None) or DEFAULT_LANG


def title_in(page: Path, lang: str) -> str:
    """A hand-written page's nav title in ``lang``, from ``page`` (its 中文 docs file, ``docs/x.md``): the first
    heading of its twin in ``lang`` (``docs/x.en.md``) when it has one; else the first heading of ``page``,
    ``# 中文 · English``, cut at the `` · `` (the 中文 part is the one with Chinese characters); the whole heading if it
    is not in two parts."""
    twin = page.with_name(localized(page.name, lang))
    source = twin if lang != DEFAULT_LANG and twin.is_file() else page
    first = source.read_text(encoding="utf-8").lstrip().split("\n", 1)[0].lstrip("# ").strip()
    parts = first.split(" · ")
    if len(parts) != 2 or source is twin:
        return first
    chinese = [p for p in parts if re.search(r"[\u4e00-\u9fff]", p)]
    zh = chinese[0] if len(chinese) == 1 else parts[0]
    return zh if lang == DEFAULT_LANG else next(p for p in parts if p is not zh)


def on_config(config):
    """Render the generated pages (first language's build) and expand the nav placeholders in the language
    being built."""
    logging.getLogger("jieba").setLevel(logging.WARNING)  # the search's segmenter: no dictionary-loading chatter
    lang = building_lang(config)
    if lang == DEFAULT_LANG or "site" not in _state:
        site = load_site()
        _state["site"] = site
        _state["nav"] = copy.deepcopy(config["nav"])  # the hand-written nav, placeholders unexpanded
        for problem in site.problems:
            log.info(problem)
    site = _state["site"]
    docs_dir = Path(config["docs_dir"])
    keepers = [{title_in(path, lang): path.relative_to(docs_dir).as_posix()}
               for path in [docs_dir / "rule-keepers.md", *sorted(docs_dir.glob("rule-keepers-*.md"))]
               if path.is_file() and lang_of(path.name) == DEFAULT_LANG]
    if _state["nav"]:
        config["nav"] = expand_nav(_state["nav"], site.variants, {"rule-keepers.md": keepers}, site.option_games,
                                   set(site.pages), lang)
    return config


def _site_file(config, path: str, content: str, lang: str) -> File:
    """An in-memory file of the site built for ``lang``: a page where mkdocs-static-i18n serves it (English under
    ``en/``), any other file at its own path."""
    file = File.generated(config, path, content=content)
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    if path.endswith(".md"):
        folder = served(unlocalized(path))
        file.dest_uri = prefix + ("" if folder == "./" else folder) + "index.html"
    else:
        file.dest_uri = prefix + file.dest_uri
    return file


@event_priority(-110)  # after mkdocs-static-i18n (-100), which would drop in-memory files it does not know
def on_files(files: Files, config) -> Files:
    """Add the generated pages of the language being built to the site."""
    lang = building_lang(config)
    pages: dict[str, str] = _state["site"].pages
    for base in sorted({unlocalized(p) for p in pages}):
        own = localized(base, lang)
        path = own if own in pages else base  # a page in one language only (implementers) is in both trees
        file = _site_file(config, path, pages[path], lang)
        twins = {other: localized(base, other) for other in LANGS if localized(base, other) in pages}
        # mkdocs-static-i18n's data of a file: its sitemap lists each page with its twin
        file.locale, file.locale_alternate_of = lang_of(path), lang
        file.alternates = {other: (file if other == lang else _site_file(config, twin, "", other))
                           for other, twin in twins.items()}
        files.append(file)
    site_url = config.get("site_url") or ""
    files.append(_site_file(config, PAGE_PATH, schemas_page(site_url), lang))
    if lang == DEFAULT_LANG:  # the schemas' URLs ($id) are the root's
        for path, text in schema_site_files(site_url).items():
            files.append(_site_file(config, path, text, lang))
    return files


def on_post_build(config) -> None:
    """Give the language's tree its sitemap (mkdocs-material reads ``<root>/sitemap.xml`` of each language in the
    header's selector; mkdocs-static-i18n writes one, for all languages, at the site's root), and print the
    quick-reference cards of the language just built to PDF next to their pages."""
    lang = building_lang(config)
    site_dir = Path(config["site_dir"])
    if lang != DEFAULT_LANG and (site_dir / "sitemap.xml").is_file():
        (site_dir / lang).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site_dir / "sitemap.xml", site_dir / lang / "sitemap.xml")
    pdfs = [(page, pdf) for page, pdf in _state["site"].pdfs.items() if lang_of(page) == lang]
    if not pdfs:
        return
    if _command.get("name") == "serve":
        if lang == DEFAULT_LANG:
            log.info("PDF step skipped: mkdocs serve (run mkdocs build to print the quick-reference cards)")
        return
    chromium = find_chromium()
    if chromium is None:
        if lang == DEFAULT_LANG:
            log.info("PDF step skipped: chromium is not installed (the quick-reference cards print from the browser)")
        return
    missing_font = cjk_font_problem()
    if missing_font:
        raise PluginError(missing_font)
    for problem in print_pdfs(site_dir, pdfs, chromium):
        log.info("PDF step: %s", problem)
