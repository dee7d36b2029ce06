"""The lower and upper triangles of matrices: ``tril`` and ``triu``, as PyTorch's.

``tril(x, diagonal=0)`` keeps the elements on and below the ``diagonal``-th diagonal of
the last two axes and zeroes the rest (``triu`` the elements on and above it); the
gradient passes where an element was kept.  Attention's causal mask is such a triangle
(chapter 13 builds it with NumPy's ``np.triu``).  No chapter uses this module.
"""

import numbers

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method


def _triangle(a, diagonal, lower: bool, op: str) -> Tensor:
    if not isinstance(a, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(a).__name__}.")
    if a.ndim < 2:
        raise ShapeError(f"{op}: needs a matrix (or a batch of them), got shape {a.shape}.")
    if isinstance(diagonal, bool) or not isinstance(diagonal, numbers.Integral):
        raise TypeError(f"{op}: diagonal must be an int, got {type(diagonal).__name__}.")
    rows, cols = a.shape[-2:]
    keep = (np.tri(rows, cols, int(diagonal), dtype=bool) if lower
            else ~np.tri(rows, cols, int(diagonal) - 1, dtype=bool))
    zero = np.zeros((), dtype=a.dtype)

    def backward(g):
        return (np.where(keep, g, np.zeros((), dtype=g.dtype)),)

    return record(np.where(keep, a.data, zero), (a,), backward, op)


@tensor_method("tril")
def tril(a, diagonal: int = 0) -> Tensor:
    """The elements on and below a diagonal of the last two axes; the rest zero.

    Args:
        a (Tensor): shape (..., m, n).
        diagonal (int): 0 is the main diagonal, 1 the one above it, -1 the one below.

    Example:
        >>> import minigrad as mg
        >>> mg.tril(mg.ones(3, 3))
        tensor([[1., 0., 0.],
                [1., 1., 0.],
                [1., 1., 1.]])
    """
    return _triangle(a, diagonal, True, "tril")


@tensor_method("triu")
def triu(a, diagonal: int = 0) -> Tensor:
    """The elements on and above a diagonal of the last two axes; the rest zero.

    Args:
        a (Tensor): shape (..., m, n).
        diagonal (int): 0 is the main diagonal, 1 the one above it, -1 the one below.

    Example:
        >>> import minigrad as mg
        >>> mg.ones(3, 3).triu(1)
        tensor([[0., 1., 1.],
                [0., 0., 1.],
                [0., 0., 0.]])
    """
    return _triangle(a, diagonal, False, "triu")


@graph_backward("tril", "triu")
def _triangle_graph(ctx, g):
    """Keeping a triangle is its own adjoint: recorded with itself as its way back."""
    keep = ctx.saved("keep")
    return (ctx.linear(g, lambda array: np.where(keep, array, np.zeros((), array.dtype))),)
