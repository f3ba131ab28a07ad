"""``tense_at``: the clause around a phrase says whether it looks back, ahead, or neither."""

from __future__ import annotations

import pytest

from intent.normalize.temporal import tense_at


def _tense(sentence: str, phrase: str = "Monday") -> str:
    start = sentence.index(phrase)
    return tense_at(sentence, start, start + len(phrase))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("I met her on Monday", "past"), ("What did I spend Monday", "past"), ("It was Monday", "past"),
     ("We went there 3 days ago, on Monday", "past"), ("Book a table for Monday", "future"),
     ("I will see her Monday", "future"), ("Let's meet Monday", "future"), ("Can you call me Monday", "future"),
     ("The deadline is Monday", "neutral"), ("Monday", "neutral"),
     # arranging in the past names something to come: no cue
     ("I booked a table for Monday", "neutral"), ("The review was moved to Monday", "neutral"),
     # cues of both kinds: none
     ("I met her and will see her again Monday", "neutral"),
     # only the phrase's clause counts
     ("I met her yesterday. Book a table for Monday", "future"), ("Schedule the call: it was Monday", "past"),
     ("It was fun, but let's do it again Monday", "future"),
     # a polite "was wondering" and a passive after "be" look neither way
     ("I was wondering what time the bank opens Monday", "neutral"),
     ("The report must be finished by Monday", "neutral")],
)  # fmt: skip
def test_the_clause_of_the_phrase_gives_its_tense(sentence: str, expected: str) -> None:
    assert _tense(sentence) == expected


def test_a_quote_may_hold_its_own_cue() -> None:
    sentence = "Note: met her on Monday"
    start = sentence.index("met")
    assert tense_at(sentence, start, len(sentence)) == "past"
