"""Norms: how big a tensor is.  ``t.norm()``, ``minigrad.norm`` and ``minigrad.linalg``'s
``vector_norm``, ``matrix_norm`` and ``norm``, with PyTorch's arguments and numbers.

* The **vector p-norm** over ``dim`` is ``(Σ |x|ᵖ)^(1/p)``: p = 2 is the length, p = 1 the
  sum of absolute values, p = ∞ the largest absolute value (-∞ the smallest), and p = 0
  counts the nonzero entries.  Its gradient is ``sign(x)·|x|ᵖ⁻¹ / ‖x‖ᵖ⁻¹``; where that
  is 0/0 (a zero input for p < 1, a zero norm) it is 0, and the ∞-norm's gradient is
  shared equally by the entries that tie for the largest, as PyTorch's.
* A **matrix norm** over two axes is the Frobenius norm (the vector 2-norm of all the
  entries, the default), the nuclear norm (the sum of the singular values, ``'nuc'``),
  the largest (2) or smallest (-2) singular value, the largest (1) or smallest (-1)
  column sum of absolute values, or the largest (∞) or smallest (-∞) row sum.

``clip_grad_norm_`` (chapter 11) measures gradients with the vector 2-norm.  No chapter
uses this module.
"""

import math
import numbers

import numpy as np

from .. import dtypes
from ..autograd import record
from ..autograd import graph_backward
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method
from .operands import keep_flag, normalize_dims
from .sum_expand import _kept_shape

INF = math.inf


def _floating(x, dtype, op: str) -> Tensor:
    """``x`` checked to be a floating-point Tensor, cast to ``dtype`` when one is given."""
    if not isinstance(x, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(x).__name__}.")
    if x.dtype.kind != "f":
        raise TypeError(f"{op}: expected a floating-point tensor, got dtype {x.dtype} "
                        f"(convert it with .double() or .float() first).")
    if dtype is not None:
        dtype = dtypes.resolve(dtype, op)
        if dtype.kind != "f":
            raise TypeError(f"{op}: dtype must be a floating-point dtype, got {dtype}.")
        if dtype.itemsize < x.dtype.itemsize:
            raise TypeError(f"{op}: dtype {dtype} would lose precision of the {x.dtype} input; "
                            f"PyTorch refuses this too.")
        x = x.to(dtype)
    return x


def _order(ord, op: str) -> float:
    if isinstance(ord, bool) or not isinstance(ord, numbers.Real) or ord != ord:
        raise TypeError(f"{op}: ord must be a number (2, 1, inf, 0, -1 …), got "
                        f"{type(ord).__name__} {ord!r}.")
    return float(ord)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    """The vector ``ord``-norm of ``x`` over ``dim`` (every axis by default), as
    ``torch.linalg.vector_norm``.

    Args:
        x (Tensor): a floating-point tensor of any shape.
        ord (float): 2 (the default, the length), 1, ``math.inf``, ``-math.inf``, 0 (the
            number of nonzero entries, no gradient) or any other real p: ``(Σ |x|ᵖ)^(1/p)``.
        dim (int or tuple of ints, optional): the axes to reduce; None (or ``()``) for all.
        keepdim (bool): keep each reduced axis with size 1.
        dtype (optional): compute in this floating-point dtype (at least ``x``'s precision).

    Shape:
        ``x``'s shape without the reduced axes (with them as 1 when ``keepdim``).

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[3.0, -4.0], [0.0, 1.0]])
        >>> mg.linalg.vector_norm(x)
        tensor(5.09901951)
        >>> mg.linalg.vector_norm(x, ord=1, dim=1)
        tensor([7., 1.])
        >>> mg.linalg.vector_norm(x, ord=float("inf"), dim=0, keepdim=True)
        tensor([[3., 4.]])
    """
    op = "vector_norm"
    x = _floating(x, dtype, op)
    p = _order(ord, op)
    keep = keep_flag(keepdim, None, op)
    axes = normalize_dims(dim, x.ndim, op)
    X = x.data
    kept = _kept_shape(x.shape, axes)
    out_shape = kept if keep else tuple(n for i, n in enumerate(x.shape)
                                        if axes is not None and i not in axes)
    count = X.size if axes is None else math.prod(x.shape[i] for i in axes)
    if count == 0 and (p < 0 or math.isinf(p)):
        raise ValueError(f"{op}: cannot compute the {ord} norm of an empty tensor (shape "
                         f"{x.shape}) over dim {dim}: that reduction has no identity, as in "
                         f"PyTorch.")
    A = np.abs(X)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        if count == 1 and p != 0:    # one entry: its norm is |x| exactly, as in PyTorch
            norm = A.reshape(kept)   # ((|x|ᵖ)^(1/p) can round away, and 1e-200² underflow)
        elif p == 2:
            norm = np.sqrt((X * X).sum(axis=axes, keepdims=True))
        elif p == 1:
            norm = A.sum(axis=axes, keepdims=True)
        elif p == INF:
            norm = A.max(axis=axes, keepdims=True, initial=0.0)
        elif p == -INF:
            norm = A.min(axis=axes, keepdims=True)
        elif p == 0:
            norm = (X != 0).sum(axis=axes, keepdims=True).astype(X.dtype)
        else:
            norm = (A ** p).sum(axis=axes, keepdims=True) ** (1.0 / p)
    norm = norm.astype(X.dtype, copy=False)
    sign = np.sign(X)

    def backward(g):
        g = g.reshape(kept)
        zero = np.zeros((), dtype=g.dtype)
        with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
            if p == 1:
                return (sign * g,)
            if p == 2:
                return (X * np.where(norm == 0, zero, g / norm),)
            if math.isinf(p):        # the entries that reach the norm (or are NaN) share g
                mask = (A == norm) | np.isnan(A)
                return (sign * np.where(mask, g / mask.sum(axis=axes, keepdims=True), zero),)
            if p < 1:
                scaled = np.where(X == 0, zero, sign * A ** (p - 1))
                return (scaled * g * norm ** (1 - p),)
            scaled = sign * A ** (p - 1)
            return (scaled * np.where(norm == 0, zero, g / norm ** (p - 1)),)

    if p == 0:                       # a count: no gradient, as in PyTorch
        return Tensor._from_op(norm.reshape(out_shape))
    return record(norm.reshape(out_shape), (x,), backward, op, saved=(x,))


@graph_backward("vector_norm")
def _vector_norm_graph(ctx, g):
    """The 2-norm's and 1-norm's backward with tensor ops (create_graph=True); other orders
    refuse."""
    from .select import where
    p, kept, norm = ctx.saved("p"), ctx.saved("kept"), ctx.saved("norm")
    g = g.reshape(kept)
    if p == 1:
        return (g * Tensor(ctx.saved("sign")),)
    if p != 2:
        raise RuntimeError(f"create_graph=True: the op 'vector_norm' has no graph-building "
                           f"backward for ord={p} (only for 1 and 2).")
    zero = Tensor(norm == 0)                 # there the gradient is 0 (and so are its own)
    n = where(zero, 1.0, ctx.output(norm.reshape(ctx.node.shape)).reshape(kept))
    return (ctx.input(0, ctx.saved("X")) * where(zero, 0.0, g / n),)


def _matrix_dims(dim, ndim: int, op: str) -> tuple:
    if ndim < 2:
        raise ShapeError(f"{op}: the input must have at least 2 dimensions (a matrix, or a "
                         f"batch of them), got {ndim}.")
    if not isinstance(dim, (tuple, list)) or len(dim) != 2:
        raise ValueError(f"{op}: dim must be a pair of axes (rows, columns), got {dim!r}.")
    rows, cols = (normalize_dims(d, ndim, op)[0] for d in dim)
    if rows == cols:
        raise ValueError(f"{op}: dim {tuple(dim)} names the same axis twice.")
    return rows, cols


def _reduce_shape(shape: tuple, axes: tuple, keep: bool) -> tuple:
    return tuple(1 if i in axes else n for i, n in enumerate(shape)) if keep else \
        tuple(n for i, n in enumerate(shape) if i not in axes)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None) -> Tensor:
    """A matrix norm of ``A`` over the two axes ``dim``, as ``torch.linalg.matrix_norm``.

    Args:
        A (Tensor): a floating-point tensor with at least 2 dimensions (a batch of matrices
            when it has more).
        ord: ``'fro'`` (the default, the Frobenius norm √Σ aᵢⱼ²), ``'nuc'`` (the sum of the
            singular values), 2 / -2 (the largest / smallest singular value), 1 / -1 (the
            largest / smallest column sum of |aᵢⱼ|) or ``inf`` / ``-inf`` (row sums).
        dim (pair of ints): the row and column axes.
        keepdim (bool): keep both reduced axes with size 1.
        dtype (optional): compute in this floating-point dtype.

    Shape:
        ``A``'s shape without the two axes of ``dim`` (or with them as 1 when ``keepdim``).

    Example:
        >>> import minigrad as mg
        >>> A = mg.tensor([[1.0, -2.0], [3.0, 4.0]])
        >>> mg.linalg.matrix_norm(A)
        tensor(5.47722558)
        >>> mg.linalg.matrix_norm(A, ord=1), mg.linalg.matrix_norm(A, ord=float("inf"))
        (tensor(6.), tensor(7.))
    """
    op = "matrix_norm"
    A = _floating(A, dtype, op)
    rows, cols = _matrix_dims(dim, A.ndim, op)
    keep = keep_flag(keepdim, None, op)
    if ord == "fro":
        return vector_norm(A, 2, (rows, cols), keep)
    if ord == "nuc" or ord in (2, -2):
        return _singular_norm(A, ord, rows, cols, keep)
    if not isinstance(ord, str) and not isinstance(ord, bool) and ord in (1, -1, INF, -INF):
        # the columns' (|ord| = 1) or the rows' (|ord| = ∞) sums of absolute values, then
        # their largest (ord > 0) or smallest
        summed, picked = (rows, cols) if abs(ord) == 1 else (cols, rows)
        return _extreme_sum(A, summed, picked, ord > 0, keep)
    raise ValueError(f"{op}: ord must be 'fro', 'nuc', 2, -2, 1, -1, inf or -inf, got {ord!r}.")


def _extreme_sum(A: Tensor, summed: int, picked: int, largest: bool, keep: bool) -> Tensor:
    """max (or min) over axis ``picked`` of Σ|a| over axis ``summed``; ties share the
    gradient equally (PyTorch's amax/amin)."""
    X = A.data
    if X.shape[picked] == 0:
        raise ValueError(f"matrix_norm: cannot take the {'largest' if largest else 'smallest'} "
                         f"sum over an empty axis (shape {A.shape}).")
    sums = np.abs(X).sum(axis=summed, keepdims=True)
    best = (sums.max if largest else sums.min)(axis=picked, keepdims=True)
    mask = sums == best
    share = mask / mask.sum(axis=picked, keepdims=True)
    sign = np.sign(X)
    full = _reduce_shape(A.shape, (summed, picked), True)

    def backward(g):
        return (sign * share * g.reshape(full),)

    out = best.reshape(_reduce_shape(A.shape, (summed, picked), keep))
    return record(out, (A,), backward, "matrix_norm", saved=(A,))


def _singular_norm(A: Tensor, ord, rows: int, cols: int, keep: bool) -> Tensor:
    """The nuclear norm (Σσ, gradient U Vᵀ) or the largest / smallest singular value σ
    (gradient u vᵀ of its singular vectors)."""
    X = np.moveaxis(A.data, (rows, cols), (-2, -1))
    U, S, Vt = np.linalg.svd(X, full_matrices=False)
    if ord == "nuc":
        value = S.sum(axis=-1)
        direction = U @ Vt
    else:
        k = 0 if ord == 2 else -1
        value = S[..., k]
        direction = U[..., :, k:k + 1 if k == 0 else None] @ Vt[..., k:k + 1 if k == 0 else None, :]
    grad_dir = np.moveaxis(direction, (-2, -1), (rows, cols))
    full = _reduce_shape(A.shape, (rows, cols), True)

    def backward(g):
        return (grad_dir * g.reshape(full),)

    out = value.astype(A.dtype, copy=False).reshape(_reduce_shape(A.shape, (rows, cols), keep))
    return record(out, (A,), backward, "matrix_norm", saved=(A,))


def linalg_norm(A, ord=None, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    """``torch.linalg.norm``: a vector norm or a matrix norm, chosen by ``dim`` and ``ord``.

    A vector norm when ``dim`` is one axis, or when both ``dim`` and ``ord`` are None (then
    the 2-norm of every entry); a matrix norm when ``dim`` is a pair of axes, or when
    ``dim`` is None and ``A`` is 2-D.

    Args:
        A (Tensor): a floating-point tensor.
        ord (optional): the vector or matrix order (see :func:`vector_norm`,
            :func:`matrix_norm`).
        dim (int or pair of ints, optional): the axes.
        keepdim (bool): keep the reduced axes with size 1.
        dtype (optional): compute in this floating-point dtype.

    Example:
        >>> import minigrad as mg
        >>> mg.linalg.norm(mg.tensor([[3.0, 4.0], [0.0, 0.0]]))
        tensor(5.)
        >>> mg.linalg.norm(mg.tensor([[3.0, 4.0], [0.0, 0.0]]), ord="nuc")
        tensor(5.)
    """
    op = "linalg.norm"
    if not isinstance(A, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(A).__name__}.")
    if dim is not None and not isinstance(dim, (tuple, list)):
        dim = (dim,)
    if dim is None:
        if ord is None:
            return vector_norm(A, 2, None, keepdim, dtype=dtype)
        if A.ndim not in (1, 2):
            raise ValueError(f"{op}: when ord is given without dim, the input must be 1-D or "
                             f"2-D, got {A.ndim}-D (shape {A.shape}).")
        dim = tuple(range(A.ndim))
    if len(dim) == 1:
        if isinstance(ord, str):
            raise ValueError(f"{op}: ord {ord!r} is a matrix norm, which needs a pair of dims; "
                             f"got dim {tuple(dim)}.")
        return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype)
    if len(dim) == 2:
        return matrix_norm(A, "fro" if ord is None else ord, tuple(dim), keepdim, dtype=dtype)
    raise ValueError(f"{op}: dim must be one axis or a pair of axes, got {tuple(dim)}.")


@tensor_method("norm")
def norm(input, p="fro", dim=None, keepdim=False, dtype=None) -> Tensor:
    """``torch.norm`` (and ``t.norm()``): the 2-norm of every entry by default.

    A number ``p`` is a vector norm over ``dim`` (:func:`vector_norm`); ``'fro'`` is the
    vector 2-norm over ``dim`` (at most two axes); ``'nuc'`` is the nuclear norm of the
    matrices over ``dim`` (every axis when None, so a 2-D input).  PyTorch's own docs
    suggest ``minigrad.linalg``'s functions for new code.

    Args:
        input (Tensor): a floating-point tensor.
        p (float or str): ``'fro'`` (the default), ``'nuc'``, or the order of a vector norm.
        dim (int or tuple of ints, optional): the axes to reduce (all by default).
        keepdim (bool): keep the reduced axes with size 1.
        dtype (optional): compute in this floating-point dtype.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[3.0, 4.0], [6.0, 8.0]])
        >>> x.norm()
        tensor(11.18033989)
        >>> x.norm(dim=1)
        tensor([ 5., 10.])
        >>> mg.norm(x, p=1, dim=0)
        tensor([ 9., 12.])
    """
    if isinstance(p, str):
        if p == "fro" and (dim is None or not isinstance(dim, (tuple, list)) or len(dim) <= 2):
            return vector_norm(input, 2, dim, keepdim, dtype=dtype)
        if p not in ("fro", "nuc"):
            raise ValueError(f"norm: p must be a number, 'fro' or 'nuc', got {p!r}.")
        dims = tuple(range(input.ndim)) if dim is None else dim
        return matrix_norm(input, p, dims, keepdim, dtype=dtype)
    return vector_norm(input, 2.0 if p is None else p, dim, keepdim, dtype=dtype)
