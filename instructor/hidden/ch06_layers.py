"""Chapter 6's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch06_layers import (
    _AddOne,
    _Affine,
    _Double,
    _fit_case,
    _Holder,
    _linear_forward,
    _loss_case,
    _mlp_case,
    _order_case,
    _Square,
    _tree_case,
)
from classroom.exercises.core import Case
from minigrad.nn import Parameter
from minigrad.tensor import Tensor


def _long_stack():
    add = _AddOne()
    return [add, _Double(), add, _Square(), _Double(), add]


def _deep_tree():
    shared = _Affine(3, 3)
    inner = _Holder(blocks=(shared, _Affine(3, 3), shared), gain=Parameter(np.ones(3)))
    top = _Holder(embed=_Affine(2, 3), body=_Holder(inner=inner), head=[_Affine(3, 1)],
                  scale=Tensor(np.ones(1)))
    named = {"embed.weight": top.embed.weight, "embed.bias": top.embed.bias,
             "shared.weight": shared.weight, "shared.bias": shared.bias,
             "blocks[1].weight": inner.blocks[1].weight, "blocks[1].bias": inner.blocks[1].bias,
             "gain": inner.gain, "head[0].weight": top.head[0].weight,
             "head[0].bias": top.head[0].bias, "scale (a plain Tensor)": top.scale}
    return top, named


HIDDEN = {
    "06.linear": [
        Case("another layer size and batch", _linear_forward(5, 1, 7, 10)),
    ],
    "06.sequential": [
        Case("a longer stack", _order_case(_long_stack, [0.0, 1.5, -3.0])),
        Case("a deeper network", _mlp_case([3, 4, 4, 2], 6, 20)),
    ],
    "06.mse_loss": [
        Case("a larger batch", _loss_case((8, 3), 20)),
    ],
    "06.fit_product": [
        Case("other training points and another seed", _fit_case(7, 7, 101)),
    ],
    "06.parameters": [
        Case("a deeper tree", _tree_case(_deep_tree), info=_deep_tree),
    ],
}
