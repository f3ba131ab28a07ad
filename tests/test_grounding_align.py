"""The alignment function on its own: exact, then normalized, then conservative fuzzy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intent.grounding import align, resolve_pointer

TEXT = "Please  Look up order 000123 today. Do not cancel the order."


@pytest.mark.parametrize(
    ("quote", "method", "found"),
    [
        ("Look up order 000123", "exact", "Look up order 000123"),
        ("Do not cancel the order.", "exact", "Do not cancel the order."),
        ("please look up", "normalized", "Please  Look up"),
        ("do not CANCEL the order", "normalized", "Do not cancel the order"),
        ("Do not cancle the order", "fuzzy", "Do not cancel the order."),
    ],
)
def test_alignment_passes(quote: str, method: str, found: str) -> None:
    span = align(quote, TEXT)
    assert span is not None and span.method == method
    assert TEXT[span.start:span.end] == found


@pytest.mark.parametrize("quote", ["Refund order 000123", "cancel it", "", "   ", "order 999999", "cancl ordr"])
def test_paraphrases_and_short_slips_are_not_aligned(quote: str) -> None:
    assert align(quote, TEXT) is None


@given(st.text(max_size=60), st.integers(0, 60), st.integers(1, 20))
def test_any_substring_aligns_to_itself(text: str, start: int, length: int) -> None:
    quote = text[start:start + length]
    if quote.strip():
        span = align(quote, text)
        assert span is not None
        assert text[span.start:span.end].strip().casefold() == " ".join(quote.split()).casefold() \
            or span.method == "exact"


def test_pointers() -> None:
    doc = {"a": [{"b/c": 1, "d~e": 2}]}
    assert resolve_pointer(doc, "/a/0/b~1c") == 1
    assert resolve_pointer(doc, "/a/0/d~0e") == 2
    assert resolve_pointer(doc, "") == doc
    for bad in ("/a/1", "/a/01", "a", "/x"):
        with pytest.raises(KeyError):
            resolve_pointer(doc, bad)


@pytest.mark.parametrize("quote", ["ordr 000123", "order 00123"])
def test_short_quotes_never_align_fuzzily(quote: str) -> None:
    # Near-identical (ratio above 0.9) yet under 12 characters: too short to tell a slip from another value.
    assert len(quote) < 12
    assert align(quote, TEXT) is None


def test_the_fuzzy_floor_is_twelve_characters() -> None:
    span = align("ordee 000123", TEXT)  # exactly 12: long enough
    assert span is not None and span.method == "fuzzy" and TEXT[span.start:span.end] == "order 000123"


def test_the_fuzzy_ratio_is_inclusive_at_nine_tenths() -> None:
    source = "Ship the blue widget to Lisbon."
    at_floor = align("ship the blxe widgxt", source)  # 18 of 20 characters agree: ratio exactly 0.9
    assert at_floor is not None and source[at_floor.start:at_floor.end] == "Ship the blue widget"
    assert align("ship thx blxe widgxt", source) is None  # 17 of 20: below


@pytest.mark.parametrize(
    ("quote", "found"),
    [
        ("Look up ordr000123", "Look up order 000123"),  # one word fewer than the window
        ("Look up or der 000123", "Look up order 000123"),  # one word more
    ],
)
def test_fuzzy_windows_allow_one_word_more_or_less(quote: str, found: str) -> None:
    span = align(quote, TEXT)
    assert span is not None and span.method == "fuzzy" and TEXT[span.start:span.end] == found
