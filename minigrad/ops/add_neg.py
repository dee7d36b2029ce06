"""Chapter 2: add and neg — and sub, which chapter 3 writes as a + (-b).

Addition passes the incoming gradient unchanged to both inputs (summed back over
any broadcast axes); negation flips its sign.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to_tensor
from ..broadcasting import sum_to
from ..dtypes import refuse_bool
from ..tensor import Tensor, tensor_method
from .operands import binary, fast_number, grads_as, is_bool, pair, promoted


_BOOLS = (bool, np.bool_)


def _unchanged(g):
    return (g,)


def _negated(g):
    return (-g,)


@tensor_method("add", "__add__", "__radd__")
def add(a, b):
    """a + b, elementwise, with NumPy broadcasting and PyTorch's type promotion.  A plain
    number is added as it is, as in PyTorch: it gets no tensor and no place in the graph.
    The gradient is g for both, summed back over the axes broadcasting added (chapter 2, 4).

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
    if isinstance(b, Tensor) and isinstance(a, Tensor):
        A, B = a._data, b._data                 # what pair() would give: no call for it
    else:
        n = fast_number(a, b)                   # t + number: NumPy's, as PyTorch's
        if n is not None:
            return record(a._data + n, (a,), _unchanged, "add")
        a, b = pair(a, b, "add")
        A, B = a._data, b._data
    cast = A.dtype is not B.dtype               # PyTorch's type promotion (dtypes.py)
    if cast:
        A, B = promoted(a, b)
        cast = A is not a._data or B is not b._data
    a_shape, b_shape = A.shape, B.shape
    need_a, need_b = a.requires_grad, b.requires_grad
    if a_shape == b_shape:
        # No broadcasting: binary() has no shape error to name, and g (of the output's shape,
        # which is theirs) is each gradient as it is, what sum_to would give back.
        out = np.add(A, B)

        def backward(g):
            return (g if need_a else None, g if need_b else None)
    else:
        out = binary(np.add, a, b, "add", A, B)

        def backward(g):
            return (sum_to(g, a_shape) if need_a else None,
                    sum_to(g, b_shape) if need_b else None)

    if cast:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "add")


@graph_backward("add")
def _add_graph(ctx, g):
    """add's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    if len(ctx.node.inputs) == 1:              # t + number
        return (g,)
    return sum_to_tensor(g, ctx.shape(0)), sum_to_tensor(g, ctx.shape(1))


@tensor_method("neg", "__neg__")
def neg(a):
    """-a, elementwise; the gradient is -g (chapter 2).  Refused for bool tensors, as in
    PyTorch: use ``~t``.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> -mg.Tensor([1.0, -2.0])
        tensor([-1.,  2.])
    """
    refuse_bool(a.dtype, "negation, -t,", "use ~t (or t.logical_not()) for bools")

    def backward(g):
        return (-g,)

    return record(-a._data, (a,), backward, "neg")


@graph_backward("neg")
def _neg_graph(ctx, g):
    return (-g,)


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
    if isinstance(b, Tensor) and isinstance(a, Tensor):
        numbers = False
        A, B = a._data, b._data                 # what pair() would give: no call for it
    else:
        n = fast_number(a, b)                   # t - number: NumPy's, as PyTorch's
        if n is not None:
            return record(a._data - n, (a,), _unchanged, "sub")
        numbers = a.__class__ in _BOOLS or b.__class__ in _BOOLS         # 1.0 - True
        a, b = pair(a, b, "sub")
        A, B = a._data, b._data
    cast = A.dtype is not B.dtype               # PyTorch's type promotion (dtypes.py)
    if cast:
        A, B = promoted(a, b)
        cast = A is not a._data or B is not b._data
    if numbers or cast or A.dtype.kind == "b":
        if numbers or is_bool(a) or is_bool(b):       # PyTorch refuses a bool on either side
            refuse_bool(np.dtype(np.bool_), "subtraction, a - b,",
                        "use a ^ b (or a.logical_xor(b)) for bools, ~a for 1 - a")
    a_shape, b_shape = A.shape, B.shape
    need_a, need_b = a.requires_grad, b.requires_grad
    if a_shape == b_shape:
        # No broadcasting: binary() has no shape error to name, and g and -g have the
        # inputs' shape already, what sum_to would give back.
        out = np.subtract(A, B)

        def backward(g):
            return (g if need_a else None, -g if need_b else None)
    else:
        out = binary(np.subtract, a, b, "sub", A, B)

        def backward(g):
            return (sum_to(g, a_shape) if need_a else None,
                    sum_to(-g, b_shape) if need_b else None)

    if cast:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "sub")


@graph_backward("sub")
def _sub_graph(ctx, g):
    if len(ctx.node.inputs) == 1:              # t - number, or number - t
        return (-g,) if ctx.node.backward is _negated else (g,)
    return sum_to_tensor(g, ctx.shape(0)), sum_to_tensor(-g, ctx.shape(1))


@tensor_method("__rsub__")
def rsub(a, b):
    """b - a (Python calls this for ``1 - t``)."""
    n = fast_number(a, b)
    if n is not None:
        return record(n - a._data, (a,), _negated, "sub")
    return sub(b, a)
