"""Combining masks: ``~t``, ``a & b``, ``a | b``, ``a ^ b`` and ``logical_not/and/or/xor``.

On bool tensors (masks, what comparisons give) ``~`` is "not", ``&`` "and", ``|`` "or" and
``^`` "exactly one of": ``t[(t > 0) & (t < 1)]``.  On integer tensors they work bit by bit,
as in Python and PyTorch; floating-point tensors are refused, as in PyTorch.  The
``logical_*`` functions take any dtype (nonzero counts as True) and always give bools.
None of them has a gradient.
"""

import numpy as np

from ..tensor import Tensor, tensor_method
from .operands import binary, pair, promoted


def _no_floats(dtype, op: str) -> None:
    if dtype.kind == "f":
        raise TypeError(f"{op} works on bool and integer tensors (bit by bit), not on {dtype}, "
                        f"as in PyTorch; for masks compare first (t > 0), or use "
                        f"logical_{'not' if op.startswith('~') else 'and/or/xor'}.")


@tensor_method("bitwise_not", "__invert__")
def bitwise_not(a):
    """``~t``: "not" for a bool tensor, every bit flipped for an integer one.

    Args:
        a (Tensor): a bool or integer tensor.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([-1.0, 0.5, 2.0])
        >>> ~(x > 0)
        tensor([ True, False, False], dtype=bool)
    """
    _no_floats(a.dtype, "~t (bitwise_not)")
    return Tensor._from_op(np.invert(a.data))


def _bitwise(name: str, symbol: str, ufunc, example: str):
    def op(a, b):
        a, b = pair(a, b, name)
        A, B = promoted(a, b)
        _no_floats(A.dtype, f"{symbol} ({name})")
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name, A, B)))

    def reflected(a, b):
        return op(b, a)

    dunder = name.split("_")[1]
    op.__name__, reflected.__name__ = name, f"__r{dunder}__"
    op.__doc__ = (f"``a {symbol} b`` elementwise, with broadcasting and PyTorch's type "
                  f"promotion: on bools, logical {dunder}; on integers, bit by bit.\n\n"
                  f"    Args:\n        a, b (Tensor, or a bool or int): bool or integer "
                  f"operands.\n\n    Example:\n        >>> import minigrad as mg\n        "
                  f">>> x = mg.tensor([-1.0, 0.5, 2.0])\n{example}")
    tensor_method(name, f"__{dunder}__")(op)
    tensor_method(f"__r{dunder}__")(reflected)
    return op


bitwise_and = _bitwise("bitwise_and", "&", np.bitwise_and, "        >>> (x > 0) & (x < 1)\n"
                       "        tensor([False,  True, False], dtype=bool)\n")
bitwise_or = _bitwise("bitwise_or", "|", np.bitwise_or, "        >>> (x < 0) | (x > 1)\n"
                      "        tensor([ True, False,  True], dtype=bool)\n")
bitwise_xor = _bitwise("bitwise_xor", "^", np.bitwise_xor, "        >>> (x > 0) ^ (x > 1)\n"
                       "        tensor([False,  True, False], dtype=bool)\n")


@tensor_method("logical_not")
def logical_not(a):
    """True where ``a`` is 0 (or False): a bool tensor, whatever ``a``'s dtype.

    Args:
        a (Tensor): the input, any dtype.

    Example:
        >>> import minigrad as mg
        >>> mg.logical_not(mg.tensor([0.0, 3.0]))
        tensor([ True, False], dtype=bool)
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"logical_not: expected a Tensor, got {type(a).__name__}.")
    return Tensor._from_op(np.logical_not(a.data))


def _logical(name: str, ufunc, doc: str):
    def op(a, b):
        a, b = pair(a, b, name)
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name)))

    op.__name__, op.__doc__ = name, doc
    return tensor_method(name)(op)


logical_and = _logical("logical_and", np.logical_and, """True where both are nonzero: a bool
    tensor, whatever the dtypes.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.logical_and(mg.tensor([True, True, False]), mg.tensor([1, 0, 1]))
        tensor([ True, False, False], dtype=bool)
    """)
logical_or = _logical("logical_or", np.logical_or, """True where either is nonzero: a bool
    tensor, whatever the dtypes.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([0.0, 2.0]).logical_or(mg.tensor([0.0, 0.0]))
        tensor([False,  True], dtype=bool)
    """)
logical_xor = _logical("logical_xor", np.logical_xor, """True where exactly one is nonzero: a
    bool tensor, whatever the dtypes.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.logical_xor(mg.tensor([True, True]), mg.tensor([True, False]))
        tensor([False,  True], dtype=bool)
    """)
