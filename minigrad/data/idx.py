"""The IDX file format, in which MNIST is distributed.

An IDX file is a tiny header followed by raw array data:

* a 4-byte magic number: two zero bytes, a *type code* byte and the number of
  dimensions (one byte);
* one big-endian uint32 per dimension: its size;
* the values in C order, big-endian for types wider than a byte.

Type codes: 0x08 uint8, 0x09 int8, 0x0B int16, 0x0C int32, 0x0D float32,
0x0E float64.  The format is simple enough to read with NumPy alone, which
spares the course a dependency; the files are often gzipped, which the reader
detects from the content (gzip's magic bytes 1f 8b), not from the file name.
"""

from __future__ import annotations

import gzip
import os
import zlib

import numpy as np

GZIP_MAGIC = b"\x1f\x8b"

# type code -> big-endian dtype, as the format stores it
_DTYPES = {
    0x08: np.dtype("u1"),
    0x09: np.dtype("i1"),
    0x0B: np.dtype(">i2"),
    0x0C: np.dtype(">i4"),
    0x0D: np.dtype(">f4"),
    0x0E: np.dtype(">f8"),
}
# native-order dtype -> type code, for writing
_CODES = {dt.newbyteorder("="): code for code, dt in _DTYPES.items()}


def _supported() -> str:
    return ", ".join(f"0x{code:02X} {dt.name}" for code, dt in _DTYPES.items())


def _read_bytes(source) -> tuple[bytes, str]:
    """All bytes of a path or binary file object, and a name to use in messages."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        with open(source, "rb") as f:
            return f.read(), name
    if hasattr(source, "read"):
        name = str(getattr(source, "name", "<file object>"))
        raw = source.read()
        if not isinstance(raw, (bytes, bytearray, memoryview)):
            raise TypeError(f"read_idx: {name} was opened in text mode; open it with 'rb'.")
        return bytes(raw), name
    raise TypeError(f"read_idx expects a path or a binary file object, "
                    f"got {type(source).__name__}.")


def read_idx(source) -> np.ndarray:
    """Read an IDX file (plain or gzipped) into a NumPy array in native byte order.

    ``source`` is a path or a binary file object.  Raises ``ValueError`` naming the
    file when the header is not IDX, the type code is unknown, or the data is
    shorter or longer than the header promises (a truncated download, say).

    Args:
        source (str, path or binary file): the IDX file (``.gz`` is read gzipped).

    Example:
        >>> import io
        >>> import numpy as np
        >>> from minigrad.data import read_idx
        >>> raw = bytes([0, 0, 8, 1, 0, 0, 0, 3, 7, 8, 9])    # ubyte, 1-D, 3 values
        >>> read_idx(io.BytesIO(raw))
        array([7, 8, 9], dtype=uint8)
    """
    raw, name = _read_bytes(source)
    if raw[:2] == GZIP_MAGIC:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as err:
            raise ValueError(f"{name}: the file looks gzipped but cannot be decompressed "
                             f"({err}); it is probably truncated or damaged.") from None
    if len(raw) < 4:
        raise ValueError(f"{name}: too short for an IDX file: {len(raw)} bytes, but the "
                         f"magic number alone takes 4.")
    if raw[0] != 0 or raw[1] != 0:
        raise ValueError(f"{name}: not an IDX file: its magic number must start with two zero "
                         f"bytes, found {raw[:4].hex(' ')}.")
    code, ndim = raw[2], raw[3]
    if code not in _DTYPES:
        raise ValueError(f"{name}: unknown IDX type code 0x{code:02X}; known codes are "
                         f"{_supported()}.")
    header = 4 + 4 * ndim
    if len(raw) < header:
        raise ValueError(f"{name}: truncated header: {ndim} dimensions need {header} header "
                         f"bytes, but the file has only {len(raw)}.")
    shape = tuple(int(d) for d in np.frombuffer(raw, dtype=">u4", count=ndim, offset=4))
    dtype = _DTYPES[code]
    expected = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    found = len(raw) - header
    if found != expected:
        what = "truncated" if found < expected else "has trailing bytes"
        raise ValueError(f"{name}: data {what}: shape {shape} of {dtype.name} needs {expected} "
                         f"bytes after the header, found {found}.")
    data = np.frombuffer(raw, dtype=dtype, offset=header).reshape(shape)
    return data.astype(dtype.newbyteorder("="))  # a writable copy in native byte order


def write_idx(path, array) -> None:
    """Write ``array`` as an IDX file; gzipped when ``path`` ends with ``.gz``.

    Only the six IDX types are possible (there is no 64-bit integer type: convert
    labels with ``astype(np.uint8)`` or ``np.int32`` first).  Gzipped output uses a
    fixed timestamp, so the same array always gives the same bytes (and checksum).

    Args:
        path (str or path): where to write; gzipped when it ends with ``.gz``.
        array (ndarray): uint8, int8, int16, int32, float32 or float64.

    Example:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from minigrad.data import read_idx, write_idx
        >>> path = os.path.join(tempfile.mkdtemp(), "labels.idx1-ubyte.gz")
        >>> write_idx(path, np.array([3, 1, 4], dtype=np.uint8))
        >>> read_idx(path)
        array([3, 1, 4], dtype=uint8)
    """
    array = np.asarray(array)
    code = _CODES.get(array.dtype.newbyteorder("="))
    if code is None:
        raise TypeError(f"write_idx: IDX cannot store dtype {array.dtype}; supported are "
                        f"{_supported()}. Convert the array with .astype() first.")
    if array.ndim > 255:
        raise ValueError(f"write_idx: IDX stores at most 255 dimensions, got {array.ndim}.")
    if any(d > 0xFFFFFFFF for d in array.shape):
        raise ValueError(f"write_idx: IDX dimension sizes must fit in 32 bits, got "
                         f"shape {array.shape}.")
    header = bytes([0, 0, code, array.ndim]) + np.asarray(array.shape, dtype=">u4").tobytes()
    payload = header + np.ascontiguousarray(array, dtype=_DTYPES[code]).tobytes()
    if os.fspath(path).endswith(".gz"):
        payload = gzip.compress(payload, mtime=0)
    with open(path, "wb") as f:
        f.write(payload)
