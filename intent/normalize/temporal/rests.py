"""The unread rest of a date or a time, glued or spaced next to a phrase the grammar did read.

"01DEZ 10:00" (a day glued to a month name the grammar does not know), "at 9.am", "at 3 p . m ."
(an am/pm written in a way it does not read): read without its rest, the phrase would give a
wrong day or both halves of the day, none of them the one meant. Such a phrase is not read, in a
quote or inside a request.
"""

from __future__ import annotations

from intent.compiled_regex import compiled

__all__ = ["next_to_unread_rest"]

# "01DEZ", "3MAR" right before the phrase: one or two digits glued to a word of three letters or
# more (not an ordinal: "2nd", "15th"; not a short code: "4B").
_GLUED_DAY_BEFORE = compiled(r"(?<![\w.:/-])\d{1,2}[^\W\d_]{3,9}\.?[ \t]+$")
# ".am", " p . m .", " a m" right after a clock the phrase ends with.
_MERIDIEM_AFTER = compiled(r"(?:\.|[ \t]*\.[ \t]+|[ \t]+)[aApP](?:[ \t]*\.[ \t]*|[ \t]+)[mM]\b|\.[aApP]\.?[mM]\b")


def next_to_unread_rest(text: str, start: int, end: int, read: list[tuple[int, int]]) -> bool:
    """``text[start:end]`` stands right next to the unread rest of its date or time."""
    def unread(position: int) -> bool:
        return not any(s <= position < e for s, e in read)

    before = _GLUED_DAY_BEFORE.search(text, max(0, start - 16), start)
    if before is not None and unread(before.start()):
        return True
    after = _MERIDIEM_AFTER.match(text, end)
    return after is not None and text[end - 1 : end].isdigit() and unread(after.end() - 1)
