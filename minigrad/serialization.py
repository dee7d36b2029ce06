"""Saving and loading: ``minigrad.save(obj, path)`` and ``minigrad.load(path)`` (chapter 11).

What can be saved: state dicts (``model.state_dict()``, ``optimizer.state_dict()``,
a schedule's ``state_dict()``) and any nesting of dicts, lists and tuples of NumPy
arrays, tensors, numbers, strings, booleans and None — e.g. a checkpoint
``{"model": ..., "optimizer": ..., "epoch": 7}``.  Anything else (a model object,
a function) is refused with an error naming where it was found: save its
``state_dict()`` instead.

**The file format** (version 1) is an ordinary NumPy ``.npz`` archive, a zip of
``.npy`` files, readable with ``numpy.load(path, allow_pickle=False)`` alone:

* ``a0.npy``, ``a1.npy`` … — every array (and every tensor's data), with its dtype
  and shape;
* ``__minigrad__.npy`` — a ``uint8`` array holding UTF-8 JSON: ``{"format":
  "minigrad", "version": 1, "root": node}``, where a node is one of
  ``{"type": "array"|"tensor"|"parameter", "key": "a0"[, "requires_grad": bool]}``,
  ``{"type": "dict", "ordered": bool, "items": [[key, node], ...]}`` (a key is
  ``["str", s]`` or ``["int", i]``), ``{"type": "list"|"tuple", "items": [...]}``,
  ``{"type": "int"|"str"|"bool", "value": v}``, ``{"type": "float", "hex": float.hex(v)}``
  (exact, including inf and nan) and ``{"type": "none"}``.

Loading never runs code from the file: no pickle, only arrays and that JSON
description.  A file that is not a minigrad file, is truncated or corrupted, is
malformed in any way, or was written by a newer format version gives a
``minigrad.serialization.LoadError`` saying which (never a bare ValueError,
KeyError, RecursionError or MemoryError), and no header in it can make minigrad
allocate more memory than the file's own size: the zip's entries must be stored
uncompressed, as ``save`` writes them, the entries read together must fit in the
file, each array's header must describe exactly the bytes that follow it, and each
array is read once.

Saving to a path is atomic: the archive is written to a temporary file in the same
folder, flushed to disk, then renamed over ``path`` in one step, so a crash
mid-save leaves the previous file intact (and no half-written one under its name).
As with ``torch.save``, a new file gets the usual permissions (0644 under umask
022), overwriting keeps the file's mode, and saving through a symlink writes the
file it points to.  ``save`` and ``load`` also take a file object (``io.BytesIO``,
an open file), as PyTorch's do.
"""

from __future__ import annotations

import io
import json
import math
import numbers
import os
import secrets
import stat
import struct
import zipfile
import zlib
from collections import OrderedDict

import numpy as np

from .tensor import Tensor

FORMAT = "minigrad"
VERSION = 1
MANIFEST = "__minigrad__"


class LoadError(ValueError):
    """The file cannot be loaded: not ours, truncated or corrupted, or a newer version."""


# -- saving --------------------------------------------------------------------------------
def _describe(obj, arrays: dict, where: str):
    """The JSON node for ``obj``, adding its arrays to ``arrays``."""
    def array_node(kind, data, **extra):
        key = f"a{len(arrays)}"
        arrays[key] = np.asarray(data, order="C")      # (ascontiguousarray makes 0-d 1-d)
        if arrays[key].dtype == object:
            raise TypeError(f"save: the array at {where} holds Python objects (dtype object), "
                            f"which cannot be saved without pickle.")
        return {"type": kind, "key": key, **extra}

    if isinstance(obj, Tensor):
        from .nn.module import Parameter                       # nn imports this package

        kind = "parameter" if isinstance(obj, Parameter) else "tensor"
        return array_node(kind, obj.data, requires_grad=bool(obj.requires_grad))
    if isinstance(obj, (np.ndarray, np.generic)):
        return array_node("array", np.asarray(obj))
    if obj is None:
        return {"type": "none"}
    if isinstance(obj, bool):
        return {"type": "bool", "value": obj}
    if isinstance(obj, numbers.Integral):
        return {"type": "int", "value": int(obj)}
    if isinstance(obj, numbers.Real):
        return {"type": "float", "hex": float(obj).hex()}
    if isinstance(obj, str):
        return {"type": "str", "value": obj}
    if isinstance(obj, dict):
        items = []
        for k, v in obj.items():
            if isinstance(k, str):
                key = ["str", k]
            elif isinstance(k, numbers.Integral) and not isinstance(k, bool):
                key = ["int", int(k)]
            else:
                raise TypeError(f"save: dict keys must be strings or ints; {where} has a key "
                                f"{k!r} of type {type(k).__name__}.")
            items.append([key, _describe(v, arrays, f"{where}[{k!r}]")])
        return {"type": "dict", "ordered": isinstance(obj, OrderedDict), "items": items}
    if isinstance(obj, (list, tuple)):
        return {"type": type(obj).__name__ if type(obj) in (list, tuple) else "list",
                "items": [_describe(v, arrays, f"{where}[{i}]") for i, v in enumerate(obj)]}
    hint = (" Save its state_dict() instead." if hasattr(obj, "state_dict") else "")
    raise TypeError(f"save: cannot save a {type(obj).__name__} (at {where}); minigrad saves "
                    f"dicts, lists and tuples of arrays, tensors, numbers, strings, booleans "
                    f"and None, never arbitrary objects.{hint}")


def save(obj, f) -> None:
    """Write ``obj`` (a state dict or a nesting of them) to ``f``: a ``.npz`` archive with a
    JSON manifest (never pickle).  A path is written atomically, under a temporary name
    and renamed, so a crash mid-save leaves the previous file intact (see the module
    docstring); a file object open for writing in binary (``io.BytesIO``,
    ``open(path, "wb")``) is written where it stands, as ``torch.save`` takes it.

    Args:
        obj: dicts, lists and tuples of arrays, tensors, numbers, strings, booleans and
            None (a model's, an optimizer's or a schedule's ``state_dict()`` …).
        f (str, path or binary file object): where to write.

    Example:
        >>> import os, tempfile
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> path = os.path.join(tempfile.mkdtemp(), "model.npz")
        >>> mg.save({"model": nn.Linear(2, 1).state_dict(), "epoch": 3}, path)
        >>> sorted(mg.load(path))
        ['epoch', 'model']
    """
    arrays: dict = {}
    root = _describe(obj, arrays, "the top level")
    manifest = json.dumps({"format": FORMAT, "version": VERSION, "root": root})
    arrays[MANIFEST] = np.frombuffer(manifest.encode("utf-8"), dtype=np.uint8)
    if hasattr(f, "write"):
        np.savez(f, **arrays)                       # a file object: written where it stands
        return
    # Through a symlink, the file it points to is what changes (the link stays a link).
    target = os.path.realpath(os.fspath(f))
    folder = os.path.dirname(target)
    handle, tmp = _temporary_beside(target)
    try:
        try:                                        # overwriting keeps the file's mode
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        except FileNotFoundError:
            pass
        with os.fdopen(handle, "wb") as out:
            np.savez(out, **arrays)                 # a file object: no ".npz" is appended
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:                                          # make the rename itself durable
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _temporary_beside(target: str):
    """(descriptor, name) of a new file next to ``target``, created with mode 0o666 less the
    umask, as ``open(path, "w")`` would (``tempfile.mkstemp`` makes 0o600 files, and the
    rename would hand that mode to the checkpoint)."""
    folder, name = os.path.split(target)
    for _ in range(100):
        tmp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                           0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"save: could not create a temporary file next to {target}.")


# -- loading -------------------------------------------------------------------------------
# A file is read defensively: the zip's directory, each .npy header and the JSON manifest are
# checked before anything is allocated, so that no header can make minigrad allocate more
# than the file itself holds (an entry must be stored uncompressed, as save writes it; the
# entries read together fit in the file; an array's header must describe exactly the bytes
# that follow it), and every malformed part is a LoadError naming it.
_FAILURES = (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, KeyError, TypeError,
             IndexError, OverflowError, UnicodeDecodeError, NotImplementedError, RuntimeError,
             RecursionError, MemoryError, struct.error)


class _Archive:
    """A zip of .npy entries, read within a byte budget: the size of the file."""

    def __init__(self, zf: zipfile.ZipFile, size: int, where: str):
        self.zf, self.budget, self.where = zf, size, where
        names = zf.namelist()
        if len(set(names)) != len(names):
            raise LoadError(f"load: {where} is corrupted: it lists an entry twice.")
        self.infos = {info.filename: info for info in zf.infolist()}
        self.used: set = set()

    def array(self, name: str) -> np.ndarray:
        """The array stored as ``name`` (+ ".npy"), each entry at most once."""
        entry = name + ".npy"
        if entry not in self.infos:
            raise LoadError(f"load: {self.where} is incomplete: array {name!r} is missing.")
        if entry in self.used:
            raise LoadError(f"load: {self.where} is malformed: the manifest names array "
                            f"{name!r} twice (save writes each array once).")
        self.used.add(entry)
        info = self.infos[entry]
        if info.compress_type != zipfile.ZIP_STORED:
            raise LoadError(f"load: {self.where} is not a file minigrad.save wrote: entry "
                            f"{entry!r} is compressed (save stores arrays as they are).")
        if info.file_size > self.budget:
            raise LoadError(f"load: {self.where} is corrupted: entry {entry!r} claims "
                            f"{info.file_size} bytes, more than the file holds.")
        self.budget -= info.file_size
        buffer = bytearray(info.file_size)
        with self.zf.open(info) as member:
            got = member.readinto(buffer)
            if got != info.file_size or member.read(1):
                raise LoadError(f"load: {self.where} is truncated or corrupted (entry "
                                f"{entry!r} is not the size its header says).")
        return _npy(buffer, entry, self.where)


def _npy(buffer: bytearray, entry: str, where: str) -> np.ndarray:
    """The array in the bytes of a .npy file, after checking that its header describes
    exactly the bytes that follow (no allocation: the array is a view of ``buffer``)."""
    stream = io.BytesIO(buffer)
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(stream)
    else:
        raise LoadError(f"load: {where}: entry {entry!r} has .npy version {version}, which "
                        f"minigrad does not read.")
    if dtype.hasobject:
        raise LoadError(f"load: {where}: entry {entry!r} holds Python objects, which "
                        f"minigrad never loads (it would need pickle).")
    count = math.prod(shape)
    offset = stream.tell()
    if count * dtype.itemsize != len(buffer) - offset:
        raise LoadError(f"load: {where} is corrupted: entry {entry!r} says shape {shape} of "
                        f"{dtype}, {count * dtype.itemsize} bytes, but holds "
                        f"{len(buffer) - offset}.")
    flat = np.frombuffer(buffer, dtype=dtype, count=count, offset=offset)
    return flat.reshape(shape, order="F" if fortran else "C")


def _unique_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise LoadError("a JSON object in the manifest has a key twice")
    return dict(pairs)


def _build(node, archive: _Archive):
    kind = node.get("type") if isinstance(node, dict) else None
    if kind in ("array", "tensor", "parameter"):
        key = node.get("key")
        if not isinstance(key, str):
            raise LoadError(f"an {kind} entry's key must be a string, got {key!r}")
        data = archive.array(key)
        if kind == "array":
            return data
        grad = node.get("requires_grad", kind == "parameter")
        if not isinstance(grad, bool):
            raise LoadError(f"requires_grad must be true or false, got {grad!r}")
        if grad and data.dtype.kind != "f":
            raise LoadError(f"a {kind} of dtype {data.dtype} cannot require grad")
        if kind == "parameter":
            from .nn.module import Parameter                     # nn imports this package

            return Parameter(data, requires_grad=grad)
        return Tensor(data, requires_grad=grad)
    if kind == "none":
        return None
    if kind in ("bool", "int", "str"):
        value = node.get("value")
        wanted = {"bool": bool, "int": int, "str": str}[kind]
        if type(value) is not wanted:
            raise LoadError(f"a {kind} entry holds {value!r}")
        return value
    if kind == "float":
        text = node.get("hex")
        if not isinstance(text, str):
            raise LoadError(f"a float entry's hex must be a string, got {text!r}")
        return float.fromhex(text)
    if kind in ("dict", "list", "tuple"):
        items = node.get("items")
        if not isinstance(items, list):
            raise LoadError(f"a {kind} entry's items must be a list")
    if kind == "dict":
        ordered = node.get("ordered", False)
        if not isinstance(ordered, bool):
            raise LoadError(f"a dict entry's 'ordered' must be true or false, got {ordered!r}")
        out = OrderedDict() if ordered else {}
        for item in items:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], list)
                    and len(item[0]) == 2 and item[0][0] in ("str", "int")
                    and type(item[0][1]) is {"str": str, "int": int}[item[0][0]]):
                raise LoadError(f"a dict item must be [[\"str\" | \"int\", key], node], got "
                                f"{str(item)[:80]}")
            key = item[0][1]
            if key in out:
                raise LoadError(f"a dict entry has the key {key!r} twice")
            out[key] = _build(item[1], archive)
        return out
    if kind in ("list", "tuple"):
        built = [_build(v, archive) for v in items]
        return tuple(built) if kind == "tuple" else built
    raise LoadError(f"an entry of unknown type {kind!r}; it was not written by this version "
                    f"of minigrad.save")


def _source(f):
    """(binary file object, size in bytes from where it stands, name for messages, whether
    to close it) for a path or a file object."""
    if hasattr(f, "read"):
        name = getattr(f, "name", None)
        where = repr(name) if isinstance(name, str) else f"the {type(f).__name__} given"
        try:
            seekable = f.seekable()
        except (AttributeError, OSError, ValueError):
            seekable = False
        if not seekable:                        # a stream: read it whole (it is the file)
            f = io.BytesIO(f.read())
        start = f.tell()
        size = f.seek(0, io.SEEK_END) - start
        f.seek(start)
        if start:                               # zipfile reads from where the file starts
            f = io.BytesIO(f.read())
        return f, size, where, False
    path = os.fspath(f)
    if not os.path.exists(path):
        raise FileNotFoundError(f"load: no file {path!r}.")
    return open(path, "rb"), os.path.getsize(path), str(path), True


def load(f):
    """Read what :func:`save` wrote, from a path or a binary file object (read from where it
    stands, as ``torch.load``).  Arrays come back as NumPy arrays, tensors as tensors.  A file
    that is not a good minigrad file (not ours, truncated or corrupted, or from a newer
    format) raises :class:`LoadError` saying what is wrong.  It never runs code from the file.

    Args:
        f (str, path or binary file object): the file to read.

    Example:
        >>> import io
        >>> import minigrad as mg
        >>> buffer = io.BytesIO()
        >>> mg.save({"w": mg.tensor([1.0, 2.0])}, buffer)
        >>> _ = buffer.seek(0)
        >>> mg.load(buffer)["w"]
        tensor([1., 2.])
    """
    stream, size, where, close = _source(f)
    try:
        return _load(stream, size, where)
    finally:
        if close:
            stream.close()


def _load(stream, size: int, where: str):
    if not zipfile.is_zipfile(stream):
        stream.seek(0)
        start = stream.read(4)
        what = ("a zip archive cut short (truncated, or still being written)"
                if start.startswith(b"PK") else "not an .npz archive at all")
        raise LoadError(f"load: {where} is not a minigrad file: {what}. minigrad.save writes a "
                        f"NumPy .npz archive with a {MANIFEST} entry.")
    stream.seek(0)
    try:
        with zipfile.ZipFile(stream) as zf:
            archive = _Archive(zf, size, where)
            if MANIFEST + ".npy" not in archive.infos:
                raise LoadError(f"load: {where} is a NumPy .npz archive but not a minigrad file "
                                f"(it has no {MANIFEST} entry); read it with numpy.load instead.")
            raw = archive.array(MANIFEST)
            try:
                if raw.dtype != np.uint8 or raw.ndim != 1:
                    raise ValueError(f"it is {raw.dtype} of shape {raw.shape}, not uint8 text")
                manifest = json.loads(raw.tobytes().decode("utf-8"),
                                      object_pairs_hook=_unique_keys)
            except (UnicodeDecodeError, ValueError, RecursionError, LoadError) as err:
                raise LoadError(f"load: {where} has a damaged {MANIFEST} entry: {err}.") from None
            if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
                raise LoadError(f"load: {where} is not a minigrad file (its {MANIFEST} entry "
                                f"does not say format 'minigrad').")
            version = manifest.get("version")
            if type(version) is not int or version > VERSION or version < 1:
                raise LoadError(f"load: {where} uses minigrad file format version {version!r}, "
                                f"but this minigrad reads version {VERSION}; it was written by "
                                f"a newer minigrad: upgrade minigrad to read it.")
            if "root" not in manifest:
                raise LoadError(f"load: {where} has a malformed {MANIFEST} entry: no 'root'.")
            try:
                return _build(manifest["root"], archive)
            except RecursionError:
                raise LoadError(f"load: {where} has a malformed {MANIFEST} entry: nested too "
                                f"deeply.") from None
            except LoadError as err:
                if str(err).startswith("load:"):
                    raise
                raise LoadError(f"load: {where} has a malformed {MANIFEST} entry: {err}.") \
                    from None
    except LoadError:
        raise
    except _FAILURES as err:
        raise LoadError(f"load: {where} is truncated or corrupted: {type(err).__name__}: "
                        f"{err}.") from None


__all__ = ["save", "load", "LoadError", "FORMAT", "VERSION"]
