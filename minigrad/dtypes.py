"""Which data a tensor can hold, and the names of its dtypes (``minigrad.float32`` …).

A tensor holds numbers: booleans, integers or floating-point values.  Everything
else (``None``, strings, Python objects, complex numbers, another framework's
tensors) is refused with an error that says what was found and what to do,
instead of being turned silently into NaN or an array of objects.

The dtype names follow PyTorch (``float32``, ``float64`` or ``double``, ``int64``
or ``long``, ``bool`` …); each is the NumPy type of the same name, so
``t.dtype == minigrad.float32`` and ``dtype=np.float32`` mean the same.
"""

from __future__ import annotations

import builtins
import numbers

import numpy as np

float16 = half = np.float16
float32 = np.float32
float64 = double = np.float64
uint8 = np.uint8
int8 = np.int8
int16 = short = np.int16
int32 = np.int32
int64 = long = np.int64
bool = np.bool_                      # noqa: A001 (PyTorch's name: minigrad.bool)

#: Dtype kinds a tensor may hold: bool, signed and unsigned integers, floating point.
NUMERIC_KINDS = "biuf"
_KIND_NAMES = {"c": "complex numbers", "O": "Python objects", "U": "strings", "S": "bytes",
               "V": "raw records", "M": "dates", "m": "time spans"}


def _type_name(x) -> str:
    """The name to show for ``x``'s type: qualified when it comes from another library, so
    that a PyTorch tensor reads 'torch.Tensor', not a bare 'Tensor'."""
    cls = type(x)
    module = cls.__module__.split(".")[0]
    return cls.__name__ if module in ("builtins", "minigrad") else f"{module}.{cls.__name__}"


def from_other_library(x) -> str | None:
    """A hint for data from another array library (PyTorch, JAX, pandas …), else None."""
    module = type(x).__module__.split(".")[0]
    if module == "torch":
        return ("convert a PyTorch tensor with torch_tensor.detach().numpy() (or "
                "minigrad.from_numpy(torch_tensor.numpy()) to share its memory)")
    if hasattr(x, "__array__") and module not in ("builtins", "numpy", "minigrad"):
        return "convert it to a NumPy array first (np.asarray(x))"
    return None


def resolve(dtype, op: str, default=None):
    """``dtype`` as a NumPy dtype of a numeric kind; ``default`` (as a dtype) when it is None.

    (Test the result with ``is None``: a NumPy dtype has ``len() == 0``, so it is falsy.)"""
    if dtype is None:
        return None if default is None else np.dtype(default)
    try:
        resolved = np.dtype(dtype)
    except (TypeError, ValueError):
        resolved = None
    if resolved is None or resolved.kind not in NUMERIC_KINDS:
        got = repr(dtype) if isinstance(dtype, str) else _type_name(dtype) if resolved is None \
            else f"{dtype!r} ({_KIND_NAMES.get(resolved.kind, resolved.kind)})"
        if type(dtype).__module__.split(".")[0] == "torch":
            got = f"torch's {dtype}"
        raise TypeError(f"{op}: dtype must be a numeric NumPy dtype such as minigrad.float32, "
                        f"minigrad.int64, np.float64 or 'float32', got {got}.")
    return resolved


def unsupported(data, op: str) -> TypeError:
    """The error for data of a kind no tensor can be made from."""
    hint = from_other_library(data)
    return TypeError(f"{op} expects a number, a (nested) list, a NumPy array or a Tensor as "
                     f"data, got {_type_name(data)}" + (f"; {hint}." if hint else "."))


def check_numeric(array: np.ndarray, what: str) -> np.ndarray:
    """Refuse an array that does not hold numbers, naming what it holds instead."""
    kind = array.dtype.kind
    if kind in NUMERIC_KINDS:
        return array
    if kind == "O":
        raise TypeError(f"{what} must hold numbers, but {_object_culprit(array)}.")
    raise TypeError(f"{what} must hold numbers (bool, int or float), but it holds "
                    f"{_KIND_NAMES.get(kind, kind)} (dtype {array.dtype}).")


def _object_culprit(array: np.ndarray) -> str:
    """Where an object array (what NumPy makes of ``[1, None]``) holds a non-number."""
    for index in np.ndindex(array.shape):
        x = array[index]
        where = f" at index {index}" if array.ndim else ""
        if x is None:
            return f"it holds None{where} (use float('nan') for a missing value)"
        if isinstance(x, str):
            return f"it holds the string {x!r}{where}"
        if type(x).__name__ == "Tensor" and type(x).__module__.startswith("minigrad"):
            return (f"it holds a Tensor{where}: combine tensors with minigrad.stack(tensors) "
                    f"(which keeps their gradients), or take numbers out with t.item()")
        if isinstance(x, int) and not isinstance(x, builtins.bool) and not -2**63 <= x < 2**64:
            return f"it holds the int {x}{where}, which does not fit in 64 bits"
        if isinstance(x, (numbers.Real, np.generic)) and not isinstance(x, np.complexfloating):
            continue
        hint = from_other_library(x)
        return (f"it holds a {_type_name(x)}{where}" + (f"; {hint}" if hint else ""))
    return "it is an array of Python objects (dtype object)"


def python_data(data, dtype, what: str) -> np.ndarray:
    """A Python number or (nested) list/tuple as an array of ``dtype`` (inferred when None,
    as NumPy infers it), refusing anything that is not numbers."""
    try:
        array = np.asarray(data)
    except ValueError as err:
        reason = str(err).rstrip(".")
        raise TypeError(f"{what} could not turn the {type(data).__name__} it was given into a "
                        f"numeric array: {reason}. Nested lists must be rectangular and hold "
                        f"numbers.") from None
    check_numeric(array, what)
    return array if dtype is None else array.astype(dtype, copy=False)


def numbers_as(value, dtype, what: str) -> np.ndarray:
    """``value`` (a number, a nested list or a NumPy array of numbers) as an array of
    ``dtype`` (as inferred when None); anything else is a TypeError naming ``what``."""
    if isinstance(value, (np.ndarray, np.generic)):
        array = check_numeric(np.asarray(value), what)
    elif isinstance(value, (numbers.Number, list, tuple)) and not isinstance(value, complex):
        array = python_data(value, None, what)
    else:
        raise TypeError(f"{what} must be a Tensor, a number, or a (nested) list or NumPy array "
                        f"of numbers, got {_type_name(value)}"
                        + (f"; {from_other_library(value)}." if from_other_library(value) else "."))
    return array if dtype is None else array.astype(dtype, copy=False)
