"""minigrad.data.transforms: standardize and shifted_copies."""

import numpy as np
import pytest

from minigrad.data.transforms import shifted_copies, standardize


def test_standardize_uses_training_statistics_only():
    rng = np.random.default_rng(0)
    train = rng.normal(5.0, 3.0, (500, 4))
    test = rng.normal(5.0, 3.0, (50, 4)) + 100        # a shifted test set stays shifted
    a, b = standardize(train, test, eps=0.0)
    np.testing.assert_allclose(a.mean(0), 0, atol=1e-12)
    np.testing.assert_allclose(a.std(0), 1, atol=1e-12)
    assert (b.mean(0) > 20).all()
    assert standardize(train).shape == train.shape      # one array in, one array out


def test_standardize_keeps_float32_and_tames_constant_columns():
    X = np.zeros((10, 3), dtype=np.float32)
    X[:, 0] = np.arange(10)
    out = standardize(X)
    assert out.dtype == np.float32 and np.isfinite(out).all()
    np.testing.assert_array_equal(out[:, 1:], 0)


def test_standardize_errors():
    with pytest.raises(ValueError, match="2-D.*flatten"):
        standardize(np.zeros((2, 8, 8)))
    with pytest.raises(ValueError, match="array 1 has shape \\(3, 5\\).*4 columns"):
        standardize(np.zeros((2, 4)), np.zeros((3, 5)))


def test_shifted_copies_moves_each_image_one_pixel_each_way():
    image = np.zeros((3, 3))
    image[1, 1] = 1.0                                  # a single dot in the middle
    X, y = shifted_copies(image.reshape(1, 9), np.array([7]), (3, 3))
    assert X.shape == (5, 9) and list(y) == [7] * 5
    dots = [tuple(np.argwhere(x.reshape(3, 3))[0]) for x in X]
    assert dots == [(1, 1), (2, 1), (0, 1), (1, 2), (1, 0)]   # original, down, up, right, left
    edge = np.zeros((3, 3))
    edge[2, 0] = 1.0                                   # moved off the image: gone, not wrapped
    X, _ = shifted_copies(edge.reshape(1, 9), np.array([0]), (3, 3))
    assert X[1].sum() == 0 and X[4].sum() == 0 and X[2].sum() == 1


def test_shifted_copies_errors():
    with pytest.raises(ValueError, match=r"\(N, 64\) for 8×8"):
        shifted_copies(np.zeros((2, 63)), np.zeros(2), (8, 8))
    with pytest.raises(ValueError, match="2 rows but y has 3"):
        shifted_copies(np.zeros((2, 64)), np.zeros(3), (8, 8))
    with pytest.raises(ValueError, match="pixels must be between 1 and 7"):
        shifted_copies(np.zeros((2, 64)), np.zeros(2), (8, 8), pixels=8)
