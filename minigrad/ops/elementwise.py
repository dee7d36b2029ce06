"""Elementwise functions: exp, log and the activations tanh, sigmoid and relu.

Each output element depends only on the input element in the same place, so
each backward is the incoming gradient times the function's own derivative,
often written in terms of the output it already computed.

An integer or bool tensor gives the default float dtype (float64), as PyTorch's
(whose default is float32): ``mg.tensor([1, 2]).exp()`` is float64, never rounded to
an integer or computed in float16.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import as_floating, refuse_bool
from ..tensor import tensor_method
from ..tensor import Tensor


@tensor_method("exp")
def exp(a):
    """eˣ, elementwise; its derivative is eˣ itself, so backward reuses the output.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.exp(mg.Tensor([0.0, 1.0]))
        tensor([1.        , 2.71828183])
    """
    A = a._data
    out = np.exp(A if A.dtype.kind == "f" else as_floating(A))

    def backward(g):
        return (g * out,)          # (eˣ)' = eˣ

    return record(out, (a,), backward, "exp", saves_output=True)


@graph_backward("exp")
def _exp_graph(ctx, g):
    """exp's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    return (g * ctx.output(ctx.saved("out")),)


@tensor_method("log")
def log(a):
    """The natural logarithm, elementwise; its derivative is 1/x.

    Args:
        a (Tensor): the input (positive; 0 gives -inf and negatives NaN, as in PyTorch).

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([1.0, 100.0]).log()
        tensor([0.        , 4.60517019])
    """
    A = a._data
    if A.dtype.kind != "f":
        A = as_floating(A)

    def backward(g):
        return (g / A,)            # (ln x)' = 1/x

    return record(np.log(A), (a,), backward, "log", saved=(a,))


@graph_backward("log")
def _log_graph(ctx, g):
    return (g / ctx.input(0, ctx.saved("A")),)


@tensor_method("tanh")
def tanh(a):
    """tanh(x), elementwise: squashes any number into (-1, 1); its derivative is 1 - tanh².

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tanh(mg.Tensor([0.0, 100.0]))
        tensor([0., 1.])
    """
    A = a._data
    out = np.tanh(A if A.dtype.kind == "f" else as_floating(A))

    def backward(g):
        return (g * (1 - out * out),)   # tanh' = 1 - tanh²

    return record(out, (a,), backward, "tanh", saves_output=True)


@graph_backward("tanh")
def _tanh_graph(ctx, g):
    y = ctx.output(ctx.saved("out"))
    return (g * (1 - y * y),)


def sigmoid_array(x: np.ndarray) -> np.ndarray:
    """1 / (1 + e⁻ˣ), accurate to the last digit for every x and never overflowing.

    For x ≥ 0 it is 1 / (1 + e⁻ˣ), where e⁻ˣ ≤ 1.  For x < 0 it is eˣ / (1 + eˣ), where
    eˣ < 1: the tiny value is computed directly, instead of as 1 minus something close to
    1 (which loses every digit once σ(x) is below the rounding error of 1, near x = -37
    in float64)."""
    z = np.exp(-np.abs(x))                  # in (0, 1]: never overflows
    return np.where(x >= 0, 1.0, z) / (1.0 + z)


@tensor_method("sigmoid")
def sigmoid(a):
    """σ(x) = 1 / (1 + e⁻ˣ), elementwise, computed without overflow and without losing digits
    for x ≪ 0; its derivative is σ(1 - σ).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.sigmoid(mg.Tensor([0.0, -800.0]))
        tensor([0.5, 0. ])
    """
    A = a._data
    if A.dtype.kind != "f":
        A = as_floating(A)
    out = sigmoid_array(A).astype(A.dtype, copy=False)

    def backward(g):
        return (g * out * (1 - out),)   # σ' = σ(1 - σ)

    return record(out, (a,), backward, "sigmoid", saves_output=True)


def pick(mask: np.ndarray, g: np.ndarray) -> np.ndarray:
    """``np.where(mask, g, 0)`` for a float ``g``: the same bits, about 5x faster.

    np.where branches on every element, and on a mask of mixed signs (a ReLU's) the
    CPU mispredicts half the branches.  Here each float's bits are ANDed with all
    ones (keep) or all zeros (+0.0), which has no branch; an inf or nan in g where
    the mask is False still becomes 0, as with np.where.
    """
    if g.dtype.kind != "f":
        return np.where(mask, g, np.zeros((), g.dtype))
    as_int = np.dtype(f"i{g.dtype.itemsize}")
    mask = np.asarray(mask).view(np.int8)
    if mask.shape == g.shape:       # the mask made in the result's memory, then ANDed in place
        ones = np.empty(g.shape, as_int)        # (one array instead of two: about 1.8x faster)
        np.negative(mask, out=ones, casting="unsafe")                   # True -> -1: all bits
        return np.bitwise_and(g.view(as_int), ones, out=ones).view(g.dtype)
    ones = np.negative(mask, dtype=as_int)
    return np.asarray(np.bitwise_and(g.view(as_int), ones)).view(g.dtype)


@graph_backward("sigmoid")
def _sigmoid_graph(ctx, g):
    y = ctx.output(ctx.saved("out"))
    return (g * y * (1 - y),)


@tensor_method("relu")
def relu(a):
    """max(x, 0), elementwise; its slope is 1 where x > 0 and 0 elsewhere (we pick 0 at x = 0,
    as PyTorch).  Integers stay integers; bool is refused, as in PyTorch.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([-1.0, 0.0, 2.0]).relu()
        tensor([0., 0., 2.])
    """
    A = a._data
    if A.dtype.kind == "b":
        refuse_bool(A.dtype, "relu")
    out = np.maximum(A, 0)

    def backward(g):
        # Pick, not multiply: g * (x > 0) would turn an infinite g into inf * 0 = nan.
        # (out > 0 is the same mask as x > 0; keeping the output, which the next op
        # usually keeps too, rather than the input saves memory, as PyTorch does.)
        return (pick(out > 0, g),)

    return record(out, (a,), backward, "relu", saves_output=True)


@graph_backward("relu")
def _relu_graph(ctx, g):
    """relu's slope is a constant 0 or 1: its second derivative is 0."""
    return (g.masked_fill(Tensor(ctx.saved("out") <= 0), 0.0),)
