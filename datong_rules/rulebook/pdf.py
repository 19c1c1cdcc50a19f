"""Print the quick-reference cards to PDF with headless Chromium (Debian's ``chromium``), after the site is built.

Without Chromium the step is skipped with one log line; ``mkdocs serve`` skips it too (it rebuilds on every
change). With Chromium but no CJK font (fontconfig finds none for ``:lang=zh``) the step fails with one line naming
the package to install (:func:`cjk_font_problem`): the cards would print every Chinese character as a box. The PDF of ``rulebooks/zh/huolong/li-zhijiang-card.md`` is ``rulebooks/zh/huolong/li-zhijiang-card.pdf``
in the built site.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from .paths import served

TIMEOUT = 60
"""Seconds allowed for one page."""

CJK_FONT_PACKAGE = "fonts-noto-cjk"
"""The Debian package named when no CJK font is installed (any font covering Chinese will do)."""


def find_chromium() -> str | None:
    """``$CHROMIUM`` or the first of ``chromium``, ``chromium-browser`` on the PATH; ``None`` if there is none."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def cjk_font_problem() -> str | None:
    """Whether Chromium can print Chinese: ``None`` when fontconfig (``fc-list :lang=zh``) lists a font covering
    Chinese, else one line saying what is missing and which package to install.

    Chromium on Linux finds its fonts through fontconfig, so a system without ``fc-list`` cannot be checked and is
    reported too (the package ``fontconfig`` provides it).
    """
    fc_list = shutil.which("fc-list")
    install = f"apt-get install {CJK_FONT_PACKAGE}"
    if fc_list is None:
        return (f"PDF step: cannot check for a Chinese (CJK) font, fc-list is missing; install fontconfig and a CJK "
                f"font (Debian: apt-get install fontconfig {CJK_FONT_PACKAGE})")
    try:
        found = subprocess.run([fc_list, ":lang=zh", "family"], stdin=subprocess.DEVNULL, capture_output=True,
                               text=True, timeout=TIMEOUT, check=False).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"PDF step: cannot check for a Chinese (CJK) font ({err}); Debian: {install}"
    if not found:
        return (f"PDF step: no Chinese (CJK) font is installed, the cards would print Chinese as boxes; "
                f"install one (Debian: {install})")
    return None


def print_pdfs(site_dir: Path, pages: Iterable[tuple[str, str]], chromium: str) -> list[str]:
    """Print each ``(docs page, pdf path)`` of the built site at ``site_dir``.

    Returns:
        One line per page that could not be printed (empty when all were).
    """
    problems = []
    for page, pdf in pages:
        html = site_dir / served(page) / "index.html"
        out = site_dir / pdf
        argv = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer",
                f"--print-to-pdf={out}", html.as_uri()]
        try:
            subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as err:
            problems.append(f"{pdf}: {err}")
            continue
        if not out.is_file() or out.stat().st_size == 0:
            problems.append(f"{pdf}: chromium wrote no PDF")
    return problems
