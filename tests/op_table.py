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
    # how the gradient is checked: "gradcheck" (against finite differences), "cast" (a dtype
    # conversion: the gradient passes through unchanged), or "none" (not differentiable, as
    # comparisons and indices: the output must never require a gradient)
    grad: str = "gradcheck"


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
    # -1 is refused (PyTorch's "keep this size"); every other new-axis position works
    dim = data.draw(st.integers(-len(shape) - 1, len(shape)).filter(lambda d: d != -1),
                    label="dim")
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


def flatten_dims(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, **SMALL), label="shape")
    nd = max(len(shape), 1)
    start = data.draw(st.integers(-nd, nd - 1), label="start_dim")
    end = data.draw(st.integers(start % nd, nd - 1), label="end_dim")
    return [shape], {"start_dim": start, "end_dim": end}


def squeeze_dims(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=1, max_side=2),
                      label="shape")
    nd = len(shape)
    dim = data.draw(st.one_of(
        st.none(),
        st.integers(-nd, nd - 1) if nd else st.none(),
        st.lists(st.integers(0, nd - 1), unique=True, max_size=nd).map(tuple) if nd
        else st.none()), label="dim")
    return [shape], {"dim": dim}


def unsqueeze_dim(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    return [shape], {"dim": data.draw(st.integers(-len(shape) - 1, len(shape)), label="dim")}


def repeat_sizes(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    extra = data.draw(st.integers(0, 2), label="extra axes")
    sizes = data.draw(st.lists(st.integers(0, 3), min_size=len(shape) + extra,
                               max_size=len(shape) + extra), label="sizes")
    return [shape], {"sizes": tuple(sizes)}


def join_shapes(data, new_axis: bool):
    base = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    nd = len(base)
    n = data.draw(st.integers(1, 3), label="how many")
    dim = data.draw(st.integers(-nd - new_axis, nd - 1 + new_axis), label="dim")
    if new_axis:
        return [base] * n, {"dim": dim}
    shapes = []
    for _ in range(n):
        s = list(base)
        s[dim % nd] = data.draw(st.integers(0, 3), label="size along dim")
        shapes.append(tuple(s))
    return shapes, {"dim": dim}


def cat_shapes(data):
    return join_shapes(data, new_axis=False)


def stack_shapes(data):
    return join_shapes(data, new_axis=True)


def split_piece(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
                      label="shape")
    nd = len(shape)
    dim = data.draw(st.integers(-nd, nd - 1), label="dim")
    n = shape[dim % nd]
    if data.draw(st.booleans(), label="sections"):
        cuts = sorted(data.draw(st.lists(st.integers(0, n), max_size=3), label="cuts"))
        sections = [b - a for a, b in zip([0] + cuts, cuts + [n])]
    else:
        sections = data.draw(st.integers(1, n + 1), label="split_size")
    pieces = len(sections) if isinstance(sections, list) else -(-n // sections)
    return [shape], {"sections": sections, "dim": dim,
                     "piece": data.draw(st.integers(0, pieces - 1), label="piece")}


def np_split_piece(a, sections, dim, piece):
    n = a.shape[dim]
    sizes = sections if isinstance(sections, list) else \
        [min(sections, n - s) for s in range(0, n, sections)]
    start = sum(sizes[:piece])
    return np.take(a, np.arange(start, start + sizes[piece]), axis=dim)


def chunk_piece(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5),
                      label="shape")
    nd = len(shape)
    dim = data.draw(st.integers(-nd, nd - 1), label="dim")
    chunks = data.draw(st.integers(1, 4), label="chunks")
    n = shape[dim % nd]
    pieces = -(-n // -(-n // chunks))
    return [shape], {"chunks": chunks, "dim": dim,
                     "piece": data.draw(st.integers(0, pieces - 1), label="piece")}


def np_chunk_piece(a, chunks, dim, piece):
    return np_split_piece(a, -(-a.shape[dim] // chunks), dim, piece)


def narrow_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4),
                      label="shape")
    nd = len(shape)
    dim = data.draw(st.integers(-nd, nd - 1), label="dim")
    n = shape[dim % nd]
    start = data.draw(st.integers(0, n), label="start")
    return [shape], {"dim": dim, "start": start,
                     "length": data.draw(st.integers(0, n - start), label="length")}


def gather_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    dim = data.draw(st.integers(-nd, nd - 1), label="dim")
    idx_shape = tuple(data.draw(st.integers(1, 4), label="index size") if i == dim % nd
                      else data.draw(st.integers(1, n), label="index size")
                      for i, n in enumerate(shape))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16), label="index seed"))
    return [shape], {"dim": dim, "index": rng.integers(0, shape[dim % nd], size=idx_shape)}


def np_gather(a, dim, index):
    grids = list(np.ogrid[tuple(slice(n) for n in index.shape)])
    grids[dim % a.ndim] = index
    return a[tuple(grids)]


def _mask_for(data, shape, label="mask"):
    """A bool mask whose shape broadcasts to ``shape`` (it may drop leading axes or have 1s)."""
    lead = data.draw(st.integers(0, len(shape)), label=f"{label} leading axes dropped")
    mshape = tuple(n if data.draw(st.booleans(), label=f"{label} keeps axis") else 1
                   for n in shape[lead:])
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16), label=f"{label} seed"))
    return rng.random(mshape) < 0.5


def masked_fill_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    value = data.draw(st.sampled_from([0.0, -1.5, 100.0]), label="value")
    return [shape], {"mask": _mask_for(data, shape), "value": value}


def masked_fill_tensor_value(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    return [shape, ()], {"mask": _mask_for(data, shape)}


def where_args(data):
    shapes, _ = broadcast_pair(data)
    result = np.broadcast_shapes(*shapes)
    return shapes, {"cond": _mask_for(data, result, "condition")}


def where_number(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    return [shape], {"cond": _mask_for(data, shape, "condition"),
                     "other": data.draw(st.sampled_from([0.0, 2.5, -1]), label="other")}


def clamp_bounds(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    lo = data.draw(st.sampled_from([None, -1.25, -0.5, 0.25]), label="min")
    hi = data.draw(st.sampled_from([None, 0.75, 1.5] if lo is not None else [0.75, 1.5, -0.25]),
                   label="max")
    return [shape], {"min": lo, "max": hi}


def clamp_tensor_bounds(data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, min_dims=0, max_dims=3,
                                                         **SMALL), label="shapes")
    return list(shapes.input_shapes), {}


def np_clamp(a, min=None, max=None):
    out = a if min is None else np.maximum(a, min)
    return out if max is None else np.minimum(out, max)


def one_dim(data, min_dims=1):
    shape = data.draw(hnp.array_shapes(min_dims=min_dims, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    return shape, data.draw(st.integers(-nd, nd - 1), label="dim")


def reduce_one_dim(data):
    shape, dim = one_dim(data)
    return [shape], {"dim": dim, "keepdim": data.draw(st.booleans(), label="keepdim")}


def spread(data):
    shapes, params = reduction(data)
    shape, dim = shapes[0], params["dim"]
    axes = range(len(shape)) if dim in (None, ()) else \
        [dim] if isinstance(dim, int) else dim
    n = int(np.prod([shape[d] for d in axes]))
    correction = data.draw(st.sampled_from([0, 1, 2]), label="correction")
    return shapes, {**params, "correction": correction if correction < n else 0}


def sort_args(data):
    shape, dim = one_dim(data)
    return [shape], {"dim": dim, "descending": data.draw(st.booleans(), label="descending")}


def topk_args(data):
    shape, dim = one_dim(data)
    return [shape], {"dim": dim, "k": data.draw(st.integers(0, shape[dim]), label="k"),
                     "largest": data.draw(st.booleans(), label="largest")}


def np_topk(a, dim, k, largest):
    order = np.argsort(-a if largest else a, axis=dim, kind="stable")
    return np.take_along_axis(a, np.take(order, np.arange(k), axis=dim), axis=dim)


def softplus_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    return [shape], {"beta": data.draw(st.sampled_from([1.0, 0.5, 3.0]), label="beta"),
                     "threshold": data.draw(st.sampled_from([20.0, 1.0]), label="threshold")}


def np_softplus(a, beta, threshold):
    return np.where(a * beta > threshold, a, np.log1p(np.exp(a * beta)) / beta)


#: einsum equations with the shapes they take (letters sized from one draw)
EINSUMS = [
    ("ij,jk->ik", ["ij", "jk"]), ("bij,bjk->bik", ["bij", "bjk"]), ("i,i->", ["i", "i"]),
    ("ii->i", ["ii"]), ("ii->", ["ii"]), ("ij->ji", ["ij"]), ("ij->", ["ij"]),
    ("ij,ij->ij", ["ij", "ij"]), ("i,j->ij", ["i", "j"]), ("ijk,ik->j", ["ijk", "ik"]),
    ("ij,jk,kl->il", ["ij", "jk", "kl"]), ("ij,jk", ["ij", "jk"]), ("bi,bi->b", ["bi", "bi"]),
    ("...ij,...jk->...ik", ["bij", "jk"]), ("i...->...", ["ij"]), ("iij->j", ["iij"]),
    ("ij,j->i", ["ij", "j"]), ("ij,kj->ik", ["ij", "kj"]),
]


def einsum_args(data):
    equation, terms = data.draw(st.sampled_from(EINSUMS), label="equation")
    size = {c: data.draw(st.integers(1, 3), label=f"size of {c}") for c in "bijkl"}
    return [tuple(size[c] for c in t) for t in terms], {"equation": equation}


def broadcast_size_one(data):
    """Two operands of ``ij,ij->ij`` where one has size 1 on an axis (einsum broadcasts)."""
    n, m = data.draw(st.integers(2, 3), label="n"), data.draw(st.integers(1, 3), label="m")
    return [(n, m), (1, m)], {"equation": "ij,ij->ij"}


def flip_dims(data):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    dims = data.draw(st.lists(st.integers(0, nd - 1), unique=True, max_size=nd), label="dims")
    return [shape], {"dims": tuple(dims)}


def roll_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    if nd == 0 or data.draw(st.booleans(), label="flattened"):
        return [shape], {"shifts": data.draw(st.integers(-4, 4), label="shift"), "dims": None}
    dims = data.draw(st.lists(st.integers(-nd, nd - 1), min_size=1, max_size=3), label="dims")
    shifts = data.draw(st.lists(st.integers(-4, 4), min_size=len(dims), max_size=len(dims)),
                       label="shifts")
    return [shape], {"shifts": tuple(shifts), "dims": tuple(dims)}


def up_to_2d(data):
    return [data.draw(hnp.array_shapes(min_dims=0, max_dims=2, **SMALL), label="shape")], {}


def vector_norm_args(data):
    shapes, params = reduction(data)
    params["ord"] = data.draw(st.sampled_from([2, 1, 3, 0.5, np.inf, -np.inf, -1]), label="ord")
    return shapes, params


def np_vector_norm(a, dim, keepdims, ord):
    axes = torch_axes(dim)
    x = np.abs(a)
    if ord == np.inf:
        return x.max(axis=axes, keepdims=keepdims)
    if ord == -np.inf:
        return x.min(axis=axes, keepdims=keepdims)
    return (x ** ord).sum(axis=axes, keepdims=keepdims) ** (1 / ord)


def one_dim_or_all(data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    dim = data.draw(st.one_of(st.none(), st.integers(-nd, nd - 1)) if nd else st.none(),
                    label="dim")
    return [shape], {"dim": dim, "keepdim": dim is not None and data.draw(st.booleans(),
                                                                          label="keepdim")}


def np_prod(a, dim, keepdim):
    return a.prod() if dim is None else a.prod(axis=dim, keepdims=keepdim)


def triangle_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=2, max_dims=3, **SMALL), label="shape")
    return [shape], {"diagonal": data.draw(st.integers(-3, 3), label="diagonal")}


def index_select_args(data):
    shape, dim = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, **SMALL), label="shape"), None
    dim = data.draw(st.integers(-len(shape), len(shape) - 1), label="dim")
    idx = data.draw(st.lists(st.integers(0, shape[dim] - 1), max_size=4), label="index")
    return [shape], {"dim": dim, "index": np.array(idx, dtype=np.int64)}


def _at_most_two(dim):
    """``norm``'s Frobenius default takes one axis or two (three would be a matrix norm)."""
    return dim[:2] if isinstance(dim, tuple) else dim


def matrix_norm_args(data):
    shape = data.draw(hnp.array_shapes(min_dims=2, max_dims=3, **SMALL), label="shape")
    nd = len(shape)
    rows = data.draw(st.integers(0, nd - 1), label="rows")
    cols = data.draw(st.integers(0, nd - 1).filter(lambda c: c != rows), label="cols")
    return [shape], {"ord": data.draw(st.sampled_from(["fro", "nuc", 1, -1, 2, -2, np.inf,
                                                       -np.inf]), label="ord"),
                     "dim": (rows, cols)}


def np_matrix_norm(a, ord, dim):
    return np.linalg.norm(np.moveaxis(a, dim, (-2, -1)), ord=ord, axis=(-2, -1))


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
    Op("expand", lambda a, dim, copies: a.expand(dim=dim, copies=copies),
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
    # PyTorch's tensor API beyond the chapters: shapes
    Op("view", lambda a, shape: a.view(shape), lambda a, shape: a.reshape(shape), reshaping),
    Op("view_sizes", lambda a, shape: a.view(*shape), lambda a, shape: a.reshape(shape),
       reshaping),
    Op("flatten", lambda a, start_dim, end_dim: a.flatten(start_dim, end_dim),
       lambda a, start_dim, end_dim: a.reshape(-1) if a.ndim == 0 else a.reshape(
           a.shape[:start_dim % a.ndim] + (-1,) + a.shape[end_dim % a.ndim + 1:]), flatten_dims),
    Op("squeeze", lambda a, dim: a.squeeze(dim),
       lambda a, dim: np.squeeze(a, axis=tuple(d for d in (range(a.ndim) if dim is None else
                                                          [dim] if isinstance(dim, int) else dim)
                                               if a.shape[d] == 1)), squeeze_dims),
    Op("unsqueeze", lambda a, dim: a.unsqueeze(dim), lambda a, dim: np.expand_dims(a, dim),
       unsqueeze_dim),
    Op("repeat", lambda a, sizes: a.repeat(*sizes), lambda a, sizes: np.tile(a, sizes),
       repeat_sizes),
    Op("cat", lambda *ts, dim: mg.cat(list(ts), dim), lambda *xs, dim: np.concatenate(xs, dim),
       cat_shapes),
    Op("stack", lambda *ts, dim: mg.stack(ts, dim), lambda *xs, dim: np.stack(xs, dim),
       stack_shapes),
    Op("split", lambda a, sections, dim, piece: a.split(sections, dim)[piece], np_split_piece,
       split_piece),
    Op("chunk", lambda a, chunks, dim, piece: mg.chunk(a, chunks, dim)[piece], np_chunk_piece,
       chunk_piece),
    Op("narrow", lambda a, dim, start, length: a.narrow(dim, start, length),
       lambda a, dim, start, length: np.take(a, np.arange(start, start + length), axis=dim),
       narrow_args),
    # choosing elements
    Op("gather", lambda a, dim, index: a.gather(dim, mg.tensor(index)), np_gather, gather_args),
    Op("masked_fill", lambda a, mask, value: a.masked_fill(mg.tensor(mask), value),
       lambda a, mask, value: np.where(mask, value, a), masked_fill_args),
    Op("masked_fill_tensor_value", lambda a, v, mask: a.masked_fill(mg.tensor(mask), v),
       lambda a, v, mask: np.where(mask, v, a), masked_fill_tensor_value),
    Op("where", lambda a, b, cond: mg.where(mg.tensor(cond), a, b),
       lambda a, b, cond: np.where(cond, a, b), where_args),
    Op("where_number", lambda a, cond, other: a.where(mg.tensor(cond), other),
       lambda a, cond, other: np.where(cond, a, other), where_number),
    # elementwise math
    Op("abs", lambda a: a.abs(), np.abs, unary, "away_from_zero"),
    Op("abs_builtin", lambda a: abs(a), np.abs, unary, "away_from_zero"),
    Op("sqrt", lambda a: a.sqrt(), np.sqrt, unary, "positive"),
    Op("clamp", lambda a, min, max: a.clamp(min, max), np_clamp, clamp_bounds),
    Op("clip", lambda a, min, max: mg.clip(a, min=min, max=max), np_clamp, clamp_bounds),
    Op("clamp_tensor_bounds", lambda a, lo, hi: a.clamp(lo, hi),
       lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi), clamp_tensor_bounds),
    Op("maximum", mg.maximum, np.maximum, broadcast_pair),
    Op("minimum", lambda a, b: a.minimum(b), np.minimum, broadcast_pair),
    Op("max_other", lambda a, b: mg.max(a, b), np.maximum, broadcast_pair),
    Op("softplus", lambda a, beta, threshold: a.softplus(beta, threshold), np_softplus,
       softplus_args),
    Op("logsigmoid", lambda a: a.logsigmoid(), lambda a: -np.log1p(np.exp(-a)), unary),
    # reductions
    Op("max_all", lambda a: a.max(), lambda a: a.max(), unary),
    Op("min_all", lambda a: mg.min(a), lambda a: a.min(), unary),
    Op("max_dim", lambda a, dim, keepdim: a.max(dim, keepdim=keepdim).values,
       lambda a, dim, keepdim: a.max(axis=dim, keepdims=keepdim), reduce_one_dim),
    Op("min_dim", lambda a, dim, keepdim: a.min(dim=dim, keepdim=keepdim)[0],
       lambda a, dim, keepdim: a.min(axis=dim, keepdims=keepdim), reduce_one_dim),
    Op("sum_keepdim", lambda a, dim, keepdims: a.sum(dim, keepdim=keepdims),
       lambda a, dim, keepdims: a.sum(axis=torch_axes(dim), keepdims=keepdims), reduction),
    Op("mean_keepdim", lambda a, dim, keepdims: a.mean(dim=dim, keepdim=keepdims),
       lambda a, dim, keepdims: a.mean(axis=torch_axes(dim), keepdims=keepdims), reduction),
    Op("var", lambda a, dim, keepdims, correction: a.var(dim, correction=correction,
                                                          keepdim=keepdims),
       lambda a, dim, keepdims, correction: a.var(axis=torch_axes(dim), ddof=correction,
                                                  keepdims=keepdims), spread),
    Op("std", lambda a, dim, keepdims, correction: mg.std(a, dim, correction=correction,
                                                           keepdims=keepdims),
       lambda a, dim, keepdims, correction: a.std(axis=torch_axes(dim), ddof=correction,
                                                  keepdims=keepdims), spread),
    Op("logsumexp", lambda a, dim, keepdims: a.logsumexp(dim, keepdims),
       lambda a, dim, keepdims: np.log(np.exp(a).sum(axis=torch_axes(dim), keepdims=keepdims)),
       reduction),
    # products and orderings
    Op("einsum", lambda *ts, equation: mg.einsum(equation, *ts),
       lambda *xs, equation: np.einsum(equation, *xs), einsum_args),
    Op("einsum_broadcast", lambda *ts, equation: mg.einsum(equation, list(ts)),
       lambda *xs, equation: np.einsum(equation, *np.broadcast_arrays(*xs)), broadcast_size_one),
    Op("sort", lambda a, dim, descending: a.sort(dim, descending).values,
       lambda a, dim, descending: np.flip(np.sort(a, axis=dim), axis=dim) if descending
       else np.sort(a, axis=dim), sort_args),
    Op("topk", lambda a, dim, k, largest: a.topk(k, dim, largest).values, np_topk, topk_args),
    # the rest of the everyday API (issue 20)
    Op("cumsum", lambda a, dim, keepdim: a.cumsum(dim), lambda a, dim, keepdim: np.cumsum(a, dim),
       reduce_one_dim),
    Op("cumprod", lambda a, dim, keepdim: mg.cumprod(a, dim=dim),
       lambda a, dim, keepdim: np.cumprod(a, dim), reduce_one_dim),
    Op("flip", lambda a, dims: a.flip(*dims), lambda a, dims: np.flip(a, dims), flip_dims),
    Op("roll", lambda a, shifts, dims: mg.roll(a, shifts, dims),
       lambda a, shifts, dims: np.roll(a, shifts, dims), roll_args),
    Op("t", lambda a: a.t(), lambda a: a.T, up_to_2d),
    # norms: away from zero, where |x| has its kink (zeros: test_ops_everyday against PyTorch)
    Op("vector_norm", lambda a, dim, keepdims, ord: mg.linalg.vector_norm(a, ord, dim, keepdims),
       np_vector_norm, vector_norm_args, "away_from_zero"),
    Op("matrix_norm", lambda a, ord, dim: mg.linalg.matrix_norm(a, ord, dim), np_matrix_norm,
       matrix_norm_args, "away_from_zero"),
    Op("norm", lambda a, dim, keepdims: a.norm(dim=_at_most_two(dim), keepdim=keepdims),
       lambda a, dim, keepdims: np.sqrt((a * a).sum(axis=torch_axes(_at_most_two(dim)),
                                                    keepdims=keepdims)),
       reduction, "away_from_zero"),
    Op("prod", lambda a, dim, keepdim: a.prod(dim, keepdim), np_prod, one_dim_or_all),
    Op("sin", lambda a: a.sin(), np.sin, unary),
    Op("cos", lambda a: mg.cos(a), np.cos, unary),
    Op("log1p", lambda a: a.log1p(), np.log1p, unary, "positive"),
    Op("expm1", lambda a: a.expm1(), np.expm1, unary),
    Op("log2", lambda a: a.log2(), np.log2, unary, "positive"),
    Op("log10", lambda a: mg.log10(a), np.log10, unary, "positive"),
    Op("rsqrt", lambda a: a.rsqrt(), lambda a: 1 / np.sqrt(a), unary, "positive"),
    Op("reciprocal", lambda a: a.reciprocal(), lambda a: 1 / a, unary, "away_from_zero"),
    Op("square", lambda a: a.square(), np.square, unary),
    Op("nan_to_num", lambda a: a.nan_to_num(), np.nan_to_num, unary),
    Op("tril", lambda a, diagonal: a.tril(diagonal), lambda a, diagonal: np.tril(a, diagonal),
       triangle_args),
    Op("triu", lambda a, diagonal: mg.triu(a, diagonal),
       lambda a, diagonal: np.triu(a, diagonal), triangle_args),
    Op("index_select", lambda a, dim, index: a.index_select(dim, mg.tensor(index)),
       lambda a, dim, index: np.take(a, index, axis=dim), index_select_args),
    Op("outer", mg.outer, np.outer, lambda data: ([(data.draw(st.integers(1, 3)),),
                                                   (data.draw(st.integers(1, 3)),)], {})),
    Op("clamp_min", lambda a: a.clamp_min(0.25), lambda a: np.maximum(a, 0.25), unary,
       "away_from_zero"),
    # conversions: the gradient passes through, cast back to the input's dtype
    Op("float", lambda a: a.float(), lambda a: a.astype(np.float32), unary, grad="cast"),
    Op("to_float32", lambda a: a.to(mg.float32), lambda a: a.astype(np.float32), unary,
       grad="cast"),
    Op("to_cpu_float16", lambda a: a.to("cpu", mg.float16), lambda a: a.astype(np.float16),
       unary, grad="cast"),
    Op("double_of_float", lambda a: a.float().double(),
       lambda a: a.astype(np.float32).astype(np.float64), unary, grad="cast"),
    # not differentiable: comparisons, indices, integer and boolean results
    Op("eq", lambda a, b: a == b, np.equal, broadcast_pair, grad="none"),
    Op("ne", lambda a, b: a != b, np.not_equal, broadcast_pair, grad="none"),
    Op("lt", lambda a, b: a < b, np.less, broadcast_pair, grad="none"),
    Op("le", lambda a, b: a <= b, np.less_equal, broadcast_pair, grad="none"),
    Op("gt", lambda a, b: mg.gt(a, b), np.greater, broadcast_pair, grad="none"),
    Op("ge", lambda a, b: a.ge(b), np.greater_equal, broadcast_pair, grad="none"),
    Op("lt_number", lambda a: 0.5 > a, lambda a: 0.5 > a, unary, grad="none"),
    Op("argmax", lambda a, dim, keepdim: a.argmax(dim, keepdim),
       lambda a, dim, keepdim: np.argmax(a, axis=dim, keepdims=keepdim), reduce_one_dim,
       grad="none"),
    Op("argmin_all", lambda a: mg.argmin(a), np.argmin, unary, grad="none"),
    Op("max_dim_indices", lambda a, dim, keepdim: a.max(dim, keepdim).indices,
       lambda a, dim, keepdim: np.argmax(a, axis=dim, keepdims=keepdim), reduce_one_dim,
       grad="none"),
    Op("argsort", lambda a, dim, descending: a.argsort(dim, descending),
       lambda a, dim, descending: np.argsort(-a if descending else a, axis=dim, kind="stable"),
       sort_args, grad="none"),
    Op("long", lambda a: a.long(), lambda a: a.astype(np.int64), unary, grad="none"),
    Op("bool", lambda a: a.bool(), lambda a: a.astype(bool), unary, grad="none"),
    Op("isfinite", lambda a: a.isfinite(), np.isfinite, unary, grad="none"),
    Op("isclose", lambda a, b: mg.isclose(a, b), np.isclose, broadcast_pair, grad="none"),
    Op("logical_and", lambda a, b: (a > 0) & (b < 0), lambda a, b: (a > 0) & (b < 0),
       broadcast_pair, grad="none"),
    Op("any", lambda a, dim, keepdims: (a > 0).any(dim, keepdims),
       lambda a, dim, keepdims: (a > 0).any(axis=torch_axes(dim), keepdims=keepdims), reduction,
       grad="none"),
    Op("all", lambda a, dim, keepdims: mg.all(a > 0, dim, keepdim=keepdims),
       lambda a, dim, keepdims: (a > 0).all(axis=torch_axes(dim), keepdims=keepdims), reduction,
       grad="none"),
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
