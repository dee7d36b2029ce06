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


def _make(ufunc, name: str, symbol: str, result: str):
    def method(a, b):
        return _compare(ufunc, name, a, b)

    def operator(a, b):
        # Anything else (None, a string …): let Python decide, so ``t == None`` is False.
        return _compare(ufunc, name, a, b) if isinstance(b, _COMPARABLE) else NotImplemented

    method.__name__ = name
    method.__doc__ = f"""``a {symbol} b`` elementwise, with broadcasting: a bool tensor (no
    gradient).

    Args:
        a, b (Tensor or number): the values compared.

    Example:
        >>> import minigrad as mg
        >>> mg.{name}(mg.tensor([1, 2, 3]), 2)
        tensor({result}, dtype=bool)
    """
    operator.__name__ = f"__{name}__"
    operator.__doc__ = method.__doc__
    return method, operator


eq, _eq = _make(np.equal, "eq", "==", "[False,  True, False]")
ne, _ne = _make(np.not_equal, "ne", "!=", "[ True, False,  True]")
lt, _lt = _make(np.less, "lt", "<", "[ True, False, False]")
le, _le = _make(np.less_equal, "le", "<=", "[ True,  True, False]")
gt, _gt = _make(np.greater, "gt", ">", "[False, False,  True]")
ge, _ge = _make(np.greater_equal, "ge", ">=", "[False,  True,  True]")

for _method, _operator, _aliases in ((eq, _eq, ()), (ne, _ne, ("not_equal",)),
                                     (lt, _lt, ("less",)), (le, _le, ("less_equal",)),
                                     (gt, _gt, ("greater",)), (ge, _ge, ("greater_equal",))):
    tensor_method(_method.__name__, *_aliases)(_method)
    tensor_method(_operator.__name__)(_operator)


@tensor_method("equal")
def equal(a, b) -> bool:
    """True when ``a`` and ``b`` have the same shape and the same values: one Python bool
    (``==`` compares elementwise instead).

    Args:
        a, b (Tensor): the tensors to compare.

    Example:
        >>> import minigrad as mg
        >>> mg.equal(mg.tensor([1, 2]), mg.tensor([1, 2])), mg.equal(mg.zeros(2), mg.zeros(3))
        (True, False)
    """
    a, b = pair(a, b, "equal")
    return a.shape == b.shape and bool(np.array_equal(a.data, b.data))


@tensor_method("allclose")
def allclose(a, b, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> bool:
    """True when every ``|a - b| <= atol + rtol * |b|`` (shapes broadcast), as PyTorch's: one
    Python bool.

    Args:
        a, b (Tensor or number): the values to compare.
        rtol (float): the relative tolerance.
        atol (float): the absolute tolerance.
        equal_nan (bool): count NaN as equal to NaN.

    Example:
        >>> import minigrad as mg
        >>> mg.allclose(mg.tensor([1.0, 2.0]), mg.tensor([1.0, 2.0 + 1e-9]))
        True
    """
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


_REDUCTION_ARGS = """

    Args:
        a (Tensor): the input (nonzero counts as True).
        dim (int or tuple of ints, optional): the axes (every axis by default).
        keepdim (bool): keep the reduced axes with size 1.

    Example:
        >>> import minigrad as mg
        >>> mask = mg.tensor([[True, False], [True, True]])
"""
any = tensor_method("any")(_logical_reduction(np.any, "any"))     # noqa: A001
any.__doc__ = ("True where some element along ``dim`` (every axis by default) is nonzero: a "
               "bool tensor." + _REDUCTION_ARGS +
               "        >>> mask.any(), mask.any(dim=1)\n"
               "        (tensor(True, dtype=bool), tensor([ True,  True], dtype=bool))\n")
all = tensor_method("all")(_logical_reduction(np.all, "all"))     # noqa: A001
all.__doc__ = ("True where every element along ``dim`` (every axis by default) is nonzero: a "
               "bool tensor." + _REDUCTION_ARGS +
               "        >>> mg.all(mask), mask.all(dim=0)\n"
               "        (tensor(False, dtype=bool), tensor([ True, False], dtype=bool))\n")


# -- what kind of number each element is (issue 20) --------------------------------------------
_KIND_ARGS = """

    Args:
        a (Tensor): the input.
"""


def _kind(fn, name: str, doc: str):
    def check(a) -> Tensor:
        if not isinstance(a, Tensor):
            raise TypeError(f"{name}: expected a Tensor, got {type(a).__name__}.")
        return Tensor._from_op(np.asarray(fn(a.data)))

    head, example = doc.split("\n\n    Example:")
    check.__name__, check.__doc__ = name, head + _KIND_ARGS + "\n    Example:" + example
    return tensor_method(name)(check)


isnan = _kind(np.isnan, "isnan", """True where the element is NaN (a bool tensor).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, float("nan")]).isnan()
        tensor([False,  True], dtype=bool)
    """)
isinf = _kind(np.isinf, "isinf", """True where the element is +inf or -inf (a bool tensor).

    Example:
        >>> import minigrad as mg
        >>> mg.isinf(mg.tensor([1.0, float("-inf")]))
        tensor([False,  True], dtype=bool)
    """)
isfinite = _kind(np.isfinite, "isfinite", """True where the element is neither NaN nor
    infinite (a bool tensor); integers are always finite.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, float("inf"), float("nan")]).isfinite()
        tensor([ True, False, False], dtype=bool)
    """)


@tensor_method("isclose")
def isclose(a, b, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    """Elementwise ``|a - b| <= atol + rtol · |b|``, a bool tensor (shapes broadcast);
    :func:`allclose` asks whether it holds everywhere.

    Args:
        a, b (Tensor): the values to compare, of one dtype (PyTorch does not promote here).
        rtol (float): the relative tolerance.
        atol (float): the absolute tolerance.
        equal_nan (bool): count NaN as close to NaN.

    Example:
        >>> import minigrad as mg
        >>> mg.isclose(mg.tensor([1.0, 2.0]), mg.tensor([1.0 + 1e-9, 2.1]))
        tensor([ True, False], dtype=bool)
    """
    for name, t in (("a", a), ("b", b)):
        if not isinstance(t, Tensor):
            raise TypeError(f"isclose: {name} must be a Tensor, as in PyTorch, got "
                            f"{type(t).__name__}; for a number c write mg.full_like(a, c).")
    if a.dtype != b.dtype:          # PyTorch does not promote here ("Float did not match Double")
        raise TypeError(f"isclose: both tensors must have the same dtype, as in PyTorch, got "
                        f"{a.dtype} and {b.dtype}; convert one, e.g. b.to(a.dtype).")
    if a.dtype.kind == "b":
        return Tensor._from_op(np.asarray(binary(np.equal, a, b, "isclose")))
    return Tensor._from_op(np.asarray(binary(lambda x, y: np.isclose(x, y, rtol, atol, equal_nan),
                                             a, b, "isclose")))
