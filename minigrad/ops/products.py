"""PyTorch's named matrix and vector products: ``dot``, ``outer``, ``mv`` and ``bmm``.

Each is ``matmul`` (chapter 3's ``@``) on operands of one fixed kind, checked first so
that a wrong shape is an error that names the product, not a broadcast you did not
mean; the gradients are matmul's.  As in PyTorch, ``dot``, ``mv`` and ``bmm`` want both
operands in one dtype, and not bool (matrix products do not promote), while ``outer``
is a product of every pair, ``a[:, None] * b[None, :]``, with ``*``'s type promotion.
No chapter uses this module.
"""

from ..dtypes import refuse_bool
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method
from .mul_mm import matmul


def _check(a, b, op: str, ndims: tuple, one_dtype: bool = True) -> None:
    for name, t, n in (("first", a, ndims[0]), ("second", b, ndims[1])):
        if not isinstance(t, Tensor):
            raise TypeError(f"{op}: the {name} operand must be a Tensor, got "
                            f"{type(t).__name__}.")
        if t.ndim != n:
            raise ShapeError(f"{op}: the {name} operand must be {n}-D, got shape {t.shape}.")
    if not one_dtype:
        return
    if a.dtype != b.dtype:
        raise TypeError(f"{op}: both operands must have the same dtype (products of matrices "
                        f"and vectors do not promote, as in PyTorch), got {a.dtype} and "
                        f"{b.dtype}; convert one, e.g. b.to(a.dtype).")
    refuse_bool(a.dtype, op, "convert to an integer or float dtype")


@tensor_method("dot")
def dot(a, b) -> Tensor:
    """The dot product Σ aᵢbᵢ of two vectors of the same length (a 0-d tensor).

    Args:
        a, b (Tensor): 1-D, the same length and dtype.

    Example:
        >>> import minigrad as mg
        >>> mg.dot(mg.tensor([1.0, 2.0, 3.0]), mg.tensor([4.0, 5.0, 6.0]))
        tensor(32.)
    """
    _check(a, b, "dot", (1, 1))
    if a.shape != b.shape:
        raise ShapeError(f"dot: the vectors must have the same length, got {a.shape} and "
                         f"{b.shape}.")
    return matmul(a, b)


@tensor_method("outer")
def outer(a, b) -> Tensor:
    """The outer product: ``out[i, j] = a[i] * b[j]``, with ``*``'s type promotion.

    Args:
        a (Tensor): 1-D, length n.
        b (Tensor): 1-D, length m.

    Shape:
        (n, m).

    Example:
        >>> import minigrad as mg
        >>> mg.outer(mg.tensor([1.0, 2.0]), mg.tensor([1.0, 10.0, 100.0]))
        tensor([[  1.,  10., 100.],
                [  2.,  20., 200.]])
    """
    _check(a, b, "outer", (1, 1), one_dtype=False)
    return a.reshape(-1, 1) * b.reshape(1, -1)


@tensor_method("mv")
def mv(a, b) -> Tensor:
    """A matrix times a vector.

    Args:
        a (Tensor): (n, m).
        b (Tensor): (m,), the same dtype.

    Shape:
        (n,).

    Example:
        >>> import minigrad as mg
        >>> mg.mv(mg.tensor([[1.0, 2.0], [3.0, 4.0]]), mg.tensor([1.0, 1.0]))
        tensor([3., 7.])
    """
    _check(a, b, "mv", (2, 1))
    if a.shape[1] != b.shape[0]:
        raise ShapeError(f"mv: a matrix of shape {a.shape} needs a vector of length "
                         f"{a.shape[1]}, got {b.shape}.")
    return matmul(a, b)


@tensor_method("bmm")
def bmm(a, b) -> Tensor:
    """A batch of matrix products, ``out[i] = a[i] @ b[i]`` (no broadcasting).

    Args:
        a (Tensor): (batch, n, k).
        b (Tensor): (batch, k, m), the same dtype.

    Shape:
        (batch, n, m).

    Example:
        >>> import minigrad as mg
        >>> mg.bmm(mg.ones(4, 2, 3), mg.ones(4, 3, 5)).shape
        (4, 2, 5)
    """
    _check(a, b, "bmm", (3, 3))
    if a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise ShapeError(f"bmm: shapes {a.shape} and {b.shape} do not fit: the batches must be "
                         f"equal and a's last size must be b's middle one.")
    return matmul(a, b)
