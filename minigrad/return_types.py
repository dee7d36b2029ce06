"""The named tuples that ``max``/``min`` along a dim, ``sort`` and ``topk`` return, as PyTorch's
``torch.return_types``: ``values, indices = t.max(dim=1)``, or ``t.max(dim=1).indices``."""

from collections import namedtuple

max = namedtuple("max", ["values", "indices"])        # noqa: A001 (PyTorch's names)
min = namedtuple("min", ["values", "indices"])        # noqa: A001
sort = namedtuple("sort", ["values", "indices"])
topk = namedtuple("topk", ["values", "indices"])
