"""A JSON-lines engine for the fuzzer's interrupt test: a wrong answer to its first question, then it hangs on every
other question (creating the file named by its first argument), as an engine stuck while the fuzzer shrinks."""

import json
import sys
import time

mark = sys.argv[1]
start = json.loads(sys.stdin.readline())
print(json.dumps({"type": "ready", "protocol": 2, "name": "wrong-then-hang", "version": "1",
                  "variants": ["huolong/*"], "operations": ["huolong/*"]}), flush=True)
asked = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "stop":
        break
    asked += 1
    if asked > 1:
        open(mark, "w").close()
        time.sleep(60)
    print(json.dumps({"type": "result", "id": message["id"], "answer": {"winner": 9, "points": -5}}), flush=True)
