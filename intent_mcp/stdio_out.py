"""Writing the stdio wire from the event loop: no thread hop per reply.

The SDK's stdio transport writes each message through worker threads (the write, then the
flush): two thread hops for every reply. When stdout is a pipe or a socket (what an MCP host
connects), ``claimed_stdout`` hands the transport a ``DescriptorWriter`` instead, which writes
on the event loop whenever the descriptor can take the bytes now and otherwise waits, on the
loop, until it can: a client that stops reading slows only its own replies, never the server.

Like the SDK's own claim, fd 1 points at stderr while the wire is served from a private
duplicate, so stray output of handlers or libraries never reaches the wire; fd 1 is restored
afterwards. Anything else (a terminal, a file, Windows, a replaced ``sys.stdout``) is left to
the SDK.
"""

from __future__ import annotations

import os
import select
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import anyio

__all__ = ["DescriptorWriter", "claimed_stdout", "waitable_on_the_loop"]

# A writable pipe takes a write of at most this many bytes whole, without blocking (POSIX
# PIPE_BUF, at least 512; 4096 on Linux); longer messages go out in pieces of this size.
_PIECE_BYTES = getattr(select, "PIPE_BUF", 512)


class DescriptorWriter:
    """What the SDK's stdio transport writes its messages to: ``write`` then ``flush``, both async."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._ready = select.poll()
        self._ready.register(fd, select.POLLOUT)

    async def write(self, text: str) -> int:
        data = memoryview(text.encode("utf-8"))
        while data:
            # A poll with no timeout says whether a piece fits now; only a full pipe costs a wait.
            if not self._ready.poll(0):
                await anyio.wait_writable(self._fd)
            written = os.write(self._fd, data[:_PIECE_BYTES])
            data = data[written:]
        return len(text)

    async def flush(self) -> None:
        """Nothing is held back: every ``write`` has reached the descriptor when it returns."""


def waitable_on_the_loop(fd: int) -> bool:
    """Can the event loop wait for ``fd`` to be readable or writable? Pipes and sockets, outside Windows."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _backs_sys_stdout(fd: int) -> bool:
    try:
        return sys.stdout is not None and sys.stdout.fileno() == fd
    except (AttributeError, OSError, ValueError):
        return False


@contextmanager
def claimed_stdout(fd: int = 1) -> Iterator[DescriptorWriter | None]:
    """A writer for the wire on ``fd`` with ``fd`` diverted to stderr meanwhile; None to leave it to the SDK."""
    if not waitable_on_the_loop(fd) or not _backs_sys_stdout(fd):
        yield None
        return
    import fcntl  # POSIX only; waitable_on_the_loop is False on Windows

    with suppress(OSError, ValueError):
        sys.stdout.flush()  # what was printed before serving goes out first, in order
    try:
        wire = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)  # above the standard descriptors
    except OSError:
        yield None
        return
    try:
        try:
            diversion = os.dup(2)
        except OSError:
            diversion = os.open(os.devnull, os.O_WRONLY)
        os.dup2(diversion, fd)
        os.close(diversion)
    except OSError:
        os.close(wire)
        yield None
        return
    try:
        yield DescriptorWriter(wire)
    finally:
        with suppress(OSError, ValueError):
            sys.stdout.flush()  # stray output while serving goes to stderr, not onto the wire
        os.dup2(wire, fd)
        os.close(wire)
