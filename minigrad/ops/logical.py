"""Logic on masks: ``logical_and``/``or``/``xor``/``not`` and the operators ``&``, ``|``,
``^``, ``~``, as in PyTorch.

The ``logical_*`` functions take any tensors (nonzero counts as True) and give bool
tensors.  The operators are PyTorch's bitwise ones: on bool tensors they are the logic
above (``(x > 0) & (x < 1)``), on integer tensors they work bit by bit, and on floats they
are an error (as in PyTorch, where ``~`` of a float tensor fails too).  None of them
carries a gradient.  No chapter uses this module.
"""

import numbers

import numpy as np

from ..tensor import Tensor, tensor_method
from .operands import binary, pair


def _logical(ufunc, name: str, doc: str):
    def fn(a, b) -> Tensor:
        a, b = pair(a, b, name)
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name)))

    fn.__name__, fn.__doc__ = name, doc
    return tensor_method(name)(fn)


logical_and = _logical(np.logical_and, "logical_and", """True where both are nonzero.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.logical_and(mg.tensor([True, True, False]), mg.tensor([1, 0, 1]))
        tensor([ True, False, False], dtype=bool)
    """)
logical_or = _logical(np.logical_or, "logical_or", """True where either is nonzero.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([0.0, 2.0]).logical_or(mg.tensor([0.0, 0.0]))
        tensor([False,  True], dtype=bool)
    """)
logical_xor = _logical(np.logical_xor, "logical_xor", """True where exactly one is nonzero.

    Args:
        a, b (Tensor or number): the operands (any dtype; shapes broadcast).

    Example:
        >>> import minigrad as mg
        >>> mg.logical_xor(mg.tensor([True, True]), mg.tensor([True, False]))
        tensor([False,  True], dtype=bool)
    """)


@tensor_method("logical_not")
def logical_not(a) -> Tensor:
    """True where the element is zero (False), a bool tensor.

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


def _integral(x, symbol: str) -> None:
    data = x.data if isinstance(x, Tensor) else np.asarray(x)
    if data.dtype.kind not in "biu":
        raise TypeError(f"{symbol} works on bool and integer tensors (a mask such as x > 0), "
                        f"not on {data.dtype}; use logical_and/logical_or/logical_not for "
                        f"truth values of other numbers.")


def _bitwise(ufunc, name: str, symbol: str, example: str):
    def operator(a, b):
        if not isinstance(b, (Tensor, np.ndarray, numbers.Integral, np.bool_)):
            return NotImplemented
        a, b = pair(a, b, name)
        _integral(a, symbol)
        _integral(b, symbol)
        return Tensor._from_op(np.asarray(binary(ufunc, a, b, name)))

    operator.__name__ = name
    operator.__doc__ = (f"``a {symbol} b``: for bool tensors the logic of masks, for integer "
                        f"tensors bit by bit (PyTorch's {name}).\n\n    Args:\n        a, b "
                        f"(Tensor, or a bool or int): bool or integer operands.\n\n    "
                        f"Example:\n        >>> import minigrad as mg\n        >>> x = "
                        f"mg.tensor([-1.0, 0.5, 2.0])\n{example}")
    return operator


bitwise_and = tensor_method("bitwise_and", "__and__", "__rand__")(_bitwise(
    np.bitwise_and, "bitwise_and", "&", "        >>> (x > 0) & (x < 1)\n"
    "        tensor([False,  True, False], dtype=bool)\n"))
bitwise_or = tensor_method("bitwise_or", "__or__", "__ror__")(_bitwise(
    np.bitwise_or, "bitwise_or", "|", "        >>> (x < 0) | (x > 1)\n"
    "        tensor([ True, False,  True], dtype=bool)\n"))
bitwise_xor = tensor_method("bitwise_xor", "__xor__", "__rxor__")(_bitwise(
    np.bitwise_xor, "bitwise_xor", "^", "        >>> (x > 0) ^ (x > 1)\n"
    "        tensor([False,  True, False], dtype=bool)\n"))


@tensor_method("bitwise_not", "__invert__")
def bitwise_not(a) -> Tensor:
    """``~a``: for a bool tensor the opposite mask, for an integer tensor each bit flipped.

    Args:
        a (Tensor): a bool or integer tensor.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([-1.0, 0.5, 2.0])
        >>> ~(x > 0)
        tensor([ True, False, False], dtype=bool)
    """
    _integral(a, "~")
    return Tensor._from_op(np.invert(a.data))
