"""minigrad.nn.functional: each fused op against gradcheck and against the same
function composed from the basic ops (which test_ops.py already trusts)."""

import numpy as np
import pytest
from needs_torch import require_torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad as mg
from minigrad.nn import functional as F

rng = np.random.default_rng(0)


def leaf(*shape, scale=1.0):
    return mg.Tensor(rng.standard_normal(shape) * scale, requires_grad=True)




@pytest.mark.parametrize("shape", [(5, 3), (2, 4, 3), (3,)])
def test_linear_matches_mm_and_add_and_passes_gradcheck(shape):
    x, w, b = leaf(*shape), leaf(4, 3), leaf(4)
    out = F.linear(x, w, b)
    np.testing.assert_allclose(out.data, x.data @ w.data.T + b.data)
    assert out.op == "linear" and out.shape == shape[:-1] + (4,)
    assert mg.gradcheck(F.linear, x, w, b)
    assert mg.gradcheck(lambda x, w: F.linear(x, w), x, w)


def test_linear_of_leading_dimensions_contiguous_or_not_and_of_size_zero():
    """Contiguous inputs with leading dimensions take one 2-D product; strided ones and
    empty ones the general path: the same values and gradients either way."""
    w, b = leaf(4, 3), leaf(4)
    base = rng.standard_normal((3, 2, 5))
    for data in (base.transpose(1, 2, 0), np.ascontiguousarray(base.transpose(1, 2, 0)),
                 np.zeros((0, 2, 3))):
        x = mg.Tensor(data, requires_grad=True)
        out = F.linear(x, w, b)
        np.testing.assert_allclose(out.data, data @ w.data.T + b.data)
        if data.size:
            assert mg.gradcheck(F.linear, x, w, b)
        else:
            out.sum().backward()
            assert x.grad.shape == data.shape


def test_linear_shape_error_names_both_shapes():
    with pytest.raises(mg.ShapeError, match=r"\(5, 2\).*\(4, 3\).*in_features = 3"):
        F.linear(leaf(5, 2), leaf(4, 3))
    with pytest.raises(mg.ShapeError, match=r"bias has shape \(3,\), expected \(4,\)"):
        F.linear(leaf(5, 3), leaf(4, 3), leaf(3))


def test_linear_skips_gradients_nobody_needs():
    x = mg.Tensor(rng.standard_normal((5, 3)))            # data: no gradient wanted
    w = leaf(4, 3)
    F.linear(x, w).sum().backward()
    assert x.grad is None and w.grad is not None


@pytest.mark.parametrize("dim", [-1, 0, 1])
def test_softmax_and_log_softmax(dim):
    x = leaf(4, 5)
    s, ls = F.softmax(x, dim), F.log_softmax(x, dim)
    np.testing.assert_allclose(s.data.sum(axis=dim), 1.0)
    np.testing.assert_allclose(np.log(s.data), ls.data, atol=1e-12)
    e = np.exp(x.data - x.data.max(axis=dim, keepdims=True))
    np.testing.assert_allclose(s.data, e / e.sum(axis=dim, keepdims=True))
    weights = mg.Tensor(rng.standard_normal((4, 5)))      # so the seed gradient is not uniform
    assert mg.gradcheck(lambda x: F.softmax(x, dim) * weights, x)
    assert mg.gradcheck(lambda x: F.log_softmax(x, dim) * weights, x)
    assert x.softmax(dim).op == "softmax"                 # also a Tensor method


def test_log_softmax_backward_matches_composed_ops():
    x = leaf(3, 4)
    weights = mg.Tensor(rng.standard_normal((3, 4)))
    (F.log_softmax(x) * weights).sum().backward()
    fused = x.grad.data.copy()
    x.zero_grad()
    m = mg.Tensor(x.data.max(axis=1).reshape(3, 1))
    shifted = x - m
    composed = shifted - shifted.exp().sum(1).reshape(3, 1).log()
    (composed * weights).sum().backward()
    np.testing.assert_allclose(fused, x.grad.data, atol=1e-12)


def test_cross_entropy_value_and_gradient():
    logits, target = leaf(6, 4), np.array([0, 3, 1, 1, 2, 0])
    loss = F.cross_entropy(logits, target)
    logp = F.log_softmax(logits).data
    assert loss.item() == pytest.approx(-logp[np.arange(6), target].mean())
    assert mg.gradcheck(lambda z: F.cross_entropy(z, target), logits)
    assert mg.gradcheck(lambda z: F.cross_entropy(z, target, reduction="sum"), logits)
    loss.backward()
    expected = np.exp(logp)
    expected[np.arange(6), target] -= 1
    np.testing.assert_allclose(logits.grad.data, expected / 6)


@pytest.mark.parametrize("big, expected", [(1e4, 5e3), (-1e4, 1e4 + np.log(2) / 2),
                                           (1e300, 5e299)])
def test_cross_entropy_is_finite_for_huge_logits(big, expected):
    logits = mg.Tensor([[big, 0.0, -big], [0.0, big, 0.0]], requires_grad=True)
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        loss = F.cross_entropy(logits, np.array([0, 2]))
        loss.backward()
    assert np.isfinite(loss.item()) and np.all(np.isfinite(logits.grad.data))
    assert loss.item() == pytest.approx(expected, rel=1e-12)   # worked out by hand


def test_cross_entropy_errors_are_specific():
    logits = leaf(3, 4)
    # float targets are class probabilities (as in PyTorch): one-hot rows equal the indices
    assert F.cross_entropy(logits, np.eye(4)[:3]).item() == pytest.approx(
        F.cross_entropy(logits, np.array([0, 1, 2])).item(), rel=1e-12)
    with pytest.raises(mg.ShapeError, match="probability targets must have the input's shape"):
        F.cross_entropy(logits, np.eye(3))
    with pytest.raises(TypeError, match="class indices.*or class probabilities"):
        F.cross_entropy(logits, np.array(["a", "b", "c"]))
    with pytest.raises(mg.ShapeError, match=r"target must have shape \(3,\)"):
        F.cross_entropy(logits, np.array([0, 1]))
    with pytest.raises(IndexError, match="class 4.*4 classes"):
        F.cross_entropy(logits, np.array([0, 1, 4]))
    with pytest.raises(mg.ShapeError, match=r"one sample.*target must have shape \(\)"):
        F.cross_entropy(leaf(4), np.array([0]))      # one sample (C,) takes a scalar target
    with pytest.raises(ValueError, match="reduction"):
        F.cross_entropy(logits, np.array([0, 1, 2]), reduction="max")


def test_mse_loss_value_gradient_and_refusal_to_broadcast():
    p, t = leaf(5, 2), leaf(5, 2)
    assert F.mse_loss(p, t).item() == pytest.approx(((p.data - t.data) ** 2).mean())
    assert F.mse_loss(p, t, "sum").item() == pytest.approx(((p.data - t.data) ** 2).sum())
    assert mg.gradcheck(F.mse_loss, p, t)
    with pytest.raises(mg.ShapeError, match=r"\(5, 1\).*\(5,\).*reshape"):
        F.mse_loss(leaf(5, 1), leaf(5))


def test_dropout_scales_keeps_expectation_and_is_identity_in_eval():
    x = mg.Tensor(np.ones((200, 50)), requires_grad=True)
    y = F.dropout(x, 0.25, training=True, rng=np.random.default_rng(1))
    kept = y.data != 0
    assert set(np.unique(y.data)) <= {0.0, 1 / 0.75}
    assert abs(kept.mean() - 0.75) < 0.02
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.data, y.data)        # gradient flows where kept
    assert F.dropout(x, 0.25, training=False) is x
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        F.dropout(x, 1.0)


@settings(max_examples=25)
@given(rows=st.integers(1, 5), cols=st.integers(2, 6), seed=st.integers(0, 2**16))
def test_cross_entropy_gradcheck_property(rows, cols, seed):
    r = np.random.default_rng(seed)
    logits = mg.Tensor(r.standard_normal((rows, cols)) * 3, requires_grad=True)
    target = r.integers(0, cols, rows)
    assert mg.gradcheck(lambda z: F.cross_entropy(z, target), logits)


# -- against PyTorch -----------------------------------------------------------------------
def test_a_training_step_matches_pytorch():
    """Linear -> ReLU -> Linear -> cross-entropy, and an RNN cell: values and gradients."""
    torch = require_torch()
    from minigrad import nn

    r = np.random.default_rng(3)
    model = nn.Sequential(nn.Linear(5, 7, rng=r), nn.ReLU(), nn.Linear(7, 4, rng=r))
    twin = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.ReLU(), torch.nn.Linear(7, 4))
    twin.double().load_state_dict({k: torch.from_numpy(v) for k, v in model.state_dict().items()})
    x, y = r.standard_normal((6, 5)) * 3, r.integers(0, 4, 6)
    loss = F.cross_entropy(model(mg.Tensor(x)), y)
    tloss = torch.nn.functional.cross_entropy(twin(torch.from_numpy(x)), torch.from_numpy(y))
    loss.backward()
    tloss.backward()
    assert loss.item() == pytest.approx(tloss.item(), rel=1e-12)
    for (name, p), tp in zip(model.named_parameters(), twin.parameters()):
        np.testing.assert_allclose(p.grad.data, tp.grad.numpy(), rtol=1e-10, atol=1e-12,
                                   err_msg=name)

    cell = nn.RNNCell(3, 4, rng=r)
    tcell = torch.nn.RNNCell(3, 4).double()
    tcell.load_state_dict({k: torch.from_numpy(v) for k, v in cell.state_dict().items()})
    xs = r.standard_normal((5, 2, 3))
    h, th = None, None
    for step in xs:
        h = cell(mg.Tensor(step), h)
        th = tcell(torch.from_numpy(step), th)
    h.sum().backward()
    th.sum().backward()
    np.testing.assert_allclose(h.data, th.detach().numpy(), rtol=1e-12)
    np.testing.assert_allclose(cell.weight_hh.grad.data, tcell.weight_hh.grad.numpy(), rtol=1e-10)
