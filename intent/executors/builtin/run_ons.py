"""Where a request starts inside a clause that reads as none, said without a pause or a comma.

- After a name that calls the assistant: "olly turn the volume up", "google please mute".
- After a time that opens the clause: "on tuesday what is the weather", "every monday at five pm
  remind me to call phil" (a time that is the subject, "today was a hard day", asks nothing).
- After a statement: "i have a meeting at ten please remind me", "i don't want to carry an umbrella
  will we have rain today", "it's five here what time is it in england", "the meeting has been
  changed put it on thursday".
- After a polite "if you could" when nothing else asks: "it would be great if you could | wake me at
  six am", "if you could | book a table for friday that would be lovely".
- After the words of a reminder said as a rule with its own time: "remember to | remind me about the
  meeting at four pm", "don't forget to | call the dentist tomorrow" ("Don't forget to attach the
  receipt" stays a rule for the request).

``request_starts`` proposes the places; the reader classifies the words from there and keeps the
first place where they read as a request. The words before it are left as a fragment: what they
say (a time, a place) still reaches the request's fields.
"""

from __future__ import annotations

from collections.abc import Iterator

from intent.executors.builtin.clause_words import Clause, frame_at, is_verb_start, match_at
from intent.executors.builtin.lexicon import (
    ASSISTANT_NOUNS,
    DETERMINERS,
    INDIRECT_QUESTION_VERBS,
    PHRASAL,
    SUBJECT_PRONOUNS,
    SUBORDINATORS,
    VERBS,
    WH_WORDS,
)
from intent.executors.builtin.phrases import Span
from intent.executors.builtin.time_spans import covered
from intent.executors.builtin.tokens import Token

__all__ = ["MAX_TRIES", "request_starts"]

MAX_TRIES = 4  # places tried per clause: the reading stays linear in the text
_AUX = frozenset("is are was were will would can could do does did should has have am 's".split())
_MODALS = frozenset("will would can could should shall may might must".split())
_QUESTION_AUX = frozenset("will would can could is are do does did".split())
_QUESTION_SUBJECTS = frozenset({"we", "you", "i", "it", "there", "they", "u"})
# Words around a time that opens a clause ("on", "every", "daily"), part of it.
_TIME_LEAD = frozenset(
    """on by at in every each the this next coming following daily weekly nightly of from starting""".split()
)
# Words that call no one: negations, modals, links, degree words ("wouldn't mind", "anything i need").
_NOT_NAMES = frozenset(
    """not no never dont wont cant didnt doesnt isnt will would can could should shall may might must and
    or but so if then than because also just really very too anything something nothing everything
    anyone someone nobody everyone any some every each all this that these those here there now""".split()
)
# Words of a time the grammar leaves to others (a recurrence: "every wednesday night at five pm").
_TIME_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
    saturdays sundays morning afternoon evening night tonight today tomorrow noon midnight am pm week
    weekend day one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty half quarter past""".split()
)
# Words after which a question is reported, not asked ("i wonder if you could", "i know what time it is").
_REPORTING = INDIRECT_QUESTION_VERBS | SUBORDINATORS | frozenset(
    "that whether what which who to know wonder wondering sure idea".split())


def _in_time(token: Token, temporal: list[Span]) -> bool:
    return token.low in _TIME_WORDS or token.low[:1].isdigit() or covered(temporal, token.start)


def _after_time(tokens: list[Token], body: int, temporal: list[Span]) -> int | None:
    """The first word after a time that opens the clause ("on tuesday | what is ..."), or None."""
    index, timed = body, False
    while index < len(tokens) and (_in_time(tokens[index], temporal) or tokens[index].low in _TIME_LEAD
                                   or tokens[index].low == ","):  # fmt: skip
        timed = timed or _in_time(tokens[index], temporal)
        index += 1
    if not timed or index >= len(tokens) or tokens[index].low in _AUX:
        return None  # "today was a hard day": the time is what the clause is about
    if tokens[index].low in ASSISTANT_NOUNS:
        return None  # "the five fifteen train to leeds is late": the time names the thing, no verb follows
    return index


def _asks_next(tokens: list[Token], index: int) -> bool:
    """Does a question in its own order start at ``index`` ("what is ...", "what's ...", "do i have ...")?"""
    word = tokens[index].low
    following = tokens[index + 1].low if index + 1 < len(tokens) else ""
    if word in WH_WORDS:
        return following in _AUX or word.endswith("'s") or word in ("whats", "hows", "wheres", "whens", "whos")
    return word in _QUESTION_AUX and following in _QUESTION_SUBJECTS


# The names people call assistants by: after one of them any verb with its object starts the request,
# a misspelt one too; after another word ("john likes the music") only a known verb does.
_ASSISTANT_NAMES = frozenset("olly siri alexa google cortana bixby assistant computer".split())


def _after_name(tokens: list[Token], body: int) -> int | None:
    """ "olly | turn the volume up", "siri | what is the weather": one word calling the assistant, then a
    verb, a request frame or a question in its own order."""
    if body + 1 >= len(tokens):
        return None
    name, following = tokens[body].low, tokens[body + 1]
    if (not tokens[body].is_word or name in VERBS or name in DETERMINERS or name in SUBJECT_PRONOUNS
            or name in WH_WORDS or name in _AUX or name in _NOT_NAMES or name.endswith("n't")
            or name[:1].isdigit()):  # fmt: skip
        return None
    if (following.low in VERBS or frame_at(tokens, body + 1) or following.low in ("i", "i'd", "i'm")
            or _asks_next(tokens, body + 1)):  # fmt: skip
        return body + 1
    if name in _ASSISTANT_NAMES and is_verb_start(tokens, body + 1, strict=False):
        return body + 1  # "olly chance the light settings": after the assistant's name, an unknown verb too
    return None


# What a verb's object opens with: "... book an uber for me", "... wake me at eight".
_OBJECTS = frozenset("me us the a an my our all some".split())
# Words a verb follows inside a statement: its subject, an auxiliary, "to", a negation, an adverb of
# the statement ("i usually play the piano", "my kids play the piano", "we had to cancel the trip").
_NOT_BEFORE_A_REQUEST = frozenset(
    """to not never also always usually often sometimes just really still already even only and or but
    then who that which where when if because let let's""".split()
)

# The verb of a statement about a thing ("my flight is at six", "the meeting was moved", "it's late").
_STATING = frozenset("is are was were 's it's that's there's".split())
_NOT_ADVERBS = frozenset("early daily weekly monthly nightly hourly yearly".split())  # "it is too early | wake me"


_Marks = tuple[int, int]  # where a clause's first stating verb (after its first word) and first subject stand


def _marks(tokens: list[Token]) -> _Marks:
    """Read once per clause, so that looking at every place stays linear in the clause."""
    stating = next((i for i in range(1, len(tokens)) if tokens[i].low in _STATING), len(tokens))
    subject = next((i for i, t in enumerate(tokens) if t.low in SUBJECT_PRONOUNS or t.low.endswith(("'m", "'re"))),
                   len(tokens))
    return stating, subject


def _after_statement(tokens: list[Token], index: int, temporal: list[Span], marks: _Marks) -> bool:
    """Does a statement of its own end right before ``index``, where a verb with its object starts
    ("i am going to the airport at six am | book an uber for me", "it is too loud | turn the music down")?

    The words before must hold a subject pronoun and a verb form after it, and the word right before
    must end a statement: not a subject, an auxiliary, "to", a negation, an adverb, a plural noun.
    """
    previous = tokens[index - 1]
    low = previous.low
    if not previous.is_word:
        return False
    if _in_time(previous, temporal):
        pass  # "... at six am | book an uber", "... at ten | call a taxi": a time ends the statement
    elif low in SUBJECT_PRONOUNS or low in _NOT_BEFORE_A_REQUEST or low in DETERMINERS:
        return False
    elif low in _AUX or low in _MODALS or low.endswith(("n't", "'ll", "'d")):
        return False
    elif (low.endswith("ly") and low not in _NOT_ADVERBS) or (low.endswith("s") and not low.endswith("ss")):
        return False  # "i usually play the piano", "my kids play the piano": an adverb, a plural subject
    stating, subject = marks
    if stating < index - 1:
        return True  # "my flight is at six am tomorrow | wake me at four", "the meeting was moved | update ..."
    if subject >= index:
        return False
    # "i'm hungry | show me ...": the contraction holds the verb; "i am hungry" needs its third word
    return subject < index - 1 if "'" in tokens[subject].low else subject + 1 < index - 1


def _asked_inside(tokens: list[Token], index: int, temporal: list[Span], marks: _Marks) -> bool:
    """Does a question or a "please" request start at ``index``, inside a statement?"""
    word = tokens[index].low
    previous = tokens[index - 1].low
    following = tokens[index + 1].low if index + 1 < len(tokens) else ""
    if not following or previous in _REPORTING or (previous in _AUX and not _in_time(tokens[index - 1], temporal)):
        return False  # "... if you could", "i am please": no request starts; "at ten am please remind me" does
    if word == "please":
        return following in VERBS
    if word == "just" and following in VERBS:  # "i can't hear | just turn the volume up"
        return index + 2 < len(tokens) and _after_statement(tokens, index, temporal, marks)
    if word in VERBS and following in ("it", "them"):  # "... has been changed put it on thursday"
        return previous not in _MODALS and previous not in SUBJECT_PRONOUNS and not previous.endswith("'ll")
    if word in VERBS and (following in _OBJECTS or following in PHRASAL.get(word, ())):
        return _after_statement(tokens, index, temporal, marks)
    if word in _QUESTION_AUX:
        return following in _QUESTION_SUBJECTS and previous not in SUBJECT_PRONOUNS
    if word in ("what's", "where's", "when's", "how's", "who's") and following not in SUBJECT_PRONOUNS:
        # "we're flying to rome on friday | what's the weather there"
        return _after_statement(tokens, index, temporal, marks) or previous in _TIME_WORDS
    if word in WH_WORDS:  # "what time is it": the order of a question, not "what time it is" or "what to do"
        return any(t.low in _AUX for t in tokens[index + 1 : index + 3]) and not any(
            t.low in SUBJECT_PRONOUNS or t.low == "to" for t in tokens[index + 1 : index + 3])
    return False


# Reminders to do something, said as a rule: when nothing else in the turn asks, what to do is asked.
_REMINDERS = (("remember", "to"), ("don't", "forget", "to"), ("dont", "forget", "to"), ("do", "not", "forget", "to"),
              ("be", "sure", "to"), ("make", "sure", "to"), ("please", "remember", "to"))


def _after_reminder(clause: Clause, temporal: list[Span]) -> int | None:
    """ "remember to | remind me about the client meeting at four pm": the verb after the rule's words,
    when the rule says when to do it ("Don't forget to attach the receipt" is a rule for the request)."""
    tokens, body = clause.tokens, clause.body
    for words in _REMINDERS:
        end = body + len(words)
        if match_at(tokens, body, words) and end < len(tokens) and tokens[end].low in VERBS:
            return end if any(covered(temporal, t.start) for t in tokens[end:]) else None
    return None


_POLITE_IFS = (("if", "you", "could"), ("if", "you", "would"), ("if", "u", "could"))  # "if you can" may be a condition


def _after_polite_if(clause: Clause) -> int | None:
    """ "(it would be great) if you could | wake me at six am (that would be great)": the verb after a
    polite "if you could", when nothing else in the turn asks."""
    tokens, body = clause.tokens, clause.body
    for words in _POLITE_IFS:
        end = body + len(words)
        if match_at(tokens, body, words) and end < len(tokens) and tokens[end].low in VERBS:
            return end
    return None


def request_starts(clause: Clause, temporal: list[Span]) -> Iterator[int]:
    """Places inside ``clause`` (token indexes after its body) where a request may start, in order.

    ``temporal``: where the text's times stand, sorted and disjoint (``time_spans``).

    A rule ("Don't send any notifications", "Never use my email") opens with its own words: only a
    question after it ("i don't want to carry an umbrella will we have rain today") is looked for.
    """
    tokens = clause.tokens
    body = clause.body
    if body >= len(tokens):
        return
    if clause.kind != "constraint":
        for start in (_after_name(tokens, body), _after_time(tokens, body, temporal)):
            if start is not None and start > body:
                yield start
    elif clause.constraint_kind == "requirement" and (start := _after_reminder(clause, temporal)) is not None:
        yield start
    elif clause.constraint_kind == "preference" and (start := _after_polite_if(clause)) is not None:
        yield start
    marks = _marks(tokens)
    for index in range(body + 2, len(tokens) - 1):  # a statement has two words at least
        if _asked_inside(tokens, index, temporal, marks):
            yield index
