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
value and every input's ``.grad`` is compared; an input that does not reach the
loss must keep ``.grad`` None in both.  Half of the examples draw their inputs
on a grid of 0.5, so exact zeros and ties (relu's kink, ``x ** 0`` at 0) occur.
On a gradient mismatch the message prints the program (shapes and exact input
values) and which intermediate values' gradients already differ.

Each op is ONE function ``apply(B, *tensors, **params)`` used for both
frameworks; ``B`` is :class:`MG` or :class:`TH`, which supply the few calls whose
spelling differs (``expand(dim, copies)``, ``.T`` on n-d tensors, ``keepdims``,
building an index or a constant).

Needs PyTorch: without it the whole module is skipped with an install hint, except in CI
(``CI`` set), where it fails (see ``needs_torch.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from needs_torch import require_torch  # noqa: E402

torch = require_torch()

import minigrad as mg  # noqa: E402

# Both frameworks compute in float64 with the same formulas up to the order of
# floating-point operations, so they agree to ~1e-15 relative.  1e-9 leaves room
# for cancellation in sums of terms up to ~1e4 (values are kept below GUARD) and
# is still far below any real mistake (a wrong or missing gradient term is O(1)).
RTOL = ATOL = 1e-9
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
    def expand(x, dim, copies):
        return x.expand(dim, copies)

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

    @staticmethod
    def backward(t, grad=None, retain_graph=False):
        t.backward(grad, retain_graph=retain_graph)


def build_index(B, parts):
    """An index from parts ("s", start, stop, step) | ("i", int) | ("a", ints) | ("m", bools)."""
    built = []
    for part in parts:
        kind = part[0]
        if kind == "s":
            built.append(slice(*part[1:]))
        elif kind == "i":
            built.append(part[1])
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
    return (i,), {"dim": ctx.draw(st.integers(-nd - 1, nd)), "copies": ctx.draw(st.integers(1, 3))}


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
        p = ctx.new_leaf(shape)
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
    binary("pow_tensor", lambda a, b: a ** b, ok_a=_positive, ok_b=_small),
    binary("pow_tensor_square_base", lambda a, b: (a * a + 0.5) ** b, ok_b=_small),
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
            lines.append(f"  {name} = {kind} of shape {a.shape}: "
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

    def new_leaf(self, shape):
        self.program.leaves.append(self.rng.uniform(-1.0, 1.0, size=shape))
        return ("p", len(self.program.leaves) - 1)

    def resolve(self, r):
        return torch.tensor(self.program.leaves[r[1]]) if isinstance(r, tuple) else self.tensors[r]


def draw_program(data) -> Program:
    n_inputs = data.draw(st.integers(2, 4), label="number of inputs")
    shapes = data.draw(hnp.mutually_broadcastable_shapes(
        num_shapes=n_inputs, min_dims=0, max_dims=3, min_side=1, max_side=4),
        label="input shapes").input_shapes
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    # On a grid of 0.5 the inputs hold exact zeros and ties: relu and x ** n at exactly 0.
    grid = data.draw(st.booleans(), label="inputs on a grid")
    rng = np.random.default_rng(seed)
    program = Program(seed, n_inputs, [
        np.asarray(rng.integers(-3, 4, size=s) * 0.5 if grid else rng.uniform(-1.5, 1.5, size=s),
                   dtype=np.float64) for s in shapes])
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
        with torch.no_grad(), np.errstate(all="ignore"):
            out = op.apply(TH, *[ctx.resolve(r) for r in refs], **params)
        v = out.numpy()
        if (v.size == 0 or v.size > MAX_SIZE or v.ndim > MAX_NDIM or not np.isfinite(v).all()
                or np.abs(v).max() > GUARD):
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
    leaves = [B.leaf(a) for a in program.leaves]
    pool = list(leaves[:program.n_inputs])
    for step in program.steps:
        args = [leaves[r[1]] if isinstance(r, tuple) else pool[r] for r in step.refs]
        out = step.op.apply(B, *args, **step.params)
        if retain:
            out.retain_grad()
        pool.append(out)
    loss = None
    for i, w in zip(program.final, program.weights):
        term = (pool[i] * B.const(w)).sum()
        loss = term if loss is None else loss + term
    return leaves, pool, loss


def _mismatch(got, want):
    """None when ``got`` (minigrad) matches ``want`` (torch), else a short description."""
    if got is None or want is None:
        return None if got is None and want is None else f"minigrad {got!r} vs torch {want!r}"
    if np.shape(got) != np.shape(want):
        return f"shape {np.shape(got)} vs torch's {np.shape(want)}"
    try:
        np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL)
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
    try:
        leaves_t, pool_t, loss_t = run(program, TH)
        loss_t.backward()
    except Exception as err:     # a program torch rejects is a bug in this test module
        raise AssertionError(f"torch raised {err!r} on the program:\n{text}") from err
    try:
        leaves_m, pool_m, loss_m = run(program, MG)
        loss_m.backward()
    except Exception as err:
        raise AssertionError(f"minigrad raised {err!r} on a program torch runs:\n{text}") from err

    for k, (vm, vt) in enumerate(zip(pool_m, pool_t)):
        bad = _mismatch(MG.value(vm), TH.value(vt))
        assert bad is None, f"value of v{k} differs from torch: {bad}\nprogram:\n{text}"
    bad = _mismatch(MG.value(loss_m), TH.value(loss_t))
    assert bad is None, f"loss differs from torch: {bad}\nprogram:\n{text}"

    problems = []
    for k, (lm, lt) in enumerate(zip(leaves_m, leaves_t)):
        name = f"v{k}" if k < program.n_inputs else f"p{k}"
        gm, gt = MG.grad(lm), TH.grad(lt)
        # torch leaves .grad None exactly when the leaf does not reach the loss; minigrad
        # must do the same (not hand out zeros for an unused leaf, nor None for a used one).
        bad = _mismatch(gm, gt)
        if bad is not None:
            problems.append(f"grad of {name}: {bad}")
    if problems:
        raise AssertionError("\n".join(problems) + f"\nprogram:\n{text}\n" + _locate(program))


# ---------------------------------------------------------------------------------------
# The random test
# ---------------------------------------------------------------------------------------
@settings(max_examples=1000, deadline=None)
@given(data=st.data())
def test_random_graph_matches_torch(data):
    check_program(draw_program(data))


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_op_fits_a_typical_pool(data):
    """Guard against an op whose choose() silently never fits (it would never be tested):
    with a pool holding a positive matrix, a vector, a batch and a scalar, every op fits."""
    rng = np.random.default_rng(0)
    program = Program(0, 4, [rng.uniform(0.5, 1.5, size=(3, 3)), rng.uniform(0.5, 1.5, size=3),
                             rng.uniform(0.5, 1.5, size=(2, 1, 3)), np.array(0.75)])
    ctx = Ctx(data, rng, program)
    for op in OPS:
        chosen = op.choose(ctx)
        assert chosen is not None, f"{op.name} did not fit the pool"
        refs, params = chosen
        with torch.no_grad():
            op.apply(TH, *[ctx.resolve(r) for r in refs], **params)


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
