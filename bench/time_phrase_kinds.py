"""What a time phrase's words say about its grain: a time of day or a count of time, a day, neither.

Used by the readers of other parsers' test corpora (``bench.chrono_corpus``, ``bench.chronic_corpus``,
``bench.natty_corpus``) to tell a day from a moment when the test only gives a value, and to leave out
phrases that name no single day (a month, a year, a week, a weekend).
"""

from __future__ import annotations

import re

__all__ = ["COUNTS_TIME", "DAY_CUE", "STATES_TIME", "WRITES_MINUTES"]

# A clock time (3pm, 15:30, 15h30, T15), a part of day, a count of hours, minutes or seconds, "now"
# (not "from now": "5 days from now" is a day), "at" and a number.
STATES_TIME = re.compile(
    r"\d\s*(?:[ap]\.?m?\.?)(?![a-z])|(?<![\d./-])\d{1,2}[:.h]\d\d(?![\d./-])|\d:\d\d:\d\d|\bT\d\d|"
    r"\d\s*(?:h|m|s)\b|(?<!from )\bnow\b|\b(?:noon|midday|midnight|morning|afternoon|evening|night|tonight|"
    r"o'?clock|half past|quarter)\b|(?<![a-z])(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)(?![a-z])|\bat \d",
    re.IGNORECASE,
)
# Words or forms that name one day: a weekday, a day word, an ordinal, a numeric or month-name date
# with a day of 1-31, a count of days, weeks, months or years from the reference (chrono and Chronic
# both read "in 3 months" as one day). "weekend", "this week", "May", "2016" name none.
DAY_CUE = re.compile(
    r"\b(?:mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|"
    r"sunday)\b|\b(?:today|tomorrow|tmr|tmrw|yesterday|days?|fortnight|weekday)\b|"
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth|"
    r"twentieth|thirtieth)\b|\b\d{1,2}[/-]\d{1,2}\b(?![/.-]?\d)|\b\d{4}\s\d{1,2}\s\d{1,2}\b|"
    r"\b\d+\s*(?:weeks?|months?|mons?|years?|yrs?|y|wks?|w|mo|d)\b|"
    r"\b(?:a|an|one|two|three|few|couple of)\s+(?:weeks?|months?|years?)\b|"
    r"\d\s*(?:st|nd|rd|th)\b|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|\b\d{4}-?\d{2}-?\d{2}\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[\s,/-]+(?:0?[1-9]|[12]\d|3[01])\b(?!\d|\s*[:.]\d)|"
    r"\b\d{1,2}[\s,/-]+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)",
    re.IGNORECASE,
)
# The phrase writes minutes (or could: "half past", "10 to 5"), so an unchecked minute is not 0.
WRITES_MINUTES = re.compile(r"\d[:.h]\d|\b(?:half|quarter|past|till|to|before|after|minutes?|mins?)\b", re.I)
# The phrase counts time from the reference, which then keeps the reference's minute and second.
COUNTS_TIME = re.compile(
    r"(?<![a-z])(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)(?![a-z])|\d\s*(?:h|m|s)\b|\bnow\b", re.IGNORECASE
)
