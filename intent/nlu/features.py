"""Features of an utterance for the trained models: words, stems, pairs and letter triples for the
domain classifier; per-token neighbourhoods for the slot labeller. Pure Python: no extra needed."""

from __future__ import annotations

import re

from intent.nlu.lexicon import topics_of
from intent.nlu.places import place_kinds
from intent.nlu.words import stem
from intent.normalize import find_dates, find_times

__all__ = ["domain_features", "temporal_marks", "token_features", "tokens"]

_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)?|[^\w\s]", re.UNICODE)


def tokens(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each word or punctuation mark."""
    return [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]


def domain_features(text: str) -> list[str]:
    """What the domain classifier sees of ``text``."""
    lows = [t[2].lower() for t in tokens(text) if t[2][:1].isalnum()]
    out: list[str] = []
    previous = "<s>"
    for word in lows:
        shape = "#" if word[:1].isdigit() else word
        out.append("w:" + shape)
        out.append("s:" + stem(word))
        out.append("b:" + previous + "_" + shape)
        previous = shape
        padded = f"<{word}>"
        out.extend("c:" + padded[i : i + 3] for i in range(len(padded) - 2))
    out.append("b:" + previous + "_</s>")
    return out


def _shape(word: str) -> str:
    if word.isdigit():
        return "digits"
    if word[:1].isupper():
        return "Upper" if word[1:].islower() or len(word) == 1 else "UPPER" if word.isupper() else "Mixed"
    return "lower" if word.isalpha() else "other"


def temporal_marks(text: str, spans: list[tuple[int, int, str]]) -> list[bool]:
    """Per token: does it stand inside a date or time the normalizer reads ("next friday at 8 pm")?"""
    found = [(m.start, m.end) for m in (*find_dates(text, None), *find_times(text))]
    return [any(s <= start < e for s, e in found) for start, _, _ in spans]


def token_features(words: list[str], domain: str | None, temporal: list[bool] | None = None) -> list[list[str]]:
    """Per token: the word, its affixes, shape and neighbours, place and time marks, and the domain."""
    lows = [w.lower() for w in words]
    places = place_kinds(words)
    out: list[list[str]] = []
    for i, word in enumerate(words):
        low = lows[i]
        feats = ["bias", "w=" + low, "s=" + stem(low), "p3=" + low[:3], "x3=" + low[-3:], "x2=" + low[-2:],
                 "shape=" + _shape(word)]  # fmt: skip
        for topic in topics_of(low):
            feats.append("topic=" + topic)
        if places[i] is not None:
            feats.append(f"place={places[i]}")
        if i > 0 and places[i - 1] is not None:
            feats.append(f"place-1={places[i - 1]}")
        if temporal is not None and temporal[i]:
            feats.append("time")
        if domain is not None:
            feats.append("d=" + domain)
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j < len(words):
                feats.append(f"w{offset}={lows[j]}")
                if offset in (-1, 1):
                    feats.append(f"shape{offset}={_shape(words[j])}")
            else:
                feats.append(f"w{offset}=<edge>")
        if i > 0:
            feats.append(f"pair-1={lows[i - 1]}|{low}")
        if i + 1 < len(words):
            feats.append(f"pair+1={low}|{lows[i + 1]}")
        out.append(feats)
    return out
