"""Running totals along one axis, ``cumsum`` and ``cumprod``, and the whole product
``prod``, as PyTorch's.

``cumsum(x)[k] = x[0] + … + x[k]``, so ``x[i]`` reaches every output from ``k = i`` on, and
its gradient is the sum of those outputs' gradients: a cumulative sum taken from the far
end.  For ``cumprod(x)[k] = x[0]·…·x[k]``, the gradient of ``x[i]`` is
``P[i-1] · Σ_{k≥i} g[k]·x[i+1]·…·x[k]`` (P the products before i); the sum is computed from
the far end by ``S[i] = g[i] + x[i+1]·S[i+1]``, which needs no division, so zeros in ``x``
get exact gradients, as in PyTorch.

``prod`` is the last running product, and its gradient, ``Π_{j≠i} x[j]``, is computed
from the products before and after each element, again without dividing, so that a zero
in the input gives the exact gradient (the product of the others) instead of 0/0.

Integer and boolean inputs give int64 totals (PyTorch's rule); ``dtype=`` casts first.
No chapter uses this module.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..tensor import Tensor, tensor_method
from .operands import axis, cast_first


def _prepare(a, dim, dtype, op: str):
    """(the input cast as asked, the axis as a non-negative int, the output dtype)."""
    if not isinstance(a, Tensor):
        raise TypeError(f"{op}: expected a Tensor, got {type(a).__name__}.")
    if dim is None:
        raise TypeError(f"{op}: dim is required (the axis to accumulate along), as in "
                        f"PyTorch: {op}(x, dim=0).")
    d = axis(dim, max(a.ndim, 1), op)
    if dtype is not None:
        a = cast_first(a, dtype, op, bool_ok=False)
    elif a.dtype.kind in "biu":
        a = a.to(np.int64)
    return a, d


def _reverse_cumsum(g: np.ndarray, d: int) -> np.ndarray:
    return np.flip(np.cumsum(np.flip(g, d), axis=d), d)


@tensor_method("cumsum")
def cumsum(a, dim=None, *, dtype=None) -> Tensor:
    """Cumulative sums along ``dim``: ``out[k] = a[0] + … + a[k]``.

    Args:
        a (Tensor): the input (integers and booleans give int64 sums).
        dim (int): the axis to accumulate along (required, as in PyTorch).
        dtype (optional): cast the input to this dtype first.

    Shape:
        the same as ``a``.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, 2.0, 3.0]).cumsum(0)
        tensor([1., 3., 6.])
        >>> mg.cumsum(mg.tensor([[1, 2], [3, 4]]), dim=1)
        tensor([[1, 3],
                [3, 7]], dtype=int64)
    """
    a, d = _prepare(a, dim, dtype, "cumsum")
    A = a.data
    out = np.cumsum(A.reshape(1) if a.ndim == 0 else A, axis=d).reshape(A.shape)

    def backward(g):
        return (_reverse_cumsum(g.reshape(1) if g.ndim == 0 else g, d).reshape(g.shape),)

    return record(out.astype(A.dtype, copy=False), (a,), backward, "cumsum")


@tensor_method("cumprod")
def cumprod(a, dim=None, *, dtype=None) -> Tensor:
    """Cumulative products along ``dim``: ``out[k] = a[0]·…·a[k]``.

    The gradient is exact where ``a`` holds zeros (it is computed without dividing by
    ``a``), as PyTorch's.

    Args:
        a (Tensor): the input (integers and booleans give int64 products).
        dim (int): the axis to accumulate along (required, as in PyTorch).
        dtype (optional): cast the input to this dtype first.

    Shape:
        the same as ``a``.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, 2.0, 3.0, 4.0]).cumprod(0)
        tensor([ 1.,  2.,  6., 24.])
    """
    a, d = _prepare(a, dim, dtype, "cumprod")
    A = a.data.reshape(1) if a.ndim == 0 else a.data
    out = np.cumprod(A, axis=d)
    in_shape = a.shape

    def backward(g):
        X = np.moveaxis(A, d, 0)
        G = np.moveaxis(g.reshape(A.shape), d, 0)
        n = X.shape[0]
        if n == 0:
            return (np.zeros(in_shape, dtype=g.dtype),)
        before = np.ones_like(X)                 # products of the entries before each one
        np.cumprod(X[:-1], axis=0, out=before[1:])
        S = np.empty_like(G)
        S[-1] = G[-1]
        for k in range(n - 2, -1, -1):
            S[k] = G[k] + X[k + 1] * S[k + 1]
        return (np.moveaxis(before * S, 0, d).reshape(in_shape).astype(g.dtype, copy=False),)

    return record(out.reshape(in_shape).astype(A.dtype, copy=False), (a,), backward, "cumprod",
                  saved=(a,))


@tensor_method("prod")
def prod(a, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """The product of every element, or along one axis ``dim``.

    Args:
        a (Tensor): the input (integers and booleans give int64 products).
        dim (int, optional): one axis (PyTorch's ``prod`` takes one, not a tuple); every
            element when None.
        keepdim (bool): keep the reduced axis with size 1.
        dtype (optional): cast the input to this dtype first.

    Shape:
        ``a``'s shape without ``dim`` (a 0-d tensor when ``dim`` is None).

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
        >>> x.prod()
        tensor(24., grad_fn=<prod>)
        >>> mg.prod(x, 1)
        tensor([ 2., 12.], grad_fn=<prod>)
        >>> x.prod().backward(); x.grad
        tensor([[24., 12.],
                [ 8.,  6.]])
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"prod: expected a Tensor, got {type(a).__name__}.")
    if isinstance(dim, (tuple, list)):
        raise TypeError(f"prod: dim must be one int, as in PyTorch (got {dim!r}); take the "
                        f"product one axis at a time.")
    if not isinstance(keepdim, (bool, np.bool_)):
        raise TypeError(f"prod: keepdim must be True or False, got {keepdim!r}.")
    if dtype is not None:
        a = cast_first(a, dtype, "prod")
    elif a.dtype.kind in "biu":
        a = a.to(np.int64)
    A = a.data
    if dim is None:
        if keepdim:
            raise TypeError("prod: keepdim needs a dim; prod() of every element is a 0-d "
                            "tensor.")
        flat, d = A.reshape(-1), 0
        out = np.asarray(flat.prod())
    else:
        d = axis(dim, max(a.ndim, 1), "prod")
        flat = A.reshape(1) if a.ndim == 0 else A
        out = flat.prod(axis=d, keepdims=keepdim)
        if a.ndim == 0:
            out = out.reshape(())
    in_shape, kept = a.shape, tuple(1 if i == d else n for i, n in enumerate(flat.shape))

    def backward(g):
        X = np.moveaxis(flat, d, -1)
        before = np.ones_like(X)
        np.cumprod(X[..., :-1], axis=-1, out=before[..., 1:])
        after = np.ones_like(X)
        np.cumprod(X[..., :0:-1], axis=-1, out=after[..., -2::-1])
        others = np.moveaxis(before * after, -1, d)
        return ((g.reshape(kept if dim is not None else ()) * others).reshape(in_shape)
                .astype(g.dtype, copy=False),)

    return record(out.astype(A.dtype, copy=False), (a,), backward, "prod", saved=(a,))


@graph_backward("cumsum")
def _cumsum_graph(ctx, g):
    """cumsum's backward (a reversed cumsum), recorded (create_graph=True) with cumsum
    itself as its way back; cumprod and prod refuse create_graph."""
    d = ctx.saved("d")
    return (ctx.linear(g, lambda array: np.cumsum(array.reshape(1) if array.ndim == 0
                                                  else array, axis=d).reshape(array.shape)),)
