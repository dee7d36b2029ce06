"""Issue 20's "silent differences", items 2 and 4-10: each a comparison with PyTorch 2.13 (or
a refusal PyTorch makes too).  Before the fix each gave a different answer without an error.

Item 2 in full (every op on every dtype) is ``test_dtypes_against_torch.py``; here are the
cases the issue names.  Item 10's course form (``expand(dim, copies)``) is tested with the
other ops in ``test_ops.py``.
"""

import numpy as np
import pytest

from needs_torch import require_torch
from torchref import default_float64

torch = require_torch()

import minigrad as mg  # noqa: E402
from minigrad import nn  # noqa: E402
from minigrad.nn import functional as F  # noqa: E402

TF = torch.nn.functional
TOL = dict(rtol=1e-12, atol=1e-12)


def same(ours, theirs):
    assert str(ours.dtype) == str(theirs.dtype).replace("torch.", "")
    np.testing.assert_allclose(ours.data, theirs.detach().numpy(), **TOL)


@pytest.fixture
def torch_float64():
    """PyTorch with minigrad's default float dtype, so that "the default dtype" agrees."""
    with default_float64(torch):
        yield


# -- item 2: integer, bool and uint8 tensors ------------------------------------------------
def test_sigmoid_of_integers_is_not_all_zeros(torch_float64):
    x = np.array([-2, 0, 3])
    same(mg.tensor(x).sigmoid(), torch.tensor(x).sigmoid())


@pytest.mark.parametrize("fn", ["exp", "log", "sqrt", "tanh"])
def test_uint8_and_bool_compute_in_the_default_float_not_float16(fn, torch_float64):
    for x in (np.array([200, 3, 0], dtype=np.uint8), np.array([True, False])):
        ours, theirs = getattr(mg.tensor(x), fn)(), getattr(torch.tensor(x), fn)()
        assert ours.dtype == np.float64 and np.isfinite(ours.data[0])
        same(ours, theirs)


def test_logsumexp_of_bools_is_a_float(torch_float64):
    x = np.array([True, False, True])
    same(mg.tensor(x).logsumexp(0), torch.tensor(x).logsumexp(0))


@pytest.mark.parametrize("fn", [F.softplus, F.leaky_relu, F.gelu, F.silu, F.softmax])
def test_float_only_functions_refuse_integers_as_pytorch(fn):
    x = np.array([-2, 0, 3])
    with pytest.raises((RuntimeError, NotImplementedError)):
        getattr(TF, fn.__name__)(torch.tensor(x))
    with pytest.raises(TypeError, match="floating-point.*int64"):
        fn(mg.tensor(x))


def test_promotion_with_tensors_follows_result_type(torch_float64):
    f32, i64 = np.array([1.5, 2.5], np.float32), np.array([3, 4])
    same(mg.tensor(f32) * mg.tensor(i64), torch.tensor(f32) * torch.tensor(i64))   # float32
    same(mg.tensor(f32) * mg.tensor(2.0), torch.tensor(f32) * torch.tensor(2.0))   # float32
    same(mg.tensor(i64) + 0.5, torch.tensor(i64) + 0.5)                            # float64
    same(mg.tensor(i64) / mg.tensor(i64), torch.tensor(i64) / torch.tensor(i64))   # float64
    b = np.array([True, False])
    same(mg.tensor(b) + mg.tensor(b), torch.tensor(b) + torch.tensor(b))           # bool


def test_integer_floor_division_and_remainder_have_python_signs():
    a, b = np.array([-7, 7, -7, 7]), np.array([2, -2, -2, 2])
    same(mg.tensor(a) // mg.tensor(b), torch.tensor(a) // torch.tensor(b))
    same(mg.tensor(a) % mg.tensor(b), torch.tensor(a) % torch.tensor(b))


def test_remainder_gradient_and_floor_division_has_none():
    a = np.array([7.5, -7.5, 3.0])
    b = np.array([2.0, 2.0, -2.0])
    ours = [mg.tensor(v, requires_grad=True) for v in (a, b)]
    theirs = [torch.tensor(v, requires_grad=True) for v in (a, b)]
    (ours[0] % ours[1]).sum().backward()
    (theirs[0] % theirs[1]).sum().backward()
    for o, t in zip(ours, theirs):
        same(o.grad, t.grad)
    with pytest.raises(RuntimeError, match="not implemented"):
        (theirs[0] // theirs[1]).sum().backward()
    with pytest.raises(RuntimeError, match="derivative of floor_divide"):
        (ours[0] // ours[1]).sum().backward()


# -- item 4: the gradient of a float attention mask ----------------------------------------
@pytest.mark.parametrize("mask_shape", [(2, 3, 4), (3, 4), (1, 4)])
def test_sdpa_float_mask_gradient_is_not_scaled(mask_shape):
    rng = np.random.default_rng(0)
    q, k, v = rng.standard_normal((2, 3, 5)), rng.standard_normal((2, 4, 5)), \
        rng.standard_normal((2, 4, 6))
    m = rng.standard_normal(mask_shape)
    g = rng.standard_normal((2, 3, 6))
    ours = [mg.tensor(x, requires_grad=True) for x in (q, k, v, m)]
    theirs = [torch.tensor(x, requires_grad=True) for x in (q, k, v, m)]
    out_m = F.scaled_dot_product_attention(*ours[:3], attn_mask=ours[3])
    out_t = TF.scaled_dot_product_attention(*theirs[:3], attn_mask=theirs[3])
    same(out_m, out_t)
    out_m.backward(g)
    out_t.backward(torch.tensor(g))
    for o, t in zip(ours, theirs):
        same(o.grad, t.grad)


# -- item 5: MultiheadAttention's masks ----------------------------------------------------
@pytest.mark.parametrize("dtype", [np.int64, np.uint8, np.int32])
@pytest.mark.parametrize("which", ["attn_mask", "key_padding_mask"])
def test_multihead_attention_refuses_integer_masks(dtype, which):
    x = np.random.default_rng(0).standard_normal((2, 3, 4))
    mask = np.triu(np.ones((3, 3), dtype=dtype), 1) if which == "attn_mask" else \
        np.zeros((2, 3), dtype=dtype)
    theirs = torch.nn.MultiheadAttention(4, 2, batch_first=True).double()
    with pytest.raises((AssertionError, RuntimeError)):
        theirs(*[torch.tensor(x)] * 3, **{which: torch.tensor(mask)})
    ours = nn.MultiheadAttention(4, 2, batch_first=True)
    with pytest.raises(TypeError, match=f"{which} must be boolean.*{np.dtype(dtype)}"):
        ours(*[mg.tensor(x)] * 3, **{which: mg.tensor(mask)})


def test_multihead_attention_with_a_bool_causal_mask_matches_pytorch():
    from torchref import copy_into

    x = np.random.default_rng(1).standard_normal((2, 3, 4))
    ours = nn.MultiheadAttention(4, 2, batch_first=True)
    theirs = copy_into(torch, torch.nn.MultiheadAttention(4, 2, batch_first=True), ours)
    mask = np.triu(np.ones((3, 3), dtype=bool), 1)
    out_m, w_m = ours(*[mg.tensor(x)] * 3, attn_mask=mg.tensor(mask))
    out_t, w_t = theirs(*[torch.tensor(x)] * 3, attn_mask=torch.tensor(mask))
    same(out_m, out_t)
    same(w_m, w_t)


# -- item 6: every target ignored ----------------------------------------------------------
@pytest.mark.parametrize("loss", ["cross_entropy", "nll_loss"])
@pytest.mark.parametrize("options", [{}, {"label_smoothing": 0.1},
                                     {"weight": np.array([1.0, 2.0, 0.5, 1.0])}])
def test_every_target_ignored_gives_zero_gradients_as_pytorch(loss, options):
    if loss == "nll_loss" and "label_smoothing" in options:
        pytest.skip("nll_loss has no label smoothing")
    logits = np.random.default_rng(2).standard_normal((3, 4))
    target = np.array([-100, -100, -100])
    ours, theirs = mg.tensor(logits, requires_grad=True), torch.tensor(logits, requires_grad=True)
    kw_m = {k: mg.tensor(v) if isinstance(v, np.ndarray) else v for k, v in options.items()}
    kw_t = {k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in options.items()}
    l_m = getattr(F, loss)(ours, mg.tensor(target), **kw_m)
    l_t = getattr(TF, loss)(theirs, torch.tensor(target), **kw_t)
    assert np.isnan(l_m.item()) and np.isnan(l_t.item())          # 0/0, in both
    l_m.backward()
    l_t.backward()
    same(ours.grad, theirs.grad)
    assert not np.isnan(ours.grad.data).any()


def test_a_batch_of_ignored_targets_does_not_turn_the_model_into_nan():
    model = nn.Linear(4, 3)
    opt = mg.optim.SGD(model.parameters(), lr=0.1)
    x = mg.tensor(np.random.default_rng(3).standard_normal((2, 4)))
    F.cross_entropy(model(x), mg.tensor([-100, -100])).backward()
    opt.step()
    assert all(np.isfinite(p.data).all() for p in model.parameters())


# -- item 7: mse_loss of nothing -----------------------------------------------------------
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_mse_loss_of_empty_tensors_is_pytorchs(reduction, torch_float64):
    e = np.zeros((0, 3))
    ours = F.mse_loss(mg.tensor(e, requires_grad=True), mg.tensor(e), reduction=reduction)
    theirs = TF.mse_loss(torch.tensor(e, requires_grad=True), torch.tensor(e),
                         reduction=reduction)
    assert ours.shape == tuple(theirs.shape)
    np.testing.assert_array_equal(ours.data, theirs.detach().numpy())   # nan for the mean


# -- item 8: Flatten's dims ----------------------------------------------------------------
@pytest.mark.parametrize("kw, shape", [({"start_dim": 5}, (2, 3)), ({"end_dim": 5}, (2, 3)),
                                       ({}, (3,)), ({}, ()), ({"start_dim": -3}, (2, 3))])
def test_flatten_refuses_dims_the_input_does_not_have(kw, shape):
    with pytest.raises(IndexError):
        torch.nn.Flatten(**kw)(torch.ones(shape))
    with pytest.raises(IndexError, match="out of range"):
        nn.Flatten(**kw)(mg.ones(shape))


@pytest.mark.parametrize("kw, shape", [({}, (2, 3, 4)), ({"start_dim": 0}, (3,)),
                                       ({"start_dim": 0}, ()), ({"start_dim": -2}, (2, 3, 4)),
                                       ({"start_dim": 1, "end_dim": 1}, (2, 3, 4))])
def test_flatten_of_dims_the_input_has_matches_pytorch(kw, shape):
    assert nn.Flatten(**kw)(mg.ones(shape)).shape == tuple(torch.nn.Flatten(**kw)(
        torch.ones(shape)).shape)


# -- item 9: load_state_dict copies in place -------------------------------------------------
def test_load_state_dict_copies_into_the_arrays_you_hold():
    ours = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2))
    theirs = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2)).double()
    held_m = {name: t.numpy(force=True) for name, t in ours._state_entries()}
    held_t = {name: t.detach().numpy() for name, t in theirs.state_dict().items()}
    versions = {name: t.version for name, t in ours._state_entries()}
    rng = np.random.default_rng(4)
    state = {k: rng.standard_normal(v.shape).astype(v.dtype) if v.dtype.kind == "f"
             else np.array(7, dtype=v.dtype) for k, v in held_m.items()}
    ours.load_state_dict(state)
    theirs.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
    for name in state:
        np.testing.assert_array_equal(held_m[name], state[name])    # the old arrays are live
        np.testing.assert_array_equal(held_t[name], state[name])    # as in PyTorch
        assert held_m[name] is dict(ours._state_entries())[name].data
    assert all(t.version > versions[name] for name, t in ours._state_entries())


def test_load_state_dict_is_seen_by_a_graph_that_saved_the_old_values():
    """The gradient of x reads the weight: loading into it afterwards is an in-place change
    that backward refuses, in both."""
    layer, twin = nn.Linear(2, 1), torch.nn.Linear(2, 1).double()
    y = layer(mg.ones(1, 2, requires_grad=True)).sum()
    y_t = twin(torch.ones(1, 2, dtype=torch.float64, requires_grad=True)).sum()
    state = {"weight": np.ones((1, 2)), "bias": np.zeros(1)}
    layer.load_state_dict(state)
    twin.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y_t.backward()
    with pytest.raises(RuntimeError, match="changed in place"):
        y.backward()


# -- item 10: expand's two readings ----------------------------------------------------------
@pytest.mark.parametrize("shape, args", [((1, 3), (2, 3)), ((3,), (0, 3)), ((), (0, 5)),
                                         ((1, 1), (2, 4)), ((4,), (1, 4))])
def test_expand_refuses_a_call_both_readings_accept_differently(shape, args):
    theirs = torch.ones(shape).expand(*args)            # PyTorch's reading: sizes
    ours_kw = mg.ones(shape).expand(dim=args[0], copies=args[1])
    assert tuple(theirs.shape) != ours_kw.shape or not np.array_equal(
        theirs.numpy(), ours_kw.data)
    with pytest.raises(ValueError, match=r"reads two ways.*dim=.*copies=.*broadcast_to"):
        mg.ones(shape).expand(*args)
    assert mg.ones(shape).broadcast_to(tuple(theirs.shape)).shape == tuple(theirs.shape)


@pytest.mark.parametrize("shape, args", [((2,), (0, 3)), ((2, 3), (1, 4)), ((1,), (1, 1)),
                                         ((3,), (1, 1)), ((), (-1, 4))])
def test_expand_of_a_call_that_reads_one_way_is_the_courses(shape, args):
    if args[0] == -1:                            # PyTorch's "keep the size": refused, as before
        with pytest.raises(ValueError, match="-1 is ambiguous"):
            mg.ones(shape).expand(*args)
        return
    out = mg.ones(shape).expand(*args)
    want = np.repeat(np.expand_dims(np.ones(shape), args[0]), args[1], axis=args[0])
    np.testing.assert_array_equal(out.data, want)
