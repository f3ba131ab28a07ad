"""A count of months or years right after the name of a day the grammar cannot date.

"Diwali in two years", "Lakshmi Puja six years hence", "my birthday in 2 years": the count picks
which occurrence of that day is meant, and that day's date is not known here; read alone, the
count would give the day two years from today, a confident wrong answer. Such a count is not
read. Days and weeks still are ("my birthday in 3 days" is when the birthday is), and so is a
count after anything else ("Call Bob in 2 years", "renew the passport in 5 years").

The names are the days of lunar and other calendars that the grammar leaves unread
(``holidays``), the words such days are named with ("... Puja", "... Jayanti"), and the nouns of
a day that comes back every year (a birthday, an anniversary, a festival), and, with no list, a
name the grammar does not know where a day is named: a capitalised word inside its sentence after
"for", "on", "at", "until", "by", "before", "after" or "during" ("dinner for Oktoberfest in 2 years",
"book the hall for Founders Feast in six months"). The object of a verb is a count from today
("Call Bob in 2 years", "Remind me to call Mom in 3 months", "Plan Oktoberfest in 2 years": the
planning is what is counted, or the event; the words do not say, and a person or a place is the
commoner object). A count of days or weeks after a name is still read ("dinner for Bob in 2 days"):
an event's next occurrence is rarely that close, and the count is what is meant. A name in lower
case is not caught.
Known holidays moved by a count ("thanksgiving in 3 years") are dropped elsewhere (the holiday is
read, and the count after it is a qualifier it did not take).
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import COUNT_ANY, TRIGGER_WORDS

__all__ = ["counted_from_unknown_day"]

# Annual days: what a day of another calendar, or a day that comes back every year, is called by.
_YEARLY_DAY_WORDS = frozenset(
    # nouns of a day that comes back every year
    "birthday birthdays bday anniversary anniversaries jubilee festival festivals fest feast carnival "
    "celebration celebrations holiday holidays eve "
    # days of lunar and other calendars, and the words they are named with
    "diwali deepavali dipawali holi navratri navaratri dussehra dasara dashain vijayadashami puja pooja "
    "jayanti navami chaturthi chaturdashi purnima poornima ekadashi amavasya saptami ashtami dashami shashthi "
    "trayodashi sankranti shivaratri shivratri janmashtami rakhi bandhan chauth dhanteras dooj chhath onam "
    "pongal baisakhi vaisakhi lohri ugadi padwa bihu gurpurab eid ramadan ramzan muharram ashura mawlid "
    "hanukkah chanukah hanukah passover pesach purim sukkot shavuot hashanah kippur baomer bishvat "
    "vesak wesak losar seollal chuseok songkran nowruz norooz obon qingming tet".split()
)
# "in two years", "six years hence", "a year from today", "2 months from now", "in 1 year and 3 days"
_COARSE_COUNT = compiled(rf"(?:in\s+)?(?:{COUNT_ANY})\b[^.,;:!?]*?\b(?:months?|years?|yrs?)\b", re.IGNORECASE)
_WORD_BEFORE = compiled(r"([^\W\d_]+)(?:['’]s?)?[ \t]+(?:(?:is|falls|comes)[ \t]+)?$")
# What may stand before a word that opens a sentence (its capital then says nothing of a name).
_BACKWARD = compiled(r"\b(?:ago|back|before|earlier)\b", re.IGNORECASE)
_DETERMINER_BEFORE = compiled(r"\b(?:the|a|an|my|our|your|his|her|their|its|this|that)[ \t]+$", re.IGNORECASE)
_CAPITALISED_BEFORE = compiled(r"\b[A-Z][^\W\d_]*['’]?[ \t]+$")
# The words that make the name after them the day something is for or on (not a verb's object).
_DAY_SLOT_BEFORE = compiled(r"\b(?:for|on|at|until|till|by|before|after|during)[ \t]+$", re.IGNORECASE)
_SENTENCE_OPENING = compiled(r"(?:^|[.!?:;\n\"“(]|[-–—]\s)\s*$")


def counted_from_unknown_day(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` counts months or years from now and stands right after the name of a day
    whose date the grammar does not know: which occurrence of that day is the question."""
    if _COARSE_COUNT.match(text, start, end) is None:
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if before is None:
        return False
    word = before.group(1)
    if word.lower() in _YEARLY_DAY_WORDS:
        return True
    # "The Deadline is in 2 months": what is in 2 months is said, and a noun after "the" is no name;
    # "He left Google 2 years ago": a count back from today after a name is a count (the question of
    # which occurrence is asked when something is planned)
    stated = before.group(0).split()[-1].lower() in ("is", "falls", "comes")
    backward = _BACKWARD.search(text, start, end) is not None
    return not stated and not backward and _unknown_name(text, before.start(1), word)


def _unknown_name(text: str, at: int, word: str) -> bool:
    """``word`` (at ``at``) ends a run of capitalised words inside its sentence, right after a word
    that names the day something is for or on, and is no word the grammar reads."""
    if len(word) < 2 or not word[0].isupper() or word.lower() in TRIGGER_WORDS:
        return False
    while (previous := _CAPITALISED_BEFORE.search(text, max(0, at - 30), at)) is not None:
        at = previous.start()  # "for Founders Feast": the slot word stands before the whole name
    if _DETERMINER_BEFORE.search(text, max(0, at - 8), at) or not _DAY_SLOT_BEFORE.search(text, max(0, at - 8), at):
        return False
    return _SENTENCE_OPENING.search(text, max(0, at - 8), at) is None
