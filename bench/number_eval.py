"""Score the number and amount reader on another parser's public test corpus of numbers and money.

    python -m bench.number_eval duckling PATH/Duckling/Numeral/EN/Corpus.hs PATH/Duckling/AmountOfMoney/EN/Corpus.hs \\
        [PATH/Duckling/Ordinal/EN/Corpus.hs PATH/Duckling/Temperature/EN/Corpus.hs PATH/Duckling/Distance/EN/Corpus.hs]
    python -m bench.number_eval duckling ... --failures 40 [--kind wrong]
    python -m bench.number_eval recognizers PATH/Specs/Number/English/NumberModel.json \\
        PATH/Specs/NumberWithUnit/English/CurrencyModel.json
    python -m bench.number_eval recognizers-tune PATH/Specs/Number/English/{PercentModel,OrdinalModel}.json \\
        PATH/Specs/NumberWithUnit/English/{Age,Dimension,Temperature}Model.json --failures 40

The data is not part of this repository; get it from the projects' public repositories: Duckling's
English numeral, money and ordinal corpora (``Duckling/Numeral/EN/Corpus.hs``,
``Duckling/AmountOfMoney/EN/Corpus.hs`` and ``Duckling/Ordinal/EN/Corpus.hs`` in facebook/duckling,
BSD-3-Clause licence, read at commit 2c226585; ``examples (NumeralValue v) [...]``, ``examples
(simple Currency v) [...]`` and ``examples (OrdinalData n) [...]`` of its ``allExamples``, read as
text, never run; an ordinal is read by an ``{"type": "integer"}`` field, as a position; its
Temperature and Distance corpora's ``examples (simple Unit v) [...]`` as the number written, its
unit aside, so a composite length such as "7 feet 10 inches", which Duckling sums in one unit, is
expected as that sum) and
Microsoft Recognizers-Text's English number and currency specs
(``Specs/Number/English/NumberModel.json`` and
``Specs/NumberWithUnit/English/CurrencyModel.json`` in microsoft/Recognizers-Text, MIT licence,
read at commit 90e968ea; each result's text and resolved value, and for money its unit and ISO code).

A *simple phrase* is a text (Duckling's example, or the text of a span Recognizers-Text found) of at
most six words whose expected value is one number, or one amount of money (a value and a currency).
Each is read as the quote of a ``{"type": "number"}`` field, through ``derive_values``, the readings
the verifier judges a model's value by: ``right`` (one reading, the expected value), ``wrong`` (one
reading, another value), ``ambiguous`` (several readings), ``unresolved`` (none); precision is
right / (right + wrong). An amount field in this project is a number field (the currency is not
part of its value), so money is scored twice: its value as above, and its value and currency
together, the currency being the one the reader attaches to the number (``currency_of``): a code
of the family expected counts ("$10" read as dollars, "£10" as GBP for Duckling's "Pound"), a
currency not read is ``unresolved``, another one ``wrong``. Ranges ("between 10 and 20 dollars"),
bounds ("under seven euros"), longer phrases and values that are not one number are left out and
counted.

Recognizers-Text's number and currency specs are a held-out corpus (``HELD_OUT_CORPORA``): only
their aggregate figures are shown, never a phrase's outcome, so no rule is written from them. Its
other English specs are tuning data (``recognizers-tune``): percentages (read by a number field,
"50%" as 50), ordinals (positions, by an integer field; a relative one such as "last" has no number
and is left out), ages, dimensions and temperatures (the number of the amount, its unit aside). A
held-out spec is refused there (``HELD_OUT_SPECS``, with the specs that repeat its inputs), and an
input that a held-out spec of the same ``Specs`` tree also holds is left out, so no held-out
phrase is ever listed.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.outcome_report import report

__all__ = [
    "HELD_OUT_CORPORA", "HELD_OUT_SPECS", "NumberPhrase", "duckling_phrases", "main", "outcome", "readings",
    "recognizers_phrases", "recognizers_tuning_phrases", "report", "score",
]  # fmt: skip

_MAX_WORDS = 6
# The corpora no rule is written from: their misses are never listed, so no one tunes on them.
HELD_OUT_CORPORA = frozenset({"recognizers"})
# Recognizers-Text's held-out specs, and the two whose inputs are nearly all theirs.
HELD_OUT_SPECS = frozenset({"NumberModel.json", "CurrencyModel.json", "NumberModelExperimentalMode.json",
                            "NumberModelPercentMode.json"})
_HELD_OUT_PATHS = ("Number/{lang}/NumberModel.json", "NumberWithUnit/{lang}/CurrencyModel.json")
# Recognizers-Text's result types read in its tuning specs, each with the source it is scored under.
_TUNING_KINDS = {"percentage": "recognizers-percentage", "ordinal": "recognizers-ordinal", "age": "recognizers-age",
                 "dimension": "recognizers-dimension", "temperature": "recognizers-temperature"}
_NUMBER = {"type": "number"}
_INTEGER = {"type": "integer"}


@dataclass(frozen=True, slots=True)
class NumberPhrase:
    text: str
    value: float
    source: str
    money: bool = False
    currency: str | None = None  # the currency expected (ISO code or family), None when it names none
    position: bool = False  # an ordinal: read by an integer field ("the 3rd" in a position field)


def _simple(text: str) -> bool:
    return 0 < len(text.split()) <= _MAX_WORDS


_HASKELL_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_HASKELL_NUMBER = r"\(?\s*(-?\s*[\d.]+(?:e-?\d+)?)\s*\)?"
_NUMERAL_EXAMPLE = re.compile(rf"examples\s+\((?:NumeralValue|OrdinalData)\s+{_HASKELL_NUMBER}\)\s*\[(.*?)\]",
                              re.DOTALL)
_MONEY_EXAMPLE = re.compile(r"examples\s+\((simple|between|under|above)\s+(\w+)\s+(.*?)\)\s*\[(.*?)\]", re.DOTALL)
_MONEY_VALUE = re.compile(rf"^{_HASKELL_NUMBER}$")
# Duckling's currency constructors: an ISO code, or a family its symbol or word leaves open.
_DUCKLING_CURRENCIES = {
    "Dollar": "dollar", "Pound": "pound", "Cent": "cent", "Dinar": "dinar", "Riyal": "riyal", "Rial": "rial",
    "Unnamed": None,
}  # fmt: skip


def _haskell_text(raw: str) -> str:
    # "\x20ac" is a character by its code; "\&" ends an escape without standing for anything
    text = re.sub(r"\\x([0-9a-fA-F]+)", lambda m: chr(int(m.group(1), 16)), raw).replace("\\&", "")
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _all_examples(source: str) -> str:
    """The ``allExamples`` section (Duckling's latent and negative corpora use other options), without
    its comments (a commented-out example is no example)."""
    start = source.find("allExamples ::")
    section = source[start:] if start >= 0 else source
    return re.sub(r"--[^\n]*", "", section)


# Duckling's measures read as numbers: the value as written, its unit aside ("37°C" is 37).
_MEASURES = {"Duckling.Temperature": "duckling-temperature", "Duckling.Distance": "duckling-distance"}


def duckling_phrases(paths: Sequence[Path]) -> tuple[list[NumberPhrase], Counter[str]]:
    """Simple phrases of Duckling's English Numeral, Ordinal, AmountOfMoney, Temperature and Distance corpora
    (told apart by their module line)."""
    phrases: list[NumberPhrase] = []
    dropped: Counter[str] = Counter()
    for path in paths:
        source = path.read_text(encoding="utf-8")
        section = _all_examples(source)
        module = source.split("where", 1)[0]
        measure = next((name for key, name in _MEASURES.items() if key in module), None)
        if measure is not None or "AmountOfMoney" in module:
            # a measure and an amount are written alike: the value, a unit or currency, the texts
            for match in _MONEY_EXAMPLE.finditer(section):
                texts = [_haskell_text(t) for t in _HASKELL_STRING.findall(match.group(4))]
                value = _MONEY_VALUE.match(match.group(3).strip())
                if match.group(1) != "simple" or value is None:
                    dropped["a range or a bound, not one amount"] += len(texts)
                    continue
                code = match.group(2)
                currency = None if measure else (_DUCKLING_CURRENCIES[code] if code in _DUCKLING_CURRENCIES
                                                 else code.upper())
                for text in texts:
                    if not _simple(text):
                        dropped["more than six words"] += 1
                        continue
                    number = float(value.group(1).replace(" ", ""))
                    phrases.append(NumberPhrase(text, number, measure, money=False) if measure else
                                   NumberPhrase(text, number, "duckling-money", money=True, currency=currency))
        else:
            ordinal = "Duckling.Ordinal" in source.split("where", 1)[0]
            for match in _NUMERAL_EXAMPLE.finditer(section):
                number = float(match.group(1).replace(" ", ""))
                for raw in _HASKELL_STRING.findall(match.group(2)):
                    text = _haskell_text(raw)
                    if not _simple(text):
                        dropped["more than six words"] += 1
                        continue
                    phrases.append(NumberPhrase(text, number, "duckling-ordinal" if ordinal else "duckling-numeral",
                                                position=ordinal))
    return phrases, dropped


# Recognizers-Text's currency unit names, by the currency they name where no ISO code is given.
_RECOGNIZERS_UNITS = {
    "dollar": "dollar", "pound": "pound", "euro": "EUR", "cent": "cent", "pence": "pence", "penny": "pence",
    "united states dollar": "USD", "british pound": "GBP", "japanese yen": "JPY", "chinese yuan": "CNY",
    "indian rupee": "INR", "canadian dollar": "CAD", "australian dollar": "AUD", "swiss franc": "CHF",
}  # fmt: skip


def _recognizers_entries(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8-sig"))
    return [e for e in data if isinstance(e, dict)]


def _finite(value: Any) -> float | None:
    try:
        number = float(str(value).replace(",", ""))
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def recognizers_phrases(paths: Sequence[Path]) -> tuple[list[NumberPhrase], Counter[str]]:
    """The spans Recognizers-Text's number and currency specs find, each with its resolved value."""
    phrases: list[NumberPhrase] = []
    dropped: Counter[str] = Counter()
    for path in paths:
        for entry in _recognizers_entries(path):
            results = entry.get("Results") or []
            if not results:
                dropped["no number in the text"] += 1
            for result in results:
                text = str(result.get("Text", "")).strip()
                kind = result.get("TypeName")
                resolution = result.get("Resolution") or {}
                value = _finite(resolution.get("value"))
                if kind not in ("number", "currency"):
                    dropped[f"a {kind}"] += 1
                elif value is None:
                    dropped["no single value"] += 1
                elif not _simple(text):
                    dropped["more than six words"] += 1
                elif kind == "number":
                    phrases.append(NumberPhrase(text, value, "recognizers-number"))
                else:
                    iso = resolution.get("isoCurrency")
                    unit = str(resolution.get("unit", "")).lower()
                    currency = iso.upper() if isinstance(iso, str) and iso else _RECOGNIZERS_UNITS.get(unit, unit)
                    phrases.append(NumberPhrase(text, value, "recognizers-currency", money=True, currency=currency))
    return phrases, dropped


def _held_out_inputs(path: Path) -> set[str]:
    """The inputs of the held-out specs in the ``Specs`` tree ``path`` is in (never shown: only left out)."""
    specs = next((p for p in path.resolve().parents if p.name == "Specs"), None)
    if specs is None:
        return set()
    inputs: set[str] = set()
    for held in _HELD_OUT_PATHS:
        held_path = specs / held.format(lang=path.parent.name)
        if held_path.is_file():
            inputs.update(str(e.get("Input", "")) for e in _recognizers_entries(held_path))
    return inputs


def recognizers_tuning_phrases(paths: Sequence[Path]) -> tuple[list[NumberPhrase], Counter[str]]:
    """The numbers of Recognizers-Text's tuning specs: percentages, ordinals (positions), ages,
    dimensions and temperatures, each with its resolved value; inputs a held-out spec holds are left out."""
    phrases: list[NumberPhrase] = []
    dropped: Counter[str] = Counter()
    for path in paths:
        held = _held_out_inputs(path)
        for entry in _recognizers_entries(path):
            results = entry.get("Results") or []
            if str(entry.get("Input", "")) in held:
                dropped["an input of a held-out spec"] += len(results) or 1
                continue
            if not results:
                dropped["no number in the text"] += 1
            for result in results:
                text = str(result.get("Text", "")).strip()
                kind = str(result.get("TypeName"))
                raw = str((result.get("Resolution") or {}).get("value", ""))
                value = _finite(raw[:-1] if kind == "percentage" and raw.endswith("%") else raw)
                if kind not in _TUNING_KINDS:
                    dropped[f"a {kind}"] += 1
                elif value is None:
                    dropped["no single value"] += 1
                elif not _simple(text):
                    dropped["more than six words"] += 1
                else:
                    phrases.append(NumberPhrase(text, value, _TUNING_KINDS[kind], position=kind == "ordinal"))
    return phrases, dropped


def readings(phrase: NumberPhrase) -> list[float]:
    """The values a number field's quote of the phrase can stand for (what the verifier accepts)."""
    from intent.normalize import derive_values

    return [float(d.value) for d in derive_values(phrase.text, _INTEGER if phrase.position else _NUMBER)]


def currencies_read(phrase: NumberPhrase) -> set[str]:
    """The currencies the reader attaches to the numbers of the phrase."""
    from intent.normalize import find_numbers

    return {m.currency for m in find_numbers(phrase.text) if m.currency is not None}


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def outcome(values: list[float], expected: float) -> str:
    distinct: list[float] = []
    for value in values:
        if not any(_same(value, d) for d in distinct):
            distinct.append(value)
    if not distinct:
        return "unresolved"
    if len(distinct) > 1:
        return "ambiguous"
    return "right" if _same(distinct[0], expected) else "wrong"


def amount_outcome(value_kind: str, phrase: NumberPhrase, read: set[str]) -> str:
    """The value's outcome, then the currency's: read and the one expected (or a code of the family
    expected), a family holding the code expected (the words leave it open: ambiguous), another, none."""
    from intent.normalize.currencies import FAMILIES, currency_matches

    if value_kind != "right" or phrase.currency is None:
        return value_kind
    if not read:
        return "unresolved"
    if len(read) > 1:
        return "ambiguous"
    currency = next(iter(read))
    if currency_matches(currency, phrase.currency):
        return "right"
    return "ambiguous" if phrase.currency in FAMILIES.get(currency, frozenset()) else "wrong"


@dataclass(frozen=True, slots=True)
class Scored:
    phrase: NumberPhrase
    value: str  # the outcome of the value as a number field's quote
    amount: str  # money: value and currency together; a plain number: the value's outcome
    values: list[float]
    currencies: list[str]


def score(phrases: Sequence[NumberPhrase]) -> list[Scored]:
    scored: list[Scored] = []
    for phrase in phrases:
        values = readings(phrase)
        kind = outcome(values, phrase.value)
        read = currencies_read(phrase) if phrase.money else set()
        scored.append(Scored(phrase, kind, amount_outcome(kind, phrase, read) if phrase.money else kind,
                             values, sorted(read)))
    return scored


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.number_eval", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", choices=("duckling", "recognizers", "recognizers-tune"))
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--failures", type=int, default=0, metavar="N", help="list N phrases not read right")
    parser.add_argument("--kind", choices=("wrong", "ambiguous", "unresolved"), help="list only this outcome")
    args = parser.parse_args(argv)
    if args.failures and args.corpus in HELD_OUT_CORPORA:
        print(f"{args.corpus} is a held-out corpus: only its aggregate figures are shown (no --failures)",
              file=sys.stderr)
        return 2
    held = [p for p in args.paths if p.name in HELD_OUT_SPECS]
    if args.corpus == "recognizers-tune" and held:
        print(f"{held[0].name} is a held-out spec: score it with the recognizers corpus (aggregates only)",
              file=sys.stderr)
        return 2
    missing = [p for p in args.paths if not p.is_file()]
    if missing:
        print(f"no such file: {missing[0]} (see the module docstring for where to get the data)", file=sys.stderr)
        return 2
    reader = {"duckling": duckling_phrases, "recognizers": recognizers_phrases,
              "recognizers-tune": recognizers_tuning_phrases}[args.corpus]
    phrases, dropped = reader(args.paths)
    print(f"{len(phrases)} phrases read, {sum(dropped.values())} left out: "
          + ", ".join(f"{reason} {n}" for reason, n in dropped.most_common()))
    scored = score(phrases)
    for source in sorted({p.source for p in phrases}):
        mine = [s for s in scored if s.phrase.source == source]
        field = "integer field" if any(s.phrase.position for s in mine) else "number field"
        print(report(f"{source} ({field})", Counter(s.value for s in mine)))
        if any(s.phrase.money for s in mine):
            print(report(f"{source} (value and currency)", Counter(s.amount for s in mine)))
    shown = [s for s in scored if s.amount != "right" and (args.kind is None or s.amount == args.kind)]
    for item in shown[: args.failures]:
        expected = f"{item.phrase.value:g}" + (f" {item.phrase.currency}" if item.phrase.currency else "")
        print(f"  {item.amount:10} {item.phrase.text!r:36} expected {expected:16} read {item.values} "
              f"{item.currencies or ''} ({item.phrase.source}; value {item.value})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
