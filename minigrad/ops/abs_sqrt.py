"""``abs`` and ``sqrt``: two elementwise functions with a point where the slope is special.

``|x|`` has slope -1 left of 0 and +1 right of it; at exactly 0 we use 0, as PyTorch
(the sign of 0).  ``√x`` has slope 1/(2√x), which is infinite at 0, as in PyTorch.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import as_floating, refuse_bool
from ..tensor import tensor_method
from ..tensor import Tensor


@tensor_method("abs", "__abs__")
def abs(a):                                   # noqa: A001 (PyTorch's name)
    """|x|, elementwise; its gradient is the sign of x (0 at 0, as PyTorch's).
    Integers stay integers; bool is refused, as in PyTorch.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.abs(mg.Tensor([-1.5, 2.0]))
        tensor([1.5, 2. ])
    """
    A = a.data
    refuse_bool(A.dtype, "abs")

    def backward(g):
        with np.errstate(invalid="ignore"):        # inf * sign(0) is NaN, as in PyTorch
            return (g * np.sign(A),)

    return record(np.abs(A), (a,), backward, "abs", saved=(a,))


@graph_backward("abs")
def _abs_graph(ctx, g):
    """abs's slope is the constant sign of x: its second derivative is 0."""
    return (g * Tensor(np.sign(ctx.saved("A"))),)


@tensor_method("sqrt")
def sqrt(a):
    """√x, elementwise (NaN for negative x, as in PyTorch); its derivative is 1 / (2√x).
    Integers give the default float.

    Args:
        a (Tensor): the input.

    Example:
        >>> import minigrad as mg
        >>> mg.Tensor([4.0, 9.0]).sqrt()
        tensor([2., 3.])
    """
    with np.errstate(invalid="ignore"):
        out = np.sqrt(as_floating(a.data))

    def backward(g):
        with np.errstate(divide="ignore", invalid="ignore"):
            return (g / (2 * out),)

    return record(out, (a,), backward, "sqrt", saves_output=True)


@graph_backward("sqrt")
def _sqrt_graph(ctx, g):
    return (g / (2 * ctx.output(ctx.saved("out"))),)
