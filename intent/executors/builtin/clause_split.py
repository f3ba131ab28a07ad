"""Sentences -> clauses: where one request, constraint or fragment ends and the next begins."""

from __future__ import annotations

from intent.executors.builtin.clause_words import OBJECT_STARTS, constraint_at, frame_at, is_verb_start, match_at
from intent.executors.builtin.lexicon import INDIRECT_QUESTION_VERBS, LEAD_WORDS, SUBJECT_PRONOUNS, VERBS, WH_WORDS
from intent.executors.builtin.tokens import Token

__all__ = ["split_sentence"]

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
_SEQUENCE_WORDS = frozenset({"then", "afterwards", "finally", "next", "after that", "afterward", "later"})


# "next week on Friday", "next Tuesday": "next" before a time word names a time, not the next request.
_TIME_AFTER_NEXT = frozenset(
    "week weekend month year day morning afternoon evening night time monday tuesday wednesday thursday friday "
    "saturday sunday mon tue tues wed thu thur thurs fri sat sun".split()
)


def _names_time(tokens: list[Token], index: int) -> bool:
    return tokens[index].low == "next" and index + 1 < len(tokens) and tokens[index + 1].low in _TIME_AFTER_NEXT


# "seven hundred and forty five pm", "two thousand and twenty": "and" inside a number said in words.
_NUMBER_BEFORE_AND = frozenset({"hundred", "thousand"})
_NUMBER_AFTER_AND = frozenset(
    """one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety""".split()
)


def _inside_number(tokens: list[Token], index: int) -> bool:
    return (tokens[index].low == "and" and 0 < index < len(tokens) - 1
            and tokens[index - 1].low in _NUMBER_BEFORE_AND and tokens[index + 1].low in _NUMBER_AFTER_AND)


def _starts_clause(tokens: list[Token], index: int, *, strict: bool = True) -> bool:
    while index < len(tokens) and tokens[index].low in LEAD_WORDS | {"please"}:
        index += 1
    if index >= len(tokens):
        return False
    word = tokens[index].low
    if constraint_at(tokens, index) or word in WH_WORDS:
        return True
    if frame_at(tokens, index) and (word not in LEAD_WORDS):
        return True
    if word in SUBJECT_PRONOUNS and index + 1 < len(tokens) and tokens[index + 1].is_word:
        return True
    return is_verb_start(tokens, index, strict=strict)


# Names of times that end like a gerund: "before thanksgiving", "after evening" start no clause, nor
# does "boxing" before "day" ("three days before boxing day"; "before boxing the books" does).
_NOUNS_IN_ING = frozenset({"thanksgiving", "morning", "evening", "spring"})


def _subordinate_break(tokens: list[Token], index: int, current: list[Token]) -> bool:
    """Does a subordinate clause (or a mid-clause constraint) start at ``index``?"""
    word = tokens[index].low
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None:
        return False
    if word in ("if", "when", "whether"):
        if match_at(tokens, index, ("if", "possible")) or match_at(tokens, index, ("if", "you", "can")):
            return True
        return not any(t.low in INDIRECT_QUESTION_VERBS for t in current[-3:])
    if word in ("before", "after"):
        if following.low == "that":
            return False
        nxt = following.low
        return (
            nxt in SUBJECT_PRONOUNS
            or (nxt.endswith("ing") and len(nxt) > 4 and nxt not in _NOUNS_IN_ING
                and not (nxt == "boxing" and index + 2 < len(tokens) and tokens[index + 2].low == "day"))
            or (nxt in VERBS and index + 2 < len(tokens) and tokens[index + 2].low in OBJECT_STARTS)
        )
    if word in ("once", "while"):
        return following.low in SUBJECT_PRONOUNS or following.low in ("the", "my", "your", "our", "its", "this", "that")
    if word in ("unless", "until", "till", "whenever", "because", "without", "preferably", "ideally", "optionally"):
        return True
    if word == "only" and following.low in ("if", "when"):
        return True
    if word == "so" and following.low == "that":
        return True
    if word == "as" and match_at(tokens, index, ("as", "soon", "as")):
        return not match_at(tokens, index, ("as", "soon", "as", "possible"))
    if word == "as" and match_at(tokens, index, ("as", "long", "as")):
        return True
    if word == "in" and following.low == "case":
        return True
    return word == "provided" and following.low == "that"


def _open_rule(current: list[Token], last_verb: int) -> bool:
    """A prohibition or requirement interrupted right after its opening ("Do not, under any circumstances,").

    ``last_verb`` is the index of the last verb in ``current`` (-1 when none), kept by the caller as
    ``current`` grows, so this costs the same however long the interruption is.
    """
    found = constraint_at(current, 0)
    if found is None or found[1] not in ("prohibition", "requirement"):
        return False
    rest = found[0]
    return rest == len(current) or (current[rest].low == "," and last_verb < rest)


def _connector_run(tokens: list[Token], index: int) -> tuple[int, int, int]:
    """The run of connectors from ``index``: where it ends, and where its last sequence word and
    its last "but" stand (-1 when none), which is all the splitter asks of any of its tails."""
    end = index
    last_sequence = last_but = -1
    while end < len(tokens):
        if match_at(tokens, end, ("after", "that")):
            last_sequence = end
            end += 2
        elif tokens[end].low in _CONNECTORS:
            if tokens[end].low in _SEQUENCE_WORDS:
                last_sequence = end
            elif tokens[end].low == "but":
                last_but = end
            end += 1
        else:
            break
    return end, last_sequence, last_but


def split_sentence(tokens: list[Token]) -> list[tuple[list[Token], str | None]]:
    """Cut one sentence into clauses; each comes with the link word that joined it, if any.

    Linear in the sentence: a run of connectors is read once (not again from each of its
    connectors), whether a clause starts after it is decided once per reading, and what is asked
    of the clause being built (only openings so far? the last verb?) is kept up to date as it grows.
    """
    clauses: list[tuple[list[Token], str | None]] = []
    current: list[Token] = []
    link: str | None = None
    # Facts about ``current``: how many of its first tokens are openings only / lead words only,
    # where its last verb is, whether it holds a sequence word; all reset with it.
    opening_prefix = lead_prefix = 0
    last_verb = -1
    sequence_seen = False
    run_end = last_sequence = last_but = -1  # the connector run ``index`` stands in, read once
    run_starts: dict[bool, bool] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.low == ";":
            if current:
                clauses.append((current, link))
            current, link, index = [], "and", index + 1
            opening_prefix = lead_prefix = 0
            last_verb, sequence_seen = -1, False
            continue
        connector = (token.low in _CONNECTORS and not _names_time(tokens, index)
                     and not _inside_number(tokens, index)) or match_at(tokens, index, ("after", "that"))
        if connector and current and not _open_rule(current, last_verb):
            if index >= run_end:
                run_end, last_sequence, last_but = _connector_run(tokens, index)
                run_starts = {}
            end = run_end
            # After "then" a new request is expected, so any verb may start it; after "and" or a
            # comma it must look like one, since lists of nouns are common there.
            strict = last_sequence < index
            if end < len(tokens) and strict not in run_starts:
                run_starts[strict] = _starts_clause(tokens, end, strict=strict)
            if end < len(tokens) and run_starts[strict]:
                while lead_prefix < len(current) and current[lead_prefix].low in _LEAD_ONLY:
                    lead_prefix += 1
                if lead_prefix == len(current):
                    # "After that, send ..." / "Actually, I need ...": openings alone are not a clause;
                    # they stay in front of the next one, which reads them as its link and flags.
                    if match_at(current, 0, ("after", "that")) or sequence_seen:
                        link = "then"
                    for passed in tokens[index:end]:
                        last_verb = len(current) if passed.low in VERBS else last_verb
                        sequence_seen = sequence_seen or passed.low in _SEQUENCE_WORDS
                        current.append(passed)
                    index = end
                    continue
                clauses.append((current, link))
                current = []
                opening_prefix = lead_prefix = 0
                last_verb, sequence_seen = -1, False
                link = "then" if not strict else "but" if last_but >= index else "and"
                index = end
                continue
        elif current:
            while opening_prefix < len(current) and current[opening_prefix].low in _OPENING_ONLY:
                opening_prefix += 1
            if opening_prefix < len(current) and _subordinate_break(tokens, index, current):
                clauses.append((current, link))
                current, link = [], None
                opening_prefix = lead_prefix = 0
                last_verb, sequence_seen = -1, False
        last_verb = len(current) if token.low in VERBS else last_verb
        sequence_seen = sequence_seen or token.low in _SEQUENCE_WORDS
        current.append(token)
        index += 1
    if current:
        clauses.append((current, link))
    return clauses
