"""Moving elements without changing them: ``flip`` and ``roll``, as ``torch.flip``/``roll``.

Each output element is one input element, moved; so the backward moves each gradient
back: flipping the gradient along the same axes, or rolling it by the opposite shifts.
No chapter uses this module.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..tensor import Tensor, tensor_method
from .operands import axis


def _ints(value, what: str, op: str) -> tuple:
    items = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    for v in items:
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{op}: {what} must be ints, got {type(v).__name__} {v!r}.")
    return tuple(int(v) for v in items)


@tensor_method("flip")
def flip(a, *dims) -> Tensor:
    """``a`` with the order of its elements reversed along each axis in ``dims``.

    Args:
        a (Tensor): the input.
        dims (ints, or one tuple of ints): the axes to reverse (``t.flip(0, 1)`` or
            ``minigrad.flip(t, (0, 1))``); no axis at all leaves ``a`` as it is.

    Shape:
        the same as ``a``.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[1, 2, 3], [4, 5, 6]])
        >>> x.flip(1)
        tensor([[3, 2, 1],
                [6, 5, 4]], dtype=int64)
        >>> mg.flip(x, (0, 1))
        tensor([[6, 5, 4],
                [3, 2, 1]], dtype=int64)
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"flip: expected a Tensor, got {type(a).__name__}.")
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    axes = tuple(axis(d, max(a.ndim, 1), "flip", "dims") for d in _ints(dims, "dims", "flip"))
    if len(set(axes)) != len(axes):
        raise ValueError(f"flip: dims {dims} name the same axis twice.")
    if a.ndim == 0:
        axes = ()

    def backward(g):
        return (np.flip(g, axes),)

    return record(np.flip(a.data, axes).copy(), (a,), backward, "flip")


@tensor_method("roll")
def roll(a, shifts, dims=None) -> Tensor:
    """``a`` with its elements shifted cyclically: what falls off one end comes back at the
    other.

    Args:
        a (Tensor): the input.
        shifts (int or tuple of ints): how far to move along each axis of ``dims`` (toward
            higher indices when positive).
        dims (int or tuple of ints, optional): the axes, one per shift.  Without it the
            tensor is rolled as if flattened, then given its shape back.

    Shape:
        the same as ``a``.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[0, 1, 2], [3, 4, 5]])
        >>> mg.roll(x, 1)
        tensor([[5, 0, 1],
                [2, 3, 4]], dtype=int64)
        >>> x.roll(-1, 1)
        tensor([[1, 2, 0],
                [4, 5, 3]], dtype=int64)
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"roll: expected a Tensor, got {type(a).__name__}.")
    shift = _ints(shifts, "shifts", "roll")
    if dims is None:
        if len(shift) != 1:
            raise ValueError(f"roll: without dims, shifts must be one int (the tensor is rolled "
                             f"as if flattened), got {shifts!r}.")
        axes = None
        shift = shift[0]
    else:
        axes = tuple(axis(d, max(a.ndim, 1), "roll", "dims")
                     for d in _ints(dims, "dims", "roll"))
        if len(axes) != len(shift):
            raise ValueError(f"roll: shifts and dims must pair up, got {len(shift)} shift(s) "
                             f"and {len(axes)} dim(s).")
    back = -shift if axes is None else tuple(-s for s in shift)
    A = a.data
    if a.ndim == 0:
        axes, shift, back = None, 0, 0

    def backward(g):
        return (np.roll(g, back, axes),)

    return record(np.roll(A, shift, axes), (a,), backward, "roll")


@graph_backward("flip")
def _flip_graph(ctx, g):
    axes = ctx.saved("axes")
    return (ctx.linear(g, lambda array: np.flip(array, axes)),)


@graph_backward("roll")
def _roll_graph(ctx, g):
    shift, axes = np.negative(ctx.saved("back")), ctx.saved("axes")    # rolled back forward
    return (ctx.linear(g, lambda array: np.roll(array, shift, axes)),)
