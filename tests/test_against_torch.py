"""minigrad against PyTorch: values and gradients of random expression graphs.

``test_ops.py`` checks every op on its own.  This module checks what only shows
up when ops are *combined*: a random program of 3-12 steps is drawn, each step an
op from ``OPS`` applied to values computed earlier (so one node often feeds
several consumers, which is what exercises gradient accumulation and the order of
the backward walk), plus fresh parameters for matrix products.  The very same
program is run on minigrad tensors and on float64 torch tensors, reduced to a
scalar with weighted ``.sum()`` s of every value no later step consumed (so no
step is dead code) plus a few more (random weights, so the gradient flowing back
is not all ones and cannot hide a transposed or misplaced gradient), and every
value and every input's ``.grad`` is compared, and so are second derivatives: the
gradient computed with ``create_graph=True`` and the gradient of its projection on
random directions (an op that refuses ``create_graph`` must say so by name); an input that does not reach the
loss must keep ``.grad`` None in both.  Half of the examples draw their inputs
on a grid of 0.5, so exact zeros and ties (relu's kink, ``x ** 0`` at 0) occur.
On a gradient mismatch the message prints the program (shapes and exact input
values) and which intermediate values' gradients already differ.

Half of the programs mix dtypes: their inputs are float64, float32, int64, int32, uint8 or
bool (integer and bool inputs are constants: they cannot require a gradient), and casts and
comparisons make more of them along the way, so type promotion (float32 with an int64, a
0-d float64 meeting a float32 …) is compared with PyTorch's, dtype and values, as is what
each op does to integers.  A step PyTorch refuses (softmax of an int64, an int to a negative
power) is redrawn; ``test_dtypes_against_torch.py`` checks that minigrad refuses it too.

Each op is ONE function ``apply(B, *tensors, **params)`` used for both
frameworks; ``B`` is :class:`MG` or :class:`TH`, which supply the few calls whose
spelling differs (``expand(dim, copies)``, ``.T`` on n-d tensors, ``keepdims``,
building an index or a constant).

Needs PyTorch: without it the whole module is skipped with an install hint, except in CI
(``CI`` set), where it fails (see ``needs_torch.py``).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from needs_torch import require_torch  # noqa: E402
from torchref import default_float64  # noqa: E402

torch = require_torch()

import minigrad as mg  # noqa: E402

# torch warns when var/std divide by N - correction <= 0; both sides then give inf or NaN
pytestmark = pytest.mark.filterwarnings("ignore:.*degrees of freedom:UserWarning")

# Both frameworks compute in float64 with the same formulas up to the order of
# floating-point operations, so they agree to ~1e-15 relative.  1e-9 leaves room
# for cancellation in sums of terms up to ~1e4 (values are kept below GUARD) and
# is still far below any real mistake (a wrong or missing gradient term is O(1)).
RTOL = ATOL = 1e-9
RTOL32 = ATOL32 = 1e-4   # a program with float32 values: float32 rounding, compounded by steps
GUARD = 1e4          # a step whose value leaves [-GUARD, GUARD] (or is not finite) is redrawn
MAX_SIZE = 256       # ... and so is a step whose value has more elements than this
MAX_NDIM = 5


# ---------------------------------------------------------------------------------------
# The two frameworks behind one interface
# ---------------------------------------------------------------------------------------
class MG:
    """minigrad."""
    name = "minigrad"

    @staticmethod
    def leaf(a):
        return mg.Tensor(np.array(a, dtype=np.float64), requires_grad=True)

    @staticmethod
    def input(a):      # a program's input: its dtype kept; only floats require grad
        a = np.array(a)
        return mg.tensor(a, requires_grad=a.dtype.kind == "f")

    @staticmethod
    def const(a):
        return mg.Tensor(np.array(a, dtype=np.float64))

    @staticmethod
    def ix(a):
        return np.asarray(a)

    @staticmethod
    def value(t):
        return np.asarray(t.data)

    @staticmethod
    def grad(t):
        return None if t.grad is None else np.array(t.grad.data)   # a copy: .grad accumulates in place

    @staticmethod
    def sum(x, dim, keepdims):
        return x.sum(dim=dim, keepdims=keepdims)

    @staticmethod
    def mean(x, dim, keepdims):
        return x.mean(dim=dim, keepdims=keepdims)

    @staticmethod
    def expand(x, dim, copies):   # keywords: a positional call PyTorch reads otherwise is refused
        return x.expand(dim=dim, copies=copies)

    @staticmethod
    def transpose(x, dim0=None, dim1=None):
        return x.transpose() if dim0 is None else x.transpose(dim0, dim1)

    @staticmethod
    def T(x):
        return x.T

    @staticmethod
    def permute(x, dims):
        return x.permute(*dims)

    @staticmethod
    def broadcast_to(x, shape):
        return x.broadcast_to(shape)

    matmul = staticmethod(mg.matmul)
    mm = staticmethod(mg.mm)
    cat = staticmethod(mg.cat)
    stack = staticmethod(mg.stack)
    where = staticmethod(mg.where)
    einsum = staticmethod(mg.einsum)
    maximum = staticmethod(mg.maximum)
    minimum = staticmethod(mg.minimum)
    float32, float64, int64 = mg.float32, mg.float64, mg.int64
    int32, uint8, bool = mg.int32, mg.uint8, mg.bool
    linalg = mg.linalg

    @staticmethod
    def softplus(x, beta=1.0, threshold=20.0):
        return x.softplus(beta, threshold)

    @staticmethod
    def view(x, *shape):  # view needs a layout it can view, as torch's does
        return x.contiguous().view(*shape)

    @staticmethod
    def logsigmoid(x):
        return x.logsigmoid()

    @staticmethod
    def backward(t, grad=None, retain_graph=False):
        t.backward(grad, retain_graph=retain_graph)


class TH:
    """PyTorch, float64."""
    name = "torch"

    @staticmethod
    def leaf(a):
        return torch.tensor(np.array(a, dtype=np.float64), requires_grad=True)

    @staticmethod
    def input(a):
        a = np.array(a)
        return torch.tensor(a, requires_grad=a.dtype.kind == "f")

    @staticmethod
    def const(a):
        return torch.tensor(np.array(a, dtype=np.float64))

    @staticmethod
    def ix(a):
        return torch.as_tensor(np.asarray(a))

    @staticmethod
    def value(t):
        return t.detach().numpy().copy()

    @staticmethod
    def grad(t):
        return None if t.grad is None else t.grad.detach().numpy().copy()

    @staticmethod
    def sum(x, dim, keepdims):
        return x.sum(dim=dim, keepdim=keepdims)

    @staticmethod
    def mean(x, dim, keepdims):
        return x.mean(dim=dim, keepdim=keepdims)

    @staticmethod
    def expand(x, dim, copies):
        y = x.unsqueeze(dim)
        shape = list(y.shape)
        shape[dim] = copies
        return y.expand(*shape)

    @staticmethod
    def transpose(x, dim0=None, dim1=None):
        return x.transpose(-2, -1) if dim0 is None else x.transpose(dim0, dim1)

    @staticmethod
    def T(x):  # torch's .T is deprecated beyond 2-D; minigrad's .T reverses every axis
        return x.permute(*reversed(range(x.ndim)))

    @staticmethod
    def permute(x, dims):
        return x.permute(*dims)

    @staticmethod
    def broadcast_to(x, shape):
        return x.broadcast_to(shape)

    matmul = staticmethod(torch.matmul)
    mm = staticmethod(torch.mm)
    cat = staticmethod(torch.cat)
    stack = staticmethod(torch.stack)
    where = staticmethod(torch.where)
    einsum = staticmethod(torch.einsum)
    maximum = staticmethod(torch.maximum)
    minimum = staticmethod(torch.minimum)
    float32, float64, int64 = torch.float32, torch.float64, torch.int64
    int32, uint8, bool = torch.int32, torch.uint8, torch.bool
    linalg = torch.linalg

    @staticmethod
    def softplus(x, beta=1.0, threshold=20.0):
        return torch.nn.functional.softplus(x, beta, threshold)

    @staticmethod
    def view(x, *shape):
        return x.contiguous().view(*shape)

    @staticmethod
    def logsigmoid(x):
        return torch.nn.functional.logsigmoid(x)

    @staticmethod
    def backward(t, grad=None, retain_graph=False):
        t.backward(grad, retain_graph=retain_graph)


def build_index(B, parts):
    """An index from parts ("s", start, stop, step) | ("i", int) | ("n",) (None) |
    ("a", ints) | ("m", bools)."""
    built = []
    for part in parts:
        kind = part[0]
        if kind == "s":
            built.append(slice(*part[1:]))
        elif kind == "i":
            built.append(part[1])
        elif kind == "n":
            built.append(None)
        elif kind == "a":
            built.append(B.ix(np.array(part[1], dtype=np.int64)))
        else:
            built.append(B.ix(np.array(part[1], dtype=bool)))
    return built[0] if len(built) == 1 else tuple(built)


def format_index(parts):
    out = []
    for part in parts:
        kind = part[0]
        if kind == "s":
            start, stop, step = part[1:]
            out.append(("" if start is None else str(start)) + ":"
                       + ("" if stop is None else str(stop))
                       + ("" if step in (None, 1) else f":{step}"))
        elif kind == "i":
            out.append(str(part[1]))
        elif kind == "n":
            out.append("None")
        elif kind == "a":
            out.append(f"np.array({part[1]})")
        else:
            out.append(f"np.array({part[1]}, dtype=bool)")
    return "[" + ", ".join(out) + "]"


# ---------------------------------------------------------------------------------------
# The op table
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Op:
    name: str
    choose: Callable = field(repr=False)  # choose(ctx) -> (refs, params), None if it does not fit
    apply: Callable = field(repr=False)   # apply(B, *tensors, **params), for both frameworks


def _any(v):
    return True


def _away_from_zero(v):
    return v.size > 0 and np.abs(v).min() >= 0.2


def _positive(v):
    return v.size > 0 and v.min() >= 0.05


def _small(v):
    return v.size > 0 and np.abs(v).max() <= 3.0


def _small_number(v):
    return _small(v) and v.dtype.kind != "b"


def unary(name, fn, ok=_any):
    def choose(ctx):
        i = ctx.pick(ok)
        return None if i is None else ((i,), {})
    return Op(name, choose, lambda B, x: fn(x))


def with_constant(name, fn, constants, ok=lambda v, c: True):
    """An op with a Python number: ``c + x``, ``x / c``, ``x ** c`` …"""
    def choose(ctx):
        c = ctx.draw(st.sampled_from(constants))
        i = ctx.pick(lambda v: ok(v, c))
        return None if i is None else ((i,), {"c": c})
    return Op(name, choose, lambda B, x, c: fn(x, c))


def binary(name, fn, ok_a=_any, ok_b=_any):
    """Elementwise on two pool values whose shapes broadcast."""
    def choose(ctx):
        i = ctx.pick(ok_a)
        if i is None:
            return None
        j = ctx.pick(lambda v: ok_b(v) and ctx.broadcastable(ctx.vals[i].shape, v.shape))
        return None if j is None else ((i, j), {})
    return Op(name, choose, lambda B, a, b: fn(a, b))


def _pow_number_ok(v, p):
    if float(p).is_integer() and p >= 0:
        return True
    if float(p).is_integer():
        return _away_from_zero(v)
    return _positive(v)


def _choose_dims(ctx, nd):
    """None, an int or a non-empty tuple of distinct axes (some written as negatives)."""
    kind = ctx.draw(st.sampled_from(["all", "int", "tuple"] if nd else ["all"]))
    if kind == "all":
        return None
    if kind == "int":
        return ctx.draw(st.integers(-nd, nd - 1))
    axes = ctx.draw(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd, unique=True))
    signs = ctx.draw(st.lists(st.booleans(), min_size=len(axes), max_size=len(axes)))
    return tuple(a - nd if neg else a for a, neg in zip(axes, signs))


def reduction(name, method):
    def choose(ctx):
        i = ctx.pick()
        nd = ctx.vals[i].ndim
        return (i,), {"dim": _choose_dims(ctx, nd), "keepdims": ctx.draw(st.booleans())}
    return Op(name, choose, lambda B, x, dim, keepdims: getattr(B, method)(x, dim, keepdims))


def _choose_transpose(ctx):
    i = ctx.pick(lambda v: v.ndim >= 2)
    if i is None:
        return None
    nd = ctx.vals[i].ndim
    if ctx.draw(st.booleans()):
        return (i,), {"dim0": None, "dim1": None}          # x.transpose(): the last two axes
    return (i,), {"dim0": ctx.draw(st.integers(-nd, nd - 1)),
                  "dim1": ctx.draw(st.integers(-nd, nd - 1))}


def _choose_permute(ctx):
    i = ctx.pick(lambda v: v.ndim >= 2)
    if i is None:
        return None
    return (i,), {"dims": tuple(ctx.draw(st.permutations(range(ctx.vals[i].ndim))))}


def _choose_reshape(ctx):
    i = ctx.pick()
    size = ctx.vals[i].size
    factors = _prime_factors(size)
    nd = ctx.draw(st.integers(0 if size == 1 else 1, 4))
    shape = [1] * nd
    for f in factors:
        shape[ctx.draw(st.integers(0, nd - 1))] *= f
    if nd and ctx.draw(st.booleans()):
        shape[ctx.draw(st.integers(0, nd - 1))] = -1
    return (i,), {"shape": tuple(shape)}


def _prime_factors(n):
    out, p = [], 2
    while n > 1:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


def _choose_broadcast_to(ctx):
    i = ctx.pick()
    shape = [ctx.draw(st.integers(1, 3)) if n == 1 else n for n in ctx.vals[i].shape]
    lead = ctx.draw(st.lists(st.integers(1, 3), max_size=2))
    return (i,), {"shape": tuple(lead + shape)}


def _choose_expand(ctx):
    i = ctx.pick()
    nd = ctx.vals[i].ndim
    # not -1: minigrad refuses expand(-1, n), which PyTorch users mean as "keep this size"
    return (i,), {"dim": ctx.draw(st.integers(-nd - 1, nd).filter(lambda d: d != -1)),
                  "copies": ctx.draw(st.integers(1, 3))}


def _matmul_shape(sa, sb):
    try:
        return np.matmul(np.zeros(sa), np.zeros(sb)).shape
    except ValueError:
        return None


def matmul_op(name, mode):
    """``a @ b`` (or ``matmul``, or ``mm``).  mode "pool": both operands from the pool when
    some pair fits (a value with itself included), else as "param": one operand a fresh
    parameter of a fitting shape: a vector, a matrix or a batch whose dims broadcast."""
    def choose(ctx):
        i = ctx.pick((lambda v: v.ndim == 2) if mode == "mm" else (lambda v: v.ndim >= 1))
        if i is None:
            return None
        sa = ctx.vals[i].shape
        left = ctx.draw(st.booleans())             # True: the pool value is the right operand
        how = "mm" if mode == "mm" else ctx.draw(st.sampled_from(["@", "matmul"]))
        if mode == "mm":
            fits = (lambda v: v.ndim == 2 and (v.shape[1] == sa[0] if left else v.shape[0] == sa[1]))
        elif left:
            fits = (lambda v: v.ndim >= 1 and _matmul_shape(v.shape, sa) is not None)
        else:
            fits = (lambda v: v.ndim >= 1 and _matmul_shape(sa, v.shape) is not None)
        if mode == "pool" or (mode == "mm" and ctx.draw(st.booleans())):
            j = ctx.pick(fits)
            if j is not None:
                return ((j, i) if left else (i, j)), {"how": how}
        inner = (sa[-2] if len(sa) >= 2 else sa[0]) if left else sa[-1]
        m = ctx.draw(st.integers(1, 4))
        matrix = (m, inner) if left else (inner, m)
        form = "matrix" if mode == "mm" else ctx.draw(st.sampled_from(["vector", "matrix", "batch"]))
        if form == "vector":
            shape = (inner,)
        elif form == "matrix":
            shape = matrix
        else:
            shape = tuple(ctx.draw(st.lists(st.integers(1, 3), min_size=1, max_size=2))) + matrix
            if _matmul_shape(*((shape, sa) if left else (sa, shape))) is None:
                shape = matrix
        p = ctx.new_leaf(shape, like=i)
        return ((p, i) if left else (i, p)), {"how": how}
    return Op(name, choose, _apply_matmul)


def _apply_matmul(B, a, b, how):
    if how == "@":
        return a @ b
    return B.matmul(a, b) if how == "matmul" else B.mm(a, b)


def index_op(kind):
    """``x[...]`` with a slice, an int, an integer array (repeats and negative indices
    allowed), two integer arrays (paired, or rows as a column: outer indexing), or a mask."""
    def choose(ctx):
        i = ctx.pick(lambda v: v.ndim >= (2 if kind == "array2d" else 1))
        if i is None:
            return None
        shape = ctx.vals[i].shape
        axis = ctx.draw(st.integers(0, len(shape) - 1)) if kind in ("slice", "array") else 0
        n = shape[axis]
        lead = [("s", None, None, None)] * axis
        if kind == "slice":
            start = ctx.draw(st.integers(0, n - 1))
            stop = ctx.draw(st.integers(start + 1, n))
            parts = lead + [("s", start, stop, ctx.draw(st.integers(1, 3)))]
        elif kind == "int":
            parts = [("i", ctx.draw(st.integers(-n, n - 1)))]
        elif kind == "array":
            parts = lead + [("a", ctx.draw(st.lists(st.integers(-n, n - 1), min_size=1,
                                                    max_size=5)))]
        elif kind == "array2d":
            rows = ctx.draw(st.lists(st.integers(0, shape[0] - 1), min_size=1, max_size=4))
            cols = ctx.draw(st.lists(st.integers(0, shape[1] - 1), min_size=1, max_size=4))
            if ctx.draw(st.booleans()):
                rows = [[r] for r in rows]
            else:
                cols = (cols * len(rows))[:len(rows)]
            parts = [("a", rows), ("a", cols)]
        else:
            parts = [("m", ctx.draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(any)))]
        return (i,), {"index": tuple(parts)}
    return Op(f"index_{kind}", choose, lambda B, x, index: x[build_index(B, index)])


OPS = [
    binary("add", lambda a, b: a + b),
    binary("sub", lambda a, b: a - b),
    binary("mul", lambda a, b: a * b),
    binary("div", lambda a, b: a / b, ok_b=_away_from_zero),
    binary("div_by_square", lambda a, b: a / (b * b + 0.5)),
    # (not a bool exponent: PyTorch's backward computes b - 1 in b's dtype, and refuses it)
    binary("pow_tensor", lambda a, b: a ** b, ok_a=_positive, ok_b=_small_number),
    binary("pow_tensor_square_base", lambda a, b: (a * a + 0.5) ** b, ok_b=_small_number),
    with_constant("radd", lambda x, c: c + x, [-1.5, 0.5, 2, 3.0]),
    with_constant("rsub", lambda x, c: c - x, [-1.5, 0.5, 1, 3.0]),
    with_constant("rmul", lambda x, c: c * x, [-1.5, 0.5, 2, 3.0]),
    with_constant("rdiv", lambda x, c: c / x, [-1.5, 0.5, 1, 3.0],
                  ok=lambda v, c: _away_from_zero(v)),
    with_constant("rpow", lambda x, c: c ** x, [0.5, 1.5, 2, 3.0],
                  ok=lambda v, c: v.size > 0 and np.abs(v).max() <= 6),
    with_constant("add_const", lambda x, c: x + c, [-1.5, 0.5, 2]),
    with_constant("sub_const", lambda x, c: x - c, [-1.5, 0.5, 2]),
    with_constant("mul_const", lambda x, c: x * c, [-1.5, 0.5, 2]),
    with_constant("div_const", lambda x, c: x / c, [-1.5, 0.5, 2]),
    with_constant("pow_number", lambda x, c: x ** c,
                  [2, 3, 1, 0, -1, -2, 2.0, 0.5, 1.5, -0.5, 2.5], ok=_pow_number_ok),
    unary("neg", lambda x: -x),
    unary("exp", lambda x: x.exp(), ok=lambda v: v.size > 0 and v.max() <= 4),
    unary("log", lambda x: x.log(), ok=_positive),
    unary("log_of_square", lambda x: (x * x + 0.5).log()),
    unary("tanh", lambda x: x.tanh()),
    unary("sigmoid", lambda x: x.sigmoid()),
    # far out on the left, where 0.5 * (tanh(x / 2) + 1) rounds to exactly 0
    unary("sigmoid_far_left", lambda x: (x * 30.0 - 60.0).sigmoid()),
    unary("log_sigmoid_far_left", lambda x: (x * 30.0 - 60.0).sigmoid().log()),
    unary("relu", lambda x: x.relu()),
    reduction("sum", "sum"),
    reduction("mean", "mean"),
    Op("transpose", _choose_transpose, lambda B, x, dim0, dim1: B.transpose(x, dim0, dim1)),
    Op("T", lambda ctx: (lambda i: None if i is None else ((i,), {}))(
        ctx.pick(lambda v: v.ndim >= 2)), lambda B, x: B.T(x)),
    Op("permute", _choose_permute, lambda B, x, dims: B.permute(x, dims)),
    Op("reshape", _choose_reshape, lambda B, x, shape: x.reshape(shape)),
    Op("broadcast_to", _choose_broadcast_to, lambda B, x, shape: B.broadcast_to(x, shape)),
    Op("expand", _choose_expand, lambda B, x, dim, copies: B.expand(x, dim, copies)),
    matmul_op("matmul_pool", "pool"),
    matmul_op("matmul_param", "param"),
    matmul_op("mm", "mm"),
    *[index_op(kind) for kind in ("slice", "int", "array", "array2d", "mask")],
]


# -- PyTorch's tensor API beyond the chapters --------------------------------------------
def _distinct(v):
    return v.size > 0 and np.unique(v).size == v.size


def _with_dims(name, apply, ok=_any, correction=False, spread=False):
    """A reduction over None / an int / a tuple of dims, with keepdim (and a correction).
    With ``spread``, only where every reduced group has a spread (std's slope
    (x - mean) / (n·std) is 0/0 where all the values are equal, and its sign then follows
    the last bit of the mean, which differs between any two correct libraries)."""
    def choose(ctx):
        i = ctx.pick(ok)
        if i is None:
            return None
        params = {"dim": _choose_dims(ctx, ctx.vals[i].ndim), "keepdim": ctx.draw(st.booleans())}
        if spread and not _has_spread(ctx.vals[i], params["dim"]):
            return None
        if correction:
            params["correction"] = ctx.draw(st.sampled_from([0, 1, 2]))
        return (i,), params
    return Op(name, choose, apply)


def _has_spread(value, dim) -> bool:
    """False where a float group of two or more values to reduce are (nearly) all equal.
    (A group of one is exact: x - mean is 0 and std 0 in both libraries.  Integer and bool
    inputs are refused by both, whatever their values.)"""
    if value.dtype.kind != "f" or value.size == 0:
        return True
    x = np.asarray(value, dtype=np.float64)
    axes = tuple(range(x.ndim)) if dim is None else (dim,) if isinstance(dim, int) else dim
    if math.prod(x.shape[a] for a in axes) <= 1:
        return True
    return bool(np.all(np.ptp(x, axis=axes) > 1e-6 * (1 + np.max(np.abs(x)))))


def _one_dim(name, apply, ok=_any, extra=None):
    """An op along one dim (max(dim), sort, topk …) of a value with at least one axis."""
    def choose(ctx):
        i = ctx.pick(lambda v: v.ndim >= 1 and ok(v))
        if i is None:
            return None
        shape = ctx.vals[i].shape
        d = ctx.draw(st.integers(-len(shape), len(shape) - 1))
        params = {"dim": d}
        if extra:
            params.update(extra(ctx, shape[d]))
        return (i,), params
    return Op(name, choose, apply)


def _choose_view(ctx):
    chosen = _choose_reshape(ctx)
    shape = chosen[1]["shape"]
    return chosen[0], {"shape": shape, "spread": bool(shape) and ctx.draw(st.booleans())}


def _choose_flatten(ctx):
    i = ctx.pick()
    nd = max(ctx.vals[i].ndim, 1)
    start = ctx.draw(st.integers(-nd, nd - 1))
    return (i,), {"start_dim": start, "end_dim": ctx.draw(st.integers(start % nd, nd - 1))}


def _choose_squeeze(ctx):
    i = ctx.pick(lambda v: 1 in v.shape)
    i = ctx.pick() if i is None else i
    nd = ctx.vals[i].ndim
    kind = ctx.draw(st.sampled_from(["all", "int", "tuple"] if nd else ["all"]))
    if kind == "all":
        return (i,), {"dim": None}
    if kind == "int":
        return (i,), {"dim": ctx.draw(st.integers(-nd, nd - 1))}
    return (i,), {"dim": tuple(ctx.draw(st.lists(st.integers(0, nd - 1), min_size=1,
                                                 max_size=nd, unique=True)))}


def _choose_unsqueeze(ctx):
    i = ctx.pick()
    nd = ctx.vals[i].ndim
    return (i,), {"dim": ctx.draw(st.integers(-nd - 1, nd))}


def _choose_repeat(ctx):
    i = ctx.pick()
    nd = ctx.vals[i].ndim
    sizes = ctx.draw(st.lists(st.integers(1, 2), min_size=max(nd, 1), max_size=nd + 1))
    return (i,), {"sizes": tuple(sizes)}


def _choose_join(stack):
    def choose(ctx):
        i = ctx.pick(lambda v: v.ndim >= 1 or stack)
        if i is None:
            return None
        shape = ctx.vals[i].shape
        nd = len(shape) + stack
        d = ctx.draw(st.integers(-nd, nd - 1))
        others = []
        for _ in range(ctx.draw(st.integers(1, 2))):
            if ctx.draw(st.booleans()):
                others.append(i)                     # the same value again
            else:
                s = list(shape)
                if not stack:
                    s[d % nd] = ctx.draw(st.integers(1, 3))
                others.append(ctx.new_leaf(tuple(s)))
        return (i, *others), {"dim": d}
    return choose


def _choose_piece(kind):
    def choose(ctx):
        i = ctx.pick(lambda v: v.ndim >= 1)
        if i is None:
            return None
        shape = ctx.vals[i].shape
        d = ctx.draw(st.integers(-len(shape), len(shape) - 1))
        n = shape[d]
        if kind == "split_sections":
            cuts = sorted(ctx.draw(st.lists(st.integers(0, n), max_size=3)))
            arg = [b - a for a, b in zip([0] + cuts, cuts + [n])]
            pieces = len(arg)
        elif kind == "split":
            arg = ctx.draw(st.integers(1, n))
            pieces = -(-n // arg)
        elif kind == "chunk":
            arg = ctx.draw(st.integers(1, 4))
            pieces = -(-n // -(-n // arg))
        else:                                        # narrow: (start, length)
            start = ctx.draw(st.integers(0, n - 1))
            return (i,), {"dim": d, "arg": (start, ctx.draw(st.integers(1, n - start))),
                          "piece": 0}
        return (i,), {"dim": d, "arg": arg, "piece": ctx.draw(st.integers(0, pieces - 1))}
    return choose


def _apply_piece(kind):
    def apply(B, x, dim, arg, piece):
        if kind == "chunk":
            return x.chunk(arg, dim)[piece]
        if kind == "narrow":
            return x.narrow(dim, *arg)
        return x.split(arg, dim)[piece]
    return apply


def _choose_gather(ctx):
    i = ctx.pick(lambda v: v.ndim >= 1)
    if i is None:
        return None
    shape = ctx.vals[i].shape
    d = ctx.draw(st.integers(-len(shape), len(shape) - 1))
    idx_shape = tuple(ctx.draw(st.integers(1, 4)) if k == d % len(shape)
                      else ctx.draw(st.integers(1, n)) for k, n in enumerate(shape))
    index = ctx.rng.integers(0, shape[d], size=idx_shape)
    return (i,), {"dim": d, "idx": index.tolist()}


def _random_mask(ctx, shape):
    lead = ctx.draw(st.integers(0, len(shape)))
    mshape = tuple(n if ctx.draw(st.booleans()) else 1 for n in shape[lead:])
    return (ctx.rng.random(mshape) < 0.5).tolist()


def _choose_masked_fill(ctx):
    i = ctx.pick()
    shape = ctx.vals[i].shape
    by_value = ctx.draw(st.booleans())           # mask from a comparison (x > c), or random
    mask = ("gt", ctx.draw(st.sampled_from([-0.5, 0.0, 0.5]))) if by_value else \
        ("random", _random_mask(ctx, shape))
    return (i,), {"mask": mask, "value": ctx.draw(st.sampled_from([0.0, -1.5, 2]))}


def _mask(B, x, mask):
    kind, arg = mask
    return x > arg if kind == "gt" else B.ix(np.array(arg, dtype=bool))


def _choose_where(ctx):
    i = ctx.pick()
    shape = ctx.vals[i].shape
    use_number = ctx.draw(st.booleans())
    if use_number:
        return (i,), {"cond": ("gt", ctx.draw(st.sampled_from([-0.5, 0.0, 0.5]))),
                      "other": ctx.draw(st.sampled_from([0.0, 1.5]))}
    j = ctx.pick(lambda v: ctx.broadcastable(shape, v.shape))
    return (i, j), {"cond": ("random", _random_mask(ctx, np.broadcast_shapes(
        shape, ctx.vals[j].shape))), "other": None}


def _apply_where(B, x, y=None, cond=None, other=None):
    c = _mask(B, x, cond)
    return B.where(c, x, other if y is None else y)


def _choose_clamp(ctx):
    i = ctx.pick()
    lo = ctx.draw(st.sampled_from([None, -1.0, -0.5, 0.0]))
    hi = ctx.draw(st.sampled_from([None, 0.5, 1.0] if lo is not None else [0.0, 0.5, 1.0]))
    return (i,), {"lo": lo, "hi": hi, "how": ctx.draw(st.sampled_from(["clamp", "clip"]))}


def _choose_clamp_tensors(ctx):
    """x.clamp(lo, hi) with tensor bounds; torch wants them to broadcast to x's shape."""
    i = ctx.pick()
    shape = ctx.vals[i].shape
    fits = (lambda v: ctx.broadcastable(shape, v.shape)
            and np.broadcast_shapes(shape, v.shape) == shape)
    return (i, ctx.pick(fits), ctx.pick(fits)), {}


def _choose_einsum(ctx):
    """An equation over one pool value's axes: with itself, with a fresh parameter sharing
    some of its letters (and maybe a new one), or alone; the output a random subset.
    Floats only: PyTorch's einsum takes two dtypes (or bools) exactly where its code path
    multiplies elementwise (summed sizes of 1), which minigrad refuses always (the dtype
    table holds einsum's rules)."""
    i = ctx.pick(lambda v: v.ndim >= 1 and v.dtype.kind == "f")
    if i is None:
        return None
    shape = ctx.vals[i].shape
    mine = "abcdefgh"[:len(shape)]
    size = dict(zip(mine, shape))
    kind = ctx.draw(st.sampled_from(["alone", "itself", "param"]))
    if kind == "param" and ctx.vals[i].dtype.kind != "f":
        kind = "itself"                    # a fresh parameter is a float: one dtype, please
    terms, refs = [mine], [i]
    if kind == "itself":
        terms.append(mine)
        refs.append(i)
    elif kind == "param":
        shared = ctx.draw(st.lists(st.sampled_from(mine), min_size=1, max_size=len(mine),
                                   unique=True))
        theirs = "".join(shared) + ("z" if ctx.draw(st.booleans()) else "")
        size["z"] = ctx.draw(st.integers(1, 3))
        terms.append(theirs)
        # the pool value's dtype: PyTorch's einsum refuses two dtypes, except (by the path
        # it takes) where some sizes are 1; minigrad always asks for one dtype
        refs.append(ctx.new_leaf(tuple(size[c] for c in theirs), like=i))
    letters = list(dict.fromkeys("".join(terms)))
    out = ctx.draw(st.lists(st.sampled_from(letters), max_size=len(letters), unique=True))
    implicit = kind != "alone" and ctx.draw(st.booleans())
    equation = ",".join(terms) + ("" if implicit else "->" + "".join(out))
    return tuple(refs), {"equation": equation}


def _apply_max(which):
    def apply(B, x, dim=None, keepdim=False):
        if dim is None:
            return getattr(x, which)()
        return getattr(x, which)(dim, keepdim).values
    return apply


NEW_OPS = [
    Op("view", _choose_view, lambda B, x, shape, spread: B.view(x, *shape) if spread
       else B.view(x, shape)),
    Op("flatten", _choose_flatten, lambda B, x, start_dim, end_dim: x.flatten(start_dim, end_dim)),
    Op("squeeze", _choose_squeeze, lambda B, x, dim: x.squeeze() if dim is None
       else x.squeeze(dim)),
    Op("unsqueeze", _choose_unsqueeze, lambda B, x, dim: x.unsqueeze(dim)),
    Op("repeat", _choose_repeat, lambda B, x, sizes: x.repeat(*sizes)),
    Op("cat", _choose_join(stack=False), lambda B, *xs, dim: B.cat(list(xs), dim)),
    Op("stack", _choose_join(stack=True), lambda B, *xs, dim: B.stack(list(xs), dim)),
    *[Op(kind, _choose_piece(kind), _apply_piece(kind))
      for kind in ("split", "split_sections", "chunk", "narrow")],
    Op("gather", _choose_gather, lambda B, x, dim, idx: x.gather(dim, B.ix(np.array(idx)))),
    Op("masked_fill", _choose_masked_fill,
       lambda B, x, mask, value: x.masked_fill(_mask(B, x, mask), value)),
    Op("where", _choose_where, _apply_where),
    unary("abs", lambda x: x.abs()),
    unary("sqrt", lambda x: x.sqrt(), ok=_positive),
    Op("clamp", _choose_clamp,
       lambda B, x, lo, hi, how: getattr(x, how)(lo, hi)),
    Op("clamp_tensors", _choose_clamp_tensors, lambda B, x, lo, hi: x.clamp(lo, hi)),
    binary("maximum", lambda a, b: a.maximum(b)),
    binary("minimum", lambda a, b: a.minimum(b)),
    Op("softplus", lambda ctx: ((ctx.pick(),), {"beta": ctx.draw(st.sampled_from([1.0, 2.0])),
                                                "threshold": ctx.draw(st.sampled_from([20.0, 1.0]))}),
       lambda B, x, beta, threshold: B.softplus(x, beta, threshold)),
    Op("logsigmoid", lambda ctx: ((ctx.pick(),), {}), lambda B, x: B.logsigmoid(x)),
    Op("max_all", lambda ctx: ((ctx.pick(lambda v: v.size > 0),), {}), _apply_max("max")),
    Op("min_all", lambda ctx: ((ctx.pick(lambda v: v.size > 0),), {}), _apply_max("min")),
    _one_dim("max_dim", _apply_max("max"), extra=lambda ctx, n: {"keepdim": ctx.draw(st.booleans())}),
    _one_dim("min_dim", _apply_max("min"), extra=lambda ctx, n: {"keepdim": ctx.draw(st.booleans())}),
    _with_dims("var", lambda B, x, dim, keepdim, correction: x.var(dim=dim, keepdim=keepdim,
                                                                   correction=correction),
               correction=True),
    _with_dims("std", lambda B, x, dim, keepdim, correction: x.std(dim=dim, keepdim=keepdim,
                                                                   correction=correction),
               correction=True, spread=True),
    _with_dims("logsumexp", lambda B, x, dim, keepdim: x.logsumexp(
        dim=tuple(range(x.ndim)) if dim is None else dim, keepdim=keepdim)),
    _with_dims("sum_keepdim", lambda B, x, dim, keepdim: x.sum(dim=dim, keepdim=keepdim)),
    Op("einsum", _choose_einsum, lambda B, *xs, equation: B.einsum(equation, *xs)),
    _one_dim("sort", lambda B, x, dim, descending: x.sort(dim=dim, descending=descending,
                                                          stable=True).values,
             extra=lambda ctx, n: {"descending": ctx.draw(st.booleans())}),
    # topk: PyTorch picks among ties in its own way, so only values without ties
    _one_dim("topk", lambda B, x, dim, k, largest: x.topk(k, dim, largest).values,
             ok=_distinct, extra=lambda ctx, n: {"k": ctx.draw(st.integers(1, n)),
                                                 "largest": ctx.draw(st.booleans())}),
    Op("cast_roundtrip", lambda ctx: ((ctx.pick(),), {"how": ctx.draw(st.sampled_from(
        ["float", "to"]))}), lambda B, x, how: x.float().double() if how == "float"
       else x.to(B.float32).to(B.float64)),
]

OPS += NEW_OPS


# -- views written in place, and in-place changes of computed tensors (issue 20) ----------------
# A step makes a fresh tensor y = (x * 1.0).contiguous() from a pool value x, takes a chain of
# views of it (basic indexing, transpose, permute, .T, unsqueeze, squeeze, view, flatten),
# maybe changes y's shape in place (t_, unsqueeze_), and then writes in place: into the last
# view (PyTorch's CopySlices rewrites y's history) or into y itself (every view's history is
# taken anew).  The step's value is y or the view.  y is fresh, so no earlier step saved it.
def _draw_basic_index(ctx, shape, allow_arrays=False):
    """Index parts for a tensor of ``shape``: ints, slices and None, and (``allow_arrays``)
    at most one integer array."""
    parts, dims = [], list(shape)
    for _ in range(ctx.draw(st.integers(0, len(shape) + 1))):
        kinds = ["n"] + (["i", "s"] + (["a"] if allow_arrays else []) if dims else [])
        kind = ctx.draw(st.sampled_from(kinds))
        if kind == "n":
            parts.append(("n",))                        # a new axis: uses no dim
            continue
        n = dims.pop(0)
        if kind == "i":
            parts.append(("i", ctx.draw(st.integers(-n, n - 1))))
        elif kind == "s":
            start = ctx.draw(st.integers(0, n - 1))
            parts.append(("s", start, ctx.draw(st.integers(start + 1, n)),
                          ctx.draw(st.integers(1, 2))))
        else:
            parts.append(("a", ctx.draw(st.lists(st.integers(-n, n - 1), min_size=1,
                                                 max_size=3))))
            allow_arrays = False
    return tuple(parts)


def _draw_view_step(ctx, shape):
    nd = len(shape)
    kinds = ["index", "unsqueeze", "view", "flatten"] + (["squeeze"] if 1 in shape else []) \
        + (["transpose", "permute"] if nd >= 2 else []) + (["T"] if nd == 2 else [])
    kind = ctx.draw(st.sampled_from(kinds))
    if kind == "index":
        return ("index", _draw_basic_index(ctx, shape))
    if kind == "unsqueeze":
        return ("unsqueeze", ctx.draw(st.integers(-nd - 1, nd)))
    if kind == "squeeze":
        return ("squeeze", ctx.draw(st.sampled_from([d for d, n in enumerate(shape) if n == 1])))
    if kind == "view":
        return ("view", _choose_reshape_shape(ctx, shape))
    if kind == "transpose":
        return ("transpose", ctx.draw(st.integers(-nd, nd - 1)), ctx.draw(st.integers(-nd, nd - 1)))
    if kind == "permute":
        return ("permute", tuple(ctx.draw(st.permutations(range(nd)))))
    return (kind,)                                     # flatten, T


def _choose_reshape_shape(ctx, shape):
    size = int(np.prod(shape))
    factors = _prime_factors(size)
    nd = ctx.draw(st.integers(0 if size == 1 else 1, 3))
    new = [1] * nd
    for f in factors:
        new[ctx.draw(st.integers(0, nd - 1))] *= f
    return tuple(new)


def _apply_view_step(B, t, step):
    kind = step[0]
    if kind == "index":
        return t[build_index(B, step[1])] if step[1] else t[...]
    if kind == "transpose":
        return t.transpose(step[1], step[2])
    if kind == "permute":
        return t.permute(*step[1])
    if kind in ("unsqueeze", "squeeze"):
        return getattr(t, kind)(step[1])
    if kind == "view":
        return t.view(step[1])
    return t.flatten() if kind == "flatten" else t.T


TENSOR_WRITES = ("add_ tensor", "sub_ tensor", "mul_ tensor", "copy_", "+= tensor",
                 "*= tensor")


def _draw_write(ctx, shape, other):
    """An in-place op for a target of ``shape``; ``other`` is a pool index whose value
    broadcasts to ``shape`` (or None: then the op takes numbers only)."""
    kinds = ["mul_", "add_", "sub_", "div_", "fill_", "zero_", "clamp_", "setitem"]
    kind = ctx.draw(st.sampled_from(kinds + (list(TENSOR_WRITES) if other is not None else [])))
    c = ctx.draw(st.sampled_from([-1.5, 0.5, 2.0]))
    if kind == "clamp_":
        return (kind, -0.5, 0.75)
    if kind == "setitem":
        return (kind, _draw_basic_index(ctx, shape, allow_arrays=True), c)
    return (kind, c)


def _apply_write(B, target, write, other):
    kind = write[0]
    if kind in ("mul_", "add_", "sub_", "div_", "fill_"):
        getattr(target, kind)(write[1])
    elif kind == "zero_":
        target.zero_()
    elif kind == "clamp_":
        target.clamp_(write[1], write[2])
    elif kind == "setitem":
        target[build_index(B, write[1]) if write[1] else ...] = write[2]
    elif kind == "copy_":
        target.copy_(other)
    elif kind == "+= tensor":
        target += other
    elif kind == "*= tensor":
        target *= other
    else:
        getattr(target, kind.split()[0])(other)


def _choose_written_view(ctx, into, max_steps=2):
    i = ctx.pick(lambda v: v.size > 0)
    y = (ctx.tensors[i] * 1.0).contiguous()
    steps, v = [], y
    for _ in range(ctx.draw(st.integers(0, max_steps))):
        step = _draw_view_step(ctx, tuple(v.shape))
        try:
            v = _apply_view_step(TH, v, step)
        except RuntimeError:                           # torch cannot view it: no such step
            continue
        steps.append(step)
    reshape_base = None
    if y.ndim == 2 and ctx.draw(st.booleans()):
        reshape_base = ("t_",)
    elif ctx.draw(st.integers(0, 3)) == 0:
        reshape_base = ("unsqueeze_", ctx.draw(st.integers(-y.ndim - 1, y.ndim)))
    # the target's shape when the write comes (after reshape_base, which changes v too
    # when v is y itself), found by doing the same on a copy
    y2 = y.clone()
    v2 = y2
    for step in steps:
        v2 = _apply_view_step(TH, v2, step)
    if reshape_base is not None:
        getattr(y2, reshape_base[0])(*reshape_base[1:])
    target = v2 if into == "view" else y2
    shape = tuple(target.shape)
    j = ctx.pick(lambda val: ctx.broadcastable(val.shape, shape)
                 and np.broadcast_shapes(val.shape, shape) == shape)
    write = _draw_write(ctx, shape, j)
    if write[0] == "setitem" and not target[build_index(TH, write[1]) if write[1] else ...].numel():
        return None
    return ((i, j) if write[0] in TENSOR_WRITES else (i,)), {
        "steps": tuple(steps), "reshape_base": reshape_base, "into": into, "write": write,
        "result": ctx.draw(st.sampled_from(["base", "view"]))}


def _apply_written_view(B, x, other=None, steps=(), reshape_base=None, into="view",
                        write=("zero_",), result="base"):
    y = (x * 1.0).contiguous()
    v = y
    for step in steps:
        v = _apply_view_step(B, v, step)
    if reshape_base is not None:
        getattr(y, reshape_base[0])(*reshape_base[1:])
    _apply_write(B, v if into == "view" else y, write, other)
    return y if result == "base" else v


OPS += [
    Op("write_into_a_view", lambda ctx: _choose_written_view(ctx, "view"), _apply_written_view),
    Op("write_into_the_base_of_views", lambda ctx: _choose_written_view(ctx, "base"),
       _apply_written_view),
    Op("write_into_a_computed_tensor", lambda ctx: _choose_written_view(ctx, "base", 0),
       _apply_written_view),
]


# -- dtypes: casts, comparisons and masks, integer arithmetic -------------------------------
def _numeric(v):
    return v.dtype.kind != "b"


def _integers_or_bools(v):
    return v.dtype.kind in "biu"


DTYPE_OPS = [
    Op("cast", lambda ctx: ((ctx.pick(),), {"to": ctx.draw(st.sampled_from(
        ["float64", "float32", "int64", "int32", "uint8", "bool"]))}),
       lambda B, x, to: x.to(getattr(B, to))),
    binary("gt", lambda a, b: a > b),
    binary("le", lambda a, b: a <= b),
    with_constant("lt_number", lambda x, c: x < c, [0, 0.5, -1, True]),
    binary("and", lambda a, b: a & b, ok_a=_integers_or_bools, ok_b=_integers_or_bools),
    binary("or", lambda a, b: a | b, ok_a=_integers_or_bools, ok_b=_integers_or_bools),
    binary("xor", lambda a, b: a ^ b, ok_a=_integers_or_bools, ok_b=_integers_or_bools),
    unary("invert", lambda x: ~x, ok=_integers_or_bools),
    binary("mod", lambda a, b: a % b, ok_a=_numeric, ok_b=lambda v: _numeric(v)
           and _away_from_zero(v)),
    # // has no derivative (in PyTorch either): its operands are detached
    binary("floordiv", lambda a, b: a.detach() // b.detach(), ok_a=_numeric,
           ok_b=lambda v: _numeric(v) and _away_from_zero(v)),
    with_constant("mod_number", lambda x, c: x % c, [2, -3, 1.5], ok=lambda v, c: _numeric(v)),
    with_constant("add_number", lambda x, c: x + c, [1, -2, True, 2.5, 300]),
    with_constant("mul_number", lambda x, c: x * c, [3, -1, 0.5]),
    with_constant("div_int_number", lambda x, c: x / c, [2, -4]),
]
OPS += DTYPE_OPS


# -- the rest of the everyday API (issue 20, part C) ---------------------------------------
def _choose_flip(ctx):
    i = ctx.pick(lambda v: v.ndim >= 1)
    if i is None:
        return None
    nd = ctx.vals[i].ndim
    dims = ctx.draw(st.lists(st.integers(-nd, nd - 1), max_size=nd,
                             unique_by=lambda d: d % nd))
    return (i,), {"dims": tuple(dims)}


def _choose_roll(ctx):
    i = ctx.pick()
    nd = ctx.vals[i].ndim
    if nd == 0 or ctx.draw(st.booleans()):
        return (i,), {"shifts": ctx.draw(st.integers(-4, 4)), "dims": None}
    dims = ctx.draw(st.lists(st.integers(-nd, nd - 1), min_size=1, max_size=3))
    shifts = ctx.draw(st.lists(st.integers(-4, 4), min_size=len(dims), max_size=len(dims)))
    return (i,), {"shifts": tuple(shifts), "dims": tuple(dims)}


def _choose_vector_norm(ctx):
    i = ctx.pick(lambda v: v.size > 0)          # ±inf and negative orders need elements
    if i is None:
        return None
    return (i,), {"dim": _choose_dims(ctx, ctx.vals[i].ndim), "keepdim": ctx.draw(st.booleans()),
                  "ord": ctx.draw(st.sampled_from([2, 1, 3, 0.5, math.inf, -math.inf, -1]))}


def _choose_norm(ctx):
    """``x.norm(dim=...)``: every entry, one axis or two (three would be a matrix norm)."""
    i = ctx.pick()
    dims = _choose_dims(ctx, ctx.vals[i].ndim)
    if isinstance(dims, tuple):
        dims = dims[:2]
    return (i,), {"dim": dims, "keepdim": ctx.draw(st.booleans())}


def _choose_prod(ctx):
    i = ctx.pick(_small)
    if i is None:
        return None
    nd = ctx.vals[i].ndim
    dim = None if nd == 0 or ctx.draw(st.booleans()) else ctx.draw(st.integers(-nd, nd - 1))
    return (i,), {"dim": dim, "keepdim": ctx.draw(st.booleans())}


def _choose_triangle(ctx):
    i = ctx.pick(lambda v: v.ndim >= 2)
    if i is None:
        return None
    return (i,), {"diagonal": ctx.draw(st.integers(-3, 3)), "upper": ctx.draw(st.booleans())}


def _choose_index_select(ctx):
    i = ctx.pick(lambda v: v.ndim >= 1)
    if i is None:
        return None
    shape = ctx.vals[i].shape
    d = ctx.draw(st.integers(-len(shape), len(shape) - 1))
    if shape[d] == 0:
        return (i,), {"dim": d, "idx": []}
    idx = ctx.draw(st.lists(st.integers(0, shape[d] - 1), max_size=4))
    return (i,), {"dim": d, "idx": idx}


def _pair_of(ctx, ok, same=False):
    i = ctx.pick(ok)
    if i is None:
        return None
    j = ctx.pick(lambda v: ok(v) and (not same or v.shape == ctx.vals[i].shape))
    return None if j is None else ((i, j), {})


def _choose_matrix_norm(ctx):
    i = ctx.pick(lambda v: v.ndim >= 2 and 0 not in v.shape)
    if i is None:
        return None
    nd = ctx.vals[i].ndim
    rows = ctx.draw(st.integers(0, nd - 1))
    cols = ctx.draw(st.integers(0, nd - 1).filter(lambda c: c != rows))
    # not 'nuc' or ±2: at repeated or zero singular values (the grid makes them) their
    # gradient is not unique; test_ops_everyday compares them on random matrices
    return (i,), {"ord": ctx.draw(st.sampled_from(["fro", 1, -1, math.inf, -math.inf])),
                  "dim": (rows, cols), "keepdim": ctx.draw(st.booleans())}


EVERYDAY_OPS = [
    _one_dim("cumsum", lambda B, x, dim: x.cumsum(dim)),
    _one_dim("cumprod", lambda B, x, dim: x.cumprod(dim), ok=_small),
    Op("flip", _choose_flip, lambda B, x, dims: x.flip(dims)),
    Op("roll", _choose_roll, lambda B, x, shifts, dims: x.roll(shifts, dims)),
    unary("t", lambda x: x.t(), ok=lambda v: v.ndim <= 2),
    Op("vector_norm", _choose_vector_norm,
       lambda B, x, dim, keepdim, ord: B.linalg.vector_norm(x, ord, dim, keepdim)),
    Op("matrix_norm", _choose_matrix_norm,
       lambda B, x, ord, dim, keepdim: B.linalg.matrix_norm(x, ord, dim, keepdim)),
    Op("norm", _choose_norm, lambda B, x, dim, keepdim: x.norm(dim=dim, keepdim=keepdim)),
    # beyond the list
    Op("prod", _choose_prod, lambda B, x, dim, keepdim: x.prod() if dim is None
       else x.prod(dim, keepdim)),
    unary("sin", lambda x: x.sin()),
    unary("cos", lambda x: x.cos()),
    unary("log1p", lambda x: (x * x).log1p()),
    unary("expm1", lambda x: x.expm1(), ok=lambda v: v.size > 0 and v.max() <= 4),
    unary("square", lambda x: x.square()),
    unary("rsqrt", lambda x: x.rsqrt(), ok=_positive),
    unary("reciprocal", lambda x: x.reciprocal(), ok=_away_from_zero),
    unary("log2_of_square", lambda x: (x * x + 0.5).log2()),
    unary("rounding", lambda x: x.round() + x.floor() * x.sign() - x.trunc() + x.ceil() * 0.5),
    unary("nan_to_num", lambda x: x.nan_to_num()),
    Op("tril", _choose_triangle, lambda B, x, diagonal, upper: x.triu(diagonal) if upper
       else x.tril(diagonal)),
    Op("index_select", _choose_index_select,
       lambda B, x, dim, idx: x.index_select(dim, B.ix(np.array(idx, dtype=np.int64)))),
    Op("outer", lambda ctx: _pair_of(ctx, lambda v: v.ndim == 1), lambda B, a, b: a.outer(b)),
    Op("dot", lambda ctx: _pair_of(ctx, lambda v: v.ndim == 1, same=True),
       lambda B, a, b: a.dot(b)),
    Op("clamp_min_max", lambda ctx: ((ctx.pick(),), {"lo": ctx.draw(st.sampled_from(
        [-0.5, 0.0, 0.5]))}), lambda B, x, lo: x.clamp_min(lo).clamp_max(lo + 1.0)),
]

OPS += EVERYDAY_OPS


# ---------------------------------------------------------------------------------------
# Programs: drawing, printing, running
# ---------------------------------------------------------------------------------------
@dataclass
class Step:
    op: Op
    refs: tuple           # ints: pool values; ("p", k): leaf k (a fresh parameter)
    params: dict
    shape: tuple


@dataclass
class Program:
    seed: int
    n_inputs: int
    leaves: list                      # inputs first, then the parameters steps created
    steps: list = field(default_factory=list)
    final: list = field(default_factory=list)     # pool values summed into the loss …
    weights: list = field(default_factory=list)   # … each times a constant weight array

    def ref_name(self, r):
        return f"p{r[1]}" if isinstance(r, tuple) else f"v{r}"

    def describe(self) -> str:
        lines = [f"seed={self.seed}"]
        for k, a in enumerate(self.leaves):
            kind = "input" if k < self.n_inputs else "parameter"
            name = f"v{k}" if k < self.n_inputs else f"p{k}"
            dtype = "" if a.dtype == np.float64 else f" {a.dtype}"
            lines.append(f"  {name} = {kind}{dtype} of shape {a.shape}: "
                         + np.array2string(a, precision=17, separator=", ").replace("\n", " "))
        for k, step in enumerate(self.steps, start=self.n_inputs):
            args = [self.ref_name(r) for r in step.refs]
            params = dict(step.params)
            if "index" in params:
                args[0] += format_index(params.pop("index"))
            args += [f"{key}={val!r}" for key, val in params.items()]
            lines.append(f"  v{k} = {step.op.name}({', '.join(args)})  -> shape {step.shape}")
        terms = " + ".join(f"(v{i} * w{j}).sum()" for j, i in enumerate(self.final))
        lines.append(f"  loss = {terms}   (w = random constant weights)")
        return "\n".join(lines)


class Ctx:
    """What an op's ``choose`` sees while a program is drawn: the pool's values (computed
    with torch, no grad, to know shapes and keep values tame) and hypothesis draws."""

    def __init__(self, data, rng, program):
        self.data, self.rng, self.program = data, rng, program
        self.tensors = [torch.tensor(a) for a in program.leaves]   # pool values (torch)
        self.vals = [a for a in program.leaves]                     # pool values (numpy)

    def draw(self, strategy):
        return self.data.draw(strategy)

    def pick(self, ok=_any):
        """A random pool index whose value satisfies ``ok``, or None."""
        cands = [i for i, v in enumerate(self.vals) if ok(v)]
        return self.draw(st.sampled_from(cands)) if cands else None

    @staticmethod
    def broadcastable(s1, s2):
        try:
            np.broadcast_shapes(s1, s2)
            return True
        except ValueError:
            return False

    def new_leaf(self, shape, like=None):
        """A fresh parameter (float64, or the dtype of the pool value ``like`` when that is a
        float: products of matrices take one dtype)."""
        dtype = np.float64 if like is None or self.vals[like].dtype.kind != "f" \
            else self.vals[like].dtype
        self.program.leaves.append(self.rng.uniform(-1.0, 1.0, size=shape).astype(dtype))
        return ("p", len(self.program.leaves) - 1)

    def resolve(self, r):
        return torch.tensor(self.program.leaves[r[1]]) if isinstance(r, tuple) else self.tensors[r]


INPUT_DTYPES = ["float64", "float32", "int64", "int32", "uint8", "bool"]


def _input_values(rng, shape, dtype: str, grid: bool) -> np.ndarray:
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, 6, size=shape).astype(np.uint8)
    if dtype.startswith("int"):
        return rng.integers(-3, 4, size=shape).astype(dtype)
    values = rng.integers(-3, 4, size=shape) * 0.5 if grid else rng.uniform(-1.5, 1.5, size=shape)
    return np.asarray(values, dtype=dtype)


def draw_program(data) -> Program:
    n_inputs = data.draw(st.integers(2, 4), label="number of inputs")
    shapes = data.draw(hnp.mutually_broadcastable_shapes(
        num_shapes=n_inputs, min_dims=0, max_dims=3, min_side=1, max_side=4),
        label="input shapes").input_shapes
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    # On a grid of 0.5 the inputs hold exact zeros and ties: relu and x ** n at exactly 0.
    grid = data.draw(st.booleans(), label="inputs on a grid")
    # Half the programs mix dtypes (the first input stays floating point, for a gradient).
    mixed = data.draw(st.booleans(), label="mixed dtypes")
    kinds = [data.draw(st.sampled_from(["float64", "float32"] if k == 0 else INPUT_DTYPES),
                       label=f"dtype of input {k}") if mixed else "float64"
             for k in range(n_inputs)]
    rng = np.random.default_rng(seed)
    program = Program(seed, n_inputs, [_input_values(rng, s, kind, grid)
                                       for s, kind in zip(shapes, kinds)])
    ctx = Ctx(data, rng, program)
    n_steps = data.draw(st.integers(3, 12), label="number of steps")
    attempts = 0
    while len(program.steps) < n_steps and attempts < 6 * n_steps:
        attempts += 1
        op = data.draw(st.sampled_from(OPS))
        n_leaves = len(program.leaves)
        chosen = op.choose(ctx)
        if chosen is None:
            continue
        refs, params = chosen
        try:
            with torch.no_grad(), np.errstate(all="ignore"):
                out = op.apply(TH, *[ctx.resolve(r) for r in refs], **params)
        except Exception:                      # a step PyTorch refuses (for its dtypes)
            del program.leaves[n_leaves:]
            continue
        v = out.numpy()
        if (v.size == 0 or v.size > MAX_SIZE or v.ndim > MAX_NDIM or not np.isfinite(v).all()
                or np.abs(v.astype(np.float64)).max() > GUARD):
            del program.leaves[n_leaves:]      # forget a parameter made for a discarded step
            continue
        program.steps.append(Step(op, tuple(refs), params, tuple(v.shape)))
        ctx.tensors.append(out)
        ctx.vals.append(v)
    # The loss sums every step's value that no later step consumed (so no step is dead
    # code), plus a few more drawn values, which may be inputs or be counted twice.
    consumed = {r for step in program.steps for r in step.refs if not isinstance(r, tuple)}
    last = len(ctx.vals) - 1
    program.final = [k for k in range(n_inputs, last + 1) if k not in consumed] or [last]
    program.final += data.draw(st.lists(st.integers(0, last), max_size=2),
                               label="more values in the loss")
    program.weights = [rng.uniform(-1.0, 1.0, size=ctx.vals[i].shape) for i in program.final]
    return program


def run(program: Program, B, retain=False):
    """Build the program with framework B; return (leaves, pool, loss)."""
    leaves = [B.input(a) for a in program.leaves]
    pool = list(leaves[:program.n_inputs])
    for step in program.steps:
        args = [leaves[r[1]] if isinstance(r, tuple) else pool[r] for r in step.refs]
        out = step.op.apply(B, *args, **step.params)
        if retain and out.requires_grad:
            out.retain_grad()
        pool.append(out)
    loss = None
    for i, w in zip(program.final, program.weights):
        term = (pool[i] * B.const(w)).sum()
        loss = term if loss is None else loss + term
    return leaves, pool, loss


#: Second derivatives of a program with float32 values: they add up terms that cancel (for
#: log σ(30x - 60), terms near ±900 around a result near 3e-4), and float32 rounding of such
#: terms (6e-8 each) reaches 1e-4 in either library.
RTOL32_SECOND = 1e-3


def _mismatch(got, want, loose: bool = False, tol32: float = None):
    """None when ``got`` (minigrad) matches ``want`` (torch), dtype included, else a short
    description; ``loose``: the program has float32 values, whose rounding compounds (to
    ``tol32``, when given, instead of RTOL32)."""
    if got is None or want is None:
        return None if got is None and want is None else f"minigrad {got!r} vs torch {want!r}"
    if np.shape(got) != np.shape(want):
        return f"shape {np.shape(got)} vs torch's {np.shape(want)}"
    if np.asarray(got).dtype != np.asarray(want).dtype:
        return f"dtype {np.asarray(got).dtype} vs torch's {np.asarray(want).dtype}"
    try:
        tol = (tol32 or RTOL32) if loose else RTOL
        np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64),
                                   rtol=tol, atol=tol)
    except AssertionError as err:
        return str(err).strip()
    return None


def _locate(program) -> str:
    """Run both again keeping every intermediate's .grad: where do the gradients part ways?"""
    try:
        _, pool_m, loss_m = run(program, MG, retain=True)
        _, pool_t, loss_t = run(program, TH, retain=True)
        loss_m.backward()
        loss_t.backward()
    except Exception as err:  # noqa: BLE001 (diagnostics only)
        return f"(could not rerun with retain_grad: {err!r})"
    lines = []
    for k in range(len(pool_m) - 1, program.n_inputs - 1, -1):
        gm, gt = MG.grad(pool_m[k]), TH.grad(pool_t[k])
        bad = _mismatch(gm, gt)
        if bad is None:
            lines.append(f"  v{k}: ok")
        else:
            lines.append(f"  v{k}: DIFFERS: minigrad {None if gm is None else gm.tolist()} "
                         f"vs torch {None if gt is None else gt.tolist()}")
    return "gradient of each intermediate value (last step first):\n" + "\n".join(lines)


def check_program(program: Program) -> None:
    text = program.describe()
    loose = any(np.asarray(v).dtype == np.float32 for v in program.leaves) or any(
        step.op.name == "cast" and step.params["to"] == "float32" for step in program.steps)
    try:
        leaves_t, pool_t, loss_t = run(program, TH)
        if loss_t.requires_grad:          # (not when only integers reach the loss)
            loss_t.backward()
    except Exception as err:     # a program torch rejects is a bug in this test module
        raise AssertionError(f"torch raised {err!r} on the program:\n{text}") from err
    try:
        leaves_m, pool_m, loss_m = run(program, MG)
        assert loss_m.requires_grad == loss_t.requires_grad, "the loss requires grad in one only"
        if loss_m.requires_grad:
            loss_m.backward()
    except Exception as err:
        raise AssertionError(f"minigrad raised {err!r} on a program torch runs:\n{text}") from err

    for k, (vm, vt) in enumerate(zip(pool_m, pool_t)):
        bad = _mismatch(MG.value(vm), TH.value(vt), loose)
        assert bad is None, f"value of v{k} differs from torch: {bad}\nprogram:\n{text}"
    bad = _mismatch(MG.value(loss_m), TH.value(loss_t), loose)
    assert bad is None, f"loss differs from torch: {bad}\nprogram:\n{text}"

    problems = []
    for k, (lm, lt) in enumerate(zip(leaves_m, leaves_t)):
        name = f"v{k}" if k < program.n_inputs else f"p{k}"
        gm, gt = MG.grad(lm), TH.grad(lt)
        # torch leaves .grad None exactly when the leaf does not reach the loss; minigrad
        # must do the same (not hand out zeros for an unused leaf, nor None for a used one).
        bad = _mismatch(gm, gt, loose)
        if bad is not None:
            problems.append(f"grad of {name}: {bad}")
    if problems:
        raise AssertionError("\n".join(problems) + f"\nprogram:\n{text}\n" + _locate(program))
    if loss_t.requires_grad:
        check_second_order(program, loose)


#: What minigrad refuses to differentiate twice (minigrad/autograd.py: an op without a
#: graph-building backward): a program that reaches one of these is checked to say so.
REFUSES_CREATE_GRAPH = ("einsum", "softplus", "cumprod", "prod", "vector_norm", "matrix_norm",
                        "copy_slices", "as_strided", "t_()", "transpose_()", "squeeze_()",
                        "unsqueeze_()")


def second_order(program: Program, B, lib, refused=()):
    """The gradient of the loss with respect to the float inputs (and parameters), computed
    with create_graph=True, and the gradient of its projection on random directions: two
    lists of arrays (zeros where a leaf is not reached)."""
    leaves, _, loss = run(program, B)
    wanted = [t for t in leaves if t.requires_grad]
    firsts = lib.grad(loss, wanted, create_graph=True, allow_unused=True)
    rng = np.random.default_rng(program.seed + 1)
    total = None
    for g, t in zip(firsts, wanted):
        if g is not None:
            term = (g * B.const(rng.uniform(-1.0, 1.0, size=tuple(t.shape)))).sum()
            total = term if total is None else total + term
    seconds = [None] * len(wanted)
    if total is not None and total.requires_grad:
        seconds = lib.grad(total, wanted, allow_unused=True)

    def arrays(grads):               # (PyTorch's zero tensors refuse .numpy())
        return [np.zeros(tuple(t.shape), dtype=B.value(t).dtype)
                if g is None or getattr(g, "_is_zerotensor", lambda: False)() else B.value(g)
                for g, t in zip(grads, wanted)]
    return arrays(firsts), arrays(seconds)


def check_second_order(program: Program, loose: bool) -> None:
    """Second derivatives (gradients of the gradient, double backprop) against PyTorch's."""
    text = program.describe()
    try:
        firsts_t, seconds_t = second_order(program, TH, torch.autograd)
    except Exception as err:     # a program torch rejects is a bug in this test module
        raise AssertionError(f"torch's double backward raised {err!r} on:\n{text}") from err
    if any(not np.isfinite(a).all() or np.abs(a.astype(np.float64)).max(initial=0) > GUARD
           for a in firsts_t + seconds_t):
        return    # PyTorch's own formulas overflow (1/σ² of a float32 σ ≈ 1e-21): no reference
    try:
        firsts_m, seconds_m = second_order(program, MG, mg.autograd)
    except RuntimeError as err:
        refused = [op for op in REFUSES_CREATE_GRAPH
                   if f"create_graph=True: the op '{op}' has no" in str(err)]
        assert refused, f"minigrad raised {err!r} in double backward on:\n{text}"
        return
    problems = []
    for order, (ours, theirs) in enumerate(((firsts_m, firsts_t), (seconds_m, seconds_t)), 1):
        for k, (gm, gt) in enumerate(zip(ours, theirs)):
            bad = _mismatch(gm, gt, loose, RTOL32_SECOND if order == 2 else None)
            if bad is not None:
                problems.append(f"derivative of order {order} for leaf {k}: {bad}")
    if problems:
        raise AssertionError("\n".join(problems) + f"\nprogram:\n{text}")


# ---------------------------------------------------------------------------------------
# The random test
# ---------------------------------------------------------------------------------------
# 1,000 programs a run; MINIGRAD_RANDOM_GRAPHS=10000 for a longer one-off search.
@settings(max_examples=int(os.environ.get("MINIGRAD_RANDOM_GRAPHS", 1000)), deadline=None)
@given(data=st.data())
def test_random_graph_matches_torch(data):
    with default_float64(torch):      # "the default dtype" is float64 on both sides
        check_program(draw_program(data))


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_op_fits_a_typical_pool(data):
    """Guard against an op whose choose() silently never fits (it would never be tested):
    with a pool holding a positive matrix, a vector, a batch and a scalar, and an integer
    vector and a bool matrix, every op fits (on floats, PyTorch runs it)."""
    rng = np.random.default_rng(0)
    program = Program(0, 6, [rng.uniform(0.5, 1.5, size=(3, 3)), rng.uniform(0.5, 1.5, size=3),
                             rng.uniform(0.5, 1.5, size=(2, 1, 3)), np.array(0.75),
                             np.array([1, 2, 3]), rng.random((2, 3)) < 0.5])
    ctx = Ctx(data, rng, program)
    for op in OPS:
        with default_float64(torch):
            chosen = op.choose(ctx)
        assert chosen is not None, f"{op.name} did not fit the pool"
        refs, params = chosen
        floats = all(isinstance(r, tuple) or ctx.vals[r].dtype.kind == "f" for r in refs)
        try:
            with torch.no_grad():
                op.apply(TH, *[ctx.resolve(r) for r in refs], **params)
        except Exception:
            if floats:
                raise


# ---------------------------------------------------------------------------------------
# Explicit cases
# ---------------------------------------------------------------------------------------
def compare(fn, *arrays, seed_grad=None, weights_seed=0):
    """Apply ``fn(B, *leaves)`` in both frameworks; reduce it with a weighted sum (or call
    ``backward(seed_grad)`` when given) and compare the value and every leaf's .grad."""
    results = {}
    for B in (MG, TH):
        leaves = [B.leaf(a) for a in arrays]
        out = fn(B, *leaves)
        if seed_grad is None:
            w = np.random.default_rng(weights_seed).uniform(-1, 1, size=tuple(out.shape))
            B.backward((out * B.const(w)).sum())
        else:
            B.backward(out, B.const(seed_grad))
        results[B.name] = (B.value(out), [B.grad(t) for t in leaves])
    (vm, gms), (vt, gts) = results["minigrad"], results["torch"]
    assert vm.shape == vt.shape
    np.testing.assert_allclose(vm, vt, rtol=RTOL, atol=ATOL, err_msg="value")
    for k, (gm, gt) in enumerate(zip(gms, gts)):
        assert (gm is None) == (gt is None), f"input {k}: minigrad grad {gm!r}, torch {gt!r}"
        if gt is not None:
            np.testing.assert_allclose(gm, gt, rtol=RTOL, atol=ATOL, err_msg=f"grad of input {k}")


def _rand(*shape, seed=1, lo=-1.5, hi=1.5):
    return np.random.default_rng(seed).uniform(lo, hi, size=shape)


@pytest.mark.parametrize("sa, sb", [
    ((2, 1, 3, 4), (5, 4, 2)),      # batch dims broadcast: (2, 1) with (5,)
    ((3, 4), (2, 4, 5)),            # matrix against a batch
    ((2, 3, 4), (4, 5)),            # batch against a matrix
    ((4,), (4, 3)),                 # vector @ matrix
    ((3, 4), (4,)),                 # matrix @ vector
    ((4,), (4,)),                   # vector @ vector -> scalar
    ((4,), (2, 4, 3)),              # vector @ batch
    ((2, 1, 3, 4), (4,)),           # batch @ vector
])
@pytest.mark.parametrize("how", ["@", "matmul"])
def test_matmul_shapes(sa, sb, how):
    compare(lambda B, a, b: _apply_matmul(B, a, b, how), _rand(*sa, seed=1), _rand(*sb, seed=2))


def test_mm():
    compare(lambda B, a, b: B.mm(a, b), _rand(3, 4, seed=1), _rand(4, 2, seed=2))


def test_matmul_of_a_value_with_itself():
    compare(lambda B, a: (a @ a) @ B.transpose(a), _rand(3, 3))


@pytest.mark.parametrize("dim", [None, 0, -1, 1, (0, 2), (2, 0), (-1, 0), (0, 1, 2), (1,)])
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("method", ["sum", "mean"])
def test_reductions(dim, keepdims, method):
    compare(lambda B, x: getattr(B, method)(x, dim, keepdims), _rand(2, 3, 4))


def test_sum_of_a_scalar():
    compare(lambda B, x: B.sum(x, None, True) * 3, np.array(1.25))


@pytest.mark.parametrize("name, index", [
    ("x[[0, 0, 2]]", lambda B: [0, 0, 2]),
    ("x[np.array([0,1]), np.array([2,2])]",
     lambda B: (B.ix(np.array([0, 1])), B.ix(np.array([2, 2])))),
    ("same element twice: x[[1,1], [2,2]]",
     lambda B: (B.ix(np.array([1, 1])), B.ix(np.array([2, 2])))),
    ("x[:, [3, 3, -1]]", lambda B: (slice(None), B.ix(np.array([3, 3, -1])))),
    ("outer: x[[[0], [2]], [1, 1, 3]]",
     lambda B: (B.ix(np.array([[0], [2]])), B.ix(np.array([1, 1, 3])))),
    ("x[np.array([[0, 0], [2, 1]])]", lambda B: B.ix(np.array([[0, 0], [2, 1]]))),
    ("x[1:3]", lambda B: slice(1, 3)),
    ("x[::2, 1]", lambda B: (slice(None, None, 2), 1)),
    ("x[-1]", lambda B: -1),
    ("mask", lambda B: B.ix(np.array([True, False, True]))),
])
def test_indexing(name, index):
    compare(lambda B, x: x[index(B)], _rand(3, 4))


def test_indexed_value_used_twice():
    compare(lambda B, x: x[[0, 0, 2]] * x[[2, 0, 0]] + x[0], _rand(3, 4))


def test_pow_tensor_exponent_with_base_exactly_zero():
    # 0 ** b for b > 0: d/da = b * 0**(b-1) (0 for b > 1, 1 for b == 1) and d/db = 0 (torch
    # masks the 0 * log 0 = nan there).
    base = np.array([0.0, 0.0, 0.0, 0.5, 2.0])
    expo = np.array([2.0, 1.0, 3.5, 1.5, -0.5])
    compare(lambda B, a, b: a ** b, base, expo)


def test_pow_tensor_exponent_zero_with_base_exactly_zero():
    # 0 ** 0 == 1 is constant in the base; torch's gradient for the base is 0 there.
    compare(lambda B, a, b: a ** b, np.array([0.0, 1.5]), np.array([0.0, 0.0]))


def test_pow_number_zero_at_zero():
    # x ** 0 == 1 for every x, so its gradient is 0 everywhere, x == 0 included (torch: 0).
    compare(lambda B, x: x ** 0, np.array([0.0, 1.5, -2.0]))


def test_relu_at_zero():
    # The kink: both frameworks use slope 0 at exactly 0.
    compare(lambda B, x: x.relu() + (x * x).relu() * 2, np.array([0.0, -0.5, 0.5]))


def test_pow_number_at_zero():
    compare(lambda B, x: x ** 2 + x ** 1 + x ** 3, np.array([0.0, 1.5, -2.0]))


@pytest.mark.parametrize("as_tensor", [True, False])
def test_backward_with_a_non_scalar_seed_gradient(as_tensor):
    seed = np.array([[1.0, -2.0, 0.5], [3.0, 0.0, -1.0]])
    results = {}
    for B in (MG, TH):
        x, w = B.leaf(_rand(2, 4)), B.leaf(_rand(4, 3, seed=2))
        y = (x @ w).tanh() * B.sum(x, 1, True)
        g = B.const(seed) if (as_tensor or B is TH) else seed
        B.backward(y, g)
        results[B.name] = (B.grad(x), B.grad(w))
    for gm, gt in zip(results["minigrad"], results["torch"]):
        np.testing.assert_allclose(gm, gt, rtol=RTOL, atol=ATOL)


def test_gradients_accumulate_across_two_backward_calls():
    results = {}
    for B in (MG, TH):
        x, w = B.leaf(_rand(3, 2)), B.leaf(_rand(2, 2, seed=2))
        h = (x @ w).sigmoid()
        loss1 = (h * h).sum()
        B.backward(loss1, retain_graph=True)
        first = (B.grad(x), B.grad(w))
        B.backward(loss1, retain_graph=True)             # the same loss again: doubles
        loss2 = (h.exp() * x).sum()                        # a second loss on the same graph
        B.backward(loss2)
        results[B.name] = first + (B.grad(x), B.grad(w))
    for gm, gt in zip(results["minigrad"], results["torch"]):
        np.testing.assert_allclose(gm, gt, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("order", ["a + b", "b + a"])
def test_intermediate_used_by_a_consumer_of_another_consumer(order):
    """x -> a = 2x -> b = exp(a); loss = a + b: a's gradient must collect both paths."""
    def fn(B, x):
        a = x * 2
        b = a.exp()
        return a + b if order == "a + b" else b + a
    compare(fn, np.array([0.5, -1.0]))


def test_unused_input_gets_no_gradient():
    results = {}
    for B in (MG, TH):
        x, unused, zero_path = B.leaf(_rand(3)), B.leaf(_rand(3)), B.leaf(_rand(3))
        B.backward((x * x).sum() + (zero_path * 0).sum())
        results[B.name] = [B.grad(t) for t in (x, unused, zero_path)]
    (gx, gu, gz), (tx, tu, tz) = results["minigrad"], results["torch"]
    assert tu is None and gu is None
    np.testing.assert_allclose(gx, tx, rtol=RTOL, atol=ATOL)
    np.testing.assert_array_equal(gz, tz)     # used, with an all-zero gradient: zeros, not None


# -- infinite gradients from above: where PyTorch gives a number, minigrad must too ----------
INF_CASES = {
    "relu": lambda t: t.relu(),
    "sigmoid": lambda t: t.sigmoid(),
    "tanh": lambda t: t.tanh(),
    "exp": lambda t: t.exp(),
    "neg": lambda t: -t,
    "add": lambda t: t + 1.0,
    "sub": lambda t: 1.0 - t,
    "mul_number": lambda t: t * 0.0,
    "div_number": lambda t: t / 2.0,
    "pow_2": lambda t: t ** 2,
    "sum": lambda t: t.sum(0),
    "mean": lambda t: t.mean(0),
    "reshape": lambda t: t.reshape(-1),
    "index": lambda t: t[1:],
}


@pytest.mark.parametrize("name", sorted(INF_CASES))
def test_infinite_upstream_gradient_gives_what_pytorch_gives(name):
    x = np.array([[-2.0, 0.0, 3.0], [1.0, -0.5, 0.0]])
    fn = INF_CASES[name]
    ours = mg.Tensor(x, requires_grad=True)
    theirs = torch.tensor(x, requires_grad=True)
    out_m, out_t = fn(ours), fn(theirs)
    seed = np.full(out_m.shape, np.inf)
    seed.flat[0] = -np.inf
    with np.errstate(all="ignore"):
        out_m.backward(seed)
    out_t.backward(torch.tensor(seed))
    np.testing.assert_array_equal(ours.grad.data, theirs.grad.numpy(), err_msg=name)


def _true_sigmoid(x: float) -> float:
    """σ(x) to 50 digits, then rounded to a float."""
    import decimal

    with decimal.localcontext() as context:
        context.prec = 50
        return float(1 / (1 + decimal.Decimal(-x).exp()))


@pytest.mark.parametrize("x", [-37.0, -40.0, -100.0, -700.0, -745.0, 0.0, 30.0, 800.0])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sigmoid_keeps_its_digits_far_out(x, dtype):
    """Exact to the dtype's precision everywhere, where 0.5 * (tanh(x/2) + 1) lost every
    digit below about -37; and log(σ(x)) keeps its gradient, 1 - σ(x), as PyTorch's."""
    ours = mg.Tensor(np.array([x], dtype=dtype), requires_grad=True)
    s_m = ours.sigmoid()
    truth = np.array([_true_sigmoid(x)], dtype=dtype)
    tiny = np.finfo(dtype).tiny                 # below it, subnormals: absolute error only
    np.testing.assert_allclose(s_m.data, truth, rtol=4 * np.finfo(dtype).eps,
                               atol=tiny * np.finfo(dtype).eps)
    assert s_m.dtype == dtype
    theirs = torch.tensor(np.array([x], dtype=dtype), requires_grad=True)
    if truth[0] > tiny:                         # where PyTorch does not flush to zero
        np.testing.assert_allclose(s_m.data, theirs.sigmoid().detach().numpy(), rtol=1e-5)
    with np.errstate(divide="ignore"):
        s_m.log().sum().backward()
    theirs.sigmoid().log().sum().backward()
    if truth[0] > tiny:
        np.testing.assert_allclose(ours.grad.data, theirs.grad.numpy(), rtol=1e-6, atol=0)


# ---------------------------------------------------------------------------------------
# PyTorch's tensor API beyond the chapters: explicit cases (edges, ties, NaN, infinities)
# ---------------------------------------------------------------------------------------
from op_table import EINSUMS  # noqa: E402


@pytest.mark.parametrize("equation, terms", EINSUMS, ids=[e for e, _ in EINSUMS])
def test_einsum(equation, terms):
    size = dict(zip("bijkl", (2, 3, 4, 2, 3)))
    size["i"] = size["j"] if "ii" in equation else size["i"]
    arrays = [_rand(*(size[c] for c in t), seed=k + 1) for k, t in enumerate(terms)]
    compare(lambda B, *xs: B.einsum(equation, *xs), *arrays)


def test_einsum_broadcasts_size_one_and_repeats_an_operand():
    compare(lambda B, a, b: B.einsum("ij,ij->ij", a, b), _rand(3, 4), _rand(1, 4, seed=2))
    compare(lambda B, a: B.einsum("ij,ij->j", a, a), _rand(3, 4))
    compare(lambda B, a, b: B.einsum("...ij,...jk->...ik", a, b), _rand(2, 1, 3, 4),
            _rand(5, 4, 2, seed=2))


TIES = np.array([[1.0, 3.0, 3.0, 0.5, 3.0], [2.0, 2.0, 1.0, 1.0, 2.0]])


@pytest.mark.parametrize("name, fn", [
    ("max()", lambda B, x: x.max()), ("min()", lambda B, x: x.min()),
    ("max(1)", lambda B, x: x.max(1).values), ("min(1, keepdim)", lambda B, x: x.min(1, True)[0]),
    ("max(0)", lambda B, x: x.max(dim=0).values),
    ("maximum", lambda B, x: B.maximum(x, x.flip(1) if B is TH else x[:, ::-1])),
    ("minimum with a constant", lambda B, x: B.minimum(x, B.const(np.full(5, 2.0)))),
    ("sort stable", lambda B, x: x.sort(dim=1, stable=True).values * B.const(np.arange(5.0))),
    ("sort descending", lambda B, x: x.sort(dim=1, descending=True, stable=True).values
     * B.const(np.arange(5.0))),
    ("clamp at the bounds", lambda B, x: x.clamp(1.0, 2.0)),
    ("clamp min > max", lambda B, x: x.clamp(3.0, 1.0)),
    ("clip min only", lambda B, x: x.clip(min=2.0)),
    ("abs at 0", lambda B, x: (x - 2).abs()),
])
def test_ties_and_kinks_match_torch(name, fn):
    compare(fn, TIES)


def test_indices_match_torch_with_ties_and_nan():
    x = TIES.copy()
    y = np.array([1.0, np.nan, 3.0, np.nan])
    mine, theirs = mg.Tensor(x), torch.tensor(x)
    for call in (lambda t: t.max(1).indices, lambda t: t.min(0).indices, lambda t: t.argmax(1),
                 lambda t: t.argmin(), lambda t: t.argmax(1, keepdim=True),
                 lambda t: t.sort(dim=1, stable=True).indices,
                 lambda t: t.sort(dim=1, descending=True, stable=True).indices,
                 lambda t: t.argsort(dim=1, stable=True)):
        np.testing.assert_array_equal(call(mine).data, call(theirs).numpy())
    mine, theirs = mg.Tensor(y), torch.tensor(y)
    for call in (lambda t: t.max(0).indices, lambda t: t.argmax(),
                 lambda t: t.sort().indices, lambda t: t.sort(descending=True).indices,
                 lambda t: t.topk(2).indices):
        np.testing.assert_array_equal(call(mine).data, call(theirs).numpy())
    np.testing.assert_array_equal(mg.Tensor(y).sort().values.data, torch.tensor(y).sort().values)
    assert np.isnan(mg.Tensor(y).max().item()) and np.isnan(torch.tensor(y).max().item())


@pytest.mark.parametrize("dim", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("correction", [0, 1, 2, 3, 6])
@pytest.mark.parametrize("method", ["var", "std"])
def test_var_std_every_correction(dim, correction, method):
    fn = (lambda B, x: getattr(x, method)(dim=dim, correction=correction, keepdim=True))
    x = _rand(2, 3)
    n = x.size if dim is None else int(np.prod([x.shape[d] for d in np.atleast_1d(dim)]))
    if n - correction > 0:
        compare(fn, x)
    else:
        # N - correction <= 0: both give inf or nan.  (Their gradients differ there: torch's
        # backward divides by N - correction even where its forward divided by 0.)
        np.testing.assert_array_equal(MG.value(fn(MG, MG.const(x))), TH.value(fn(TH, TH.const(x))))


@pytest.mark.parametrize("method", ["var", "std"])
def test_var_std_over_dim_empty_tuple_reduce_everything(method):
    """dim=() reduces every axis in both; torch 2.13's *backward* for it is wrong (it gives
    inf, and torch.autograd.gradcheck fails on it), so the gradient is checked against ours
    with dim=None, which torch gets right."""
    x = _rand(2, 3)
    np.testing.assert_allclose(MG.value(getattr(MG.const(x), method)(dim=())),
                               TH.value(getattr(TH.const(x), method)(dim=())), rtol=RTOL)
    a, b = MG.leaf(x), MG.leaf(x)
    getattr(a, method)(dim=()).backward()
    getattr(b, method)().backward()
    np.testing.assert_array_equal(a.grad.data, b.grad.data)
    compare(lambda B, t: getattr(t, method)(), x)


def test_var_std_unbiased_and_constant_input():
    compare(lambda B, x: x.var(1, unbiased=False).sum() + x.std(0, unbiased=True).sum(),
            _rand(2, 3))
    compare(lambda B, x: x.std() + x.std(dim=1), np.full((2, 3), 0.5))  # std 0: gradient 0


EXTREMES = np.array([-1000.0, -40.0, -37.0, -5.0, 0.0, 5.0, 19.9, 20.1, 37.0, 1000.0])


@pytest.mark.parametrize("name, fn", [
    ("softplus", lambda B, x: B.softplus(x)),
    ("softplus beta 2 threshold 5", lambda B, x: B.softplus(x, 2.0, 5.0)),
    ("logsigmoid", lambda B, x: B.logsigmoid(x)),
    ("logsumexp", lambda B, x: x.logsumexp(0)),
    ("logsumexp of a matrix", lambda B, x: x.reshape(2, 5).logsumexp(1)),
])
def test_log_exp_family_at_extremes(name, fn):
    compare(fn, EXTREMES)


@pytest.mark.parametrize("name, fn", [
    ("softplus", lambda B, x: B.softplus(x)), ("logsigmoid", lambda B, x: B.logsigmoid(x))])
def test_log_exp_family_in_float32(name, fn):
    x = EXTREMES.astype(np.float32)
    ours = fn(MG, mg.Tensor(x, requires_grad=True))
    theirs = fn(TH, torch.tensor(x, requires_grad=True))
    assert ours.dtype == np.float32
    np.testing.assert_allclose(ours.data, theirs.detach().numpy(), rtol=1e-6, atol=1e-6)


def test_logsumexp_of_minus_infinity_and_of_an_empty_axis():
    compare(lambda B, x: x.logsumexp(1), np.array([[-np.inf, -np.inf], [0.0, -np.inf]]))
    for t in (mg.zeros(2, 0), torch.zeros(2, 0)):
        assert t.logsumexp(1).tolist() == [-np.inf, -np.inf]


@pytest.mark.parametrize("name, fn", [
    ("abs", lambda B, x: x.abs()), ("sqrt", lambda B, x: x.sqrt()),
    ("clamp", lambda B, x: x.clamp(0.5, 1.0)), ("maximum", lambda B, x: B.maximum(x, x * 0 + 1)),
    ("max", lambda B, x: x.max()), ("max(0)", lambda B, x: x.max(0).values),
    ("where", lambda B, x: B.where(x > 0.5, x, 0.0)),
    ("masked_fill", lambda B, x: x.masked_fill(x > 0.5, 0.0)),
    ("gather", lambda B, x: x.gather(0, B.ix(np.array([1, 1])))),
    ("sort", lambda B, x: x.sort(stable=True).values), ("topk", lambda B, x: x.topk(1).values),
    ("var", lambda B, x: x.var().reshape(1)), ("cat", lambda B, x: B.cat([x[:1], x[1:] * 0])),
    ("softplus", lambda B, x: B.softplus(x * 100 - 100)),
    ("logsigmoid", lambda B, x: B.logsigmoid(x * 100)),
])
def test_an_infinite_upstream_gradient_gives_what_torch_gives(name, fn):
    """Masks are applied with np.where: no NaN where torch has a finite value (and NaN only
    where torch has NaN too)."""
    x = np.array([0.0, 1.0, 3.0])
    out = fn(TH, TH.leaf(x))
    with np.errstate(invalid="ignore"):      # the x * 0 in two cases: inf * 0, as in torch
        compare(fn, x, seed_grad=np.full(tuple(out.shape), np.inf))


def test_casts_between_float_dtypes_carry_gradients_as_torch():
    results = {}
    for B in (MG, TH):
        x = B.leaf(_rand(3))
        y = (x.float() * 3).to(B.float64) + x.to(B.float32).double()
        y.sum().backward()
        results[B.name] = (B.value(y), B.grad(x), B.value(x.long()))
    for ours, theirs in zip(results["minigrad"], results["torch"]):
        np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("name, fn", [
    ("view/flatten/unsqueeze", lambda B, x: x.view(6, 4).flatten().unsqueeze(0).squeeze(0)),
    ("squeeze dims", lambda B, x: x.reshape(1, 6, 1, 4).squeeze((0, 2)) * 2),
    ("repeat", lambda B, x: x.repeat(2, 1, 3)), ("split", lambda B, x: x.split([1, 2], 1)[1]),
    ("chunk", lambda B, x: x.chunk(3, 2)[1]), ("narrow", lambda B, x: x.narrow(2, 1, 2)),
    ("cat", lambda B, x: B.cat([x, x * 2], -1)), ("stack", lambda B, x: B.stack([x, x.exp()], 1)),
    ("gather", lambda B, x: x.gather(2, B.ix(np.array([[[0, 3, 3]], [[2, 1, 0]]])))),
    ("masked_fill tensor value", lambda B, x: x.masked_fill(x > 0, x.sum())),
    ("where both tensors", lambda B, x: B.where(x > 0, x, x.exp())),
])
def test_shape_and_selection_ops(name, fn):
    compare(fn, _rand(2, 3, 4))
