"""Chapter 4: sum and expand, each other's backward — and broadcasting built from them.

``sum(dim)`` adds copies together, so its backward hands the same gradient to
every copy (an expand).  ``expand(dim, copies)`` makes copies, so its backward
adds their gradients up (a sum).  ``broadcast_to`` is expand done implicitly, and
its backward is :func:`minigrad.broadcasting.sum_to`.  ``reshape`` only relabels
the elements, so its backward reshapes the gradient back.

As in PyTorch, ``expand``, ``broadcast_to`` and ``reshape`` (when the memory allows) return
*views*: the input's memory, not a copy (see minigrad/views.py).  An expanded tensor's
copies are one memory location, so writing into one in place is refused.
"""

import math

import numpy as np

from .. import views
from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to_tensor
from ..broadcasting import sum_to
from ..dtypes import require_float
from ..errors import ShapeError
from ..tensor import tensor_method
from .operands import cast_first, keep_flag, normalize_dims, shape_arg


def _kept_shape(shape: tuple, axes) -> tuple:
    """``shape`` with the reduced ``axes`` kept as size 1 (all axes when None)."""
    return tuple(1 if axes is None or i in axes else n for i, n in enumerate(shape))


@tensor_method("sum")
def sum(a, dim=None, keepdim=None, *, keepdims=None, dtype=None):
    """Sum over ``dim`` (an int, a tuple of ints, or None or () for every axis); the gradient
    hands g to every element that was summed (an expand, chapter 4).  Integers and bools
    are summed as int64, as in PyTorch.

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
        a = cast_first(a, dtype, "sum")
    keepdims = keep_flag(keepdim, keepdims, "sum")
    axes = normalize_dims(dim, a.ndim, "sum")
    A = a._data
    in_shape = A.shape
    kept = _kept_shape(in_shape, axes)

    def backward(g):
        return (np.broadcast_to(g.reshape(kept), in_shape),)

    if A.dtype.kind != "f":          # int64, as PyTorch's, unless dtype= says otherwise
        out = A.sum(axis=axes, keepdims=keepdims, dtype=np.int64 if dtype is None else A.dtype)
        return record(out, (a,), backward, "sum")
    return record(A.sum(axis=axes, keepdims=keepdims), (a,), backward, "sum")


@graph_backward("sum")
def _sum_graph(ctx, g):
    """sum's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    return (g.reshape(ctx.saved("kept")).broadcast_to(ctx.saved("in_shape")),)


@tensor_method("mean")
def mean(a, dim=None, keepdim=None, *, keepdims=None, dtype=None):
    """The average over ``dim`` (as in :func:`sum`); the gradient is spread evenly, 1/n to
    each element.  The mean of no elements is NaN, as in PyTorch.  Only for floating-point
    tensors, as in PyTorch (``t.double().mean()``, or ``t.mean(dtype=mg.float64)``).

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
        a = cast_first(a, dtype, "mean")
    if a._data.dtype.kind != "f":
        require_float(a._data.dtype, "mean")
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


@graph_backward("mean")
def _mean_graph(ctx, g):
    n = ctx.saved("n")
    if not n:
        return (g.reshape(-1).sum().broadcast_to(ctx.saved("in_shape")) * 0.0,)
    return (g.reshape(ctx.saved("kept")).broadcast_to(ctx.saved("in_shape")) / n,)


@tensor_method("expand")
def expand(a, *sizes, dim=None, copies=None):
    """Insert a new axis at ``dim`` holding ``copies`` copies of the tensor (the course's
    op, chapter 4); its gradient sums the copies (a ``sum(dim)``).

    ``Tensor([1, 2]).expand(0, 3)`` has shape (3, 2); ``t.expand(dim=0, copies=3)`` says
    the same with keywords.

    **Not PyTorch's expand.**  This is the course's ``expand(dim, copies)``; PyTorch's
    ``expand(*sizes)`` takes target sizes instead, and minigrad calls that
    :func:`broadcast_to` (``t.broadcast_to((3, 4))``).  A call that can only be meant
    the PyTorch way (a tuple of sizes, more than two sizes, a ``dim`` too large for a
    new axis, a ``-1``) is an error that says so, and so is a call of two ints that both
    readings accept but read differently (``ones(1, 3).expand(2, 3)``: (1, 3, 3) here,
    (2, 3) in PyTorch).  With the keywords ``dim=`` and ``copies=`` a call is always the
    course's.

    Args:
        a (Tensor): the input.
        sizes: ``dim`` and ``copies`` given by position (``t.expand(0, 3)``); anything
            else is recognised as PyTorch's ``expand(*sizes)`` and refused with a message.
        dim (int): where the new axis goes.
        copies (int): how many copies.

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
    keywords = dim is not None or copies is not None      # then always the course's reading
    if keywords:
        rest = list(sizes)
        dim = rest.pop(0) if dim is None and rest else dim
        copies = rest.pop(0) if copies is None and rest else copies
        if rest or dim is None or copies is None:
            raise TypeError(f"expand: takes two ints, dim and copies, got {sizes!r} and "
                            f"dim={dim!r}, copies={copies!r}.")
        call = f"expand(dim={dim!r}, copies={copies!r})"
    else:
        call = "expand(" + ", ".join(map(repr, sizes)) + ")"
        if len(sizes) != 2:
            example = sizes[0] if sizes and isinstance(sizes[0], (tuple, list)) else sizes
            raise TypeError(f"expand: takes two ints, dim and copies. " + pytorch_style.format(
                call=call, shape=tuple(example)))
        dim, copies = sizes
    for x in (dim, copies):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"expand: dim and copies must be ints, got "
                            f"{type(x).__name__} {x!r}.")
    if dim == -1 or copies == -1:
        last_axis = (f" For a new last axis write expand({a.ndim}, {copies}) (dim = t.ndim)."
                     if dim == -1 and copies >= 0 else "")
        raise ValueError("expand: -1 is ambiguous here. "
                         + pytorch_style.format(call=call, shape=(dim, copies)) + last_axis)
    if not -a.ndim - 1 <= dim <= a.ndim:
        raise IndexError(f"expand: dim {dim} is out of range for a new axis of a tensor with "
                         f"shape {a._data.shape} (valid: {-a.ndim - 1} to {a.ndim}). "
                         + pytorch_style.format(call=call, shape=(dim, copies)))
    if copies < 0:
        raise ValueError(f"expand: copies must be a non-negative int, got {copies!r}.")
    dim = dim % (a.ndim + 1)
    shape = a.shape[:dim] + (copies,) + a.shape[dim:]

    def take(array):                 # a view: every copy is the same memory, as in PyTorch
        return np.broadcast_to(np.expand_dims(array, dim), shape)

    if not keywords:
        _refuse_two_readings(a._data, (int(sizes[0]), int(sizes[1])), take(a._data))

    def backward(g):
        return g.sum(axis=dim)

    return views.view(a, "expand", take, backward)


@graph_backward("expand")
def _expand_graph(ctx, g):
    return (g.sum(ctx.saved("dim")),)


def _pytorch_expand_shape(shape: tuple, sizes: tuple):
    """The shape PyTorch's ``expand(*sizes)`` gives a tensor of ``shape``, or None where
    PyTorch would refuse the call."""
    lead = len(sizes) - len(shape)
    if lead < 0:
        return None
    out = []
    for i, n in enumerate(sizes):
        if i < lead:
            if n < 0:
                return None
            out.append(n)
            continue
        have = shape[i - lead]
        if n == -1 or n == have:
            out.append(have)
        elif have == 1 and n >= 0:
            out.append(n)
        else:
            return None
    return tuple(out)


def _refuse_two_readings(A: np.ndarray, sizes: tuple, ours: np.ndarray) -> None:
    """``expand(x, y)`` that PyTorch also accepts, as sizes, with another result: an error
    saying so, instead of a result a PyTorch user did not expect."""
    theirs = _pytorch_expand_shape(A.shape, sizes)
    if theirs is None or (theirs == ours.shape
                          and np.array_equal(np.broadcast_to(A, theirs), ours, equal_nan=True)):
        return
    x, y = sizes
    raise ValueError(
        f"expand({x}, {y}) reads two ways for a tensor of shape {A.shape}: minigrad's "
        f"expand(dim, copies) inserts an axis {x} holding {y} copies (shape {ours.shape}), but "
        f"PyTorch's expand(*sizes) would broadcast it to shape {theirs}. Say which you mean: "
        f"t.expand(dim={x}, copies={y}) for the course's, or t.broadcast_to({theirs}) for "
        f"PyTorch's.")


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
    return views.view(a, "broadcast_to", lambda array: np.broadcast_to(array, shape),
                      lambda g: sum_to(g, in_shape), data=out)


@graph_backward("broadcast_to")
def _broadcast_to_graph(ctx, g):
    return (sum_to_tensor(g, ctx.saved("in_shape")),)


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


def reshaped(a, shape: tuple, op: str, copy_ok: bool = True):
    """``a`` with its elements laid out in ``shape``, recorded as ``op`` (reshape, view,
    flatten, squeeze …: every op that only relabels elements has this backward).

    As in PyTorch it is a view of ``a`` (same memory) when the memory allows, and
    otherwise a copy (after a transpose, say); ``copy_ok=False`` (``view``) makes that
    an error instead."""
    in_shape = a._data.shape
    try:
        out = a._data.reshape(shape)
    except ValueError:
        raise ShapeError(f"{op}: cannot reshape a tensor of shape {in_shape} "
                         f"({a._data.size} elements) into shape {shape}.") from None

    def backward(g):
        return g.reshape(in_shape)

    if views.shares_memory(out, a._data):
        shape = out.shape                                  # any -1 filled in
        return views.view(a, op, lambda array: array.reshape(shape), backward, data=out)
    if not copy_ok:
        raise RuntimeError(f"{op}: a tensor of shape {in_shape} laid out like this in memory "
                           f"(after transpose, permute or a strided slice) cannot be viewed as "
                           f"shape {tuple(shape)} without copying. Use reshape, which copies "
                           f"when it must.")
    return record(out, (a,), lambda g: (backward(g),), op)


@graph_backward("reshape", "view", "flatten", "squeeze", "unsqueeze")
def _reshaped_graph(ctx, g):
    return (g.reshape(ctx.saved("in_shape")),)
