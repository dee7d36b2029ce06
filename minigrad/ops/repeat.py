"""``repeat``: tile a tensor, ``t.repeat(2, 3)`` copying it 2 times down and 3 across.

Like chapter 4's ``expand``, it makes copies, so its backward adds the copies'
gradients up: the gradient is reshaped so that each copy gets an axis of its own,
then summed over those axes.
"""

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..errors import ShapeError
from ..tensor import tensor_method
from .operands import shape_arg


@tensor_method("repeat")
def repeat(a, *sizes):
    """``sizes[i]`` copies along axis i, as PyTorch's ``repeat`` (NumPy's ``tile``).

    There must be at least as many sizes as axes; extra sizes add leading axes."""
    reps = shape_arg(sizes, "repeat", allow_infer=False)
    if len(reps) < a.ndim:
        raise ShapeError(f"repeat: needs a size for each of the {a.ndim} axes of a tensor "
                         f"with shape {a.shape}, got {reps}.")
    in_shape = a.shape
    padded = (1,) * (len(reps) - a.ndim) + in_shape

    def backward(g):
        # axis 2i counts the copies along axis i, axis 2i + 1 runs along one copy
        split = g.reshape(tuple(n for pair in zip(reps, padded) for n in pair))
        return (split.sum(axis=tuple(range(0, 2 * len(reps), 2))).reshape(in_shape),)

    return record(np.tile(a.data, reps), (a,), backward, "repeat")


@graph_backward("repeat")
def _repeat_graph(ctx, g):
    """repeat's backward sums the copies; recorded (create_graph=True) with tiling again as
    its way back."""
    reps = ctx.saved("reps")
    return (ctx.linear(g, lambda array: np.tile(array, reps)),)
