"""Ways to reach an implementation under test: in-process Python (:mod:`.base`) or a JSON-lines
subprocess (:mod:`.jsonlines`)."""
