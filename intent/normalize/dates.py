"""Calendar dates in running text, for the built-in recognizer: each date phrase the time grammar
reads (``intent.normalize.temporal``) as a ``Mention`` of a ``datetime.date``, with both readings
in ``candidates`` when the words allow two ("next Wednesday" on a Monday, "2/3")."""

from __future__ import annotations

from datetime import date, datetime

from intent.normalize.mentions import Mention
from intent.normalize.temporal import dates_of, read_temporal

__all__ = ["find_dates", "reference_datetime"]


def reference_datetime(reference: date | datetime | None) -> datetime | None:
    """A reference day as the start of that day; a reference time as itself."""
    if reference is None or isinstance(reference, datetime):
        return reference
    return datetime(reference.year, reference.month, reference.day)


def find_dates(text: str, reference: date | datetime | None) -> list[Mention]:
    """Every date in ``text``; relative ones only when ``reference`` is known (then ``inferred``)."""
    found: list[Mention] = []
    for mention in read_temporal(text, reference_datetime(reference)):
        days = dates_of(mention)
        if not days or mention.date_span is None:
            continue
        start, end = mention.date_span
        if len(days) == 1:
            found.append(Mention(start, end, days[0], inferred=mention.inferred))
        else:
            found.append(Mention(start, end, None, inferred=mention.inferred, candidates=tuple(days)))
    return found
