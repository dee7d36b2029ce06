"""Keeping values within bounds: ``clamp``/``clip``, ``maximum`` and ``minimum``.

Each output element is one of its inputs' elements, so the gradient goes to the
input that was chosen and nowhere else.  The rules at the edges are PyTorch's: a
value exactly on a clamp bound keeps its gradient, and where ``maximum``/``minimum``
see a tie, each side gets half.  Masks are applied with ``np.where``, never by
multiplying with 0, so an infinite upstream gradient never becomes NaN.
"""

import numbers

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to
from ..broadcasting import sum_to_tensor
from ..dtypes import fill_value, refuse_bool, result_type
from ..errors import broadcast_error
from ..tensor import Tensor, tensor_method
from .operands import binary, pair, promoted


def _check_bound(x, name: str) -> None:
    if not (x is None or isinstance(x, Tensor) or isinstance(x, (numbers.Real, np.generic))
            and not isinstance(x, np.complexfloating)):
        raise TypeError(f"clamp: {name} must be a number or a Tensor, got {type(x).__name__}.")


def _bound(x, name: str, dtype):
    """A bound as a tensor; a number in ``dtype``, the dtype the clamp promotes to (which
    must hold it, as in PyTorch: ``uint8_t.clamp(max=300)`` is an error)."""
    if x is None or isinstance(x, Tensor):
        return x
    return Tensor._from_op(fill_value(x, dtype, f"clamp ({name})"))


def _pick(mask, g, shape, dtype):
    return sum_to(np.where(mask, g, np.zeros((), dtype=g.dtype)), shape).astype(dtype, copy=False)


@tensor_method("clamp", "clip")
def clamp(a, min=None, max=None):                     # noqa: A002 (PyTorch's names)
    """Each element limited to [min, max] (either bound may be None; a bound may be a
    tensor); ``clip`` is the same function.  The gradient passes where the element was
    kept, including exactly on a bound, as PyTorch's; where ``min > max`` every element
    becomes ``max``, as in PyTorch.

    Args:
        a (Tensor): the input.
        min (number or Tensor, optional): the lower bound (shapes broadcast).
        max (number or Tensor, optional): the upper bound.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([-2.0, 0.5, 3.0]).clamp(-1, 1)
        tensor([-1. ,  0.5,  1. ])
        >>> mg.clamp(mg.Tensor([-2.0, 0.5]), min=mg.Tensor([0.0, 1.0]))
        tensor([0., 1.])
    """
    if min is None and max is None:
        raise ValueError("clamp: give at least one of min and max.")
    _check_bound(min, "min")
    _check_bound(max, "max")
    dtype = result_type(a, *[x for x in (min, max) if x is not None])
    if dtype.kind == "b" and (min is not None and max is not None
                              or not isinstance(min, Tensor) and not isinstance(max, Tensor)):
        refuse_bool(dtype, "clamp with two bounds or a number bound")  # PyTorch's rule
    lo, hi = _bound(min, "min", dtype), _bound(max, "max", dtype)
    A = a.data.astype(dtype, copy=False)
    L = None if lo is None else lo.data.astype(dtype, copy=False)
    H = None if hi is None else hi.data.astype(dtype, copy=False)
    out = A
    try:
        if L is not None:
            out = np.maximum(out, L)
        if H is not None:
            out = np.minimum(out, H)
    except ValueError:
        shapes = [a.shape] + [b.shape for b in (lo, hi) if b is not None]
        raise broadcast_error("clamp", *shapes) from None
    inputs = (a,) + tuple(b for b in (lo, hi) if b is not None)
    meta = [(t.shape, t.dtype, t.requires_grad) for t in inputs]

    def backward(g):
        inside, below, above = _masks(A, L, H)
        grads = [_pick(inside, g, *meta[0][:2]) if meta[0][2] else None]
        if L is not None:
            grads.append(_pick(below, g, *meta[1][:2]) if meta[1][2] else None)
        if H is not None:
            grads.append(_pick(above, g, *meta[-1][:2]) if meta[-1][2] else None)
        return tuple(grads)

    return record(out, inputs, backward, "clamp", saved=inputs)


@graph_backward("clamp")
def _clamp_graph(ctx, g):
    """clamp's backward with tensor ops: the masks are constants, so it is linear in g."""
    from .select import where
    A, L, H = ctx.saved("A"), ctx.saved("L"), ctx.saved("H")

    def pick(mask, i):
        return sum_to_tensor(where(Tensor(mask), g, 0.0), ctx.shape(i)) if ctx.needs(i) else None

    inside, below, above = _masks(A, L, H)
    grads = [pick(inside, 0)]
    if L is not None:
        grads.append(pick(below, 1))
    if H is not None:
        grads.append(pick(above, len(grads)))
    return tuple(grads)


def _masks(A, L, H) -> tuple:
    """Where clamp's gradient goes (both backwards use these): to the input where it lies
    within [L, H]; to L where the input is below it (when L < H, else H wins); to H where the
    input is above it, and everywhere L > H (PyTorch's rule: the result is H there).  A mask
    is None for a bound not given."""
    with np.errstate(invalid="ignore"):
        inside = np.ones(np.shape(A), dtype=bool)
        if L is not None:
            inside = inside & (A >= L)
        if H is not None:
            inside = inside & (A <= H)
        below = None if L is None else (A < L) if H is None else (A < L) & (L < H)
        above = None if H is None else (A > H) if L is None else (A > H) | (H < L)
    return inside, below, above


clip = clamp


@graph_backward("maximum", "minimum")
def _tie_split_graph(ctx, g):
    """maximum's and minimum's backward with tensor ops (the choice is a constant)."""
    from .select import where
    A, B, loses = ctx.saved("A"), ctx.saved("B"), ctx.saved("loses")
    with np.errstate(invalid="ignore"):
        half = where(Tensor(A == B), g / 2, g)
        return (sum_to_tensor(where(Tensor(loses(A, B)), 0.0, half), ctx.shape(0))
                if ctx.needs(0) else None,
                sum_to_tensor(where(Tensor(loses(B, A)), 0.0, half), ctx.shape(1))
                if ctx.needs(1) else None)


def _tie_split(name: str, ufunc, loses):
    """maximum / minimum: the chosen side gets the gradient, a tie gives each side half."""
    def op(a, b):
        a, b = pair(a, b, name)
        A, B = promoted(a, b)
        out = binary(ufunc, a, b, name, A, B)
        meta = [(a.shape, a.dtype, a.requires_grad), (b.shape, b.dtype, b.requires_grad)]

        def backward(g):
            with np.errstate(invalid="ignore"):
                half = np.where(A == B, g / 2, g)
                zero = np.zeros((), dtype=g.dtype)
                ga = sum_to(np.where(loses(A, B), zero, half), meta[0][0]) if meta[0][2] else None
                gb = sum_to(np.where(loses(B, A), zero, half), meta[1][0]) if meta[1][2] else None
            return (None if ga is None else ga.astype(meta[0][1], copy=False),
                    None if gb is None else gb.astype(meta[1][1], copy=False))

        return record(out, (a, b), backward, name, saved=(a, b))

    op.__name__ = name
    return op


maximum = tensor_method("maximum")(_tie_split("maximum", np.maximum, np.less))
maximum.__doc__ = """The larger of ``a`` and ``b``, elementwise (NaN if either is NaN), with
    broadcasting; on a tie each gets half the gradient, as in PyTorch.

    Args:
        a, b (Tensor or number): the operands.

    Example:
        >>> import minigrad as mg
        >>> mg.maximum(mg.Tensor([1.0, 5.0]), mg.Tensor([3.0, 2.0]))
        tensor([3., 5.])
    """
minimum = tensor_method("minimum")(_tie_split("minimum", np.minimum, np.greater))
minimum.__doc__ = """The smaller of ``a`` and ``b``, elementwise (NaN if either is NaN), with
    broadcasting; on a tie each gets half the gradient, as in PyTorch.

    Args:
        a, b (Tensor or number): the operands.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([1.0, 5.0]).minimum(mg.Tensor([3.0, 2.0]))
        tensor([1., 2.])
    """


@tensor_method("clamp_min")
def clamp_min(a, min):                                  # noqa: A002 (PyTorch's name)
    """``clamp(a, min=min)``: every element at least ``min``.

    Args:
        a (Tensor): the input.
        min (number or Tensor): the lower bound.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-1.0, 2.0]).clamp_min(0)
        tensor([0., 2.])
    """
    return clamp(a, min=min)


@tensor_method("clamp_max")
def clamp_max(a, max):                                  # noqa: A002 (PyTorch's name)
    """``clamp(a, max=max)``: every element at most ``max``.

    Args:
        a (Tensor): the input.
        max (number or Tensor): the upper bound.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-1.0, 2.0]).clamp_max(1)
        tensor([-1.,  1.])
    """
    return clamp(a, max=max)
