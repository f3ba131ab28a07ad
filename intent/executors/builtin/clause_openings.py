"""What wraps a clause's content: linking openings ("Then,", "Actually,"), subordinate markers
("after I've", "once") and request frames ("Could you please", "I'd like to")."""

from __future__ import annotations

from intent.executors.builtin.clause_words import Clause, frame_at, is_verb_start, match_at
from intent.executors.builtin.lexicon import SUBJECT_PRONOUNS

__all__ = ["after_frames", "after_marker", "read_openings"]

# Frames after which a noun phrase, not a verb, says what is wanted ("I'd like a table").
_NOUN_FRAMES = frozenset(
    {("i'd", "like"), ("i", "would", "like"), ("i", "want"), ("i", "need"), ("we", "need"), ("we", "want"),
     ("i'd", "love"), ("we'd", "like"), ("i'm", "looking", "for"), ("i", "am", "looking", "for"),
     ("i'll", "have"), ("i'll", "take"), ("i'll", "need"), ("i", "will", "need"), ("we'll", "need"),
     ("i'd", "need"), ("i", "am", "in", "need", "of"), ("i'm", "in", "need", "of"),
     ("we", "would", "like"), ("i'm", "after"), ("i", "would", "love"), ("we", "would", "love"),
     ("i", "fancy"), ("i'd", "fancy"), ("i", "could", "use"), ("i'd", "want"), ("looking", "for")}
)  # fmt: skip
# By first word, longest first: a clause start is compared with the few frames that can match it.
_NOUN_FRAMES_BY_WORD: dict[str, list[tuple[str, ...]]] = {}
for _frame in sorted(_NOUN_FRAMES, key=len, reverse=True):
    _NOUN_FRAMES_BY_WORD.setdefault(_frame[0], []).append(_frame)
_CORRECTION_OPENINGS = ("actually", "instead", "oops", "sorry", "wait", "correction", "rather")
# Also the assents that open a clause without saying anything of the request ("Yes please book it", "Sure, go ahead").
# Hesitations of speech typed as said ("uh what is on my calendar", "um set an alarm") open nothing either.
_PLAIN_OPENINGS = ("and", "but", "so", "ok", "okay", "oh", "hey", "hi", "hello", "well", "just", "now", "lastly",
                   "yes", "yeah", "yep", "sure", "great", "perfect", "cool", "alright",
                   "uh", "um", "umm", "uhm", "erm", "er", "hmm", "hm", "ah")


def read_openings(clause: Clause) -> int:
    """Skip the words that only link or frame the clause ("Then,", "Actually,", "Also"), noting them in flags."""
    tokens = clause.tokens
    index = 0
    while index < len(tokens):
        word = tokens[index].low
        step, flag = _opening(clause, index)
        if not step:
            break
        if flag:
            clause.flags.add(flag)
        index += step
        if word == "after":
            index += 1  # "after that" is two words
    return index


def _opening(clause: Clause, index: int) -> tuple[int, str | None]:
    """(words to skip, flag) for an opening word at ``index``; (0, None) where the content starts."""
    tokens = clause.tokens
    word = tokens[index].low
    if word in (",", "-", "—", "–", ":"):
        return 1, None
    if word in ("then", "afterwards", "finally", "next", "later") or match_at(tokens, index, ("after", "that")):
        return 1, "then"
    if word in ("first", "firstly"):
        return 1, "first"
    if word in _CORRECTION_OPENINGS or (
        word == "no" and index + 1 < len(tokens) and tokens[index + 1].low in (",", "wait", "sorry", "actually")
    ):
        return 1, "correction"
    if word in ("also", "additionally", "plus") or match_at(tokens, index, ("and", "also")):
        return 1, "also"
    if word in _PLAIN_OPENINGS:
        return 1, None
    return 0, None


def after_marker(clause: Clause, index: int) -> int | None:
    """Skip "after I've", "before", "once": a subordinate request; None when it is a state to wait for."""
    tokens = clause.tokens
    word = tokens[index].low
    if word not in ("after", "before", "once", "while"):
        return index
    clause.marker = word
    marker_index = index
    index += 1
    if index < len(tokens) and tokens[index].low in SUBJECT_PRONOUNS:
        index += 1
        while index < len(tokens) and tokens[index].low in ("have", "'ve", "are", "is", "am", "will"):
            index += 1
    if word == "while" or (word == "once" and index < len(tokens) and not is_verb_start(tokens, index, strict=False)):
        # "once the backup finishes": a state to wait for, not a request of its own
        clause.kind, clause.constraint_kind, clause.marker = "constraint", "condition", None
        clause.body = marker_index
        return None
    return index


def after_frames(clause: Clause, index: int) -> int | None:
    """Skip the openings that wrap the request ("Could you please", "I'd like to", "How do I").

    None when a noun frame carries the request ("I'd like a table").
    """
    tokens = clause.tokens
    while index < len(tokens):
        length = frame_at(tokens, index)
        if not length:
            break
        index += length
    for frame in _NOUN_FRAMES_BY_WORD.get(tokens[index].low, ()) if index < len(tokens) else ():
        if match_at(tokens, index, frame):
            following = tokens[index + len(frame)].low if index + len(frame) < len(tokens) else ""
            if following == "to":
                return index + len(frame) + 1
            clause.kind = "intent"
            clause.noun_frame = (index, index + len(frame))
            clause.body = index
            return None
    return index
