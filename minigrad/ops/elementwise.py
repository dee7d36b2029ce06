"""Elementwise functions: exp, log and the activations tanh, sigmoid and relu.

Each output element depends only on the input element in the same place, so
each backward is the incoming gradient times the function's own derivative,
often written in terms of the output it already computed.
"""

import numpy as np

from ..autograd import record
from ..tensor import tensor_method


@tensor_method("exp")
def exp(a):
    out = np.exp(a.data)

    def backward(g):
        return (g * out,)          # (eˣ)' = eˣ

    return record(out, (a,), backward, "exp")


@tensor_method("log")
def log(a):
    """Natural logarithm."""
    A = a.data

    def backward(g):
        return (g / A,)            # (ln x)' = 1/x

    return record(np.log(A), (a,), backward, "log")


@tensor_method("tanh")
def tanh(a):
    out = np.tanh(a.data)

    def backward(g):
        return (g * (1 - out * out),)   # tanh' = 1 - tanh²

    return record(out, (a,), backward, "tanh")


@tensor_method("sigmoid")
def sigmoid(a):
    """1 / (1 + e⁻ˣ), computed as (1 + tanh(x/2)) / 2, which never overflows."""
    out = 0.5 * (np.tanh(0.5 * a.data) + 1)

    def backward(g):
        return (g * out * (1 - out),)   # σ' = σ(1 - σ)

    return record(out, (a,), backward, "sigmoid")


@tensor_method("relu")
def relu(a):
    """max(x, 0); its slope is 1 where x > 0 and 0 elsewhere (we pick 0 at x = 0, as PyTorch)."""
    A = a.data

    def backward(g):
        return (g * (A > 0),)

    return record(np.maximum(A, 0), (a,), backward, "relu")
