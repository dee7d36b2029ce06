"""More elementwise math, as PyTorch names it: ``sin``, ``cos``, ``log1p``, ``expm1``,
``log2``, ``log10``, ``rsqrt``, ``reciprocal``, ``square``, and the rounding family
``sign``, ``floor``, ``ceil``, ``round``, ``trunc``.

Each backward is the incoming gradient times the function's derivative.  The rounding
functions are flat almost everywhere, so their gradient is 0 (as PyTorch's: the result
still takes part in the graph).  Integer and boolean inputs of the functions whose
values are fractions give minigrad's default float (float64), as PyTorch gives its own;
``square``, ``sign`` and the rounding functions keep integers integer.
No chapter uses this module.
"""

import math

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..tensor import DEFAULT_DTYPE, Tensor, tensor_method


def _float(a: Tensor) -> Tensor:
    """``a`` itself when it is floating-point, else a float64 copy (no gradient to carry)."""
    if a.dtype.kind == "f":
        return a
    return Tensor._from_op(a.data.astype(DEFAULT_DTYPE))


def _smooth(a, op: str, fn, slope, saves_output: bool = False) -> Tensor:
    """``fn`` elementwise; ``slope(X, out)`` is its derivative (read from the input X, or
    the output when ``saves_output``)."""
    if not isinstance(a, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(a).__name__}.")
    a = _float(a)
    X = a.data
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.asarray(fn(X)).astype(X.dtype, copy=False)

    def backward(g):
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            return ((g * slope(X, out)).astype(g.dtype, copy=False),)

    saved = () if saves_output else (a,)
    return record(out, (a,), backward, op, saved=saved, saves_output=saves_output)


def _flat(a, op: str, fn) -> Tensor:
    """A rounding function: the same dtype, and a zero gradient where one is asked for."""
    if not isinstance(a, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(a).__name__}.")
    if a.dtype == np.bool_:
        if op == "sign":                      # the sign of True is True, as in PyTorch
            return Tensor._from_op(a.data.copy())
        raise TypeError(f"{op}: a bool tensor has nothing to round (PyTorch refuses it too); "
                        f"convert it first, e.g. .long().")
    out = np.asarray(fn(a.data)).astype(a.dtype, copy=False)
    return record(out, (a,), lambda g: (np.zeros_like(g),), op)


@tensor_method("sin")
def sin(a) -> Tensor:
    """The sine, elementwise (radians); its derivative is the cosine.

    Args:
        a (Tensor): the input.

    Example:
        >>> import math
        >>> import minigrad as mg
        >>> mg.sin(mg.tensor([0.0, math.pi / 2]))
        tensor([0., 1.])
    """
    return _smooth(a, "sin", np.sin, lambda X, out: np.cos(X))


@tensor_method("cos")
def cos(a) -> Tensor:
    """The cosine, elementwise (radians); its derivative is minus the sine.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([0.0]).cos()
        tensor([1.])
    """
    return _smooth(a, "cos", np.cos, lambda X, out: -np.sin(X))


@tensor_method("log1p")
def log1p(a) -> Tensor:
    """log(1 + x), accurate for x near 0 where ``(1 + x).log()`` loses digits.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1e-10]).log1p().item()       # (1 + 1e-10).log() keeps 7 digits
        9.999999999500001e-11
    """
    return _smooth(a, "log1p", np.log1p, lambda X, out: 1 / (1 + X))


@tensor_method("expm1")
def expm1(a) -> Tensor:
    """eˣ − 1, accurate for x near 0; its derivative is eˣ (the output plus 1).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1e-10]).expm1().item()
        1.00000000005e-10
    """
    return _smooth(a, "expm1", np.expm1, lambda X, out: out + 1, saves_output=True)


@tensor_method("log2")
def log2(a) -> Tensor:
    """The base-2 logarithm; its derivative is 1 / (x ln 2).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([8.0]).log2()
        tensor([3.])
    """
    return _smooth(a, "log2", np.log2, lambda X, out: 1 / (X * math.log(2)))


@tensor_method("log10")
def log10(a) -> Tensor:
    """The base-10 logarithm; its derivative is 1 / (x ln 10).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1000.0]).log10()
        tensor([3.])
    """
    return _smooth(a, "log10", np.log10, lambda X, out: 1 / (X * math.log(10)))


@tensor_method("rsqrt")
def rsqrt(a) -> Tensor:
    """1 / √x; its derivative is −½ x^(−3/2) (−½ out³).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([4.0]).rsqrt()
        tensor([0.5])
    """
    return _smooth(a, "rsqrt", lambda X: 1 / np.sqrt(X), lambda X, out: -0.5 * out * out * out,
                   saves_output=True)


@tensor_method("reciprocal")
def reciprocal(a) -> Tensor:
    """1 / x; its derivative is −1 / x² (−out²).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([2.0, -4.0]).reciprocal()
        tensor([ 0.5 , -0.25])
    """
    return _smooth(a, "reciprocal", lambda X: 1 / X, lambda X, out: -out * out,
                   saves_output=True)


@tensor_method("square")
def square(a) -> Tensor:
    """x², elementwise (integers stay integers); its derivative is 2x.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([3, -2]).square()
        tensor([9, 4], dtype=int64)
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"square: expected a Tensor, got {type(a).__name__}.")
    if a.dtype.kind != "f":
        return Tensor._from_op(np.square(a.data.astype(np.int64 if a.dtype.kind == "b"
                                                        else a.dtype)))
    return _smooth(a, "square", np.square, lambda X, out: 2 * X)


@tensor_method("sign")
def sign(a) -> Tensor:
    """-1, 0 or 1 by the sign of each element (gradient 0).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-2.5, 0.0, 3.0]).sign()
        tensor([-1.,  0.,  1.])
    """
    return _flat(a, "sign", np.sign)


@tensor_method("floor")
def floor(a) -> Tensor:
    """The largest integer not above each element (gradient 0).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-1.5, 1.5]).floor()
        tensor([-2.,  1.])
    """
    return _flat(a, "floor", np.floor)


@tensor_method("ceil")
def ceil(a) -> Tensor:
    """The smallest integer not below each element (gradient 0).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-1.5, 1.5]).ceil()
        tensor([-1.,  2.])
    """
    return _flat(a, "ceil", np.ceil)


@tensor_method("trunc")
def trunc(a) -> Tensor:
    """Each element with its fraction cut off, toward zero (gradient 0).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-1.5, 1.5]).trunc()
        tensor([-1.,  1.])
    """
    return _flat(a, "trunc", np.trunc)


@tensor_method("round")
def round(a, *, decimals: int = 0) -> Tensor:
    """Each element rounded to ``decimals`` places, halves to the even neighbour (as
    PyTorch and NumPy; gradient 0).

    Args:
        a (Tensor): the input.
        decimals (int): places after the point (negative: before it).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([0.5, 1.5, 2.675]).round()
        tensor([0., 2., 3.])
        >>> mg.tensor([2.675]).round(decimals=1)
        tensor([2.7])
    """
    if isinstance(decimals, bool) or not isinstance(decimals, (int, np.integer)):
        raise TypeError(f"round: decimals must be an int, got {type(decimals).__name__}.")
    if decimals and isinstance(a, Tensor) and a.dtype.kind in "biu":
        raise TypeError(f"round: decimals={decimals} needs a floating-point tensor, got "
                        f"{a.dtype} (PyTorch refuses it too); convert it first, e.g. .double().")
    return _flat(a, "round", lambda X: np.round(X, int(decimals)))


@tensor_method("nan_to_num")
def nan_to_num(a, nan: float = 0.0, posinf=None, neginf=None) -> Tensor:
    """NaN replaced by ``nan``, +inf by ``posinf`` and -inf by ``neginf`` (by default the
    largest and smallest finite numbers of the dtype); the gradient passes where the input
    was finite and is 0 where it was replaced, as PyTorch's.

    Args:
        a (Tensor): the input.
        nan (float): the value for NaN.
        posinf (float, optional): the value for +inf.
        neginf (float, optional): the value for -inf.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, float("nan"), float("inf")]).nan_to_num(posinf=9.0)
        tensor([1., 0., 9.])
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"nan_to_num: expected a Tensor, got {type(a).__name__}.")
    X = a.data
    out = np.nan_to_num(X, nan=nan, posinf=posinf, neginf=neginf)
    if X.dtype.kind != "f":
        return Tensor._from_op(out)
    finite = np.isfinite(X)

    def backward(g):
        return (np.where(finite, g, np.zeros((), dtype=g.dtype)),)

    return record(out, (a,), backward, "nan_to_num")


#: Each smooth function's derivative with tensor ops, for its graph-building backward.
_SLOPES = {
    "sin": lambda x: x.cos(), "cos": lambda x: -x.sin(), "log1p": lambda x: 1 / (1 + x),
    "expm1": lambda x: x.exp(), "log2": lambda x: 1 / (x * math.log(2)),
    "log10": lambda x: 1 / (x * math.log(10)), "rsqrt": lambda x: -0.5 * x.rsqrt() ** 3,
    "reciprocal": lambda x: -1 / (x * x), "square": lambda x: 2 * x,
}


@graph_backward(*_SLOPES)
def _smooth_graph(ctx, g):
    """A smooth function's backward with tensor ops: g times its derivative at x."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return (g * _SLOPES[ctx.node.op](ctx.input(0, ctx.saved("X"))),)


@graph_backward("sign", "floor", "ceil", "trunc", "round")
def _flat_graph(ctx, g):
    """A rounding function's gradient is a constant zero."""
    return (Tensor(np.zeros(g.shape, dtype=g.dtype)),)


@graph_backward("nan_to_num")
def _nan_to_num_graph(ctx, g):
    from .select import where
    return (where(Tensor(ctx.saved("finite")), g, 0.0),)
