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

from datong_rules.reference_impl import games

from .messages import current, tr, warning_line
from .problem_words import say
from .path_args import refuse_empty
from .bots_option import bots_option, checked_kinds
from .variant_arg import VARIANT_HELP, fail, open_variant_arg
from .seed_option import SEED

NEEDS = ("starlette", "uvicorn", "jinja2")
"""The modules of the ``[table]`` extra."""

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Addresses that serve this machine only."""

WILDCARDS = ("0.0.0.0", "::")
"""Addresses that serve every network address of this machine (a warning says what that exposes)."""


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
@bots_option("greedy", "Which bots play the seats no person takes")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the shuffles and of the bots (a whole number ≥ 0, as play takes).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default=None,
              help="The page's language (default: the language of the messages, datong-rules --lang, else the "
                   "environment's).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              callback=refuse_empty("an address to listen on, such as 127.0.0.1"),
              help="The address to listen on. 127.0.0.1 (the default): this machine only. This machine's address on "
                   "your local network (such as 192.168.1.20): the table is served to that network on purpose, so "
                   "that friends can take seats with the invitation links your page makes (one per seat, revocable); "
                   "anyone who can reach the address can also open tables of their own, so serve a network only "
                   "among people you trust. 0.0.0.0 (or ::): every address of this machine, with a warning; the "
                   "invitation links then use its address on the network.")
@click.option("--no-browser", is_flag=True, help="Do not open the browser.")
def table(variant: str, seat: int, bots: str, seed: int, lang: str | None, port: int, host: str,
          no_browser: bool) -> None:
    """Serve a table of ``variant`` until Ctrl-C (the command's help is :data:`TABLE_HELP`)."""
    missing = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        fail(tr("the table needs the [table] extra ({missing} missing): pip install 'datong-rules[table]'",
                missing=", ".join(missing)))
    import uvicorn

    from datong_rules.table_app.app import Options, create_app

    resolved = open_variant_arg(variant)
    game = games.find(resolved.data.get("game"))
    if game is not None and game.facet("rules") is not None:
        try:
            checked_kinds(game, game.rules_for(resolved).players, bots)
        except ValueError:  # an engine that cannot play the variant: the table says so when it opens
            pass
    listening = _listen(host, port)
    bound = listening.getsockname()[1]
    everywhere = host in WILDCARDS
    reachable = network_addresses(ipv6=host == "::") if everywhere else []
    link_host = (reachable[0] if reachable else None) if everywhere else None if host in LOOPBACK else host
    options = Options(resolved, seat=seat, bots=bots, seed=seed, lang=lang or current(), hosts=(host, *reachable),
                      any_address=everywhere, link_base=None if link_host is None else _url(link_host, bound))
    app = create_app(options)
    try:
        tid = app.state.tables.open(pinned=True)
    except ValueError as err:
        fail(say(_as_option(str(err).splitlines()[0])))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2))
    address = f"{_url('127.0.0.1' if everywhere else host, bound)}/t/{tid}"

    def announce() -> None:
        import time

        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if not server.started:
            return
        click.echo(tr("Table open at {address} (Ctrl-C stops it)", address=address))
        if everywhere:
            _warn_everywhere(host, bound, options.link_base, reachable)
        elif host not in LOOPBACK:
            click.echo(tr("Served to the network on {host}: friends join with the invitation links of your page "
                          "(\"Play with friends\"); anyone who can reach this address can open a table.", host=host))
        if not no_browser:
            webbrowser.open(address)

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[listening])


def _as_option(line: str) -> str:
    """A refusal of the table's options (worded as the page's form words it: ``seat: expected 0–3, got 9``) naming
    the command's option, as play's and simulate's do: ``--seat: …`` (``--bots`` is checked by its option)."""
    if line.startswith("seat: "):
        return "--" + line
    return line


def _warn_everywhere(host: str, port: int, link_base: str | None, reachable: list[str]) -> None:
    """What serving on every address of the machine (``--host 0.0.0.0`` or ``::``) exposes, on stderr (a public
    address among ``reachable`` named: the table is then on the internet), and the address the invitation links
    use, on stdout."""
    click.echo(warning_line(tr(
        "the table is served on every network address of this machine ({host}, port {port}): anyone who can reach "
        "this machine on that port can open tables of their own, and an invitation link is a seat's only key "
        "(send each to its friend only; revoke the ones not needed). Serve a network only among people you trust.",
        host=host, port=port)), err=True)
    public = public_addresses(reachable)
    if public:
        click.echo(warning_line(tr(
            "{addresses} is a public address: unless a firewall stops them, people on the internet can reach the "
            "table too; serve your local network's address with --host instead", addresses=", ".join(public))),
            err=True)
    if link_base is None:
        click.echo(warning_line(tr(
            "no network address of this machine was found: the invitation links use the address your page is "
            "opened at; give --host this machine's address on your network instead")), err=True)
    else:
        click.echo(tr("Friends reach the table at {base}: the invitation links of your page (\"Play with "
                      "friends\") use it.", base=link_base))


def network_addresses(ipv6: bool = False) -> list[str]:
    """This machine's addresses on its networks, the one of its default route first (IPv4; IPv6 too when ``ipv6``):
    neither loopback, nor unspecified, nor link-local (which needs an interface named). Found without sending
    anything (a UDP socket connected to a documentation address, :rfc:`5737` and :rfc:`3849`, tells the address
    the system would send from) and from the addresses of the machine's name; empty when none is found."""
    import ipaddress

    found: list[str] = []
    families = [(socket.AF_INET, "198.51.100.1")] + ([(socket.AF_INET6, "2001:db8::1")] if ipv6 else [])
    for family, probe in families:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                found.append(udp.getsockname()[0])
        except OSError:
            pass
        try:
            found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, family)]
        except OSError:
            pass
    usable = []
    for text in dict.fromkeys(found):
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            usable.append(text)
    return usable


def public_addresses(addresses: list[str]) -> list[str]:
    """The addresses of ``addresses`` that are reachable from the internet (not private, not shared, not
    reserved: :attr:`ipaddress.IPv4Address.is_global`)."""
    import ipaddress

    return [a for a in addresses if ipaddress.ip_address(a).is_global]


def _url(host: str, port: int) -> str:
    """``http://HOST:PORT`` (an IPv6 address in brackets)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


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
        fail(tr("cannot listen on {host}:{port}: {reason}", host=host, port=port, reason=err.strerror or err))
    return listening
