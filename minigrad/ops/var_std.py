"""Spread: ``var`` and ``std``, with PyTorch's ``correction`` (default 1, Bessel's).

``var = Σ (x - mean)² / (N - correction)`` over ``dim``: ``correction=1`` gives the
unbiased estimate from a sample (PyTorch's default), ``correction=0`` the mean squared
deviation (NumPy's default).  Its gradient is ``2 (x - mean) / (N - correction)``; the
mean's own dependence on x drops out because the deviations sum to zero.
``std = √var``, whose gradient is var's divided by ``2 std`` (0 where std is 0, as
PyTorch).  When ``N - correction <= 0`` the result is inf or NaN, as in PyTorch.
"""

import math

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..tensor import tensor_method
from ..tensor import Tensor
from .operands import keep_flag, normalize_dims
from .sum_expand import _kept_shape


def _spread(a, dim, unbiased, keepdim, correction, keepdims, op):
    """(var with reduced axes kept, deviations from the mean, divisor, kept shape, output
    shape) for ``var``/``std``."""
    if isinstance(dim, bool):                 # var(True): PyTorch's old positional ``unbiased``
        dim, unbiased = None, dim
    if unbiased is not None and correction is not None:
        raise TypeError(f"{op}: give correction or unbiased, not both (unbiased=True is "
                        f"correction=1, unbiased=False is correction=0).")
    if unbiased is not None and not isinstance(unbiased, (bool, np.bool_)):
        raise TypeError(f"{op}: unbiased must be True or False, got {type(unbiased).__name__}.")
    if correction is None:
        correction = 1 if unbiased is None or unbiased else 0
    if isinstance(correction, bool) or not isinstance(correction, (int, float, np.integer,
                                                                    np.floating)):
        raise TypeError(f"{op}: correction must be a number (usually 0 or 1), got "
                        f"{type(correction).__name__} {correction!r}.")
    if a.dtype.kind != "f":
        raise TypeError(f"{op}: needs a floating-point tensor, got dtype {a.dtype}; convert it "
                        f"with .double() or .float() first.")
    keep = keep_flag(keepdim, keepdims, op)
    axes = normalize_dims(dim, a.ndim, op)
    n = math.prod(a.shape) if axes is None else math.prod(a.shape[i] for i in axes)
    divisor = np.asarray(max(0, n - correction), dtype=a.dtype)
    kept = _kept_shape(a.shape, axes)
    out_shape = kept if keep else tuple(s for i, s in enumerate(a.shape)
                                        if axes is not None and i not in axes)
    with np.errstate(divide="ignore", invalid="ignore"):
        dev = a.data - a.data.sum(axis=axes, keepdims=True) / np.asarray(n, dtype=a.dtype)
        var = (dev * dev).sum(axis=axes, keepdims=True) / divisor
    return var, dev, divisor, kept, out_shape


@tensor_method("var")
def var(a, dim=None, unbiased=None, keepdim=None, *, correction=None, keepdims=None):
    """The variance over ``dim`` (every axis by default), dividing by N - ``correction``
    (PyTorch's default 1, Bessel's; NumPy's is 0).

    Args:
        a (Tensor): a floating-point tensor.
        dim (int or tuple of ints, optional): the axes.
        unbiased (bool, optional): PyTorch's older spelling: True is ``correction=1``,
            False ``correction=0``.
        keepdim (bool): keep the reduced axes with size 1.
        correction (number): subtracted from N in the divisor (1).
        keepdims (bool): NumPy's name for ``keepdim``.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, 2.0, 3.0, 4.0])
        >>> x.var(), x.var(correction=0)
        (tensor(1.66666667), tensor(1.25))
    """
    v, dev, divisor, kept, out_shape = _spread(a, dim, unbiased, keepdim, correction, keepdims,
                                               "var")

    def backward(g):
        with np.errstate(divide="ignore", invalid="ignore"):
            return ((2 / divisor) * g.reshape(kept) * dev,)

    return record(v.reshape(out_shape), (a,), backward, "var")


def _centred(ctx, dev, kept):
    """The input's deviations from its mean, as a tensor with the input's history (the
    input itself is not kept; its deviations have the same derivatives, as the mean of
    x - c is the mean of x minus c)."""
    c = ctx.input(0, dev)
    axes = tuple(i for i, n in enumerate(kept) if n == 1)
    return c - c.mean(axes, keepdim=True)


@graph_backward("var")
def _var_graph(ctx, g):
    """var's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    kept = ctx.saved("kept")
    return ((2 / ctx.saved("divisor")) * g.reshape(kept) * _centred(ctx, ctx.saved("dev"), kept),)


@tensor_method("std")
def std(a, dim=None, unbiased=None, keepdim=None, *, correction=None, keepdims=None):
    """The standard deviation √var over ``dim``, dividing by N - ``correction``.

    Args:
        a (Tensor): a floating-point tensor.
        dim (int or tuple of ints, optional): the axes.
        unbiased (bool, optional): PyTorch's older spelling: True is ``correction=1``,
            False ``correction=0``.
        keepdim (bool): keep the reduced axes with size 1.
        correction (number): subtracted from N in the divisor (1).
        keepdims (bool): NumPy's name for ``keepdim``.

    Example:
        >>> import minigrad as mg
        >>> mg.std(mg.tensor([[1.0, 3.0], [2.0, 2.0]]), dim=1)
        tensor([1.41421356, 0.        ])
    """
    v, dev, divisor, kept, out_shape = _spread(a, dim, unbiased, keepdim, correction, keepdims,
                                               "std")
    s = np.sqrt(v)

    def backward(g):
        with np.errstate(divide="ignore", invalid="ignore"):
            g_var = np.where(s == 0, np.zeros((), dtype=s.dtype), g.reshape(kept) / (2 * s))
            return ((2 / divisor) * g_var * dev,)

    return record(s.reshape(out_shape), (a,), backward, "std", saves_output=True)


@graph_backward("std")
def _std_graph(ctx, g):
    from .select import where
    kept, s = ctx.saved("kept"), ctx.saved("s")
    zero = Tensor(s == 0)                 # there the gradient is 0 (and so are its own)
    s = where(zero, 1.0, ctx.output(s.reshape(ctx.node.shape)).reshape(kept))
    g_var = where(zero, 0.0, g.reshape(kept) / (2 * s))
    with np.errstate(divide="ignore", invalid="ignore"):
        return ((2 / ctx.saved("divisor")) * g_var * _centred(ctx, ctx.saved("dev"), kept),)
