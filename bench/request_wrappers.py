"""Requests a time phrase is typed inside, for reading a corpus's phrases the way people send them.

A phrase of a parser's test corpus is read alone as a field's quote; inside a request it meets
the words around it: an instruction that looks ahead ("Remind me ..."), a count that is not a time
("a table for four ..."), a word that cues a clock ("an alarm for ..."), a sentence that looks back
("I was there ..."). The value found must not hang on which of them the phrase stands in:
``python -m bench.time_eval CORPUS ... --wrappers`` scores the corpus under each of the
``REQUEST_WRAPPERS`` below and prints one aggregate line per wrapper and the worst.

The set is fixed (changing it changes every figure measured with it): mail, chat and assistant
voices, five looking ahead, three neutral, three looking back, each a request (a statement alone,
"I was there {phrase}" or "{phrase} works for me", names no intent, so no field is filled: it
would measure nothing). ``{phrase}`` stands for the phrase.
In the sentences that look back, a phrase with no direction of its own ("Monday", "Nov 20")
rightly takes the sentence's (the Monday just gone), which a corpus written for the next one
counts as wrong: ``bench.time_eval.wrapper_scores`` tells those apart (the quote read with the
sentence's direction gives the same value) from values the words around the phrase changed.
"""

from __future__ import annotations

from typing import Final

__all__ = ["REQUEST_WRAPPERS", "WRAPPER_DIRECTIONS"]

# (wrapper, which way the sentence looks)
_WRAPPERS: Final = (
    ("Remind me {phrase}", "ahead"),
    ("Can we meet {phrase}?", "ahead"),
    ("Book a table for four {phrase}", "ahead"),
    ("Send the report {phrase} please", "ahead"),
    ("set an alarm for {phrase}", "ahead"),
    ("what's on my calendar {phrase}", "neutral"),
    ("How about {phrase}?", "neutral"),
    ("Are you free {phrase}?", "neutral"),
    ("Log that I was there {phrase}", "back"),
    ("What did I spend {phrase}?", "back"),
    ("Did you see my message from {phrase}?", "back"),
)
REQUEST_WRAPPERS: Final[tuple[str, ...]] = tuple(w for w, _ in _WRAPPERS)
WRAPPER_DIRECTIONS: Final[dict[str, str]] = dict(_WRAPPERS)

