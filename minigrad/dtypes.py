"""Which data a tensor can hold, and the names of its dtypes (``minigrad.float32`` …).

A tensor holds numbers: booleans, integers or floating-point values.  Everything
else (``None``, strings, Python objects, complex numbers, another framework's
tensors) is refused with an error that says what was found and what to do,
instead of being turned silently into NaN or an array of objects.

The dtype names follow PyTorch (``float32``, ``float64`` or ``double``, ``int64``
or ``long``, ``bool`` …); each is the NumPy type of the same name, so
``t.dtype == minigrad.float32`` and ``dtype=np.float32`` mean the same.

**Type promotion** (what dtype ``a + b`` has) is PyTorch's ``torch.result_type``, and
it lives here, in :func:`result_type`, for every op: see "Type promotion" below.
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

#: minigrad's default floating-point dtype, where PyTorch's rules say "the default dtype"
#: (PyTorch's is float32): what ``Tensor([1, 2])``, ``int_tensor.exp()``, ``int_tensor / 2``
#: and ``int_tensor + 0.5`` give.
DEFAULT_FLOAT = np.dtype(np.float64)

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


# -- type promotion --------------------------------------------------------------------------
# PyTorch's torch.result_type, with minigrad's default float dtype (float64) where it says
# "the default dtype".  Every op that combines operands asks result_type; ops that only make
# sense for floating point compute in float_result's dtype (exp, log, / of integers give the
# default float) or refuse integers with require_float (mean, softmax, the losses …).
#
# 1. Each dtype has a category: bool < integer < floating point.
# 2. Two dtypes promote (promote_types) to the smallest dtype both fit in, the higher
#    category winning outright: float16 + int64 is float16, uint8 + int8 is int16.
# 3. Operands come in three tiers: tensors with dimensions, 0-d tensors, and Python (or
#    NumPy scalar) numbers.  A lower tier changes the result only when its category is
#    higher, and a number then brings the default dtype of its category (int64, or the
#    default float):  float32 (n-d) * float64 (0-d) is float32; int32 (n-d) + int64 (0-d)
#    is int32; int64 (n-d) + 0.5 is float64; float16 (n-d) + int64 (n-d) is float16;
#    bool + bool stays bool.
# 4. A NumPy array operand counts as a tensor (what ``mg.tensor(array)`` would make).
#    (PyTorch hands ``tensor + ndarray`` to NumPy instead, whose rule differs for 0-d
#    arrays and for integers meeting floats, and refuses it when the tensor requires grad.)
_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2}
_BOOL, _INT64 = np.dtype(np.bool_), np.dtype(np.int64)


def promote_types(a, b) -> np.dtype:
    """PyTorch's ``torch.promote_types``: the smallest dtype that holds both ``a`` and ``b``."""
    a, b = np.dtype(a), np.dtype(b)
    if a == b:
        return a
    ca, cb = _CATEGORY[a.kind], _CATEGORY[b.kind]
    if ca != cb:
        return a if ca > cb else b
    if ca == 2:
        return a if a.itemsize >= b.itemsize else b
    out = np.promote_types(a, b)
    if out.kind == "f":                    # uint64 with a signed integer: no integer holds both
        raise TypeError(f"type promotion: no integer dtype holds both {a} and {b} (PyTorch "
                        f"has no such promotion either); convert one of them first.")
    return out


def _number_dtype(x) -> np.dtype:
    """The dtype a Python or NumPy number brings: bool, int64 or the default float."""
    if isinstance(x, (builtins.bool, np.bool_)):
        return _BOOL
    if isinstance(x, (int, np.integer)):
        return _INT64
    return DEFAULT_FLOAT


def _combine(higher, lower):
    """The result of a tier (``higher``) and the tiers below it (``lower``)."""
    if higher is None:
        return lower
    if lower is None or _CATEGORY[higher.kind] == 2:
        return higher
    if higher.kind == "b" or _CATEGORY[lower.kind] > _CATEGORY[higher.kind]:
        return promote_types(higher, lower)
    return higher


def result_type(*operands) -> np.dtype:
    """The dtype an elementwise op on ``operands`` gives (``torch.result_type``).

    Operands are tensors and NumPy arrays (anything with ``.dtype`` and ``.ndim``), and
    Python or NumPy numbers; see the rules above."""
    dim = zero = number = None
    for x in operands:
        if isinstance(x, (numbers.Number, np.generic)):
            d = _number_dtype(x)
            number = d if number is None else promote_types(number, d)
        elif x.ndim:
            dim = x.dtype if dim is None else promote_types(dim, x.dtype)
        else:
            zero = x.dtype if zero is None else promote_types(zero, x.dtype)
    return _combine(dim, _combine(zero, number))


def float_result(dtype) -> np.dtype:
    """The dtype of a floating-point op (exp, /, sqrt …) on ``dtype``: itself when it is a
    float, else the default float (PyTorch: ``int_tensor.exp()`` has the default dtype)."""
    return dtype if dtype.kind == "f" else DEFAULT_FLOAT


def as_floating(array: np.ndarray) -> np.ndarray:
    """``array`` itself when it is floating point, else a copy in the default float dtype."""
    return array if array.dtype.kind == "f" else array.astype(DEFAULT_FLOAT)


def index_dtype_refused(dtype, op: str) -> str:
    """The message for an index tensor of a dtype PyTorch does not index with: it takes
    int64 and int32 (and bool masks); a uint8 index it reads as a mask (deprecated), which
    NumPy would read as positions, so minigrad asks which is meant."""
    if dtype == np.uint8:
        return (f"{op}: a uint8 tensor as an index is ambiguous: PyTorch reads it as a mask "
                f"(a deprecated rule), NumPy as positions; say which: idx.bool() for a mask, "
                f"idx.long() for positions.")
    return (f"{op}: index tensors must be int64 or int32 (or a bool mask), as in PyTorch, "
            f"got {dtype}; convert with idx.long().")


def require_float(dtype, op: str, what: str = "the input") -> None:
    """Refuse a tensor that is not floating point where PyTorch does (softmax, mean, var,
    a loss of integers …), with a message that says what to do."""
    if dtype.kind != "f":
        raise TypeError(f"{op}: {what} must be a floating-point tensor, but it has dtype "
                        f"{dtype} (PyTorch refuses it too); convert it first, e.g. with "
                        f".double() or .float().")


def refuse_bool(dtype, op: str, instead: str = "") -> None:
    """Refuse a bool tensor where PyTorch does (``-t``, ``t - u``, ``t.abs()`` …)."""
    if dtype.kind == "b":
        raise TypeError(f"{op} is not supported on bool tensors (PyTorch refuses it too)"
                        + (f"; {instead}" if instead else "") + ".")


def fill_value(value, dtype, op: str) -> np.ndarray:
    """A number written into a tensor of ``dtype`` (``masked_fill``, a ``pad`` value, a
    ``clamp`` bound, a number in ``where`` or ``**``), converted as PyTorch converts it: a
    float into an integer dtype is truncated towards zero; a value the dtype cannot hold is
    an error.  (An unsigned dtype takes negative *integers* down to -max, which wrap
    around, uint8 -1 being 255, but no negative float.)"""
    if dtype.kind == "b":
        return np.asarray(builtins.bool(value))
    if dtype.kind == "f":
        if np.isfinite(value) and abs(value) > np.finfo(dtype).max:
            raise OverflowError(f"{op}: the value {value} does not fit in {dtype} (largest "
                                f"{np.finfo(dtype).max}), as PyTorch refuses too.")
        return np.asarray(value, dtype=dtype)
    info = np.iinfo(dtype)
    is_int = isinstance(value, (int, np.integer))
    low = -info.max if dtype.kind == "u" and is_int else info.min
    if not (is_int or np.isfinite(value)) or not low <= value <= info.max:
        raise OverflowError(f"{op}: the value {value} does not fit in {dtype} (range "
                            f"{info.min} to {info.max}), as PyTorch refuses too.")
    return np.asarray(int(value)).astype(np.int64).astype(dtype)
