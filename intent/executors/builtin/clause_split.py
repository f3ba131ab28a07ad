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
            or (nxt.endswith("ing") and len(nxt) > 4)
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
        connector = token.low in _CONNECTORS or match_at(tokens, index, ("after", "that"))
        if connector and current and not _open_rule(current):
            end = index
            words: list[str] = []
            while end < len(tokens):
                if match_at(tokens, end, ("after", "that")):
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
