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
    """Sum over ``dim`` (an int, a tuple of ints, or None or () for every axis); the gradient
    hands g to every element that was summed (an expand, chapter 4).

    Args:
        a (Tensor): the input.
        dim (int or tuple of ints, optional): the axes to sum; every axis by default.
        keepdim (bool): keep each summed axis with size 1 (PyTorch's name).
        keepdims (bool): NumPy's name for the same.
        dtype (optional): cast the input to this dtype first (PyTorch's ``sum(dtype=...)``).

    Shape:
        ``a``'s shape without the summed axes (with them as 1 when ``keepdim``).

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> x.sum()
        tensor(10.)
        >>> x.sum(0), x.sum(dim=1, keepdim=True).shape
        (tensor([4., 6.]), (2, 1))
    """
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
    """The average over ``dim`` (as in :func:`sum`); the gradient is spread evenly, 1/n to
    each element.  The mean of no elements is NaN, as in PyTorch.

    Args:
        a (Tensor): the input.
        dim (int or tuple of ints, optional): the axes to average; every axis by default.
        keepdim (bool): keep each averaged axis with size 1.
        keepdims (bool): NumPy's name for the same.
        dtype (optional): cast the input to this dtype first (PyTorch's ``mean(dtype=...)``).

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([[1.0, 2.0], [3.0, 4.0]]).mean(dim=0)
        tensor([2., 3.])
        >>> mg.tensor([1, 2]).mean(dtype=mg.float64)
        tensor(1.5)
    """
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
    """Insert a new axis at ``dim`` holding ``copies`` copies of the tensor (the course's
    op, chapter 4); its gradient sums the copies (a ``sum(dim)``).

    **Not PyTorch's expand.**  This is the course's ``expand(dim, copies)``; PyTorch's
    ``expand(*sizes)`` takes target sizes instead, and minigrad calls that
    :func:`broadcast_to` (``t.broadcast_to((3, 4))``).  A call that can only be meant
    the PyTorch way (a tuple of sizes, more than two sizes, a ``dim`` too large for a
    new axis, a ``-1``) is an error that says so.

    Args:
        a (Tensor): the input.
        dim (int): where the new axis goes.
        copies (int): how many copies.
        more_sizes: only there to recognise PyTorch's ``expand(*sizes)`` and refuse it with
            a message.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([1.0, 2.0]).expand(0, 3)
        tensor([[1., 2.],
                [1., 2.],
                [1., 2.]])
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
    """Copy the tensor along size-1 and new leading axes until it has ``shape`` (PyTorch's
    ``expand(*sizes)``); a -1 keeps that axis's size.  The gradient is summed back
    (:func:`minigrad.sum_to`).

    Args:
        a (Tensor): the input.
        shape (ints, or one tuple): the target shape.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([[1.0], [2.0]]).broadcast_to(2, 3)
        tensor([[1., 1., 1.],
                [2., 2., 2.]])
    """
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
    """Same elements, new shape: ``t.reshape(2, 3)`` or ``t.reshape((2, 3))``; one -1 is
    inferred.  The gradient is reshaped back.

    Args:
        a (Tensor): the input.
        shape (ints, or one tuple): the new shape, with as many elements.

    Example:
        >>> import minigrad as mg
        >>> mg.arange(6).reshape(2, -1)
        tensor([[0, 1, 2],
                [3, 4, 5]], dtype=int64)
    """
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
