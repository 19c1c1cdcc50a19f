"""Mutation check: proof that the conformance suite catches typical faults.

Each *mutant* (a game's ``faults`` module, :mod:`datong_rules.reference_impl.faults`) plants one fault in the reference engine, in memory only: a
function or method of the engine replaced by a faulty one, or a variant's rule value changed in
the typed rules the engine reads. :mod:`.runner` runs the bundled suite in-process once per mutant,
restores the engine after each, and says which scenarios caught (*killed*) it. Run it with
``python -m datong_rules.conformance.mutation``; it exits 1 when a mutant survives.
"""
