"""The unread rest of a date or a time, glued or spaced next to a phrase the grammar did read.

"01DEZ 10:00" (a day glued to a month name the grammar does not know), "at 9.am", "at 3 p . m ."
(an am/pm written in a way it does not read), "9.11. at 18:00" and "at 18:00 on the 9.11." (a day
and month written with dots that the grammar does not read, joined to the time by "at" or "on"),
"7am 13th" (a day of the month after the time):
read without its rest, the phrase would give a wrong day or both halves of the day, none of them
the one meant. Such a phrase is not read, in a quote or inside a request.
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled

__all__ = ["next_to_unread_rest"]

# "01DEZ", "3MAR" right before the phrase: one or two digits glued to a word of three letters or
# more (not an ordinal: "2nd", "15th"; not a short code: "4B").
_GLUED_DAY_BEFORE = compiled(r"(?<![\w.:/-])\d{1,2}[^\W\d_]{3,9}\.?[ \t]+$")
# ".am", " p . m .", " a m" right after a clock the phrase ends with.
# "9.11. at", "09/11/17, at", "on the 9.11. @" right before the phrase: a day and month written with
# dots or slashes (a year may follow), then a word joining a time to its day. A dash is left out:
# "for 2-3 at 7pm" counts people.
_DOTTED_DATE_BEFORE = compiled(
    r"(?<![\w.:/-])(\d{1,2})[./](\d{1,2})(?:[./](?:\d{2}|\d{4}))?\.?,?[ \t]+(?:at|@|around|by|from)[ \t]+$",
    re.IGNORECASE)
# "on the 9.11.", ", 9.11.17" right after the phrase.
_DOTTED_DATE_AFTER = compiled(
    r"[ \t]*,?[ \t]*(?:on[ \t]+)?(?:the[ \t]+)?(\d{1,2})[./](\d{1,2})(?:[./](?:\d{2}|\d{4}))?\.?(?![\w/:-]|\.\d)",
    re.IGNORECASE)
# "7am 13th", "19:00, the 13th" right after the phrase: a day of the month alone (not "the 3rd floor").
_DAY_NUMBER_AFTER = compiled(
    r"[ \t]*,?[ \t]*(?:on[ \t]+)?(?:the[ \t]+)?\d{1,2}(?:st|nd|rd|th)\b"
    r"(?![ \t]+(?:floor|level|gate|row|street|st|avenue|ave|place|round|time|attempt|edition|anniversary|birthday)\b)",
    re.IGNORECASE)
_MERIDIEM_AFTER = compiled(r"(?:\.|[ \t]*\.[ \t]+|[ \t]+)[aApP](?:[ \t]*\.[ \t]*|[ \t]+)[mM]\b|\.[aApP]\.?[mM]\b")


def next_to_unread_rest(text: str, start: int, end: int, read: list[tuple[int, int]]) -> bool:
    """``text[start:end]`` stands right next to the unread rest of its date or time."""
    def unread(position: int) -> bool:
        return not any(s <= position < e for s, e in read)

    before = _GLUED_DAY_BEFORE.search(text, max(0, start - 16), start)
    if before is not None and unread(before.start()):
        return True
    dotted = _DOTTED_DATE_BEFORE.search(text, max(0, start - 40), start)
    if dotted is not None and _day_and_month(dotted) and unread(dotted.start()):
        return True
    dotted = _DOTTED_DATE_AFTER.match(text, end)
    if dotted is not None and _day_and_month(dotted) and unread(dotted.end() - 1):
        return True
    day_number = _DAY_NUMBER_AFTER.match(text, end)
    if day_number is not None and unread(day_number.end() - 1):
        return True
    after = _MERIDIEM_AFTER.match(text, end)
    return after is not None and text[end - 1 : end].isdigit() and unread(after.end() - 1)


def _day_and_month(found: re.Match[str]) -> bool:
    # both orders are dates somewhere ("9.11." and "11/9"); "9.50" or "3.14" is no date
    first, second = int(found.group(1)), int(found.group(2))
    return 1 <= first <= 31 and 1 <= second <= 31 and min(first, second) <= 12
