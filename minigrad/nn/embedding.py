"""``Embedding``: a learned vector for each of a fixed set of symbols (words, characters, ids)."""

from __future__ import annotations

import numpy as np

from ..random import get_rng
from ..tensor import Tensor
from .layers import _positive_int
from .module import Module, Parameter


class Embedding(Module):
    """A table of ``num_embeddings`` rows of length ``embedding_dim``; ``forward(ids)`` looks rows up.

    Looking up row ``i`` is the same as multiplying a one-hot vector by the table,
    so the gradient of each row is the sum of the gradients of the positions that
    used it (repeated ids add up).  Rows start as standard normal draws, as in PyTorch.
    """

    def __init__(self, num_embeddings: int, embedding_dim: int, dtype=np.float64, rng=None):
        super().__init__()
        self.num_embeddings = _positive_int(num_embeddings, "num_embeddings", "Embedding")
        self.embedding_dim = _positive_int(embedding_dim, "embedding_dim", "Embedding")
        self.weight = Parameter(
            get_rng(rng).standard_normal((self.num_embeddings, self.embedding_dim)).astype(dtype))

    def forward(self, ids):
        idx = ids.data if isinstance(ids, Tensor) else np.asarray(ids)
        if idx.dtype not in (np.int64, np.int32):
            raise TypeError(f"Embedding: ids must be int64 or int32 integers, as in PyTorch, "
                            f"got dtype {idx.dtype}; convert them with ids.long().")
        if idx.size and (idx.min() < 0 or idx.max() >= self.num_embeddings):
            bad = idx.min() if idx.min() < 0 else idx.max()
            raise IndexError(f"Embedding: id {bad} is out of range for a table of "
                             f"{self.num_embeddings} rows (valid: 0 to {self.num_embeddings - 1}).")
        return self.weight[ids if isinstance(ids, Tensor) else idx]   # a tensor's version is checked

    def extra_repr(self) -> str:
        return f"{self.num_embeddings}, {self.embedding_dim}"
