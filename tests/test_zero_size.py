"""Zero-size tensors work as in PyTorch instead of crashing inside NumPy: softmax over an
empty axis, cross-entropy on an empty batch (the mean is nan, the sum 0), a Linear layer
with zero input (or output) features, and the reductions and shape ops on empty tensors."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from needs_torch import require_torch


@pytest.mark.parametrize("fn", [F.softmax, F.log_softmax], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("shape, dim", [((2, 0), -1), ((2, 0), 1), ((0, 3), 1), ((0, 3), 0),
                                        ((0,), 0)])
def test_softmax_over_an_empty_axis(fn, shape, dim):
    x = mg.zeros(shape, requires_grad=True)
    out = fn(x, dim)
    assert out.shape == shape
    out.sum().backward()
    assert x.grad.shape == shape


@pytest.mark.parametrize("reduction, expected", [("mean", "nan"), ("sum", 0.0)])
def test_cross_entropy_on_an_empty_batch(reduction, expected):
    logits = mg.zeros((0, 4), requires_grad=True)
    loss = F.cross_entropy(logits, mg.zeros(0, dtype=mg.int64), reduction=reduction)
    assert loss.shape == ()
    assert np.isnan(loss.item()) if expected == "nan" else loss.item() == expected
    loss.backward()
    assert logits.grad.shape == (0, 4)
    assert nn.CrossEntropyLoss()(mg.zeros((0, 4)), mg.zeros(0, dtype=mg.int64)).shape == ()


@pytest.mark.parametrize("n_in, n_out, batch", [(0, 3, 2), (3, 0, 2), (3, 2, 0), (0, 0, 1)])
def test_linear_with_zero_features_or_rows(n_in, n_out, batch):
    layer = nn.Linear(n_in, n_out)
    x = mg.zeros((batch, n_in), requires_grad=True)
    y = layer(x)
    assert y.shape == (batch, n_out)
    if n_in == 0:                                # nothing to weigh: the output is the bias
        np.testing.assert_array_equal(y.data, np.broadcast_to(layer.bias.data, y.shape))
        assert not layer.bias.data.any()         # PyTorch's bound 1/sqrt(0) is taken as 0
    y.sum().backward()
    assert layer.weight.grad.shape == (n_out, n_in) and x.grad.shape == (batch, n_in)
    np.testing.assert_array_equal(layer.bias.grad.data, np.full(n_out, float(batch)))


def test_reductions_and_shape_ops_on_empty_tensors():
    e = mg.zeros((2, 0), requires_grad=True)
    assert e.sum().item() == 0.0 and e.sum(1).tolist() == [0.0, 0.0]
    assert np.isnan(e.mean().item())
    assert e.logsumexp(1).tolist() == [-np.inf, -np.inf]
    assert np.isnan(e.var(1).data).all()
    assert mg.cat([e, e], 1).shape == (2, 0) and mg.stack([e, e]).shape == (2, 2, 0)
    assert [p.shape for p in mg.zeros(0).chunk(2)] == [(0,), (0,)]      # as PyTorch
    assert [p.shape for p in mg.zeros(0).split(2)] == [(0,)]
    assert e.flatten().shape == (0,) and e.repeat(3, 2).shape == (6, 0)
    assert e.sort(1).values.shape == (2, 0) and e.topk(0, 1).values.shape == (2, 0)
    assert mg.einsum("ij->i", e).tolist() == [0.0, 0.0]
    (e.sum() + e.logsumexp(1).exp().sum() + mg.einsum("ij->", e)).backward()
    assert e.grad.shape == (2, 0)


def test_against_torch():
    torch = require_torch()
    for ours, theirs in [
        (F.softmax(mg.zeros(2, 0), -1), torch.softmax(torch.zeros(2, 0), -1)),
        (F.cross_entropy(mg.zeros(0, 3), mg.zeros(0, dtype=mg.int64)),
         torch.nn.functional.cross_entropy(torch.zeros(0, 3), torch.zeros(0, dtype=torch.long))),
        (F.cross_entropy(mg.zeros(0, 3), mg.zeros(0, dtype=mg.int64), reduction="sum"),
         torch.nn.functional.cross_entropy(torch.zeros(0, 3), torch.zeros(0, dtype=torch.long),
                                           reduction="sum")),
        (mg.zeros(2, 0).logsumexp(1), torch.zeros(2, 0).logsumexp(1)),
        (mg.zeros(0).mean(), torch.zeros(0).mean()),
    ]:
        assert ours.shape == tuple(theirs.shape)
        np.testing.assert_array_equal(ours.data, theirs.numpy())
