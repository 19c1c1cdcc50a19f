"""The reference engine over JSON lines, sending a second, contradicting reply after every result (``--delay S``:
from a thread, S seconds later; default at once): an engine that must never pass, in ``conform`` or ``fuzz``."""

import json
import sys
import threading

from datong_rules.conformance.adapters.reference import ReferenceImplementation
from datong_rules.conformance.serve import Server

delay = float(sys.argv[sys.argv.index("--delay") + 1]) if "--delay" in sys.argv else 0.0
server = Server(ReferenceImplementation())
lock = threading.Lock()


def write(text):
    with lock:
        sys.stdout.write(text)
        sys.stdout.flush()


for line in sys.stdin:
    reply, _, stop = server.handle(json.loads(line))
    if stop:
        break
    if reply is None:
        continue
    first = json.dumps(reply) + "\n"
    if reply.get("type") != "result":
        write(first)
        continue
    second = json.dumps({**reply, "answer": {key: None for key in reply["answer"]}}) + "\n"
    if delay:
        write(first)
        threading.Timer(delay, write, [second]).start()
    else:
        write(first + second)
