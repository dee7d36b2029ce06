"""Logarithms of sums of exponentials, computed without overflow: ``logsumexp``,
``softplus`` and ``logsigmoid``.

``log Σ eˣ`` overflows for x around 710 (float64) if computed as written.  Shifting by
the largest element first, ``m + log Σ eˣ⁻ᵐ``, keeps every exponent ≤ 0.
``softplus(x) = log(1 + eˣ)`` is the two-term case (with 0), and
``logsigmoid(x) = log σ(x) = -softplus(-x)``; both are written so that large positive
and large negative x stay exact, where ``log(sigmoid(x))`` would give -inf and a NaN
gradient.  Chapter 8 uses the same trick for ``log_softmax``.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import as_floating, require_float
from ..tensor import tensor_method
from ..tensor import Tensor
from .operands import keep_flag, normalize_dims
from .sum_expand import _kept_shape


@tensor_method("logsumexp")
def logsumexp(a, dim=None, keepdim=None, *, keepdims=None):
    """``log(exp(t).sum(dim))`` without overflow; its gradient is ``softmax`` along ``dim``.

    Integers and bools give the default float dtype, as in PyTorch.

    Args:
        a (Tensor): the input.
        dim (int or tuple of ints, optional): the axes (every axis when None or ()).
        keepdim (bool): keep the reduced axes with size 1 (``keepdims`` is NumPy's name).
        keepdims (bool): the same as ``keepdim``.

    Example:
        >>> import minigrad as mg
        >>> mg.logsumexp(mg.tensor([1000.0, 1000.0]), dim=0)
        tensor(1000.69314718)
    """
    keep = keep_flag(keepdim, keepdims, "logsumexp")
    axes = normalize_dims(dim, a.ndim, "logsumexp")
    A = as_floating(a.data)
    kept = _kept_shape(a.shape, axes)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        m = np.max(A, axis=axes, keepdims=True, initial=-np.inf) if A.size else np.zeros(kept)
        m = np.where(np.isinf(m), 0, m)             # all -inf (or +inf): shift by nothing
        out = np.log(np.exp(A - m).sum(axis=axes, keepdims=True)) + m
    out = out.astype(A.dtype, copy=False)
    out_shape = kept if keep else tuple(n for i, n in enumerate(a.shape)
                                        if axes is not None and i not in axes)

    def backward(g):
        with np.errstate(invalid="ignore", over="ignore"):
            return (g.reshape(kept) * np.exp(A - out),)

    return record(out.reshape(out_shape), (a,), backward, "logsumexp", saved=(a,),
                  saves_output=True)


@graph_backward("logsumexp")
def _logsumexp_graph(ctx, g):
    """logsumexp's backward with tensor ops: g times the softmax exp(x - logsumexp(x))."""
    kept = ctx.saved("kept")
    out = ctx.output(ctx.saved("out").reshape(ctx.node.shape)).reshape(kept)
    return (g.reshape(kept) * (ctx.input(0, ctx.saved("A")) - out).exp(),)


def _number(x, name: str, op: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError(f"{op}: {name} must be a number, got {type(x).__name__} {x!r}.")
    return x


@tensor_method("softplus")
def softplus(a, beta=1.0, threshold=20.0):
    """``log(1 + exp(beta x)) / beta``, a smooth relu; where ``beta x > threshold`` it is x
    itself (PyTorch's rule, exact to float64 precision there).  Its slope is σ(beta x).

    Args:
        a (Tensor): the input.
        beta (float): the sharpness (1).
        threshold (float): above ``beta x = threshold`` the result is x (20).

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([0.0, 30.0]).softplus()
        tensor([ 0.69314718, 30.        ])
    """
    beta, threshold = _number(beta, "beta", "softplus"), _number(threshold, "threshold",
                                                                  "softplus")
    A = a.data
    require_float(A.dtype, "softplus")
    z = A * beta
    linear = z > threshold
    with np.errstate(over="ignore"):
        e = np.exp(np.where(linear, 0, z))
        out = np.where(linear, A, np.log1p(e) / beta).astype(A.dtype, copy=False)

    def backward(g):
        with np.errstate(invalid="ignore"):
            return (np.where(linear, g, g * (e / (e + 1))),)

    return record(out, (a,), backward, "softplus")


@tensor_method("logsigmoid")
def logsigmoid(a):
    """``log σ(x) = min(x, 0) - log(1 + e^-|x|)``: exact for large |x| of either sign, where
    ``sigmoid().log()`` would give -inf.  Its slope is ``σ(-x)``.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([-1000.0, 0.0]).logsigmoid().tolist()
        [-1000.0, -0.6931471805599453]
    """
    A = a.data
    require_float(A.dtype, "logsigmoid")
    e = np.exp(-np.abs(A))
    out = np.minimum(A, 0) - np.log1p(e)
    negative = A < 0

    def backward(g):
        with np.errstate(invalid="ignore"):
            # σ(-x) = 1 - e/(1 + e) for x < 0, and e/(1 + e) for x >= 0 (e = e^-|x|)
            return (g * np.where(negative, 1 - e / (1 + e), e / (1 + e)),)

    return record(out, (a,), backward, "logsigmoid")


@graph_backward("logsigmoid")
def _logsigmoid_graph(ctx, g):
    """logsigmoid's slope σ(-x) with tensor ops; x is ±log(e), from e = exp(-|x|) that its
    backward keeps."""
    negative, e = ctx.saved("negative"), ctx.saved("e")
    with np.errstate(divide="ignore"):
        x = ctx.input(0, np.where(negative, np.log(e), -np.log(e)).astype(e.dtype, copy=False))
    return (g * (-x).sigmoid(),)
