"""``F.normalize``, ``F.cosine_similarity``, ``F.pairwise_distance``, their modules, and
``nn.Unflatten``, against PyTorch (zero vectors included)."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from torchref import compare

rng = np.random.default_rng(11)


def with_zero_rows(shape):
    x = rng.standard_normal(shape)
    x[0] = 0.0                       # a zero vector: its norm is replaced by eps
    return x


@pytest.mark.parametrize("p, dim", [(2.0, 1), (1.0, 1), (3.0, 0), (2.0, -1), (2.0, (0, 1))])
def test_normalize_matches_pytorch(torch, p, dim):
    compare(torch, lambda x: F.normalize(x, p, dim), lambda x: torch.nn.functional.normalize(
        x, p, dim), [with_zero_rows((3, 4))])


@pytest.mark.parametrize("shapes, dim", [(((4, 3), (4, 3)), 1), (((4, 3), (3,)), -1),
                                         (((2, 3, 4), (2, 3, 4)), 0)])
def test_cosine_similarity_matches_pytorch(torch, shapes, dim):
    a, b = with_zero_rows(shapes[0]), rng.standard_normal(shapes[1])
    compare(torch, lambda x, y: F.cosine_similarity(x, y, dim),
            lambda x, y: torch.nn.functional.cosine_similarity(x, y, dim), [a, b])
    other = b if b.shape == a.shape else a
    compare(torch, nn.CosineSimilarity(dim), torch.nn.CosineSimilarity(dim), [other, a])


@pytest.mark.parametrize("p, keepdim", [(2.0, False), (1.0, True), (3.0, False)])
def test_pairwise_distance_matches_pytorch(torch, p, keepdim):
    a, b = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    b[0] = a[0]                                  # equal vectors: eps keeps the gradient finite
    compare(torch, lambda x, y: F.pairwise_distance(x, y, p, keepdim=keepdim),
            lambda x, y: torch.nn.functional.pairwise_distance(x, y, p, keepdim=keepdim), [a, b])
    compare(torch, nn.PairwiseDistance(p, keepdim=keepdim),
            torch.nn.PairwiseDistance(p, keepdim=keepdim), [a, b])
    assert repr(nn.PairwiseDistance()) == "PairwiseDistance()"


def test_distance_errors():
    with pytest.raises(TypeError, match="input must be a Tensor"):
        F.normalize(np.ones(3))
    with pytest.raises(TypeError, match="floating-point tensor"):
        F.cosine_similarity(mg.tensor([[1, 2]]), mg.tensor([[1, 2]]))


@pytest.mark.parametrize("dim, sizes, shape", [(1, (2, 3), (4, 6)), (-1, (2, -1), (4, 6)),
                                               (0, (1, 2, 2), (4, 3))])
def test_unflatten_matches_pytorch(torch, dim, sizes, shape):
    ours, theirs = nn.Unflatten(dim, sizes), torch.nn.Unflatten(dim, sizes)
    assert repr(ours) == repr(theirs)
    compare(torch, ours, theirs, [rng.standard_normal(shape)])
    net = nn.Sequential(nn.Flatten(), nn.Unflatten(1, (2, 3)))
    assert net(mg.zeros(5, 2, 3)).shape == (5, 2, 3)


def test_unflatten_errors():
    with pytest.raises(ValueError, match=r"sizes \(2, 2\) do not multiply to 6"):
        nn.Unflatten(1, (2, 2))(mg.zeros(4, 6))
    with pytest.raises(TypeError, match="tuple of ints"):
        nn.Unflatten(1, 6)
    with pytest.raises(IndexError, match="dim 3 is out of range"):
        nn.Unflatten(3, (1, 1))(mg.zeros(2))
