"""Differential testing (``datong-rules fuzz``): an implementation and the reference engine asked the same generated
questions, every disagreement shrunk to a minimal question and written as a scenario.

* :mod:`.driver`: one operation of one variant (Hypothesis drives the questions and shrinks a disagreement);
* :mod:`.minimize`: a shrunk question taken further (whole ranks dropped, cards moved low), so that the shrinks
  of one fault meet at one question;
* :mod:`.session`: a whole run (variants × operations within one time budget);
* :mod:`.scenario_text`: found cases as a scenario file, marked as the reference engine's answers.

The questions come from each game's ``strategies`` module, reached through the reference engine's side
(:mod:`datong_rules.conformance.adapters.reference.inputs`).
"""
