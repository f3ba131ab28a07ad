"""Clock times: "3pm", "3p", "3:30 p.m.", "15:30", "15h30", "noon", "midnight", "quarter past 3",
"half past seven", "ten to five", "three thirty pm", "at 5" (05:00 or 17:00), "7 o'clock", "at 17",
"half five" (British half past five), "5pmish", and, after "at" or right after a day, "19.30" and
"1430".

An hour written without am/pm and without a 24-hour form keeps both readings (``settled`` False)
until a part of day ("in the evening", "tonight", "tomorrow morning") settles it.
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import (
    HOUR_WORD,
    HOUR_WORDS,
    MINUTE_WORD,
    MINUTE_WORDS,
    MONTHS,
    WEEKDAY,
    WEEKDAYS,
    LazyPattern,
    alternation,
    scan,
    words_of,
)
from intent.normalize.temporal.lexicon import before as _before
from intent.normalize.temporal.named_hour_offsets import named_hour_offset_pieces
from intent.normalize.temporal.pieces import Clock, Piece

__all__ = ["clock_pieces", "open_hour"]

# "pm", "p.m.", "p m", "pmish", "pm-ish", or a bare "p" glued or spaced
# (speech-to-text also writes "p . m ." with blanks around the dots)
_MER = r"(?:([ap])(?:\s?\.\s?m\b(?:\s?\.)?|\s?m(?:\b|(?=ish\b)))|([ap])(?![\w']))(?:-?ish\b)?"
_H12 = r"(1[0-2]|0?[1-9])"
# "9.am": a dot typed before am/pm, read only when the "m" follows ("2.a" is a section)
_MERIDIEM = compiled(rf"(?<![\w:.$€£])(?:@\s*)?{_H12}(?:[:.]([0-5]\d)|\.(?=[ap]\.?\s?m\b))?(?:ish)?\s*{_MER}",
                     re.IGNORECASE)
_AT_BEFORE = compiled(r"(?:\bat|@)\s*$", re.IGNORECASE)
# "15:30", "19:00h", "07:30 hrs", "06:00 hours" (a 24-hour clock says so with "h", "hrs" or "hours")
_CLOCK = compiled(r"(?<![\w:.$€£+−])([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![\d:]|\.\d)(\s?(?:h|hrs|hours)\b)?",
                  re.IGNORECASE)
_SECONDS = compiled(r"(?<![\w:.])(\d{1,2}):([0-5]\d):([0-5]\d)(?:\s*([ap])\.?\s?m\b\.?)?(?![\d:])", re.IGNORECASE)
# "15h30", "8h10m", "8h10m00s"
_H_NOTATION = compiled(
    r"(?<![\w:./])([01]?\d|2[0-3])\s?h(?:([0-5]\d)(?:min|m(?:([0-5]\d)s)?)?)?\b(?!\s*(?:ours?|rs?)\b)", re.IGNORECASE
)
_MILITARY = compiled(r"(?<![\w:.])([01]\d|2[0-3])([0-5]\d)\s*(?:hours|hrs|h)\b", re.IGNORECASE)
# "12 noon", "12:00 noon", "twelve o'clock midnight": the clock written before the word is the same time
_NAMED = compiled(
    r"(?<![\w:.])(?:(?:12(?:[:.]00)?|twelve)(?:\s*o'?\s?clock)?(?:\s*([ap])\.?\s?m\b\.?)?\s+)?"
    r"(noon|midday|midnight|mid-day|mid\s+day|mid[-\s]night|noontime)(?:-?ish)?\b", re.IGNORECASE
)
# "8 tonight", "nine tomorrow morning", "3 in the morning": an hour said right before a day or part of day.
_HOUR_BEFORE_DAY = compiled(
    rf"\b(1[0-2]|0?[1-9]|{HOUR_WORD})(?:[:.]([0-5]\d)|[\s-]+({MINUTE_WORD}))?(?:\s*o'?\s?clock)?(?:-?ish)?"
    r"(?=,?\s+(?:tonight|tonite|this\s+(?:morning|afternoon|evening)|tomorrow|tmrw|today|yesterday|last\s+night|"
    rf"in\s+the\s+(?:morning|afternoon|evening|night|am|pm)\b|at\s+night\b|(?:at\s+)?lunch\s?time\b|at\s+lunch\b|"
    rf"(?:on\s+)?(?:{WEEKDAY})\b))",
    re.IGNORECASE,
)
# "tonight 9", "tomorrow evening 7", "Friday morning 10": a bare hour right after a day's part of day,
# ending its clause; the part settles its half of the day ("tonight 4 people" is a count).
_HOUR_AFTER_PART = compiled(
    rf"\b(?:tonight|tonite|(?:this|today|tomorrow|tmrw|{WEEKDAY})\.?\s+(?:morning|afternoon|evening|night))\s+"
    rf"(1[0-2]|0?[1-9]|{HOUR_WORD})(?:[:.]([0-5]\d)|[\s-]+({MINUTE_WORD}))?(?:-?ish)?(?=\s*(?:$|[,;!?)]|\.(?!\d)))",
    re.IGNORECASE,
)
_PART_OF_DAY_WORDS = frozenset("tonight tonite morning afternoon evening night".split())
# "at 6 30 am", as speech is written down: hour and minutes apart, read only after a cue or at the
# start ("a table for 6 10pm" is six people at ten).
_SPACED_MERIDIEM = compiled(rf"(?<![\w:.$€£])(1[0-2]|0?[1-9])\s([0-5]\d)\s*{_MER}", re.IGNORECASE)
# "330 p.m.", "at 1030", "around 730 in the evening": hours and minutes written without a colon.
_COMPACT_MERIDIEM = compiled(rf"(?<![\w:.$€£])(1[0-2]|[1-9])([0-5]\d)\s*{_MER}", re.IGNORECASE)
_COMPACT_AT = compiled(
    r"(?:\b(?:at|around|about|approximately|approx\.?)\s+|@\s*)(1[0-2]|[1-9])\s?([0-5]\d)(?:ish)?\b"
    r"(?![\w%:/-]|[.,]\d|\s*(?:people|persons|guests|items|dollars|euros|pounds|percent|%)|"
    r"\s*(?:feet|ft|foot|metres|meters|m|km|miles?|kg|lbs?|points?|rpm|each|per|apiece)\b)",
    re.IGNORECASE,
)
_CUE = r"(?:at|around|about|by|till|until|til|before|after|starting|since|approximately|approx\.?)"
# ("set an alarm for six forty five": an alarm is set for a time of day; a timer is set for a while)
_HOUR_LEAD = compiled(rf"(?:^|[.!?,;:(]|\b{_CUE}|@|\balarm\s+for)\s*$", re.IGNORECASE)
# "tomorrow 9 in the morning", "Friday 3 in the afternoon": a day named right before the hour leads it too
# when a part of day, not another day, follows ("tomorrow 8 tonight" says two days)
_DAY_LEAD = compiled(rf"\b(?:today|tomorrow|tmrw|{WEEKDAY})\.?\s+$", re.IGNORECASE)
# "the meeting 8 tonight", "move the call nine tomorrow morning": an hour right after the thing it
# times ("a table for 4 tonight", "dinner 4 tonight": meals are booked for people, so not after them)
_EVENT_LEAD = compiled(
    r"\b(?:meeting|call|appointment|alarm|reminder|interview|session|class|flight|train|bus|pickup|pick-up|"
    r"standup|stand-up|sync|demo)\s+$",
    re.IGNORECASE,
)
_DIGIT_GLUED_BEFORE = compiled(r"\d[:.]$")
_AND_BEFORE = LazyPattern(rf"\b(?:\d{{1,2}}|{HOUR_WORD})\s+and\s+$", re.IGNORECASE)
_MONEY_BEFORE = compiled(r"\b(?:paid|pay|pays|paying|cost|costs|costing|price|priced|spent|spend|owe|owed|owes|"
                         r"charged?|bucks|dollars|euros|pounds|sold|bought|sell|sells|selling|buy|buys|buying|bid|worth|valued)\b",
                         re.IGNORECASE)
_PART_NEXT = compiled(r",?\s+(?:in\s+the\s|at\s+night|at\s+lunch)", re.IGNORECASE)
# "at 5", "around 7", "by 9": an hour after a cue word, not followed by a unit or a digit.
_AT_HOUR = compiled(
    rf"(?:\b{_CUE}\s+|@\s*)(?:(?:about|around|approximately|approx\.?)\s+)?{_H12}(?:ish|\s*o'?\s?clock)?"
    r"(?![\w%:/-]|[.,]\d|\s*(?:people|persons|guests|of|or\s+more|more|days?|weeks?|hours?|mins?|minutes?|"
    r"times?|items?|pieces?|percent|dollars|euros|pounds|kg|km|miles?|tickets?|seats?|rooms?|nights?|[ap]\.?m)\b|"
    r"\s*[-–—]\s*\d+[.,]\d)",  # "at 10 - 10.1": a span of decimals, not a time
    re.IGNORECASE,
)
# "set an alarm for 7", "a reminder for five", "a wake-up call for six": an alarm is set for a time of day
# (a timer for a while; "a reminder for 3 tasks" is a count)
# The phrase is the hour alone ("alarm" is the request's target, and "for 7" alone is no time): a date-time
# field reads it with the request; a time field's quote "7" does not read alone, so one is not filled.
_ALARM_HOUR = LazyPattern(
    rf"\b(?:alarms?|reminders?|wake-?up\s+call)\s+for\s+((1[0-2]|0?[1-9]|{HOUR_WORD})(?:\s*o'?\s?clock)?)\b"
    # ending its clause or before its day ("alarm for 2 jul 22", "alarm for 12 midnight" are other phrases)
    # (a stop only at the end: "alarm for 7. April" is a German date)
    r"(?=\s*(?:$|[,;!?)]|\.\s*$|\s+(?:today|tonight|tomorrow|tmrw|on|this|next|every|daily|please|pls)\b))",
    re.IGNORECASE,
)
_ALARM_WORDS = frozenset("alarm alarms reminder reminders call".split())
# "at 17", "@ 21": an hour of the afternoon or evening on a 24-hour clock.
_AT_24 = compiled(
    r"(?:\bat\s+|@\s*)(1[3-9]|2[0-3])(?:\s*(?:h|hrs|hours)\b)?"
    r"(?![\w%:/-]|[.,]\d|\s*(?:people|persons|guests|of|or\s+more|more|days?|weeks?|minutes?|times?|items?|percent|"
    r"dollars|euros|pounds|kg|km|miles?|tickets?|seats?|rooms?|nights?|years?)\b)",
    re.IGNORECASE,
)
# "19.30", "0900": times written with a dot or as four digits, read only right after a day
# ("Friday 19.30", "12 May 0900"); alone they are numbers.
_DOTTED = compiled(r"(?<![\w.,:/$€£-])([01]?\d|2[0-3])\.([0-5]\d)(?:\s*h\b)?(?![\w%]|[.,]\d)", re.IGNORECASE)
# ("1900Z": the Zulu letter glued on is its zone, see ``zones``)
_FOUR_DIGITS = compiled(r"(?<![\w.,:/$€£-])(0\d|1[0-8]|2[1-3])([0-5]\d)(?:\s*h\b)?(?!(?!z\b)[\w%]|[.,]\d)",
                        re.IGNORECASE)
_OCLOCK = compiled(rf"\b(?:{_H12}|({HOUR_WORD}))\s*o'?\s?clock\b(?:\s*{_MER})?", re.IGNORECASE)
_WORD_CLOCK = compiled(
    rf"\b({HOUR_WORD})(?:[\s-]+({MINUTE_WORD}|o'?\s?clock))?\s*{_MER}", re.IGNORECASE
)
_WORD_AT = compiled(
    rf"\b{_CUE}\s+({HOUR_WORD})(?:[\s-]+({MINUTE_WORD}))?(?:\s*o'?\s?clock)?\b"
    r"(?!\s+(?:people|persons|guests|of|or|more|days?|weeks?|hours?|minutes?|times?|items?|tickets?|seats?|nights?|"
    r"hundred|thousand|million)\b|\s+and\s+\w+(?:[\s-]\w+)?\s+(?:past|to|after|before)\b)",
    re.IGNORECASE,
)
_EVENT_NOUN = (r"meetings?|calls?|appointments?|flights?|trains?|sessions?|interviews?|stand-?ups?|syncs?|"
               r"demos?|lectures?|shows?|showings?|screenings?|reservations?|bookings?|slots?|alarms?|reminders?|"
               r"ferry|ferries|webinars?|briefings?|check-?ins?")
# "eight forty", "ten fifteen", "eleven oh five" said alone (the whole quote, or after a cue and
# before the end of a sentence): hours and minutes in words, either half of the day.
_WORD_PAIR = compiled(
    rf"\b({HOUR_WORD})[\s-]+({MINUTE_WORD})(?=\s*(?:$|[.,;!?])|\s+({_EVENT_NOUN})\b)", re.IGNORECASE
)
# "the twelve thirty meeting", "move my ten fifteen call": hours and minutes in words before the event
# they time, after "the", "a" or an owner ("the two fifty bus" may be a route: buses are not counted)
_OWNER_LEAD = compiled(r"\b(?:a|an|the|my|our|your|his|her|their|this|that|for)\s+$", re.IGNORECASE)
# "fifteen fifteen", "thirteen oh five", "twenty thirty p m", "fifteen hundred hours": a 24-hour
# clock said in words (the hour past twelve says which half of the day it is). Read whole, after a
# cue, before "hours" or pm ("twenty fifteen" after "in" is a year).
_HOURS_24 = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
             "nineteen": 19, "twenty": 20, "twenty one": 21, "twenty two": 22, "twenty three": 23}
# minutes of ten and more, or "oh five": "twenty five" is a number, not 20:05
_MINUTE_24 = alternation(w for w, v in MINUTE_WORDS.items() if v >= 10 or w.startswith(("oh", "o ")))
# Hours that are also the first words of years ("nineteen fifty", "twenty thirty") need a cue word.
_YEAR_LIKE_HOURS = frozenset({16, 17, 18, 19, 20})
_CUE_BEFORE = compiled(rf"(\b{_CUE}|@)\s*$|\balarm\s+(for)\s*$", re.IGNORECASE)
_WORD_24 = LazyPattern(
    rf"\b({alternation(['twenty-one', 'twenty-two', 'twenty-three', *_HOURS_24])})[\s-]+"
    rf"({_MINUTE_24}|hundred)(?![\w-])(\s*(?:hours|hrs|h)\b)?(?:\s*{_MER})?",
    re.IGNORECASE,
)
# The words of a larger number right before an hour word: "twenty five pm" is no time, not 5pm.
_NUMBER_HEAD = LazyPattern(r"\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)"
                           r"(?:\s+and)?[\s-]+$", re.IGNORECASE)
# "eight hundred am", "seven hundred and forty five pm": "800 am" and "745 pm" as speech-to-text
# writes them, the hundreds the hour. Only with am/pm ("five hundred and thirty" is a number), and not
# inside a larger number ("one thousand two hundred and thirty pm").
_HUNDRED_CLOCK = LazyPattern(
    rf"(?<!thousand )(?<!thousand and )\b({HOUR_WORD})\s+hundred(?:\s+(?:and\s+)?({MINUTE_WORD}))?\s*{_MER}",
    re.IGNORECASE,
)
# "at seven hundred hours" (07:00, a 24-hour clock said so), and after a cue or "alarm for", ending
# its clause or before its day, "set an alarm for five hundred and thirty", "arrive at four hundred"
# (5:30 or 17:30: either half of the day); not money ("sell it at five hundred")
_HUNDRED_SAID = LazyPattern(
    rf"(?<!thousand )(?<!thousand and )\b({HOUR_WORD})\s+hundred(?:\s+(?:and\s+)?({MINUTE_WORD}))?\b"
    r"(?:(\s+(?:hours|hrs)\b)|(?=\s*(?:$|[,;!?]|\.(?!\d)|\s+(?:and\s+)?(?:today|tonight|tomorrow|tmrw|on|this)\b)))",
    re.IGNORECASE,
)
# "11ish", "11-ish", "eleven-ish": an hour said roughly, either half of the day; not a count of
# things ("11ish people") nor after "for" or "aged" ("a table for 6ish", "kids aged 8ish").
_HOUR_ISH = LazyPattern(
    rf"(?<![\w:.,$€£/-])(1[0-2]|0?[1-9]|{HOUR_WORD})(?::([0-5]\d))?-?ish\b"
    r"(?!\s*(?:people|persons|guests|of|or\s+more|more|days?|weeks?|hours?|mins?|minutes?|times?|items?|years?|"
    r"percent|dollars|euros|pounds|kg|km|miles?|tickets?|seats?|rooms?|nights?|[ap]\.?m)\b)",
    re.IGNORECASE,
)
# After "around 11", "at 5" or "by 2" a plural noun makes the number a count ("buy around 11 apples",
# "rate it at 5 stars", "won by 2 goals", "retry after 3 attempts"), and so does a unit or a magnitude
# ("at 5 mph", "around 7 billion"). A plural noun: "apples", "chairs", "bucks", "mondays" ("about 3
# mondays after May 25"); not "is", "works", "this", "downstairs".
_WORD_AFTER_COUNT = compiled(
    r"\s+(?!(?:works|does|gets|goes|sounds|seems|suits|fits|was|has|is|pls|thanks|this|his|its|us|yes|plus|thus|"
    r"unless|always|perhaps|towards|afterwards|besides|downstairs|upstairs|outdoors|indoors|sometimes|nowadays|"
    r"hers|ours|yours|theirs|hrs|mins|secs)\b)[^\W\d_]{2,}s\b|"
    r"\s*(?:mph|kph|km/h|billion|million|thousand|dozen|go)\b",
    re.IGNORECASE,
)
_FOR_BEFORE = compiled(r"\b(?:for|aged?|ages)\s+$", re.IGNORECASE)  # a count, an age
# "three mins to five thirty", "10 minutes past 7:30": minutes counted from a time with its own minutes.
_MINUTES_FROM = LazyPattern(
    rf"\b(\d{{1,2}}|{alternation(w for w in MINUTE_WORDS if ' ' not in w and 'oh' not in w)}|{HOUR_WORD})"
    rf"\s+(?:minutes?|mins?)\s+(past|after|to|['’]?till?|before)\s+"
    rf"(?:(1[0-2]|[1-9]):([0-5]\d)(?![\d:-])(?:\s*{_MER})?|({HOUR_WORD})[\s-]+({MINUTE_WORD})(?![\w:-])(?:\s*{_MER})?|"
    # "20 minutes after 14:00", "5 minutes past 09:00", "15 minutes past 15h": from a clock on 24 hours
    r"(0\d|1[3-9]|2[0-3]):([0-5]\d)(?![\w:-])|(1[3-9]|2[0-3])h(?![\w:-]))",
    re.IGNORECASE,
)
_NUMBER = r"(\d{1,2}|" + HOUR_WORD + r"|fifteen|twenty|twenty[-\s]five|three\s+quarters|a\s+quarter|quarter|half)"
_PAST_TO = compiled(
    rf"\b{_NUMBER}(?:\s+(?:minutes?|mins?))?\s+(past|after|to|['’]?till?|before|of|from)\s+({_H12}(?![\d:])|(?:{HOUR_WORD}|noon|midnight)\b)"
    rf"(?![\s-]+(?:{MINUTE_WORD})\b)"  # "three mins to five thirty" is not read as "to five"
    rf"(?:\s*o'?\s?clock\b)?(?:\s*{_MER})?",
    re.IGNORECASE,
)
_RANGE = compiled(
    rf"(?<![\w:.$])(?:from\s+|between\s+)?{_H12}(?:[:.]([0-5]\d))?\s*(?:-|–|—|to|till|until|and)\s*"
    rf"{_H12}(?:[:.]([0-5]\d))?\s*{_MER}",
    re.IGNORECASE,
)
# "9am-5", "noon-2", "from 2:30pm to 4", "between noon and 1": a range whose start says its half of the
# day and whose end is a bare hour; the end is the first such clock after the start ("9am-5" ends at 17:00).
# The end stands at the end of its clause or before its day ("from 2pm to 4 people" is a count).
_RANGE_BARE_END = LazyPattern(
    rf"(?<![\w:.$€£])(?:(from|between)\s+)?(?:{_H12}(?:[:.]([0-5]\d))?\s*{_MER}|(noon|midday))"
    r"\s*(-|–|—|to|and)\s*(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?"
    r"(?=\s*(?:$|[,;!?)]|\.(?!\d)|\s+(?:on|today|tomorrow|tmrw|tonight|this|next)\b))",
    re.IGNORECASE,
)
# "from 11 to noon", "between 9 and midnight": a bare start before noon or midnight, after "from" or
# "between" ("11 to noon" alone may be eleven minutes to noon)
_RANGE_TO_NAMED = LazyPattern(
    r"\b(from|between)\s+(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s*(-|–|—|to|till|til|until|and)\s*(noon|midday|midnight)\b",
    re.IGNORECASE,
)
# "between three and four pm", "from ten to eleven am": the same range in words, after "from" or
# "between" ("ten to five pm" alone is 4:50pm).
_WORD_RANGE = LazyPattern(
    rf"\b(?:from|between)\s+({HOUR_WORD})(?:\s+({MINUTE_WORD}))?\s+(?:to|till|until|and)\s+"
    rf"({HOUR_WORD})(?:\s+({MINUTE_WORD}))?\s*{_MER}",
    re.IGNORECASE,
)
# British "half five": half past five.
_HALF_HOUR_WORD = compiled(
    rf"\bhalf\s+({HOUR_WORD})\b(?:\s*{_MER})?(?!\s+(?:of|an?|hours?|days?|weeks?|dozen|times?|people|ways?)\b)",
    re.IGNORECASE,
)
# "at half 4": with digits only after a cue ("half 4 of them" is a count).
_HALF_HOUR_DIGIT = compiled(
    rf"(?:\b(?:at|around|about|by|until|till|from)\s+|@\s*)half\s+(1[0-2]|0?[1-9])(?![\d:]|\.\d)(?:\s*{_MER})?"
    r"(?!\s+(?:of|an?|hours?|days?|weeks?|dozen|times?|people|ways?|mins?|minutes?)\b)",
    re.IGNORECASE,
)
# "half 10 tomorrow", "half 2 on Friday": digits with the day right after them are a time too.
_HALF_HOUR_DIGIT_DAY = LazyPattern(
    rf"\bhalf\s+(1[0-2]|0?[1-9])(?![\d:]|\.\d)(?:\s*{_MER})?"
    rf"(?=\s+(?:on\s+)?(?:tomorrow|tmrw|today|tonight|(?:{WEEKDAY})\b\.?)(?!\w))",
    re.IGNORECASE,
)
_MINUTES_OF = {"quarter": 15, "a quarter": 15, "three quarters": 45, "half": 30, "fifteen": 15, "twenty": 20,
               "twenty five": 25}


# The minutes said before an hour ("ten to five", "quarter to 3"); any other count there makes a range.
_TO_MINUTES = frozenset({5, 10, 15, 20, 25, 30, 45})
_HAS_MERIDIEM = compiled(r"\d\.?(?:ish)?\s*[ap](?:\.|\s?m|\b)", re.IGNORECASE)
_CUE_WORDS = frozenset("at around about by till until til before after starting since approximately approx".split())
_DAY_WORDS = frozenset(
    "tonight tonite tomorrow tmrw today yesterday morning afternoon evening night am pm lunchtime lunch".split()
) | frozenset(
    WEEKDAYS
)
# "tomorrow, 10 eastern time", "at 9 pacific", "call me 4 ET": a bare hour with a US zone spelled out
# (or its short name in capitals) after it is a time of day, its am/pm open. The zone word alone or
# the short name must end the clause or lead to the day ("10 Eastern Ave", "3 PT sessions" are not).
_US_ZONE = r"(?:eastern|pacific|central|mountain|alaska|hawaii)"
_HOUR_ZONE = compiled(
    rf"(?<![\w:.$/#-])(?<!the )(1[0-2]|0?[1-9])(?=\s+(?:{_US_ZONE}\s+time\b|(?:{_US_ZONE}|(?-i:[EPCM][SD]?T))"
    r"(?=\s*(?:$|[,.;:!?)])|\s+(?:on|tomorrow|today|tonight|this|next)\b)))",
    re.IGNORECASE,
)
_US_ZONE_WORDS = frozenset(
    "eastern pacific central mountain alaska hawaii et pt ct mt est pst cst mst edt pdt cdt mdt".split())
_NOON_OR_MIDNIGHT = frozenset({"noon", "midday", "midnight"})
_COUNTED_UNITS = frozenset("hour hours hr hrs minute minutes min mins".split())
_OFFSET_RELATIONS = frozenset("before after past to till until".split())
_NAMED_WORDS = frozenset("noon midday midnight mid noontime noonish middayish".split())
_HOUR_WORD_SET = frozenset(HOUR_WORDS)
_DAY_NAMES = frozenset({*MONTHS, *WEEKDAYS, "tomorrow", "today", "tonight", "tmrw", "yesterday", "th", "st", "nd",
                        "rd"})
_RELATION_WORDS = frozenset("past after to till til before of from".split())
_OCLOCK_WORDS = frozenset("oclock clock o".split())
_H_WORDS = frozenset("h hours hrs min".split())


def open_hour(hour: int, minute: int) -> tuple[Clock, ...]:
    """Both readings of an hour written without am/pm: 5 -> 05:00 and 17:00; 12 -> 12:00."""
    if hour == 12:
        return ((12, minute),)
    return ((hour, minute), (hour + 12, minute))


def _meridiem(hour: int, minute: int, letter: str) -> Clock:
    return (hour % 12 + (12 if letter.lower() == "p" else 0), minute)


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else HOUR_WORDS[word.lower()]


def _minute(word: str | None) -> int:
    if not word:
        return 0
    key = " ".join(word.lower().replace("-", " ").split())
    if key.replace(" ", "").startswith("o'clock") or key.startswith(("oclock", "o clock")):
        return 0
    return MINUTE_WORDS.get(key, MINUTE_WORDS.get(key.replace(" ", "-"), 0))


def _relation(word: str) -> str:
    """"till", "til", "'til" and "’till" are one word."""
    word = word.lower().lstrip("'’")
    return "till" if word == "til" else word


def _letter(match: re.Match[str], first: int) -> str | None:
    return match.group(first) or match.group(first + 1)


def clock_pieces(text: str, words: frozenset[str] | None = None) -> list[Piece]:
    """Every clock time in ``text`` (overlaps allowed: the grammar keeps the longest)."""
    out: list[Piece] = []
    words = words_of(text) if words is None else words
    mer = _HAS_MERIDIEM.search(text) is not None
    colon = ":" in text
    cue = bool(words & _CUE_WORDS) or "@" in text
    for match in scan(_RANGE, text, mer):
        letter = _letter(match, 5)
        assert letter is not None
        h1, m1, h2, m2 = int(match.group(1)), int(match.group(2) or 0), int(match.group(3)), int(match.group(4) or 0)
        end_clock = _meridiem(h2, m2, letter)
        # "3-5pm" is 15:00-17:00; "11-1pm" crosses noon, so the start is the other half of the day.
        same = _meridiem(h1, m1, letter)
        other = _meridiem(h1, m1, "a" if letter.lower() == "p" else "p")
        start_clock = same if same < end_clock else other
        split = match.start(3)
        while split > match.start() and not text[split - 1].isdigit():
            split -= 1
        out.append(Piece(match.start(), split, "time", clocks=(start_clock,)))
        out.append(Piece(match.start(3), match.end(), "time", clocks=(end_clock,)))
    for match in scan(_RANGE_BARE_END, text, mer or words & {"noon", "midday"}):
        if match.group(7).lower() == "and" and (match.group(1) or "").lower() != "between":
            continue  # "3pm and 4": two times, not a range, unless "between" opens it
        if match.group(6):
            start_clock = (12, 0)
            start_end = match.end(6)
        else:
            letter = _letter(match, 4)
            if letter is None or (match.group(5) and letter.lower() == "a"):
                continue  # "4a-5": a seat or a flat
            start_clock = _meridiem(int(match.group(2)), int(match.group(3) or 0), letter)
            start_end = match.start(7)
            while start_end > match.start() and text[start_end - 1].isspace():
                start_end -= 1
        later = [c for c in open_hour(int(match.group(8)), int(match.group(9) or 0)) if c > start_clock]
        if not later:
            continue  # "5pm-3": no such end the same day
        out.append(Piece(match.start(), start_end, "time", clocks=(start_clock,)))
        out.append(Piece(match.start(8), match.end(), "time", clocks=(min(later),)))
    for match in scan(_RANGE_TO_NAMED, text, words & {"noon", "midday", "midnight"}):
        midnight = match.group(5).lower() == "midnight"
        hour, minute = int(match.group(2)), int(match.group(3) or 0)
        start_clock = (hour % 12 + 12, minute) if midnight else (hour % 12, minute)
        out.append(Piece(match.start(), match.end(3) if match.group(3) else match.end(2), "time",
                         clocks=(start_clock,)))
        out.append(Piece(match.start(5), match.end(), "time", clocks=((0, 0) if midnight else (12, 0),),
                         midnight=midnight))
    for match in scan(_WORD_RANGE, text, words & {"from", "between"} and words & _HOUR_WORD_SET):
        letter = _letter(match, 5)
        assert letter is not None
        if match.group(6) and not match.group(4):
            continue  # "two p": not a time without "m"
        end_clock = _meridiem(_hour(match.group(3)), _minute(match.group(4)), letter)
        same = _meridiem(_hour(match.group(1)), _minute(match.group(2)), letter)
        other = _meridiem(_hour(match.group(1)), _minute(match.group(2)), "a" if letter.lower() == "p" else "p")
        out.append(Piece(match.start(), match.end(2) if match.group(2) else match.end(1), "time",
                         clocks=(same if same < end_clock else other,)))
        out.append(Piece(match.start(3), match.end(), "time", clocks=(end_clock,)))
    for match in scan(_MERIDIEM, text, mer):
        letter = _letter(match, 3)
        assert letter is not None
        cued = match.group(2) or re.search(rf"\b{_CUE}\s*$", _before(text, match.start()))
        if match.group(4) and letter.lower() == "a" and not cued:
            continue  # "4a" alone is a seat or a flat, "at 4a" is a time
        clock = _meridiem(int(match.group(1)), int(match.group(2) or 0), letter)
        out.append(Piece(match.start(), match.end(), "time", clocks=(clock,)))
    for match in scan(_CLOCK, text, colon):
        if match.group(3) and int(match.group(3)):
            continue  # to the second: see _SECONDS
        hour, minute = int(match.group(1)), int(match.group(2))
        if (match.group(4) or "").strip().lower() == "hours" and not (
                match.group(1).startswith("0") or _AT_BEFORE.search(_before(text, match.start(), 8))):
            continue  # "9:30 hours" is as often a while ("the flight takes 9:30 hours"); "06:00 hours" a time
        if match.group(1).startswith("0") or hour == 0 or hour >= 13 or match.group(4):
            out.append(Piece(match.start(), match.end(), "time", clocks=((hour, minute),)))
        else:
            out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, minute), settled=False))
    for match in scan(_HOUR_BEFORE_DAY, text, words & _DAY_WORDS):
        # "a table for 4 tonight": a count, not a time; "8 o'clock tonight" and "the call 8.30 tonight"
        # are times (a count has no minutes), unless money stands before ("$8.30 tonight")
        timed = "clock" in match.group(0).lower() or (
            bool(match.group(2) or match.group(3)) and not re.search(r"[$€£\d.,]\s*$", _before(text, match.start())))
        lead = _before(text, match.start())
        if _DIGIT_GLUED_BEFORE.search(lead):
            continue  # "the score was 3:2 tomorrow": the tail of a number written with a colon or a stop
        day_led = _DAY_LEAD.search(lead) is not None and _PART_NEXT.match(text, match.end()) is not None
        if not timed and not day_led and not _HOUR_LEAD.search(lead) and not _EVENT_LEAD.search(lead):
            continue
        hour = _hour(match.group(1))
        if match.group(3) and match.group(1).isdigit():
            continue  # "3 twenty tomorrow" is no way to write a time
        minute = int(match.group(2)) if match.group(2) else _minute(match.group(3))
        out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, minute), settled=False))
    for match in scan(_HOUR_AFTER_PART, text, words & _PART_OF_DAY_WORDS):
        if match.group(3) and match.group(1).isdigit():
            continue  # "tonight 9 thirty" is no way to write a time
        minute = int(match.group(2)) if match.group(2) else _minute(match.group(3))
        out.append(Piece(match.start(1), match.end(), "time", clocks=open_hour(_hour(match.group(1)), minute),
                         settled=False))
    for match in scan(_COMPACT_MERIDIEM, text, mer):
        letter = _letter(match, 3)
        if letter and not (match.group(4) and letter.lower() == "a"):
            clock = _meridiem(int(match.group(1)), int(match.group(2)), letter)
            out.append(Piece(match.start(), match.end(), "time", clocks=(clock,)))
    for match in scan(_SPACED_MERIDIEM, text, mer):
        letter = _letter(match, 3)
        led = _HOUR_LEAD.search(_before(text, match.start())) is not None
        if letter and not (match.group(4) and letter.lower() == "a") and led:
            clock = _meridiem(int(match.group(1)), int(match.group(2)), letter)
            out.append(Piece(match.start(), match.end(), "time", clocks=(clock,)))
    for match in scan(_COMPACT_AT, text, cue):
        clocks = open_hour(int(match.group(1)), int(match.group(2)))
        out.append(Piece(match.start(), match.end(), "time", clocks=clocks, settled=False))
    for match in scan(_SECONDS, text, colon):
        hour, minute, second = int(match.group(1)), int(match.group(2)), int(match.group(3))
        if not second and not match.group(4):
            continue  # "7:30:00" is read as 7:30 (see _CLOCK); "8:00:00am" is read here
        if match.group(4):  # "7:56:30pm"
            if not 1 <= hour <= 12:
                out.append(Piece(match.start(), match.end(), "time", clocks=((0, 0),), bad=True))
                continue
            clocks, settled = (_meridiem(hour, minute, match.group(4)),), True
        elif hour > 23:
            out.append(Piece(match.start(), match.end(), "time", clocks=((0, 0),), bad=True))
            continue
        elif match.group(1).startswith("0") or hour == 0 or hour >= 13:
            clocks, settled = ((hour, minute),), True
        else:
            clocks, settled = open_hour(hour, minute), False
        out.append(Piece(match.start(), match.end(), "time", clocks=clocks, settled=settled, second=second))
    for pattern in (_H_NOTATION, _MILITARY):
        for match in scan(pattern, text, words & _H_WORDS):
            if re.search(r"\b(?:in|for|within|after|every)\s+(?:\d+/\d+\s*)?$", _before(text, match.start())):
                continue  # "in 1h" is a duration
            clock = (int(match.group(1)), int(match.group(2) or 0))
            second = int(match.group(3) or 0) if pattern is _H_NOTATION else 0
            out.append(Piece(match.start(), match.end(), "time", clocks=(clock,), second=second))
    for match in scan(_NAMED, text, words & _NAMED_WORDS):
        midnight = match.group(2).lower().replace("-", "").replace(" ", "") == "midnight"
        if match.group(1) and (match.group(1).lower() == "a") != midnight:
            out.append(Piece(match.start(), match.end(), "time", clocks=((12, 0),), bad=True))
            continue  # "12am noon": the words disagree
        out.append(Piece(match.start(), match.end(), "time", clocks=((0, 0) if midnight else (12, 0),),
                         midnight=midnight))
    for match in scan(_ALARM_HOUR, text, "for" in words and words & _ALARM_WORDS):
        if _WORD_AFTER_COUNT.match(text, match.end()):
            continue
        out.append(Piece(match.start(1), match.end(), "time", clocks=open_hour(_hour(match.group(2)), 0),
                         settled=False))
    for match in scan(_AT_24, text, cue):
        out.append(Piece(match.start(), match.end(), "time", clocks=((int(match.group(1)), 0),)))
    # dotted and four-digit times stand only after "at" or a day: without such words, not worth a scan
    after_day = cue or bool(words & _DAY_NAMES)
    for match in scan(_DOTTED, text, after_day and "." in text):
        hour, minute = int(match.group(1)), int(match.group(2))
        if 1 <= hour <= 31 and 1 <= minute <= 12 and not match.group(0).lower().endswith("h"):
            continue  # "Monday 19.06" may be the 19th of June: left unread
        start, needs = _cued(text, match)
        if match.group(1).startswith("0") or hour == 0 or hour >= 13:
            out.append(Piece(start, match.end(), "time", clocks=((hour, minute),), needs_day=needs))
        else:
            out.append(Piece(start, match.end(), "time", clocks=open_hour(hour, minute), settled=False,
                             needs_day=needs))
    for match in scan(_FOUR_DIGITS, text, after_day):
        start, needs = _cued(text, match)
        hour, minute = int(match.group(1)), int(match.group(2))
        # after a day "1030" is a 24-hour time, as "0930" and "1430"; "at 1030" is typed for "at 10:30",
        # which may be either half of the day
        casual = needs is None and 10 <= hour <= 12
        clocks, settled = (open_hour(hour, minute), False) if casual else (((hour, minute),), True)
        out.append(Piece(start, match.end(), "time", clocks=clocks, settled=settled, needs_day=needs))
    for match in scan(_WORD_CLOCK, text, words & _HOUR_WORD_SET):
        letter = _letter(match, 3)
        assert letter is not None
        if match.group(4) and not match.group(2):
            continue  # "one a" / "two p": not a time without "m"
        if _NUMBER_HEAD.search(_before(text, match.start(), 24)):
            continue  # "forty five pm", "two hundred and five pm": the tail of a number, not 5pm
        clock = _meridiem(_hour(match.group(1)), _minute(match.group(2)), letter)
        out.append(Piece(match.start(), match.end(), "time", clocks=(clock,)))
    for match in scan(_HUNDRED_CLOCK, text, "hundred" in words):
        letter = _letter(match, 3)
        assert letter is not None
        if match.group(4) and not match.group(2):
            continue  # "eight hundred a": not a time without "m"
        clock = _meridiem(_hour(match.group(1)), _minute(match.group(2)), letter)
        out.append(Piece(match.start(), match.end(), "time", clocks=(clock,)))
    for match in scan(_HUNDRED_SAID, text, "hundred" in words):
        hour, minute = _hour(match.group(1)), _minute(match.group(2))
        if match.group(3):
            out.append(Piece(match.start(), match.end(), "time", clocks=((hour, minute),)))
            continue
        lead = _before(text, match.start())
        cue_word = _CUE_BEFORE.search(lead)
        if cue_word and not _MONEY_BEFORE.search(lead) and not _NUMBER_HEAD.search(lead):
            # a cue word stays in the quote, as in "at 5": "five hundred and thirty" alone is a number; after
            # "alarm for" the phrase is the hour alone ("alarm" is the request's target)
            start = match.start() - len(lead) + cue_word.start(1) if cue_word.group(1) else match.start()
            out.append(Piece(start, match.end(), "time", clocks=open_hour(hour, minute), settled=False))
    for match in scan(_PAST_TO, text, words & _RELATION_WORDS):
        counted_start = " min" in match.group(0).lower() or match.group(1).lower().endswith(("quarter", "quarters",
                                                                                                "half"))
        lead = _before(text, match.start())
        # "between ten to eleven am" without its "and" is the range "from ten to eleven am" too
        ranged = re.search(r"\bfrom\s+$", lead) or (
            re.search(r"\bbetween\s+$", lead) and not re.match(r"\s+and\b", text[match.end():]))
        if ranged and _relation(match.group(2)) in ("to", "till") and not counted_start:
            # "from ten to five" is a range, not 4:50; "from twenty after 3pm", "from a quarter to noon",
            # "from 20 minutes to 2pm" hold no hour to start one ("between" joins its ends by "and"), and
            # read apart, the time would be read without its minutes
            continue
        named_target = match.group(3).lower() in ("noon", "midnight") or _letter(match, 5)
        relation = _relation(match.group(2))
        counted = " min" in match.group(0).lower() or relation == "past"
        if match.group(1).isdigit() and not counted and not named_target:
            continue  # "3 to 5" is a range; "10 minutes to 5", "20 past 3pm" and "10 past 9" are times
        if match.group(1).isdigit() and relation in ("after", "before") and " min" not in match.group(0).lower() \
                and _FOR_BEFORE.search(_before(text, match.start(), 8)):
            continue  # "a table for 4 after 7pm": a count of people, then the time (not 19:04)
        if re.search(r"\d[:.]$", _before(text, match.start(), 4)):
            continue  # "9:30 till 10pm": the minutes of a clock, not 30 minutes till 10pm
        if _AND_BEFORE.search(_before(text, match.start(), 24)):
            continue  # "five and twenty past four" (4:25) is not "twenty past four"
        raw = " ".join(match.group(1).lower().replace("-", " ").split())
        minutes = int(raw) if raw.isdigit() else _MINUTES_OF.get(raw, HOUR_WORDS.get(raw))
        if relation in ("to", "till", "before") and " min" not in match.group(0).lower() and minutes not in _TO_MINUTES:
            continue  # "three to five", "8 to 10pm", "six to seven pm": a range; "ten to five" is 4:50
        piece = _past_to(match)
        if piece is not None:
            out.append(piece)
    for match in (*scan(_HALF_HOUR_WORD, text, "half" in words and words & _HOUR_WORD_SET),
                  *scan(_HALF_HOUR_DIGIT, text, "half" in words and cue),
                  *scan(_HALF_HOUR_DIGIT_DAY, text, "half" in words)):
        letter = _letter(match, 2)
        hour = _hour(match.group(1))
        if letter:
            out.append(Piece(match.start(), match.end(), "time", clocks=(_meridiem(hour, 30, letter),)))
        else:
            out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, 30), settled=False))
    for match in scan(_AT_HOUR, text, cue):
        if _WORD_AFTER_COUNT.match(text, match.end()):
            continue  # "buy around 11 apples", "rate it at 5 stars": a count, not a time
        # the cue stays in the quote: "at 5" is a time, a bare "5" is not
        out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(int(match.group(1)), 0), settled=False))
    for match in scan(_WORD_24, text, words & _HOURS_24.keys()):
        minute = 0 if match.group(2).lower() == "hundred" else _minute(match.group(2))
        letter = _letter(match, 4)
        hour = _HOURS_24[" ".join(match.group(1).lower().replace("-", " ").split())]
        needed = _CUE_BEFORE if hour in _YEAR_LIKE_HOURS else _HOUR_LEAD
        led = needed.search(_before(text, match.start())) is not None
        ended = re.match(r"\s*(?:$|[.,;!?])", text[match.end():]) is not None
        if letter:
            if letter.lower() == "a":
                continue  # "fifteen thirty a m": the words disagree
        elif not match.group(3) and not (led and (ended or match.group(2).lower() != "hundred")):
            continue  # "in twenty fifteen" is a year; "fifteen hundred" a number
        if match.group(2).lower() == "hundred" and not (match.group(3) or letter):
            continue
        out.append(Piece(match.start(), match.end(), "time", clocks=((hour, minute),)))
    for match in scan(_HOUR_ISH, text, "ish" in text.lower()):
        if _FOR_BEFORE.search(_before(text, match.start(), 8)):
            continue
        hour = _hour(match.group(1))
        out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, int(match.group(2) or 0)),
                         settled=False))
    for match in scan(_MINUTES_FROM, text, words & _RELATION_WORDS):
        raw = " ".join(match.group(1).lower().replace("-", " ").split())
        minutes = int(raw) if raw.isdigit() else MINUTE_WORDS.get(raw, HOUR_WORDS.get(raw))
        if minutes is None or not 0 < minutes < 60:
            continue
        if match.group(11) or match.group(13):  # "14:00", "15h": the hour as written
            hour, base = int(match.group(11) or match.group(13)), int(match.group(12) or 0)
            letter = None
            targets: tuple[Clock, ...] = ((hour, base),)
        else:
            hour = int(match.group(3)) if match.group(3) else _hour(match.group(7))
            base = int(match.group(4)) if match.group(4) else _minute(match.group(8))
            letter = _letter(match, 5) or _letter(match, 9)
            targets = (_meridiem(hour, base, letter),) if letter else open_hour(hour, base)
        sign = -1 if _relation(match.group(2)) in ("to", "till", "before") else 1
        clocks = tuple(((h * 60 + m + sign * minutes) // 60 % 24, (h * 60 + m + sign * minutes) % 60)
                       for h, m in targets)
        out.append(Piece(match.start(), match.end(), "time", clocks=clocks, settled=len(targets) == 1))
    for match in scan(_WORD_PAIR, text, words & _HOUR_WORD_SET):
        lead = _before(text, match.start())
        # "tomorrow six forty five": a day leads it, unless money is being talked of ("paid Friday two fifty")
        if (_HOUR_LEAD.search(lead) or (_DAY_LEAD.search(lead) and not _MONEY_BEFORE.search(lead))
                or (match.group(3) and _OWNER_LEAD.search(lead))):
            hour, minute = _hour(match.group(1)), _minute(match.group(2))
            out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, minute), settled=False))
    for match in scan(_WORD_AT, text, words & _HOUR_WORD_SET):
        if not match.group(2) and _WORD_AFTER_COUNT.match(text, match.end()):
            continue  # "rated at five stars", "won by two goals"
        hour, minute = _hour(match.group(1)), _minute(match.group(2))
        out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, minute), settled=False))
    for match in scan(_OCLOCK, text, words & _OCLOCK_WORDS):
        letter = _letter(match, 3)
        hour = _hour(match.group(1) or match.group(2))  # "7 o'clock", "seven o'clock"
        if letter:
            out.append(Piece(match.start(), match.end(), "time", clocks=(_meridiem(hour, 0, letter),)))
        else:
            out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(hour, 0), settled=False))
    for match in scan(_HOUR_ZONE, text, words & _US_ZONE_WORDS):
        out.append(Piece(match.start(), match.end(), "time", clocks=open_hour(int(match.group(1)), 0), settled=False))
    if words & _NOON_OR_MIDNIGHT or (words & _COUNTED_UNITS and words & _OFFSET_RELATIONS):
        out += named_hour_offset_pieces(text)  # "2 hours before noon", "an hour before 5pm"
    return out


_AT_BEFORE = compiled(r"(?:\bat\s+|@\s*)$", re.IGNORECASE)
# Words after "at 12.50" or "at 1200" that make it a price or a count, not a time.
_NOT_A_TIME_AFTER = compiled(
    r"\s*(?:each|per|apiece|a\s+(?:piece|head|month|year|night)|dollars?|euros?|pounds?|usd|eur|gbp|people|"
    r"persons|guests|items?|units?|feet|ft|metres|meters|m|km|miles?|kg|lbs?|rpm|points?)\b",
    re.IGNORECASE,
)


def _cued(text: str, match: re.Match[str]) -> tuple[int, str | None]:
    """Where a dotted or four-digit time starts, and whether it needs a day before it: after "at"
    ("at 19.30", "at 1700") it is a time on its own; otherwise only right after a day."""
    cue = _AT_BEFORE.search(_before(text, match.start(), 8))
    if cue is None or _NOT_A_TIME_AFTER.match(text, match.end()):
        return match.start(), "after"
    return match.start() - len(cue.group(0)), None


def _past_to(match: re.Match[str]) -> Piece | None:
    raw = " ".join(match.group(1).lower().replace("-", " ").split())
    minutes = int(raw) if raw.isdigit() else _MINUTES_OF.get(raw, HOUR_WORDS.get(raw))
    if minutes is None or not 0 < minutes < 60:
        return None
    relation = _relation(match.group(2))
    target = match.group(3).lower()
    if target in ("noon", "midnight"):
        base: tuple[Clock, ...] = ((12, 0),) if target == "noon" else ((0, 0),)
        settled = True
    else:
        hour = _hour(target)
        letter = _letter(match, 5)
        if letter:
            base, settled = (_meridiem(hour, 0, letter),), True
        else:
            base, settled = open_hour(hour, 0), False
    if relation == "of" and raw not in ("quarter", "a quarter", "twenty", "ten", "five", "twenty five"):
        return None  # "quarter of 4" is 3:45 in the US; "3 of 5" is not a time
    if relation == "from" and " min" not in match.group(0).lower():
        return None
    before = relation in ("to", "till", "before", "of")
    clocks = []
    for hour, _ in base:
        total = (hour * 60 + (-minutes if before else minutes)) % (24 * 60)
        clocks.append((total // 60, total % 60))
    return Piece(match.start(), match.end(), "time", clocks=tuple(clocks), settled=settled)
