"""One table of operations drives both the forward tests (against NumPy) and the
gradient tests (against gradcheck) in test_ops.py.

Each row says how to call the op in minigrad, how to compute the same thing in
NumPy, and what inputs it accepts: which shapes (a hypothesis strategy) and
which values (its domain).  Adding an op to minigrad means adding a row here.
"""

from dataclasses import dataclass
from typing import Callable

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import minigrad as mg

SMALL = dict(min_side=1, max_side=3)


@dataclass
class Op:
    name: str
    fn: Callable            # minigrad: fn(*tensors, **params)
    ref: Callable           # NumPy:    ref(*arrays, **params)
    shapes: Callable        # draw(data) -> (list of input shapes, dict of params)
    domain: str = "real"    # real | positive | away_from_zero


def torch_axes(dim):
    """NumPy's ``axis`` for a PyTorch-style ``dim``: an empty tuple reduces every axis."""
    return None if dim == () else dim


# -- shape strategies ------------------------------------------------------------------
def unary(data):
    return [data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")], {}


def unary_2d_plus(data):
    return [data.draw(hnp.array_shapes(min_dims=2, max_dims=3, **SMALL), label="shape")], {}


def broadcast_pair(data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3,
                                                         **SMALL), label="shapes")
    return list(shapes.input_shapes), {}


def reduction(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    dim = data.draw(st.one_of(
        st.none(),
        st.integers(-nd, nd - 1) if nd else st.none(),
        st.lists(st.integers(0, nd - 1), unique=True, max_size=nd).map(tuple)
        if nd else st.none()), label="dim")
    keepdims = data.draw(st.booleans(), label="keepdims")
    return [shape], {"dim": dim, "keepdims": keepdims}


def expansion(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, **SMALL), label="shape")
    dim = data.draw(st.integers(-len(shape) - 1, len(shape)), label="dim")
    copies = data.draw(st.integers(1, 3), label="copies")
    return [shape], {"dim": dim, "copies": copies}


def to_broadcast(data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=1, min_dims=0, max_dims=3,
                                                         **SMALL), label="shapes")
    return [shapes.input_shapes[0]], {"shape": shapes.result_shape}


def matrix_pair(data):
    n, k, m = (data.draw(st.integers(1, 3), label=x) for x in "nkm")
    return [(n, k), (k, m)], {}


def matmul_pair(data):
    """Vectors, matrices and batches whose batch dimensions broadcast."""
    k = data.draw(st.integers(1, 3), label="k")
    a_vec, b_vec = data.draw(st.booleans(), label="a_vec"), data.draw(st.booleans(), label="b_vec")
    batch = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2,
                                                        **SMALL), label="batch")
    a = (k,) if a_vec else batch.input_shapes[0] + (data.draw(st.integers(1, 3)), k)
    b = (k,) if b_vec else batch.input_shapes[1] + (k, data.draw(st.integers(1, 3)))
    return [a, b], {}


def reshaping(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    size = int(np.prod(shape))
    new = data.draw(st.sampled_from([(size,), (1, size), (size, 1), (-1,), shape[::-1]]),
                    label="new_shape")
    return [shape], {"shape": new}


def permutation(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    dims = data.draw(st.permutations(range(len(shape))), label="dims")
    return [shape], {"dims": tuple(dims)}


def swap_dims(data):
    shape = data.draw(hnp.array_shapes(min_dims=2, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    return [shape], {"dim0": data.draw(st.integers(-nd, nd - 1)),
                     "dim1": data.draw(st.integers(-nd, nd - 1))}


def int_array_index(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    idx = data.draw(st.lists(st.integers(0, shape[0] - 1), min_size=1, max_size=5), label="idx")
    return [shape], {"idx": np.array(idx)}          # repeats allowed: gradients must add up


def slice_index(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    start = data.draw(st.integers(0, shape[0] - 1), label="start")
    step = data.draw(st.integers(1, 2), label="step")
    return [shape], {"idx": (slice(start, None, step), Ellipsis)}


def int_and_slice(data):
    shape = data.draw(hnp.array_shapes(min_dims=2, max_dims=3, **SMALL), label="shape")
    return [shape], {"idx": (data.draw(st.integers(-shape[0], shape[0] - 1)), slice(None, None, -1))}


# -- the table -------------------------------------------------------------------------
OPS = [
    # chapter 2: add / neg / sub
    Op("add", lambda a, b: a + b, np.add, broadcast_pair),
    Op("neg", lambda a: -a, np.negative, unary),
    Op("sub", lambda a, b: a - b, np.subtract, broadcast_pair),
    Op("radd", lambda a: 2.5 + a, lambda a: 2.5 + a, unary),
    Op("rsub", lambda a: 1 - a, lambda a: 1 - a, unary),
    # chapter 3: mul / mm / transpose
    Op("mul", lambda a, b: a * b, np.multiply, broadcast_pair),
    Op("rmul", lambda a: 2 * a, lambda a: 2 * a, unary),
    Op("mm", mg.mm, np.matmul, matrix_pair),
    Op("matmul", lambda a, b: a @ b, np.matmul, matmul_pair),
    Op("transpose", lambda a, dim0, dim1: a.transpose(dim0, dim1),
       lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1), swap_dims),
    Op("transpose_default", lambda a: a.transpose(), lambda a: np.swapaxes(a, -2, -1),
       unary_2d_plus),
    Op("T", lambda a: a.T, lambda a: a.T, unary),
    Op("permute", lambda a, dims: a.permute(*dims), lambda a, dims: a.transpose(dims),
       permutation),
    # chapter 4: sum / expand / broadcasting / reshape, pow / div
    Op("sum", lambda a, dim, keepdims: a.sum(dim, keepdims=keepdims),
       lambda a, dim, keepdims: a.sum(axis=torch_axes(dim), keepdims=keepdims), reduction),
    Op("mean", lambda a, dim, keepdims: a.mean(dim, keepdims=keepdims),
       lambda a, dim, keepdims: a.mean(axis=torch_axes(dim), keepdims=keepdims), reduction),
    Op("expand", lambda a, dim, copies: a.expand(dim, copies),
       lambda a, dim, copies: np.repeat(np.expand_dims(a, dim), copies, axis=dim), expansion),
    Op("broadcast_to", lambda a, shape: a.broadcast_to(shape),
       lambda a, shape: np.broadcast_to(a, shape), to_broadcast),
    Op("reshape", lambda a, shape: a.reshape(shape), lambda a, shape: a.reshape(shape),
       reshaping),
    Op("div", lambda a, b: a / b, np.true_divide, broadcast_pair, "away_from_zero"),
    Op("rtruediv", lambda a: 1 / a, lambda a: 1 / a, unary, "away_from_zero"),
    Op("pow_int", lambda a: a ** 3, lambda a: a ** 3, unary),
    Op("pow_neg", lambda a: a ** -2, lambda a: a ** -2.0, unary, "away_from_zero"),
    Op("pow_frac", lambda a: a ** 0.5, np.sqrt, unary, "positive"),
    Op("pow_tensor", lambda a, b: a ** b, np.power, broadcast_pair, "positive"),
    Op("rpow", lambda a: 2 ** a, lambda a: 2.0 ** a, unary),
    # elementwise functions
    Op("exp", lambda a: a.exp(), np.exp, unary),
    Op("log", lambda a: a.log(), np.log, unary, "positive"),
    Op("tanh", lambda a: a.tanh(), np.tanh, unary),
    Op("sigmoid", lambda a: a.sigmoid(), lambda a: 1 / (1 + np.exp(-a)), unary),
    Op("relu", lambda a: a.relu(), lambda a: np.maximum(a, 0), unary, "away_from_zero"),
    # indexing
    Op("index_int_array", lambda a, idx: a[idx], lambda a, idx: a[idx], int_array_index),
    Op("index_slice", lambda a, idx: a[idx], lambda a, idx: a[idx], slice_index),
    Op("index_int_and_slice", lambda a, idx: a[idx], lambda a, idx: a[idx], int_and_slice),
]


def values(shape, domain: str, rng) -> np.ndarray:
    """Random float64 inputs in a range where the op is smooth."""
    x = rng.uniform(0.5, 2.0, size=shape)
    if domain == "positive":
        return x
    sign = rng.choice([-1.0, 1.0], size=shape)
    if domain == "away_from_zero":
        return sign * x
    return rng.uniform(-2.0, 2.0, size=shape)
