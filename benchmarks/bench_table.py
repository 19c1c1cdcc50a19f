"""The table's speed as a person feels it: the page load, and the bots' answer after the person's move, each against
an anchor measured in the same run (a static file of the app, ``GET /static/table.css``).

The app (``datong_rules.table_app``) is served by uvicorn on a free 127.0.0.1 port in a thread and asked over HTTP,
as the browser asks it. For each variant (one per game) a table is opened and:

* page load: ``GET /t/{id}`` when the person is to play cards (the whole page rendered: the hand's card pictures,
  the legal list, the story);
* move: the person's first legal play (once the deal, bury and exchange are done) posted to ``/t/{id}/act``,
  answered when the bots have played up to the person's next decision and the page part is rendered (the number
  of bots' actions in between is printed);
* seen: from that post to the moment another page of the table (listening to ``/t/{id}/events``, server-sent
  events) is told the table's new version;

the median of ``--repeat`` tables (default 7; each a fresh seed) is printed with its ratio to the anchor. Targets:
page load < 1 s, a move < 0.2 s (a bot's move shown less than 200 ms after the person's), seen < 0.2 s. The script
exits 1 when a target is missed, 2 when nothing was measured (a request that failed).

``--crowd N`` also plays N tables of 4 people each (every seat a person's page: a listener of the events per seat,
moves posted for the seat to act), ``--crowd-moves`` moves per table, all at once on the one server (one process:
one core), and prints the slowest and the median move (target: every move < 0.5 s).

    python benchmarks/bench_table.py
    python benchmarks/bench_table.py --repeat 15
    python benchmarks/bench_table.py --repeat 3 --crowd 16
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measured import require  # noqa: E402

VARIANTS = ("huolong/li-zhijiang", "biedan/biedan-guide", "dadun/dadun-guide")
TARGETS = {"page": 1.0, "move": 0.2, "seen": 0.2, "crowd": 0.5}
"""Targets in seconds."""


def _serve(app) -> tuple[str, object]:
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    return f"http://127.0.0.1:{port}", server


class Listener:
    """A page's event stream (``/t/{key}/events``) read in a thread: each version told, with the time it came."""

    def __init__(self, url: str) -> None:
        self.heard: list[tuple[float, int]] = []
        threading.Thread(target=self._listen, args=(url,), daemon=True).start()
        deadline = time.monotonic() + 30
        while not self.heard and time.monotonic() < deadline:
            time.sleep(0.005)

    def _listen(self, url: str) -> None:
        with urllib.request.urlopen(url, timeout=120) as stream:
            for raw in stream:
                if raw.startswith(b"data: "):
                    self.heard.append((time.perf_counter(), int(raw[6:])))

    def when(self, version: int, timeout: float = 10.0) -> float | None:
        """When the stream told a version of at least ``version`` (None: not within ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            told = [t for t, v in self.heard if v >= version]
            if told:
                return told[0]
            time.sleep(0.002)
        return None


def _timed(url: str, body: dict | None = None) -> tuple[float, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        content = response.read()
        if response.status != 200:
            sys.exit(f"error: {url}: status {response.status}; nothing measured")
    return time.perf_counter() - start, content


def _to_a_play(table) -> None:
    """The person's first legal actions (and no shows) until they are to play cards in a trick or round."""
    for _ in range(200):
        if "play" in table.kinds():
            return
        if any(True for _ in table.person_actions(1)) and table.state.current_player() == table.seat:
            table.act(next(table.person_actions(1)))
        else:
            table.decline()
    sys.exit("error: the person never had a play to make; nothing measured")


def measure(variant: str, repeat: int) -> dict[str, list[float]]:
    """Anchor, page and move times (seconds) of ``repeat`` tables of ``variant``, and the bots' actions per move."""
    from datong_rules.reference_impl.variant import open_variant
    from datong_rules.table_app.app import Options, create_app

    out: dict[str, list[float]] = {"anchor": [], "page": [], "move": [], "bots": [], "seen": []}
    app = create_app(Options(open_variant(variant)))
    base, server = _serve(app)
    try:
        for seed in range(repeat):
            tid = app.state.tables.open(seed=seed)
            table = app.state.tables.kept[tid].table
            out["anchor"].append(_timed(f"{base}/static/table.css")[0])
            _to_a_play(table)
            out["page"].append(_timed(f"{base}/t/{tid}")[0])
            action = next(a for a in table.person_actions(500) if a["type"] == "play")
            before = len(table.state.actions)
            other = Listener(f"{base}/t/{tid}/events")  # another page of the table
            version = table.version
            start = time.perf_counter()
            took, content = _timed(f"{base}/t/{tid}/act", {"action": action})
            if not json.loads(content).get("ok"):
                sys.exit(f"error: {variant}: the legal action {action} was refused; nothing measured")
            out["move"].append(took)
            out["bots"].append(len(table.state.actions) - before - 1)
            heard = other.when(version + 1)
            if heard is None:
                sys.exit(f"error: {variant}: another page was not told of the move; nothing measured")
            out["seen"].append(heard - start)
    finally:
        server.should_exit = True
    return out


def crowd(variant: str, tables: int, moves: int) -> list[float]:
    """Move times (seconds) of ``tables`` tables of ``variant`` with a person at every seat, played at once."""
    from datong_rules.reference_impl.variant import open_variant
    from datong_rules.table_app.app import Options, create_app

    app = create_app(Options(open_variant(variant)))
    base, server = _serve(app)
    times: list[float] = []
    try:
        places = []
        for seed in range(tables):
            tid = app.state.tables.open(seed=seed)
            keys = {app.state.tables.kept[tid].table.seat: tid}
            for seat in range(app.state.tables.kept[tid].table.rules.players):
                if seat not in keys:
                    keys[seat] = app.state.tables.invite(tid, seat)
            places.append((app.state.tables.kept[tid].table, keys, [Listener(f"{base}/t/{k}/events")
                                                                    for k in keys.values()]))

        def play(table, keys) -> None:
            for _ in range(moves):
                if table.state.is_terminal():
                    return
                seat = next((s for s in keys if table.awaiting(s)), None)
                if seat is None:
                    return
                action = next(table.person_actions(1, seat))
                path = "act" if table.state.current_player() == seat else "decline"
                body = {"action": action} if path == "act" else {}
                times.append(_timed(f"{base}/t/{keys[seat]}/{path}", body)[0])

        players = [threading.Thread(target=play, args=(table, keys)) for table, keys, _ in places]
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()
    finally:
        server.should_exit = True
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="tables per variant (default 7)")
    parser.add_argument("--crowd", type=int, default=0, help="tables of 4 people played at once (default 0: none)")
    parser.add_argument("--crowd-moves", type=int, default=20, help="moves per table of the crowd (default 20)")
    args = parser.parse_args()
    missed = []
    print(f"{'variant':24} {'anchor ms':>10} {'page ms':>9} {'ratio':>6} {'move ms':>9} {'ratio':>6} {'bot actions':>11} "
          f"{'seen ms':>8}")
    for variant in VARIANTS:
        got = measure(variant, args.repeat)
        require(len(got["move"]), "moves measured", variant)
        anchor, page, move, seen = (statistics.median(got[k]) for k in ("anchor", "page", "move", "seen"))
        print(f"{variant:24} {anchor * 1000:10.1f} {page * 1000:9.1f} {page / anchor:6.1f} {move * 1000:9.1f} "
              f"{move / anchor:6.1f} {statistics.median(got['bots']):11.0f} {seen * 1000:8.1f}")
        missed += [f"{variant} {what} {value:.3f} s > {TARGETS[what]} s"
                   for what, value in (("page", page), ("move", move), ("seen", seen)) if value > TARGETS[what]]
    for variant in VARIANTS if args.crowd else ():
        times = crowd(variant, args.crowd, args.crowd_moves)
        require(len(times), "crowd moves measured", variant)
        print(f"crowd {variant}: {args.crowd} tables of 4 people, {len(times)} moves, median "
              f"{statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms", file=sys.stderr)
        if max(times) > TARGETS["crowd"]:
            missed.append(f"{variant} crowd move {max(times):.3f} s > {TARGETS['crowd']} s")
    for line in missed:
        print(f"target missed: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
