"""``datong-rules table``: it serves the table on 127.0.0.1 and prints its address; Ctrl-C stops it (130); bad input
and a missing ``[table]`` extra are one ``error:`` line and exit 2."""

from __future__ import annotations

import signal
import subprocess
import sys
import urllib.error
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


def _serve(*args, env_lang="en"):
    import os

    env = {**os.environ, "DATONG_RULES_LANG": env_lang}
    return subprocess.Popen([sys.executable, "-c", KIT, "table", "biedan-guide", "--no-browser", "--port", "0",
                             "--lang", "en", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=ctrl_c_as_in_a_terminal, env=env)


def _get(url, host=None):
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def test_every_address_serves_friends_with_a_warning_and_reachable_links():
    """``--host 0.0.0.0``: a person seating friends on a LAN. The table answers at this machine's network address
    (it answered 400 to every friend before), a warning on stderr says what is exposed, and the invitation links use
    the network address, not the 127.0.0.1 the host's own page is opened at; a name the table is not served as
    stays refused (DNS rebinding)."""
    import json

    from datong_rules.cli.table_cmd import network_addresses

    found = network_addresses()
    proc = _serve("--host", "0.0.0.0")
    try:
        line = proc.stdout.readline()
        assert line.startswith("Table open at http://127.0.0.1:"), line + proc.stderr.read()
        address = line.split()[3]
        port = address.split(":")[2].split("/")[0]
        tid = address.rsplit("/", 1)[1]
        assert _get(address)[0] == 200
        assert _get(address, host=f"evil.example:{port}")[0] == 400
        if found:  # a machine on a network: the friends' address is printed, answers, and starts every link
            friends = proc.stdout.readline()
            base = f"http://{found[0]}:{port}"
            assert friends.startswith(f"Friends reach the table at {base}:"), friends
            assert _get(f"{base}/t/{tid}")[0] == 200
            request = urllib.request.Request(f"{address.rsplit('/t/', 1)[0]}/t/{tid}/invite",
                                             data=json.dumps({"seat": 1}).encode(),
                                             headers={"Content-Type": "application/json"})
            link = json.loads(urllib.request.urlopen(request, timeout=30).read())["link"]
            assert link.startswith(f"{base}/t/"), link
            assert _get(link)[0] == 200
            assert f'value="{base}/t/' in _get(address)[1]  # the host's page shows the same links
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert "warning: the table is served on every network address of this machine (0.0.0.0, port" in err, err
    assert "anyone who can reach this machine" in err
    if not found:
        assert "warning: no network address of this machine was found" in err, err
    assert proc.returncode == 130 and "Traceback" not in err


def test_the_warning_is_in_the_messages_language():
    proc = _serve("--host", "0.0.0.0", env_lang="zh")
    try:
        line = proc.stdout.readline()
        assert line.startswith("牌桌已开：http://127.0.0.1:"), line + proc.stderr.read()
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert "警告：牌桌在这台电脑的每个网络地址上提供（0.0.0.0，端口" in err, err


def test_an_address_host_is_answered_only_when_served_on_every_address():
    """The app: with ``any_address`` a host given as an IP address (v4 or v6) is the table's; without it, only the
    names it is served as; a name is never taken for an address."""
    from starlette.testclient import TestClient

    from table_helpers import make_app

    for any_address, expected in ((True, 200), (False, 400)):
        app = make_app("biedan/biedan-guide", any_address=any_address, link_base="http://192.0.2.7:8765")
        tid = app.state.tables.open()
        client = TestClient(app, base_url="http://127.0.0.1")
        for host in ("192.0.2.7:8765", "10.1.2.3", "[fd00::2]:8765"):
            assert client.get(f"/t/{tid}", headers={"host": host}).status_code == expected, host
        for host in ("evil.example:8765", "192.0.2.7.evil.example", "[evil]:80", ""):
            assert client.get(f"/t/{tid}", headers={"host": host}).status_code == 400, host
        assert client.get(f"/t/{tid}").status_code == 200
        link = client.post(f"/t/{tid}/invite", json={"seat": 1}).json()["link"]
        assert link.startswith("http://192.0.2.7:8765/t/")


def test_a_public_address_is_named_in_a_second_warning(capsys, monkeypatch):
    """Served on every address of a machine with a public address, the table is on the internet: the warning says
    so; private and shared addresses (a home network, a carrier's) are not public."""
    from datong_rules.cli.table_cmd import _warn_everywhere, public_addresses

    monkeypatch.setenv("DATONG_RULES_LANG", "en")
    assert public_addresses(["192.168.1.20", "10.0.0.5", "172.16.3.4", "100.64.0.1", "fd00::2"]) == []
    assert public_addresses(["192.168.1.20", "8.8.8.8", "2606:4700::1111"]) == ["8.8.8.8", "2606:4700::1111"]
    _warn_everywhere("0.0.0.0", 8765, "http://8.8.8.8:8765", ["8.8.8.8"])
    err = capsys.readouterr().err
    assert "warning: 8.8.8.8 is a public address" in err and "--host" in err
    _warn_everywhere("0.0.0.0", 8765, "http://192.168.1.20:8765", ["192.168.1.20"])
    assert "public address" not in capsys.readouterr().err
