"""The table's speed as a person feels it: the page load, and the bots' answer after the person's move, each against
an anchor measured in the same run (a static file of the app, ``GET /static/table.css``).

The app (``datong_rules.table_app``) is served by uvicorn on a free 127.0.0.1 port in a thread and asked over HTTP,
as the browser asks it. For each variant (one per game) a table is opened and:

* page load: ``GET /t/{id}`` when the person is to play cards (the whole page rendered: the hand's card pictures,
  the legal list, the story);
* move: the person's first legal play (once the deal, bury and exchange are done) posted to ``/t/{id}/act``,
  answered when the bots have played up to the person's next decision and the page part is rendered (the number
  of bots' actions in between is printed);

the median of ``--repeat`` tables (default 7; each a fresh seed) is printed with its ratio to the anchor. Targets:
page load < 1 s, a move < 0.2 s (the issue's: a bot's move shown less than 200 ms after the person's). The script
exits 1 when a target is missed, 2 when nothing was measured (a request that failed).

    python benchmarks/bench_table.py
    python benchmarks/bench_table.py --repeat 15
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
TARGETS = {"page": 1.0, "move": 0.2}
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

    out: dict[str, list[float]] = {"anchor": [], "page": [], "move": [], "bots": []}
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
            took, content = _timed(f"{base}/t/{tid}/act", {"action": action})
            if not json.loads(content).get("ok"):
                sys.exit(f"error: {variant}: the legal action {action} was refused; nothing measured")
            out["move"].append(took)
            out["bots"].append(len(table.state.actions) - before - 1)
    finally:
        server.should_exit = True
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="tables per variant (default 7)")
    args = parser.parse_args()
    missed = []
    print(f"{'variant':24} {'anchor ms':>10} {'page ms':>9} {'ratio':>6} {'move ms':>9} {'ratio':>6} {'bot actions':>11}")
    for variant in VARIANTS:
        got = measure(variant, args.repeat)
        require(len(got["move"]), "moves measured", variant)
        anchor, page, move = (statistics.median(got[k]) for k in ("anchor", "page", "move"))
        print(f"{variant:24} {anchor * 1000:10.1f} {page * 1000:9.1f} {page / anchor:6.1f} {move * 1000:9.1f} "
              f"{move / anchor:6.1f} {statistics.median(got['bots']):11.0f}")
        missed += [f"{variant} {what} {value:.3f} s > {TARGETS[what]} s"
                   for what, value in (("page", page), ("move", move)) if value > TARGETS[what]]
    for line in missed:
        print(f"target missed: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
