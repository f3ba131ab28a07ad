"""Checking one field value of a candidate: grounded in its evidence, and typed by its Schema."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import orjson

from intent import rfc3339
from intent.grounding import align, resolve_pointer
from intent.normalize import (
    Derived,
    FieldKind,
    address_numbers,
    derive_values,
    enclosing_number,
    field_kind,
    foreign_to_request,
    number_unread_in_context,
    phrase_values,
    phrase_within,
    quoted_spans,
)
from intent.normalize.formats import format_checker
from intent.normalize.temporal import (
    TemporalMention,
    Tense,
    counted_from_unknown_day,
    enclosing_phrase,
    tense_at,
    unread_in_context,
)
from intent.request import NormalizedRequest
from intent.result.models import Inference, InferenceBasis, InferenceTarget, SourceRef

if TYPE_CHECKING:  # jsonschema loads with the first value checked, not with the package
    from jsonschema import Draft202012Validator

# Kinds whose every reading the normalizers list: a value or candidate outside them is not the evidence's.
_READ_KINDS = frozenset({FieldKind.DATE, FieldKind.DATE_TIME, FieldKind.TIME, FieldKind.INTEGER, FieldKind.NUMBER})
_DAY_KINDS = frozenset({FieldKind.DATE, FieldKind.DATE_TIME})
_TIME_KINDS = frozenset({FieldKind.DATE, FieldKind.DATE_TIME, FieldKind.TIME})
_NUMBER_KINDS = frozenset({FieldKind.INTEGER, FieldKind.NUMBER})
_OCCURRENCES_TRIED = 64  # a quote repeated more often than this in one input is not looked for further


def _request_own(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the quote ``text[start:end]`` stands as the request's own words: there, or at another
    of its occurrences when that one is in a quoted title or message or is an address's house
    number ('Rename "Friday drinks" to Friday'); None when every occurrence is."""
    quotes, addresses = quoted_spans(text), address_numbers(text)
    if not foreign_to_request(text, start, end, quotes, addresses):
        return start, end
    quote = text[start:end]
    at = text.find(quote)
    for _ in range(_OCCURRENCES_TRIED):
        if at < 0:
            break
        if not foreign_to_request(text, at, at + len(quote), quotes, addresses):
            return at, at + len(quote)
        at = text.find(quote, at + 1)
    return None


def _number_stands_alone(text: str, start: int, end: int) -> bool:
    return enclosing_number(text, start, end) is None and not number_unread_in_context(text, start, end)


def _number_own(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the number quote ``text[start:end]`` stands as a number of its own: there, or at another
    of its occurrences when that one is cut out of a longer number ("1.5" of "1.5k, then 1.5 later")
    and another is not; else where it first stands."""
    if _number_stands_alone(text, start, end):
        return start, end
    quote = text[start:end]
    at = text.find(quote, start + 1)
    for _ in range(_OCCURRENCES_TRIED):
        if at < 0:
            break
        if _number_stands_alone(text, at, at + len(quote)):
            return at, at + len(quote)
        at = text.find(quote, at + 1)
    return start, end


@dataclass(slots=True)
class CheckedValue:
    """The verdict on one field value: ``status`` is found, inferred, ambiguous, invalid or ungrounded."""

    field: str
    status: str
    value: Any
    source_refs: list[SourceRef]
    evidence: str
    basis: str | None = None  # "referenceTime" for an inferred value
    candidates: list[Any] | None = None
    reason: str = ""

    def inference(self, intent_id: str, request: NormalizedRequest) -> Inference | None:
        if self.status != "inferred" or self.basis is None:
            return None
        basis_value = request.reference_time_text if self.basis == "referenceTime" else None
        return Inference(
            target=InferenceTarget(kind="field", intentId=intent_id, field=self.field),
            value=self.value,
            evidence=self.evidence,
            basis=InferenceBasis(root="referenceTime", value=basis_value),
        )


@lru_cache(maxsize=512)
def _validator(schema_json: bytes) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(orjson.loads(schema_json), format_checker=_formats())


@lru_cache(maxsize=1)
def _formats() -> Any:
    return format_checker()


def schema_error(value: Any, schema: Mapping[str, Any]) -> str | None:
    """The first reason ``value`` does not fit ``schema`` (formats checked), or None."""
    validator = _validator(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS))
    error = next(iter(validator.iter_errors(value)), None)
    return None if error is None else error.message[:200]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return bool(a == b)


def _reading_of(readings: list[Derived], value: Any, schema: Mapping[str, Any]) -> Derived | None:
    """The reading ``value`` is, if any: equal, or for a date-time or zoned time the same moment."""
    kind = field_kind(schema)
    zoned = kind is FieldKind.DATE_TIME or schema.get("format") == "time"
    return next((r for r in readings if _same(r.value, value) or (zoned and _same_time_value(r, value, kind))), None)


def _same_time_value(reading: Derived, value: Any, kind: FieldKind) -> bool:
    """Whether a proposed date-time or ``format: time`` value names the reading's moment, in any
    RFC 3339 spelling ("+00:00" for "Z", a zero fraction, the same instant in another offset), or
    the reading to the minute when its seconds were the reference's own."""
    if not isinstance(value, str):
        return False
    parse = rfc3339.parse_date_time if kind is FieldKind.DATE_TIME else _time_instant
    try:
        proposed = parse(value)
        return any(parse(written) == proposed for written in (reading.value, reading.to_the_minute)
                   if isinstance(written, str))
    except ValueError:
        return False


def _time_instant(text: str) -> datetime:
    # an aware time of day compared as an instant on one fixed day ("15:00:00Z" is "16:00:00+01:00")
    return datetime.combine(date(2000, 1, 3), rfc3339.parse_time(text))


def _literal_in(value: Any, evidence: str) -> bool:
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        return False
    text = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    return bool(text) and text.casefold() in evidence.casefold()


def check_field_value(item: Mapping[str, Any], schema: Mapping[str, Any], request: NormalizedRequest,
                      path: str) -> CheckedValue:
    """Ground ``item`` (a candidate field value) in its source, then type it against the field's Schema."""
    name = item["field"]
    evidence = item["evidence"]
    source = item["source"]
    value = item["value"]
    refs: list[SourceRef] = []
    tense: Tense | None = None  # the cue of the sentence the quote stands in ("I met her on Monday": past)
    whole: TemporalMention | None = None  # the longer phrase of the input a date or time quote is cut out of
    own: TemporalMention | None = None  # else the one phrase of the input the quote holds whole
    read_from: str | None = None  # a number quote cut out of a longer number of the input: that number

    if source == "input":
        span = align(evidence, request.input)
        if span is None:
            return CheckedValue(name, "ungrounded", value, [], evidence,
                                reason=f"the evidence {evidence!r} is not in the input")
        start, end = span.start, span.end
        if field_kind(schema) in _TIME_KINDS:
            found = _request_own(request.input, start, end)
            if found is None:
                return CheckedValue(name, "ungrounded", value, [], evidence,
                                    reason=f"{evidence!r} stands in a quoted title or message, or is a house number")
            start, end = found
        if field_kind(schema) in _NUMBER_KINDS:
            start, end = _number_own(request.input, start, end)
            wider = enclosing_number(request.input, start, end)
            if wider is not None:
                # "1.5" cited from "1.5k": the quote means what the number it is cut out of means
                read_from = request.input[wider[0] : wider[1]]
            elif number_unread_in_context(request.input, start, end):
                # "5" cited from "5 mil", "twenty" from "twenty fifth": a part of a number not read
                return CheckedValue(name, "ungrounded", value, [], request.input[start:end],
                                    reason=f"{evidence!r} is part of a longer number of the input that is not read")
        evidence = request.input[start:end]
        tense = tense_at(request.input, start, end)
        if field_kind(schema) in _DAY_KINDS and counted_from_unknown_day(request.input, start, end):
            # "Diwali in two years": the count picks which Diwali, whose date is not known here
            return CheckedValue(name, "ungrounded", value, [], evidence,
                                reason=f"{evidence!r} counts from a day named before it, whose date is not known")
        if field_kind(schema) in _TIME_KINDS and unread_in_context(request.input, start, end, request.reference_time):
            # "Sunday" cited from "Remind me Sunday, March, 6th 2016": read alone it is a day, in the
            # request it is part of a phrase the grammar does not read whole
            return CheckedValue(name, "ungrounded", value, [], evidence,
                                reason=f"{evidence!r} is part of a longer phrase of the input that is not read")
        if field_kind(schema) in _TIME_KINDS:
            # "Aug 9" cited from "Aug 9, 96": the quote means what the phrase it stands in means
            whole = enclosing_phrase(request.input, start, end, request.reference_time)
            own = None if whole else phrase_within(request.input, start, end, request.reference_time)
        refs.append(SourceRef(root="input", pointer="", start=start if request.spans else None,
                              end=end if request.spans else None))
    else:
        document: Any = request.context if source == "context" else (
            request.baseline.model_dump(mode="json", by_alias=True) if request.baseline else None)
        pointer = item.get("pointer")
        if document is None or not isinstance(pointer, str):
            return CheckedValue(name, "ungrounded", value, [], evidence,
                                reason=f"a {source} value needs a pointer into the request's {source}")
        try:
            cited = resolve_pointer(document, pointer)
        except KeyError:
            return CheckedValue(name, "ungrounded", value, [], evidence,
                                reason=f"{pointer!r} does not resolve in the request's {source}")
        refs.append(SourceRef(root=source, pointer=pointer))
        evidence = cited if isinstance(cited, str) else orjson.dumps(cited).decode()
        if _same(cited, value):
            return _typed(CheckedValue(name, "found", value, refs, evidence), schema)

    candidates = item.get("candidates")
    if value is None and candidates:
        if source == "input" and field_kind(schema) in _READ_KINDS:
            # offered readings must each be one the words can mean ("next Friday": these two days)
            readings = _readings(read_from or evidence, schema, request, tense, whole, own)
            matched = (_reading_of(readings, c, schema) for c in candidates)
            kept = list(dict.fromkeys(r.value for r in matched if r is not None))  # in the core's spelling
            if not kept:
                return CheckedValue(name, "ungrounded", None, [], evidence,
                                    reason=f"none of the candidates can be read from {evidence!r}")
            candidates = kept
        return CheckedValue(name, "ambiguous", None, refs, evidence, candidates=list(candidates))

    # A date, time or amount is judged by its readings only: "3" is in "3 1/2", "1.5" in "1.5k".
    if field_kind(schema) not in _READ_KINDS and _literal_in(value, evidence):
        return _typed(CheckedValue(name, "found", value, refs, evidence), schema)
    reading = _reading_of(_readings(read_from or evidence, schema, request, tense, whole, own), value, schema)
    if reading is not None:
        status = "inferred" if reading.inferred else "found"
        return _typed(CheckedValue(name, status, reading.value, refs, evidence, basis=reading.basis), schema)
    if whole is not None:
        phrase = request.input[whole.start : whole.end]
        return CheckedValue(name, "ungrounded", value, [], evidence,
                            reason=f"{orjson.dumps(value).decode()} is not what {phrase!r}, the phrase "
                                   f"{evidence!r} is part of, means")
    if read_from is not None:
        return CheckedValue(name, "ungrounded", value, [], evidence,
                            reason=f"{orjson.dumps(value).decode()} is not what {read_from!r}, the number "
                                   f"{evidence!r} is part of, means")
    return CheckedValue(name, "ungrounded", value, [], evidence,
                        reason=f"{orjson.dumps(value).decode()} cannot be read from {evidence!r}")


def _readings(evidence: str, schema: Mapping[str, Any], request: NormalizedRequest, tense: Tense | None,
              whole: TemporalMention | None, own: TemporalMention | None) -> list[Derived]:
    """What the evidence can mean: its phrase's readings where it is cut out of a longer phrase of
    the input (a range's end or a list's item is a phrase of its own); else its words read alone,
    and the readings of the phrase it holds where that stands in the input (what the recognizer reads)."""
    if whole is not None:
        return phrase_values(whole, schema, reference_time=request.reference_time)
    alone = derive_values(evidence, schema, reference_time=request.reference_time, tense=tense)
    if own is None:
        return alone
    # a value both give comes first as the words' own reading; its repeat is never reached
    # (`_reading_of` takes the first match, offered candidates are kept once)
    return alone + phrase_values(own, schema, reference_time=request.reference_time)


def _typed(checked: CheckedValue, schema: Mapping[str, Any]) -> CheckedValue:
    problem = schema_error(checked.value, schema)
    if problem is not None:
        checked.status = "invalid"
        checked.reason = problem
    return checked
