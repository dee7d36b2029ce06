"""Turning what an op was given into tensors, with errors that name the op and the type."""

import numbers

import numpy as np

from ..errors import broadcast_error
from ..tensor import Tensor, _to_array


def as_tensor(x, op: str, like: Tensor = None) -> Tensor:
    """``x`` as a Tensor.  A plain number takes the dtype of the tensor it meets (``like``)
    when that tensor is floating-point, so ``float32_tensor * 2`` stays float32."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._from_op(x)
    if isinstance(x, (numbers.Number, np.generic)):
        if like is not None and like._data.dtype.kind == "f":
            return Tensor._from_op(np.asarray(x, dtype=like._data.dtype))
        if like is not None:
            return Tensor._from_op(np.asarray(x))
        return Tensor._from_op(_to_array(x, None))
    if isinstance(x, (list, tuple)):
        return Tensor._from_op(_to_array(x, None))
    raise TypeError(f"{op}: expected a Tensor, a number or an array, got {type(x).__name__}.")


def pair(a, b, op: str) -> tuple:
    """Both operands of a binary op as tensors (at least one of them already is)."""
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            return a, b
        return a, as_tensor(b, op, like=a)
    return as_tensor(a, op, like=b if isinstance(b, Tensor) else None), as_tensor(b, op)


def scalar(x) -> bool:
    """Whether ``x`` is a plain number (Python's or NumPy's), which a binary op can apply
    directly, as PyTorch does, without making a tensor of it or a place in the graph."""
    return isinstance(x, (float, int, np.floating, np.integer)) and not isinstance(x, bool)


def number(x):
    """A NumPy scalar as the Python number it holds: NumPy lets a Python number take the
    tensor's dtype (float32 stays float32), but not a NumPy float64."""
    return x.item() if isinstance(x, np.generic) else x


def binary(fn, a: Tensor, b: Tensor, op: str) -> np.ndarray:
    """Apply a broadcasting NumPy function, turning NumPy's shape error into one naming ``op``."""
    try:
        return fn(a._data, b._data)
    except ValueError:
        try:
            np.broadcast_shapes(a._data.shape, b._data.shape)
        except ValueError:
            raise broadcast_error(op, a._data.shape, b._data.shape) from None
        raise


def normalize_dims(dim, ndim: int, op: str):
    """``dim`` (None, an int or a tuple of ints, negatives allowed) as a sorted tuple of axes,
    or None for "all axes"."""
    if dim is None:
        return None
    if isinstance(dim, (int, np.integer)):
        dims = (dim,)
    elif isinstance(dim, (tuple, list)):
        dims = tuple(dim)
    else:
        raise TypeError(f"{op}: dim must be an int or a tuple of ints, got {type(dim).__name__}.")
    out = []
    for d in dims:
        if not isinstance(d, (int, np.integer)):
            raise TypeError(f"{op}: dim must be an int or a tuple of ints, got {type(d).__name__}.")
        if not -ndim <= d < ndim:
            raise IndexError(f"{op}: dim {d} is out of range for a tensor with {ndim} "
                             f"dimension(s) (valid: {-ndim} to {ndim - 1}).")
        out.append(int(d) % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{op}: dim {dim} names the same axis twice.")
    return tuple(sorted(out))
