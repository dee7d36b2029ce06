"""The operations, one module per step of the course.

=================  ==========================================  =========
module             ops                                         chapter
=================  ==========================================  =========
``add_neg``        add, neg, sub                               2 (sub: 3)
``mul_mm``         mul, mm, matmul (@), transpose, .T, permute  3
``sum_expand``     sum, mean, expand, broadcast_to, reshape    4
``pow_div``        pow (**), div (/); floor_divide (//), %         4
``elementwise``    exp, log, tanh, sigmoid, relu               5-6
``indexing``       t[idx]                                      6
``inplace``        t[i] = v, add_, mul_, zero_ …, +=, t_, clone  —
=================  ==========================================  =========

Beyond the core chapters, PyTorch's tensor API, one idea per module (each module's
docstring says more):

==================  =========================================================
module              ops
==================  =========================================================
``compare``         ==, !=, <, <=, >, >= (bool tensors), equal, allclose, any, all;
                    isnan, isinf, isfinite, isclose
``logical``         ~, &, |, ^ (masks, or integer bits), logical_not/and/or/xor
``convert``         float(t), int(t), tolist, .float(), .double(), .long(), .to(), .cpu()
``shape``           view, flatten, squeeze, unsqueeze
``repeat``          repeat
``join``            cat, stack, split, chunk, narrow, unbind
``select``          gather, masked_fill, where, index_select
``abs_sqrt``        abs, sqrt
``clamp``           clamp/clip, clamp_min, clamp_max, maximum, minimum
``minmax``          max, min (all, or along a dim with indices), argmax, argmin
``var_std``         var, std (with ``correction``)
``log_exp``         logsumexp, softplus, logsigmoid
``einsum``          einsum
``sort``            sort, argsort, topk
``sizes``           t.size(), t.size(dim), t.dim(); numel, is_tensor
``norm``            norm, and minigrad.linalg's vector_norm, matrix_norm, norm
``cumulative``      cumsum, cumprod, prod
``reorder``         flip, roll
``unary_math``      sin, cos, log1p, expm1, log2, log10, rsqrt, reciprocal, square,
                    sign, floor, ceil, round, trunc, nan_to_num
``triangle``        tril, triu
``products``        dot, outer, mv, bmm
``logical``         logical_and/or/xor/not, &, |, ^, ~
``like``            new_zeros/ones/full/empty/tensor, type, type_as, view_as,
                    reshape_as, expand_as
==================  =========================================================

(``t.t()``, PyTorch's transpose of at most two axes, is in ``mul_mm`` beside transpose.)

Importing a module registers its ops as Tensor methods and operators
(see :func:`minigrad.tensor.tensor_method`).
"""

from . import add_neg, elementwise, indexing, inplace, mul_mm, pow_div, sum_expand  # noqa: F401
from . import (abs_sqrt, clamp, compare, convert, cumulative, einsum, join, like,  # noqa: F401
               log_exp, logical, minmax, norm, products, reorder, repeat, select, shape, sizes,
               sort, triangle, unary_math, var_std)
