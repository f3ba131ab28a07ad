"""Reading stdin for the stdio transport: bounded lines from a raw descriptor, on the loop or a thread."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import anyio
import pytest

from intent_mcp.stdio import OVERSIZED_LINE, StdinLines
from intent_mcp.stdio_out import waitable_on_the_loop


def feeding(write_fd: int, data: bytes, piece: int) -> threading.Thread:
    """A started thread writing ``data`` to ``write_fd`` in pieces (so lines span several reads), then closing it."""

    def feed() -> None:
        for start in range(0, len(data), piece):
            os.write(write_fd, data[start : start + piece])
        os.close(write_fd)

    writer = threading.Thread(target=feed)
    writer.start()
    return writer


def lines_of(data: bytes, max_line_bytes: int, piece: int = 7) -> list[bytes]:
    read_fd, write_fd = os.pipe()
    writer = feeding(write_fd, data, piece)
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


async def lines_through_the_loop(reader: StdinLines) -> list[str]:
    collected = []
    with anyio.fail_after(10):
        async for line in reader:
            collected.append(line)
    return collected


@pytest.mark.anyio
@pytest.mark.parametrize("piece", [7, 101, 4096])
async def test_a_pipe_is_read_on_the_event_loop_with_the_same_bounds(piece: int) -> None:
    read_fd, write_fd = os.pipe()
    assert waitable_on_the_loop(read_fd)
    data = b'{"a": 1}\n' + b"x" * 1000 + b"\n" + b'{"b": 2}\n' + b'{"c": 3}'
    writer = feeding(write_fd, data, piece)
    try:
        lines = await lines_through_the_loop(StdinLines(read_fd, max_line_bytes=100))
    finally:
        writer.join()
        os.close(read_fd)
    assert lines == ['{"a": 1}\n', OVERSIZED_LINE, '{"b": 2}\n', '{"c": 3}']


@pytest.mark.anyio
async def test_a_file_is_read_by_a_thread_instead(tmp_path: Path) -> None:
    path = tmp_path / "requests.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": 2}\n')
    fd = os.open(path, os.O_RDONLY)
    try:
        assert not waitable_on_the_loop(fd)  # a regular file cannot be waited for on the loop
        lines = await lines_through_the_loop(StdinLines(fd))
    finally:
        os.close(fd)
    assert lines == ['{"a": 1}\n', '{"b": 2}\n']


@pytest.mark.anyio
async def test_stop_ends_a_reader_waiting_on_a_silent_pipe() -> None:
    read_fd, write_fd = os.pipe()
    reader = StdinLines(read_fd)
    lines: list[str] = []

    async def read_all() -> None:
        async for line in reader:
            lines.append(line)

    try:
        with anyio.fail_after(10):
            async with anyio.create_task_group() as group:
                group.start_soon(read_all)
                os.write(write_fd, b'{"a": 1}\n')
                while not lines:
                    await anyio.sleep(0.01)
                reader.stop()  # the pipe stays open and silent: only the stop can end the lines
    finally:
        os.close(write_fd)
        os.close(read_fd)
    assert lines == ['{"a": 1}\n']
