"""A toy implementation speaking the JSON-lines protocol (version 1), for the implementer's guide.

It answers one operation, ``bottom_points``, and says ``skipped`` to ``card_order``; it reads the two rules
it needs (``points.card_points`` and ``bottom.multiplier``) from the resolved variant, as a real engine
would read them from spec/. Run it against the suite:

    datong-rules conform --impl-cmd "python docs/examples/jsonl_engine.py" --op bottom_points --op card_order
"""

import json
import sys

from datong_rules.reference_impl.variant import load_variant


def send(message):
    print(json.dumps(message, ensure_ascii=False), flush=True)


def bottom_points(variant_id, given):
    variant = load_variant(variant_id)
    values = variant.rule("points.card_points")            # {"5": 5, "10": 10, "K": 10}
    multiplier = variant.rule("bottom.multiplier")          # 1, 2, or {by_last_trick_size: {"1": 2, …}}
    if isinstance(multiplier, dict):
        multiplier = multiplier["by_last_trick_size"][str(given["last_trick_size"])]
    points = sum(values.get(card[1:], 0) for card in given["bottom"] if card not in ("BJ", "LJ"))
    return {"points": points, "awarded": points * multiplier if given["dug"] else 0}


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        send({"type": "ready", "name": "toy-engine", "version": "0.1", "variants": ["*"],
              "operations": ["bottom_points", "card_order"]})
    elif message["type"] == "query":
        if message["op"] == "bottom_points":
            send({"type": "result", "id": message["id"], "answer": bottom_points(message["variant"], message["given"])})
        else:
            send({"type": "skipped", "id": message["id"], "reason": f"{message['op']} is not implemented yet"})
    elif message["type"] == "stop":
        break
