"""Chapter 4: sum and expand, each other's backward — and broadcasting built from them.

``sum(dim)`` adds copies together, so its backward hands the same gradient to
every copy (an expand).  ``expand(dim, copies)`` makes copies, so its backward
adds their gradients up (a sum).  ``broadcast_to`` is expand done implicitly, and
its backward is :func:`minigrad.broadcasting.sum_to`.  ``reshape`` only relabels
the elements, so its backward reshapes the gradient back.
"""

import numpy as np

from ..autograd import record
from ..broadcasting import sum_to
from ..errors import ShapeError
from ..tensor import tensor_method
from .operands import normalize_dims


def _kept_shape(shape: tuple, axes) -> tuple:
    """``shape`` with the reduced ``axes`` kept as size 1 (all axes when None)."""
    return tuple(1 if axes is None or i in axes else n for i, n in enumerate(shape))


@tensor_method("sum")
def sum(a, dim=None, keepdims: bool = False):
    """Sum over ``dim`` (an int, a tuple of ints, or None for every axis)."""
    axes = normalize_dims(dim, a.ndim, "sum")
    in_shape = a._data.shape
    kept = _kept_shape(in_shape, axes)

    def backward(g):
        return (np.broadcast_to(g.reshape(kept), in_shape),)

    return record(a._data.sum(axis=axes, keepdims=keepdims), (a,), backward, "sum")


@tensor_method("mean")
def mean(a, dim=None, keepdims: bool = False):
    """Average over ``dim``; the gradient is spread evenly, 1/n to each element."""
    axes = normalize_dims(dim, a.ndim, "mean")
    in_shape = a._data.shape
    kept = _kept_shape(in_shape, axes)
    n = a._data.size // max(1, int(np.prod(kept)))

    def backward(g):
        return (np.broadcast_to(g.reshape(kept) / n, in_shape),)

    return record(a._data.mean(axis=axes, keepdims=keepdims), (a,), backward, "mean")


@tensor_method("expand")
def expand(a, dim: int, copies: int):
    """Insert a new axis at ``dim`` holding ``copies`` copies of the tensor.

    ``Tensor([1, 2]).expand(0, 3)`` has shape (3, 2).  (PyTorch's ``expand`` takes
    target sizes instead; minigrad calls that :func:`broadcast_to`.)
    """
    if not -a.ndim - 1 <= dim <= a.ndim:
        raise IndexError(f"expand: dim {dim} is out of range for a new axis of a tensor with "
                         f"shape {a._data.shape} (valid: {-a.ndim - 1} to {a.ndim}).")
    if not isinstance(copies, (int, np.integer)) or copies < 0:
        raise ValueError(f"expand: copies must be a non-negative int, got {copies!r}.")
    dim = dim % (a.ndim + 1)

    def backward(g):
        return (g.sum(axis=dim),)

    return record(np.repeat(np.expand_dims(a._data, dim), copies, axis=dim), (a,),
                  backward, "expand")


@tensor_method("broadcast_to")
def broadcast_to(a, shape):
    """Copy the tensor along size-1 and new leading axes until it has ``shape``."""
    shape = tuple(shape)
    in_shape = a._data.shape
    try:
        out = np.broadcast_to(a._data, shape)
    except ValueError:
        raise ShapeError(f"broadcast_to: shape {in_shape} cannot be broadcast to {shape}: "
                         f"reading right to left, each size must match or be 1.") from None

    def backward(g):
        return (sum_to(g, in_shape),)

    return record(out, (a,), backward, "broadcast_to")


@tensor_method("reshape")
def reshape(a, *shape):
    """Same elements, new shape: ``t.reshape(2, 3)`` or ``t.reshape((2, 3))``; -1 is inferred."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    in_shape = a._data.shape
    try:
        out = a._data.reshape(shape)
    except ValueError:
        raise ShapeError(f"reshape: cannot reshape a tensor of shape {in_shape} "
                         f"({a._data.size} elements) into shape {shape}.") from None

    def backward(g):
        return (g.reshape(in_shape),)

    return record(out, (a,), backward, "reshape")
