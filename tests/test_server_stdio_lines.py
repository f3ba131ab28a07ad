"""Reading stdin for the stdio transport: bounded lines from a raw descriptor."""

from __future__ import annotations

import os
import threading

import pytest

from intent_mcp.stdio import OVERSIZED_LINE, StdinLines


def lines_of(data: bytes, max_line_bytes: int, piece: int = 7) -> list[bytes]:
    read_fd, write_fd = os.pipe()

    def feed() -> None:
        # Written in small pieces so lines span several reads.
        for start in range(0, len(data), piece):
            os.write(write_fd, data[start : start + piece])
        os.close(write_fd)

    writer = threading.Thread(target=feed)
    writer.start()
    reader = StdinLines(read_fd, max_line_bytes=max_line_bytes)
    lines: list[bytes] = []
    while (line := reader.read_line()) is not None:
        lines.append(line)
    writer.join()
    os.close(read_fd)
    return lines


def test_lines_are_split_across_reads_and_the_last_needs_no_newline() -> None:
    assert lines_of(b'{"a": 1}\n{"b": 2}\n{"c": 3}', 64) == [b'{"a": 1}\n', b'{"b": 2}\n', b'{"c": 3}']


@pytest.mark.parametrize("piece", [7, 60, 99, 101, 4096])
def test_a_line_over_the_limit_becomes_one_marker_and_reading_goes_on(piece: int) -> None:
    oversized = b"x" * 1000 + b"\n"
    lines = lines_of(b"ok-1\n" + oversized + b"ok-2\n" + b"y" * 250, 100, piece)
    assert lines == [b"ok-1\n", OVERSIZED_LINE.encode(), b"ok-2\n", OVERSIZED_LINE.encode()]


def test_a_line_exactly_at_the_limit_is_kept() -> None:
    assert lines_of(b"z" * 100 + b"\n", 100) == [b"z" * 100 + b"\n"]
