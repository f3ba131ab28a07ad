"""What wraps a request in real messages, blanked out so only the request is read.

Chat and mail put things around a request that are not part of it: emoji and other symbols,
a greeting line, a sign-off and signature, "Re:"/"Fwd:" subject lines, the quoted text of the
message being answered, and bullet or number markers in front of each request of a list.
``unwrap`` returns the text with those parts replaced by spaces (line breaks kept), so every
offset still points into the original text and quotes can be cut from it unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from intent.compiled_regex import compiled

__all__ = ["Unwrapped", "unwrap"]

# Emoji, pictographs, dingbats, arrows, geometric shapes and their joiners and modifiers.
_SYMBOLS = compiled(
    "[\U0001f000-\U0001faff\u2190-\u21ff\u2300-\u23ff\u2500-\u27bf\u2900-\u297f\u2b00-\u2bff"
    "\u2022\u2023\u2043\u00a9\u00ae\u2122\ufe0e\ufe0f\u200d\u20e3]+"
)
# Emoticons standing alone: ":)", ";-)", ":D", "<3", "xD".
_EMOTICON = compiled(r"(?<!\S)(?:[:;=][-']?[)(\]\[DPpO/\\|*]+|<3+|xD+|XD+|\^_\^)(?!\S)")
_EMOTICON_CHARS = (":", ";", "=", "<3", "xD", "XD", "^_^")
_SIGN_OFF_HINTS = ("thank", "thx", "ty", "cheers", "regards", "best")
# "Re: RE: Fwd:" at the start of a line: a subject line's reply and forward markers.
_SUBJECT_MARKS = compiled(r"^[ \t]*(?:(?:re|fwd?|aw|tr)\s*:\s*)+", re.IGNORECASE)
# Where quoted earlier text starts: "On Mon, ... wrote:", "-----Original Message-----", "From: ...".
_QUOTE_HEADER = compiled(
    r"^[ \t]*(?:on\s.{0,200}?\bwrote:|-{2,}\s*(?:original|forwarded)\s+message\s*-{2,}|begin forwarded message:)",
    re.IGNORECASE,
)
# A signature separator ("-- ") or a phone's footer.
_SIGNATURE_START = compiled(r"^[ \t]*(?:--\s*$|__+\s*$|sent\s+from\s+(?:my\s+)?\w+)", re.IGNORECASE)
# A sign-off on a line of its own: "Thanks,", "Best regards,", "Cheers!".
_SIGN_OFF = compiled(
    r"^[ \t]*(?:many\s+|thanks?\s+(?:again|a\s+lot|so\s+much|in\s+advance)|thank\s+you(?:\s+so\s+much)?|thanks|thx|ty|"
    r"cheers|best(?:\s+(?:regards|wishes))?|(?:kind|warm|best)\s+regards|regards|sincerely|yours(?:\s+truly)?|"
    r"all\s+the\s+best|take\s+care|talk\s+soon|br|rgds)\s*[,.!]*[ \t]*$",
    re.IGNORECASE,
)
# "Cheers, Tom" / "Many thanks, Ken" / "Thx!" ending the last line.
_TRAILING_SIGN_OFF = compiled(
    r"(?:(?<=[.!?])|(?<=[.!?]\s)|^)\s*(?i:many\s+thanks|thanks(?:\s+(?:again|a\s+lot|so\s+much|in\s+advance))?|"
    r"thank\s+you(?:\s+so\s+much)?|thx|ty|cheers(?:\s+mate)?|best(?:\s+regards)?|regards)"
    r"(?:\s*[,!.]*\s*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?\s*[!.]*\s*$",
)
# A greeting that opens the message: "Hi Sam,", "Dear support,", "Hey team!", "Good morning!".
_GREETING = compiled(
    r"^\s*(?:(?:(?:hi|hello|hey|hiya|howdy|dear|yo|morning|good\s+(?:morning|afternoon|evening)|cheers|"
    r"thanks(?:\s+in\s+advance)?|thank\s+you(?:\s+in\s+advance)?)\b"
    r"(?:[ \t]+(?!(?:can|could|would|will|please|pls)\b)[\w'.-]+){0,3}?[ \t]*"
    r"(?:[,!:]+|\n|[ \t]{2,}|$|(?=[ \t]+(?:can|could|would|will|please|pls|plz)\b))"
    r"|@[\w.-]+[ \t]*[,:]?)[ \t]*)+",  # also a chat's "@channel", "@sam:"
    re.IGNORECASE,
)
_SIGN_OFF_REACH = 48
# Sentences of mail etiquette that ask for nothing: "Hope you're well.", "Please find attached the
# report.", "Let me know if you have any questions.", "Sorry to bother you again!"
_FORMULA = compiled(
    r"(?:^|(?<=[.!?])|(?<=\n))[ \t]*(?:"
    r"(?:i\s+)?hope\s+(?:you|your|all|this|everything|things|the)\b[^.!?\n]{0,60}?"
    r"\b(?:well|good|great|fine|okay|ok|weekend|week|day|holidays?|helps)\b"
    r"|please\s+(?:find|see)\s+(?:attached|enclosed|below|above)|attached\s+(?:is|are)\s+"
    r"|let\s+me\s+know\s+if\s+you\s+have\s+any\s+questions|looking\s+forward\s+to\s+|"
    r"have\s+a\s+(?:great|good|nice|lovely)\s+(?:day|weekend|week|evening)|sorry\s+to\s+bother\s+you|"
    r"thanks?\s+(?:you\s+)?(?:so\s+much\s+)?for\s+(?:your|the|all)\s+(?:help|time|patience|support)"
    r")(?:(?!\band\b)[^.!?\n])*[.!?]*",  # up to "and", which may start a request
    re.IGNORECASE,
)
_FORMULA_HINTS = ("hope", "attached", "enclosed", "please see", "questions", "looking forward", "have a ", "bother",
                  "thank")  # fmt: skip
# A list item's marker: "- ", "* ", "• ", "1. ", "2) ", "a) ".
_BULLET = compiled(r"^[ \t]*(?:[-*+•–—]|(?P<number>\d{1,2})[.)]|[a-h]\))[ \t]+(?=\S)")
# Short lines after a sign-off are a name, a title, a company, a phone number.
_SIGNATURE_LINE_WORDS = 6


@dataclass(frozen=True, slots=True)
class Unwrapped:
    """The text with its wrappers blanked, and where the items of a numbered list start."""

    text: str
    numbered_items: tuple[int, ...] = ()


def _blank(chars: list[str], start: int, end: int) -> None:
    for index in range(start, end):
        if chars[index] != "\n":
            chars[index] = " "


def _lines(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for line in text.split("\n"):
        out.append((start, start + len(line)))
        start += len(line) + 1
    return out


def unwrap(text: str) -> Unwrapped:
    """Blank what wraps the request in ``text``; offsets stay those of ``text``."""
    chars: list[str] | None = None
    if not text.isascii() or any(c in text for c in _EMOTICON_CHARS):
        chars = list(text)
        for pattern in (_SYMBOLS, _EMOTICON):
            for match in pattern.finditer(text):
                _blank(chars, match.start(), match.end())
    numbered: list[int] = []
    if "\n" in text:
        chars = chars if chars is not None else list(text)
        numbered = _unwrap_lines(text, chars)
    elif text[:4].lower().startswith(("re", "fw", "aw", "tr")) and (subject := _SUBJECT_MARKS.match(text)):
        chars = chars if chars is not None else list(text)
        _blank(chars, 0, subject.end())  # "Re: can you resend it?": the request is the subject
    lowered = text.lower()
    if any(hint in lowered for hint in _FORMULA_HINTS):
        current = text if chars is None else "".join(chars)
        for match in _FORMULA.finditer(current):
            if match.end() > match.start() and current[match.start() : match.end()].strip():
                chars = chars if chars is not None else list(text)
                _blank(chars, match.start(), match.end())
    greeting = _GREETING.match(text if chars is None else "".join(chars))
    if greeting is not None and greeting.end() < len(text):
        chars = chars if chars is not None else list(text)
        _blank(chars, greeting.start(), greeting.end())
    current = text if chars is None else "".join(chars)
    last_line = current.rfind("\n") + 1
    # A sign-off ends the message: only its last few dozen characters are searched.
    tail = max(last_line, len(current) - _SIGN_OFF_REACH)
    ending = current[tail:].lower()
    hinted = any(hint in ending for hint in _SIGN_OFF_HINTS)
    trailing = _TRAILING_SIGN_OFF.search(current, tail) if hinted else None
    if trailing is not None and current[: trailing.start()].strip():
        chars = list(current)
        _blank(chars, trailing.start(), trailing.end())
        current = "".join(chars)
    return Unwrapped(current, tuple(numbered))


def _unwrap_lines(text: str, chars: list[str]) -> list[int]:
    """Subject lines, quoted text, sign-offs with their signature, and list markers."""
    lines = _lines(text)
    content = [i for i, (s, e) in enumerate(lines) if text[s:e].strip()]
    numbered: list[int] = []
    cut: int | None = None  # first line of the trailing part that is not the message
    for position, index in enumerate(content):
        start, end = lines[index]
        line = text[start:end]
        if _QUOTE_HEADER.match(line) or _SIGNATURE_START.match(line):
            cut = index
            break
        if _SIGN_OFF.match(line) and position > 0:
            rest = [text[lines[i][0] : lines[i][1]] for i in content[position + 1 :]]
            ends = next((n for n, r in enumerate(rest) if _QUOTE_HEADER.match(r) or _SIGNATURE_START.match(r)), None)
            if all(len(r.split()) <= _SIGNATURE_LINE_WORDS for r in rest[:ends]):
                cut = index
                break
        if line.lstrip().startswith(">"):
            _blank(chars, start, end)
            continue
        subject = _SUBJECT_MARKS.match(line)
        if subject is not None:
            # A subject line above the message body is not the request; alone, only its marks are not.
            _blank(chars, start, end if position + 1 < len(content) else start + subject.end())
            continue
        bullet = _BULLET.match(line)
        if bullet is not None:
            _blank(chars, start, start + bullet.end())
            if bullet.group("number") is not None:
                numbered.append(start + bullet.end())
    if cut is not None:
        _blank(chars, lines[cut][0], len(text))
    return numbered if len(numbered) > 1 else []
