"""Code shared by the climbing games 憋蛋 Biedan and 打墩 Dadun, one responsibility a module: ``cardset`` (the pack
and card lists checked against it), ``catalogue`` (the combination model: catalogue entries and what an engine
plays), ``reading`` (what a play is: the one :class:`~.reading.Reading` type), ``beating`` (the beat relation by tier), ``variant_rules`` (reading the rules from a variant; ``rules_for``
/ ``rules_with``), ``seats`` (next seat, who answers, the wind, the hand's end), ``round_replay`` (the ``round``
operation), ``bots`` (the bot base and the random bot)."""
