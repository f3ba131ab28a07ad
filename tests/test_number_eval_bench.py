"""The number bench: its readers of Duckling's and Recognizers-Text's corpora, its scoring, its held-out rule."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from bench.number_eval import (
    HELD_OUT_SPECS,
    NumberPhrase,
    amount_outcome,
    duckling_phrases,
    main,
    outcome,
    recognizers_phrases,
    recognizers_tuning_phrases,
    score,
)

NUMERAL = '''module Duckling.Numeral.EN.Corpus
  ( corpus ) where

allExamples :: [Example]
allExamples = concat
  [ examples (NumeralValue 12)
             [ "twelve"
             , "a dozen"
             ]
  , examples (NumeralValue (-504))
             [ "-504"
             , "one two three four five six seven"
             ]
  , examples (NumeralValue 1.2e6)
             [ "1.2 million"
             ]
  ]
'''

MONEY = '''module Duckling.AmountOfMoney.EN.Corpus
  ( corpus
  , latentCorpus
  ) where

latentCorpus :: Corpus
latentCorpus = (testContext, testOptions {withLatent = True}, xs)
  where
    xs = concat
      [ examples (simple Unnamed 5)
                 [ "five"
                 ]
      ]

allExamples :: [Example]
allExamples = concat
  [ examples (simple Dollar 10)
             [ "$10"
             ]
  , examples (simple EUR 20)
             [ "20\\x20ac"
             ]
  , examples (between Dollar (10, 20))
             [ "10-20 dollars"
             ]
  ]
'''


ORDINAL = '''module Duckling.Ordinal.EN.Corpus
  ( corpus ) where

allExamples :: [Example]
allExamples = concat
  [ examples (OrdinalData 21)
             [ "twenty-first"
             , "21st"
             ]
  ]
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_duckling_numerals_and_amounts_are_read_as_data(tmp_path: Path) -> None:
    phrases, dropped = duckling_phrases([_write(tmp_path, "Numeral.hs", NUMERAL), _write(tmp_path, "Money.hs", MONEY)])
    assert [(p.text, p.value, p.currency) for p in phrases] == [
        ("twelve", 12, None), ("a dozen", 12, None), ("-504", -504, None), ("1.2 million", 1_200_000, None),
        ("$10", 10, "dollar"), ("20€", 20, "EUR"),
    ]
    # the latent corpus (other options) is not read; a range is not one amount; long texts are left out
    assert dropped == Counter({"a range or a bound, not one amount": 1, "more than six words": 1})


def test_recognizers_spans_keep_their_value_and_currency(tmp_path: Path) -> None:
    entries: list[dict[str, Any]] = [
        {"Input": "I have 3 cats", "Results": [{"Text": "3", "TypeName": "number",
                                                "Resolution": {"subtype": "integer", "value": "3"}}]},
        {"Input": "nothing here", "Results": []},
        {"Input": "it cost 5 euros", "Results": [{"Text": "5 euros", "TypeName": "currency",
                                                  "Resolution": {"value": "5", "unit": "Euro", "isoCurrency": "EUR"}}]},
        {"Input": "a few dollars", "Results": [{"Text": "dollars", "TypeName": "currency",
                                                "Resolution": {"value": None, "unit": "Dollar"}}]},
    ]
    path = tmp_path / "NumberModel.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    phrases, dropped = recognizers_phrases([path])
    assert [(p.text, p.value, p.money, p.currency) for p in phrases] == [("3", 3, False, None),
                                                                         ("5 euros", 5, True, "EUR")]
    assert dropped == Counter({"no number in the text": 1, "no single value": 1})


def test_outcomes_right_wrong_ambiguous_unresolved() -> None:
    assert outcome([], 3) == "unresolved"
    assert outcome([3.0], 3) == "right"
    assert outcome([3.0, 3.0], 3) == "right"
    assert outcome([4.0], 3) == "wrong"
    assert outcome([3.0, 1e6], 3e6) == "ambiguous"


def test_a_currency_is_right_when_it_is_the_one_expected_or_of_its_family() -> None:
    dollars = NumberPhrase("$10", 10, "t", money=True, currency="dollar")
    assert amount_outcome("right", dollars, {"dollar"}) == "right"
    assert amount_outcome("right", dollars, {"USD"}) == "right"  # a code of the family expected
    assert amount_outcome("right", dollars, set()) == "unresolved"
    assert amount_outcome("right", dollars, {"EUR"}) == "wrong"
    assert amount_outcome("wrong", dollars, {"dollar"}) == "wrong"
    us = NumberPhrase("10 dollars", 10, "t", money=True, currency="USD")
    assert amount_outcome("right", us, {"dollar"}) == "ambiguous"  # the family does not say which dollar
    assert amount_outcome("right", us, {"pound"}) == "wrong"


def test_phrases_are_scored_through_the_field_readings() -> None:
    scored = score([NumberPhrase("two hundred and fifty", 250, "t"), NumberPhrase("$300", 300, "t", True, "dollar")])
    assert [(s.value, s.amount) for s in scored] == [("right", "right"), ("right", "right")]


def test_failures_are_refused_for_a_held_out_corpus(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "NumberModel.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["recognizers", str(path), "--failures", "5"]) == 2
    assert "held-out" in capsys.readouterr().err
    assert main(["recognizers", str(path)]) == 0


def test_duckling_failures_are_listed(tmp_path: Path, capsys: Any) -> None:
    assert main(["duckling", str(_write(tmp_path, "Numeral.hs", NUMERAL)), "--failures", "5"]) == 0
    out = capsys.readouterr().out
    assert "duckling-numeral (number field): 4 phrases" in out


def test_duckling_ordinals_are_positions_read_by_an_integer_field(tmp_path: Path, capsys: Any) -> None:
    path = _write(tmp_path, "Ordinal.hs", ORDINAL)
    phrases, _ = duckling_phrases([path])
    assert [(p.text, p.value, p.position) for p in phrases] == [("twenty-first", 21, True), ("21st", 21, True)]
    assert [s.value for s in score(phrases)] == ["right", "right"]
    assert main(["duckling", str(path)]) == 0
    assert "duckling-ordinal (integer field): 2 phrases  right 100.0%" in capsys.readouterr().out


def _spec(root: Path, relative: str, entries: list[dict[str, Any]]) -> Path:
    path = root / "Specs" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def test_recognizers_tuning_specs_read_percentages_ordinals_and_units(tmp_path: Path) -> None:
    percent = _spec(tmp_path, "Number/English/PercentModel.json", [
        {"Input": "up 50% today", "Results": [{"Text": "50%", "TypeName": "percentage",
                                               "Resolution": {"value": "50%"}}]},
    ])
    ordinal = _spec(tmp_path, "Number/English/OrdinalModel.json", [
        {"Input": "the third one", "Results": [{"Text": "third", "TypeName": "ordinal",
                                                "Resolution": {"value": "3"}}]},
        {"Input": "the last one", "Results": [{"Text": "last", "TypeName": "ordinal.relative",
                                               "Resolution": {"value": "end+0"}}]},
    ])
    dimension = _spec(tmp_path, "NumberWithUnit/English/DimensionModel.json", [
        {"Input": "it weighs 5kg", "Results": [{"Text": "5kg", "TypeName": "dimension",
                                                "Resolution": {"value": "5", "unit": "Kilogram"}}]},
    ])
    phrases, dropped = recognizers_tuning_phrases([percent, ordinal, dimension])
    assert [(p.text, p.value, p.source, p.position) for p in phrases] == [
        ("50%", 50, "recognizers-percentage", False), ("third", 3, "recognizers-ordinal", True),
        ("5kg", 5, "recognizers-dimension", False),
    ]
    assert dropped == Counter({"a ordinal.relative": 1})


def test_recognizers_tuning_leaves_out_inputs_of_the_held_out_specs(tmp_path: Path, capsys: Any) -> None:
    held = {"Input": "the 3rd of them", "Results": [{"Text": "3rd", "TypeName": "number",
                                                     "Resolution": {"value": "3"}}]}
    _spec(tmp_path, "Number/English/NumberModel.json", [held])
    ordinal = _spec(tmp_path, "Number/English/OrdinalModel.json", [
        {"Input": "the 3rd of them", "Results": [{"Text": "3rd", "TypeName": "ordinal",
                                                  "Resolution": {"value": "3"}}]},
        {"Input": "the 4th", "Results": [{"Text": "4th", "TypeName": "ordinal", "Resolution": {"value": "4"}}]},
    ])
    phrases, dropped = recognizers_tuning_phrases([ordinal])
    assert [p.text for p in phrases] == ["4th"]
    assert dropped == Counter({"an input of a held-out spec": 1})
    assert main(["recognizers-tune", str(ordinal), "--failures", "5"]) == 0
    assert "3rd" not in capsys.readouterr().out


def test_a_held_out_spec_is_refused_as_tuning_data(tmp_path: Path, capsys: Any) -> None:
    for name in sorted(HELD_OUT_SPECS):
        path = _spec(tmp_path, f"Number/English/{name}", [])
        assert main(["recognizers-tune", str(path), "--failures", "5"]) == 2
        assert "held-out spec" in capsys.readouterr().err


TEMPERATURE = '''module Duckling.Temperature.EN.Corpus
  ( corpus ) where

allExamples :: [Example]
allExamples = concat
  [ examples (simple Celsius 37)
             [ "37 degrees Celsius"
--           , "thirty-seven C" -- not supported
             ]
  , examples (between Celsius (30, 40))
             [ "between 30 and 40 celsius"
             ]
  ]
'''


def test_duckling_measures_are_read_as_their_written_number(tmp_path: Path) -> None:
    phrases, dropped = duckling_phrases([_write(tmp_path, "Temperature.hs", TEMPERATURE)])
    # a commented-out example is no example; a range is left out
    assert [(p.text, p.value, p.source) for p in phrases] == [("37 degrees Celsius", 37, "duckling-temperature")]
    assert dropped == Counter({"a range or a bound, not one amount": 1})
