"""Chapter 4 (second half): powers and division, the last of the arithmetic operators.

d(aⁿ)/da = n·aⁿ⁻¹; d(aᵇ)/db = aᵇ·ln a; d(a/b)/da = 1/b; d(a/b)/db = -a/b².
"""

import numbers

import numpy as np

from ..autograd import record
from ..broadcasting import sum_to
from ..tensor import Tensor, tensor_method
from .operands import binary, number, pair, scalar


@tensor_method("pow", "__pow__")
def pow(a, b):
    """a ** b, where the exponent is a number or a tensor; the gradients are b·a^(b-1) and
    a^b·ln a (chapter 4).

    Args:
        a (Tensor): the base.
        b (Tensor or number): the exponent (shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.pow(mg.Tensor([2.0, 3.0]), 2)
        tensor([4., 9.])
    """
    if isinstance(b, numbers.Number) and not isinstance(a, (numbers.Number, np.ndarray)):
        return _pow_number(a, b)
    a, b = pair(a, b, "pow")
    A, B = a._data, b._data
    out = binary(np.power, a, b, "pow")
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

    return record(out, (a, b), backward, "pow",
                  saved=(a,) * (need_a or need_b) + (b,) * need_a, saves_output=need_b)


def _pow_number(a, n):
    A = a._data

    def backward(g):
        if n == 0:                       # x ** 0 is constant: slope 0 everywhere, even at 0
            return (np.zeros_like(g),)
        return (g * n * A ** (n - 1),)

    return record(A ** n, (a,), backward, "pow", saved=(a,))


@tensor_method("__rpow__")
def rpow(a, b):
    """b ** a (Python calls this for ``2 ** t``)."""
    return pow(b, a)


@tensor_method("div", "truediv", "__truediv__")
def truediv(a, b):
    """a / b, elementwise with NumPy broadcasting; the gradients are g/b and -g·a/b²
    (chapter 4).  ``minigrad.div`` is the same function.

    Args:
        a, b (Tensor or number): numerator and denominator; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.div(mg.Tensor([1.0, 3.0]), 2)
        tensor([0.5, 1.5])
    """
    if not isinstance(b, Tensor) and scalar(b) and isinstance(a, Tensor):
        divisor = number(b)
        return record(a._data / divisor, (a,), lambda g: (g / divisor,), "div")
    a, b = pair(a, b, "div")
    A, B = a._data, b._data
    out = binary(np.true_divide, a, b, "div")
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        return (sum_to(g / B, A.shape) if need_a else None,
                sum_to(-g * out / B, B.shape) if need_b else None)

    return record(out, (a, b), backward, "div", saved=(b,) if need_a or need_b else (),
                  saves_output=need_b)


@tensor_method("__rtruediv__")
def rtruediv(a, b):
    """b / a (Python calls this for ``1 / t``)."""
    if not isinstance(b, Tensor) and scalar(b) and isinstance(a, Tensor):
        A = a._data
        out = number(b) / A

        def backward(g):
            return (-g * out / A,)            # d(b/a)/da = -b/a² = -out/a

        return record(out, (a,), backward, "div", saved=(a,), saves_output=True)
    return truediv(b, a)
