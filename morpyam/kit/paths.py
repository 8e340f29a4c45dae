"""Reading and writing the files a user names, the same way in every game.

Every reader of the three games opens only a regular file, or standard input
for ``-`` (`STDIN`), and reads at most `MAX_TEXT_SIZE` bytes: a named pipe, a
folder or a device is refused before it is opened, so that a reader never waits
for a writer that will not come. Every writer replaces a file whole, through a
temporary file, so that a failed write keeps the old one.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from morpyam.errors import FileFormatError
from morpyam.kit.fields import MAX_TEXT_SIZE

__all__ = ["STDIN", "read_bytes", "read_text", "write_text"]

STDIN = "-"
"""The path that means standard input to every reader, as in most commands."""

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_a_file(path: str | os.PathLike[str], mode: int) -> FileFormatError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    return FileFormatError(
        os.fspath(path), f"{kind}, not a regular file: give a file, or - for standard input"
    )


def _opener(path: str, flags: int) -> int:
    """Open without blocking: a named pipe put in the file's place after the check waits for
    no writer (the check after opening then refuses it)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file, or of standard input for ``-``, at most one past the limit.

    Anything else (a named pipe, a folder, a device) is refused before it is opened, so that
    a reader never waits for a writer that will not come nor reads without end.
    """
    if os.fspath(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise FileFormatError(STDIN, "there is no standard input to read")
        data: bytes = stream.read(MAX_TEXT_SIZE + 1)
        return data
    mode = os.stat(path).st_mode  # OSError when there is nothing to read
    if not stat.S_ISREG(mode):
        raise _not_a_file(path, mode)
    with open(path, "rb", opener=_opener) as file:
        mode = os.fstat(file.fileno()).st_mode  # the file opened is the file checked
        if not stat.S_ISREG(mode):
            raise _not_a_file(path, mode)
        return file.read(MAX_TEXT_SIZE + 1)


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of a regular file, or of standard input for ``-``, within `MAX_TEXT_SIZE`."""
    data = read_bytes(path)
    if len(data) > MAX_TEXT_SIZE:
        raise FileFormatError("document", f"bigger than {MAX_TEXT_SIZE:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise FileFormatError(
            f"line {line}", f"not UTF-8 text (byte 0x{data[error.start]:02x})"
        ) from None


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 through a temporary file, so a failed write keeps the old file."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        temporary.write_bytes(text.encode("utf-8"))
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
