"""Where each generated page lives in the docs tree, and links between them.

Per variant and language: the player's page (:func:`page_path`), its rules as data (:func:`rules_path`), the
sample hand (:func:`sample_path`) and the quick-reference card (:func:`card_path`, PDF :func:`card_pdf_path`).
Per game and language: the comparison (:func:`compare_path`) and the options reference (:func:`options_path`).
Per language: the glossary (:func:`glossary_path`) and "which variant do we play?" (:func:`which_path`).
"""

from __future__ import annotations

import posixpath

INDEX_PATH = "rulebooks/index.md"


def page_path(variant_id: str, lang: str) -> str:
    """The player's page of a variant: ``rulebooks/zh/huolong/li-zhijiang.md``."""
    return f"rulebooks/{lang}/{variant_id}.md"


def rules_path(variant_id: str, lang: str) -> str:
    """The variant's rules as data (ids, values, sources): ``rulebooks/zh/huolong/li-zhijiang-rules.md``."""
    return f"rulebooks/{lang}/{variant_id}-rules.md"


def sample_path(variant_id: str, lang: str) -> str:
    """The narrated sample hand: ``rulebooks/zh/huolong/li-zhijiang-sample.md``."""
    return f"rulebooks/{lang}/{variant_id}-sample.md"


def card_path(variant_id: str, lang: str) -> str:
    """The one-page quick-reference card: ``rulebooks/zh/huolong/li-zhijiang-card.md``."""
    return f"rulebooks/{lang}/{variant_id}-card.md"


def card_pdf_path(variant_id: str, lang: str) -> str:
    """The card's PDF in the built site: ``rulebooks/zh/huolong/li-zhijiang-card.pdf``."""
    return f"rulebooks/{lang}/{variant_id}-card.pdf"


def compare_path(game: str, lang: str) -> str:
    """Docs path of a game's comparison page: ``rulebooks/zh/huolong/compare.md``."""
    return f"rulebooks/{lang}/{game}/compare.md"


def options_path(game: str, lang: str) -> str:
    """Docs path of a game's options reference: ``rulebooks/zh/huolong/options.md``."""
    return f"rulebooks/{lang}/{game}/options.md"


def which_path(lang: str) -> str:
    """"Which variant do we play?": ``rulebooks/zh/which-variant.md``."""
    return f"rulebooks/{lang}/which-variant.md"


def glossary_path(lang: str) -> str:
    """The players' glossary with hover definitions: ``rulebooks/zh/glossary.md``."""
    return f"rulebooks/{lang}/glossary.md"


def rel(target: str, source: str) -> str:
    """A relative Markdown link from docs page ``source`` to docs page ``target``."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def served(path: str) -> str:
    """The URL folder a docs page is served at with directory URLs: ``a/b.md`` → ``a/b/``; ``a/index.md`` → ``a/``;
    other files (``x.pdf``) keep their name."""
    if not path.endswith(".md"):
        return path
    stem = path.removesuffix(".md")
    stem = stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/"
    return stem or "./"


def url(target: str, source: str) -> str:
    """A relative link for raw HTML (which mkdocs does not rewrite) from docs page ``source`` to docs page (or
    file) ``target``, as the site is built with directory URLs (mkdocs' default).

    Example: ``url("rulebooks/zh/huolong/li-zhijiang.md", "rulebooks/zh/huolong/options.md")`` →
    ``"../li-zhijiang/"``.
    """
    base = served(source)
    base_dir = base if base.endswith("/") else posixpath.dirname(base) + "/"
    tgt = served(target)
    link = posixpath.relpath(tgt, base_dir)
    if tgt.endswith("/"):
        return "./" if link == "." else link + "/"
    return link
