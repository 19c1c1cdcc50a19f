"""A fake implementation speaking the JSON-lines protocol, misbehaving on demand (for the runner's tests).

Ops: ``echo`` answers ``{"value": given["value"]}``; ``add`` answers ``{"sum": a + b}``.
Each ``--X-on ID`` flag makes the query of scenario ID misbehave in manner X.
"""

import argparse
import json
import subprocess
import sys
import threading
import time

parser = argparse.ArgumentParser()
for flag in ("wrong", "crash", "hang", "garbage", "bad-id", "error", "skip", "not-object", "slow", "exit"):
    parser.add_argument(f"--{flag}-on", action="append", default=[], metavar="ID")
parser.add_argument("--ops", default="echo,add", help="bare names are of the game demo under protocol 2")
parser.add_argument("--protocol", type=int, default=2)
parser.add_argument("--huge-on", action="append", default=[], metavar="ID", help="reply a 400 MB line")
parser.add_argument("--variants", default="*")
parser.add_argument("--stderr-spam", type=int, default=0, help="stderr lines written per query")
parser.add_argument("--crash-always", action="store_true")
parser.add_argument("--refuse-handshake", action="store_true", help="reply garbage to start")
parser.add_argument("--silent-handshake", action="store_true", help="never reply to start")
parser.add_argument("--die-at-start", action="store_true")
parser.add_argument("--ready-extra", default="{}", help="JSON merged into the ready message")
parser.add_argument("--leave-child", metavar="PIDFILE",
                    help="start `sleep 30` holding stdout and stderr, append its pid to PIDFILE, never stop it")
parser.add_argument("--hang-mark", metavar="FILE", help="create FILE when hanging (--hang-on, --silent-handshake)")
parser.add_argument("--deaf", action="store_true", help="after ready, read nothing more")
parser.add_argument("--raw-on", action="append", default=[], metavar="ID=TEXT",
                    help="reply TEXT (a raw line, {id} replaced by the id) to the query of ID")
parser.add_argument("--twice-on", action="append", default=[], metavar="ID:WHEN",
                    help="after replying to ID, send a second, contradicting reply: WHEN is 'now' (with the first), "
                         "'before-next' (when the next query comes, before its reply), 'after-next' (after the next "
                         "reply), 'at-stop' (when stop comes), or a delay in seconds (from a thread)")
args = parser.parse_args()
raw = dict(item.split("=", 1) for item in args.raw_on)
twice = dict(item.split(":", 1) for item in args.twice_on)
due: dict[str, list[str]] = {}  # event → second replies waiting for it
lock = threading.Lock()

if args.leave_child:
    worker = subprocess.Popen(["sleep", "30"])  # inherits stdout and stderr: keeps the pipes open
    with open(args.leave_child, "a", encoding="utf-8") as pids:
        pids.write(f"{worker.pid}\n")


def hang():
    if args.hang_mark:
        open(args.hang_mark, "w").close()
    time.sleep(60)


def send(message):
    write(json.dumps(message, ensure_ascii=False) + "\n")


def write(text):
    with lock:
        sys.stdout.write(text)
        sys.stdout.flush()


def second_reply(qid):
    """A reply contradicting the first one (another answer) to the query of ``qid``."""
    return json.dumps({"type": "result", "id": qid, "answer": {"value": "SECOND", "sum": -999}}) + "\n"


def answer(op, given):
    op = op.rpartition("/")[2]
    if op == "echo":
        return {"value": given["value"]}
    if op == "add":
        return {"sum": given["a"] + given["b"]}
    raise KeyError(op)


start = json.loads(sys.stdin.readline())
assert start["type"] == "start" and start["protocol"] == 1, start
if args.die_at_start:
    print("fatal: cannot load my tables", file=sys.stderr)
    sys.exit(4)
if args.silent_handshake:
    hang()
if args.refuse_handshake:
    print("hello, I am not a protocol speaker")
    sys.stdout.flush()
    time.sleep(60)
ops = args.ops.split(",")
if args.protocol >= 2:
    ops = [op if "/" in op or op == "*" else f"demo/{op}" for op in ops]
ready = {"type": "ready", "protocol": args.protocol, "name": "fake-jsonl", "version": "0.0.1",
         "variants": args.variants.split(","), "operations": ops}
ready.update(json.loads(args.ready_extra))
send(ready)
if args.deaf:
    time.sleep(60)

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "stop":
        for text in due.pop("at-stop", []):
            write(text)
        break
    qid = msg["id"]
    for text in due.pop("before-next", []):
        write(text)
        time.sleep(0.1)  # the runner is already waiting for this query's reply
    pending_after = due.pop("after-next", [])
    if qid in twice:
        when = twice[qid]
        if when not in ("now", "before-next", "after-next", "at-stop"):
            threading.Timer(float(when), write, [second_reply(qid)]).start()
        elif when != "now":
            due.setdefault(when, []).append(second_reply(qid))
    if pending_after:
        due["send-after-reply"] = pending_after
    if qid in raw:
        write(raw[qid].replace("{id}", qid) + "\n")
        continue
    for i in range(args.stderr_spam):
        print(f"debug {qid} line {i} " + "x" * 100, file=sys.stderr)
    sys.stderr.flush()
    if args.crash_always or qid in args.crash_on:
        print(f"panic: crashed on {qid}", file=sys.stderr)
        sys.stderr.flush()
        sys.exit(3)
    if qid in args.hang_on:
        hang()
    if qid in args.exit_on:
        sys.exit(0)  # no reply; a --leave-child worker keeps stdout open
    if qid in args.slow_on:
        time.sleep(0.2)
    if qid in args.garbage_on:
        print("Traceback (most recent call last): oops \x1b[31m not json")
        sys.stdout.flush()
        continue
    if qid in args.not_object_on:
        send([1, 2, 3])
        continue
    if qid in args.huge_on:
        chunk = "x" * (1 << 20)
        sys.stdout.write('{"type": "result", "id": "' + qid + '", "answer": {"value": "')
        try:
            for _ in range(400):
                sys.stdout.write(chunk)
            sys.stdout.write('"}}\n')
            sys.stdout.flush()
        except BrokenPipeError:
            sys.exit(0)
        continue
    if qid in args.bad_id_on:
        send({"type": "result", "id": "some.other-id", "answer": answer(msg["op"], msg["given"])})
        continue
    if qid in args.error_on:
        send({"type": "errored", "id": qid, "message": "internal\nerror"})
        continue
    if qid in args.skip_on:
        send({"type": "skipped", "id": qid, "reason": "not modelled"})
        continue
    result = answer(msg["op"], msg["given"])
    if qid in args.wrong_on:
        result = {key: "WRONG" for key in result}
    reply = json.dumps({"type": "result", "id": qid, "answer": result}, ensure_ascii=False) + "\n"
    write(reply + (second_reply(qid) if twice.get(qid) == "now" else ""))  # 'now': one write, both lines
    for text in due.pop("send-after-reply", []):
        write(text)
