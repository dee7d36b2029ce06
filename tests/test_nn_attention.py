"""Attention (chapter 13): scaled_dot_product_attention, MultiheadAttention and
TransformerEncoderLayer against PyTorch, gradcheck, masks, errors."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from torchref import compare, compare_parameter_grads, copy_into

rng = np.random.default_rng(0)


def qkv(L=4, S=6, E=5, Ev=7, batch=(2, 3)):
    return [rng.standard_normal(batch + (L, E)), rng.standard_normal(batch + (S, E)),
            rng.standard_normal(batch + (S, Ev))]


@pytest.mark.parametrize("kwargs", [
    dict(), dict(is_causal=True), dict(scale=0.3),
    dict(attn_mask=rng.random((4, 6)) > 0.3), dict(attn_mask=rng.standard_normal((2, 1, 4, 6))),
])
def test_sdpa_matches_pytorch(torch, kwargs):
    arrays = qkv() if not kwargs.get("is_causal") else qkv(L=5, S=5)
    tkw = {k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    compare(torch, lambda q, k, v: F.scaled_dot_product_attention(q, k, v, **kwargs),
            lambda q, k, v: torch.nn.functional.scaled_dot_product_attention(q, k, v, **tkw),
            arrays)


def test_sdpa_a_query_that_may_see_nothing_gets_zeros_as_in_pytorch(torch):
    mask = np.ones((4, 6), dtype=bool)
    mask[1] = False
    compare(torch, lambda q, k, v: F.scaled_dot_product_attention(q, k, v, attn_mask=mask),
            lambda q, k, v: torch.nn.functional.scaled_dot_product_attention(
                q, k, v, attn_mask=torch.tensor(mask)), qkv())


def test_sdpa_gradcheck_including_a_float_mask_and_dropout():
    q, k, v = (mg.Tensor(a, requires_grad=True) for a in qkv(L=3, S=4, E=2, Ev=2, batch=(2,)))
    mask = mg.Tensor(rng.standard_normal((3, 4)), requires_grad=True)
    assert mg.gradcheck(lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
                        q, k, v, mask)
    # dropout with the same generator on every call is the same function each time
    assert mg.gradcheck(lambda q, k, v: F.scaled_dot_product_attention(
        q, k, v, dropout_p=0.3, rng=np.random.default_rng(5)), q, k, v)


def test_causal_attention_ignores_the_future():
    q, k, v = (mg.Tensor(a) for a in qkv(L=5, S=5))
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    v2 = v.data.copy()
    v2[..., 3:, :] += 100                                  # change only future positions
    out2 = F.scaled_dot_product_attention(q, k, mg.Tensor(v2), is_causal=True)
    np.testing.assert_allclose(out.data[..., :3, :], out2.data[..., :3, :])
    assert not np.allclose(out.data[..., 3:, :], out2.data[..., 3:, :])


def test_sdpa_errors():
    q, k, v = (mg.Tensor(a) for a in qkv())
    with pytest.raises(ValueError, match="either attn_mask or is_causal"):
        F.scaled_dot_product_attention(q, k, v, attn_mask=np.ones((4, 6), bool), is_causal=True)
    with pytest.raises(mg.ShapeError, match=r"query \(\.\.\., L, E\)"):
        F.scaled_dot_product_attention(q, v, v)
    with pytest.raises(TypeError, match="boolean .* or floating"):
        F.scaled_dot_product_attention(q, k, v, attn_mask=np.ones((4, 6), dtype=np.int64))


# -- MultiheadAttention ----------------------------------------------------------------------
def layout(batch_first, N, L, E):
    return rng.standard_normal((N, L, E) if batch_first else (L, N, E))


MASKS = {
    "none": lambda N, L, S: {},
    "causal bool": lambda N, L, S: dict(attn_mask=np.triu(np.ones((L, S), bool), 1)),
    "padding and causal": lambda N, L, S: dict(attn_mask=np.triu(np.ones((L, S), bool), 1),
                                               key_padding_mask=np.eye(N, S, k=S - N, dtype=bool)),
    "float per head": lambda N, L, S: dict(attn_mask=rng.standard_normal((N * 2, L, S))),
    "float padding": lambda N, L, S: dict(key_padding_mask=rng.standard_normal((N, S))),
}


@pytest.mark.parametrize("batch_first", [True, False])
@pytest.mark.parametrize("mask", list(MASKS))
def test_self_attention_matches_pytorch(torch, batch_first, mask):
    ours = nn.MultiheadAttention(8, 2, batch_first=batch_first)
    theirs = copy_into(torch, torch.nn.MultiheadAttention(8, 2, batch_first=batch_first), ours)
    N, L = 3, 5
    masks = MASKS[mask](N, L, L)
    tmasks = {k: torch.tensor(v) for k, v in masks.items()}
    x = layout(batch_first, N, L, 8)
    compare(torch, lambda x: list(ours(x, x, x, **masks)),
            lambda x: list(theirs(x, x, x, **tmasks)), [x], what=mask)
    compare_parameter_grads(ours, theirs)


@pytest.mark.parametrize("average", [True, False])
def test_cross_attention_with_other_widths_matches_pytorch(torch, average):
    ours = nn.MultiheadAttention(6, 3, kdim=4, vdim=5, batch_first=True)
    theirs = copy_into(torch, torch.nn.MultiheadAttention(6, 3, kdim=4, vdim=5, batch_first=True),
                       ours)
    names = [n for n, _ in ours.named_parameters()]
    assert names[:3] == ["q_proj_weight", "k_proj_weight", "v_proj_weight"]
    arrays = [rng.standard_normal((2, 3, 6)), rng.standard_normal((2, 4, 4)),
              rng.standard_normal((2, 4, 5))]
    compare(torch, lambda q, k, v: list(ours(q, k, v, average_attn_weights=average)),
            lambda q, k, v: list(theirs(q, k, v, average_attn_weights=average)), arrays)
    compare_parameter_grads(ours, theirs)


def test_unbatched_attention_and_need_weights_false(torch):
    ours = nn.MultiheadAttention(4, 2)
    theirs = copy_into(torch, torch.nn.MultiheadAttention(4, 2), ours)
    x = rng.standard_normal((5, 4))
    compare(torch, lambda x: list(ours(x, x, x)), lambda x: list(theirs(x, x, x)), [x])
    out, weights = ours(mg.Tensor(x), mg.Tensor(x), mg.Tensor(x), need_weights=False)
    assert weights is None and out.shape == (5, 4)


def test_multihead_attention_initialisation_and_errors():
    mg.manual_seed(0)
    mha = nn.MultiheadAttention(64, 4)
    bound = np.sqrt(6 / (64 + 3 * 64))                     # xavier_uniform_ of (3E, E)
    w = mha.in_proj_weight.data
    assert w.shape == (192, 64) and np.abs(w).max() <= bound and np.abs(w).max() > 0.99 * bound
    assert np.all(mha.in_proj_bias.data == 0) and np.all(mha.out_proj.bias.data == 0)
    assert [n for n, _ in mha.named_parameters()] == ["in_proj_weight", "in_proj_bias",
                                                      "out_proj.weight", "out_proj.bias"]
    with pytest.raises(ValueError, match="multiple of num_heads"):
        nn.MultiheadAttention(10, 3)
    with pytest.raises(RuntimeError, match="attn_mask must be given too"):
        x = mg.Tensor(np.zeros((2, 3, 64)))
        mha(x, x, x, is_causal=True)
    with pytest.raises(mg.ShapeError, match=r"key_padding_mask must have shape \(3, 2\)"):
        mha(x, x, x, key_padding_mask=np.zeros((2, 2), bool))


def test_attention_dropout_only_in_training():
    mha = nn.MultiheadAttention(4, 2, dropout=0.5, batch_first=True)
    x = mg.Tensor(rng.standard_normal((2, 3, 4)))
    mha.eval()
    a, _ = mha(x, x, x)
    b, _ = mha(x, x, x)
    np.testing.assert_array_equal(a.data, b.data)
    mha.train()
    c, _ = mha(x, x, x)
    assert not np.allclose(a.data, c.data)


# -- TransformerEncoderLayer -----------------------------------------------------------------
@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
def test_encoder_layer_matches_pytorch(torch, norm_first, activation):
    ours = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation=activation,
                                      batch_first=True, norm_first=norm_first)
    theirs = copy_into(torch, torch.nn.TransformerEncoderLayer(
        8, 2, 16, dropout=0.0, activation=activation, batch_first=True, norm_first=norm_first),
        ours)
    mask = np.triu(np.ones((5, 5), bool), 1)
    compare(torch, lambda x: ours(x, src_mask=mask, is_causal=True),
            lambda x: theirs(x, src_mask=torch.tensor(mask), is_causal=True),
            [rng.standard_normal((2, 5, 8))])
    compare_parameter_grads(ours, theirs)
