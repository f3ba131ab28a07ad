"""Times of day: "7pm", "7:30 pm", "19:00", "noon", "tonight at 7"; values are (hour, minute) pairs."""

from __future__ import annotations

import bisect
import re

from intent.normalize.mentions import Mention

__all__ = ["find_times", "format_time"]

_MERIDIEM = re.compile(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])(?:\.m\.|m\b)", re.IGNORECASE)
_CLOCK = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b(?!\s*[ap]\.?\s?m\b)", re.IGNORECASE)
_NAMED = re.compile(r"\b(noon|midday|midnight)\b", re.IGNORECASE)
_AT_HOUR = re.compile(
    r"\b(?:at|around|by)\s+(\d{1,2})(?:\s*o'?clock)?\b(?![:.]\d|\s*[ap]\.?\s?m\b|\s*%|\w)", re.IGNORECASE
)
_OCLOCK = re.compile(r"\b(\d{1,2})\s*o'?clock\b", re.IGNORECASE)
# Words next to a bare hour that settle morning or evening ("7 tonight", "8:15 tomorrow evening").
_DAY = r"(?:this|tomorrow|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_PM_WORDS = rf"(?:tonight|{_DAY}\s+(?:evening|night|afternoon)|in\s+the\s+(?:evening|afternoon)|at\s+night)"
_AM_WORDS = rf"(?:{_DAY}\s+morning|in\s+the\s+morning)"
_EVENING_AFTER = re.compile(rf"^\s+(?:on\s+)?{_PM_WORDS}\b", re.IGNORECASE)
_EVENING_BEFORE = re.compile(rf"\b{_PM_WORDS}\s+$", re.IGNORECASE)
_MORNING_AFTER = re.compile(rf"^\s+(?:on\s+)?{_AM_WORDS}\b", re.IGNORECASE)
_MORNING_BEFORE = re.compile(rf"\b{_AM_WORDS}\s+$", re.IGNORECASE)
_LOOK_BACK = 64  # longer than any of these phrases with the spaces after it


_HOUR_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12,
}  # fmt: skip
_MINUTE_WORDS = {"o'clock": 0, "oclock": 0, "fifteen": 15, "thirty": 30, "forty-five": 45, "forty five": 45}
_HOUR = "|".join(_HOUR_WORDS)
_MINUTE = r"o'?clock|fifteen|thirty|forty[-\s]five"
_WORD_MERIDIEM = re.compile(rf"\b({_HOUR})(?:\s+({_MINUTE}))?\s*([ap])(?:\.m\.|m\b)", re.IGNORECASE)
_WORD_AT = re.compile(
    rf"\b(?:at|around|by)\s+({_HOUR})(?:\s+({_MINUTE}))?\b(?!\s+(?:people|persons|guests|of)\b)", re.IGNORECASE
)
_PAST_TO = re.compile(rf"\b(half\s+past|quarter\s+past|quarter\s+to)\s+({_HOUR}|\d{{1,2}})\b", re.IGNORECASE)


def _hour_value(word: str) -> int:
    return int(word) if word.isdigit() else _HOUR_WORDS[word.lower()]


def _minute_value(word: str | None) -> int:
    return _MINUTE_WORDS[" ".join(word.lower().replace("-", " ").split())] if word else 0


def format_time(hour: int, minute: int, *, seconds: bool = False) -> str:
    """``HH:MM`` (or ``HH:MM:SS``) on a 24-hour clock."""
    return f"{hour:02d}:{minute:02d}:00" if seconds else f"{hour:02d}:{minute:02d}"


def _bare_hour(text: str, start: int, end: int, hour: int, minute: int) -> Mention | None:
    """An hour without am/pm: settled by a neighbouring word, else both readings."""
    if not 0 <= hour <= 23 or not 0 <= minute <= 59:
        return None
    if hour == 0 or hour >= 13:
        return Mention(start, end, (hour, minute))
    after = _EVENING_AFTER.match(text[end:]) or _MORNING_AFTER.match(text[end:])
    if after:
        pm = _EVENING_AFTER.match(text[end:]) is not None
        value = (hour % 12 + 12, minute) if pm else (hour % 12, minute)
        return Mention(start, end + after.end(), value)
    # The words before are short: look back a bounded way, not over the whole text for every hour.
    offset = max(0, start - _LOOK_BACK)
    behind = text[offset:start]
    before = _EVENING_BEFORE.search(behind) or _MORNING_BEFORE.search(behind)
    if before:
        pm = _EVENING_BEFORE.search(behind) is not None
        value = (hour % 12 + 12, minute) if pm else (hour % 12, minute)
        return Mention(offset + before.start(), end, value)
    if hour == 12:
        return Mention(start, end, (12, minute))
    return Mention(start, end, None, candidates=((hour, minute), (hour + 12, minute)))


class _Taken:
    """Spans already read, kept sorted, so whether a new one is free costs a bisection, not a scan.

    While no two spans overlap (as in any text seen so far) the neighbours decide; should two
    ever overlap, every span is checked, as a plain list would be.
    """

    __slots__ = ("_disjoint", "_spans")

    def __init__(self) -> None:
        self._spans: list[tuple[int, int]] = []
        self._disjoint = True

    def append(self, span: tuple[int, int]) -> None:
        if self._disjoint and not self.free(*span):
            self._disjoint = False
        bisect.insort(self._spans, span)

    def free(self, start: int, end: int) -> bool:
        spans = self._spans
        if not self._disjoint:
            return all(end <= s or start >= e for s, e in spans)
        at = bisect.bisect_left(spans, (start, end))
        if at < len(spans) and spans[at][0] < end and start < spans[at][1]:
            return False
        if at + 1 < len(spans) and spans[at + 1][0] < end and start < spans[at + 1][1]:
            return False
        return at == 0 or spans[at - 1][1] <= start or spans[at - 1][0] >= end


def find_times(text: str) -> list[Mention]:
    """Every time of day in ``text``; ambiguous hours carry both readings in ``candidates``."""
    found: list[Mention] = []
    taken = _Taken()
    free = taken.free

    for match in _MERIDIEM.finditer(text):
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        if not 1 <= hour <= 12 or minute > 59:
            continue
        pm = match.group(3).lower() == "p"
        hour = hour % 12 + (12 if pm else 0)
        found.append(Mention(match.start(), match.end(), (hour, minute)))
        taken.append((match.start(), match.end()))
    for match in _CLOCK.finditer(text):
        if free(match.start(), match.end()):
            hour, minute = int(match.group(1)), int(match.group(2))
            if match.group(1).startswith("0"):
                mention: Mention | None = Mention(match.start(), match.end(), (hour, minute))
            else:
                mention = _bare_hour(text, match.start(), match.end(), hour, minute)
            if mention:
                found.append(mention)
                taken.append((mention.start, mention.end))
    for match in _NAMED.finditer(text):
        if free(match.start(), match.end()):
            value = (0, 0) if match.group(1).lower() == "midnight" else (12, 0)
            found.append(Mention(match.start(), match.end(), value))
            taken.append((match.start(), match.end()))
    for match in _WORD_MERIDIEM.finditer(text):
        if free(match.start(), match.end()):
            hour = _hour_value(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
            found.append(Mention(match.start(), match.end(), (hour, _minute_value(match.group(2)))))
            taken.append((match.start(), match.end()))
    for match in _PAST_TO.finditer(text):
        if free(match.start(), match.end()):
            hour, phrase = _hour_value(match.group(2)), " ".join(match.group(1).lower().split())
            minute = 30 if phrase == "half past" else 15 if phrase == "quarter past" else 45
            hour = hour - 1 if phrase == "quarter to" else hour
            if 0 <= hour <= 12:
                mention = _bare_hour(text, match.start(), match.end(), hour, minute)
                if mention:
                    found.append(mention)
                    taken.append((mention.start, mention.end))
    for match in _WORD_AT.finditer(text):
        if free(match.start(), match.end()):
            hour, minute = _hour_value(match.group(1)), _minute_value(match.group(2))
            mention = _bare_hour(text, match.start(), match.end(), hour, minute)
            if mention:
                found.append(mention)
                taken.append((mention.start, mention.end))
    for pattern in (_AT_HOUR, _OCLOCK):
        for match in pattern.finditer(text):
            if free(match.start(), match.end()):
                mention = _bare_hour(text, match.start(), match.end(), int(match.group(1)), 0)
                if mention:
                    found.append(mention)
                    taken.append((mention.start, mention.end))
    found.sort(key=lambda m: m.start)
    return found
