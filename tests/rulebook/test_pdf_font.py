"""The PDF step checks for a Chinese (CJK) font before printing: without one every Chinese character of a card
would print as a box, so the build fails with one line naming the package to install."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from datong_rules.rulebook import mkdocs_hook, pdf


def fake_fc_list(folder: Path, output: str) -> None:
    """An ``fc-list`` on ``folder`` that prints ``output`` whatever it is asked."""
    script = folder / "fc-list"
    script.write_text(f"#!/bin/sh\nprintf '%s' '{output}'\n", encoding="utf-8")
    script.chmod(0o755)


@pytest.mark.skipif(os.name != "posix", reason="the fake fc-list is a shell script")
def test_a_listed_chinese_font_is_enough(monkeypatch, tmp_path):
    fake_fc_list(tmp_path, "Noto Sans CJK SC\\n")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert pdf.cjk_font_problem() is None


@pytest.mark.skipif(os.name != "posix", reason="the fake fc-list is a shell script")
def test_no_chinese_font_is_one_line_naming_the_package(monkeypatch, tmp_path):
    fake_fc_list(tmp_path, "")
    monkeypatch.setenv("PATH", str(tmp_path))
    problem = pdf.cjk_font_problem()
    assert problem is not None and "\n" not in problem
    assert pdf.CJK_FONT_PACKAGE in problem and "CJK" in problem


def test_without_fc_list_the_check_names_fontconfig_too(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no fc-list
    problem = pdf.cjk_font_problem()
    assert problem is not None and "\n" not in problem
    assert "fontconfig" in problem and pdf.CJK_FONT_PACKAGE in problem


def test_the_build_fails_before_printing_when_the_font_is_missing(monkeypatch, tmp_path):
    class FakeSite:
        pdfs = {"a.md": "a.pdf"}

    printed = []
    monkeypatch.setitem(mkdocs_hook._state, "site", FakeSite())
    monkeypatch.setitem(mkdocs_hook._command, "name", "build")
    monkeypatch.setattr(mkdocs_hook, "find_chromium", lambda: "/usr/bin/chromium")
    monkeypatch.setattr(mkdocs_hook, "cjk_font_problem", lambda: "PDF step: no Chinese (CJK) font; install x")
    monkeypatch.setattr(mkdocs_hook, "print_pdfs", lambda *args: printed.append(args) or [])
    with pytest.raises(PluginError, match="no Chinese"):
        mkdocs_hook.on_post_build({"site_dir": str(tmp_path)})
    assert printed == []
    monkeypatch.setattr(mkdocs_hook, "cjk_font_problem", lambda: None)
    mkdocs_hook.on_post_build({"site_dir": str(tmp_path)})
    assert len(printed) == 1
