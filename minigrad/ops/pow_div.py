"""Chapter 4 (second half): powers and division, the last of the arithmetic operators.

d(aⁿ)/da = n·aⁿ⁻¹; d(aᵇ)/db = aᵇ·ln a; d(a/b)/da = 1/b; d(a/b)/db = -a/b².

Beyond the chapter, with PyTorch's meanings: ``a // b`` rounds the quotient down (towards
-∞, also for negative numbers and floats) and has no gradient, as in PyTorch; ``a % b``
is what is left, ``a - (a // b)·b``, which has the sign of the divisor.
"""

import numbers

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to_tensor
from ..broadcasting import sum_to
from ..dtypes import refuse_bool
from ..tensor import Tensor, tensor_method
from .operands import binary, fast_number, float_pair, grads_as, number, pair, promoted


_INT_FLOAT = (int, float)


def _power_of(dtype):
    """Aᴮ for arrays of ``dtype``: NumPy's for floats; for integers, PyTorch's answer where
    NumPy refuses (negative exponents)."""
    return np.power if dtype.kind == "f" else _integer_power


def _integer_power(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Aᴮ for integer arrays, with PyTorch's answer for negative exponents (1 for a base of
    1, ±1 for -1, else 0) where NumPy would refuse."""
    negative = B < 0
    if not negative.any():
        return np.power(A, B)
    out = np.power(A, np.where(negative, 0, B))
    with np.errstate(all="ignore"):
        at_negative = np.where(A == 1, 1, np.where(A == -1, np.where(B % 2 == 0, 1, -1), 0))
    return np.where(negative, at_negative, out).astype(out.dtype, copy=False)


@tensor_method("pow", "__pow__")
def pow(a, b):
    """a ** b, where the exponent is a number or a tensor; the gradients are b·a^(b-1) and
    a^b·ln a (chapter 4).  PyTorch's type promotion: an integer tensor to an integer power
    stays integer, to a float power becomes float.

    Args:
        a (Tensor): the base.
        b (Tensor or number): the exponent (shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.pow(mg.Tensor([2.0, 3.0]), 2)
        tensor([4., 9.])
    """
    if b.__class__ in _INT_FLOAT and isinstance(a, Tensor):
        return _pow_number(a, b)        # t ** 2: the test below, without its slower ABC check
    if isinstance(b, numbers.Number) and not isinstance(a, (numbers.Number, np.ndarray)):
        return _pow_number(a, b)
    # a number base (2 ** t) wraps into the dtype it promotes to, as in PyTorch
    a, b = pair(a, b, "pow")
    A, B = promoted(a, b)
    refuse_bool(A.dtype, "pow (**)", "convert to an integer or float dtype first")
    out = binary(_power_of(A.dtype), a, b, "pow", A, B)
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        ga = gb = None
        if need_a:
            with np.errstate(divide="ignore", invalid="ignore"):
                # x ** 0 is constant, so its slope is 0 (not 0 * 0 ** -1 = nan at x = 0).
                da = np.where(B == 0, 0.0, B * A ** (B - 1))
            ga = sum_to(g * da, A.shape)
        if need_b:
            with np.errstate(divide="ignore", invalid="ignore"):
                # 0 ** b is 0 for every b > 0, so its slope in b is 0 (not 0 * log 0 = nan).
                dlog = np.where((A == 0) & (B >= 0), 0.0, out * np.log(A))
            gb = sum_to(g * dlog, B.shape)
        return ga, gb

    if A is not a._data or B is not b._data:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "pow",
                  saved=(a,) * (need_a or need_b) + (b,) * need_a, saves_output=need_b)


def _pow_number(a, n):
    A = a._data
    if A.dtype.kind != "f":                      # an integer or bool tensor: never needs grad
        # n in the promoted dtype, which must hold it (PyTorch: uint8_t ** 300 is an error)
        A, B = promoted(a, pair(a, n, "pow", checked=True)[1])
        if A.dtype.kind == "b":                  # PyTorch's t ** True is t, t ** False ones
            return record(A.copy() if n else np.ones_like(A), (a,), None, "pow")
        if A.dtype.kind in "iu" and n < 0:
            raise ValueError(f"pow: integers to negative integer powers are not allowed (as in "
                             f"PyTorch): the tensor has dtype {A.dtype}; use a float "
                             f"exponent ({n}.0) or convert the tensor first.")
        return record(_power_of(A.dtype)(A, B), (a,), None, "pow")

    def backward(g):
        if n == 0:                       # x ** 0 is constant: slope 0 everywhere, even at 0
            return (np.zeros_like(g),)
        return (g * n * A ** (n - 1),)

    return record(A ** number(n), (a,), backward, "pow", saved=(a,))


@graph_backward("pow")
def _pow_graph(ctx, g):
    """pow's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    if len(ctx.node.inputs) == 1:              # t ** number
        n = ctx.saved("n")
        a = ctx.input(0, ctx.saved("A"))
        return (g * 0.0 if n == 0 else g * n * a ** (n - 1),)
    A, B = ctx.saved("A"), ctx.saved("B")
    a, b = ctx.input(0, A), ctx.input(1, B)
    from .select import where
    ga = gb = None
    if ctx.needs(0):               # b·a^(b-1), and 0 where b = 0 (x ** 0 is constant)
        ga = sum_to_tensor(g * where(Tensor(B == 0), 0.0, b * a ** (b - 1)), A.shape)
    if ctx.needs(1):               # a^b·ln a, and 0 where a = 0 and b >= 0
        zero = Tensor((A == 0) & (B >= 0))
        gb = sum_to_tensor(g * where(zero, 0.0, a ** b * where(zero, 1.0, a).log()), B.shape)
    return ga, gb


@tensor_method("__rpow__")
def rpow(a, b):
    """b ** a (Python calls this for ``2 ** t``)."""
    return pow(b, a)


@tensor_method("div", "truediv", "__truediv__")
def truediv(a, b):
    """a / b, elementwise with NumPy broadcasting; the gradients are g/b and -g·a/b²
    (chapter 4).  True division: integers give the default float dtype (``int_tensor / 2``
    is float64), as in PyTorch.  ``minigrad.div`` is the same function.

    Args:
        a, b (Tensor or number): numerator and denominator; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.div(mg.Tensor([1.0, 3.0]), 2)
        tensor([0.5, 1.5])
    """
    divisor = fast_number(a, b)                 # t / number: NumPy's, as PyTorch's
    if divisor is not None:
        return record(a._data / divisor, (a,), lambda g: (g / divisor,), "div")
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a._data.dtype is b._data.dtype \
            and a._data.dtype.kind == "f":
        A, B = a._data, b._data
    else:
        a, b, A, B = float_pair(a, b, "div")
    out = binary(np.true_divide, a, b, "div", A, B)
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        return (sum_to(g / B, A.shape) if need_a else None,
                sum_to(-g * out / B, B.shape) if need_b else None)

    if A is not a._data or B is not b._data:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "div", saved=(b,) if need_a or need_b else (),
                  saves_output=need_b)


@graph_backward("div")
def _div_graph(ctx, g):
    """div's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    if len(ctx.node.inputs) == 1:
        if ctx.has("divisor"):                 # t / number
            return (g / ctx.saved("divisor"),)
        a = ctx.input(0, ctx.saved("A"))       # number / t: -number / t²
        return (-g * ctx.output(ctx.saved("out")) / a,)
    A, B = ctx.saved("A"), ctx.saved("B")
    a, b = ctx.input(0, A), ctx.input(1, B)
    return (sum_to_tensor(g / b, A.shape) if ctx.needs(0) else None,
            sum_to_tensor(-g * a / (b * b), B.shape) if ctx.needs(1) else None)


@tensor_method("__rtruediv__")
def rtruediv(a, b):
    """b / a (Python calls this for ``1 / t``)."""
    n = fast_number(a, b)
    if n is not None:
        A = a._data
        out = n / A

        def backward(g):
            return (-g * out / A,)            # d(b/a)/da = -b/a² = -out/a

        return record(out, (a,), backward, "div", saved=(a,), saves_output=True)
    return truediv(b, a)


# -- floor division and remainder (PyTorch's //, %) ----------------------------------------
def _rounding_operands(a, b, op: str):
    """(a, b, A, B) for // and %: promoted as PyTorch does (no float forced), bool refused,
    and an integer division by zero refused (PyTorch's ZeroDivisionError)."""
    a, b = pair(a, b, op)
    A, B = promoted(a, b)
    refuse_bool(A.dtype, op, "convert to an integer or float dtype first")
    if A.dtype.kind in "iu" and B.size and not B.all():
        raise ZeroDivisionError(f"{op}: integer division by zero (a divisor is 0), as "
                                f"PyTorch refuses it; a float division gives inf or nan.")
    return a, b, A, B


def _no_derivative(op: str):
    def backward(g):
        raise RuntimeError(f"the derivative of {op} is not implemented, as in PyTorch: it is "
                           f"0 almost everywhere and undefined at the steps. Compute {op} "
                           f"on .detach()ed tensors (or inside no_grad()) if you only need "
                           f"its values.")
    return backward


@tensor_method("floor_divide", "__floordiv__")
def floor_divide(a, b):
    """``a // b``: the quotient rounded down, towards -∞ (``-7 // 2`` is -4, as in Python and
    PyTorch), elementwise with broadcasting.  Integers stay integers (dividing one by 0 is
    an error); floats give floats (inf or nan when dividing by 0).  As in PyTorch, it has no
    derivative: backward through it is an error.

    Args:
        a, b (Tensor or number): dividend and divisor; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([-7, 7]) // 2
        tensor([-4,  3], dtype=int64)
    """
    a, b, A, B = _rounding_operands(a, b, "floor_divide (//)")
    with np.errstate(all="ignore"):
        out = binary(np.floor_divide, a, b, "floor_divide (//)", A, B)
    return record(out, (a, b), _no_derivative("floor_divide (//)"), "floor_divide")


@tensor_method("__rfloordiv__")
def rfloordiv(a, b):
    """b // a (Python calls this for ``7 // t``)."""
    return floor_divide(b, a)


@graph_backward("floor_divide")
def _floor_divide_graph(ctx, g):
    return ctx.node.backward(g.data)         # the same error: it has no derivative


@tensor_method("remainder", "__mod__")
def remainder(a, b):
    """``a % b``: ``a - (a // b) * b``, which has the sign of the divisor (``-7 % 2`` is 1,
    ``7 % -2`` is -1), as in Python and PyTorch.  The gradient is PyTorch's: ``g`` for a
    and ``-g * (a // b)`` for b.

    Args:
        a, b (Tensor or number): dividend and divisor; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.remainder(mg.tensor([-7.0, 7.0]), mg.tensor([2.0, -2.0]))
        tensor([ 1., -1.])
    """
    a, b, A, B = _rounding_operands(a, b, "remainder (%)")
    with np.errstate(all="ignore"):
        out = binary(np.remainder, a, b, "remainder (%)", A, B)
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        gb = None
        if need_b:
            with np.errstate(all="ignore"):
                gb = sum_to(-g * np.floor_divide(A, B), B.shape)
        return (sum_to(g, A.shape) if need_a else None), gb

    if A is not a._data or B is not b._data:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "remainder", saved=(a, b) if need_b else ())


@graph_backward("remainder")
def _remainder_graph(ctx, g):
    """remainder's backward with tensor ops: g for a, and -g·(a // b), a constant, for b."""
    if not ctx.has("need_b"):                # a number % a tensor: no derivative
        return ctx.node.backward(g.data)
    A, B = ctx.saved("A"), ctx.saved("B")
    with np.errstate(all="ignore"):
        quotient = Tensor(np.floor_divide(A, B))
    return (sum_to_tensor(g, A.shape) if ctx.needs(0) else None,
            sum_to_tensor(-g * quotient, B.shape) if ctx.needs(1) else None)


@tensor_method("__rmod__")
def rmod(a, b):
    """b % a (Python calls this for ``7 % t``); as in PyTorch, a number's remainder by a
    tensor has no derivative."""
    a, b, A, B = _rounding_operands(b, a, "remainder (%)")
    with np.errstate(all="ignore"):
        out = binary(np.remainder, a, b, "remainder (%)", A, B)
    return record(out, (a, b), _no_derivative("remainder (%) of a number by a tensor"),
                  "remainder")
