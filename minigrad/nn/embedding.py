"""Ids to vectors: ``F.one_hot``, ``F.embedding`` and ``Embedding`` (chapter 9).

An id ``i`` out of ``C`` can be written as a one-hot vector (a 1 at place ``i``, zeros
elsewhere: :func:`one_hot`), and multiplying that vector by a table ``W`` of ``C`` rows
picks row ``i``.  :func:`embedding` does the picking directly, and its backward adds
each position's gradient into the row it picked (repeated ids add up), exactly what
the one-hot product's gradient would be.  ``Embedding`` is the layer that learns the
table, with PyTorch's options:

* ``padding_idx``: that row starts at zero and its gradient is always zero, so a
  padding symbol stays a zero vector however long training runs;
* ``max_norm``: rows looked up are first scaled down in place to at most that norm;
* ``scale_grad_by_freq``: each row's gradient is divided by how often its id occurs in
  the batch.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..autograd import no_grad, record
from ..autograd import graph_backward
from ..random import get_rng
from ..tensor import Tensor
from .layers import _positive_int
from .module import Module, Parameter


def _ids(input, fn: str, dtypes=(np.int64, np.int32)) -> np.ndarray:
    """The ids as an array, refused unless int64 or int32 (PyTorch's embedding takes both,
    one_hot int64 only): a uint8 tensor is a mask to PyTorch, not positions."""
    idx = input.data if isinstance(input, Tensor) else np.asarray(input)
    if idx.dtype not in dtypes:
        which = " or ".join(np.dtype(d).name for d in dtypes)
        raise TypeError(f"{fn}: ids must be {which} integers, as in PyTorch, got dtype "
                        f"{idx.dtype}; convert them with ids.long().")
    return idx


def one_hot(tensor, num_classes: int = -1) -> Tensor:
    """Each integer id as a vector of zeros with a single 1 at the id's place.

    Args:
        tensor (Tensor): integer class ids, any shape, each in ``[0, num_classes)``.
        num_classes (int): the length of each vector; -1 (the default) uses the largest id
            plus one.

    Shape:
        ``tensor``'s shape with one more axis of size ``num_classes`` at the end; int64.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.one_hot(mg.tensor([0, 2, 1]), num_classes=3)
        tensor([[1, 0, 0],
                [0, 0, 1],
                [0, 1, 0]], dtype=int64)
    """
    idx = _ids(tensor, "one_hot", (np.int64,))
    if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral):
        raise TypeError(f"one_hot: num_classes must be an int, got {type(num_classes).__name__}.")
    if idx.size and idx.min() < 0:
        raise ValueError(f"one_hot: class ids must be non-negative, got {idx.min()}.")
    if num_classes == -1:
        if idx.size == 0:
            raise ValueError("one_hot: cannot infer the number of classes from an empty tensor; "
                             "pass num_classes.")
        num_classes = int(idx.max()) + 1
    if num_classes < 0 or (idx.size and idx.max() >= num_classes):
        raise ValueError(f"one_hot: class ids must be smaller than num_classes={num_classes}, "
                         f"got {idx.max() if idx.size else num_classes}.")
    out = np.zeros(idx.shape + (int(num_classes),), dtype=np.int64)
    np.put_along_axis(out, idx[..., None].astype(np.int64), 1, axis=-1)
    return Tensor._from_op(out)


def _renorm_(weight: Tensor, idx: np.ndarray, max_norm: float, norm_type: float) -> None:
    """Scale the rows ``idx`` of ``weight`` down, in place and unrecorded, to at most
    ``max_norm`` (PyTorch's ``embedding_renorm_``, with its 1e-7)."""
    rows = np.unique(idx)
    W = weight.data
    norms = np.linalg.norm(W[rows], ord=norm_type, axis=1)
    big = norms > max_norm
    if big.any():
        with no_grad():
            scaled = W[rows[big]] * (max_norm / (norms[big] + 1e-7))[:, None]
            weight.data[rows[big]] = scaled.astype(W.dtype, copy=False)
            weight.bump_version()


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    """The rows of ``weight`` picked by the integer ids in ``input``.

    Args:
        input (Tensor): integer ids, any shape, each in ``[0, num_embeddings)``.
        weight (Tensor): the table, shape (num_embeddings, embedding_dim).
        padding_idx (int, optional): the gradient of this row is always zero.
        max_norm (float, optional): first scale every row that ``input`` picks down, in
            place, to a ``norm_type``-norm of at most ``max_norm``.
        norm_type (float): the p of that norm (2 by default).
        scale_grad_by_freq (bool): divide each row's gradient by how many times its id
            occurs in ``input``.
        sparse (bool): sparse gradients are not supported (must be False).

    Shape:
        ``input``'s shape with one more axis of size embedding_dim at the end.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> table = mg.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
        >>> F.embedding(mg.tensor([[2, 1], [0, 2]]), table)
        tensor([[[3., 4.],
                 [1., 2.]],
        <BLANKLINE>
                [[0., 0.],
                 [3., 4.]]])
    """
    if sparse:
        raise ValueError("embedding: sparse gradients are not supported; minigrad's gradients "
                         "are dense arrays (pass sparse=False).")
    if not isinstance(weight, Tensor) or weight.ndim != 2:
        shape = f" of shape {weight.shape}" if isinstance(weight, Tensor) else ""
        raise TypeError(f"embedding: weight must be a 2-D Tensor (num_embeddings, "
                        f"embedding_dim), got {type(weight).__name__}{shape}.")
    idx = _ids(input, "embedding")
    n = weight.shape[0]
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        bad = idx.min() if idx.min() < 0 else idx.max()
        raise IndexError(f"embedding: id {bad} is out of range for a table of {n} rows "
                         f"(valid: 0 to {n - 1}).")
    if padding_idx is not None:
        padding_idx = _padding_index(padding_idx, n, "embedding")
    if not isinstance(input, Tensor):
        idx = np.array(idx)                     # our own copy: backward reads it
    if max_norm is not None:
        _renorm_(weight, idx, max_norm, norm_type)
    W = weight.data
    shape, dtype = W.shape, W.dtype

    def backward(g):
        flat = idx.reshape(-1)
        rows = g.reshape(-1, shape[1])
        if scale_grad_by_freq:
            counts = np.bincount(flat, minlength=shape[0])
            rows = rows / counts[flat][:, None]
        full = np.zeros(shape, dtype=dtype)
        np.add.at(full, flat, rows)
        if padding_idx is not None:
            full[padding_idx] = 0
        return (full,)

    saved = (input,) if isinstance(input, Tensor) else ()    # the ids backward reads
    return record(W[idx], (weight,), backward, "embedding", saved=saved)


@graph_backward("embedding")
def _embedding_graph(ctx, g):
    """embedding's backward adds the gradient's rows into the table's; recorded
    (create_graph=True) with its adjoint, taking the rows again, as its way back."""
    idx, shape, padding_idx = ctx.saved("idx"), ctx.saved("shape"), ctx.saved("padding_idx")
    flat = idx.reshape(-1)

    def rows_of(table):
        # (not divided by the ids' counts under scale_grad_by_freq: that scaling is not a
        # derivative, and the way back reaches the table through the lookup's own backward,
        # which scales once; as PyTorch's, and as finite differences say)
        rows = np.array(table[flat])
        if padding_idx is not None:
            rows[flat == padding_idx] = 0
        return rows.reshape(idx.shape + (shape[1],))

    return (ctx.linear(g, rows_of),)


def _padding_index(padding_idx, n: int, where: str) -> int:
    if isinstance(padding_idx, bool) or not isinstance(padding_idx, numbers.Integral):
        raise TypeError(f"{where}: padding_idx must be an int, got "
                        f"{type(padding_idx).__name__}.")
    if not -n <= padding_idx < n:
        raise ValueError(f"{where}: padding_idx {padding_idx} must be within num_embeddings "
                         f"(-{n} to {n - 1}).")
    return int(padding_idx) % n


class Embedding(Module):
    """A table of ``num_embeddings`` rows of length ``embedding_dim``; ``forward(ids)`` looks
    rows up (:func:`embedding`).

    Looking up row ``i`` is the same as multiplying a one-hot vector by the table, so the
    gradient of each row is the sum of the gradients of the positions that used it
    (repeated ids add up).  Rows start as standard normal draws, as in PyTorch.

    Args:
        num_embeddings (int): how many ids (rows).
        embedding_dim (int): the length of each vector (columns).
        padding_idx (int, optional): this row starts at zero and never gets a gradient
            (negative counts from the end).
        max_norm (float, optional): rows looked up are scaled down in place to this norm.
        norm_type (float): the p of that norm (2).
        scale_grad_by_freq (bool): divide each row's gradient by its id's count in the batch.
        sparse (bool): must be False (no sparse gradients).
        device: ``"cpu"`` or None.
        dtype: the table's dtype (float64 by default).
        rng (numpy.random.Generator, optional): where the initial rows are drawn from
            (minigrad's generator by default).

    Shape:
        input: integer ids of any shape; output: that shape plus ``(embedding_dim,)``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> emb = nn.Embedding(10, 3, padding_idx=0)
        >>> emb(mg.tensor([[0, 4], [4, 9]])).shape
        (2, 2, 3)
        >>> emb(mg.tensor([0]))
        tensor([[0., 0., 0.]], grad_fn=<embedding>)
    """

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx=None, max_norm=None,
                 norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False,
                 _weight=None, _freeze: bool = False, device=None, dtype=np.float64, rng=None):
        super().__init__()
        from ..device import check_device

        check_device(device, "Embedding")
        self.num_embeddings = _positive_int(num_embeddings, "num_embeddings", "Embedding")
        self.embedding_dim = _positive_int(embedding_dim, "embedding_dim", "Embedding")
        if padding_idx is not None:
            padding_idx = _padding_index(padding_idx, self.num_embeddings, "Embedding")
        if sparse:
            raise ValueError("Embedding: sparse gradients are not supported (sparse=False).")
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            table = get_rng(rng).standard_normal((self.num_embeddings, self.embedding_dim))
            table = table.astype(dtype)
            if padding_idx is not None:
                table[padding_idx] = 0
            self.weight = Parameter(table, requires_grad=not _freeze)
        else:
            data = _weight.data if isinstance(_weight, Tensor) else np.asarray(_weight)
            if data.shape != (self.num_embeddings, self.embedding_dim):
                raise ValueError(f"Embedding: _weight has shape {data.shape}, expected "
                                 f"({self.num_embeddings}, {self.embedding_dim}).")
            self.weight = Parameter(data)
            self.weight._data = data    # shared, as PyTorch's Parameter(tensor) shares storage
            if _freeze:
                self.weight.requires_grad_(False)

    @classmethod
    def from_pretrained(cls, embeddings, freeze: bool = True, padding_idx=None, max_norm=None,
                        norm_type: float = 2.0, scale_grad_by_freq: bool = False,
                        sparse: bool = False) -> "Embedding":
        """An ``Embedding`` whose table is ``embeddings`` (a 2-D tensor, whose values it
        shares as PyTorch's does, or an array, which it copies), frozen unless
        ``freeze=False``.  The ``padding_idx`` row is not zeroed (it keeps the pretrained
        vector), but it gets no gradient.

        Args:
            embeddings (Tensor or ndarray): the table, (num_embeddings, embedding_dim).
            freeze (bool): keep the table fixed (``weight.requires_grad`` False).
            padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse: as for
                :class:`Embedding`.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> emb = nn.Embedding.from_pretrained(mg.tensor([[1.0, 2.0], [3.0, 4.0]]))
            >>> emb(mg.tensor([1])), emb.weight.requires_grad
            (tensor([[3., 4.]]), False)
        """
        # a Tensor's values are shared (PyTorch's Parameter(tensor) shares storage); an
        # array is copied, as Tensor(array) copies
        data = embeddings.data if isinstance(embeddings, Tensor) else np.array(embeddings)
        if data.ndim != 2:
            raise ValueError(f"Embedding.from_pretrained: embeddings must be 2-D "
                             f"(num_embeddings, embedding_dim), got shape {data.shape}.")
        return cls(data.shape[0], data.shape[1], padding_idx, max_norm, norm_type,
                   scale_grad_by_freq, sparse, _weight=data, _freeze=freeze, dtype=data.dtype)

    def forward(self, ids):
        """Look up the rows of ``ids`` (see :func:`embedding`)."""
        return embedding(ids, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                         self.scale_grad_by_freq, self.sparse)

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq:
            text += ", scale_grad_by_freq=True"
        return text
