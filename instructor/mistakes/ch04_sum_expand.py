"""Chapter 4's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch04_sum_expand.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.autograd import record
from minigrad.broadcasting import sum_to as _library_sum_to


def sum_op_not_expanded(a, dim):
    return record(a.data.sum(axis=dim), (a,), lambda grad: (grad,), "sum")


def sum_op_no_new_axis(a, dim):
    return record(a.data.sum(axis=dim), (a,),
                  lambda grad: (np.broadcast_to(grad, a.shape),), "sum")


def sum_op_ones(a, dim):
    return record(a.data.sum(axis=dim), (a,), lambda grad: (np.ones(a.shape),), "sum")


def sum_op_divides(a, dim):
    n = a.shape[dim]
    return record(a.data.sum(axis=dim), (a,),
                  lambda grad: (np.broadcast_to(np.expand_dims(grad, dim), a.shape) / n,),
                  "sum")


def _expanded(a, dim, copies):
    return np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)


def expand_op_one_copy(a, dim, copies):
    return record(_expanded(a, dim, copies), (a,),
                  lambda grad: (np.take(grad, 0, axis=dim),), "expand")


def expand_op_mean(a, dim, copies):
    return record(_expanded(a, dim, copies), (a,),
                  lambda grad: (grad.mean(axis=dim),), "expand")


def expand_op_axis0(a, dim, copies):
    return record(_expanded(a, dim, copies), (a,), lambda grad: (grad.sum(axis=0),), "expand")


def sum_to_leading_only(grad, shape):
    return grad.sum(axis=tuple(range(grad.ndim - len(shape))))


def sum_to_no_keepdims(grad, shape):
    lead = grad.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and grad.shape[lead + i] != 1)
    return grad.sum(axis=axes)


def sum_to_from_the_left(grad, shape):
    shape = tuple(shape)
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    axes += tuple(range(len(shape), grad.ndim))
    return grad.sum(axis=axes, keepdims=True).reshape(shape)


def mul_no_sum_to(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (grad * B, grad * A), "mul")


def mul_swapped(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (_library_sum_to(grad * A, A.shape),
                                                _library_sum_to(grad * B, B.shape)), "mul")


def _leading_only(g, shape):
    return g.sum(axis=tuple(range(g.ndim - len(shape))))


def mul_leading_only(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (_leading_only(grad * B, A.shape),
                                                _leading_only(grad * A, B.shape)), "mul")


def div_sign(a, b):
    A, B = a.data, b.data
    return record(A / B, (a, b), lambda grad: (_library_sum_to(grad / B, A.shape),
                                                _library_sum_to(grad * A / B ** 2, B.shape)),
                  "div")


def div_not_squared(a, b):
    A, B = a.data, b.data
    return record(A / B, (a, b), lambda grad: (_library_sum_to(grad / B, A.shape),
                                                _library_sum_to(-grad * A / B, B.shape)),
                  "div")


def div_no_sum_to(a, b):
    A, B = a.data, b.data
    return record(A / B, (a, b), lambda grad: (grad / B, -grad * A / B ** 2), "div")


MISTAKES = {
    "04.sum_op": {
        "sum_op_not_expanded": sum_op_not_expanded,
        "sum_op_no_new_axis": sum_op_no_new_axis,
        "sum_op_divides": sum_op_divides,
        "sum_op_ones": sum_op_ones,
    },
    "04.expand_op": {
        "expand_op_one_copy": expand_op_one_copy,
        "expand_op_mean": expand_op_mean,
        "expand_op_axis0": expand_op_axis0,
    },
    "04.sum_to": {
        "sum_to_leading_only": sum_to_leading_only,
        "sum_to_no_keepdims": sum_to_no_keepdims,
        "sum_to_from_the_left": sum_to_from_the_left,
    },
    "04.mul": {
        "mul_no_sum_to": mul_no_sum_to,
        "mul_swapped": mul_swapped,
        "mul_leading_only": mul_leading_only,
    },
    "04.div": {
        "div_sign": div_sign,
        "div_not_squared": div_not_squared,
        "div_no_sum_to": div_no_sum_to,
    },
}
