"""Chapter 2: add and neg — and sub, which chapter 3 writes as a + (-b).

Addition passes the incoming gradient unchanged to both inputs (summed back over
any broadcast axes); negation flips its sign.
"""

import numpy as np

from ..autograd import record
from ..broadcasting import sum_to
from ..tensor import Tensor, tensor_method
from .operands import binary, number, pair, scalar


def _unchanged(g):
    return (g,)


def _negated(g):
    return (-g,)


@tensor_method("add", "__add__", "__radd__")
def add(a, b):
    """a + b, elementwise, with NumPy broadcasting.  A plain number is added as it is, as in
    PyTorch: it gets no tensor and no place in the graph.  The gradient is g for both,
    summed back over the axes broadcasting added (chapter 2, 4).

    Args:
        a, b (Tensor or number): the operands; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> a = mg.Tensor([1.0, 2.0], requires_grad=True)
        >>> mg.add(a, 10)
        tensor([11., 12.], grad_fn=<add>)
        >>> (a + mg.Tensor([[1.0], [2.0]])).shape
        (2, 2)
    """
    if not isinstance(b, Tensor) and scalar(b) and isinstance(a, Tensor):
        return record(a._data + number(b), (a,), _unchanged, "add")
    a, b = pair(a, b, "add")
    a_shape, b_shape = a._data.shape, b._data.shape
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        return (sum_to(g, a_shape) if need_a else None,
                sum_to(g, b_shape) if need_b else None)

    return record(binary(np.add, a, b, "add"), (a, b), backward, "add")


@tensor_method("neg", "__neg__")
def neg(a):
    """-a, elementwise; the gradient is -g (chapter 2).

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> -mg.Tensor([1.0, -2.0])
        tensor([-1.,  2.])
    """
    def backward(g):
        return (-g,)

    return record(-a._data, (a,), backward, "neg")


@tensor_method("sub", "__sub__")
def sub(a, b):
    """a - b, elementwise with broadcasting: the gradient is +g for a and -g for b (what
    a + (-b) would give, in one node).

    Args:
        a, b (Tensor or number): the operands; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.sub(mg.Tensor([5.0, 7.0]), 2)
        tensor([3., 5.])
    """
    if not isinstance(b, Tensor) and scalar(b) and isinstance(a, Tensor):
        return record(a._data - number(b), (a,), _unchanged, "sub")
    a, b = pair(a, b, "sub")
    a_shape, b_shape = a._data.shape, b._data.shape
    need_a, need_b = a.requires_grad, b.requires_grad

    def backward(g):
        return (sum_to(g, a_shape) if need_a else None,
                sum_to(-g, b_shape) if need_b else None)

    return record(binary(np.subtract, a, b, "sub"), (a, b), backward, "sub")


@tensor_method("__rsub__")
def rsub(a, b):
    """b - a (Python calls this for ``1 - t``)."""
    if not isinstance(b, Tensor) and scalar(b) and isinstance(a, Tensor):
        return record(number(b) - a._data, (a,), _negated, "sub")
    return sub(b, a)
