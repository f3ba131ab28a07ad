"""The factored word alternations of the time grammar accept exactly what listing every word did."""

from __future__ import annotations

import itertools
import re

import pytest

from intent.normalize.temporal import lexicon
from intent.normalize.temporal.lexicon import alternation


def _listed(words: object) -> str:
    """Every word as its own branch, longest first: the reference the factored form must equal."""
    items = sorted((str(w) for w in words), key=len, reverse=True)  # type: ignore[attr-defined]
    return "|".join(w.replace(" ", r"\s+").replace("-", r"[-\s]") for w in items)


_WORD_SETS = {
    "ordinal": list(lexicon.ORDINAL_WORDS),
    "minute": list(lexicon.MINUTE_WORDS),
    "cardinal": list(lexicon.CARDINAL_WORDS),
    "cardinal_day": [w for w, v in lexicon.CARDINAL_WORDS.items() if v <= 31],
    "count": [w for w, v in lexicon.COUNT_WORDS.items() if v is not None],
    # a pair whose first word also starts a longer phrase must not be factored ahead of it
    "mixed": ["a couple of", "a couple", "a few", "twenty-one", "twenty one", "twenty", "oh five", "o five"],
    "hyphen_only": ["forty-two", "forty-three", "forty"],
}


def _texts(words: list[str]) -> list[str]:
    spellings = set()
    for word in words:
        for form in (word, word.replace(" ", "  "), word.replace("-", " "), word.replace(" ", "-"),
                     word.replace(" ", "\t"), word.replace("-", "--"), word.replace(" ", "").replace("-", "")):
            for suffix in ("", " ", "-", "th", "x", " of", " one", "-one", "ish"):
                spellings.update({form + suffix, form.upper() + suffix})
    heads, tails = ("twenty", "thirty", "o", "oh", "a"), ("one", "first", "couple", "five", "ten")
    for head, tail in itertools.product(heads, tails):
        spellings.update({f"{head} {tail}", f"{head}-{tail}"})
    return sorted(spellings)


@pytest.mark.parametrize("name", sorted(_WORD_SETS))
def test_factored_alternation_matches_what_the_listing_matched(name: str) -> None:
    words = _WORD_SETS[name]
    texts = _texts(words)
    for frame in ("(?:{})", r"\b(?:{})\b", r"(?:{})(?![\w-])", r"(?:{})$"):
        listed = re.compile(frame.format(_listed(words)), re.IGNORECASE)
        factored = re.compile(frame.format(alternation(words)), re.IGNORECASE)
        for text in texts:
            want, got = listed.match(text), factored.match(text)
            assert (got and got.span()) == (want and want.span()), (name, frame, text)


def test_spelled_numbers_compile_to_one_branch_per_tens_group() -> None:
    # "twenty-three" and "twenty three" for every tens word and unit: one branch, not 144
    pattern = alternation(lexicon.CARDINAL_WORDS)
    assert len(pattern) < len(_listed(lexicon.CARDINAL_WORDS)) // 4
    assert re.fullmatch(pattern, "ninety  -nine") is None
    for text, value in (("seventy-two", 72), ("seventy   two", 72), ("thirty\tone", 31), ("nineteen", 19)):
        match = re.fullmatch(rf"(?:{pattern})", text)
        assert match is not None
        assert lexicon.CARDINAL_WORDS[" ".join(text.replace("-", " ").split())] == value
