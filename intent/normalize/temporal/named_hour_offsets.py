"""Hours (or more than an hour of minutes) counted from noon, midnight or a clock with am/pm or on
24 hours: "2 hours before noon", "an hour after midnight", "three hours past noon", "90 minutes
before midnight", "half an hour after noon", "an hour and a half before midnight", "2 hours till
midnight", "2 hours before 5pm", "an hour after 9:30am", "90 minutes before 18:00", "a quarter of an
hour before 5pm", "three quarters of an hour before noon", "1.5 hours before 5pm" ("a third of an
hour" is not read). A time of day, like the clock it names; fewer than 60 minutes ("10 minutes after
midnight") are the clock family's "minutes past" form. "2 hours from noon" is not read: "from noon"
as often starts a range. A count from a clock that crosses midnight ("2 hours after 11pm") is not
read: the day it names is the next one, which a day said with it ("tomorrow") would not be.
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import COUNT, HOUR_WORD, HOUR_WORDS, count_of
from intent.normalize.temporal.pieces import Piece

__all__ = ["named_hour_offset_pieces"]

_OFFSET = compiled(
    rf"(?<![\d.,])\b(half\s+an|(?:a\s+)?quarter\s+of\s+an|three\s+quarters\s+of\s+an|\d{{1,2}}[.,]\d{{1,2}}|{COUNT})\s+"
    r"(hours?|hrs?|minutes?|mins?)"
    r"(\s+and\s+a\s+half)?\s+"
    r"(before|after|past|to|till|until)\s+(?:(noon|midday|midnight)\b|"
    rf"(1[0-2]|0?[1-9]|{HOUR_WORD})(?:[:.]([0-5]\d))?\s*([ap])(?:\.\s?m\b\.?|\s?m\b)|([01]\d|2[0-3]):([0-5]\d)(?![\d:]))",
    re.IGNORECASE,
)
_DAY_MINUTES = 24 * 60
_DECIMAL = compiled(r"\d{1,2}[.,]\d{1,2}")
_OF_BEFORE = compiled(r"\bof\s+$", re.IGNORECASE)


def named_hour_offset_pieces(text: str) -> list[Piece]:
    """Every count of hours, or of 60 minutes or more, before or after noon or midnight in ``text``."""
    out: list[Piece] = []
    for match in _OFFSET.finditer(text):
        written, unit = " ".join(match.group(1).lower().split()), match.group(2).lower()
        hours = unit.startswith("h")
        if _OF_BEFORE.search(text, 0, match.start()):
            continue  # "a third of an hour before noon": a share this does not read, not "an hour before"
        fractions = {"half an": 30, "quarter of an": 15, "a quarter of an": 15, "three quarters of an": 45}
        if written in fractions:
            if not hours or match.group(3):
                continue  # "half an minutes", "half an hour and a half": no such count
            minutes = fractions[written]
        elif _DECIMAL.fullmatch(written):  # "1.5 hours", "2,5 hours"
            exact = float(written.replace(",", ".")) * 60
            if not hours or match.group(3) or exact != int(exact):
                continue  # "1.5 minutes", "1.3 hours": no whole minute
            minutes = int(exact)
        else:
            count = count_of(written)
            if count is None:
                continue
            minutes = count * 60 if hours else count
            if match.group(3):
                if not hours:
                    continue  # "90 minutes and a half": not a way a time is said
                minutes += 30
        if not (hours or minutes >= 60) or not 0 < minutes < _DAY_MINUTES:
            continue  # under an hour of minutes: the clock family reads it; a day or more is no time of day
        sign = 1 if match.group(4).lower() in ("after", "past") else -1
        if match.group(5):
            base = 12 * 60 if match.group(5).lower() in ("noon", "midday") else 0
        elif match.group(6):  # "5pm", "9:30 a.m."
            written_hour = match.group(6)
            hour = int(written_hour) if written_hour.isdigit() else HOUR_WORDS[written_hour.lower()]
            base = (hour % 12 + (12 if match.group(8).lower() == "p" else 0)) * 60 + int(match.group(7) or 0)
        else:  # "18:00"
            base = int(match.group(9)) * 60 + int(match.group(10))
        if not match.group(5) and not 0 <= base + sign * minutes < _DAY_MINUTES:
            continue  # "2 hours after 11pm": the next day's 1:00
        total = (base + sign * minutes) % _DAY_MINUTES
        out.append(Piece(match.start(), match.end(), "time", clocks=((total // 60, total % 60),)))
    return out
