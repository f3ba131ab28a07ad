"""A byte-reproducible ZIP of text files: stored entries, fixed 1980-01-01 timestamps, UTF-8 names.

Written by hand rather than with ``zipfile`` so every byte is fixed here (``zipfile`` only flags
non-ASCII names as UTF-8 and its headers may change between Python versions).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping

FIXED_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
_DOS_DATE = ((1980 - 1980) << 9) | (1 << 5) | 1
_DOS_TIME = 0
_UTF8_NAMES = 0x0800
_VERSION = 20  # 2.0: the oldest version with directories; enough for stored entries
_MADE_BY_UNIX = (3 << 8) | _VERSION
_FILE_ATTRIBUTES = 0o100644 << 16
# Without ZIP64 records, sizes, offsets and the entry count have these limits.
_MAX_SIZE = 0xFFFFFFFF
_MAX_ENTRIES = 0xFFFF


def create_zip(files: Mapping[str, str | bytes]) -> bytes:
    """The ZIP archive of ``files`` (path -> text or bytes), entries in the mapping's order, uncompressed."""
    if len(files) > _MAX_ENTRIES:
        raise ValueError(f"a zip holds at most {_MAX_ENTRIES} files here")
    body = bytearray()
    directory = bytearray()
    for path, content in files.items():
        name = path.replace("\\", "/").lstrip("/").encode("utf-8")
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        crc = zlib.crc32(data) & 0xFFFFFFFF
        offset = len(body)
        if len(data) > _MAX_SIZE or offset > _MAX_SIZE:
            raise ValueError("the project is too large for a zip without ZIP64")
        common = struct.pack("<HHHHHIII", _VERSION, _UTF8_NAMES, 0, _DOS_TIME, _DOS_DATE, crc, len(data), len(data))
        body += struct.pack("<I", 0x04034B50) + common + struct.pack("<HH", len(name), 0) + name + data
        directory += (
            struct.pack("<IH", 0x02014B50, _MADE_BY_UNIX)
            + common
            + struct.pack("<HHHHHII", len(name), 0, 0, 0, 0, _FILE_ATTRIBUTES, offset)
            + name
        )
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(files), len(files), len(directory), len(body), 0)
    return bytes(body + directory + end)
