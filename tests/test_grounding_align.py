"""The alignment function on its own: exact, then normalized, then conservative fuzzy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intent.budget import WorkBudget, spending
from intent.grounding import align, resolve_pointer
from intent.grounding.align import Span

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


def test_pointer_indexes_are_plain_decimal_and_misses_name_the_pointer() -> None:
    doc = {"a": ["zero", "one", "two"], "s": "text"}
    assert resolve_pointer(doc, "/a/1") == "one" and resolve_pointer(doc, "/a/0") == "zero"
    for bad in ("/a/01", "/a/00", "/a/-", "/a/x", "/a/3", "/s/0", "/s/x", "/a/1/x"):
        with pytest.raises(KeyError) as caught:
            resolve_pointer(doc, bad)
        assert caught.value.args == (bad,)
    with pytest.raises(KeyError) as relative:
        resolve_pointer(doc, "a/1")
    assert relative.value.args == ("a/1",)


def test_fuzzy_windows_of_one_word_and_of_two() -> None:
    one = "Cancel the reservations please"
    span = align("reservationz", one)  # a one-word quote against one-word windows
    assert span is not None and one[span.start:span.end] == "reservations"
    two = "Please check ordernumber 000123 now"
    span = align("ordernumber000123", two)  # a one-word quote found only in a two-word window
    assert span is not None and two[span.start:span.end] == "ordernumber 000123"


def test_a_shuffled_quote_is_not_a_slip() -> None:
    # Every character is there (the cheap upper bounds pass), but not in order: the real ratio refuses it.
    assert align("pu kool redro 321000", TEXT) is None


def test_the_best_window_wins_and_the_first_of_equals() -> None:
    source = "Print the shipping label 4417 and then the shipping labe 4471 please"
    span = align("shipping label 4471", source)
    assert span is not None and source[span.start:span.end] == "shipping labe 4471"
    twice = "Check order 000123 or order 000123 please"
    span = align("ordee 000123", twice)
    assert span is not None and (span.start, span.end) == (6, 18)


def test_the_length_bound_is_inclusive_too() -> None:
    # 18 of the window's 22 characters: length ratio, character ratio and real ratio all exactly 0.9.
    source = "Please sendd thee bigg parcel today"
    span = align("send the big parcl", source)
    assert span is not None and source[span.start:span.end] == "sendd thee bigg parcel"


def test_a_long_quote_of_common_letters_keeps_every_character_in_play() -> None:
    # Past 200 characters difflib's "autojunk" would ignore frequent characters, and a quote made only
    # of them would match nothing; the matcher must weigh every character.
    source = "na " * 80
    quote = "na " * 34 + "nu " + "na " * 34
    span = align(quote, source)
    assert len(quote.strip()) > 200 and span is not None and span.method == "fuzzy"


@pytest.mark.parametrize(
    ("quote", "found"),
    [
        ("order 000123.", "order 000123"),  # a sentence end the model added
        ("Do not cancel the order !", "Do not cancel the order"),  # and a space before it
        ("0.", "0"),  # two characters: still stripped
        (".", "."),  # one character: kept as it is
        ("Please", "Please"),  # at the very start
    ],
)
def test_trailing_punctuation_is_a_slip_and_the_start_is_a_place(quote: str, found: str) -> None:
    span = align(quote, TEXT)
    assert span is not None and span.method == "exact" and TEXT[span.start:span.end] == found


def test_the_first_occurrence_is_the_one_cited() -> None:
    source = "order 000123 and ORDER 000123 and order 000123"
    exact = align("order 000123", source)
    assert exact is not None and (exact.start, exact.method) == (0, "exact")
    folded = align("Order  000123", source)
    assert folded is not None and (folded.start, folded.method) == (0, "normalized")


def test_a_source_of_one_word_and_a_window_as_long_as_the_source() -> None:
    assert align("reservationz", "reservations") == Span(0, 12, "fuzzy")
    assert align("Cancel teh reservation", "Cancel the reservation") == Span(0, 22, "fuzzy")


def test_of_equal_ratios_the_first_wins_though_a_later_one_shares_more_letters() -> None:
    # "4479" has a letter the quote lacks, "4417" only swaps two: the same ratio, but the later
    # window's cheap bound is higher, so it is compared first; the first in the text still wins.
    source = "Print the shipping label 4479 and then the shipping label 4417 please"
    span = align("shipping label 4471", source)
    assert span is not None and source[span.start:span.end] == "shipping label 4479"


def test_a_better_window_later_in_the_text_beats_a_worse_one_before_it() -> None:
    quote = "please deliver the parcel tomorrow"
    worse, better = "please delivre the parcel tomorroz", "please deliver the parcle tomorrow"
    source = f"First {worse} and then {better} ok"
    span = align(quote, source)
    assert span is not None and source[span.start:span.end] == better


def _units_spent(quote: str, source: str) -> tuple[int, Span | None]:
    budget = WorkBudget(units=10**12)
    with spending(budget):
        span = align(quote, source)
    return 10**12 - budget.units, span


def test_the_fuzzy_pass_pays_in_proportion_to_the_text_it_slides_over() -> None:
    quote = "the parcel went to the old adress on monday"
    unit = "the parcel went to the old address on monday "
    spent = [_units_spent(quote, unit * repeats)[0] for repeats in (20, 40, 80)]
    assert 0 < spent[1] - spent[0]
    assert spent[2] - spent[1] == pytest.approx(2 * (spent[1] - spent[0]), rel=0.01)  # linear, not worse
    # The same words written twice over: as many windows, twice the characters slid over.
    twice_quote, twice_unit = (" ".join(w + w for w in text.split()) for text in (quote, unit))
    doubled = [_units_spent(twice_quote, (twice_unit + " ") * repeats)[0] for repeats in (20, 40)]
    assert doubled[1] - doubled[0] > 1.2 * (spent[1] - spent[0])


def test_a_comparison_is_paid_per_character_pair() -> None:
    source = " ".join(f"word{i}" for i in range(60))
    quote = source.replace("word3 ", "wrd3 ")
    spent, span = _units_spent(quote, source)
    assert span == Span(0, len(source), "fuzzy") and spent >= len(quote) ** 2


def test_a_window_text_met_again_is_not_compared_again() -> None:
    quote = "the parcel went to the old adress on monday"
    repeated = " ".join("the parcel went to the old address on monday" for _ in range(30))
    distinct = " ".join(f"the parcel went to the old address on monday{chr(97 + i)}" for i in range(26))
    assert 4 * _units_spent(quote, repeated)[0] < _units_spent(quote, distinct)[0]
