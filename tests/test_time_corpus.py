"""The time grammar's own corpus (``tests/corpus/time/``): every phrase reads as expected, and the
verifier accepts exactly the values its words can mean (the expected one in, a near miss out)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from intent import Intent, IntentConfig
from intent.normalize import derive_values
from intent.normalize.formats import is_date, is_date_time, is_time
from intent.normalize.temporal import Tense, tense_at
from intent.request import parse_request
from intent.resolve import check_field_value

CORPUS = Path(__file__).parent / "corpus" / "time"
SCHEMAS: dict[str, dict[str, Any]] = {
    "date": {"type": "string", "format": "date"},
    "datetime": {"type": "string", "format": "date-time"},
    "time": {"type": "string", "format": "time"},
    "hhmm": {"type": "string", "pattern": r"^\d{2}:\d{2}$"},
}
FORMAT_CHECKS = {"date": is_date, "datetime": is_date_time, "time": is_time}


@dataclass(frozen=True)
class Line:
    family: str
    number: int
    phrase: str
    reference: str
    kind: str
    expected: tuple[str, ...]
    sentence: str = ""  # "I met her on [[Monday]]": the quote's sentence, whose tense may settle it

    @property
    def id(self) -> str:
        # ASCII only: pytest escapes other characters in ids, and tools that map ids back to tests
        # (mutmut's per-test stats) then fail to find them.
        text = (self.sentence or self.phrase).encode("ascii", "replace").decode("ascii")
        return f"{self.family}:{self.number}:{text}"

    @property
    def input(self) -> str:
        """The request the quote is checked in: its own sentence, else the quote after a neutral label."""
        return self.sentence.replace("[[", "").replace("]]", "") if self.sentence else f"When: {self.phrase}"

    @property
    def tense(self) -> Tense | None:
        if not self.sentence:
            return None
        start = self.sentence.index("[[")
        return tense_at(self.input, start, start + len(self.phrase))


def _read(path: Path, family: str) -> list[Line]:
    """One corpus file: ``@reference`` lines set the reference time of the phrases below them."""
    out: list[Line] = []
    reference = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith("@"):
            reference = text[1:].strip()
            continue
        phrase, _, answer = text.partition(" => ")
        kind, _, values = answer.strip().partition(" ")
        assert kind in SCHEMAS and reference, f"{path.name}:{number}: {raw!r}"
        expected = () if values.strip() == "-" else tuple(v.strip() for v in values.split("|"))
        quote = re.search(r"\[\[(.+?)\]\]", phrase)
        if quote:
            out.append(Line(family, number, quote.group(1), reference, kind, expected, sentence=phrase))
        else:
            out.append(Line(family, number, phrase, reference, kind, expected))
    return out


def _lines() -> list[Line]:
    return [line for path in sorted(CORPUS.glob("*.txt")) for line in _read(path, path.stem)]


LINES = _lines()


def test_corpus_is_large_and_covers_every_family() -> None:
    assert len(LINES) >= 500
    families = {line.family for line in LINES}
    assert {"calendar", "weekdays", "relative", "holidays", "clock", "datetime", "zones", "ranges"} <= families
    assert sum(1 for line in LINES if len(line.expected) > 1) >= 30  # ambiguity is declared
    assert sum(1 for line in LINES if not line.expected) >= 60  # and so is what is not read


def _reference(line: Line) -> datetime:
    return datetime.fromisoformat(line.reference.replace("Z", "+00:00"))


@pytest.mark.parametrize("line", LINES, ids=[line.id for line in LINES])
def test_phrase_reads_as_expected(line: Line) -> None:
    values = [d.value for d in derive_values(line.phrase, SCHEMAS[line.kind], reference_time=_reference(line),
                                             tense=line.tense)]
    assert sorted(values) == sorted(line.expected)
    check = FORMAT_CHECKS.get(line.kind)
    assert check is None or all(check(v) for v in values)


def _near_misses(kind: str, value: str) -> list[str]:
    """Values a careless reader would give instead: a day or a week off, the other half of the day."""
    if kind == "date":
        day = datetime.fromisoformat(value)
        return [(day + timedelta(days=d)).date().isoformat() for d in (1, -1, 7, -7)]
    if kind == "datetime":
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        shifted = [moment + timedelta(hours=h) for h in (12, -12, 1, 24, -24)]
        return [m.isoformat().replace("+00:00", "Z") for m in shifted]
    if kind == "time":
        hour = int(value[:2])
        return [f"{(hour + 12) % 24:02d}{value[2:]}", f"{(hour + 1) % 24:02d}{value[2:]}"]
    hour = int(value[:2])
    return [f"{(hour + 12) % 24:02d}{value[2:]}", f"{(hour + 1) % 24:02d}{value[2:]}"]


_INTENTS = {kind: Intent(IntentConfig(schema={"type": "object", "properties": {"when": schema}}))
            for kind, schema in SCHEMAS.items()}
DECIDED = [line for line in LINES if len(line.expected) == 1]


@pytest.mark.parametrize("line", DECIDED, ids=[line.id for line in DECIDED])
def test_verifier_accepts_the_reading_and_refuses_near_misses(line: Line) -> None:
    intent = _INTENTS[line.kind]
    request = parse_request({"input": line.input, "referenceTime": line.reference}, intent.config)
    schema = SCHEMAS[line.kind]

    def verdict(value: str) -> str:
        item = {"field": "when", "value": value, "evidence": line.phrase, "source": "input", "pointer": None}
        return check_field_value(item, schema, request, "/intents/0/fields/0").status

    assert verdict(line.expected[0]) in ("found", "inferred")
    for wrong in _near_misses(line.kind, line.expected[0]):
        if wrong not in line.expected:
            assert verdict(wrong) == "ungrounded", wrong


AMBIGUOUS = [line for line in LINES if len(line.expected) > 1]


@pytest.mark.parametrize("line", AMBIGUOUS, ids=[line.id for line in AMBIGUOUS])
def test_candidates_are_kept_only_when_the_words_allow_them(line: Line) -> None:
    intent = _INTENTS[line.kind]
    request = parse_request({"input": line.input, "referenceTime": line.reference}, intent.config)
    stray = _near_misses(line.kind, line.expected[0])[0]
    item = {"field": "when", "value": None, "evidence": line.phrase, "source": "input", "pointer": None,
            "candidates": [*line.expected, stray] if stray not in line.expected else list(line.expected)}
    checked = check_field_value(item, SCHEMAS[line.kind], request, "/intents/0/fields/0")
    assert checked.status == "ambiguous"
    assert sorted(checked.candidates or []) == sorted(line.expected)


REQUESTS = CORPUS / "requests" / "requests.txt"


def _requests() -> list[Line]:
    return _read(REQUESTS, "requests")


IN_REQUESTS = _requests()


@pytest.mark.parametrize("line", IN_REQUESTS, ids=[line.id for line in IN_REQUESTS])
def test_phrase_inside_a_request_is_read_whole_or_not_at_all(line: Line) -> None:
    """Through the built-in recognizer and the verifier: a part of a phrase is never read alone."""
    import anyio

    result = anyio.run(_INTENTS[line.kind].parse, {"input": line.phrase, "referenceTime": line.reference}).to_dict()
    field = next(f for f in result.get("fieldResults", []) if f["field"] == "when")
    if not line.expected:
        assert field.get("value") is None and not field.get("candidates"), field
    elif len(line.expected) == 1:
        assert (field["status"], field.get("value")) in (("found", line.expected[0]), ("inferred", line.expected[0]))
    else:
        assert field["status"] == "ambiguous" and sorted(field["candidates"]) == sorted(line.expected)
