"""Sentences -> clauses, and what each clause is: a request, a constraint, a fragment or small talk."""

from __future__ import annotations

from dataclasses import dataclass, field

from intent.executors.builtin.lexicon import (
    AMBIGUOUS_VERBS,
    CONSTRAINT_STARTERS,
    DETERMINERS,
    FRAMES,
    INDIRECT_QUESTION_VERBS,
    LEAD_WORDS,
    PARTICLES,
    PERSON_WORDS,
    PHRASAL,
    SOCIAL_WORDS,
    SUBJECT_PRONOUNS,
    VERBS,
    WH_WORDS,
)
from intent.executors.builtin.tokens import Token

__all__ = ["Clause", "classify", "split_sentence"]

_CONNECTORS = frozenset(
    {",", "and", "but", "&", "plus", "then", "afterwards", "finally", "next", "also", "-", "—", "–"}
)
_LEAD_ONLY = frozenset(
    {"after", "that", "then", "afterwards", "afterward", "finally", "next", "later", "first", "also", "and", "so",
     "ok", "okay", "now", "lastly", "secondly", "firstly", "actually", "sorry", "oops", "wait", "no", "oh", "well",
     "hey", "hi", "hello", "plus", "additionally", "sure", "yes", "yeah"}
)  # fmt: skip
# Words that open a subordinate clause together with the next one ("only if", "but only when").
_OPENING_ONLY = frozenset({"only", "but", "and", "even", "as", "soon", "long", "just"})
# Words that open a clause without saying anything of the request ("Yes please book it", "Sure, go ahead").
_OPENING_WORDS = frozenset(
    "and but so ok okay oh hey hi hello well just now lastly yes yeah yep sure great perfect cool alright".split()
)
_SEQUENCE_WORDS = frozenset({"then", "afterwards", "finally", "next", "after that", "afterward", "later"})
_OBJECT_STARTS = DETERMINERS | {"me", "us", "it", "them", "him", "her", "up", "down", "on", "off", "out"}
# Frames after which a noun phrase, not a verb, says what is wanted ("I'd like a table").
_NOUN_FRAMES = frozenset(
    {("i'd", "like"), ("i", "would", "like"), ("i", "want"), ("i", "need"), ("we", "need"), ("we", "want"),
     ("i'd", "love"), ("we'd", "like"), ("i'm", "looking", "for"), ("i", "am", "looking", "for"),
     ("i'll", "have"), ("i'll", "take"), ("i'll", "need"), ("i", "will", "need"), ("we'll", "need"),
     ("i'd", "need"), ("we", "would", "like"), ("i'm", "after")}
)  # fmt: skip
_NOUN_FRAMES_LONGEST_FIRST = sorted(_NOUN_FRAMES, key=len, reverse=True)
# Words that head a phrase but never a request ("For 3 people", "December 15", "About 20").
_NOT_VERBS = frozenset(
    """for to at on in by with from of about around after before under over between into per via until
    january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday today tomorrow
    tonight only just exactly approximately roughly maybe perhaps number no yes step part item point""".split()
)
_PRESERVE_VERBS = frozenset("keep save leave retain preserve maintain protect hold".split())
_NOT_A_RULE_AFTER_NO = frozenset("problem thanks worries need thank wait sorry actually i i'm it's that".split())
_MODALS = frozenset({"must", "should", "shall"})
_NEED_MODALS = frozenset({"needs", "has", "have", "need"})
_AUX = frozenset(
    "is are was were will would can could do does did should has have 's am shall may might".split()
)


@dataclass
class Clause:
    """A run of tokens that says one thing; ``body`` indexes the first token after openings."""

    tokens: list[Token]
    sentence: int
    link: str | None = None  # "then" when a sequence word joined it to what came before, "but", "and"
    question: bool = False
    kind: str = "fragment"  # intent | constraint | fragment | social | reason
    constraint_kind: str | None = None
    body: int = 0
    marker: str | None = None  # "after" / "before" / "once" for a subordinate request
    noun_frame: tuple[int, int] | None = None  # token range of "I'd like" when it carries the action
    extra_body: int | None = None  # where a preference opening stands when the clause is also a request
    flags: set[str] = field(default_factory=set)


def _match(tokens: list[Token], index: int, words: tuple[str, ...]) -> bool:
    end = index + len(words)
    if end > len(tokens) or tokens[index].low != words[0]:
        return False
    return all(tokens[index + offset].low == words[offset] for offset in range(1, len(words)))


def _by_first_word(entries: list[tuple[tuple[str, ...], str]]) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, kind in entries:  # entries are longest first, and stay so per first word
        index.setdefault(words[0], []).append((words, kind))
    return index


_STARTERS_BY_WORD = _by_first_word(list(CONSTRAINT_STARTERS))
_FRAMES_BY_WORD = _by_first_word([(frame, "") for frame in FRAMES])


def constraint_at(tokens: list[Token], index: int) -> tuple[int, str] | None:
    """The constraint opening at ``index``: (number of tokens, kind), or None."""
    if index >= len(tokens):
        return None
    for words, kind in _STARTERS_BY_WORD.get(tokens[index].low, ()):
        if _match(tokens, index, words):
            after = tokens[index + len(words)] if index + len(words) < len(tokens) else None
            first = words[0]
            if first in ("no", "not") and len(words) == 1:
                if after is None or not after.is_word or after.low in _NOT_A_RULE_AFTER_NO:
                    continue
            if first == "never" and after is not None and after.low == "mind":
                continue
            if first == "keep" and after is not None and after.low in ("going", "trying", "looking"):
                continue
            return len(words), kind
    return None


def _frame_at(tokens: list[Token], index: int) -> int:
    if index >= len(tokens):
        return 0
    for frame, _ in _FRAMES_BY_WORD.get(tokens[index].low, ()):
        if _match(tokens, index, frame):
            return len(frame)
    return 0


def is_verb_start(tokens: list[Token], index: int, *, strict: bool) -> bool:
    """Does a verb phrase start at ``index``? ``strict`` after "and"/commas, where nouns abound."""
    word = tokens[index].low
    following = tokens[index + 1].low if index + 1 < len(tokens) else None
    if word in VERBS:
        if following is None:
            return not strict or word not in AMBIGUOUS_VERBS
        if following in (",", "and", "or", "&", "-"):
            return False
        if strict and word in AMBIGUOUS_VERBS:
            return (
                following in _OBJECT_STARTS
                or following in PHRASAL.get(word, ())
                or following[:1].isdigit()
                or tokens[index + 1].text[:1].isupper()  # "and call Ben"
                or following in PERSON_WORDS  # "and call mom"
            )
        return True
    if not tokens[index].is_word or word in DETERMINERS or word in SUBJECT_PRONOUNS or word in WH_WORDS:
        return False
    if strict and tokens[index].text[:1].isupper():
        return False  # a name inside a sentence, not a verb
    if strict:  # an unknown word inside a list ("honey on the list") is a noun unless an object follows
        return following is not None and (following in DETERMINERS or following in PHRASAL.get(word, ()))
    if following is None or word in _NOT_VERBS:
        return False
    return following in DETERMINERS or following in PARTICLES or following[:1].isdigit() or following[:1] in "$€£#"


def _starts_clause(tokens: list[Token], index: int, *, strict: bool = True) -> bool:
    while index < len(tokens) and tokens[index].low in LEAD_WORDS | {"please"}:
        index += 1
    if index >= len(tokens):
        return False
    word = tokens[index].low
    if constraint_at(tokens, index) or word in WH_WORDS:
        return True
    if _frame_at(tokens, index) and (word not in LEAD_WORDS):
        return True
    if word in SUBJECT_PRONOUNS and index + 1 < len(tokens) and tokens[index + 1].is_word:
        return True
    return is_verb_start(tokens, index, strict=strict)


def _subordinate_break(tokens: list[Token], index: int, current: list[Token]) -> bool:
    """Does a subordinate clause (or a mid-clause constraint) start at ``index``?"""
    word = tokens[index].low
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None:
        return False
    if word in ("if", "when", "whether"):
        if _match(tokens, index, ("if", "possible")) or _match(tokens, index, ("if", "you", "can")):
            return True
        return not any(t.low in INDIRECT_QUESTION_VERBS for t in current[-3:])
    if word in ("before", "after"):
        if following.low == "that":
            return False
        nxt = following.low
        return (
            nxt in SUBJECT_PRONOUNS
            or (nxt.endswith("ing") and len(nxt) > 4)
            or (nxt in VERBS and index + 2 < len(tokens) and tokens[index + 2].low in _OBJECT_STARTS)
        )
    if word in ("once", "while"):
        return following.low in SUBJECT_PRONOUNS or following.low in ("the", "my", "your", "our", "its", "this", "that")
    if word in ("unless", "until", "till", "whenever", "because", "without", "preferably", "ideally", "optionally"):
        return True
    if word == "only" and following.low in ("if", "when"):
        return True
    if word == "so" and following.low == "that":
        return True
    if word == "as" and _match(tokens, index, ("as", "soon", "as")):
        return not _match(tokens, index, ("as", "soon", "as", "possible"))
    if word == "as" and _match(tokens, index, ("as", "long", "as")):
        return True
    if word == "in" and following.low == "case":
        return True
    return word == "provided" and following.low == "that"


def _open_rule(current: list[Token]) -> bool:
    """A prohibition or requirement interrupted right after its opening ("Do not, under any circumstances,")."""
    found = constraint_at(current, 0)
    if found is None or found[1] not in ("prohibition", "requirement"):
        return False
    rest = current[found[0] :]
    return not rest or (rest[0].low == "," and not any(t.low in VERBS for t in rest))


def split_sentence(tokens: list[Token]) -> list[tuple[list[Token], str | None]]:
    """Cut one sentence into clauses; each comes with the link word that joined it, if any."""
    clauses: list[tuple[list[Token], str | None]] = []
    current: list[Token] = []
    link: str | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.low == ";":
            if current:
                clauses.append((current, link))
            current, link, index = [], "and", index + 1
            continue
        connector = token.low in _CONNECTORS or _match(tokens, index, ("after", "that"))
        if connector and current and not _open_rule(current):
            end = index
            words: list[str] = []
            while end < len(tokens):
                if _match(tokens, end, ("after", "that")):
                    words.append("after that")
                    end += 2
                elif tokens[end].low in _CONNECTORS:
                    words.append(tokens[end].low)
                    end += 1
                else:
                    break
            # After "then" a new request is expected, so any verb may start it; after "and" or a
            # comma it must look like one, since lists of nouns are common there.
            strict = not any(w in _SEQUENCE_WORDS for w in words)
            if end < len(tokens) and _starts_clause(tokens, end, strict=strict):
                lead = [t.low for t in current]
                if all(w in _LEAD_ONLY for w in lead):
                    # "After that, send ..." / "Actually, I need ...": openings alone are not a clause;
                    # they stay in front of the next one, which reads them as its link and flags.
                    current = current + tokens[index:end]
                    if lead[:2] == ["after", "that"] or any(w in _SEQUENCE_WORDS for w in lead):
                        link = "then"
                    index = end
                    continue
                clauses.append((current, link))
                current = []
                link = "then" if any(w in _SEQUENCE_WORDS for w in words) else "but" if "but" in words else "and"
                index = end
                continue
        elif (
            current
            and not all(t.low in _OPENING_ONLY for t in current)
            and _subordinate_break(tokens, index, current)
        ):
            clauses.append((current, link))
            current, link = [], None
        current.append(token)
        index += 1
    if current:
        clauses.append((current, link))
    return clauses


def _read_openings(clause: Clause) -> int:
    """Skip the words that only link or frame the clause ("Then,", "Actually,", "Also"), noting them in flags."""
    tokens = clause.tokens
    index = 0
    while index < len(tokens):
        word = tokens[index].low
        if word in (",", "-", "—", "–", ":"):
            index += 1
        elif word in ("then", "afterwards", "finally", "next", "later") or _match(tokens, index, ("after", "that")):
            clause.flags.add("then")
            index += 2 if word == "after" else 1
        elif word in ("first", "firstly"):
            clause.flags.add("first")
            index += 1
        elif word in ("actually", "instead", "oops", "sorry", "wait", "correction", "rather") or (
            word == "no" and index + 1 < len(tokens) and tokens[index + 1].low in (",", "wait", "sorry", "actually")
        ):
            clause.flags.add("correction")
            index += 1
        elif word in ("also", "additionally", "plus") or _match(tokens, index, ("and", "also")):
            clause.flags.add("also")
            index += 1
        elif word in _OPENING_WORDS:
            index += 1
        else:
            break
    return index


def classify(clause: Clause) -> Clause:
    """Decide what ``clause`` is and where its content starts."""
    tokens = clause.tokens
    index = _read_openings(clause)
    clause.body = index
    if any(t.low in ("instead", "rather") for t in tokens[index:]):
        clause.flags.add("correction")
    words = [t for t in tokens[index:] if t.is_word]
    if not words:
        clause.kind = "social" if any(t.is_word for t in tokens) else "fragment"
        return clause
    if all(t.low in SOCIAL_WORDS for t in words):
        clause.kind = "social"
        return clause
    if _match(tokens, index, ("never", "mind")):
        clause.kind = "intent"
        clause.flags.add("never mind")
        return clause
    if tokens[index].low in ("please", "kindly") and constraint_at(tokens, index + 1):
        index += 1
    if (
        clause.question
        and tokens[index].low in WH_WORDS
        and not _frame_at(tokens, index)
        and index + 1 < len(tokens)
        and (tokens[index + 1].low in _AUX or tokens[index].low.endswith("'s"))
    ):
        clause.kind = "intent"
        clause.flags.add("question")
        clause.body = index
        return clause
    if clause.link == "but" and tokens[index].low in _PRESERVE_VERBS:
        # "Cancel X but save Y": what must survive the request, not a request of its own
        clause.kind, clause.constraint_kind, clause.body = "constraint", "requirement", index
        return clause
    found = constraint_at(tokens, index)
    if (
        found is not None
        and tokens[index].low in ("ideally", "preferably", "optionally")
        and index + 1 < len(tokens)
        and tokens[index + 1].low in VERBS
    ):
        # "Ideally send it before lunch": a request that is itself a preference
        clause.flags.add("preferred")
        clause.kind, clause.body = "intent", index + 1
        clause.extra_body = index
        return clause
    if found is not None:
        clause.kind = "constraint"
        clause.constraint_kind = found[1]
        clause.body = index
        if tokens[index].low in ("because", "so"):
            clause.kind = "reason"
        return clause
    word = tokens[index].low
    if word in ("because",) or _match(tokens, index, ("so", "that")):
        clause.kind = "reason"
        return clause
    if word in ("after", "before", "once", "while"):
        clause.marker = word
        marker_index = index
        index += 1
        if index < len(tokens) and tokens[index].low in SUBJECT_PRONOUNS:
            index += 1
            while index < len(tokens) and tokens[index].low in ("have", "'ve", "are", "is", "am", "will"):
                index += 1
        if word == "while" or (
            word == "once" and index < len(tokens) and not is_verb_start(tokens, index, strict=False)
        ):
            # "once the backup finishes": a state to wait for, not a request of its own
            clause.kind, clause.constraint_kind, clause.marker = "constraint", "condition", None
            clause.body = marker_index
            return clause
    # Openings that wrap the request: "Could you please", "I'd like to", "How do I".
    opening = index
    while index < len(tokens):
        length = _frame_at(tokens, index)
        if not length:
            break
        index += length
    for frame in _NOUN_FRAMES_LONGEST_FIRST:
        if _match(tokens, index, frame):
            following = tokens[index + len(frame)].low if index + len(frame) < len(tokens) else ""
            if following == "to":
                index += len(frame) + 1
                break
            clause.kind = "intent"
            clause.noun_frame = (index, index + len(frame))
            clause.body = index
            return clause
    if index >= len(tokens):
        clause.kind = "fragment"
        return clause
    clause.body = index
    word = tokens[index].low
    found = constraint_at(tokens, index)
    if found is not None and word not in ("if", "when", "until", "till", "whenever", "unless"):
        clause.kind = "constraint"
        clause.constraint_kind = found[1]
        return clause
    if word in WH_WORDS:
        clause.kind = "intent"
        clause.flags.add("question")
        return clause
    if word in _AUX and clause.question and index + 1 < len(tokens):
        clause.kind = "intent"
        clause.flags.add("question")
        return clause
    if word in SUBJECT_PRONOUNS or word in DETERMINERS:
        lows = [t.low for t in tokens[index : index + 6]]
        if any(w in _MODALS for w in lows) or any(
            w in _NEED_MODALS and i + 1 < len(lows) and lows[i + 1] == "to" for i, w in enumerate(lows)
        ):
            clause.kind = "constraint"
            clause.constraint_kind = "requirement"
        return clause
    framed = index > opening or clause.marker is not None
    if word in VERBS or (word.endswith("ing") and clause.marker) or is_verb_start(tokens, index, strict=False):
        clause.kind = "intent"
    elif framed and tokens[index].is_word and not tokens[index].low[:1].isdigit():
        clause.kind = "intent"
    return clause
