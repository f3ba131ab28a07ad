"""String formats this package can check exactly; only these count as a constraint on an argv value."""

from __future__ import annotations

import ipaddress
import re
import uuid
from collections.abc import Callable

from intent.rfc3339 import is_date_time, is_full_date, is_time

_HOSTNAME_LABEL = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")
_EMAIL = re.compile(r"^[A-Za-z0-9.!#%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$")
# RFC 3986 characters only; a scheme is required.
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")


def _is_time(value: str) -> bool:
    return is_time(value, offset_required=False)


def _is_date_time(value: str) -> bool:
    # No space between date and time: the value becomes one argv word.
    return is_date_time(value, strict=True)


def _is_uuid(value: str) -> bool:
    if len(value) != 36:
        return False
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


def _ip_version(value: str) -> int | None:
    if "%" in value:
        return None  # an IPv6 scope id may be any text at all
    try:
        return ipaddress.ip_address(value).version
    except ValueError:
        return None


def _is_ipv4(value: str) -> bool:
    return _ip_version(value) == 4


def _is_ipv6(value: str) -> bool:
    return _ip_version(value) == 6


def _is_hostname(value: str) -> bool:
    if not value or len(value) > 253:
        return False
    return all(_HOSTNAME_LABEL.fullmatch(label) for label in value.rstrip(".").split("."))


FORMAT_CHECKS: dict[str, Callable[[str], bool]] = {
    "date": is_full_date,
    "time": _is_time,
    "date-time": _is_date_time,
    "uuid": _is_uuid,
    "ipv4": _is_ipv4,
    "ipv6": _is_ipv6,
    "hostname": _is_hostname,
    "email": lambda value: bool(_EMAIL.fullmatch(value)),
    "uri": lambda value: bool(_URI.fullmatch(value)),
}


# Formats whose valid values cannot hold a payload character, pair or leading '-': only these make an
# argv string constrained. ``email`` and ``uri`` are checked too, but their values may hold ``&``,
# ``'``, ``|`` or ``$(``, so they belong on stdin.
ARGV_SAFE_FORMATS = frozenset({"date", "time", "date-time", "uuid", "ipv4", "ipv6", "hostname"})


def check_format(name: str, value: str) -> bool:
    """True when ``value`` is a valid ``name``; formats this module does not know never pass."""
    checker = FORMAT_CHECKS.get(name)
    return checker is not None and checker(value)
