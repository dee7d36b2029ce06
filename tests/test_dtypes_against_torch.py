"""Every op on every dtype, against PyTorch: one table of ops, each run on bool, uint8, int8,
int16, int32, int64, float16, float32 and float64 tensors (and, for binary ops, on every
pair of them, as tensors with dimensions, 0-d tensors and Python numbers).

For each case PyTorch runs first, with its default dtype set to float64 (minigrad's), so
that "the default dtype" means the same on both sides.  Then:

* where PyTorch refuses the call, minigrad must refuse it too, with an error of its own
  that names the problem (not a crash from deep inside NumPy);
* where PyTorch answers, minigrad must give the same dtype and the same values, and
  after backward from a weighted sum of the output, the same gradient (dtype and values)
  for every floating-point input, or refuse backward where PyTorch does (``//``).

Each test covers one op over every dtype (or pair) and lists every case that differs.
``dtypes.result_type`` holds the rule; these tests hold it to PyTorch's.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from needs_torch import require_torch
from torchref import default_float64

torch = require_torch()

import minigrad as mg  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]
FLOATS = ("float16", "float32", "float64")
#: errors that count as "refused"; anything else (AttributeError, KeyError …) is a crash
REFUSALS = (TypeError, ValueError, RuntimeError, ArithmeticError, IndexError,
            NotImplementedError)
TOL = {"float16": dict(rtol=2e-3, atol=2e-3), "float32": dict(rtol=2e-6, atol=1e-6),
       "float64": dict(rtol=1e-12, atol=1e-12)}


def torch_default_float64():
    return default_float64(torch)


def values(dtype: str, shape, seed: int, nonzero: bool = False) -> np.ndarray:
    """Small test values of ``dtype``: negatives and zeros where the dtype has them (none
    with ``nonzero``), ties, and for uint8 values near the top, where arithmetic wraps."""
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return np.ones(shape, bool) if nonzero else rng.random(shape) < 0.5
    if dtype == "uint8":
        pool = [1, 2, 3, 5, 200, 250] if nonzero else [0, 1, 2, 3, 5, 200, 250]
    elif dtype.startswith("int"):
        pool = [-3, -2, -1, 1, 2, 3] if nonzero else [-3, -2, -1, 0, 1, 2, 3]
    else:
        pool = [-1.75, -0.5, 0.25, 0.5, 1.5, 2.0] if nonzero else \
            [-1.75, -0.5, 0.0, 0.25, 0.5, 1.5, 2.0]
    return np.asarray(rng.choice(pool, size=shape), dtype=dtype)


class Lib:
    """minigrad or torch behind one face, for the few calls whose spelling differs."""

    def __init__(self, module):
        self.m = module
        self.F = module.nn.functional
        self.is_torch = module is torch

    def tensor(self, a, grad: bool):
        a = np.array(a)
        if self.is_torch:
            return torch.tensor(a, requires_grad=grad)
        return mg.tensor(a, requires_grad=grad)

    def dtype_name(self, t) -> str:
        return str(t.dtype).replace("torch.", "")

    def numpy(self, t):
        return t.detach().numpy() if self.is_torch else np.asarray(t.data)


MG, TH = Lib(mg), Lib(torch)


def _outcome(lib: Lib, fn, inputs):
    """(result or None, the error or None) of fn on ``inputs`` built for ``lib``."""
    built = [lib.tensor(a, grad) if kind == "t" else a for kind, a, grad in inputs]
    try:
        return built, fn(lib, *built), None
    except REFUSALS as err:
        return built, None, err


def _describe(inputs) -> str:
    parts = []
    for kind, a, _ in inputs:
        if kind == "t":
            a = np.asarray(a)
            parts.append(f"{'0-d ' if a.ndim == 0 else ''}{a.dtype}{list(a.shape) or ''}")
        else:
            parts.append(f"{type(a).__name__} {a!r}")
    return "(" + ", ".join(parts) + ")"


def _refusal_is_ours(err: BaseException) -> str | None:
    """A refusal must be minigrad's own words: NumPy's internals ('ufunc', 'casting') are not
    an answer a learner can act on."""
    text = str(err)
    for raw in ("ufunc", "Cannot cast", "casting rule", "not supported for the input types",
                "object has no attribute"):
        if raw in text:
            return f"minigrad refused, but with NumPy's message: {type(err).__name__}: {text}"
    return None


def _same(got: np.ndarray, want: np.ndarray, dtype: str) -> str | None:
    if got.shape != want.shape:
        return f"shape {got.shape} vs PyTorch's {want.shape}"
    if dtype in TOL:
        try:
            np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64),
                                       equal_nan=True, **TOL[dtype])
        except AssertionError:
            return f"values {got.tolist()} vs PyTorch's {want.tolist()}"
        return None
    if not np.array_equal(got, want):
        return f"values {got.tolist()} vs PyTorch's {want.tolist()}"
    return None


def check(fn, inputs, *, values_too: bool = True, grads: bool = True,
          accident=None) -> str | None:
    """None when minigrad does what PyTorch does with ``fn`` on ``inputs`` (a list of
    ("t", array, requires_grad) or ("n", number, False)), else what differs.

    ``accident(inputs)`` says where PyTorch's backward fails by an accident of its own
    implementation (see ``BACKWARD_ACCIDENTS``): there minigrad may compute the gradient."""
    with torch_default_float64():
        t_in, t_out, t_err = _outcome(TH, fn, inputs)
    m_in, m_out, m_err = _outcome(MG, fn, inputs)
    where = _describe(inputs)
    empty = any(kind == "t" and np.size(a) == 0 for kind, a, _ in inputs)
    if empty and t_err is None and m_err is not None and _refusal_is_ours(m_err) is None \
            and "dtype" in str(m_err):
        # PyTorch checks some dtypes only inside its kernels, which an empty tensor never
        # reaches (softmax of an empty int64 tensor "works"); minigrad refuses the dtype
        # whatever the size.  That is the one refusal allowed where PyTorch answers.
        return None
    if t_err is not None:
        if m_err is None:
            return (f"{where}: PyTorch refuses ({type(t_err).__name__}: "
                    f"{str(t_err).splitlines()[0][:120]}) but minigrad gives "
                    f"{MG.dtype_name(m_out)} {MG.numpy(m_out).tolist()}")
        return None if _refusal_is_ours(m_err) is None else f"{where}: {_refusal_is_ours(m_err)}"
    if m_err is not None:
        return (f"{where}: PyTorch gives {TH.dtype_name(t_out)}, minigrad refuses: "
                f"{type(m_err).__name__}: {m_err}")
    want_dtype, got_dtype = TH.dtype_name(t_out), MG.dtype_name(m_out)
    if want_dtype != got_dtype:
        return f"{where}: dtype {got_dtype}, PyTorch's {want_dtype}"
    if values_too:
        bad = _same(MG.numpy(m_out), TH.numpy(t_out), want_dtype)
        if bad:
            return f"{where}: {bad}"
    if not grads or not t_out.requires_grad:
        if m_out.requires_grad and not t_out.requires_grad:
            return f"{where}: the result requires grad in minigrad but not in PyTorch"
        return None
    if not m_out.requires_grad:
        return f"{where}: the result does not require grad in minigrad, as it does in PyTorch"
    w = np.random.default_rng(7).uniform(-1, 1, t_out.shape)
    t_err = m_err = None
    try:
        with torch_default_float64():
            (t_out * torch.tensor(w, dtype=t_out.dtype)).sum().backward()
    except REFUSALS as err:
        t_err = err
    try:
        (m_out * mg.tensor(w, dtype=m_out.dtype)).sum().backward()
    except REFUSALS as err:
        m_err = err
    if t_err is not None and m_err is None and accident is not None and accident(inputs):
        return None
    if t_err is not None or m_err is not None:
        if (t_err is None) != (m_err is None):
            return (f"{where}: backward: PyTorch {'refuses' if t_err else 'runs'}, minigrad "
                    f"{'refuses: ' + str(m_err) if m_err else 'runs'}")
        return None
    for i, (kind, a, grad) in enumerate(inputs):
        if not grad:
            continue
        tg, mg_ = t_in[i].grad, m_in[i].grad
        if (tg is None) != (mg_ is None):
            return f"{where}: grad of input {i}: minigrad {mg_}, PyTorch {tg}"
        if tg is None:
            continue
        if MG.dtype_name(mg_) != TH.dtype_name(tg):
            return f"{where}: grad of input {i} has dtype {MG.dtype_name(mg_)}, PyTorch's " \
                   f"{TH.dtype_name(tg)}"
        # a gradient carries the rounding of the op's dtype when that is the coarser one
        coarse = min(TH.dtype_name(tg), want_dtype, key=lambda d: np.finfo(d).bits
                     if d in FLOATS else 64)
        bad = _same(MG.numpy(mg_), TH.numpy(tg), coarse)
        if bad:
            return f"{where}: grad of input {i}: {bad}"
    return None


def tensor_input(dtype: str, shape=(2, 3), seed: int = 0, nonzero: bool = False):
    return ("t", values(dtype, shape, seed, nonzero), dtype in FLOATS)


def _is(kind_of_dtype: str, position: int):
    return lambda inputs: np.asarray(inputs[position][1]).dtype.kind in kind_of_dtype


#: Where PyTorch's forward answers but its backward fails for reasons of its own making,
#: not a rule a user relies on; minigrad computes the gradient there (one that PyTorch's
#: own formula gives when the operands are converted first).
BACKWARD_ACCIDENTS = {
    # d(x ** b)/dx = b * x ** (b - 1), and PyTorch computes b - 1 in b's dtype: bool - 1
    # is refused ("Subtraction ... with a bool tensor is not supported")
    "pow": _is("b", 1),
    "rpow": _is("b", 1),                 # True ** t: the same, for the base's gradient
    # its backward kernel wants the target in the input's dtype ("Found dtype Long but
    # expected Float"), which its forward never asked for
    "huber_loss": lambda inputs: np.asarray(inputs[1][1]).dtype != np.asarray(inputs[0][1]).dtype,
}


#: Where minigrad refuses a call whose forward PyTorch answers: only where PyTorch's own
#: backward then fails, so that PyTorch has no usable answer either.
REFUSED_UP_FRONT = {
    # floats of two dtypes: PyTorch's forward answers in the target's dtype (by an in-place
    # op on it), computing part in each dtype, and its backward fails; minigrad asks for
    # one dtype, as its other losses of two probabilities do
    "bce_with_logits": lambda inputs: all(np.asarray(a).dtype.kind == "f" for _, a, _ in inputs)
    and np.asarray(inputs[0][1]).dtype != np.asarray(inputs[1][1]).dtype,
}


def run_all(fn, cases, name: str = "", **kw) -> None:
    kw.setdefault("accident", BACKWARD_ACCIDENTS.get(name))
    if name in REFUSED_UP_FRONT:
        refused = [c for c in cases if REFUSED_UP_FRONT[name](c)]
        cases = [c for c in cases if not REFUSED_UP_FRONT[name](c)]
        for inputs in refused:
            built = [MG.tensor(a, g) if kind == "t" else a for kind, a, g in inputs]
            with pytest.raises(TypeError, match="dtype"):
                fn(MG, *built)
    problems = [p for p in (check(fn, inputs, **kw) for inputs in cases) if p]
    assert not problems, f"{len(problems)} case(s) differ from PyTorch:\n" + "\n".join(problems)


# ---------------------------------------------------------------------------------------
# Ops of one tensor, on every dtype
# ---------------------------------------------------------------------------------------
UNARY = {
    "neg": lambda L, x: -x,
    "abs": lambda L, x: x.abs(),
    "exp": lambda L, x: x.exp(),
    "log": lambda L, x: x.log(),
    "sqrt": lambda L, x: x.sqrt(),
    "tanh": lambda L, x: x.tanh(),
    "sigmoid": lambda L, x: x.sigmoid(),
    "relu": lambda L, x: x.relu(),
    "F.relu": lambda L, x: L.F.relu(x),
    "F.tanh": lambda L, x: L.F.tanh(x),
    "F.sigmoid": lambda L, x: L.F.sigmoid(x),
    "softplus": lambda L, x: L.F.softplus(x),
    "logsigmoid": lambda L, x: L.F.logsigmoid(x),
    "leaky_relu": lambda L, x: L.F.leaky_relu(x, 0.1),
    "gelu": lambda L, x: L.F.gelu(x),
    "gelu_tanh": lambda L, x: L.F.gelu(x, approximate="tanh"),
    "silu": lambda L, x: L.F.silu(x),
    "softmax": lambda L, x: L.F.softmax(x, -1),
    "log_softmax": lambda L, x: L.F.log_softmax(x, 1),
    "logsumexp": lambda L, x: x.logsumexp(-1),
    "logsumexp_all": lambda L, x: x.logsumexp((0, 1)),
    "sum": lambda L, x: x.sum(),
    "sum_dim": lambda L, x: x.sum(0),
    "sum_keepdim": lambda L, x: x.sum(1, keepdim=True),
    "mean": lambda L, x: x.mean(),
    "mean_dim": lambda L, x: x.mean(1),
    "var": lambda L, x: x.var(),
    "std_dim": lambda L, x: x.std(0),
    "max": lambda L, x: x.max(),
    "max_dim": lambda L, x: x.max(0).values,
    "min_dim_indices": lambda L, x: x.min(1).indices,
    "argmax": lambda L, x: x.argmax(),
    "argmin_dim": lambda L, x: x.argmin(1),
    "any": lambda L, x: x.any(),
    "all_dim": lambda L, x: x.all(0),
    "sort": lambda L, x: x.sort(dim=-1, stable=True).values,
    "argsort": lambda L, x: x.argsort(dim=-1, stable=True),
    "topk": lambda L, x: x.topk(1).values,
    "clamp_ints": lambda L, x: x.clamp(0, 1),
    "clamp_floats": lambda L, x: x.clamp(0.5, 1.5),
    "clamp_min": lambda L, x: x.clamp(min=1),
    "clamp_max_300": lambda L, x: x.clamp(max=300),
    "maximum_self": lambda L, x: L.m.maximum(x, x),
    "where_zero": lambda L, x: L.m.where(x > 0, x, 0),
    "where_float": lambda L, x: L.m.where(x > 0, x, 2.5),
    "masked_fill_float": lambda L, x: x.masked_fill(x > 1, 2.5),
    "masked_fill_minus_one": lambda L, x: x.masked_fill(x > 1, -1),
    "masked_fill_0d": lambda L, x: x.masked_fill(x > 1, L.tensor(np.float64(2.5), False)),
    "float": lambda L, x: x.float(),
    "double": lambda L, x: x.double(),
    "half": lambda L, x: x.half(),
    "long": lambda L, x: x.long(),
    "int": lambda L, x: x.int(),
    "bool": lambda L, x: x.bool(),
    "to_float32": lambda L, x: x.to(L.m.float32),
    "cat": lambda L, x: L.m.cat([x, x]),
    "stack": lambda L, x: L.m.stack([x, x], 1),
    "repeat": lambda L, x: x.repeat(2, 1),
    "reshape": lambda L, x: x.reshape(3, 2),
    "T": lambda L, x: x.T,
    "transpose": lambda L, x: x.transpose(0, 1),
    "permute": lambda L, x: x.permute(1, 0),
    "flatten": lambda L, x: x.flatten(),
    "unsqueeze": lambda L, x: x.unsqueeze(0),
    "squeeze": lambda L, x: x.unsqueeze(0).squeeze(0),
    "index": lambda L, x: x[1],
    "index_array": lambda L, x: x[L.tensor(np.array([1, 0, 1]), False)],
    "index_mask": lambda L, x: x[x > 0],
    "gather": lambda L, x: x.gather(1, L.tensor(np.array([[0, 2], [1, 1]]), False)),
    "as_index": lambda L, x: L.tensor(np.arange(12.0).reshape(4, 3), False)[x[0].abs()
                                                                          if x.dtype != L.m.bool else x[0]],
    "as_gather_index": lambda L, x: L.tensor(np.arange(12.0).reshape(4, 3), False).gather(
        0, (x.abs() if x.dtype != L.m.bool else x)[:, :1]),
    "as_embedding_ids": lambda L, x: _embedding(L, x if x.dtype == L.m.bool else x.abs()),
    "split": lambda L, x: x.split(1, 1)[2],
    "chunk": lambda L, x: x.chunk(2, 0)[1],
    "narrow": lambda L, x: x.narrow(1, 1, 2),
    "matmul_self": lambda L, x: x @ x.T,
    "mm_self": lambda L, x: x.mm(x.T),
    "einsum_self": lambda L, x: L.m.einsum("ij,kj->ik", x, x),
    "einsum_sum": lambda L, x: L.m.einsum("ij->i", x),
    "einsum_permute": lambda L, x: L.m.einsum("ij->ji", x),
    "einsum_diagonal": lambda L, x: L.m.einsum("ii->i", x[:, :2]),
    "linear_self": lambda L, x: L.F.linear(x, x),
    "invert": lambda L, x: ~x,
    "logical_not": lambda L, x: x.logical_not(),
    "mask_and": lambda L, x: (x > 0) & (x < 2),
    "eq_one": lambda L, x: x == 1,
    "lt_float": lambda L, x: x < 1.5,
    "gt_minus_one": lambda L, x: x > -1,
    "ne_300": lambda L, x: x != 300,
    "dropout_eval": lambda L, x: L.F.dropout(x, 0.5, training=False),
    "dropout_p0": lambda L, x: L.F.dropout(x, 0.0, training=True),
    "mse_self": lambda L, x: L.F.mse_loss(x, x.detach()),
    "l1_self": lambda L, x: L.F.l1_loss(x, x.detach()),
    "smooth_l1_self": lambda L, x: L.F.smooth_l1_loss(x, x.detach()),
    "huber_self": lambda L, x: L.F.huber_loss(x, x.detach()),
    "pad": lambda L, x: L.F.pad(x, (1, 2)),
    "pad_value": lambda L, x: L.F.pad(x, (1, 1), value=2.5),
    "pad_reflect": lambda L, x: L.F.pad(x[None], (1, 1), mode="reflect"),
    "pad_replicate": lambda L, x: L.F.pad(x[None], (1, 1), mode="replicate"),
    "pad_circular": lambda L, x: L.F.pad(x[None], (1, 1), mode="circular"),
    "max_pool1d": lambda L, x: L.F.max_pool1d(x[None], 2),
    "avg_pool1d": lambda L, x: L.F.avg_pool1d(x[None], 2),
    "avg_pool1d_pad": lambda L, x: L.F.avg_pool1d(x[None], 2, padding=1),
    "avg_pool1d_ceil": lambda L, x: L.F.avg_pool1d(x[None], 2, ceil_mode=True,
                                                    count_include_pad=False),
    "adaptive_avg_pool1d": lambda L, x: L.F.adaptive_avg_pool1d(x[None], 2),
    "max_pool2d": lambda L, x: L.F.max_pool2d(x[None, None], 2),
    "avg_pool2d": lambda L, x: L.F.avg_pool2d(x[None, None], (2, 2), stride=1),
    "adaptive_avg_pool2d": lambda L, x: L.F.adaptive_avg_pool2d(x[None, None], 1),
    "layer_norm": lambda L, x: L.F.layer_norm(x, (3,)),
    "batch_norm": lambda L, x: L.F.batch_norm(x, None, None, training=True),
    "conv1d_self": lambda L, x: L.F.conv1d(x[None], x[:, None, :2]),
    "cross_entropy": lambda L, x: L.F.cross_entropy(x, L.tensor(np.array([2, 0]), False)),
    "nll_loss": lambda L, x: L.F.nll_loss(x, L.tensor(np.array([2, 0]), False)),
    "sdpa_self": lambda L, x: L.F.scaled_dot_product_attention(x, x, x),
    # the rest of the everyday API (issue 20, part C): floating-point math gives the default
    # float for integers and bools, reordering keeps the dtype, sums and products of
    # integers and bools are int64, and what PyTorch refuses is refused
    "sin": lambda L, x: x.sin(),
    "cos": lambda L, x: L.m.cos(x),
    "log1p": lambda L, x: x.log1p(),
    "expm1": lambda L, x: x.expm1(),
    "log2": lambda L, x: x.log2(),
    "log10": lambda L, x: L.m.log10(x),
    "rsqrt": lambda L, x: x.rsqrt(),
    "reciprocal": lambda L, x: x.reciprocal(),
    "square": lambda L, x: x.square(),
    "sign": lambda L, x: x.sign(),
    "floor": lambda L, x: x.floor(),
    "ceil": lambda L, x: x.ceil(),
    "round": lambda L, x: x.round(),
    "round_decimals": lambda L, x: x.round(decimals=1),
    "trunc": lambda L, x: L.m.trunc(x),
    "nan_to_num": lambda L, x: x.nan_to_num(),
    "isnan": lambda L, x: x.isnan(),
    "isinf": lambda L, x: L.m.isinf(x),
    "isfinite": lambda L, x: x.isfinite(),
    "isclose_self": lambda L, x: L.m.isclose(x, x),
    "clamp_min_op": lambda L, x: x.clamp_min(1),
    "clamp_max_op": lambda L, x: L.m.clamp_max(x, 0.5),
    "cumsum": lambda L, x: x.cumsum(1),
    "cumsum_dtype": lambda L, x: x.cumsum(0, dtype=L.m.float32),
    "cumsum_dtype_int64": lambda L, x: x.cumsum(1, dtype=L.m.int64),
    "cumprod_dtype_bool": lambda L, x: x.cumprod(1, dtype=L.m.bool),
    "prod_dtype_int64": lambda L, x: x.prod(dtype=L.m.int64),
    "cumprod": lambda L, x: L.m.cumprod(x, 0),
    "prod": lambda L, x: x.prod(),
    "prod_dim": lambda L, x: x.prod(1, keepdim=True),
    "sum_dtype": lambda L, x: x.sum(dtype=L.m.float32),
    "sum_dtype_int32": lambda L, x: x.sum(0, dtype=L.m.int32),
    "mean_dtype": lambda L, x: x.mean(dtype=L.m.float64),
    "flip": lambda L, x: x.flip(1),
    "flip_both": lambda L, x: L.m.flip(x, (0, 1)),
    "roll": lambda L, x: x.roll(1, 1),
    "roll_flat": lambda L, x: L.m.roll(x, -2),
    "tril": lambda L, x: x.tril(),
    "triu": lambda L, x: L.m.triu(x, 1),
    "t": lambda L, x: x.t(),
    "index_select": lambda L, x: x.index_select(1, L.tensor(np.array([2, 0, 2]), False)),
    "as_index_select_index": lambda L, x: L.tensor(np.arange(12.0).reshape(4, 3), False)
    .index_select(0, (x.abs() if x.dtype != L.m.bool else x)[0]),
    "norm": lambda L, x: x.norm(),
    "norm_dim": lambda L, x: L.m.norm(x, dim=1),
    "vector_norm": lambda L, x: L.m.linalg.vector_norm(x, 1),
    "vector_norm_inf": lambda L, x: L.m.linalg.vector_norm(x, float("inf"), dim=0),
    "matrix_norm": lambda L, x: L.m.linalg.matrix_norm(x),
    "linalg_norm": lambda L, x: L.m.linalg.norm(x),
    "dot_self": lambda L, x: x[0].dot(x[0]),
    "outer_self": lambda L, x: L.m.outer(x[0], x[1]),
    "mv_self": lambda L, x: x.mv(x[0]),
    "bmm_self": lambda L, x: L.m.bmm(x[None], x.T[None]),
    "view_as": lambda L, x: x.view_as(x.T),
    "reshape_as": lambda L, x: x.reshape_as(x.T),
    "expand_as": lambda L, x: x[:1].expand_as(x),
    "type_as_float32": lambda L, x: x.type_as(L.tensor(np.float32(1.0), False)),
    "new_zeros": lambda L, x: x.new_zeros(2),
    "new_full": lambda L, x: x.new_full((2,), 1),
    "new_tensor": lambda L, x: x.new_tensor([1, 2]),
    "unflatten": lambda L, x: x.unflatten(1, (3, 1)),
    "embedding": lambda L, x: L.F.embedding(x if x.dtype == L.m.bool else x.abs(),
                                            L.tensor(np.eye(4), False)),
    "embedding_table": lambda L, x: L.F.embedding(L.tensor(np.array([1, 0]), False), x),
    "one_hot": lambda L, x: L.F.one_hot(x if x.dtype == L.m.bool else x.abs(), 4),
    "normalize": lambda L, x: L.F.normalize(x),
    "cosine_similarity_self": lambda L, x: L.F.cosine_similarity(x, x.flip(0)),
    "pairwise_distance_self": lambda L, x: L.F.pairwise_distance(x, x.flip(0)),
    "group_norm": lambda L, x: L.F.group_norm(x[None], 1),
    "kl_div_self": lambda L, x: L.F.kl_div(x, x.detach(), reduction="batchmean"),
    "softmax_op": lambda L, x: L.m.softmax(x, 0),
    "log_softmax_op": lambda L, x: L.m.log_softmax(x, 1),
}


def _embedding(L, ids):
    """Rows of the 4x4 identity looked up by ``ids``: F.embedding in PyTorch, nn.Embedding
    (the layer) in minigrad."""
    if L.is_torch:
        return L.F.embedding(ids, torch.eye(4, dtype=torch.float64))
    layer = mg.nn.Embedding(4, 4)
    layer.load_state_dict({"weight": np.eye(4)})
    return layer.requires_grad_(False)(ids)


@pytest.mark.parametrize("name", list(UNARY))
def test_op_on_every_dtype(name):
    run_all(UNARY[name], [[tensor_input(d, seed=k)] for k, d in enumerate(DTYPES)], name)


@pytest.mark.parametrize("name", ["exp", "sum", "neg", "max", "softmax", "mean", "any",
                                  "argmax", "cat", "clamp_floats"])
def test_op_on_0d_and_empty_tensors(name):
    cases = [[tensor_input(d, shape=shape, seed=k)] for k, d in enumerate(DTYPES)
             for shape in ((), (0, 3))]
    run_all(UNARY[name], cases, name)


# ---------------------------------------------------------------------------------------
# Ops of two operands: every pair of dtypes, as n-d tensors, 0-d tensors and numbers
# ---------------------------------------------------------------------------------------
BINARY = {
    "add": lambda L, x, y: x + y,
    "sub": lambda L, x, y: x - y,
    "mul": lambda L, x, y: x * y,
    "div": lambda L, x, y: x / y,
    "floordiv": lambda L, x, y: x // y,
    "mod": lambda L, x, y: x % y,
    "pow": lambda L, x, y: x ** y,
    "eq": lambda L, x, y: x == y,
    "lt": lambda L, x, y: x < y,
    "and": lambda L, x, y: x & y,
    "or": lambda L, x, y: x | y,
    "xor": lambda L, x, y: x ^ y,
    "logical_and": lambda L, x, y: L.m.logical_and(x, y),
    "logical_xor": lambda L, x, y: x.logical_xor(y),
    "ge": lambda L, x, y: x >= y,
    "maximum": lambda L, x, y: L.m.maximum(x, y),
    "minimum": lambda L, x, y: L.m.minimum(x, y),
    "where": lambda L, x, y: L.m.where(L.tensor(np.array([True, False, True]), False), x, y),
    "clamp_min_tensor": lambda L, x, y: x.clamp(min=y),
    "clamp_both_tensors": lambda L, x, y: x.clamp(y, y + 1 if y.dtype != L.m.bool else y),
    "cat": lambda L, x, y: L.m.cat([x.reshape(-1), y.reshape(-1)]),
    "stack": lambda L, x, y: L.m.stack([x, y]),
    "matmul": lambda L, x, y: x.reshape(1, -1) @ y.reshape(-1, 1),
    "einsum": lambda L, x, y: L.m.einsum("i,i->", x.reshape(-1), y.reshape(-1)),
    "linear": lambda L, x, y: L.F.linear(x.reshape(1, -1), y.reshape(1, -1)),
    "masked_fill": lambda L, x, y: x.masked_fill(L.tensor(np.array([True, False, True]), False),
                                                 y.reshape(()) if y.ndim else y),
    "mse_loss": lambda L, x, y: L.F.mse_loss(x, y.detach()),
    "l1_loss": lambda L, x, y: L.F.l1_loss(x, y.detach()),
    "smooth_l1_loss": lambda L, x, y: L.F.smooth_l1_loss(x, y.detach()),
    "huber_loss": lambda L, x, y: L.F.huber_loss(x, y.detach()),
    "bce_with_logits": lambda L, x, y: L.F.binary_cross_entropy_with_logits(x, y.detach()),
    # the everyday API (issue 20, part C): outer promotes as * does, dot and mv do not
    "outer": lambda L, x, y: L.m.outer(x.reshape(-1), y.reshape(-1)),
    "dot": lambda L, x, y: L.m.dot(x.reshape(-1), y.reshape(-1)),
    "mv": lambda L, x, y: x.reshape(1, -1).mv(y.reshape(-1)),
    "isclose": lambda L, x, y: L.m.isclose(x, y),
    "clamp_min_op_tensor": lambda L, x, y: x.clamp_min(y),
    "type_as": lambda L, x, y: x.type_as(y),
    "kl_div": lambda L, x, y: L.F.kl_div(x, y.detach().abs(), reduction="sum"),
}
#: ops whose two operands must have the same shape (no 0-d tensor against an n-d one)
SAME_SHAPE = {"cat", "stack", "matmul", "einsum", "linear", "mse_loss", "l1_loss",
              "smooth_l1_loss", "huber_loss", "bce_with_logits", "outer", "dot", "mv",
              "kl_div"}


def _pairs(name: str):
    """Every pair of dtypes as (n-d, n-d) tensors, and for elementwise ops also (n-d, 0-d)
    and (0-d, n-d)."""
    shapes = [((3,), (3,))] if name in SAME_SHAPE else [((3,), (3,)), ((3,), ()), ((), (3,))]
    if name == "masked_fill":
        shapes = [((3,), ())]
    for k, ((a, b), (sa, sb)) in enumerate(itertools.product(
            itertools.product(DTYPES, DTYPES), shapes)):
        yield [tensor_input(a, sa, seed=k), tensor_input(b, sb, seed=k + 1, nonzero=True)]


@pytest.mark.parametrize("name", list(BINARY))
def test_op_on_every_pair_of_dtypes(name):
    run_all(BINARY[name], list(_pairs(name)), name)


NUMBERS = [2, -1, 0, 300, 2.5, -0.5, True, np.float32(1.5), np.int64(3)]
WITH_NUMBER = {
    "add": lambda L, x, n: x + n, "radd": lambda L, x, n: n + x,
    "sub": lambda L, x, n: x - n, "rsub": lambda L, x, n: n - x,
    "mul": lambda L, x, n: x * n, "rmul": lambda L, x, n: n * x,
    "div": lambda L, x, n: x / n, "rdiv": lambda L, x, n: n / x,
    "floordiv": lambda L, x, n: x // n, "rfloordiv": lambda L, x, n: n // x,
    "mod": lambda L, x, n: x % n, "rmod": lambda L, x, n: n % x,
    "pow": lambda L, x, n: x ** n, "rpow": lambda L, x, n: n ** x,
    "eq": lambda L, x, n: x == n, "lt": lambda L, x, n: x < n, "ge": lambda L, x, n: n >= x,
    "and": lambda L, x, n: x & n, "ror": lambda L, x, n: n | x,
    "where": lambda L, x, n: L.m.where(x > 1, x, n),
    "where_number_first": lambda L, x, n: L.m.where(x > 1, n, x),
    "clamp_min": lambda L, x, n: x.clamp(min=n),
    "clamp_max": lambda L, x, n: x.clamp(max=n),
    "masked_fill": lambda L, x, n: x.masked_fill(x > 1, n),
}


@pytest.mark.parametrize("name", list(WITH_NUMBER))
def test_op_with_a_python_number(name):
    nonzero = name.startswith("r")     # the tensor is the divisor of rdiv, rfloordiv, rmod
    cases = [[tensor_input(d, shape, seed=k, nonzero=nonzero), ("n", n, False)]
             for k, (d, n, shape) in enumerate(itertools.product(DTYPES, NUMBERS, [(3,), ()]))]
    run_all(WITH_NUMBER[name], cases, name)


# ---------------------------------------------------------------------------------------
# The rule itself, and division by zero
# ---------------------------------------------------------------------------------------
def test_result_type_is_torch_result_type_for_every_pair_and_tier():
    """dtypes.result_type against torch.result_type, its default float read as float64."""
    from minigrad.dtypes import promote_types, result_type

    problems = []
    operands = [(d, s) for d in DTYPES for s in ((2,), ())]
    numbers = [True, 2, 2.5]
    with torch_default_float64():
        for (da, sa), (db, sb) in itertools.product(operands, operands):
            a, b = mg.zeros(sa, dtype=da), mg.zeros(sb, dtype=db)
            want = torch.result_type(torch.zeros(sa, dtype=getattr(torch, da)),
                                     torch.zeros(sb, dtype=getattr(torch, db)))
            if str(result_type(a, b)) != str(want).replace("torch.", ""):
                problems.append(f"{da}{list(sa)} with {db}{list(sb)}: {result_type(a, b)}, "
                                f"torch {want}")
        for (da, sa), n in itertools.product(operands, numbers):
            want = torch.result_type(torch.zeros(sa, dtype=getattr(torch, da)), n)
            got = result_type(mg.zeros(sa, dtype=da), n)
            if str(got) != str(want).replace("torch.", ""):
                problems.append(f"{da}{list(sa)} with {n!r}: {got}, torch {want}")
        for da, db in itertools.product(DTYPES, DTYPES):
            want = torch.promote_types(getattr(torch, da), getattr(torch, db))
            if str(promote_types(da, db)) != str(want).replace("torch.", ""):
                problems.append(f"promote_types({da}, {db}): {promote_types(da, db)}, torch {want}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", ["floordiv", "mod"])
@pytest.mark.parametrize("dtype", ["uint8", "int32", "int64", "float32", "float64"])
def test_division_by_zero(name, dtype):
    """Integers: an error, as PyTorch's ZeroDivisionError; floats: inf and nan, no error."""
    divisor = np.zeros(3, dtype=dtype)
    run_all(BINARY[name], [[("t", np.array([1, 0, 3], dtype=dtype), False),
                            ("t", divisor, False)],
                           [("t", np.array([1, 0, 3], dtype=dtype), False), ("n", 0, False)]])


def test_floor_division_and_remainder_of_negatives_and_extremes():
    """Python's (and PyTorch's) rounding towards -inf, the sign of the divisor, and what
    infinities, nan and -0.0 give."""
    inf, nan = float("inf"), float("nan")
    a = np.array([-7.5, 7.5, -7.5, 7.5, inf, -inf, 5.0, -5.0, -0.0, 0.0, nan, 1e300])
    b = np.array([2.0, -2.0, -2.0, 2.0, 2.0, 3.0, inf, inf, 2.0, -2.0, 1.0, 1e-300])
    for name in ("floordiv", "mod"):
        for dtype in FLOATS:
            problem = check(BINARY[name], [("t", a.astype(dtype), True),
                                           ("t", b.astype(dtype), True)])
            assert problem is None, problem
    ints = np.array([-7, 7, -7, 7, -(2 ** 63), 0])
    divs = np.array([2, -2, -2, 2, -1, 5])
    for name in ("floordiv", "mod"):
        problem = check(BINARY[name], [("t", ints, False), ("t", divs, False)])
        assert problem is None, problem
