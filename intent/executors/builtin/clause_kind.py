"""What a clause is: a request, a constraint, a reason, a fragment or small talk, and where its content starts.

``classify`` runs small deciding steps in order; each either settles the clause's kind (and
returns True / None) or lets the next one look.
"""

from __future__ import annotations

from intent.executors.builtin.clause_openings import after_frames, after_marker, read_openings
from intent.executors.builtin.clause_words import Clause, constraint_at, frame_at, is_verb_start, match_at
from intent.executors.builtin.lexicon import (
    ASSISTANT_NOUNS,
    DETERMINERS,
    NOUN_COMPOUNDS,
    SOCIAL_WORDS,
    SUBJECT_PRONOUNS,
    VERBS,
    WH_WORDS,
)
from intent.executors.builtin.tokens import Token

__all__ = ["classify"]

_PRESERVE_VERBS = frozenset("keep save leave retain preserve maintain protect hold".split())
_MODALS = frozenset({"must", "should", "shall"})
_NEED_MODALS = frozenset({"needs", "has", "have", "need"})
_AUX = frozenset(
    "is are was were will would can could do does did should has have 's am shall may might".split()
)
# Who a yes/no question to the assistant is about: "do I have", "is there", "will it", "did you",
# "has anyone called", "is the alarm set". A name is left out: "Will Smith movies" asks nothing.
_ASKED_SUBJECTS = frozenset(
    """i me my you u we there it they your our the this that these those any anyone anybody anything
    someone somebody something everyone everybody everything""".split()
)
# These open a question whoever the subject is ("did mike send me an email", "is jimmie's party
# cancelled", "has derek logged in today"): none of them opens a request or a name.
_ASKING_AUX = frozenset("is are was were does did has".split())
# "do" and "have" also open requests with their object ("Do it now", "Have my car washed").
_ACTION_AUX = frozenset({"do", "have"})
_ACTION_AUX_SUBJECTS = frozenset({"i", "you", "u", "we"})
# Questions that tell rather than ask ("Did you know that ...", "Do you know what? ..."); and
# "Should you need help, call me" is a condition, not a question.
_WH_IS = frozenset({"whats", "wheres", "whos", "hows", "whens"})  # "what's" written without its apostrophe
_TELLING_QUESTIONS = (("did", "you", "know"), ("do", "you", "know", "what"), ("should", "you"))



# "whats today", "what is tomorrow": a question about a day, made of words that are small talk
# elsewhere ("what's up today", "have a good day today").
_ASKED_DAYS = frozenset({"today", "tomorrow", "tonight"})


def _asks_the_day(words: list[Token]) -> bool:
    lows = [t.low for t in words]
    if len(lows) == 3 and lows[1] == "is":
        lows = [lows[0], lows[2]]
    return len(lows) == 2 and lows[0] in ("what", "what's", "whats") and lows[1] in _ASKED_DAYS


# A tag said as a clause of its own (", isn't it?", ", is that right?"): it asks about the clause before it
# (``asked_in_place``), it is no request by itself.
_TAG_AUX = frozenset(
    """isn't aren't wasn't weren't don't doesn't didn't haven't hasn't won't wouldn't can't couldn't shouldn't
    isnt arent wasnt werent dont doesnt didnt havent hasnt wont wouldnt cant couldnt shouldnt""".split())
_TAG_SUBJECTS = frozenset("i you we it they he she there that".split())


def _tag_only(lows: list[str]) -> bool:
    if len(lows) == 1:
        return lows[0] in ("right", "correct")
    if len(lows) == 2:
        return lows[1] in _TAG_SUBJECTS and (lows[0] in _TAG_AUX or lows[0] in ("is", "are", "was", "were", "am"))
    return len(lows) == 3 and lows[0] in ("is", "am") and lows[1] in ("that", "it", "i") and lows[2] in (
        "right", "correct")


def _small_talk(clause: Clause, index: int) -> bool:
    """No content words, only social words ("Thanks!"), a tag alone ("isn't it?"), or "never mind"."""
    tokens = clause.tokens
    words = [t for t in tokens[index:] if t.is_word]
    if not words or (index == 0 and _tag_only([t.low for t in words])):
        clause.kind = "social" if any(t.is_word for t in tokens) else "fragment"
        return True
    if all(t.low in SOCIAL_WORDS for t in words) and not _asks_the_day(words):
        clause.kind = "social"
        return True
    if match_at(tokens, index, ("never", "mind")):
        clause.kind = "intent"
        clause.flags.add("never mind")
        return True
    return False


def _wh_question(clause: Clause, index: int) -> bool:
    """ "What's the status of order 5?": a question asks for something."""
    tokens = clause.tokens
    if (
        clause.question
        and tokens[index].low in WH_WORDS
        and not frame_at(tokens, index)
        and index + 1 < len(tokens)
        and (tokens[index + 1].low in _AUX or tokens[index].low.endswith("'s") or tokens[index].low in _WH_IS)
    ):
        clause.kind = "intent"
        clause.flags.add("question")
        clause.body = index
        return True
    return False


# "at what time is my alarm set", "on which day is easter", "by whom was it sung": a preposition before
# the question word of a question about a time, a place or a person.
_ASKED_PREPOSITIONS = frozenset("at on for by in from until till to since around about with of".split())
_ASKED_WORDS = frozenset({"what", "which", "whom", "whose"})


def _prepositional_question(clause: Clause, index: int) -> bool:
    """ "at what time is my alarm set": the question's order after its preposition; the question is read
    from its question word."""
    tokens = clause.tokens
    if (index + 2 >= len(tokens) or tokens[index].low not in _ASKED_PREPOSITIONS
            or tokens[index + 1].low not in _ASKED_WORDS):  # fmt: skip
        return False
    if not any(t.low in _AUX for t in tokens[index + 2 : index + 5]):
        return False  # "for what it costs" states; "at what time is it" asks
    clause.kind = "intent"
    clause.flags.add("question")
    clause.body = index + 1
    return True


_PARTICIPLES = frozenset("gone been done come risen fallen grown seen taken given left begun".split())


def _perfect_question(tokens: list[Token], index: int) -> bool:
    """ "have stocks gone up today", "have prices risen": "have", a bare plural subject and its participle
    ask; "have fun tomorrow", "have my car washed" (a determiner: the thing to have done) do not."""
    noun, participle = tokens[index + 1].low, tokens[index + 2].low
    return (noun.endswith("s") and not noun.endswith("ss") and noun not in DETERMINERS and noun not in _ASKED_SUBJECTS
            and (participle in _PARTICIPLES or participle.endswith("ed")))


def _asks_what(tokens: list[Token], index: int) -> bool:
    """ "do you know what time it is in london", "do you know what the weather will be": "what" with the
    thing asked about after it asks; "do you know what? i ..." and "do you know what i did" tell."""
    after = index + 4
    return (match_at(tokens, index, ("do", "you", "know", "what")) and after < len(tokens)
            and tokens[after].is_word and tokens[after].low not in SUBJECT_PRONOUNS)


def _asks_the_assistant(clause: Clause, index: int) -> bool:
    """ "do i have any alarms for tomorrow", "is there an alarm for ten am": a yes/no question.

    An auxiliary or modal opening the clause with its subject next asks for something, as a
    wh-question does, with or without its question mark; a closing "?" after any auxiliary too.
    """
    tokens = clause.tokens
    word = tokens[index].low
    if word not in _AUX:
        return False
    if clause.question:
        return index + 1 < len(tokens)
    if word == "'s" or index + 2 >= len(tokens) or not tokens[index + 2].is_word:
        return False
    if any(match_at(tokens, index, words) for words in _TELLING_QUESTIONS) and not _asks_what(tokens, index):
        return False  # without its "?", "did you know that the shop moved" tells something
    subject = tokens[index + 1].low
    if word in _ASKING_AUX and tokens[index + 1].is_word and subject not in ("not", "n't", "never"):
        return True  # "does not matter" states
    if word == "have" and _perfect_question(tokens, index):
        return True
    if word not in _ACTION_AUX and subject.endswith("'s") and len(subject) > 3:
        return True  # "will mom's flight land on time tomorrow": someone's thing as the subject
    return subject in (_ACTION_AUX_SUBJECTS if word in _ACTION_AUX else _ASKED_SUBJECTS)


# "when is it convenient" asks; "when is convenient" names a time like a condition does.
_WHEN_STATES = frozenset(
    "convenient good best better fine free possible ready done available easiest suitable ok okay".split())


def _when_asked(clause: Clause, index: int) -> bool:
    """ "when is the third monday of this month", "when does the bakery close today": "when" with the
    question's order (its auxiliary before the subject) asks, where "when the bakery closes" is a condition."""
    tokens = clause.tokens
    if tokens[index].low != "when" or index + 2 >= len(tokens) or not tokens[index + 2].is_word:
        return False
    auxiliary, subject = tokens[index + 1].low, tokens[index + 2].low
    if auxiliary not in _AUX or auxiliary in ("have", "has", "am", "may", "might", "shall"):
        return False
    if auxiliary in ("is", "are", "was", "were", "'s") and subject in _WHEN_STATES:
        return False
    clause.kind = "intent"
    clause.flags.add("question")
    clause.body = index
    return True


def _preserved(clause: Clause, index: int) -> bool:
    """ "Cancel X but save Y": what must survive the request, not a request of its own."""
    if clause.link == "but" and clause.tokens[index].low in _PRESERVE_VERBS:
        clause.kind, clause.constraint_kind, clause.body = "constraint", "requirement", index
        return True
    return False


def _opening_constraint(clause: Clause, index: int) -> bool:
    """A constraint opening ("Do not", "Only if", "Because"), or "Ideally send it" (a preferred request)."""
    tokens = clause.tokens
    found = constraint_at(tokens, index)
    if found is None:
        if tokens[index].low == "because" or match_at(tokens, index, ("so", "that")):
            clause.kind = "reason"
            return True
        return False
    if tokens[index].low in ("ideally", "preferably", "optionally") and index + 1 < len(tokens) \
            and tokens[index + 1].low in VERBS:  # fmt: skip
        clause.flags.add("preferred")
        clause.kind, clause.body = "intent", index + 1
        clause.extra_body = index
        return True
    clause.kind = "reason" if tokens[index].low in ("because", "so") else "constraint"
    clause.constraint_kind = found[1]
    clause.body = index
    return True


# "see if anna is free on monday", "see for me the alarms i set": "see" asking to find out (not "see you").
_SEE_ASKS = frozenset("if whether what when who which how for".split())


def _see_asked(tokens: list[Token], index: int) -> bool:
    return tokens[index].low == "see" and index + 1 < len(tokens) and tokens[index + 1].low in _SEE_ASKS


# "i wonder if it will rain tomorrow", "i was wondering what time the bank opens": a question put as a wish
# to know (after "i wonder", a reported question is the one asked).
_WONDERING = (("i", "wonder"), ("i", "was", "wondering"), ("i'm", "wondering"), ("i", "am", "wondering"),
              ("i", "wondered"))
_WONDERED = frozenset({"if", "whether"}) | WH_WORDS


def _wondering(tokens: list[Token], index: int) -> int | None:
    """Where "wonder" stands in "i wonder if/what ...", or None."""
    for words in _WONDERING:
        end = index + len(words)
        if match_at(tokens, index, words) and end < len(tokens) and tokens[end].low in _WONDERED:
            return end - 1
    return None


def _kind_at_body(clause: Clause, index: int, *, framed: bool) -> None:
    """The kind the clause's first content word gives it."""
    tokens = clause.tokens
    word = tokens[index].low
    found = constraint_at(tokens, index)
    if (wonder := _wondering(tokens, index)) is not None:
        clause.kind, clause.body = "intent", wonder
    elif found is not None and word not in ("if", "when", "until", "till", "whenever", "unless"):
        clause.kind = "constraint"
        clause.constraint_kind = found[1]
    elif word in WH_WORDS or _asks_the_assistant(clause, index):
        clause.kind = "intent"
        clause.flags.add("question")
    elif word in SUBJECT_PRONOUNS or word in DETERMINERS:
        lows = [t.low for t in tokens[index : index + 6]]
        if any(w in _MODALS for w in lows) or any(
            w in _NEED_MODALS and i + 1 < len(lows) and lows[i + 1] == "to" for i, w in enumerate(lows)
        ):
            clause.kind = "constraint"
            clause.constraint_kind = "requirement"
    elif index + 1 < len(tokens) and tokens[index + 1].low in NOUN_COMPOUNDS.get(word, ()):
        return  # "train tickets to london": a noun phrase, read as one when nothing else asks
    elif word in VERBS or _see_asked(tokens, index) or (word.endswith("ing") and clause.marker) or (
            word not in ASSISTANT_NOUNS and is_verb_start(tokens, index, strict=False)):  # not "weather in oslo"
        clause.kind = "intent"
    elif framed and tokens[index].is_word and not tokens[index].low[:1].isdigit():
        clause.kind = "intent"


def classify(clause: Clause) -> Clause:
    """Decide what ``clause`` is and where its content starts."""
    tokens = clause.tokens
    index = read_openings(clause)
    clause.body = index
    if any(t.low in ("instead", "rather") for t in tokens[index:]):
        clause.flags.add("correction")
    if _small_talk(clause, index):
        return clause
    if tokens[index].low in ("please", "kindly") and constraint_at(tokens, index + 1):
        index += 1
    if (_wh_question(clause, index) or _when_asked(clause, index) or _prepositional_question(clause, index)
            or _preserved(clause, index)
            or _opening_constraint(clause, index)):
        return clause
    content = after_marker(clause, index)
    if content is None:
        return clause
    body = after_frames(clause, content)
    if body is None:
        return clause
    if body >= len(tokens):
        clause.kind = "fragment"
        return clause
    clause.body = body
    _kind_at_body(clause, body, framed=body > content or clause.marker is not None)
    return clause
