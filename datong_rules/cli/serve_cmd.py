"""``datong-rules serve``: the reference engine (or any in-process implementation) behind the JSON-lines
protocol on stdin/stdout, so that it can be checked with ``conform --impl-cmd "datong-rules serve"`` or
driven from another language.

Exit status: 0 after ``stop`` or end of input; 1 when the implementation cannot be built or started;
2 for an empty ``--impl``.
"""

from __future__ import annotations

import click

from datong_rules.conformance.serve import REFERENCE_IMPL, serve


@click.command("serve", short_help="The reference engine behind the JSON-lines protocol.")
@click.option("--impl", metavar="MODULE:FACTORY", default=None,
              help=f"The in-process implementation to serve (default: the reference engine, {REFERENCE_IMPL}).")
def serve_command(impl: str | None) -> None:
    """Answer the conformance protocol's JSON lines on stdin/stdout (default: the reference engine).

    Requests are read one per line on stdin, replies written one per line on stdout; notices about
    malformed lines go to stderr. Send {"type":"start","protocol":1} first. The messages are described
    in the implementer's guide, docs/implementers/index.md.
    """
    raise SystemExit(serve(impl))
