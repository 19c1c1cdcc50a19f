"""Print the quick-reference cards to PDF with headless Chromium (Debian's ``chromium``), after the site is built.

Without Chromium the step is skipped with one log line; ``mkdocs serve`` skips it too (it rebuilds on every
change). The PDF of ``rulebooks/zh/huolong/li-zhijiang-card.md`` is ``rulebooks/zh/huolong/li-zhijiang-card.pdf``
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


def find_chromium() -> str | None:
    """``$CHROMIUM`` or the first of ``chromium``, ``chromium-browser`` on the PATH; ``None`` if there is none."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
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
