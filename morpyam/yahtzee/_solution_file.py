"""Reading a saved solution safely: a checked, size-limited path from a file to numpy arrays.

A solution file is a zip archive of ``.npy`` members (what ``numpy.savez``
writes). It may come from anywhere, so nothing in it is trusted:

- only a regular file is opened (a named pipe or a device would block or
  never end), and it is read whole only when it is at most ``MAX_FILE_SIZE``;
- the members must be exactly the expected ones, and each one's size in the
  zip directory is checked against its own limit *before* it is decompressed;
  decompression then stops at that limit whatever the directory says;
- an ``.npy`` header is read with numpy's own header reader (bounded, no
  pickles), and its dtype and shape are checked before any array is made;
- every failure of the decoders is a ``ValueError`` naming the file.
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["MAX_FILE_SIZE", "read_array", "read_members", "read_text"]

MAX_FILE_SIZE = 64 * 1024 * 1024
"""The largest solution file read (bytes); the largest solution is about 14 MB uncompressed."""

_HEADER_SIZE = 10_000
"""The longest ``.npy`` header read (numpy's own default bound)."""


def _opener(path: str, flags: int) -> int:
    """Open without blocking, so that a named pipe with no writer does not hang the reader."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def read_members(path: str | os.PathLike[str], limits: dict[str, int]) -> dict[str, bytes]:
    """The members of the zip file at ``path``: exactly the names of ``limits``, each within its bytes.

    Raises:
        FileNotFoundError: when there is no file at ``path``.
        ValueError: for anything else that is not such a file (the message does not name it).
    """
    try:
        with open(path, "rb", opener=_opener) as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise ValueError("it is not a regular file")
            if info.st_size > MAX_FILE_SIZE:
                raise ValueError(f"it is bigger than {MAX_FILE_SIZE:,} bytes")
            data = file.read(info.st_size + 1)  # not more: read(n) sets n bytes aside
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ValueError(f"it cannot be read: {error.strerror or error}") from error
    try:
        return _unzip(data, limits)
    except ValueError:
        raise
    except Exception as error:  # untrusted bytes: any decoder's failure is the documented error
        raise ValueError(f"not a valid zip file ({error!r})"[:300]) from error


def _unzip(data: bytes, limits: dict[str, int]) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        names = sorted(info.filename for info in infos)
        if names != sorted(limits):
            raise ValueError(f"it holds {names[:5]!r}, not {sorted(limits)!r}")
        members = {}
        for info in infos:
            limit = limits[info.filename]
            if info.file_size > limit:
                raise ValueError(
                    f"{info.filename} would be {info.file_size:,} bytes, at most {limit:,} are read"
                )
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise ValueError(f"{info.filename} is compressed in an unknown way")
            with archive.open(info) as member:  # stops at info.file_size, whatever the data
                members[info.filename] = member.read(limit + 1)
        return members


def _header(body: bytes, where: str) -> tuple[Any, tuple[int, ...], bytes]:
    """The dtype, shape and data bytes of an ``.npy`` member, its header checked."""
    from numpy.lib import format as npy

    stream = io.BytesIO(body)
    try:
        version = npy.read_magic(stream)
        read = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
        shape, fortran, dtype = read(stream, max_header_size=_HEADER_SIZE)
    except Exception as error:  # untrusted header text: any parser failure is a bad file
        raise ValueError(f"{where}: not a numpy array ({error!r})"[:300]) from error
    if fortran or dtype.hasobject:
        raise ValueError(f"{where}: not a plain array")
    return dtype, shape, body[stream.tell() :]


def read_array(body: bytes, where: str, dtype: str, shape: tuple[int, ...]) -> NDArray[Any]:
    """The array of an ``.npy`` member, which must have this little-endian ``dtype`` and ``shape``.

    Raises:
        ValueError: naming ``where``.
    """
    import numpy as np

    found, found_shape, data = _header(body, where)
    if found != np.dtype(dtype) or tuple(found_shape) != shape:
        raise ValueError(
            f"{where}: expected {dtype} values of shape {shape}, got {found} {found_shape}"
        )
    expected = int(np.prod(shape, dtype=np.int64)) * found.itemsize
    if len(data) != expected:
        raise ValueError(f"{where}: {len(data):,} bytes of values, expected {expected:,}")
    array: NDArray[Any] = np.frombuffer(data, dtype=found).reshape(shape).copy()
    return array


def read_text(body: bytes, where: str) -> str:
    """The text of an ``.npy`` member holding one string (a 0-d unicode array).

    Raises:
        ValueError: naming ``where``.
    """
    found, shape, data = _header(body, where)
    if not found.str.startswith("<U") or tuple(shape) != ():
        raise ValueError(f"{where}: expected one string, got {found} {shape}")
    if len(data) != found.itemsize:
        raise ValueError(f"{where}: {len(data):,} bytes, expected {found.itemsize:,}")
    try:
        return data.decode("utf-32-le").rstrip("\x00")
    except UnicodeDecodeError as error:  # code points beyond U+10FFFF, or surrogates
        raise ValueError(f"{where}: not text") from error
