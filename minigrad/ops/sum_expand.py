"""Chapter 4: sum and expand, each other's backward — and broadcasting built from them.

``sum(dim)`` adds copies together, so its backward hands the same gradient to
every copy (an expand).  ``expand(dim, copies)`` makes copies, so its backward
adds their gradients up (a sum).  ``broadcast_to`` is expand done implicitly, and
its backward is :func:`minigrad.broadcasting.sum_to`.  ``reshape`` only relabels
the elements, so its backward reshapes the gradient back.
"""

import math

import numpy as np

from ..autograd import record
from ..broadcasting import sum_to
from ..errors import ShapeError
from ..tensor import tensor_method
from .operands import keep_flag, normalize_dims, shape_arg


def _kept_shape(shape: tuple, axes) -> tuple:
    """``shape`` with the reduced ``axes`` kept as size 1 (all axes when None)."""
    return tuple(1 if axes is None or i in axes else n for i, n in enumerate(shape))


@tensor_method("sum")
def sum(a, dim=None, keepdim=None, *, keepdims=None, dtype=None):
    """Sum over ``dim`` (an int, a tuple of ints, or None or () for every axis).

    ``keepdim=True`` (PyTorch's name; NumPy's ``keepdims`` works too) keeps each reduced
    axis as size 1; ``dtype`` casts the input first (PyTorch's ``sum(dtype=...)``)."""
    if dtype is not None:
        a = a.to(dtype)
    keepdims = keep_flag(keepdim, keepdims, "sum")
    axes = normalize_dims(dim, a.ndim, "sum")
    in_shape = a._data.shape
    kept = _kept_shape(in_shape, axes)

    def backward(g):
        return (np.broadcast_to(g.reshape(kept), in_shape),)

    return record(a._data.sum(axis=axes, keepdims=keepdims), (a,), backward, "sum")


@tensor_method("mean")
def mean(a, dim=None, keepdim=None, *, keepdims=None, dtype=None):
    """Average over ``dim`` (as in :func:`sum`); the gradient is spread evenly, 1/n to each
    element.  ``dtype`` casts the input first (PyTorch's ``mean(dtype=...)``)."""
    if dtype is not None:
        a = a.to(dtype)
    keepdims = keep_flag(keepdim, keepdims, "mean")
    axes = normalize_dims(dim, a.ndim, "mean")
    in_shape = a._data.shape
    kept = _kept_shape(in_shape, axes)
    n = math.prod(in_shape) if axes is None else math.prod(in_shape[i] for i in axes)
    if n:
        out = a._data.mean(axis=axes, keepdims=keepdims)
    else:                           # the mean of nothing is 0/0 = nan, silently, as in PyTorch
        with np.errstate(invalid="ignore"):
            out = a._data.sum(axis=axes, keepdims=keepdims) / np.asarray(0, dtype=a.dtype)

    def backward(g):
        if not n:                   # the input is empty: so is its gradient
            return (np.zeros(in_shape, dtype=g.dtype),)
        return (np.broadcast_to(g.reshape(kept) / n, in_shape),)

    return record(out, (a,), backward, "mean")


@tensor_method("expand")
def expand(a, dim: int, copies: int = None, *more_sizes):
    """Insert a new axis at ``dim`` holding ``copies`` copies of the tensor.

    ``Tensor([1, 2]).expand(0, 3)`` has shape (3, 2).

    **Not PyTorch's expand.**  This is the course's ``expand(dim, copies)``; PyTorch's
    ``expand(*sizes)`` takes target sizes instead, and minigrad calls that
    :func:`broadcast_to` (``t.broadcast_to((3, 4))``).  A call that can only be meant
    the PyTorch way (a tuple of sizes, more than two sizes, a ``dim`` too large for a
    new axis, a ``-1``) is an error that says so.
    """
    pytorch_style = ("{call} looks like PyTorch's expand(*sizes); minigrad's expand(dim, "
                     "copies) inserts a new axis at dim holding that many copies. For "
                     "PyTorch's meaning use broadcast_to(shape), e.g. t.broadcast_to({shape}).")
    sizes = (dim,) + (() if copies is None else (copies,)) + more_sizes
    call = "expand(" + ", ".join(map(repr, sizes)) + ")"
    example = sizes[0] if isinstance(sizes[0], (tuple, list)) else sizes
    if copies is None or more_sizes:
        raise TypeError(f"expand: takes two ints, dim and copies. " + pytorch_style.format(
            call=call, shape=tuple(example)))
    for x in (dim, copies):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"expand: dim and copies must be ints, got "
                            f"{type(x).__name__} {x!r}.")
    if dim == -1 or copies == -1:
        last_axis = (f" For a new last axis write expand({a.ndim}, {copies}) (dim = t.ndim)."
                     if dim == -1 and copies >= 0 else "")
        raise ValueError("expand: -1 is ambiguous here. "
                         + pytorch_style.format(call=call, shape=sizes) + last_axis)
    if not -a.ndim - 1 <= dim <= a.ndim:
        raise IndexError(f"expand: dim {dim} is out of range for a new axis of a tensor with "
                         f"shape {a._data.shape} (valid: {-a.ndim - 1} to {a.ndim}). "
                         + pytorch_style.format(call=call, shape=sizes))
    if copies < 0:
        raise ValueError(f"expand: copies must be a non-negative int, got {copies!r}.")
    dim = dim % (a.ndim + 1)

    def backward(g):
        return (g.sum(axis=dim),)

    return record(np.repeat(np.expand_dims(a._data, dim), copies, axis=dim), (a,),
                  backward, "expand")


@tensor_method("broadcast_to")
def broadcast_to(a, *shape):
    """Copy the tensor along size-1 and new leading axes until it has ``shape``
    (PyTorch's ``expand(*sizes)``); a -1 keeps that axis's size."""
    shape = list(shape_arg(shape, "broadcast_to"))
    in_shape = a._data.shape
    lead = len(shape) - a.ndim
    for i, n in enumerate(shape):
        if n == -1:
            if i < lead:
                raise ShapeError(f"broadcast_to: -1 (keep the size) at position {i} of "
                                 f"{tuple(shape)} is a new leading axis of a tensor with shape {in_shape}; "
                                 f"give its size.")
            shape[i] = in_shape[i - lead]
    shape = tuple(shape)
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
    return reshaped(a, shape_arg(shape, "reshape"), "reshape")


def reshaped(a, shape: tuple, op: str):
    """``a`` with its elements laid out in ``shape``, recorded as ``op`` (reshape, view,
    flatten, squeeze …: every op that only relabels elements has this backward)."""
    in_shape = a._data.shape
    try:
        out = a._data.reshape(shape)
    except ValueError:
        raise ShapeError(f"{op}: cannot reshape a tensor of shape {in_shape} "
                         f"({a._data.size} elements) into shape {shape}.") from None

    def backward(g):
        return (g.reshape(in_shape),)

    return record(out, (a,), backward, op)
