"""Higher-order gradients (``create_graph=True``): the engine, every op of the op table
against PyTorch's double backward and against gradgradcheck, and the refusals.

An op supports ``create_graph=True`` when it has a graph-building backward (see
minigrad/autograd.py); every other op refuses it with an error naming the op.  The
lists below say which op is which, and a test fails when one of them is wrong.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad as mg
import minigrad.nn.functional as F
from op_table import OPS, values

#: Ops of the op table whose gradient is not differentiable again (each is refused), with
#: the name the refusal gives.
REFUSED = {"einsum": "einsum", "einsum_broadcast": "einsum", "softplus": "softplus"}


def draw_case(op, data):
    shapes, params = op.shapes(data)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    return [values(s, op.domain, rng) for s in shapes], params


def first_and_second(grad, tensor, make, f, arrays, seed=0):
    """``f``'s gradient (for a random upstream gradient) and the gradient of that gradient's
    projection on random directions, with the library given by ``grad``/``tensor``/``make``
    (minigrad's or PyTorch's)."""
    rng = np.random.default_rng(seed)
    xs = [make(a) for a in arrays]
    out = f(*xs)
    u = tensor(rng.standard_normal(tuple(out.shape)))
    firsts = grad(out, xs, u, create_graph=True, allow_unused=True)
    total = None
    for g, x in zip(firsts, xs):
        if g is not None:
            term = (g * tensor(rng.standard_normal(tuple(x.shape)))).sum()
            total = term if total is None else total + term
    seconds = [None] * len(xs)
    if total is not None and total.requires_grad:
        seconds = grad(total, xs, allow_unused=True)
    return firsts, seconds


def as_array(t, shape):
    if t is None:
        return np.zeros(shape)
    if isinstance(t, mg.Tensor):
        return t.data
    if t._is_zerotensor():                      # (PyTorch's zero tensors refuse .numpy())
        return np.zeros(shape)
    return t.detach().numpy()


def compare_with_torch(torch, ours, theirs, arrays, what, tol=1e-9):
    mine = first_and_second(mg.autograd.grad, mg.Tensor,
                            lambda a: mg.Tensor(a, requires_grad=True), ours, arrays)
    ref = first_and_second(torch.autograd.grad, torch.tensor,
                           lambda a: torch.tensor(a, requires_grad=True), theirs, arrays)
    for order, (m, t) in enumerate(zip(mine, ref), start=1):
        for i, (a, b) in enumerate(zip(m, t)):
            np.testing.assert_allclose(
                as_array(a, arrays[i].shape), as_array(b, arrays[i].shape), rtol=tol, atol=tol,
                err_msg=f"{what}: derivative of order {order} for input {i} differs from "
                        f"PyTorch's")


# -- the op table: PyTorch's spelling where the table's minigrad call is not PyTorch's ------
def _torch_ops(torch):
    def axes(dim):
        return () if dim is None else dim

    def split_piece(a, sections, dim, piece):
        return a.split(sections, dim)[piece]

    return {
        "mm": torch.mm,
        "transpose_default": lambda a: a.transpose(-2, -1),
        "T": lambda a: a.permute(*reversed(range(a.ndim))) if a.ndim else a,
        "expand": lambda a, dim, copies: a.unsqueeze(dim).expand(
            *[copies if i == dim % (a.ndim + 1) else -1 for i in range(a.ndim + 1)]),
        "index_int_and_slice": lambda a, idx: a[idx[0]].flip(0),
        "view_sizes": lambda a, shape: a.reshape(*shape),
        "squeeze": lambda a, dim: a.squeeze() if dim is None else a.squeeze(dim),
        "repeat": lambda a, sizes: a.repeat(*sizes) if sizes else a.clone(),
        "cat": lambda *ts, dim: torch.cat(list(ts), dim),
        "stack": lambda *ts, dim: torch.stack(ts, dim),
        "split": split_piece,
        "chunk": lambda a, chunks, dim, piece: torch.chunk(a, chunks, dim)[piece],
        "gather": lambda a, dim, index: a.gather(dim, torch.tensor(index)),
        "masked_fill": lambda a, mask, value: a.masked_fill(torch.tensor(mask), value),
        "masked_fill_tensor_value": lambda a, v, mask: a.masked_fill(torch.tensor(mask), v),
        "where": lambda a, b, cond: torch.where(torch.tensor(cond), a, b),
        "where_number": lambda a, cond, other: torch.where(torch.tensor(cond), a,
                                                            torch.tensor(float(other))),
        "clip": lambda a, min, max: torch.clip(a, min=min, max=max),
        "maximum": torch.maximum,
        "max_other": torch.maximum,
        "softplus": lambda a, beta, threshold: torch.nn.functional.softplus(a, beta, threshold),
        "logsigmoid": torch.nn.functional.logsigmoid,
        "min_all": torch.min,
        "std": lambda a, dim, keepdims, correction: torch.std(a, axes(dim) or None,
                                                              correction=correction,
                                                              keepdim=keepdims),
        # (PyTorch's logsumexp over dim=() of a (1,) tensor fails: name every axis)
        "logsumexp": lambda a, dim, keepdims: a.logsumexp(
            tuple(range(a.ndim)) if dim in (None, ()) else dim, keepdims),
        # (PyTorch's clamp keeps the input's shape: bounds may not broadcast it larger)
        "clamp_tensor_bounds": lambda a, lo, hi: torch.minimum(torch.maximum(a, lo), hi),
        "to_float32": lambda a: a.to(torch.float32),
        "to_cpu_float16": lambda a: a.to("cpu", torch.float16),
    }


SUPPORTED = [op for op in OPS if op.grad != "none" and op.name not in REFUSED]


@pytest.mark.parametrize("op", SUPPORTED, ids=lambda op: op.name)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_second_derivatives_match_pytorch(torch, op, data):
    arrays, params = draw_case(op, data)
    theirs = _torch_ops(torch).get(op.name, op.fn)
    tol = 1e-9 if op.grad == "gradcheck" else 1e-2         # float16 and float32 casts
    compare_with_torch(torch, lambda *xs: op.fn(*xs, **params),
                       lambda *xs: theirs(*xs, **params), arrays, op.name, tol)


@pytest.mark.parametrize("op", [op for op in SUPPORTED if op.grad == "gradcheck"],
                         ids=lambda op: op.name)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_second_derivatives_match_numeric(op, data):
    arrays, params = draw_case(op, data)
    mg.gradgradcheck(lambda *xs: op.fn(*xs, **params),
                     *[mg.Tensor(a, requires_grad=True) for a in arrays])


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_ops_name_themselves(name):
    op = next(op for op in OPS if op.name == name)
    arrays, params = _example(op)
    xs = [mg.Tensor(a, requires_grad=True) for a in arrays]
    out = op.fn(*xs, **params).sum()
    with pytest.raises(RuntimeError, match=f"create_graph=True: the op '{REFUSED[name]}' has no "
                                           f"graph-building backward"):
        mg.autograd.grad(out, xs, create_graph=True)
    # without create_graph the same graph still gives its gradient
    assert all(g is not None for g in mg.autograd.grad(out, xs))


def _example(op):
    """One fixed case of ``op`` (hypothesis's simplest)."""
    found = []

    @settings(max_examples=1, database=None)
    @given(data=st.data())
    def draw(data):
        found.append(draw_case(op, data))

    draw()
    return found[0]


# -- nn.functional ----------------------------------------------------------------------------
def _r(*shape, seed=0):
    return np.random.default_rng(seed + 7 * len(shape)).standard_normal(shape)


LABELS = np.array([2, 0, 1, 2])

#: name: (minigrad's call, its input arrays), for every nn.functional op (and variant) that
#: supports create_graph; PyTorch's call is in :func:`_torch_functional`.
FUNCTIONAL = {
    "linear": (F.linear, [_r(4, 3), _r(2, 3), _r(2)]),
    "linear_batched": (F.linear, [_r(2, 4, 3), _r(2, 3)]),
    "softmax": (lambda x: F.softmax(x, 1), [_r(3, 4)]),
    "log_softmax": (lambda x: F.log_softmax(x, -1), [_r(2, 3, 4)]),
    "cross_entropy": (lambda x: F.cross_entropy(x, mg.tensor(LABELS)), [_r(4, 3)]),
    "cross_entropy_sum": (lambda x: F.cross_entropy(x, mg.tensor(LABELS), reduction="sum"),
                          [_r(4, 3)]),
    "mse_loss": (F.mse_loss, [_r(3, 2), _r(3, 2, seed=1)]),
    "mse_loss_none": (lambda a, b: F.mse_loss(a, b, reduction="none"),
                      [_r(3, 2), _r(3, 2, seed=1)]),
    "relu": (F.relu, [_r(3, 4)]),
    "tanh": (F.tanh, [_r(3, 4)]),
    "sigmoid": (F.sigmoid, [_r(3, 4)]),
    "gelu": (F.gelu, [_r(3, 4)]),
    "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"), [_r(3, 4)]),
    "silu": (F.silu, [_r(3, 4)]),
    "leaky_relu": (lambda x: F.leaky_relu(x, 0.1), [_r(3, 4)]),
    "logsigmoid": (F.logsigmoid, [_r(3, 4)]),
    "dropout": (lambda x: F.dropout(x, 0.5, rng=np.random.default_rng(3)), [_r(3, 4)]),
    "layer_norm": (lambda x, w, b: F.layer_norm(x, (4,), w, b),
                   [_r(2, 3, 4), _r(4), _r(4, seed=2)]),
    "layer_norm_2d_plain": (lambda x: F.layer_norm(x, (3, 4)), [_r(2, 3, 4)]),
    "layer_norm_weight_only": (lambda x, w: F.layer_norm(x, (4,), w), [_r(3, 4), _r(4)]),
    "scaled_dot_product_attention": (F.scaled_dot_product_attention,
                                     [_r(2, 3, 4), _r(2, 5, 4), _r(2, 5, 3)]),
    "scaled_dot_product_attention_causal": (
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
        [_r(2, 4, 4), _r(2, 4, 4), _r(2, 4, 3)]),
    "scaled_dot_product_attention_float_mask": (
        lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
        [_r(2, 3, 4), _r(2, 5, 4), _r(2, 5, 3), _r(3, 5)]),
}


def _torch_functional(torch):
    TF = torch.nn.functional
    keep = np.random.default_rng(3).random((3, 4)) >= 0.5      # the mask minigrad's dropout drew
    return {
        "linear": TF.linear, "linear_batched": TF.linear,
        "softmax": lambda x: TF.softmax(x, 1),
        "log_softmax": lambda x: TF.log_softmax(x, -1),
        "cross_entropy": lambda x: TF.cross_entropy(x, torch.tensor(LABELS)),
        "cross_entropy_sum": lambda x: TF.cross_entropy(x, torch.tensor(LABELS),
                                                        reduction="sum"),
        "mse_loss": TF.mse_loss,
        "mse_loss_none": lambda a, b: TF.mse_loss(a, b, reduction="none"),
        "relu": TF.relu, "tanh": torch.tanh, "sigmoid": torch.sigmoid, "gelu": TF.gelu,
        "gelu_tanh": lambda x: TF.gelu(x, approximate="tanh"),
        "silu": TF.silu, "leaky_relu": lambda x: TF.leaky_relu(x, 0.1),
        "logsigmoid": TF.logsigmoid,
        "dropout": lambda x: x * torch.tensor(keep / 0.5),
        "layer_norm": lambda x, w, b: TF.layer_norm(x, (4,), w, b),
        "layer_norm_2d_plain": lambda x: TF.layer_norm(x, (3, 4)),
        "layer_norm_weight_only": lambda x, w: TF.layer_norm(x, (4,), w),
        "scaled_dot_product_attention": TF.scaled_dot_product_attention,
        "scaled_dot_product_attention_causal":
            lambda q, k, v: TF.scaled_dot_product_attention(q, k, v, is_causal=True),
        "scaled_dot_product_attention_float_mask":
            lambda q, k, v, m: TF.scaled_dot_product_attention(q, k, v, attn_mask=m),
    }


@pytest.mark.parametrize("name", sorted(FUNCTIONAL))
def test_functional_second_derivatives_match_pytorch(torch, name):
    ours, arrays = FUNCTIONAL[name]
    compare_with_torch(torch, ours, _torch_functional(torch)[name], arrays, name)


@pytest.mark.parametrize("name", sorted(FUNCTIONAL))
def test_functional_second_derivatives_match_numeric(name):
    ours, arrays = FUNCTIONAL[name]
    mg.gradgradcheck(ours, *[mg.Tensor(a, requires_grad=True) for a in arrays])
