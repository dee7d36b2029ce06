"""Ids to vectors: ``F.one_hot``, ``F.embedding`` and ``Embedding``'s PyTorch options
(``padding_idx``, ``max_norm``, ``scale_grad_by_freq``, ``from_pretrained``), compared
with PyTorch on the same table and ids."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from torchref import compare, copy_into

rng = np.random.default_rng(3)
IDS = np.array([[1, 4, 0], [4, 4, 2]])


def test_one_hot_matches_pytorch(torch):
    for ids, n in ((np.array([0, 2, 1]), -1), (IDS, 6), (np.array(3), 5),
                   (np.zeros((0, 2), dtype=np.int64), 3)):
        ours = F.one_hot(mg.tensor(ids), n)
        theirs = torch.nn.functional.one_hot(torch.tensor(ids), n)
        assert ours.dtype == np.int64 and not ours.requires_grad
        np.testing.assert_array_equal(ours.data, theirs.numpy())


def test_one_hot_errors():
    with pytest.raises(ValueError, match="non-negative, got -1"):
        F.one_hot(mg.tensor([0, -1]), 3)
    with pytest.raises(ValueError, match="smaller than num_classes=2, got 2"):
        F.one_hot(mg.tensor([0, 2]), 2)
    with pytest.raises(ValueError, match="empty tensor; pass num_classes"):
        F.one_hot(mg.tensor(np.zeros(0, dtype=np.int64)))
    with pytest.raises(TypeError, match="ids must be int64 integers.*float64"):
        F.one_hot(mg.tensor([0.0, 1.0]))


def test_one_hot_times_a_table_is_an_embedding():
    table = mg.tensor(rng.standard_normal((5, 3)))
    picked = F.one_hot(mg.tensor(IDS), 5).double() @ table
    np.testing.assert_allclose(picked.data, F.embedding(mg.tensor(IDS), table).data)


@pytest.mark.parametrize("kwargs", [{}, {"padding_idx": 4}, {"padding_idx": -1},
                                    {"scale_grad_by_freq": True},
                                    {"padding_idx": 0, "scale_grad_by_freq": True}])
def test_embedding_function_matches_pytorch(torch, kwargs):
    compare(torch, lambda w: F.embedding(mg.tensor(IDS), w, **kwargs),
            lambda w: torch.nn.functional.embedding(torch.tensor(IDS), w, **kwargs),
            [rng.standard_normal((5, 3))])


@pytest.mark.parametrize("kwargs", [{"padding_idx": 2}, {"padding_idx": -2, "max_norm": 1.0},
                                    {"max_norm": 0.5, "norm_type": 1.0}])
def test_embedding_layer_matches_pytorch_through_training(torch, kwargs):
    ours = nn.Embedding(6, 3, **kwargs)
    theirs = copy_into(torch, torch.nn.Embedding(6, 3, **kwargs), ours)
    assert repr(ours) == repr(theirs)
    if "padding_idx" in kwargs:               # the padding row starts at zero in both
        assert not ours.weight.data[kwargs["padding_idx"]].any()
        assert not theirs.weight.detach().numpy()[kwargs["padding_idx"]].any()
    opt, topt = mg.optim.SGD(ours.parameters(), lr=0.5), torch.optim.SGD(theirs.parameters(),
                                                                           lr=0.5)
    for step in range(3):
        ids = rng.integers(0, 6, (4, 5))
        w = rng.standard_normal((4, 5, 3))
        (ours(mg.tensor(ids)) * mg.tensor(w)).sum().backward()
        (theirs(torch.tensor(ids)) * torch.tensor(w)).sum().backward()
        np.testing.assert_allclose(ours.weight.grad.data, theirs.weight.grad.numpy(), rtol=1e-10,
                                   atol=1e-12)
        opt.step()
        topt.step()
        opt.zero_grad()
        topt.zero_grad()
        np.testing.assert_allclose(ours.weight.data, theirs.weight.detach().numpy(), rtol=1e-10)
    if "padding_idx" in kwargs:               # its gradient was always zero: still zero
        assert not ours.weight.data[kwargs["padding_idx"]].any()


def test_embedding_padding_row_gets_no_gradient_even_when_it_is_not_zero():
    emb = nn.Embedding(3, 2, padding_idx=0)
    with mg.no_grad():
        emb.weight.data[0] = 5.0
    out = emb(mg.tensor([0, 0, 1]))
    np.testing.assert_array_equal(out.data[0], [5.0, 5.0])        # still looked up
    out.sum().backward()
    np.testing.assert_array_equal(emb.weight.grad.data[0], [0.0, 0.0])


def test_from_pretrained_matches_pytorch(torch):
    table = rng.standard_normal((4, 3))
    ours = nn.Embedding.from_pretrained(mg.tensor(table), padding_idx=1)
    theirs = torch.nn.Embedding.from_pretrained(torch.tensor(table), padding_idx=1)
    assert ours.weight.requires_grad == theirs.weight.requires_grad is False
    np.testing.assert_array_equal(ours.weight.data, theirs.weight.detach().numpy())  # not zeroed
    trainable = nn.Embedding.from_pretrained(table, freeze=False)
    assert trainable.weight.requires_grad and trainable.weight.data is not table
    shared = mg.tensor(table)
    assert nn.Embedding.from_pretrained(shared).weight.data is shared.data    # shared, as PyTorch
    with pytest.raises(ValueError, match="must be 2-D"):
        nn.Embedding.from_pretrained(np.zeros(3))


def test_embedding_errors_and_version_check():
    with pytest.raises(ValueError, match="padding_idx 5 must be within num_embeddings"):
        nn.Embedding(5, 2, padding_idx=5)
    with pytest.raises(ValueError, match="sparse gradients are not supported"):
        nn.Embedding(5, 2, sparse=True)
    emb = nn.Embedding(5, 2)
    with pytest.raises(IndexError, match="id 5 is out of range for a table of 5 rows"):
        emb(mg.tensor([5]))
    with pytest.raises(TypeError, match="weight must be a 2-D Tensor"):
        F.embedding(mg.tensor([0]), mg.zeros(3))
    ids = mg.tensor([0, 1])
    out = emb(ids)
    ids[0] = 3                                   # changed before backward: refused
    with pytest.raises(RuntimeError, match="changed in\\s+place"):
        out.sum().backward()
