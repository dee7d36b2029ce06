"""Comparisons: ``==, !=, <, <=, >, >=`` elementwise, giving boolean tensors, as in PyTorch.

A comparison is not differentiable (its output is True or False, a step), so it is
never recorded and its result never requires a gradient.  Its result is a *mask*:
pick with it (``t[t > 0]``), count with it (``(pred == y).sum()``), or ask about it
(``.any()``, ``.all()``).

Tensors still hash by identity, so they stay usable as dict keys and set members,
but ``t in some_list`` now compares ``t`` with the list's items *elementwise*: use
``any(t is x for x in some_list)`` for "is this very tensor in the list", and
:func:`equal` for "same shape and same values" as one Python bool.
"""

import numbers

import numpy as np

from ..tensor import Tensor, tensor_method
from .operands import binary, normalize_dims, pair, promoted

_COMPARABLE = (Tensor, np.ndarray, numbers.Number, np.generic, list, tuple)


def _compare(ufunc, name: str, a, b) -> Tensor:
    """Compared in the dtype the two promote to, as in PyTorch (an int64 tensor meets a
    float32 one in float32; ``uint8_t > -1`` compares with -1 wrapped to 255)."""
    a, b = pair(a, b, name)
    A, B = promoted(a, b)
    return Tensor._from_op(np.asarray(binary(ufunc, a, b, name, A, B)))


def _make(ufunc, name: str, symbol: str):
    def method(a, b):
        return _compare(ufunc, name, a, b)

    def operator(a, b):
        # Anything else (None, a string …): let Python decide, so ``t == None`` is False.
        return _compare(ufunc, name, a, b) if isinstance(b, _COMPARABLE) else NotImplemented

    method.__name__ = name
    method.__doc__ = f"``a {symbol} b`` elementwise, with broadcasting: a bool tensor."
    operator.__name__ = f"__{name}__"
    operator.__doc__ = method.__doc__
    return method, operator


eq, _eq = _make(np.equal, "eq", "==")
ne, _ne = _make(np.not_equal, "ne", "!=")
lt, _lt = _make(np.less, "lt", "<")
le, _le = _make(np.less_equal, "le", "<=")
gt, _gt = _make(np.greater, "gt", ">")
ge, _ge = _make(np.greater_equal, "ge", ">=")

for _method, _operator, _aliases in ((eq, _eq, ()), (ne, _ne, ("not_equal",)),
                                     (lt, _lt, ("less",)), (le, _le, ("less_equal",)),
                                     (gt, _gt, ("greater",)), (ge, _ge, ("greater_equal",))):
    tensor_method(_method.__name__, *_aliases)(_method)
    tensor_method(_operator.__name__)(_operator)


@tensor_method("equal")
def equal(a, b) -> bool:
    """True when ``a`` and ``b`` have the same shape and the same values (one Python bool)."""
    a, b = pair(a, b, "equal")
    return a.shape == b.shape and bool(np.array_equal(a.data, b.data))


@tensor_method("allclose")
def allclose(a, b, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> bool:
    """True when every ``|a - b| <= atol + rtol * |b|`` (shapes broadcast), as PyTorch."""
    a, b = pair(a, b, "allclose")
    return bool(np.all(binary(lambda x, y: np.isclose(x, y, rtol, atol, equal_nan),
                              a, b, "allclose")))


def _logical_reduction(fn, name: str):
    def reduce(a, dim=None, keepdim: bool = False):
        axes = normalize_dims(dim, a.ndim, name)
        out = np.asarray(fn(a.data, axis=axes, keepdims=keepdim))
        # PyTorch keeps uint8 for uint8 input (its masks before bool existed); else bool
        return Tensor._from_op(out.astype(np.uint8) if a.dtype == np.uint8 else out)

    reduce.__name__ = name
    return reduce


any = tensor_method("any")(_logical_reduction(np.any, "any"))     # noqa: A001
any.__doc__ = "True where some element along ``dim`` (every axis by default) is nonzero."
all = tensor_method("all")(_logical_reduction(np.all, "all"))     # noqa: A001
all.__doc__ = "True where every element along ``dim`` (every axis by default) is nonzero."
