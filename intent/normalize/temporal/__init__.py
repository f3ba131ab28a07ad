"""The time grammar: dates, times and date-times in English text, read against a reference time.

``read_temporal(text, reference)`` returns every phrase with its readings (several when the words
allow several: "next Wednesday" said on a Monday, "2/3", "at 5"). The families, one module each:
``calendar`` (written dates), ``weekdays``, ``relative`` (today, in 3 days, 2 hours ago),
``holidays``, ``clock`` (times of day), ``zones``; ``grammar`` joins their pieces into phrases
and ranges; ``tense`` tells whether a sentence speaks of the past (which way "Monday" or "Nov 20"
goes); ``values`` writes readings as date, date-time and time field values.
"""

from intent.normalize.temporal.events import counted_from_unknown_day
from intent.normalize.temporal.grammar import enclosing_phrase, read_temporal, unread_in_context
from intent.normalize.temporal.pieces import Reading, TemporalMention
from intent.normalize.temporal.tense import Tense, tense_at
from intent.normalize.temporal.values import date_time_text, dates_of, moments_of, offset_text, times_of

__all__ = [
    "Reading",
    "TemporalMention",
    "Tense",
    "counted_from_unknown_day",
    "date_time_text",
    "dates_of",
    "enclosing_phrase",
    "moments_of",
    "offset_text",
    "read_temporal",
    "tense_at",
    "times_of",
    "unread_in_context",
]
