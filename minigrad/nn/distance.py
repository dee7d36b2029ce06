"""How far apart, or how alike, vectors are: ``F.normalize``, ``F.cosine_similarity``,
``F.pairwise_distance`` and the modules ``CosineSimilarity`` and ``PairwiseDistance``.

Each is built from ops that already have a backward (a norm, a division, a sum), in
PyTorch's order, so values and gradients are PyTorch's, down to what happens to a zero
vector: its norm is replaced by ``eps`` (and then passes no gradient), so the result is
finite.  No chapter uses this module.
"""

from __future__ import annotations

from ..ops.norm import vector_norm
from ..tensor import Tensor
from .module import Module


def _tensor(x, name: str, fn: str) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}: {name} must be a Tensor, got {type(x).__name__}.")
    return x


def normalize(input, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input`` divided by its ``p``-norm along ``dim``, so each slice has norm 1 (a zero
    slice stays zero: the norm is at least ``eps``).

    Args:
        input (Tensor): a floating-point tensor.
        p (float): the norm's order (2).
        dim (int or tuple): the axis (or axes) whose slices are normalised (1).
        eps (float): the smallest norm divided by.

    Shape:
        the same as ``input``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.normalize(mg.tensor([[3.0, 4.0], [0.0, 0.0]]))
        tensor([[0.6, 0.8],
                [0. , 0. ]])
    """
    x = _tensor(input, "input", "normalize")
    return x / vector_norm(x, p, dim, True).clamp_min(eps)


def cosine_similarity(x1, x2, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """The cosine of the angle between ``x1`` and ``x2`` along ``dim``: 1 for the same
    direction, 0 at right angles, -1 for opposite ones (shapes broadcast).

    Args:
        x1, x2 (Tensor): floating-point tensors whose shapes broadcast.
        dim (int): the axis holding the vectors (1).
        eps (float): the smallest norm divided by.

    Shape:
        the broadcast shape without ``dim``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> a = mg.tensor([[1.0, 0.0], [1.0, 1.0]])
        >>> F.cosine_similarity(a, mg.tensor([[1.0, 0.0]]))
        tensor([1.        , 0.70710678])
    """
    x1 = _tensor(x1, "x1", "cosine_similarity")
    x2 = _tensor(x2, "x2", "cosine_similarity")
    n1 = vector_norm(x1, 2, dim, True).clamp_min(eps)
    n2 = vector_norm(x2, 2, dim, True).clamp_min(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def pairwise_distance(x1, x2, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
                      ) -> Tensor:
    """The ``p``-norm distance ``‖x1 - x2 + eps‖`` along the last axis (shapes broadcast);
    the ``eps`` keeps the gradient finite where the two are equal.

    Args:
        x1, x2 (Tensor): floating-point tensors whose shapes broadcast, vectors along the
            last axis.
        p (float): the norm's order (2).
        eps (float): added to the difference.
        keepdim (bool): keep the last axis with size 1.

    Shape:
        the broadcast shape without the last axis.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.pairwise_distance(mg.tensor([[0.0, 0.0]]), mg.tensor([[3.0, 4.0]]), eps=0.0)
        tensor([5.])
    """
    x1 = _tensor(x1, "x1", "pairwise_distance")
    x2 = _tensor(x2, "x2", "pairwise_distance")
    return vector_norm(x1 - x2 + eps, p, -1, keepdim)


class CosineSimilarity(Module):
    """:func:`cosine_similarity` as a module.

    Args:
        dim (int): the axis holding the vectors (1).
        eps (float): the smallest norm divided by (1e-8).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.CosineSimilarity(dim=0)(mg.tensor([1.0, 0.0]), mg.tensor([0.0, 2.0]))
        tensor(0.)
    """

    def __init__(self, dim: int = 1, eps: float = 1e-8):
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1, x2):
        """The cosine similarity of ``x1`` and ``x2`` along ``dim``."""
        return cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    """:func:`pairwise_distance` as a module.

    Args:
        p (float): the norm's order (2).
        eps (float): added to the difference (1e-6).
        keepdim (bool): keep the last axis with size 1.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.PairwiseDistance(p=1.0, eps=0.0)(mg.tensor([[1.0, 1.0]]), mg.tensor([[0.0, 3.0]]))
        tensor([3.])
    """

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False):
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1, x2):
        """The distance between ``x1`` and ``x2`` along the last axis."""
        return pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)
