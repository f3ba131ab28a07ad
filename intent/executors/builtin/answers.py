"""A follow-up turn that answers the baseline's open question about a catalog tool's argument.

After "Delete the pet" asked "What is the pet id to delete?", the answer "pet 12" reads like a
request of its own ("pet" is a verb, and "pet 12" names the look-up tool), but every word of it
is the asked field's own name or its value: it fills the asked intent's argument instead of
starting a new intent. Only a question about one intent mapped to a catalog tool is answered
this way; without a catalog a follow-up is read as before.
"""

from __future__ import annotations

from intent.compiled_regex import compiled
from intent.executors.builtin.clauses import Clause
from intent.executors.builtin.fields import field_words
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.tool_specs import answered_domain, domain_specs

__all__ = ["answers_open_question"]

# Words an answer may carry besides the field's own: "it's pet 12", "the id is 12 please".
_FILLERS = frozenset(
    "the a an it it's its is was id number no # please ok okay sure yes yeah one that this".split()
)
_DIGIT = compiled(r"\d")


def answers_open_question(state: Recognition, clause: Clause) -> bool:
    """Every word of ``clause`` is an asked field's word, one of its enum values, a number or a filler."""
    if "correction" in clause.flags:
        return False  # "Actually, 3" may correct another request's value: not read as the answer
    domain = answered_domain(state)
    specs = domain_specs(state, domain) if domain is not None else None
    if not specs:
        return False
    asked = {str(item.get("field")) for item in state.unresolved if isinstance(item.get("field"), str)}
    words: set[str] = set()
    values: set[str] = set()
    for spec in specs:
        if spec.name in asked:
            words |= field_words(spec)
            enum = spec.schema.get("enum")
            values |= {str(option).casefold() for option in enum} if isinstance(enum, list) else set()
    if not words:
        return False
    said = [token for token in clause.tokens[clause.body:] if token.is_word]
    stated = False
    for token in said:
        low = token.low
        if _DIGIT.search(low) or low in values:
            stated = True
        elif low not in words and low.rstrip("s") not in words and low not in _FILLERS:
            return False
    return stated
