"""The sentence splitter is linear: long runs of connectors cost no more than plain words.

Each text is at the default input limit (8,000 characters). Before the splitter read each connector
run once, ``"-" * 8000`` took about 30 s and ``", " * 4000`` about 10 s; now each takes a few tens
of milliseconds. The bound is generous for a loaded machine but far below the quadratic cost.
"""

from __future__ import annotations

import time

import pytest

from intent.executors.builtin.clauses import split_sentence
from intent.executors.builtin.tokens import sentences, tokenize

LIMIT = 8000
BOUND_SECONDS = 1.0

RUNS = {
    "dashes": "-",
    "comma runs": ", ",
    "and": "and ",
    "then": "then ",
    "after that": "after that ",
    "only": "only ",
    "open prohibition": "Do not, ",  # an opening interrupted again and again
    "lead words": "no no , ",
    "verb lists": "call Ben and ",
    "subordinate openings": "if you can ",
}


@pytest.mark.parametrize("unit", RUNS.values(), ids=RUNS.keys())
def test_split_of_a_repeated_pattern_at_the_input_limit_is_fast(unit: str) -> None:
    text = (unit * (LIMIT // len(unit) + 1))[:LIMIT]
    groups = sentences(text, tokenize(text))
    started = time.perf_counter()
    clauses = [clause for tokens, _ in groups for clause in split_sentence(tokens)]
    elapsed = time.perf_counter() - started
    assert clauses, "the text must give clauses"
    assert elapsed < BOUND_SECONDS, f"{unit!r} * n took {elapsed:.2f} s"


def test_split_links_each_clause_by_the_connectors_before_it() -> None:
    # A connector run read once still links each clause by its own words.
    text = "Download the report, - then, after that email it but keep a copy, and call Ben"
    (tokens, _), = sentences(text, tokenize(text))
    clauses = split_sentence(tokens)
    assert [clause[0].text for clause, _ in clauses] == ["Download", "email", "keep", "call"]
    assert [link for _, link in clauses] == [None, "then", "but", "and"]
