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
    """``~t``: "not" for a bool tensor, every bit flipped for an integer one."""
    _no_floats(a.dtype, "~t (bitwise_not)")
    return Tensor._from_op(np.invert(a.data))


def _bitwise(name: str, symbol: str, ufunc):
    def op(a, b):
        a, b = pair(a, b, name)
        A, B = promoted(a, b)
        _no_floats(A.dtype, f"{symbol} ({name})")
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name, A, B)))

    def reflected(a, b):
        return op(b, a)

    op.__name__, reflected.__name__ = name, f"__r{name.split('_')[1]}__"
    op.__doc__ = (f"``a {symbol} b`` elementwise, with broadcasting: on bools, logical "
                  f"{name.split('_')[1]}; on integers, bit by bit.")
    dunder = name.split("_")[1]
    tensor_method(name, f"__{dunder}__")(op)
    tensor_method(f"__r{dunder}__")(reflected)
    return op


bitwise_and = _bitwise("bitwise_and", "&", np.bitwise_and)
bitwise_or = _bitwise("bitwise_or", "|", np.bitwise_or)
bitwise_xor = _bitwise("bitwise_xor", "^", np.bitwise_xor)


@tensor_method("logical_not")
def logical_not(a):
    """True where ``a`` is 0 (or False): a bool tensor, whatever ``a``'s dtype."""
    return Tensor._from_op(np.logical_not(a.data))


def _logical(name: str, ufunc):
    def op(a, b):
        a, b = pair(a, b, name)
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name)))

    op.__name__ = name
    op.__doc__ = (f"{name.split('_')[1]} of ``a != 0`` and ``b != 0``, elementwise with "
                  f"broadcasting: a bool tensor, whatever the dtypes.")
    return tensor_method(name)(op)


logical_and = _logical("logical_and", np.logical_and)
logical_or = _logical("logical_or", np.logical_or)
logical_xor = _logical("logical_xor", np.logical_xor)
