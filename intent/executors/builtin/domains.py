"""Which configured domain a request belongs to: the shared domain scorer (``intent.nlu``) on the clause.

With ``domainHints`` (a catalog's tools, or hints written for the domains) it reads the verbs,
entity words, name and description of each domain; without, the words of the domain names. A tie
or weak evidence is no answer: the recognizer never guesses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["choose_domain"]


def choose_domain(text: str, domains: Sequence[object] | None, *, action: str = "", target: str | None = None,
                  hints: Mapping[str, Any] | None = None) -> str | None:
    """The one domain ``text`` (the request's clause) belongs to, or None."""
    names = [d for d in domains or () if isinstance(d, str)]
    if not names:
        return None
    # The scorer loads with the first instance that has domains; one without never pays for it.
    from intent.nlu.scorer import scorer_for

    if target and target not in text:
        text = f"{text} {target}"
    return scorer_for(names, hints).choose(text, action=action)
