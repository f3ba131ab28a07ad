"""How many of the dates and times people type to an assistant the grammar reads: HWU64's time slots.

    python -m bench.request_time_slots DIR [--split tune|held-out|all] [--pipeline] [--failures N]
    python -m bench.request_time_slots DIR --split held-out --sample 80 [--seed 1] [--pipeline]

Data: the HWU64 / NLU-Evaluation-Data corpus (github.com/xliuhw/NLU-Evaluation-Data, CC BY 4.0,
read at commit f6071b49; not part of this repository): requests people wrote for a home assistant,
annotated with slots. DIR holds the ten test folds' annotated files
(``CrossValidation/autoGeneFromRealAnno/*/CrossValidation/KFold_<k>/testset/annotated/<intent>/*.json``,
copied as ``DIR/KFold_<k>/<intent>.json`` or in any layout under DIR: every ``*.json`` below it is
read). Their union is the data set (11,036 distinct requests); a request found twice is read once.

What is read: every ``date`` and ``time`` slot (a ``timeofday`` slot, "evening", is not one), and a
``date`` and a ``time`` slot that touch or are joined by "at" or "on" ("six am tomorrow", "friday at
five pm") as one date-time. The corpus gives no normalised value, so there is no right or wrong here:
the figures are how many spans are read at all, and precision comes from judging a sample by hand.

- Reference time: 2026-12-02T10:00:00+00:00 (a Wednesday, UTC), fixed, for every request.
- A span is read as a field's quote (``derive_values``), the field's format chosen from its kind:
  ``date``, ``time`` or ``date-time``; with ``--pipeline`` also inside its request through
  ``Intent.parse`` (the built-in recognizer and the verifier, one field ``when`` of that format; a
  request with several slots of a kind gives one outcome to each of them). Outcomes: *resolved*
  (one value), *ambiguous* (candidates), *unresolved* (none).
- *Not one point*: spans whose words name no single day or moment, decided from the words alone
  (``not_one_point``): a stretch ("this week", "next month", "the weekend", "march"), a part of
  day ("tonight", "night"), a duration ("one hour", "for thirty minutes"), a recurrence ("every
  monday", "weekdays"), a range or bound ("between three and four pm", "after nine am"), or words
  with no time word in them ("as soon as possible"). Reported apart, with how many are read as a
  value anyway; the shares are of one-point spans only.
- Split: by the first byte of the SHA-256 of the request's text, even ``tune``, odd ``held-out``;
  the same request always falls in the same half. ``--failures N`` lists the one-point spans not
  resolved and is refused for the held-out half. ``--sample N`` prints a seeded random sample of
  resolved one-point spans, with their values, as JSON lines: the sample judged by hand for
  precision (held-out: run once, after the last grammar change).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

import orjson

__all__ = [
    "REFERENCE",
    "SpanReading",
    "TimeSpan",
    "not_one_point",
    "read_quote",
    "read_request",
    "read_spans",
    "split_of",
]

REFERENCE = datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc)
Kind = Literal["date", "time", "date-time"]
_FORMATS: dict[str, dict[str, str]] = {k: {"type": "string", "format": k} for k in ("date", "time", "date-time")}


@dataclass(frozen=True, slots=True)
class TimeSpan:
    utterance: str
    text: str
    kind: Kind
    intent: str
    split: str  # "tune" or "held-out"
    not_one_point: str | None  # the class of a span naming no single day or moment


@dataclass(frozen=True, slots=True)
class SpanReading:
    outcome: str  # resolved, ambiguous, unresolved; inside a request also "no request" (no intent recognised)
    values: tuple[str, ...]


def split_of(utterance: str) -> str:
    """The half a request falls in, by a hash of its text alone."""
    return "tune" if hashlib.sha256(utterance.encode("utf-8")).digest()[0] % 2 == 0 else "held-out"


_WEEKDAY = r"(?:mon|tues|tue|wednes|wed|thurs|thu|fri|satur|sat|sun)(?:day)?"
_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)")
_NUMBER = (r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|"
           r"forty|fifty|sixty|half|few|couple|several|another)")
_UNIT = r"(?:sec(?:ond)?s?|min(?:ute)?s?|hours?|hrs?|days?|weeks?|months?|years?|fortnights?)"
_RECURRENCE = re.compile(
    rf"\b(?:every|each|everyday|daily|weekly|monthly|yearly|annually|hourly|nightly|always|weekdays|weeknights|"
    rf"weekends|mornings|evenings|afternoons|nights|all days|all months|{_WEEKDAY}s)\b")
# "between three and four pm", "eight am to two pm", "six and nine am", "until three pm", "after nine am";
# "after five minutes" is a count from now, kept as a point.
_RANGE = re.compile(
    rf"\b(?:between|until|till|til|through|thru|since|during|within|by)\b|\bto\b|"
    rf"(?<!hundred )(?<!thousand )\band\b(?! (?:a half|{_NUMBER}\b(?! (?:am|pm))))"
    rf"|\bafter\b(?! {_NUMBER} {_UNIT}\b)|\bbefore\b")
_COUNTED = re.compile(rf"\b(?:in|after)\s+{_NUMBER}(?:\s+{_NUMBER})*\s+{_UNIT}\b|"
                      rf"\b{_UNIT}\s+(?:ago|from now|from today|from tomorrow|later|hence|back)\b")
_DURATION = re.compile(rf"^(?:for\s+)?(?:{_NUMBER}\s+)*(?:and\s+a\s+half\s+)?{_UNIT}$|^half an hour$|^{_UNIT}$")
_STRETCH = re.compile(
    rf"\b(?:weeks?|weekends?|months?|years?|seasons?|summer|winter|spring|autumn|fall|"
    rf"quarter(?! (?:past|to|after|of|till)\b)|future|"
    rf"past(?! {_NUMBER}\b(?!(?: {_NUMBER})* {_UNIT}))|"
    rf"(?:this|next|last|past|the) (?:hour|few days|{_NUMBER} (?:{_NUMBER} )*{_UNIT})|rest of|thousands)\b|"
    rf"^(?:in |this |next |last |of )?{_MONTH}$|^\d{{4}}$|^(?:in )?(?:two thousand(?: and)?(?: [a-z]+){{0,2}}|"
    rf"nineteen (?:[a-z]+ty(?: [a-z]+)?|hundred|[a-z]+teen|ten|eleven|twelve)|"
    rf"twenty (?:ten|eleven|twelve|[a-z]+teen))$")
# An ordinal naming a day ("the fifteenth", "first of march"), not a week or a month ("the first week").
_DAY_ORDINAL = re.compile(
    r"\b(?:first|second|third|[a-z]*(?:fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|twelveth|"
    r"teenth|tieth))\b(?! (?:week|weekend|month|year|quarter|half)s?\b)")
_PART_OF_DAY = re.compile(
    r"^(?:(?:this|last|tomorrow|tonight|during the|in the|the|at)\s+)?(?:tonight|night|morning|afternoon|evening|"
    r"daytime|daybreak|dawn|dusk|sunrise|sunset|lunchtime)$")
_TIME_WORD = re.compile(
    rf"\b(?:{_WEEKDAY}|{_MONTH}|today|todays|tomorrow|tomorrows|yesterday|tonight|now|noon|midnight|am|pm|"
    rf"o'?clock|easter|christmas|xmas|halloween|thanksgiving|gras|\d+|one|two|three|four|five|six|seven|eight|nine|"
    rf"ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|hundred|first|second|third|[a-z]+th|{_UNIT})\b")


def not_one_point(text: str) -> str | None:
    """The class of a span whose words name no single day or moment, or None when they may name one."""
    words = " ".join(re.findall(r"[a-z0-9']+", text.lower()))
    if _RECURRENCE.search(words):
        return "recurrence"
    if _RANGE.search(words):
        return "range, bound or relative"
    if _COUNTED.search(words):
        return None
    if _DURATION.match(words) and not re.fullmatch(r"(?:twenty|thirty) second", words):  # "twenty second": the 22nd
        return "duration"
    if _STRETCH.search(words) and not re.search(rf"\b{_WEEKDAY}\b", words) and not _DAY_ORDINAL.search(words):
        return "stretch"
    if _PART_OF_DAY.match(words):
        return "part of day"
    if not _TIME_WORD.search(words):
        return "no time word"
    return None


_JOINED = re.compile(r"\s*(?:(?:at|on)\s+)?", re.IGNORECASE)
# Words right before a date slot that belong to it and may change its value or say it is a day:
# annotators often left them out ("next [friday]", "on the [twelfth]", "on [twenty ninth]").
_LEAD = re.compile(r"\b(?:(?:the\s+)?(?:next|last|this|coming|upcoming|past|previous|following)|(?:on\s+)?the|on)\s+$",
                   re.IGNORECASE)


def _widened(text: str, start: int) -> int:
    lead = _LEAD.search(text, 0, start)
    return lead.start() if lead else start


def _spans_of(item: dict[str, Any]) -> list[tuple[str, Kind]]:
    """The item's date and time slots, a date and a time that touch or are joined by "at"/"on" as one."""
    text: str = item["text"]
    slots = sorted(((int(e["start"]), int(e["end"]), e["entity"]) for e in item.get("entities") or []
                    if e.get("entity") in ("date", "time")), key=lambda s: s[0])
    out: list[tuple[str, Kind]] = []
    index = 0
    while index < len(slots):
        start, end, entity = slots[index]
        if entity == "date":
            start = _widened(text, start)
        if index + 1 < len(slots):
            next_start, next_end, next_entity = slots[index + 1]
            if {entity, next_entity} == {"date", "time"} and _JOINED.fullmatch(text[end:next_start]):
                out.append((text[start:next_end].strip(), "date-time"))
                index += 2
                continue
        out.append((text[start:end].strip(), "date" if entity == "date" else "time"))
        index += 1
    return [(span, kind) for span, kind in out if span]


def read_spans(folder: Path) -> list[TimeSpan]:
    """Every date, time and date-time span of the annotated files under ``folder``, each request once."""
    spans: list[TimeSpan] = []
    seen: set[str] = set()
    for file in sorted(folder.rglob("*.json")):
        data = orjson.loads(file.read_bytes())
        items = data.get("test_data_annotation") if isinstance(data, dict) else None
        for item in items or []:
            utterance = str(item.get("text") or "")
            if utterance in seen:
                continue
            seen.add(utterance)
            for text, kind in _spans_of(item):
                spans.append(TimeSpan(utterance, text, kind, str(item.get("intent") or ""), split_of(utterance),
                                      not_one_point(text)))
    return spans


def _reading(values: Sequence[object]) -> SpanReading:
    distinct = tuple(dict.fromkeys(str(v) for v in values))
    return SpanReading("unresolved" if not distinct else "resolved" if len(distinct) == 1 else "ambiguous", distinct)


def read_quote(span: TimeSpan) -> SpanReading:
    """The span as the quote of a field of its kind's format."""
    from intent.normalize import derive_values

    return _reading([d.value for d in derive_values(span.text, _FORMATS[span.kind], reference_time=REFERENCE)])


_INSTANCES: dict[str, Any] = {}


def read_request(span: TimeSpan) -> SpanReading:
    """The span's request through ``Intent.parse``, one field ``when`` of the span's format."""
    import anyio

    from intent import Intent, IntentConfig

    if span.kind not in _INSTANCES:
        schema = {"type": "object", "properties": {"when": _FORMATS[span.kind]}}
        _INSTANCES[span.kind] = Intent(IntentConfig(schema=schema))
    result = anyio.run(_INSTANCES[span.kind].parse, {"input": span.utterance, "referenceTime": REFERENCE.isoformat()})
    parsed = result.to_dict()
    if parsed.get("status") == "no_intent":  # no request recognised: no field is filled, whatever the words
        return SpanReading("no request", ())
    for field in parsed.get("fieldResults", []):
        if field.get("field") == "when":
            return _reading([field["value"]] if field.get("value") is not None else field.get("candidates") or [])
    return _reading([])


def _shares(readings: Sequence[SpanReading]) -> str:
    counts = Counter(r.outcome for r in readings)
    total = max(len(readings), 1)
    kinds = ("resolved", "ambiguous", "unresolved", "no request")
    return "  ".join(f"{k} {counts[k]:4} ({counts[k] / total:5.1%})" for k in kinds if k != "no request" or counts[k])


def _day_note(value: str) -> str:
    """The weekday of a value's date, for whoever judges it."""
    try:
        day = datetime.fromisoformat(value[:10])
    except ValueError:
        return ""
    return day.strftime("%a") + (f", {(day.date() - REFERENCE.date()).days:+d} days" if abs(
        (day.date() - REFERENCE.date()).days) < 400 else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.request_time_slots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="the HWU64 annotated test files (see above)")
    parser.add_argument("--split", choices=("tune", "held-out", "all"), default="all")
    parser.add_argument("--pipeline", action="store_true", help="also read each span inside its request (Intent.parse)")
    parser.add_argument("--failures", type=int, default=0, metavar="N",
                        help="list N one-point spans not resolved (tune half only)")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="print N seeded random resolved one-point spans with their values, as JSON lines")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.failures and args.split != "tune":
        print("--failures lists phrases of the tune half only (--split tune): the held-out half gives aggregate "
              "figures and one hand-judged sample", file=sys.stderr)
        return 2
    if not args.folder.is_dir():
        print(f"no such folder: {args.folder} (see the module docstring for where to get the data)", file=sys.stderr)
        return 2
    every = read_spans(args.folder)
    if not every:
        print(f"no annotated HWU64 files under {args.folder}", file=sys.stderr)
        return 2
    spans = [s for s in every if args.split == "all" or s.split == args.split]
    points = [s for s in spans if s.not_one_point is None]
    quotes = {id(s): read_quote(s) for s in spans}
    requests = {id(s): read_request(s) for s in spans} if args.pipeline else {}
    if args.sample:
        resolved = [s for s in points if quotes[id(s)].outcome == "resolved"
                    or (requests and requests[id(s)].outcome == "resolved")]
        for span in random.Random(args.seed).sample(resolved, min(args.sample, len(resolved))):
            line: dict[str, Any] = {"split": span.split, "kind": span.kind, "span": span.text,
                                    "utterance": span.utterance, "quote": list(quotes[id(span)].values)}
            if requests:
                line["request"] = list(requests[id(span)].values)
            line["days"] = sorted({_day_note(v) for v in [*line["quote"], *line.get("request", [])]} - {""})
            print(orjson.dumps(line).decode())
        return 0
    kinds = Counter(s.kind for s in spans)
    print(f"HWU64 {args.split}: {len({s.utterance for s in spans})} requests with a time slot, {len(spans)} spans ("
          + ", ".join(f"{kind} {kinds[kind]}" for kind in ("date", "time", "date-time")) + f"); reference "
          f"{REFERENCE.isoformat()} ({REFERENCE:%A})")
    point_kinds = Counter(s.kind for s in points)
    print(f"one point: {len(points)} (" + ", ".join(f"{k} {point_kinds[k]}" for k in ("date", "time", "date-time"))
          + ")")
    print(f"  as a quote:   {_shares([quotes[id(s)] for s in points])}")
    for kind in ("date", "time", "date-time"):
        print(f"    {kind:10}  {_shares([quotes[id(s)] for s in points if s.kind == kind])}")
    if requests:
        print(f"  Intent.parse: {_shares([requests[id(s)] for s in points])}")
        for kind in ("date", "time", "date-time"):
            print(f"    {kind:10}  {_shares([requests[id(s)] for s in points if s.kind == kind])}")
    others = [s for s in spans if s.not_one_point is not None]
    classes = Counter(s.not_one_point for s in others)
    read_anyway = sum(quotes[id(s)].outcome != "unresolved" for s in others)
    line_out = (f"not one point: {len(others)} (" + ", ".join(f"{c} {n}" for c, n in classes.most_common())
                + f"); read as a value or candidates anyway: {read_anyway} as a quote")
    if requests:
        line_out += f", {sum(requests[id(s)].outcome != 'unresolved' for s in others)} inside the request"
    print(line_out)
    if args.failures:
        missed = [s for s in points if quotes[id(s)].outcome != "resolved"
                  or (requests and requests[id(s)].outcome != "resolved")]
        for span in missed[: args.failures]:
            quote = quotes[id(span)]
            detail = f"quote {quote.outcome} {list(quote.values)}"
            if requests:
                request = requests[id(span)]
                detail += f"  request {request.outcome} {list(request.values)}"
            print(f"  {span.kind:9} {span.text!r:32} {detail}  ({span.utterance!r})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
