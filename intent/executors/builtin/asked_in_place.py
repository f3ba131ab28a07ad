"""Requests said in a statement's order: a tag question, a question word left in place, "make sure".

- A tag question: a statement and the tag that asks whether it holds ("today is monday, is it?",
  "my alarm is set for seven am isn't it", "i do have a dentist appointment tomorrow don't i",
  "the meeting is at three pm right"). The statement must say something of its own (a verb or an
  auxiliary, two words at least): "this is it" states. A tag said as a clause of its own ("the
  meeting is at three pm, is that right?") asks about the statement before it.
- A question word left where its answer goes ("eight am in tokyo is what in london", "the meeting
  tomorrow is at what time", "the song was sung by whom"): after "is"/"are"/"was"/"were" at the
  clause's end or before a preposition or the noun it asks about ("is what time"), after a
  preposition ("at what time", "by whom", "on which day"), or "when"/"where" closing a statement
  ("my meeting tomorrow is when"). After a word that reports a question
  ("i wonder at what time", "i know what it is") nothing is asked, and "the best time is when
  you're free" states.
- "make sure" with a clause and a time of its own ("make sure my calendar is clear tomorrow", "make
  sure i wake up at six am"): what is to be made sure is what is asked. Without a time it stays a
  rule for the request ("make sure it's refundable").
- A thing named, what should be done with it or what it should do, and a time ("the alarm for tomorrow
  should be at six am", "my friday meeting needs to be moved to monday", "my alarm should ring at six
  am", "the dentist appointment is to be added to my calendar for friday"): a request in the passive
  or through the thing. With a pronoun for the thing ("it should be ready by friday") or without a
  time, it stays a rule.

Run when no clause of a first turn reads as a request (after ``run_ons`` and ``noun_requests``).
The request's action is the asking words (the tag, the question word and its preposition, "make
sure"); its target is the statement, cut where the imperative form's target is cut.
"""

from __future__ import annotations

from intent.executors.builtin.clauses import Clause
from intent.executors.builtin.lexicon import VERBS
from intent.executors.builtin.phrases import Phrase, Span, object_end
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.time_spans import covered, overlaps
from intent.executors.builtin.tokens import Token

__all__ = ["asked_in_place", "promote_asked_in_place"]

_COPULAS = frozenset("is are was were".split())
_TAG_AUX = frozenset(
    """is are was were do does did have has will would can could should am isn't aren't wasn't weren't
    don't doesn't didn't haven't hasn't won't wouldn't can't couldn't shouldn't isnt arent wasnt werent
    dont doesnt didnt havent hasnt wont wouldnt cant couldnt shouldnt""".split()
)
_TAG_SUBJECTS = frozenset("i you we it they he she there that".split())
_TAG_WORDS = frozenset({"right", "correct"})
# A verb form that makes words a statement: "today is monday", "i do have", "it's at five".
_FINITE = _TAG_AUX | frozenset(
    """am had 's 're 've 'll 'm it's that's there's he's she's i'm you're we're they're i've you've
    we've they've i'll you'll we'll""".split()
)
_SUBJECTS = frozenset("i you we they he she it".split())
# Before "right": words that make it part of the statement ("that's right", "turn right", "all right").
_NOT_BEFORE_RIGHT = _FINITE | _SUBJECTS | frozenset(
    "all turn the to on my your his her their our a at be just exactly quite not".split()
)
_ASKED = frozenset({"what", "which", "whom", "who", "whose"})
_PREPOSITIONS = frozenset("at on for by in from until till to since around about with of".split())
_ASKED_NOUNS = frozenset("time day date year month hour week".split())
# Words after which a question is reported or known, not asked.
_REPORTING = frozenset(
    """know knew known wonder wondering wondered ask asked asking tell told sure idea remember forgot forget
    decide decided care understand see saw learn learned find found if whether that because""".split()
)
_SURE = (("make", "sure"), ("please", "make", "sure"), ("ensure",), ("please", "ensure"), ("be", "sure"))


def _words(clause: Clause) -> tuple[list[Token], int]:
    """The clause's tokens from its body without the trailing punctuation, and that body."""
    tokens = clause.tokens
    end = len(tokens)
    while end > clause.body and not tokens[end - 1].is_word:
        end -= 1
    return tokens[:end], clause.body


def _statement(tokens: list[Token], start: int, end: int) -> bool:
    """Do ``tokens[start:end]`` say something of their own: two words, one of them a verb form?"""
    words = [t for t in tokens[start:end] if t.is_word]
    if len(words) < 2:
        return False
    return any(t.low in _FINITE for t in words) or words[0].low in _SUBJECTS


def _tag(tokens: list[Token], body: int, temporal: list[Span], clause_question: bool) -> int | None:
    """Where a closing tag question starts ("... is it", "... don't i", "... right"), or None."""
    end = len(tokens)
    if end - body < 3:
        return None
    last, before = tokens[end - 1].low, tokens[end - 2].low
    start: int | None = None
    if last in _TAG_SUBJECTS and before in _TAG_AUX:
        start = end - 2
        # the tag asks about the statement's own subject ("i do have ... don't i", "today is monday is
        # it"); "i love this song do you" asks something else
        said = next((t.low for t in tokens[body:start] if t.low in _SUBJECTS), None)
        if last not in ("it", "that", "there", "they") and last != said:
            return None
    elif last in _TAG_WORDS:
        start = end - 1
        if end - 3 >= body and before in ("that", "it") and tokens[end - 3].low in _COPULAS:
            start = end - 3  # "... is that right"
        elif before in _NOT_BEFORE_RIGHT or before.endswith(("'s", "'re")):
            return None
        # "right" after a pause, before "?" or after the time it asks about ("the meeting is at three
        # pm right"); "you got the command right" says how something was done
        elif not (clause_question or not tokens[start - 1].is_word or covered(temporal, tokens[start - 1].start)):
            return None
    if start is None:
        return None
    cut = start
    while cut > body and not tokens[cut - 1].is_word:
        cut -= 1  # "today is monday, is it"
    if before.endswith(("n't", "nt")) and before in _TAG_AUX:  # "the parcel comes on monday doesn't it"
        return start if sum(t.is_word for t in tokens[body:cut]) >= 2 else None
    return start if _statement(tokens, body, cut) else None


def _asked_word(tokens: list[Token], body: int, temporal: list[Span]) -> tuple[int, int] | None:
    """Where a question word left in place stands with the words that lead to it: (start, end)."""
    end = len(tokens)
    for index in range(body + 2, end):
        word = tokens[index].low
        if word in ("when", "where") and index == end - 1:
            # "my meeting tomorrow is when", "the party on saturday starts when": the clause's last word
            if (any(t.low in _REPORTING for t in tokens[body:index]) or not _statement(tokens, body, index)
                    or index - body < 3):  # "this is where" points, it asks nothing
                return None
            return index, end
        if word not in _ASKED:
            continue
        if any(t.low in _REPORTING for t in tokens[body:index]):
            return None
        previous = tokens[index - 1].low
        following = tokens[index + 1].low if index + 1 < end else ""
        # "at what time", and "by which artist" closing the clause: the noun asked about
        after = index + 2 if following in _ASKED_NOUNS or (index + 2 == end and tokens[index + 1].is_word) \
            else index + 1
        # "is what in eastern time", "at what time tomorrow": nothing but a preposition or a time after it
        closes = after >= end or tokens[after].low in _PREPOSITIONS or covered(temporal, tokens[after].start)
        if previous in _COPULAS and word in ("what", "who", "which") and (following in _ASKED_NOUNS or (
                closes and after == index + 1)):  # fmt: skip
            return index - 1, after
        if previous in _PREPOSITIONS and closes and _statement(tokens, body, index - 1):
            return index - 1, after
        return None
    return None


def _made_sure(tokens: list[Token], body: int, temporal: list[Span]) -> tuple[int, int] | None:
    """Where "make sure" stands before a clause with a time of its own (after a name, at most)."""
    for start in (body, body + 1):
        for words in _SURE:
            end = start + len(words)
            if all(start + i < len(tokens) and tokens[start + i].low == w for i, w in enumerate(words)) \
                    and end + 1 < len(tokens) and tokens[end].low != "to" \
                    and overlaps(temporal, tokens[end].start, tokens[-1].end):  # fmt: skip
                return start, end
    return None


_MODAL_BE = (("should", "be"), ("must", "be"), ("needs", "to", "be"), ("need", "to", "be"), ("has", "to", "be"),
             ("have", "to", "be"), ("is", "to", "be"), ("are", "to", "be"))
_MODALS: tuple[tuple[str, ...], ...] = (
    ("should",), ("must",), ("needs", "to"), ("need", "to"), ("has", "to"), ("have", "to"))
_WHEN_WORDS = frozenset("at on for by in from to before after until till".split())
_NOT_A_THING = frozenset("it you they we i he she this that there everything something nothing".split())


def _to_be_done(tokens: list[Token], body: int, temporal: list[Span]) -> tuple[int, int] | None:
    """ "the alarm for tomorrow should be at six am", "my friday meeting needs to be moved to monday": a
    thing named, what should be done with it or when it should be, and a time: where the modal and
    its "be" (and the verb after it) stand. A pronoun subject ("it should be refundable") is a rule."""
    if tokens[body].low in _NOT_A_THING or not overlaps(temporal, tokens[body].start, tokens[-1].end):
        return None
    for index in range(body + 1, min(len(tokens) - 1, body + 8)):
        for words in _MODAL_BE:
            end = index + len(words)
            if end < len(tokens) and all(tokens[index + i].low == w for i, w in enumerate(words)):
                if tokens[end].low.endswith("ed") or tokens[end].low in ("set", "put", "cut", "shut", "kept"):
                    return index, end + 1  # "should be moved", "needs to be set"
                if tokens[end].low in _WHEN_WORDS:
                    return index, end  # "should be at six am"; "should be fun tomorrow" is a remark
                return None
        for modal in _MODALS:
            end = index + len(modal)
            if end < len(tokens) and all(tokens[index + i].low == w for i, w in enumerate(modal)) \
                    and tokens[end].low in VERBS:  # fmt: skip
                return index, end + 1  # "my alarm should ring at six am", "the heating must start at five"
    return None


def asked_in_place(clause: Clause, temporal: list[Span]) -> Phrase | None:
    """The request ``clause`` makes in a statement's order, or None.

    ``temporal``: where the text's times stand, sorted and disjoint (``time_spans``).
    """
    tokens, body = _words(clause)
    if len(tokens) - body < 2:
        return None
    asking: tuple[int, int] | None = None
    target: tuple[int, int] | None = None
    if (sure := _made_sure(tokens, body, temporal)) is not None:
        asking, target = sure, (sure[1], len(tokens))
    elif clause.kind == "constraint" or (clause.kind == "fragment" and _to_be_done(tokens, body, temporal)):
        # "the alarm should be at six am" reads as a rule; "the march event is to be added to my calendar" as a
        # statement
        done = _to_be_done(tokens, body, temporal) if clause.constraint_kind in ("requirement", None) else None
        if done is None:
            return None
        asking, target = done, (body, done[0])
    elif (tag := _tag(tokens, body, temporal, clause.question)) is not None:
        asking, target = (tag, len(tokens)), (body, tag)
    elif (place := _asked_word(tokens, body, temporal)) is not None:
        asking, target = place, (body, place[0])
    if asking is None or target is None:
        return None
    start = min(asking[0], target[0])
    evidence = (tokens[start].start, tokens[-1].end)
    action = (tokens[asking[0]].start, tokens[asking[1] - 1].end)
    target_end = object_end(tokens, target[0], target[1], temporal)
    target_span = (tokens[target[0]].start, tokens[target_end - 1].end) if target_end > target[0] else None
    return Phrase(evidence=evidence, action=action, target=target_span, verb=tokens[asking[0]].low, references=[])


def _tag_alone(clause: Clause) -> bool:
    """Is ``clause`` only a tag ("is that right", "right?", "isn't it"), asking about the clause before it?"""
    lows = [t.low for t in clause.tokens if t.is_word]
    if len(lows) == 1:
        return lows[0] in _TAG_WORDS
    if len(lows) == 2:
        return lows[0] in _TAG_AUX and lows[1] in _TAG_SUBJECTS
    return len(lows) == 3 and lows[0] in ("is", "am") and lows[1] in ("that", "it", "i") and lows[2] in _TAG_WORDS


def promote_asked_in_place(state: Recognition) -> None:
    """Each clause of a first turn that asks in a statement's order becomes a request, when nothing else asked.

    A tag said as a clause of its own ("the meeting is at three pm, is that right?") asks about the
    statement before it in its sentence.
    """
    if state.baseline is not None:
        return
    if any(unit.role in ("intent", "update?", "update", "removal") for unit in state.units):
        return
    for index, unit in enumerate(state.units):
        clause = unit.clause
        if unit.role not in ("fragment", "other", "constraint") or clause.kind not in ("fragment", "constraint"):
            continue
        phrase = asked_in_place(clause, state.time_spans)
        following = state.units[index + 1] if index + 1 < len(state.units) else None
        if (phrase is None and clause.kind == "fragment" and following is not None
                and following.clause.sentence == clause.sentence and _tag_alone(following.clause)):  # fmt: skip
            tokens, body = _words(clause)
            if _statement(tokens, body, len(tokens)):
                tag = [t for t in following.clause.tokens if t.is_word]
                action = (tag[0].start, tag[-1].end)
                end = object_end(tokens, body, len(tokens), state.time_spans)
                target = (tokens[body].start, tokens[end - 1].end) if end > body else None
                phrase = Phrase(evidence=(tokens[body].start, action[1]), action=action, target=target,
                                verb=tag[0].low, references=[])
        if phrase is not None:
            unit.phrase, unit.role = phrase, "intent"
            clause.flags.add("asked in place")
