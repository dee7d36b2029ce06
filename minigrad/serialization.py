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

Loading never runs code from the file: no pickle (``allow_pickle=False``), only
arrays and that JSON description.  A file that is not a minigrad file, is
truncated or corrupted, or was written by a newer format version gives a
``minigrad.serialization.LoadError`` saying which.

Saving is atomic: the archive is written to a temporary file in the same folder,
flushed to disk, then renamed over ``path`` in one step, so a crash mid-save
leaves the previous file intact (and no half-written one under its name).
"""

from __future__ import annotations

import json
import numbers
import os
import tempfile
import zipfile
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


def save(obj, path) -> None:
    """Write ``obj`` (a state dict or a nesting of them) to ``path`` atomically: a ``.npz``
    archive with a JSON manifest (never pickle), written under a temporary name and
    renamed, so a crash mid-save leaves the previous file intact.

    Args:
        obj: dicts, lists and tuples of arrays, tensors, numbers, strings, booleans and
            None (a model's, an optimizer's or a schedule's ``state_dict()`` …).
        path (str or path): the file to write.

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
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    handle, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".",
                                   suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as f:
            np.savez(f, **arrays)                   # a file object: no ".npz" is appended
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
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


# -- loading -------------------------------------------------------------------------------
def _build(node, archive, path: str):
    kind = node.get("type") if isinstance(node, dict) else None
    if kind in ("array", "tensor", "parameter"):
        key = node.get("key")
        if key not in archive.files:
            raise LoadError(f"load: {path} is incomplete: array {key!r} is missing.")
        data = _read(archive, key, path)
        if kind == "array":
            return data
        if kind == "parameter":
            from .nn.module import Parameter

            return Parameter(data, requires_grad=bool(node.get("requires_grad", True)))
        return Tensor(data, requires_grad=bool(node.get("requires_grad", False)))
    if kind == "none":
        return None
    if kind in ("bool", "int", "str"):
        return {"bool": bool, "int": int, "str": str}[kind](node["value"])
    if kind == "float":
        return float.fromhex(node["hex"])
    if kind == "dict":
        out = OrderedDict() if node.get("ordered") else {}
        for (key_kind, key), value in node["items"]:
            out[int(key) if key_kind == "int" else str(key)] = _build(value, archive, path)
        return out
    if kind in ("list", "tuple"):
        items = [_build(v, archive, path) for v in node["items"]]
        return tuple(items) if kind == "tuple" else items
    raise LoadError(f"load: {path} describes an entry of unknown type {kind!r}; it was not "
                    f"written by this version of minigrad.save.")


def _read(archive, key: str, path: str) -> np.ndarray:
    try:
        return archive[key]
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as err:
        raise LoadError(f"load: {path} is truncated or corrupted (reading {key!r} failed: "
                        f"{err}).") from None


def load(path):
    """Read what :func:`save` wrote.  Arrays come back as NumPy arrays, tensors as tensors;
    a file that is not ours, is truncated or corrupted, or comes from a newer format raises
    ``minigrad.serialization.LoadError``.  It never runs code from the file.

    Args:
        path (str or path): the file to read.

    Example:
        >>> import os, tempfile
        >>> import minigrad as mg
        >>> path = os.path.join(tempfile.mkdtemp(), "state.npz")
        >>> mg.save({"w": mg.tensor([1.0, 2.0])}, path)
        >>> mg.load(path)["w"]
        tensor([1., 2.])
    """
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"load: no file {path!r}.")
    if not zipfile.is_zipfile(path):
        with open(path, "rb") as f:
            start = f.read(4)
        what = ("a zip archive cut short (truncated, or still being written)"
                if start.startswith(b"PK") else "not an .npz archive at all")
        raise LoadError(f"load: {path} is not a minigrad file: {what}. minigrad.save writes a "
                        f"NumPy .npz archive with a {MANIFEST} entry.")
    try:
        archive = np.load(path, allow_pickle=False)
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as err:
        raise LoadError(f"load: {path} is truncated or corrupted: {err}.") from None
    with archive:
        if MANIFEST not in archive.files:
            raise LoadError(f"load: {path} is a NumPy .npz archive but not a minigrad file (it "
                            f"has no {MANIFEST} entry); read it with numpy.load instead.")
        raw = _read(archive, MANIFEST, path)
        try:
            manifest = json.loads(raw.tobytes().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise LoadError(f"load: {path} has a damaged {MANIFEST} entry: {err}.") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise LoadError(f"load: {path} is not a minigrad file (its {MANIFEST} entry does "
                            f"not say format 'minigrad').")
        version = manifest.get("version")
        if not isinstance(version, int) or version > VERSION or version < 1:
            raise LoadError(f"load: {path} uses minigrad file format version {version!r}, but "
                            f"this minigrad reads version {VERSION}; it was written by a newer "
                            f"minigrad: upgrade minigrad to read it.")
        try:
            return _build(manifest["root"], archive, path)
        except (KeyError, TypeError) as err:
            raise LoadError(f"load: {path} has a malformed {MANIFEST} entry ({err!r}).") from None


__all__ = ["save", "load", "LoadError", "FORMAT", "VERSION"]
