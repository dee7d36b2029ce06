"""Same elements, another shape: ``view``, ``flatten``, ``unflatten``, ``squeeze``,
``unsqueeze``; and ``contiguous``, which lays the elements out row by row when they are
not.

Each only relabels the elements, like chapter 4's ``reshape``, so each has the same
backward: reshape the gradient back to the input's shape.  As in PyTorch each returns a
view, sharing the input's memory (minigrad/views.py): ``squeeze`` and ``unsqueeze``
always, ``flatten`` and ``unflatten`` when the memory allows (otherwise a copy), and
``view`` always or not at all (after a transpose it is an error that points to
``reshape``).  First used beyond the core chapters, in learners' own models.
"""

import math

import numpy as np

from ..autograd import record
from ..tensor import tensor_method
from .operands import axis, normalize_dims, shape_arg
from .sum_expand import reshaped
from ..autograd import graph_backward


@tensor_method("view")
def view(a, *shape):
    """``t.view(2, 3)`` or ``t.view((2, 3))``: the same elements in a new shape (one -1 is
    inferred), PyTorch's name for :func:`reshape`.

    Args:
        a (Tensor): the input.
        shape (ints, or one tuple): the new shape.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(4, 4).view(-1, 8).shape
        (2, 8)
    """
    if len(shape) == 1 and not isinstance(shape[0], (tuple, list, int, np.integer)):
        raise TypeError(f"view: expects a shape (ints), got {shape[0]!r}; to change the "
                        f"dtype use .to(dtype), which converts the values.")
    return reshaped(a, shape_arg(shape, "view"), "view", copy_ok=False)


@tensor_method("flatten")
def flatten(a, start_dim: int = 0, end_dim: int = -1):
    """Merge the axes ``start_dim`` … ``end_dim`` (all, by default) into one.  Merging one
    axis (a vector's ``flatten()``) changes nothing, and returns the tensor itself, as
    PyTorch does.

    Args:
        a (Tensor): the input.
        start_dim (int): the first axis merged (0).
        end_dim (int): the last axis merged (-1).

    Example:
        >>> import minigrad as mg
        >>> mg.flatten(mg.zeros(2, 3, 4), 1).shape
        (2, 12)
    """
    if a.ndim == 0:                  # a 0-d tensor counts as one axis (dims -1 and 0), as PyTorch
        axis(start_dim, 1, "flatten", "start_dim")
        axis(end_dim, 1, "flatten", "end_dim")
        return reshaped(a, (1,), "flatten")
    start = axis(start_dim, a.ndim, "flatten", "start_dim")
    end = axis(end_dim, a.ndim, "flatten", "end_dim")
    if start > end:
        raise ValueError(f"flatten: start_dim ({start_dim}) must not come after end_dim "
                         f"({end_dim}) for a tensor with shape {a.shape}.")
    if start == end:
        return a
    merged = math.prod(a.shape[start:end + 1])
    return reshaped(a, a.shape[:start] + (merged,) + a.shape[end + 1:], "flatten")


@tensor_method("squeeze")
def squeeze(a, dim=None):
    """Drop axes of size 1: all of them, or only ``dim`` (an int or a tuple).  As in
    PyTorch, naming an axis whose size is not 1 leaves it alone (no error).

    Args:
        a (Tensor): the input.
        dim (int or tuple of ints, optional): the axes to drop.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(1, 3, 1).squeeze().shape, mg.zeros(1, 3, 1).squeeze(0).shape
        ((3,), (3, 1))
    """
    return reshaped(a, squeezed_shape(a.shape, dim, "squeeze"), "squeeze")


def squeezed_shape(shape: tuple, dim, op: str) -> tuple:
    """``shape`` without its axes of size 1 (all, or those among ``dim``)."""
    if not shape:
        if dim not in (None, 0, -1, ()):
            axis(dim, 1, op)               # the error for an out-of-range dim
        return ()
    axes = range(len(shape)) if dim is None else normalize_dims(dim, len(shape), op) or ()
    drop = {d for d in axes if shape[d] == 1}
    return tuple(n for d, n in enumerate(shape) if d not in drop)


@tensor_method("unsqueeze")
def unsqueeze(a, dim: int):
    """Insert an axis of size 1 at ``dim`` (from ``-ndim - 1`` to ``ndim``).

    Args:
        a (Tensor): the input.
        dim (int): where the new axis goes.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(3).unsqueeze(0).shape, mg.unsqueeze(mg.zeros(3), -1).shape
        ((1, 3), (3, 1))
    """
    d = axis(dim, a.ndim + 1, "unsqueeze")
    return reshaped(a, a.shape[:d] + (1,) + a.shape[d:], "unsqueeze")


@tensor_method("unflatten")
def unflatten(a, dim: int, sizes):
    """Split axis ``dim`` into ``sizes`` (flatten's inverse): (N, 784) with
    ``unflatten(1, (1, 28, 28))`` becomes (N, 1, 28, 28).  A view when the memory allows,
    as PyTorch's (it is a reshape).

    Args:
        a (Tensor): the input (at least 1-D).
        dim (int): the axis to split.
        sizes (tuple of ints): its new sizes, whose product is its size (one may be -1,
            inferred).

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(4, 6).unflatten(1, (2, 3)).shape
        (4, 2, 3)
    """
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        raise TypeError(f"unflatten: dim must be an int, got {type(dim).__name__}.")
    if not isinstance(sizes, (tuple, list)) or not sizes or not all(
            isinstance(n, (int, np.integer)) and not isinstance(n, bool) for n in sizes):
        raise TypeError(f"unflatten: sizes must be a non-empty tuple of ints, got {sizes!r}.")
    if a.ndim == 0:
        raise IndexError("unflatten: a 0-d tensor has no axis to split.")
    d = axis(dim, a.ndim, "unflatten")
    sizes, shape = tuple(int(n) for n in sizes), a.shape
    known = math.prod(n for n in sizes if n != -1)
    if sizes.count(-1) > 1 or (-1 not in sizes and known != shape[d]) or \
            (-1 in sizes and (known == 0 or shape[d] % known)):
        raise ValueError(f"unflatten: sizes {sizes} do not multiply to {shape[d]}, the size "
                         f"of dim {dim} of a tensor of shape {shape}.")
    return reshaped(a, shape[:d] + sizes + shape[d + 1:], "unflatten")


@tensor_method("contiguous")
def contiguous(a):
    """The tensor itself when its memory is laid out row by row (C order), as a fresh
    tensor's is; otherwise a copy that is (after ``transpose`` or ``permute``), recorded so
    gradients flow.  ``t.transpose(0, 1).contiguous().view(-1)`` is the PyTorch idiom."""
    if a._data.flags.c_contiguous:
        return a
    return record(np.ascontiguousarray(a._data), (a,), lambda g: (g,), "contiguous")


@graph_backward("contiguous")
def _contiguous_graph(ctx, g):
    """contiguous passes the gradient on unchanged (create_graph=True)."""
    return (g,)


@tensor_method("is_contiguous")
def is_contiguous(a) -> bool:
    """Whether the memory is laid out row by row (C order), so that ``view`` always works."""
    return bool(a._data.flags.c_contiguous)
