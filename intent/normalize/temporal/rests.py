"""The unread rest of a date or a time, glued or spaced next to a phrase the grammar did read.

"01DEZ 10:00" (a day glued to a month name the grammar does not know), "at 9.am", "at 3 p . m ."
(an am/pm written in a way it does not read), "9.11. at 18:00" and "at 18:00 on the 9.11." (a day
and month written with dots that the grammar does not read, joined to the time by "at" or "on"),
"7am 13th" (a day of the month after the time); the same day joined to the time by a bound, an
estimate or a travel word ("13.11. ca. 18:00", "Mon 13th no later than 7am", "18:00 dep 13-11"), a
range or a choice of days ("13th-14th 19:00"), a day in brackets ("Tues (14th) 10am"), a week number
("KW 46 at 7pm"), a part of a month ("7pm mid Nov"), a month of a year ("Nov 2017 at 7pm"), a flight's
next-day mark ("23:50 +1"), an offset from UTC ("07:05:00-8"), a choice of hours ("7/8pm"):
read without its rest, the phrase would give a wrong day or both halves of the day, none of them
the one meant. Such a phrase is not read, in a quote or inside a request.
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import MONTH

__all__ = ["next_to_unread_rest"]

# "01DEZ", "3MAR" right before the phrase: one or two digits glued to a word of three letters or
# more (not an ordinal: "2nd", "15th"; not a short code: "4B").
_GLUED_DAY_BEFORE = compiled(r"(?<![\w.:/-])\d{1,2}[^\W\d_]{3,9}\.?[ \t]+$")
# The words that may stand between a time and its day without being either: a joining word ("at",
# "on the", "um"), a bound or an estimate ("latest", "not before", "ca.", "approx.", "~", ">="), a
# travel leg ("dep.", "arr", "ETA"), a dash. Nouns are not among them: "the 3rd floor at 9am".
_JOINING = (r"(?:(?:at[ \t]+the[ \t]+(?:earliest|latest)|no[ \t]+(?:later|earlier)[ \t]+than|not[ \t]+(?:before|after)"
            r"|on[ \t]+or[ \t]+(?:before|after)|latest[ \t]+by|starting[ \t]+(?:at|from)"
            r"|at|on|the|this|around|about|abt|approx|ca|circa|c|by|from|um|uhr|hrs"
            r"|earliest|latest|before|after|till|until|starting|begin|beginning|end|min|max|dep|departure|arr|arrival"
            r"|eta|etd|sharp|onwards?|or[ \t]+(?:later|earlier)|next|inst|prox|ult)\b\.?|~|±|\+/?-|<=?|>=?|@|-|–|—)")
_JOINED = rf"(?:[ \t]*,?[ \t]*{_JOINING}){{0,3}}[ \t]*,?[ \t]*"
# a day and month written with dots, slashes or dashes ("9.11.", "9.11", "13. 11.", "09/11/17",
# "13-11"), maybe after the first day of a range ("14-15.11.", "13-15/11"), not a price or a version
# ("£4.12", "v1.2"), nor the middle of a longer number
_DAY_MONTH = r"(?:\d{1,2}\.?[ \t]?[-–][ \t]?)?(\d{1,2})(?:(\.)[ \t]?|(/)|(-))(\d{1,2})(?:[./-](?:\d{2}|\d{4}))?(\.)?"
# "9.11. at", "09/11/17, at", "13.11. ca.", "13-11 dep", "on the 9.11. @" right before the phrase: a day
# and month, then the words joining a time to its day.
_DOTTED_DATE_BEFORE = compiled(
    rf"(?<![\w.:/$£€])(?<![\w:/]-){_DAY_MONTH}(?=[ \t,~±<>=@–—-]){_JOINED}$", re.IGNORECASE)
# "on the 9.11.", ", 9.11.17", " ca. 13-11", " - 9.11." right after the phrase.
_DOTTED_DATE_AFTER = compiled(rf"\.?{_JOINED}(?<![\w.:/$£€-]){_DAY_MONTH}(?![\w/:-]|\.\d)", re.IGNORECASE)
# "13th latest at", "13. ca.", "13th-14th", "13/14th", "Mon 13th no later than" right before the phrase: a
# day of the month (an ordinal, or a number with the stop that makes it one) the grammar did not read
# with it, maybe the end of a range or a choice of days.
_DAY_RANGE_START = r"(?:\d{1,2}(?:st|nd|rd|th)?\.?[ \t]*(?:-|–|—|/|to|till|until)[ \t]*)"
_DAY_NUMBER_BEFORE = compiled(
    rf"(?<![\w.:/$£€-]){_DAY_RANGE_START}?\d{{1,2}}(?:(?:st|nd|rd|th)\b\.?|\.(?![ \t]*(?-i:[A-Z])))(?=[ \t,~±<>=@–—-])"
    rf"{_JOINED}$", re.IGNORECASE)
# "13th to", "13-", "13/" right before a phrase that opens with a day of the month: a range or a choice
# of days whose first end was not read ("13th to 15th at 7pm").
_DAY_RANGE_BEFORE = compiled(
    r"(?<![\w.:/$£€-])\d{1,2}(?:st|nd|rd|th)?\.?[ \t]*(?:-|–|—|/|to|till|until|through|thru)[ \t]*$", re.IGNORECASE)
# "10am-12pm 14/15 Nov" after the start of a range of times: its end, then a range or a choice of days.
_RANGE_END_THEN_DAYS = compiled(
    rf"[ \t]*[-–—][ \t]*\d{{1,2}}(?:[:.]\d{{2}})?(?!\d)(?:[ \t]*[ap]\.?m\.?)?{_JOINED}"
    r"(\d{1,2})(?:st|nd|rd|th)?\.?[ \t]*(?:-|–|—|/|to|till|until)[ \t]*\d{1,2}\b",
    re.IGNORECASE)
_STARTS_WITH_DAY_NUMBER = compiled(rf"\d{{1,2}}(?:st|nd|rd|th\b|\.(?!\d)|[ \t]*(?:{MONTH})\b)", re.IGNORECASE)
# "7am 13th", "19:00, the 13th", "7pm 13-14th", "7pm latest 13th", "7pm w/c 13th", "7am 13." right after
# the phrase: a day of the month alone (not "the 3rd floor"); a number alone only at the end of the text
# ("7am 13").
_DAY_NUMBER_AFTER = compiled(
    rf"{_JOINED}(?:(?:this|w/[cb]|(?:wk|week)[ \t]+(?:of|commencing|beginning))[ \t]+(?:the[ \t]+)?)?"
    rf"{_DAY_RANGE_START}?"
    r"\d{1,2}(?:(?:st|nd|rd|th)\b|\.(?=[ \t]*(?:$|[,;:!?)–-])))"
    r"(?![ \t]+(?:floor|level|gate|row|street|st|avenue|ave|place|round|time|attempt|edition|anniversary|birthday)\b)",
    re.IGNORECASE)
_DAY_NUMBER_LAST = compiled(r"[ \t]+(?:on[ \t]+)?(?:the[ \t]+)?([1-9]|[12]\d|3[01])[ \t]*[.!?]?[ \t]*$")
# "Tues (14th) 10am", "(14.11.) 10am" before the phrase, "10am Tue (14.11.)" after it: a day in brackets
# the grammar did not read ("Friday (4th)" it reads, the day in brackets confirming the weekday).
_BRACKETED_DATE = r"\([ \t]*\d{1,2}[./]\d{1,2}(?:[./](?:\d{2}|\d{4}))?\.?[ \t]*\)"
_BRACKETED_DAY_BEFORE = compiled(
    rf"(?:\([ \t]*(?:on[ \t]+)?(?:the[ \t]+)?\d{{1,2}}(?:st|nd|rd|th)?\.?[ \t]*\)|{_BRACKETED_DATE}){_JOINED}$",
    re.IGNORECASE)
_BRACKETED_DAY_AFTER = compiled(rf"[ \t]*,?[ \t]*{_BRACKETED_DATE}")
# "KW 46", "CW46", "week 46", "wk 46" before or after the phrase: a week of the year said by its number.
_WEEK_NUMBER = r"(?:\d{4}-?)?(?:kw|cw|wk|week|w)[ \t]?(?:[1-9]|[1-4]\d|5[0-3])\b(?:-[1-7]\b)?"
_WEEK_NUMBER_BEFORE = compiled(rf"(?<![\w.:/-]){_WEEK_NUMBER}{_JOINED}$", re.IGNORECASE)
_WEEK_NUMBER_AFTER = compiled(rf"{_JOINED}(?<![\w.:/-]){_WEEK_NUMBER}", re.IGNORECASE)
# "7pm mid Nov", "7pm early November", "at 7pm end of Nov" after the phrase: a part of a month.
_MONTH_PART_AFTER = compiled(
    rf"{_JOINED}(?:mid|early|late|end|beg|beginning|start)\.?(?:[ \t]+of)?[ \t-]*(?:the[ \t]+)?(?:{MONTH})\b",
    re.IGNORECASE)
# "Nov 2017", "Nov '17", "11/2017", "11.2017" before or after the phrase: a month of a year, no day.
_MONTH_YEAR = rf"(?:(?:{MONTH})\.?[ \t]*,?[ \t]*(?:'\d{{2}}|\d{{4}})|(?:0?[1-9]|1[0-2])[./]\d{{4}})\b"
_MONTH_YEAR_BEFORE = compiled(rf"(?<![\w.:/-]){_MONTH_YEAR}{_JOINED}$", re.IGNORECASE)
_MONTH_YEAR_AFTER = compiled(rf"{_JOINED}(?<![\w.:/-]){_MONTH_YEAR}", re.IGNORECASE)
# "07:05:00-8", "07:05:00+01", "07:05+0100" right after the phrase: an offset from UTC the clock was not
# read with (a dash after hours and minutes is a range: "10:00-12").
_OFFSET_AFTER = compiled(r"(?<=\d:\d\d:\d\d)[+-]\d{1,2}(?::?\d{2})?\b|(?<=\d:\d\d)\+\d{2}(?::?\d{2})?\b")
# "Nov 14/15", "at 10/11" right after a phrase ending in a number: a choice of which only the first
# was read.
_CHOICE_AFTER = compiled(r"[ \t]*/[ \t]*\d{1,2}(?:st|nd|rd|th)?\b(?![./:]\d)", re.IGNORECASE)
# "23:50 +1", "07:05 (+1)": a flight's time on the day after (or the second day after) the one it leaves
# (not "13:50 +1 bag").
_NEXT_DAY_MARK_AFTER = compiled(r"[ \t]*(?:\(\+[1-3]\)|\+[1-3](?![\w.:])(?![ \t]+[^\W\d_]))")
# "7/8pm", "7 / 8:30pm", "1/2 past 10" before the phrase: a choice of hours of which only the last was
# read, or a fraction (not the choice of days "14/15 Nov").
_HOUR_CHOICE_BEFORE = compiled(r"(?<![\w.:/$£€-])\d{1,2}(?::\d{2})?[ \t]*/[ \t]*$")
_STARTS_WITH_DAY_OF_MONTH = compiled(rf"\d{{1,2}}(?:st|nd|rd|th)?\.?[ \t]*(?:of[ \t]+)?(?:{MONTH})\b", re.IGNORECASE)
_MERIDIEM_AFTER = compiled(r"(?:\.|[ \t]*\.[ \t]+|[ \t]+)[aApP](?:[ \t]*\.[ \t]*|[ \t]+)[mM]\b|\.[aApP]\.?[mM]\b")


def next_to_unread_rest(text: str, start: int, end: int, read: list[tuple[int, int]]) -> bool:
    """``text[start:end]`` stands right next to the unread rest of its date or time."""
    def unread(position: int) -> bool:
        return not any(s <= position < e for s, e in read)

    if text[end - 1 : end].isdigit() and text[end : end + 1].isdigit():
        return True  # the phrase ends inside a number ("07:05 UTC 201" of "07:05 UTC 2017/11/13")
    before = _GLUED_DAY_BEFORE.search(text, max(0, start - 16), start)
    if before is not None and unread(before.start()):
        return True
    dotted = _DOTTED_DATE_BEFORE.search(text, max(0, start - 48), start)
    if dotted is not None and _day_and_month(dotted) and unread(dotted.start()):
        return True
    dotted = _DOTTED_DATE_AFTER.match(text, end)
    if dotted is not None and _day_and_month(dotted) and unread(dotted.end() - 1):
        return True
    day_number = _DAY_NUMBER_BEFORE.search(text, max(0, start - 40), start)
    if day_number is not None and unread(day_number.start()):
        return True
    day_range = _DAY_RANGE_BEFORE.search(text, max(0, start - 16), start)
    if day_range is not None and unread(day_range.start()) and _STARTS_WITH_DAY_NUMBER.match(text, start):
        return True
    day_number = _DAY_NUMBER_AFTER.match(text, end) or _DAY_NUMBER_LAST.match(text, end)
    if day_number is not None and unread(day_number.end() - 1):
        return True
    days = _RANGE_END_THEN_DAYS.match(text, end)
    if days is not None and unread(days.start(1)):
        return True
    for pattern in (_WEEK_NUMBER_BEFORE, _BRACKETED_DAY_BEFORE, _MONTH_YEAR_BEFORE):
        found = pattern.search(text, max(0, start - 40), start)
        if found is not None and unread(found.start() + 1):
            return True
    for pattern in (_WEEK_NUMBER_AFTER, _MONTH_PART_AFTER, _BRACKETED_DAY_AFTER, _MONTH_YEAR_AFTER,
                    _OFFSET_AFTER):
        found = pattern.match(text, end)
        if found is not None and unread(found.end() - 1):
            return True
    if text[end - 1 : end].isdigit() and _NEXT_DAY_MARK_AFTER.match(text, end) and unread(end + 1):
        return True
    choice_after = _CHOICE_AFTER.match(text, end)
    if text[end - 1 : end].isdigit() and choice_after is not None and unread(choice_after.end() - 1):
        return True
    choice = _HOUR_CHOICE_BEFORE.search(text, max(0, start - 12), start)
    if (choice is not None and unread(choice.start()) and text[start : start + 1].isdigit()
            and not _STARTS_WITH_DAY_OF_MONTH.match(text, start)):
        return True
    after = _MERIDIEM_AFTER.match(text, end)
    return after is not None and text[end - 1 : end].isdigit() and unread(after.end() - 1)


def _day_and_month(found: re.Match[str]) -> bool:
    """Both orders are dates somewhere with slashes ("9/11", "11/9"); with dots the day comes first
    ("9.11."), and "9.50" or "3.14" is no date; with a dash only a day past the twelfth, then the month
    ("13-11"): "for 2-3 at 7pm" counts people, "3-2" is a score."""
    first, second = int(found.group(1)), int(found.group(5))
    if not (1 <= first <= 31 and 1 <= second <= 31 and min(first, second) <= 12):
        return False
    if found.group(2):  # dots: the day, then the month
        return second <= 12
    if found.group(4):  # a dash
        return first > 12
    return True
