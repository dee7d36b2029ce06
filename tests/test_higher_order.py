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
REFUSED = {"einsum_broadcast": "einsum", "softplus": "softplus", "cumprod": "cumprod",
           "prod": "prod"}


def refused_case(op, params) -> bool:
    """The cases of a supported op that refuse: einsum with a repeated subscript in an
    operand (a diagonal), vector_norm of an order other than 1 and 2."""
    if op.name == "vector_norm":
        return params["ord"] not in (0, 1, 2)       # (ord 0 counts: it has no gradient)
    if op.name == "matrix_norm":
        return params["ord"] != "fro"               # (the Frobenius norm is a vector_norm)
    if op.name != "einsum":
        return False
    terms = params["equation"].split("->")[0].replace("...", "").split(",")
    return any(len(set(t)) != len(t) for t in terms)


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
    def split_piece(a, sections, dim, piece):
        return a.split(sections, dim)[piece]

    return {
        "mm": torch.mm,
        "transpose_default": lambda a: a.transpose(-2, -1),
        "T": lambda a: a.permute(*reversed(range(a.ndim))) if a.ndim else a,
        "expand": lambda a, dim, copies: a.unsqueeze(dim).expand(
            *[copies if i == dim % (a.ndim + 1) else -1 for i in range(a.ndim + 1)]),
        "index_int_and_slice": lambda a, idx: a[idx[0]].flip(0),
        "view_sizes": lambda a, shape: a.reshape(shape),
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
        "einsum": lambda *ts, equation: torch.einsum(equation, *ts),
        "flip": lambda a, dims: a.flip(dims),
        "roll": lambda a, shifts, dims: torch.roll(a, shifts, dims),
        "cos": torch.cos, "log10": torch.log10,
        "triu": lambda a, diagonal: torch.triu(a, diagonal),
        "index_select": lambda a, dim, index: a.index_select(dim, torch.tensor(index)),
        "outer": torch.outer,
        "matrix_norm": lambda a, ord, dim: torch.linalg.matrix_norm(a, ord, dim),
        "vector_norm": lambda a, dim, keepdims, ord: torch.linalg.vector_norm(
            a, ord, tuple(range(a.ndim)) if dim in (None, ()) else dim, keepdims),
        # (PyTorch's backward of var/std over dim=() is wrong: name every axis by None)
        "var": lambda a, dim, keepdims, correction: torch.var(a, None if dim in (None, ())
                                                              else dim,
                                                              correction=correction,
                                                              keepdim=keepdims),
        "std": lambda a, dim, keepdims, correction: torch.std(a, None if dim in (None, ())
                                                              else dim,
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
    if op.name == "vector_norm" and params["ord"] == 0:
        return                                      # a count: not recorded, as PyTorch's
    if refused_case(op, params):
        xs = [mg.Tensor(a, requires_grad=True) for a in arrays]
        with pytest.raises(RuntimeError, match="create_graph=True: the op '(einsum|vector_norm|"
                                               "matrix_norm|svd_norm)'"):
            mg.autograd.grad(op.fn(*xs, **params).sum(), xs, create_graph=True)
        return
    compare_with_torch(torch, lambda *xs: op.fn(*xs, **params),
                       lambda *xs: theirs(*xs, **params), arrays, op.name, tol)


@pytest.mark.parametrize("op", [op for op in SUPPORTED if op.grad == "gradcheck"],
                         ids=lambda op: op.name)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_second_derivatives_match_numeric(op, data):
    arrays, params = draw_case(op, data)
    if refused_case(op, params) or (op.name == "vector_norm" and params["ord"] == 0):
        return                   # (test_second_derivatives_match_pytorch checks the refusal)
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
IDS = np.array([[1, 0, 3], [3, 3, 2]])

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
    "embedding": (lambda w: F.embedding(mg.tensor(IDS), w), [_r(4, 2)]),
    "embedding_padding_idx": (lambda w: F.embedding(mg.tensor(IDS), w, padding_idx=3),
                              [_r(4, 2)]),
    "cosine_similarity": (F.cosine_similarity, [_r(3, 4), _r(3, 4, seed=1)]),
    "normalize": (F.normalize, [_r(3, 4)]),
    "pairwise_distance": (F.pairwise_distance, [_r(3, 4), _r(3, 4, seed=1)]),
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
        "embedding": lambda w: TF.embedding(torch.tensor(IDS), w),
        "embedding_padding_idx": lambda w: TF.embedding(torch.tensor(IDS), w, padding_idx=3),
        "cosine_similarity": TF.cosine_similarity, "normalize": TF.normalize,
        "pairwise_distance": TF.pairwise_distance,
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


#: name: (the op the refusal names, a call of it, its input arrays), for every
#: nn.functional op (and variant) that refuses create_graph.
FUNCTIONAL_REFUSED = {
    "conv1d": ("conv1d", F.conv1d, [_r(1, 2, 5), _r(3, 2, 2)]),
    "conv2d": ("conv2d", F.conv2d, [_r(1, 2, 4, 4), _r(3, 2, 2, 2)]),
    "max_pool1d": ("max_pool1d", lambda x: F.max_pool1d(x, 2), [_r(1, 2, 4)]),
    "max_pool2d": ("max_pool2d", lambda x: F.max_pool2d(x, 2), [_r(1, 2, 4, 4)]),
    "avg_pool1d": ("avg_pool1d", lambda x: F.avg_pool1d(x, 2), [_r(1, 2, 4)]),
    "avg_pool2d": ("avg_pool2d", lambda x: F.avg_pool2d(x, 2), [_r(1, 2, 4, 4)]),
    "adaptive_avg_pool1d": ("adaptive_avg_pool1d", lambda x: F.adaptive_avg_pool1d(x, 3),
                            [_r(1, 2, 5)]),
    "adaptive_avg_pool2d": ("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, 3),
                            [_r(1, 2, 5, 5)]),
    "batch_norm": ("batch_norm", lambda x: F.batch_norm(x, None, None, training=True),
                   [_r(4, 3)]),
    "pad": ("pad", lambda x: F.pad(x, (1, 1)), [_r(2, 3)]),
    "l1_loss": ("l1_loss", F.l1_loss, [_r(3), _r(3, seed=1)]),
    "smooth_l1_loss": ("smooth_l1_loss", F.smooth_l1_loss, [_r(3), _r(3, seed=1)]),
    "huber_loss": ("huber_loss", F.huber_loss, [_r(3), _r(3, seed=1)]),
    "binary_cross_entropy": ("binary_cross_entropy",
                             lambda x: F.binary_cross_entropy(x.sigmoid(), mg.tensor([0., 1, 1])),
                             [_r(3)]),
    "binary_cross_entropy_with_logits": (
        "binary_cross_entropy_with_logits",
        lambda x: F.binary_cross_entropy_with_logits(x, mg.tensor([0., 1, 1])), [_r(3)]),
    "nll_loss": ("nll_loss", lambda x: F.nll_loss(F.log_softmax(x, 1), mg.tensor(LABELS)),
                 [_r(4, 3)]),
    "cross_entropy_weighted": (
        "cross_entropy", lambda x: F.cross_entropy(x, mg.tensor(LABELS),
                                                   weight=mg.tensor([1.0, 2.0, 0.5])),
        [_r(4, 3)]),
    "cross_entropy_label_smoothing": (
        "cross_entropy", lambda x: F.cross_entropy(x, mg.tensor(LABELS), label_smoothing=0.1),
        [_r(4, 3)]),
    "softplus": ("softplus", F.softplus, [_r(3)]),
    "group_norm": ("group_norm", lambda x: F.group_norm(x, 1), [_r(3, 2, 2)]),
    "kl_div": ("kl_div", lambda x: F.kl_div(F.log_softmax(x, 1), mg.tensor([[0.2, 0.8]] * 3),
                                            reduction="batchmean"), [_r(3, 2)]),
}


def test_embedding_scaled_by_frequency_matches_pytorch(torch):
    """scale_grad_by_freq scales the first gradient, which is no derivative, so finite
    differences cannot check its second: PyTorch's double backward is the reference."""
    compare_with_torch(torch, lambda w: F.embedding(mg.tensor(IDS), w,
                                                    scale_grad_by_freq=True).tanh(),
                       lambda w: torch.nn.functional.embedding(torch.tensor(IDS), w,
                                                               scale_grad_by_freq=True).tanh(),
                       [_r(4, 2)], "embedding(scale_grad_by_freq=True)")


@pytest.mark.parametrize("name", sorted(FUNCTIONAL_REFUSED))
def test_functional_refusals_name_the_op(name):
    op, call, arrays = FUNCTIONAL_REFUSED[name]
    xs = [mg.Tensor(a, requires_grad=True) for a in arrays]
    loss = (call(*xs) * 1.5).sum()
    with pytest.raises(RuntimeError, match=f"create_graph=True: (the op )?'{op}'"):
        loss.backward(create_graph=True)
    assert all(x.grad is None for x in xs)       # nothing half-done reached the inputs
    loss.backward()                              # the graph is intact for a plain backward
    assert all(x.grad is not None for x in xs)


# -- the engine ----------------------------------------------------------------------------
def test_backward_create_graph_makes_each_grad_a_graph():
    x = mg.tensor([1.5, -2.0], requires_grad=True)
    (x ** 4).sum().backward(create_graph=True)
    g = x.grad
    assert g.grad_fn is not None and g.requires_grad          # PyTorch's x.grad has one too
    np.testing.assert_allclose(g.data, 4 * x.data ** 3)
    x.grad = None
    second, = mg.autograd.grad(g.sum(), x, create_graph=True)
    np.testing.assert_allclose(second.data, 12 * x.data ** 2)
    third, = mg.autograd.grad(second.sum(), x, create_graph=True)
    np.testing.assert_allclose(third.data, 24 * x.data)
    fourth, = mg.autograd.grad(third.sum(), x)
    np.testing.assert_allclose(fourth.data, [24.0, 24.0])
    assert fourth.grad_fn is None                              # create_graph=False: plain


def test_retain_graph_defaults_to_create_graph():
    x = mg.tensor([0.5, 2.0], requires_grad=True)
    y = (x * x).exp().sum()
    mg.autograd.grad(y, x, create_graph=True)
    mg.autograd.grad(y, x)                   # the graph was kept ...
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        mg.autograd.grad(y, x)               # ... and the second plain call freed it
    z = (x * x).sum()
    z.backward(create_graph=True, retain_graph=False)
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        z.backward()


def test_a_second_create_graph_backward_adds_out_of_place():
    x = mg.tensor([1.0, 3.0], requires_grad=True)
    y = (x ** 3).sum()
    y.backward(create_graph=True)
    first = x.grad
    y.backward(create_graph=True)
    np.testing.assert_allclose(first.data, 3 * x.data ** 2)     # not changed in place
    np.testing.assert_allclose(x.grad.data, 6 * x.data ** 2)
    hessian_diagonal, = mg.autograd.grad(x.grad.sum(), x)
    np.testing.assert_allclose(hessian_diagonal.data, 12 * x.data)


def test_a_plain_backward_still_gives_plain_gradients():
    x = mg.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    assert x.grad.grad_fn is None and not x.grad.requires_grad


def test_hessian_vector_product_matches_pytorch(torch):
    A = _r(4, 4)
    x0, v = _r(4, seed=1), _r(4, seed=2)

    def f(x, A):
        return ((A @ x).tanh() ** 2).sum() + (x * x * x).sum()

    x = mg.Tensor(x0, requires_grad=True)
    g, = mg.autograd.grad(f(x, mg.Tensor(A)), x, create_graph=True)
    hv, = mg.autograd.grad(g, x, mg.Tensor(v))
    xt = torch.tensor(x0, requires_grad=True)
    gt, = torch.autograd.grad(f(xt, torch.tensor(A)), xt, create_graph=True)
    hvt, = torch.autograd.grad(gt, xt, torch.tensor(v))
    np.testing.assert_allclose(hv.data, hvt.numpy(), rtol=1e-12, atol=1e-12)


def test_gradient_with_respect_to_grad_outputs(torch):
    """The double-backward trick: differentiating a vector-Jacobian product uᵀJ with respect
    to u gives the Jacobian-vector product Jv (forward mode from two reverse passes)."""
    x0, u0, v = _r(3), _r(3, seed=1), _r(3, seed=2)
    results = []
    for lib, T in ((mg.autograd, mg.Tensor), (torch.autograd, torch.tensor)):
        x, u = T(x0, requires_grad=True), T(u0, requires_grad=True)
        y = x.tanh() * x
        vjp, = lib.grad(y, x, u, create_graph=True)
        jv, = lib.grad(vjp, u, T(v))
        results.append(jv.data if T is mg.Tensor else jv.numpy())
    np.testing.assert_allclose(*results, rtol=1e-12)


def test_an_in_place_change_after_the_forward_pass_is_caught():
    x = mg.tensor([1.0, 2.0], requires_grad=True)
    w = mg.tensor([3.0, 4.0]) * 1
    y = (x * w).sum()
    w.mul_(2)
    with pytest.raises(RuntimeError, match="changed in place"):
        mg.autograd.grad(y, x, create_graph=True)


def test_in_place_ops_on_non_leaves_support_create_graph(torch):
    def f(x):
        y = x * 1
        y.mul_(x)
        y.sub_(x.exp())
        y += x
        y.div_(2.0)
        return y.sum()

    compare_with_torch(torch, f, f, [_r(3)], "in-place ops")


def test_writing_into_a_non_leaf_supports_create_graph(torch):
    def f(x, v):
        y = x * 2
        y[0] = v[1] * v[0]
        y[[1, 1]] = v
        return (y * y * x).sum()

    compare_with_torch(torch, f, f, [_r(4), _r(2, seed=1)], "t[i] = v")


def test_a_view_changed_in_place_refuses_create_graph():
    x = mg.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    y[0:2].mul_(3.0)              # the base's history is now a copy_slices node
    with pytest.raises(RuntimeError, match="the op 'copy_slices' has no"):
        mg.autograd.grad((y * y).sum(), x, create_graph=True)


def test_hooks_see_the_gradient_as_a_graph():
    x = mg.tensor([2.0], requires_grad=True)
    y = x * x
    seen = []
    y.register_hook(lambda g: seen.append(g) or g * 3)
    g, = mg.autograd.grad((y * x).sum(), x, create_graph=True)   # y's grad is x, tripled
    assert seen[0].requires_grad
    # d(y·x)/dx = x·dy/dx + y, with y's gradient (x) tripled by the hook: 3x·2x + x²
    np.testing.assert_allclose(g.data, [3 * 2.0 * 2 * 2.0 + 2.0 ** 2])


def test_a_graph_backward_returning_the_wrong_shape_is_an_error():
    @mg.autograd.graph_backward("test_wrong_shape")
    def wrong(ctx, g):
        return (g.sum(),)

    x = mg.tensor([1.0, 2.0], requires_grad=True)
    y = mg.autograd.record(x.data * 2, (x,), lambda g: (g * 2,), "test_wrong_shape")
    try:
        with pytest.raises(mg.ShapeError, match="test_wrong_shape"):
            mg.autograd.grad(y.sum(), x, create_graph=True)
    finally:
        del mg.autograd.GRAPH_BACKWARDS["test_wrong_shape"]


def test_an_op_without_a_graph_backward_refuses_by_name():
    x = mg.tensor([1.0, 2.0], requires_grad=True)
    y = mg.autograd.record(x.data * 2, (x,), lambda g: (g * 2,), "my_new_op")
    with pytest.raises(RuntimeError, match="create_graph=True: the op 'my_new_op' has no"):
        mg.autograd.grad(y.sum(), x, create_graph=True)
    np.testing.assert_allclose(mg.autograd.grad(y.sum(), x)[0].data, [2.0, 2.0])


# -- whole models: a gradient penalty through an MLP and a transformer block -----------------
def _penalty_step(lib, model, x):
    """loss = model(x).sum() + |∂loss/∂x|², backward to the parameters (double backprop)."""
    out = model(x).sum()
    gx, = lib.grad(out, x, create_graph=True)
    (out + (gx * gx).sum()).backward()


def test_gradient_penalty_through_an_mlp_matches_pytorch(torch):
    from torchref import compare_parameter_grads, copy_into
    mg.manual_seed(0)
    ours = mg.nn.Sequential(mg.nn.Linear(3, 5), mg.nn.Tanh(), mg.nn.Linear(5, 4), mg.nn.ReLU(),
                            mg.nn.Linear(4, 1))
    theirs = copy_into(torch, torch.nn.Sequential(
        torch.nn.Linear(3, 5), torch.nn.Tanh(), torch.nn.Linear(5, 4), torch.nn.ReLU(),
        torch.nn.Linear(4, 1)), ours)
    x0 = _r(6, 3)
    _penalty_step(mg.autograd, ours, mg.Tensor(x0, requires_grad=True))
    _penalty_step(torch.autograd, theirs, torch.tensor(x0, requires_grad=True))
    compare_parameter_grads(ours, theirs, tol=dict(rtol=1e-9, atol=1e-12))


@pytest.mark.parametrize("norm_first", [False, True])
def test_gradient_penalty_through_a_transformer_block_matches_pytorch(torch, norm_first):
    from torchref import compare_parameter_grads, copy_into
    mg.manual_seed(0)
    ours = mg.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation="gelu",
                                         batch_first=True, norm_first=norm_first)
    theirs = copy_into(torch, torch.nn.TransformerEncoderLayer(
        8, 2, 16, dropout=0.0, activation="gelu", batch_first=True, norm_first=norm_first),
        ours)
    mask = np.triu(np.ones((5, 5), bool), 1)
    x0 = _r(2, 5, 8)
    from torch.nn.attention import SDPBackend, sdpa_kernel   # (its fused kernel has no
    # double backward: PyTorch's reference is its attention written out)
    _penalty_step(mg.autograd, lambda x: ours(x, src_mask=mask, is_causal=True).tanh(),
                  mg.Tensor(x0, requires_grad=True))
    with sdpa_kernel(SDPBackend.MATH):
        _penalty_step(torch.autograd,
                      lambda x: theirs(x, src_mask=torch.tensor(mask), is_causal=True).tanh(),
                      torch.tensor(x0, requires_grad=True))
    compare_parameter_grads(ours, theirs, tol=dict(rtol=1e-8, atol=1e-10))


# -- the example: Newton's method and a Hessian-vector product ------------------------------
def test_newton_example_matches_pytorch(torch):
    from minigrad.examples import newton as ex

    xs = ex.newton_1d(ex.quartic, 2.0, 6)
    x = 2.0
    for ours in xs[1:]:
        t = torch.tensor(x, dtype=torch.float64, requires_grad=True)
        slope, = torch.autograd.grad(ex.quartic(t), t, create_graph=True)
        curvature, = torch.autograd.grad(slope, t)
        x = x - slope.item() / curvature.item()
        assert ours == pytest.approx(x, rel=1e-14)
    assert xs[-1] == pytest.approx(1.0, abs=1e-10)         # the minimum at x = 1

    path = ex.newton(ex.rosenbrock, [-1.2, 1.0], 6)
    for p in path[:-1]:
        g, H = ex.hessian(ex.rosenbrock, p)
        t = torch.tensor(p)
        Ht = torch.autograd.functional.hessian(ex.rosenbrock, t)
        gt = torch.autograd.functional.jacobian(ex.rosenbrock, t)
        np.testing.assert_allclose(H, Ht.numpy(), rtol=1e-13)
        np.testing.assert_allclose(g, gt.numpy(), rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(path[-1], [1.0, 1.0], atol=1e-12)

    loss, params, vectors = ex.mlp_problem()
    products = ex.hessian_vector_product(loss, params, vectors)

    def torch_loss(*ps):
        rng = np.random.default_rng(0)
        X, y = torch.tensor(rng.standard_normal((8, 3))), torch.tensor(rng.standard_normal((8, 1)))
        w1, b1, w2 = ps
        return ((torch.tanh(X @ w1 + b1) @ w2 - y) ** 2).mean()

    _, theirs = torch.autograd.functional.hvp(
        torch_loss, tuple(torch.tensor(p.data) for p in params),
        tuple(torch.tensor(v) for v in vectors))
    for ours, ref in zip(products, theirs):
        np.testing.assert_allclose(ours, ref.numpy(), rtol=1e-12, atol=1e-14)


def test_newton_example_prints_its_convergence():
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "minigrad.examples.newton"], capture_output=True,
                         text=True, check=True).stdout
    assert "  step 1: x = 1.4545454545\n" in out              # 2 - f'(2)/f''(2) = 2 - 24/44
    assert "  step 6: x = 1.0000000000\n" in out
    assert "  step 6: (x, y) = (+1.00000000, +1.00000000), f = below 1e-15\n" in out
    assert "Hessian-vector product" in out


@pytest.mark.parametrize("layer, op", [
    (lambda: mg.nn.RNN(3, 4), "rnn_tanh"), (lambda: mg.nn.LSTM(3, 4), "lstm"),
    (lambda: mg.nn.GRU(3, 4), "gru"), (lambda: mg.nn.Conv1d(5, 2, 2), "conv1d"),
    (lambda: mg.nn.BatchNorm1d(5), "batch_norm")])
def test_layers_that_refuse_create_graph_name_their_op(layer, op):
    mg.manual_seed(0)
    x = mg.Tensor(_r(4, 5, 3), requires_grad=True)
    out = layer()(x)
    out = out[0] if isinstance(out, tuple) else out
    with pytest.raises(RuntimeError, match=f"create_graph=True: the op '{op}' has no"):
        mg.autograd.grad(out.sum(), x, create_graph=True)
