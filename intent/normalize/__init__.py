"""Pure value normalizers shared by the core's verifier and the built-in recognizer.

``derive_values(evidence, schema, reference_time=...)`` lists the values a quoted piece of text
can mean for a field with that JSON Schema ("six" -> 6, "8pm" -> "20:00", "Friday" -> a date).
The core accepts a candidate's field value only when it is the evidence itself or one of these.
The ``find_*`` scanners locate such values in running text for the built-in recognizer.
"""

from intent.normalize.dates import find_dates
from intent.normalize.derive import (
    Derived,
    derive_values,
    format_date_time,
    number_unread_in_context,
    phrase_values,
    phrase_within,
    time_values,
)
from intent.normalize.enums import find_enum_values, surface_forms
from intent.normalize.kinds import FieldKind, field_kind, schema_types
from intent.normalize.mentions import Mention
from intent.normalize.not_the_request import address_numbers, foreign_to_request, quoted_spans
from intent.normalize.numbers import enclosing_number, find_numbers, parse_number_words
from intent.normalize.patterns import compile_pattern, find_emails, find_pattern_tokens, find_uris
from intent.normalize.times import find_times, format_time

__all__ = [
    "Derived",
    "FieldKind",
    "Mention",
    "address_numbers",
    "compile_pattern",
    "derive_values",
    "enclosing_number",
    "field_kind",
    "find_dates",
    "find_emails",
    "find_enum_values",
    "find_numbers",
    "find_pattern_tokens",
    "find_times",
    "find_uris",
    "foreign_to_request",
    "format_date_time",
    "format_time",
    "number_unread_in_context",
    "parse_number_words",
    "phrase_values",
    "phrase_within",
    "quoted_spans",
    "schema_types",
    "surface_forms",
    "time_values",
]
