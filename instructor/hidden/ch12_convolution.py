"""Chapter 12's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md).  Each tests a rule the public cases test
too, on other data."""

import numpy as np

from classroom.exercises.ch12_convolution import (
    _calls,
    _conv_case,
    _im2col_case,
    _pool_case,
    _pool_input,
    _refuses,
    _size_case,
    _weight_grad_case,
)
from classroom.exercises.core import Case

HIDDEN = {
    "12.output_size": [
        Case("more sizes, strides and paddings",
             _size_case(_calls(((32, 5), {"stride": 1, "padding": 2}),
                               ((224, 7), {"stride": 2, "padding": 3}),
                               ((13, 4), {"stride": 3}), ((1, 1), {}),
                               ((6, 6), {"stride": 4}), ((15, 3), {"stride": 5, "padding": 1})))),
        Case("another kernel that does not fit", _refuses((4, 7), {"stride": 2, "padding": 1})),
    ],
    "12.conv2d_loops": [
        Case("a larger batch, 4 channels in and out, a 3×3 kernel",
             _conv_case((2, 4, 7, 6), (4, 4, 3, 3), 40)),
        Case("a kernel as large as the image: one output value per image and filter",
             _conv_case((2, 3, 3, 4), (2, 3, 3, 4), 50)),
    ],
    "12.im2col": [
        Case("a larger batch, a 1×1 kernel", _im2col_case((2, 4, 3, 5), 1, 1, 1, 10)),
        Case("stride 3 on a batch of 2, a 2×3 kernel", _im2col_case((2, 3, 8, 9), 2, 3, 3, 11)),
    ],
    "12.conv_weight_grad": [
        Case("a batch of 4, 3 channels, 4 filters, a 3×3 kernel",
             _weight_grad_case((4, 3, 7, 6), (4, 4, 5, 4), 30)),
        Case("an output gradient of one value per image (the kernel covers the whole image)",
             _weight_grad_case((3, 2, 3, 3), (3, 5, 1, 1), 40)),
    ],
    "12.max_pool": [
        Case("a batch of 3, 2 channels, 8×9, windows of 4, a random incoming gradient",
             _pool_case(_pool_input(5, (3, 2, 8, 9)), 4,
                        np.random.default_rng(6).normal(size=(3, 2, 2, 2)))),
        Case("every window full of ties", _pool_case(np.zeros((1, 2, 4, 4)), 2,
                                                     np.arange(8.0).reshape(1, 2, 2, 2) + 1)),
        Case("windows of 3 with many ties in different places (values 0, 1 and 2 only)",
             _pool_case(np.random.default_rng(7).integers(0, 3, (2, 2, 6, 9)).astype(float), 3,
                        np.arange(24.0).reshape(2, 2, 2, 3) + 1)),
    ],
}
