"""The named tuples that ``max``/``min`` along a dim, ``sort`` and ``topk`` return, as PyTorch's
``torch.return_types``: ``values, indices = t.max(dim=1)``, or ``t.max(dim=1).indices``."""

from collections import namedtuple

max = namedtuple("max", ["values", "indices"])        # noqa: A001 (PyTorch's names)
min = namedtuple("min", ["values", "indices"])        # noqa: A001
sort = namedtuple("sort", ["values", "indices"])
topk = namedtuple("topk", ["values", "indices"])

_DOC = """What ``{call}`` returns: a named tuple of the ``values`` (a tensor that carries the
gradient) and their ``indices`` (int64).

Args:
    values (Tensor): the values.
    indices (Tensor): where each came from along the dim.

Example:
    >>> import minigrad as mg
    >>> result = {example}
    >>> result.values, result.indices
    {output}
"""
max.__doc__ = _DOC.format(call="t.max(dim)", example="mg.tensor([[1.0, 5.0]]).max(dim=1)",
                          output="(tensor([5.]), tensor([1], dtype=int64))")
min.__doc__ = _DOC.format(call="t.min(dim)", example="mg.tensor([[1.0, 5.0]]).min(dim=1)",
                          output="(tensor([1.]), tensor([0], dtype=int64))")
sort.__doc__ = _DOC.format(call="t.sort()", example="mg.tensor([3.0, 1.0]).sort()",
                           output="(tensor([1., 3.]), tensor([1, 0], dtype=int64))")
topk.__doc__ = _DOC.format(call="t.topk(k)", example="mg.tensor([3.0, 1.0, 2.0]).topk(2)",
                           output="(tensor([3., 2.]), tensor([0, 2], dtype=int64))")
