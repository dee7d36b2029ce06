"""Chapter 3: mul and mm — the product rule, matrix products and transposes.

For c = a * b the gradient for a is g * b and for b is g * a.  For C = A @ B the
gradient for A is G @ Bᵀ and for B is Aᵀ @ G: the only way to combine G with the
other operand that gives back A's (or B's) shape.  A transpose (``transpose``,
``permute``, ``.T``, ``t()``) is a view of its input, the same memory read in another
order, as in PyTorch (see minigrad/views.py).  (``t()``, PyTorch's transpose of at most
two axes, is here beside ``transpose``; no chapter uses it.)
"""

import numpy as np

from .. import views
from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to_tensor
from ..broadcasting import sum_to
from ..dtypes import refuse_bool
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method
from .operands import binary, fast_number, grads_as, pair, promoted


@tensor_method("mul", "__mul__", "__rmul__")
def mul(a, b):
    """a * b, elementwise, with NumPy broadcasting and PyTorch's type promotion; the
    gradient is g·b for a and g·a for b (the product rule, chapter 3).

    Args:
        a, b (Tensor or number): the operands; their shapes broadcast.

    Example:
        >>> import minigrad as mg
        >>> mg.mul(mg.Tensor([1.0, 2.0]), mg.Tensor([3.0, 4.0]))
        tensor([3., 8.])
    """
    if isinstance(b, Tensor) and isinstance(a, Tensor):
        A, B = a._data, b._data                 # what pair() would give: no call for it
    else:
        factor = fast_number(a, b)              # t * number: NumPy's, as PyTorch's
        if factor is not None:
            return record(a._data * factor, (a,), lambda g: (g * factor,), "mul")
        a, b = pair(a, b, "mul")
        A, B = a._data, b._data
    cast = A.dtype is not B.dtype               # PyTorch's type promotion (dtypes.py)
    if cast:
        A, B = promoted(a, b)
        cast = A is not a._data or B is not b._data
    need_a, need_b = a.requires_grad, b.requires_grad
    if A.shape == B.shape:
        # No broadcasting: binary() has no shape error to name, and g·B and g·A have the
        # inputs' shape already, what sum_to would give back.
        out = np.multiply(A, B)

        def backward(g):
            return (g * B if need_a else None, g * A if need_b else None)
    else:
        out = binary(np.multiply, a, b, "mul", A, B)

        def backward(g):
            return (sum_to(g * B, A.shape) if need_a else None,
                    sum_to(g * A, B.shape) if need_b else None)

    if cast:
        backward = grads_as(backward, a, b)
    return record(out, (a, b), backward, "mul", saved=_needed(a, b, need_a, need_b))


@graph_backward("mul")
def _mul_graph(ctx, g):
    """mul's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    if len(ctx.node.inputs) == 1:              # t * number
        return (g * ctx.saved("factor"),)
    a, b = ctx.input(0, ctx.saved("A")), ctx.input(1, ctx.saved("B"))
    return (sum_to_tensor(g * b, a.shape) if ctx.needs(0) else None,
            sum_to_tensor(g * a, b.shape) if ctx.needs(1) else None)


def _needed(a, b, need_a: bool, need_b: bool) -> tuple:
    """The inputs a product's backward reads: b for a's gradient, a for b's."""
    if need_a:
        return (b, a) if need_b else (b,)
    return (a,) if need_b else ()


def same_dtype(a, b, op: str) -> None:
    """Matrix products do not promote, in PyTorch: both operands need one dtype, and not bool."""
    if a._data.dtype != b._data.dtype:
        raise TypeError(f"{op}: both operands must have the same dtype (matrix products do not "
                        f"promote types, as in PyTorch), got {a._data.dtype} and "
                        f"{b._data.dtype}; convert one, e.g. b.to(a.dtype).")
    refuse_bool(a._data.dtype, f"{op} (a matrix product)", "convert to an integer or float dtype")


def _matrix_backward(A, B, need_a: bool, need_b: bool):
    """The backward of C = A @ B for 2-D A and B: G @ Bᵀ and Aᵀ @ G."""
    def backward(g):
        return (g @ B.T if need_a else None,
                A.T @ g if need_b else None)
    return backward


@tensor_method("mm")
def mm(a, b):
    """The matrix product of two 2-D tensors (the article's name; ``@`` handles every case).
    Its gradients are G @ Bᵀ for A and Aᵀ @ G for B.

    Args:
        a (Tensor): (n, k).
        b (Tensor): (k, m).

    Shape:
        (n, m).

    Example:
        >>> import minigrad as mg
        >>> mg.mm(mg.Tensor([[1.0, 2.0]]), mg.Tensor([[3.0], [4.0]]))
        tensor([[11.]])
    """
    a, b = pair(a, b, "mm")
    A, B = a._data, b._data
    if A.dtype is not B.dtype or A.dtype.kind == "b":
        same_dtype(a, b, "mm")
    if A.ndim != 2 or B.ndim != 2:
        raise ShapeError(f"mm: expects two 2-D tensors, got shapes {a._data.shape} and {b._data.shape}; "
                         f"use matmul (the @ operator) for vectors and batches.")
    if A.shape[1] != B.shape[0]:
        raise ShapeError(f"mm: shapes {a._data.shape} and {b._data.shape} do not fit: the first has "
                         f"{A.shape[1]} columns but the second has {B.shape[0]} rows.")
    need_a, need_b = a.requires_grad, b.requires_grad
    backward = _matrix_backward(A, B, need_a, need_b)
    return record(A @ B, (a, b), backward, "mm", saved=_needed(a, b, need_a, need_b))


@tensor_method("matmul", "__matmul__")
def matmul(a, b):
    """``a @ b`` with NumPy's rules: vectors, matrices, and batches of matrices whose
    leading (batch) dimensions broadcast.

    Args:
        a, b (Tensor): at least 1-D each; a's last size must equal b's second-to-last (or
            only) size.

    Shape:
        (..., n, k) @ (..., k, m) -> (..., n, m); a vector operand loses its axis in the
        result.

    Example:
        >>> import minigrad as mg
        >>> (mg.ones(5, 2, 3) @ mg.ones(3, 4)).shape
        (5, 2, 4)
        >>> mg.matmul(mg.Tensor([1.0, 2.0]), mg.Tensor([3.0, 4.0]))
        tensor(11.)
    """
    a, b = pair(a, b, "matmul")
    A, B = a._data, b._data
    if A.dtype is not B.dtype or A.dtype.kind == "b":
        same_dtype(a, b, "matmul")
    if A.ndim == 0 or B.ndim == 0:
        raise ShapeError(f"matmul: both operands need at least one dimension, got shapes "
                         f"{a._data.shape} and {b._data.shape}; use * to scale by a number.")
    inner_b = B.shape[-2] if B.ndim > 1 else B.shape[0]
    if A.shape[-1] != inner_b:
        raise ShapeError(f"matmul: shapes {a._data.shape} and {b._data.shape} do not fit: the last "
                         f"dimension of the first ({A.shape[-1]}) must equal the "
                         f"{'second-to-last' if B.ndim > 1 else 'only'} dimension of the "
                         f"second ({inner_b}).")
    try:
        out = A @ B
    except ValueError:
        raise ShapeError(f"matmul: the batch dimensions of shapes {a._data.shape} and {b._data.shape} "
                         f"cannot be broadcast together.") from None
    need_a, need_b = a.requires_grad, b.requires_grad
    if A.ndim == 2 and B.ndim == 2:
        backward = _matrix_backward(A, B, need_a, need_b)
    else:
        def backward(g):
            # Treat vectors as 1-row / 1-column matrices, then undo batch broadcasting.
            A2 = A[None, :] if A.ndim == 1 else A
            B2 = B[:, None] if B.ndim == 1 else B
            g2 = g.reshape(np.broadcast_shapes(A2.shape[:-2], B2.shape[:-2])
                           + (A2.shape[-2], B2.shape[-1]))
            ga = gb = None
            if need_a:
                ga = sum_to(g2 @ np.swapaxes(B2, -1, -2), A2.shape).reshape(A.shape)
            if need_b:
                gb = sum_to(np.swapaxes(A2, -1, -2) @ g2, B2.shape).reshape(B.shape)
            return ga, gb

    return record(out, (a, b), backward, "matmul", saved=_needed(a, b, need_a, need_b))


@graph_backward("mm", "matmul")
def _matmul_graph(ctx, g):
    """mm's and matmul's backward with tensor ops: G @ Bᵀ and Aᵀ @ G, summed back over
    broadcast batch dimensions (vectors are 1-row or 1-column matrices)."""
    A, B = ctx.saved("A"), ctx.saved("B")
    a, b = ctx.input(0, A), ctx.input(1, B)
    a2 = a.unsqueeze(0) if a.ndim == 1 else a
    b2 = b.unsqueeze(-1) if b.ndim == 1 else b
    g2 = g.reshape(np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
                   + (a2.shape[-2], b2.shape[-1]))
    ga = gb = None
    if ctx.needs(0):
        ga = sum_to_tensor(g2 @ b2.transpose(-1, -2), a2.shape).reshape(A.shape)
    if ctx.needs(1):
        gb = sum_to_tensor(a2.transpose(-1, -2) @ g2, b2.shape).reshape(B.shape)
    return ga, gb


@tensor_method("__rmatmul__")
def rmatmul(a, b):
    """b @ a (Python calls this for ``ndarray @ tensor``)."""
    return matmul(b, a)


@tensor_method("permute")
def permute(a, *dims):
    """Reorder the axes: ``t.permute(2, 0, 1)``.  The gradient is permuted back.

    Args:
        a (Tensor): the input.
        dims (ints, or one tuple): a new order of all of ``a``'s axes.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(2, 3, 4).permute(2, 0, 1).shape
        (4, 2, 3)
    """
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    axes = [d % a.ndim for d in dims] if a.ndim else list(dims)
    if sorted(axes) != list(range(a.ndim)):
        raise ValueError(f"permute: {dims} is not an ordering of the {a.ndim} axes of a "
                         f"tensor with shape {a._data.shape}.")
    inverse = tuple(np.argsort(axes))
    return views.view(a, "permute", lambda array: array.transpose(axes),
                      lambda g: g.transpose(inverse))


@graph_backward("permute")
def _permute_graph(ctx, g):
    return (g.permute(*ctx.saved("inverse")),)


@tensor_method("transpose")
def transpose(a, dim0: int = -2, dim1: int = -1):
    """Swap two axes; with no arguments, the last two (a matrix's rows and columns).

    Args:
        a (Tensor): at least 2-D.
        dim0, dim1 (int): the axes to swap (-2 and -1 by default).

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(2, 3, 4).transpose(0, 2).shape
        (4, 3, 2)
        >>> mg.Tensor([[1.0, 2.0]]).transpose()
        tensor([[1.],
                [2.]])
    """
    if a.ndim < 2:
        raise ShapeError(f"transpose: needs at least 2 dimensions, got shape {a._data.shape}.")
    for d in (dim0, dim1):
        if not -a.ndim <= d < a.ndim:
            raise IndexError(f"transpose: dim {d} is out of range for shape {a._data.shape}.")

    def swap(array):                      # its own backward: swapping again swaps back
        return np.swapaxes(array, dim0, dim1)

    return views.view(a, "transpose", swap, swap)


@graph_backward("transpose")
def _transpose_graph(ctx, g):
    return (g.transpose(ctx.saved("dim0"), ctx.saved("dim1")),)


@tensor_method("T", prop=True)
def T(a):
    """All axes reversed (rows and columns swapped, for a matrix): ``t.T``.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(2, 3).T.shape
        (3, 2)
    """
    return permute(a, *reversed(range(a.ndim)))


@tensor_method("t")
def t(a):
    """PyTorch's ``t.t()``: a matrix transposed; a vector or a number comes back unchanged
    (as a new tensor that shares its values, as in PyTorch).

    Args:
        a (Tensor): at most 2-D.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([[1, 2, 3], [4, 5, 6]]).t()
        tensor([[1, 4],
                [2, 5],
                [3, 6]], dtype=int64)
    """
    if a.ndim > 2:
        raise ShapeError(f"t: expects a tensor with at most 2 dimensions, got shape "
                         f"{a._data.shape}; use transpose(dim0, dim1) or permute for more.")
    return transpose(a, 0, 1) if a.ndim == 2 else a.reshape(a._data.shape)
