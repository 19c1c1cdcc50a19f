"""Where each generated page lives in the docs tree, and links between them.

The site has one tree per language (mkdocs-static-i18n, suffix structure): a 中文 page is ``x.md`` and served at
``x/``; its English twin is ``x.en.md``, served at ``en/x/``. Build paths with :func:`localized` (or the functions
below), never by writing a language into a path.

Per variant and language: the player's page (:func:`page_path`), its rules as data (:func:`rules_path`), the
sample hand (:func:`sample_path`) and the quick-reference card (:func:`card_path`, PDF :func:`card_pdf_path`).
Per game and language: the comparison (:func:`compare_path`) and the options reference (:func:`options_path`).
Per language: the glossary (:func:`glossary_path`) and "which variant do we play?" (:func:`which_path`).
"""

from __future__ import annotations

import posixpath

DEFAULT_LANG = "zh"
"""The site's default language: its pages carry no suffix and are served at the site's root."""
SUFFIXED_LANGS = ("en",)
"""The other languages (mkdocs.yml's i18n ``languages``): a page in one of them is ``x.<lang>.md``."""

INDEX_PATH = "rulebooks/index.md"
"""The 中文 rulebooks index; :func:`index_path` gives each language's."""


def localized(path: str, lang: str) -> str:
    """The docs path of ``path`` (a 中文 docs path, ``a/b.md``) in ``lang``: ``a/b.md`` for 中文, ``a/b.en.md``
    for English (mkdocs-static-i18n's suffix structure)."""
    if lang == DEFAULT_LANG:
        return path
    stem, dot, ext = path.rpartition(".")
    return f"{stem}.{lang}.{ext}" if dot else f"{path}.{lang}"


def lang_of(path: str) -> str:
    """The language of a docs path: ``en`` for ``a/b.en.md``, else 中文 (``zh``)."""
    parts = path.rsplit("/", 1)[-1].split(".")
    return parts[-2] if len(parts) >= 3 and parts[-2] in SUFFIXED_LANGS else DEFAULT_LANG


def unlocalized(path: str) -> str:
    """The 中文 docs path of a page in any language: ``a/b.en.md`` → ``a/b.md``."""
    lang = lang_of(path)
    if lang == DEFAULT_LANG:
        return path
    stem, ext = path.rsplit(".", 1)
    return f"{stem.removesuffix('.' + lang)}.{ext}"


def index_path(lang: str) -> str:
    """The rulebooks index in ``lang``: ``rulebooks/index.md``, ``rulebooks/index.en.md``."""
    return localized(INDEX_PATH, lang)


def page_path(variant_id: str, lang: str) -> str:
    """The player's page of a variant: ``rulebooks/huolong/li-zhijiang.md`` (English: ``…li-zhijiang.en.md``)."""
    return localized(f"rulebooks/{variant_id}.md", lang)


def rules_path(variant_id: str, lang: str) -> str:
    """The variant's rules as data (ids, values, sources): ``rulebooks/huolong/li-zhijiang-rules.md``."""
    return localized(f"rulebooks/{variant_id}-rules.md", lang)


def sample_path(variant_id: str, lang: str) -> str:
    """The narrated sample hand: ``rulebooks/huolong/li-zhijiang-sample.md``."""
    return localized(f"rulebooks/{variant_id}-sample.md", lang)


def card_path(variant_id: str, lang: str) -> str:
    """The one-page quick-reference card: ``rulebooks/huolong/li-zhijiang-card.md``."""
    return localized(f"rulebooks/{variant_id}-card.md", lang)


def card_pdf_path(variant_id: str, lang: str) -> str:
    """The card's PDF in the built site: ``rulebooks/huolong/li-zhijiang-card.pdf``."""
    return served(card_path(variant_id, lang)).removesuffix("/") + ".pdf"


def compare_path(game: str, lang: str) -> str:
    """Docs path of a game's comparison page: ``rulebooks/huolong/compare.md``."""
    return localized(f"rulebooks/{game}/compare.md", lang)


def options_path(game: str, lang: str) -> str:
    """Docs path of a game's options reference: ``rulebooks/huolong/options.md``."""
    return localized(f"rulebooks/{game}/options.md", lang)


def which_path(lang: str) -> str:
    """"Which variant do we play?": ``rulebooks/which-variant.md``."""
    return localized("rulebooks/which-variant.md", lang)


def glossary_path(lang: str) -> str:
    """The players' glossary with hover definitions: ``rulebooks/glossary.md``."""
    return localized("rulebooks/glossary.md", lang)


def rel(target: str, source: str) -> str:
    """A relative Markdown link from docs page ``source`` to docs page ``target``."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def served(path: str) -> str:
    """The URL folder a docs page is served at with directory URLs: ``a/b.md`` → ``a/b/``; ``a/index.md`` → ``a/``;
    English ``a/b.en.md`` → ``en/a/b/``; other files (``x.pdf``) keep their name."""
    if not path.endswith(".md"):
        return path
    lang = lang_of(path)
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    stem = unlocalized(path).removesuffix(".md")
    stem = stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/"
    return prefix + stem or "./"


def url(target: str, source: str) -> str:
    """A relative link for raw HTML (which mkdocs does not rewrite) from docs page ``source`` to docs page (or
    file) ``target``, as the site is built with directory URLs (mkdocs' default).

    Example: ``url("rulebooks/huolong/li-zhijiang.md", "rulebooks/huolong/options.md")`` →
    ``"../li-zhijiang/"``.
    """
    base = served(source)
    base_dir = base if base.endswith("/") else posixpath.dirname(base) + "/"
    tgt = served(target)
    link = posixpath.relpath(tgt, base_dir)
    if tgt.endswith("/"):
        return "./" if link == "." else link + "/"
    return link


def readings_path(lang: str) -> str:
    """The register of readings (spec/readings.yaml) as a page: ``rulebooks/readings.md``."""
    return localized("rulebooks/readings.md", lang)
