"""Words of requests and of domain names: tokens, identifier parts and a light stemmer."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["STOPWORDS", "content_stems", "split_identifier", "stem", "words"]

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_IDENT = re.compile(r"[a-z0-9]+")

STOPWORDS = frozenset(
    """a an the of for to by with in on at from into and or my our your their his her its this that these those
    it them me us i we you he she they please be is are was were am been do does did can could would will shall
    should may might must just some any all one ones thing things so as if up out about there here what which who
    whom whose when where how why than then also too very really want wanted need needed like love let lets i'd
    i'm i'll we'd we're you're it's that's what's what're hey hi hello ok okay yes no not don't doesn't want
    would've something anything everything get got gonna wanna going go""".split()
)


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """``playing``/``played``/``plays`` -> ``play``, ``cities`` -> ``city``, ``reservation`` -> ``reserv``."""
    word = word.lower().replace("'s", "")
    for suffix in ("ations", "ation", "ings", "ing", "ies", "ied", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    if len(word) >= 4 and word[-1] == word[-2] and word[-1].isalpha() and word[-1] not in "aeiousl":
        word = word[:-1]  # "shopping" -> "shopp" -> "shop"
    return word


def words(text: str) -> list[str]:
    """Lower-case words of free text (apostrophe forms kept whole: "i'd", "what's")."""
    return _WORD.findall(text.lower().replace("’", "'"))


def split_identifier(name: str) -> list[str]:
    """``order_cancel`` / ``getPetById`` / ``SearchScreeningEvent`` -> lower-case words."""
    return _IDENT.findall(_CAMEL.sub(" ", name).lower())


def content_stems(text: str) -> list[str]:
    """Stems of the words of ``text`` that carry content, in order."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]
