"""Sentences -> clauses, and what each clause is: a request, a constraint, a fragment or small talk.

The public face of three modules: ``clause_words`` (the ``Clause`` and the word tests both use),
``clause_split`` (``split_sentence``) and ``clause_kind`` (``classify``).
"""

from __future__ import annotations

from intent.executors.builtin.clause_kind import classify
from intent.executors.builtin.clause_split import split_sentence
from intent.executors.builtin.clause_words import Clause, constraint_at, is_verb_start

__all__ = ["Clause", "classify", "constraint_at", "is_verb_start", "split_sentence"]
