"""Whether a text looks like English: why the built-in recognizer found nothing in it.

The recognizer reads English only. When it finds no request in a text written in another
language, the result says so (issue ``UNSUPPORTED_LANGUAGE``) instead of a bare ``no_intent``.
The test is deliberately coarse and only ever runs on a ``no_intent`` result: a text whose
letters are mostly outside the Latin script, or a Latin-script text with several common words
of another language and no English function word.
"""

from __future__ import annotations

import re

from intent.compiled_regex import compiled

__all__ = ["unsupported_language_message"]

_WORD = compiled(r"[^\W\d_]+", re.UNICODE)

# Short, frequent English words: one of them is enough to call a text English.
_ENGLISH = frozenset(
    "the a an to of and or in on for with my me i you your is are be it this that please can could would "
    "what when where how do does not don't hi hello thanks thank yes no ok okay".split()
)
# Frequent function words of French, Spanish, Portuguese, Italian, German and Dutch that are not English.
_OTHER = frozenset(
    "le la les des du une est et je vous nous pour avec mon ma mes ne pas bonjour merci s'il voudrais "
    "el los las una por para con mi quiero puede usted hola gracias por favor necesito "
    "o os um uma não com meu minha obrigado você "
    "il di che per della vorrei grazie ciao "
    "der die das ein eine und ist nicht ich bitte danke mein meine mit für möchte hallo "
    "een het ik niet mijn voor met alsjeblieft dank".split()
)


def unsupported_language_message(text: str) -> str | None:
    """Why ``text`` is taken for another language than English, or None when it may be English."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return None
    non_latin = sum(1 for ch in letters if ord(ch) > 0x24F)  # beyond Latin Extended-B
    if non_latin * 2 > len(letters):
        return "most of the input's letters are not in the Latin script"
    words = [word.lower() for word in _WORD.findall(text.replace("’", "'"))]
    if any(word in _ENGLISH for word in words):
        return None
    foreign = sum(1 for word in words if word in _OTHER)
    if foreign >= 2 or (foreign == 1 and len(words) <= 2):
        return "the input's common words are not English"
    return None
