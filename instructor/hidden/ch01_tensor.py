"""Chapter 1's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch01_tensor import (
    _describe_case,
    _dtype_case,
    _one_hot_case,
    _parameter_case,
    _shapes_case,
)
from classroom.exercises.core import Case
from minigrad.tensor import Tensor


def _node_of_matrix():
    w = Tensor(np.ones((2, 2, 2)), requires_grad=True)
    return -w


def _many_labels():
    return np.random.default_rng(1).integers(0, 10, size=64)


HIDDEN = {
    "01.describe": [
        Case("a float32 batch", _describe_case(
            lambda: Tensor(np.ones((4, 1, 5), dtype=np.float32)))),
        Case("another op's result", _describe_case(_node_of_matrix)),
    ],
    "01.make_parameter": [
        Case("a single number", _parameter_case(lambda: 7)),
        Case("a larger integer array", _parameter_case(
            lambda: np.arange(24, dtype=np.int32).reshape(2, 3, 4))),
    ],
    "01.mlp_shapes": [
        Case("other batch and layer sizes", _shapes_case(5, 10, 12, 7, 4)),
    ],
    "01.tensor_dtype": [
        Case("a NumPy scalar", _dtype_case(lambda: np.int32(7))),
        Case("an image", _dtype_case(lambda: np.zeros((2, 2), dtype=np.uint8))),
        Case("a mask", _dtype_case(lambda: np.array([True, False]))),
        Case("a list with a dtype", _dtype_case(lambda: [0.5, 1.5], dtype=np.dtype("int16"))),
    ],
    "01.one_hot": [
        Case("a larger batch", _one_hot_case(_many_labels, 10)),
        Case("a float Tensor", _one_hot_case(lambda: Tensor([0, 1]), 2)),
        Case("another bad label", _one_hot_case(lambda: np.array([2, 0, -3]), 4)),
    ],
}
