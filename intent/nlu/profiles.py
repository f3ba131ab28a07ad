"""What a domain is known by: its name, description, operation verbs and entity words, as stems."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from intent.nlu.lexicon import related_topic_stems, verb_synonym_stems
from intent.nlu.words import STOPWORDS, content_stems, split_identifier, stem, words

__all__ = ["DomainProfile", "profile_from_hint"]

_NAME_FILLERS = frozenset({"by", "the", "a", "an", "of", "for", "to", "and", "with", "in", "on"})
_ID_WORDS = frozenset({"id", "number", "no", "ref", "reference", "code"})


@dataclass(frozen=True)
class DomainProfile:
    """One domain's words. ``verbs`` include synonyms; ``related`` are the words its topics bring."""

    name: str
    verbs: frozenset[str]
    own_verbs: frozenset[str]  # the operation's own word: the verbs among the name's words
    entities: frozenset[str]
    related: frozenset[str]
    described: frozenset[str]
    named: frozenset[str]  # name words that are neither verbs nor entities
    by_id: bool  # the domain acts on one thing named by its id ("get_pet_by_id")
    hinted: bool  # built from hints (verbs/entities), not from the name alone


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str) and v.strip()] if isinstance(value, (list, tuple)) else []


def profile_from_hint(name: str, hint: Mapping[str, Any] | None) -> DomainProfile:
    """A profile from a domain's hints (``description``, ``verbs``, ``entities``), or from its name alone."""
    name_words = [w for w in split_identifier(name) if w not in _NAME_FILLERS]
    by_id = bool(set(name_words[1:]) & {"id"})
    if not isinstance(hint, Mapping) or not (hint.get("verbs") or hint.get("entities") or hint.get("description")):
        # Without hints a domain is known by its name's words, read literally: no synonyms.
        only = frozenset(stem(w) for w in name_words)
        return DomainProfile(name, frozenset(), frozenset(), frozenset(), frozenset(), frozenset(), only,
                             by_id, False)  # fmt: skip
    verbs: set[str] = set()
    for verb in _strings(hint.get("verbs")):
        verbs |= verb_synonym_stems(verb.lower())
    entities: set[str] = set()
    for entity in _strings(hint.get("entities")):
        entities |= {stem(w) for w in words(entity) if w not in STOPWORDS}
    entities -= verbs
    related: set[str] = set()
    for word in [*entities, *(stem(w) for w in name_words)]:
        related |= related_topic_stems(word)
    description = hint.get("description")
    described = set(content_stems(description)) if isinstance(description, str) else set()
    if not verbs and not entities:
        entities, described = described, set()  # only a description: its words are what the domain is about
    name_stems = {stem(w) for w in name_words if w not in _ID_WORDS}
    named = name_stems - verbs - entities
    return DomainProfile(
        name=name,
        verbs=frozenset(verbs),
        own_verbs=frozenset(name_stems & verbs),
        entities=frozenset(entities),
        related=frozenset(related - entities),
        described=frozenset(described - entities - verbs - named),
        named=frozenset(named),
        by_id=by_id,
        hinted=True,
    )
