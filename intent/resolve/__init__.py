"""Candidate -> verified IntentResult."""

from intent.resolve.fields import CheckedValue, check_field_value, schema_error
from intent.resolve.resolver import resolve

__all__ = ["CheckedValue", "check_field_value", "resolve", "schema_error"]
