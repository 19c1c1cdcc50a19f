"""``datong-rules serve``: the reference engine (or any in-process implementation) behind the JSON-lines
protocol on stdin/stdout, so that it can be checked with ``conform --impl-cmd "datong-rules serve"`` or
driven from another language.

Exit status: 0 after ``stop`` or end of input; 1 when the implementation cannot be built or started;
2 for an empty ``--impl`` or a ``--variant-file`` that cannot be read or loaded (the loader's ``FILE:LINE:COL: …``).
Queries are read as strictly as ``conform`` reads an engine's replies (see :mod:`datong_rules.conformance.serve`).
"""

from __future__ import annotations

import click

from datong_rules.conformance.serve import REFERENCE_IMPL, serve

from .messages import tr
from .problem_words import say


@click.command("serve", short_help="The reference engine behind the JSON-lines protocol.")
@click.option("--impl", metavar="MODULE:FACTORY", default=None,
              help=f"The in-process implementation to serve (default: the reference engine, {REFERENCE_IMPL}).")
@click.option("--variant-file", "variant_files", multiple=True, metavar="FILE",
              help="Also serve this variant file (a house or fixture variant extending a bundled one; repeatable).")
def serve_command(impl: str | None, variant_files: tuple[str, ...]) -> None:
    """Answer the conformance protocol's JSON lines on stdin/stdout (default: the reference engine).

    Requests are read one per line on stdin, replies written one per line on stdout; a line that cannot be
    read (not UTF-8, not JSON, not an object) is answered {"type":"errored","id":null,"message":"line N: …"}
    with a notice on stderr, and serving goes on. Send {"type":"start","protocol":1} first (add "protocols":[1,2,3]
    for protocol 3: full operation names, a variant's resolved rules in a query's variant_rules, and the answer keys
    added after protocol 2; the highest version offered is spoken). The messages are described in the implementer's
    guide, docs/implementers/index.md.
    """
    raise SystemExit(serve(impl, variant_files=variant_files, words=tr, said=say))
