"""``datong-rules table``: it serves the table on 127.0.0.1 and prints its address; Ctrl-C stops it (130); bad input
and a missing ``[table]`` extra are one ``error:`` line and exit 2."""

from __future__ import annotations

import signal
import subprocess
import sys
import urllib.request

import pytest
from click.testing import CliRunner

from child_signals import ctrl_c_as_in_a_terminal

pytest.importorskip("uvicorn")

KIT = "import sys; sys.argv[0] = 'datong-rules'; from datong_rules.cli.main import main; main()"


def test_the_command_serves_the_table_on_127_0_0_1_until_ctrl_c():
    proc = subprocess.Popen([sys.executable, "-c", KIT, "table", "biedan-guide", "--no-browser", "--port", "0",
                             "--lang", "en", "--seat", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        line = proc.stdout.readline()
        assert line.startswith("Table open at http://127.0.0.1:"), line + proc.stderr.read()
        address = line.split()[3]
        with urllib.request.urlopen(address, timeout=30) as page:
            html = page.read().decode("utf-8")
        assert 'lang="en"' in html and "Your hand" in html
        assert 'data-seat="1"' in html
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err


def test_a_missing_extra_names_it(monkeypatch):
    import importlib.util

    from datong_rules.cli import table_cmd

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else real(name, *a))
    result = CliRunner().invoke(table_cmd.table, ["li-zhijiang", "--no-browser"])
    assert result.exit_code == 2
    assert result.output == ("error: the table needs the [table] extra (starlette missing): "
                             "pip install 'datong-rules[table]'\n")
