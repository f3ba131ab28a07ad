"""Time zones named after a time ("3pm CET", "9am PT", "15:00 UTC", "10:00 GMT+2", "14:00 Europe/Berlin").

Abbreviations with one meaning get a fixed offset; regional names ("PT", "Eastern") follow
their zone's daylight-saving rules on the day in question (``zoneinfo``). "BST" is British Summer
Time (UTC+1), as calendars and mail write it (Bangladesh writes its offset). "IST" is India's,
Ireland's and Israel's standard time: each is offered (``ZONE_CHOICES``), none picked. Other
abbreviations with several meanings ("AST", "CAT") are not guessed: a time written with one is
left unread rather than placed in the wrong zone.

A place the zone database names, followed by "time", is that place's zone: "3pm Manila time", "9am
Sydney time", "10:30am Montreal time", "8am Japan time" (the city or country as the database spells it,
spaces for its underscores). Names that are ordinary words or days ("Easter", "Christmas", "Center"),
the compass regions ("Australia/West") and the research stations of Antarctica are left out: "3pm
Christmas time" is no island's clock.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from intent.compiled_regex import compiled

__all__ = ["ZONE", "ZONE_CHOICES", "offset_minutes", "zone_key"]

_FIXED = {
    "utc": 0, "gmt": 0, "z": 0, "zulu": 0, "wet": 0, "west": 60, "cet": 60, "cest": 120, "met": 60,
    "eet": 120, "eest": 180, "msk": 180, "pst": -480, "pdt": -420, "mst": -420, "mdt": -360, "cst": -360,
    "cdt": -300, "est": -300, "edt": -240, "akst": -540, "akdt": -480, "hst": -600, "jst": 540, "kst": 540,
    "aest": 600, "aedt": 660, "acst": 570, "acdt": 630, "awst": 480, "nzst": 720, "nzdt": 780, "sgt": 480,
    "hkt": 480, "bst": 60, "pkt": 300, "pht": 480, "wib": 420, "sast": 120,
    # the names the abbreviations stand for, as mail and calendars spell them out
    "greenwich mean time": 0, "coordinated universal time": 0, "universal time": 0,
    "western european time": 0, "western european summer time": 60, "british summer time": 60,
    "irish standard time": 60, "central european time": 60, "central european standard time": 60,
    "central european summer time": 120, "eastern european time": 120, "eastern european summer time": 180,
    "moscow standard time": 180, "pakistan standard time": 300, "india standard time": 330,
    "indian standard time": 330, "china standard time": 480, "singapore standard time": 480,
    "philippine standard time": 480, "japan standard time": 540, "korea standard time": 540,
    "australian western standard time": 480, "australian central standard time": 570,
    "australian central daylight time": 630, "australian eastern standard time": 600,
    "australian eastern daylight time": 660, "new zealand standard time": 720, "new zealand daylight time": 780,
    "south africa standard time": 120, "israel standard time": 120, "gulf standard time": 240,
    "atlantic standard time": -240, "atlantic daylight time": -180, "newfoundland standard time": -210,
    "eastern standard time": -300, "eastern daylight time": -240, "central standard time": -360,
    "central daylight time": -300, "mountain standard time": -420, "mountain daylight time": -360,
    "pacific standard time": -480, "pacific daylight time": -420, "alaska standard time": -540,
    "alaska daylight time": -480, "hawaii standard time": -600, "hawaii-aleutian standard time": -600,
    # spelled without "time" these still name Europe's zones, not America's Central or Eastern
    "central european": 60, "eastern european": 120, "western european": 0,
}  # fmt: skip
# Abbreviations with several meanings that are all in use: each offset is a reading.
ZONE_CHOICES = {"ist": ("330", "60", "120")}  # India (+05:30), Ireland (+01:00), Israel (+02:00)
_REGIONAL = {
    "pt": "America/Los_Angeles", "pacific": "America/Los_Angeles", "pacific time": "America/Los_Angeles",
    "et": "America/New_York", "eastern": "America/New_York", "eastern time": "America/New_York",
    "ct": "America/Chicago", "central": "America/Chicago", "central time": "America/Chicago",
    "mt": "America/Denver", "mountain": "America/Denver", "mountain time": "America/Denver",
    "alaska": "America/Anchorage", "alaska time": "America/Anchorage", "hawaii": "Pacific/Honolulu",
    "hawaii time": "Pacific/Honolulu",
    "uk time": "Europe/London", "london time": "Europe/London", "paris time": "Europe/Paris",
    "berlin time": "Europe/Berlin", "new york time": "America/New_York", "tokyo time": "Asia/Tokyo",
}  # fmt: skip
# Written after a time, these are zones we decline to guess; the time is then not read at all.
UNKNOWN = frozenset({"ast", "cat", "eat", "wat", "aet"})
_OFFSET = r"(?:utc|gmt)\s*[+-−]\s*\d{1,2}(?::?\d{2})?|[+-]\d{2}:?\d{2}"
_NAMES = "|".join(
    sorted([*(k.replace(" ", r"\s+") for k in (*_FIXED, *_REGIONAL)), *UNKNOWN, *ZONE_CHOICES],
           key=lambda name: (-len(name), name))  # the same text in every process (a set is in UNKNOWN)
)
# A zone's IANA name, as calendars write it: "Europe/Berlin", "America/Argentina/Buenos_Aires", and the
# database's older country names still in use ("Canada/Eastern", "US/Pacific").
_IANA = (r"(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Canada|US|Brazil|Mexico|"
         r"Chile)/[A-Za-z_]+(?:/[A-Za-z_]+)?")
# "Manila time", "New York time", "St Johns time": one to three words of a place and "time"
_PLACE_TIME = r"[^\W\d_][\w'.-]*(?:[ \t]+[^\W\d_][\w'.-]*){0,2}[ \t]+time"
# A zone right after a time: "3pm CET", "15:00 (UTC)", "9am PT", "10:00 GMT+2", "14:00+01:00",
# "14:00 Europe/Berlin" (an IANA name first: "Pacific/Auckland" is not "Pacific"), "3pm Manila time".
# "19:00Z", "1900Z": the Zulu letter glued to the clock's digits is UTC; "14:00+01", "14:00:00+05": an
# offset of whole hours glued to them, as ISO 8601 allows (only "+": "9:30-10" is a range).
ZONE = compiled(rf"\s*\(?\s*({_OFFSET}|\b{_IANA}\b|\b(?:{_NAMES})\b|\b{_PLACE_TIME}\b|(?<=\d)z\b|"
                r"(?<=\d)\+\d{2}(?![\d:.]))\s*\)?", re.IGNORECASE)
_WHOLE_HOURS = compiled(r"\+\d{2}")
_OFFSET_PARTS = compiled(r"(?:utc|gmt)?\s*([+-−])\s*(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)


def zone_key(written: str) -> str | None:
    """The zone's key ("0", "America/Los_Angeles", "120"), "?" for a declined one, a ``ZONE_CHOICES``
    key for one of several meanings, None if none."""
    if "/" in written:  # an IANA name, spelled as the zone database spells it, or declined
        return written if _zone(written) is not None else "?"
    word = " ".join(written.lower().split())
    if word in UNKNOWN:
        return "?"
    if word in ZONE_CHOICES:
        return word
    if word in _FIXED:
        return str(_FIXED[word]) if _FIXED[word] else "0"
    if word in _REGIONAL:
        return _REGIONAL[word]
    if word.endswith(" time"):
        return _places().get(word[: -len(" time")].replace(".", "").replace("'", ""))
    if _WHOLE_HOURS.fullmatch(word):  # "+01" glued to a clock
        hours = int(word[1:])
        return str(hours * 60) if 0 < hours <= 14 else ("0" if hours == 0 else "?")
    parts = _OFFSET_PARTS.search(word)
    if parts:
        hours, minutes = int(parts.group(2)), int(parts.group(3) or 0)
        if hours > 14 or minutes > 59:
            return "?"
        total = hours * 60 + minutes
        return str(-total if parts.group(1) in "-−" else total)
    return None


# The regions whose last name is a city or an island ("Asia/Manila"); the database's older country
# folders ("US/", "Canada/") say a region, and are read only written whole ("US/Pacific").
_PLACE_REGIONS = ("Africa/", "America/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/")
# Countries the database names alone ("Japan", "Singapore"), as people write "8am Japan time".
_COUNTRIES = ("Cuba", "Egypt", "Eire", "Hongkong", "Iceland", "Iran", "Israel", "Jamaica", "Japan", "Libya", "Poland",
              "Portugal", "Singapore", "Turkey")
# Countries with one clock, and their adjectives, before "time": "2pm India time", "9am British time".
_NATIONS = {
    "india": "Asia/Kolkata", "indian": "Asia/Kolkata", "british": "Europe/London", "uk": "Europe/London",
    "england": "Europe/London", "english": "Europe/London", "ireland": "Europe/Dublin", "irish": "Europe/Dublin",
    "germany": "Europe/Berlin", "german": "Europe/Berlin", "france": "Europe/Paris", "french": "Europe/Paris",
    "spain": "Europe/Madrid", "spanish": "Europe/Madrid", "italy": "Europe/Rome", "italian": "Europe/Rome",
    "netherlands": "Europe/Amsterdam", "dutch": "Europe/Amsterdam", "belgium": "Europe/Brussels",
    "belgian": "Europe/Brussels", "switzerland": "Europe/Zurich", "swiss": "Europe/Zurich",
    "austria": "Europe/Vienna", "austrian": "Europe/Vienna", "sweden": "Europe/Stockholm",
    "swedish": "Europe/Stockholm", "norway": "Europe/Oslo", "norwegian": "Europe/Oslo",
    "denmark": "Europe/Copenhagen", "danish": "Europe/Copenhagen", "finland": "Europe/Helsinki",
    "finnish": "Europe/Helsinki", "greece": "Europe/Athens", "greek": "Europe/Athens", "polish": "Europe/Warsaw",
    "portuguese": "Europe/Lisbon", "turkish": "Europe/Istanbul", "ukraine": "Europe/Kyiv",
    "ukrainian": "Europe/Kyiv", "israeli": "Asia/Jerusalem", "egyptian": "Africa/Cairo", "japanese": "Asia/Tokyo",
    "china": "Asia/Shanghai", "chinese": "Asia/Shanghai", "korea": "Asia/Seoul", "korean": "Asia/Seoul",
    "taiwan": "Asia/Taipei", "taiwanese": "Asia/Taipei", "thailand": "Asia/Bangkok", "thai": "Asia/Bangkok",
    "vietnam": "Asia/Ho_Chi_Minh", "vietnamese": "Asia/Ho_Chi_Minh", "philippine": "Asia/Manila",
    "philippines": "Asia/Manila", "malaysia": "Asia/Kuala_Lumpur", "malaysian": "Asia/Kuala_Lumpur",
    "pakistan": "Asia/Karachi", "pakistani": "Asia/Karachi", "bangladesh": "Asia/Dhaka", "nepal": "Asia/Kathmandu",
    "sri lanka": "Asia/Colombo", "uae": "Asia/Dubai", "nigeria": "Africa/Lagos", "nigerian": "Africa/Lagos",
    "kenya": "Africa/Nairobi", "kenyan": "Africa/Nairobi", "south africa": "Africa/Johannesburg",
    "south african": "Africa/Johannesburg", "new zealand": "Pacific/Auckland", "nz": "Pacific/Auckland",
    "argentina": "America/Argentina/Buenos_Aires", "argentinian": "America/Argentina/Buenos_Aires",
    "colombia": "America/Bogota", "colombian": "America/Bogota", "peru": "America/Lima",
    "peruvian": "America/Lima", "chile": "America/Santiago", "chilean": "America/Santiago",
}  # fmt: skip
# Last names that are ordinary words, days or people before "time" ("Christmas time", "Easter time").
_NOT_PLACES = frozenset({"christmas", "easter", "center", "knox", "stanley", "regina", "north", "south", "east", "west",
                         "general", "continental", "chatham", "faroe", "marengo", "petersburg", "vincennes", "winamac",
                         "tell city", "beulah", "new salem", "monticello", "midway", "wake"})


@lru_cache(maxsize=1)
def _places() -> dict[str, str]:
    """Each place name of the zone database (lower case, spaces for underscores) to its zone; a name
    that two zones with different clocks share ("Nicosia" is one, "Buenos Aires" another) only when
    they agree."""
    found: dict[str, set[str]] = {}
    for name in available_timezones():
        if name.startswith(_PLACE_REGIONS):
            place = name.rsplit("/", 1)[1]
            if place.isupper():  # "Australia/ACT", "Australia/NSW"
                continue
        elif name in _COUNTRIES:
            place = name
        else:
            continue
        key = place.replace("_", " ").replace("-", " ").lower()
        if key not in _NOT_PLACES:
            found.setdefault(key, set()).add(name)
    out: dict[str, str] = {}
    for key, names in found.items():
        zones = sorted(names)
        samples = (datetime(2026, 1, 15, 12), datetime(2026, 7, 15, 12))
        if all(_offset_at(zones[0], at) == _offset_at(other, at) for other in zones[1:] for at in samples):
            out[key] = zones[0]
    out["hong kong"] = "Asia/Hong_Kong"
    out.update(_NATIONS)
    return out


def _offset_at(name: str, at: datetime) -> timedelta | None:
    zone = _zone(name)
    return None if zone is None else at.replace(tzinfo=zone).utcoffset()


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def offset_minutes(key: str, day: date, clock: tuple[int, int] = (12, 0)) -> int | None:
    """Minutes east of UTC for zone ``key`` at that local day and time (None when unknown)."""
    if key.lstrip("-").isdigit():
        return int(key)
    zone = _zone(key)
    if zone is None:
        return None
    offset = datetime.combine(day, time(*clock), tzinfo=zone).utcoffset()
    return int((offset or timedelta()).total_seconds() // 60)


def zone_info(key: str) -> ZoneInfo | None:
    """The ``zoneinfo`` zone behind a regional key, None for fixed offsets."""
    return None if key.lstrip("-").isdigit() else _zone(key)
