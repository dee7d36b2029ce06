"""Chapter 3's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch03_mul_mm.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from classroom.exercises.ch03_mul_mm import numeric_grad_forward
from minigrad.autograd import record


def sub_no_minus(a, b):
    return record(a.data - b.data, (a, b), lambda grad: (grad, grad), "sub")


def sub_minus_on_a(a, b):
    return record(a.data - b.data, (a, b), lambda grad: (-grad, grad), "sub")


def sub_none_for_b(a, b):
    return record(a.data - b.data, (a, b), lambda grad: (grad, None), "sub")


def sub_two_ops(a, b):
    return a + (-b)


def mul_own_factor(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (grad * A, grad * B), "mul")


def mul_grad_unchanged(a, b):
    return record(a.data * b.data, (a, b), lambda grad: (grad, grad), "mul")


def mul_forgot_grad(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (B, A), "mul")


def mul_no_return(a, b):
    A, B = a.data, b.data
    record(A * B, (a, b), lambda grad: (grad * B, grad * A), "mul")


def mm_transposed_grad(a, b):
    """b's gradient as grad.T @ a: the transpose of the right answer, a transposed grad."""
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda grad: (grad @ B.T, grad.T @ A), "mm")


def mm_wrong_side(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda grad: (B.T @ grad, grad @ A.T), "mm")


def mm_no_transposes(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda grad: (grad @ B, A @ grad), "mm")


def numeric_grad_over_eps(f, x, eps=1e-6):
    grad = np.zeros(x.shape)
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / eps
    return grad


def numeric_grad_no_restore(f, x, eps=1e-6):
    grad = np.zeros(x.shape)
    for idx in np.ndindex(*x.shape):
        x[idx] += eps
        up = f(x)
        x[idx] -= 2 * eps
        grad[idx] = (up - f(x)) / (2 * eps)
    return grad


def affine_b_not_summed(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda grad: (grad @ Wd.T, X.T @ grad, grad), "affine")


def affine_b_averaged(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda grad: (grad @ Wd.T, X.T @ grad, grad.mean(axis=0)), "affine")


def affine_w_transposed(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda grad: (grad @ Wd.T, grad.T @ X, grad.sum(axis=0)), "affine")


def affine_composed(x, W, b):
    return x @ W + b


MISTAKES = {
    "03.sub": {
        "sub_no_minus": sub_no_minus,
        "sub_minus_on_a": sub_minus_on_a,
        "sub_none_for_b": sub_none_for_b,
        "sub_two_ops": sub_two_ops,
    },
    "03.mul": {
        "mul_own_factor": mul_own_factor,
        "mul_grad_unchanged": mul_grad_unchanged,
        "mul_no_return": mul_no_return,
        "mul_forgot_grad": mul_forgot_grad,
    },
    "03.mm": {
        "mm_transposed_grad": mm_transposed_grad,
        "mm_wrong_side": mm_wrong_side,
        "mm_no_transposes": mm_no_transposes,
    },
    "03.numeric_grad": {   # phrases the judge's message must contain
        "one-sided difference": numeric_grad_forward,
        "divide by 2·eps": numeric_grad_over_eps,
        "left x changed": numeric_grad_no_restore,
    },
    "03.affine": {
        "affine_b_not_summed": affine_b_not_summed,
        "affine_b_averaged": affine_b_averaged,
        "affine_w_transposed": affine_w_transposed,
        "affine_composed": affine_composed,
    },
}
