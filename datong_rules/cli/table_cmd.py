"""``datong-rules table``: play a variant in the browser, one seat against bots, every refusal explained.

The web app is :mod:`datong_rules.table_app` (the ``[table]`` extra: Starlette, uvicorn, Jinja2). Exit status: 130 when
Ctrl-C stops the server (143 for SIGTERM); 2 for bad input (a VARIANT that names no playable variant, an unknown bot kind, a seat out
of range) or when the extra is not installed (one line saying what to install).
"""

from __future__ import annotations

import importlib.util
import socket
import threading
import webbrowser

import click

from .path_args import refuse_empty
from .variant_arg import VARIANT_HELP, fail, open_variant_arg

NEEDS = ("starlette", "uvicorn", "jinja2")
"""The modules of the ``[table]`` extra."""

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Addresses that serve this machine only."""


TABLE_HELP = (
    "Open a table of VARIANT in the browser: you play one seat, bots the others, or friends you invite (the page's "
    "\"Play with friends\" gives one invitation link per seat; see --host).\n\n"
    f"VARIANT is {VARIANT_HELP}. The page shows your hand, the plays, whose turn it is, what a selection of cards "
    "makes and whether it may be played now, and for every refused action the rule that refuses it. The hand can be "
    "downloaded as a record that `datong-rules verify` accepts. Stop with Ctrl-C. Exit status: 130 when Ctrl-C "
    "stops the server (143 for SIGTERM); 2 for bad input (a VARIANT that names no playable variant, an unknown bot kind, a seat out of range, an "
    "address or port that cannot be listened on, the [table] extra missing)."
)
"""The command's help (built here: a docstring cannot include :data:`VARIANT_HELP`)."""


@click.command("table", help=TABLE_HELP,
               short_help="Play a variant in the browser against bots, every refusal explained.")
@click.argument("variant")
@click.option("--seat", type=int, default=0, show_default=True,
              help="Your seat (0 is the first; seats go in play order).")
@click.option("--bots", "bot_kind", default="greedy", show_default=True, metavar="KIND",
              help="Which bots play the other seats: a bot kind of the variant's game (random, greedy).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the shuffles and of the bots (a whole number ≥ 0, as play takes).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="The page's language.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              callback=refuse_empty("an address to listen on, such as 127.0.0.1"),
              help="The address to listen on. 127.0.0.1 (the default): this machine only. This machine's address on "
                   "your local network (such as 192.168.1.20): the table is served to that network on purpose, so "
                   "that friends can take seats with the invitation links your page makes (one per seat, revocable); "
                   "anyone who can reach the address can also open tables of their own, so serve a network only "
                   "among people you trust.")
@click.option("--no-browser", is_flag=True, help="Do not open the browser.")
def table(variant: str, seat: int, bot_kind: str, seed: int, lang: str, port: int, host: str, no_browser: bool) -> None:
    """Serve a table of ``variant`` until Ctrl-C (the command's help is :data:`TABLE_HELP`)."""
    missing = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        fail(f"the table needs the [table] extra ({', '.join(missing)} missing): pip install 'datong-rules[table]'")
    import uvicorn

    from datong_rules.table_app.app import Options, create_app

    resolved = open_variant_arg(variant)
    options = Options(resolved, seat=seat, bots=bot_kind, seed=seed, lang=lang, hosts=(host,))
    app = create_app(options)
    try:
        tid = app.state.tables.open(pinned=True)
    except ValueError as err:
        fail(str(err).splitlines()[0])
    listening = _listen(host, port)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2))
    bound = listening.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host

    def announce() -> None:
        import time

        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if not server.started:
            return
        address = f"http://{shown}:{bound}/t/{tid}"
        click.echo(f"Table open at {address} (Ctrl-C stops it)")
        if host not in LOOPBACK:
            click.echo(f"Served to the network on {host}: friends join with the invitation links of your page "
                       "(\"Play with friends\"); anyone who can reach this address can open a table.")
        if not no_browser:
            webbrowser.open(address)

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[listening])


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening (exit 2 with one line when it cannot be: a port in use, an
    address not of this machine)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror or err}")
    return listening
