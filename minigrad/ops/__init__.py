"""The operations, one module per step of the course.

=================  ==========================================  =========
module             ops                                         chapter
=================  ==========================================  =========
``add_neg``        add, neg, sub                               2 (sub: 3)
``mul_mm``         mul, mm, matmul (@), transpose, .T, permute  3
``sum_expand``     sum, mean, expand, broadcast_to, reshape    4
``pow_div``        pow (**), div (/)                           4
``elementwise``    exp, log, tanh, sigmoid, relu               5-6
``indexing``       t[idx]                                      6
``inplace``        t[i] = v, add_, mul_, zero_ …, +=, clone    —
=================  ==========================================  =========

Importing a module registers its ops as Tensor methods and operators
(see :func:`minigrad.tensor.tensor_method`).
"""

from . import add_neg, elementwise, indexing, inplace, mul_mm, pow_div, sum_expand  # noqa: F401
