"""The data sets: synthetic ones (shapes, dtypes, seeds, formulas) and the offline digits."""

import importlib.util

import numpy as np
import pytest

from minigrad import data
from minigrad.data import digits as digits_module


# -- synthetic --------------------------------------------------------------------------------
def test_toy4_exact_values():
    X, y = data.toy4()
    assert X.tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert y.tolist() == [[0], [1], [0], [1]]
    assert X.dtype == y.dtype == np.float64


def test_linear_regression_without_noise_is_exactly_linear():
    X, y, w, b = data.linear_regression(n=30, features=4, seed=3)
    assert X.shape == (30, 4) and y.shape == (30, 1) and w.shape == (4, 1) and b.shape == (1,)
    assert X.dtype == y.dtype == np.float64
    np.testing.assert_allclose(y, X @ w + b)


def test_linear_regression_noise_changes_only_the_targets():
    X0, y0, w0, b0 = data.linear_regression(n=200, noise=0.0)
    X1, y1, w1, b1 = data.linear_regression(n=200, noise=0.5)
    assert np.array_equal(X0, X1) and np.array_equal(w0, w1) and np.array_equal(b0, b1)
    assert 0.3 < np.std(y1 - y0) < 0.7


def test_product_targets_and_range():
    X, y = data.product(n=500, seed=2)
    assert X.shape == (500, 2) and y.shape == (500, 1) and X.dtype == np.float64
    assert X.min() >= -1 and X.max() <= 1
    np.testing.assert_allclose(y[:, 0], X[:, 0] * X[:, 1])


def test_xor_labels_follow_the_signs():
    X, y = data.xor(n=202, noise=0.1, seed=4)
    assert X.shape == (202, 2) and y.shape == (202,) and y.dtype == np.int64
    assert set(np.unique(y)) == {0, 1}
    assert np.array_equal(y, (np.sign(X[:, 0]) != np.sign(X[:, 1])).astype(np.int64))
    assert abs(y.sum() - 101) <= 1  # corners are balanced


def test_spirals_shapes_and_labels():
    X, y = data.spirals(n_per_class=50, classes=4, seed=0)
    assert X.shape == (200, 2) and X.dtype == np.float64
    assert y.shape == (200,) and y.dtype == np.int64
    assert np.array_equal(np.bincount(y), [50] * 4)
    assert np.abs(X).max() <= 1.0 + 1e-12  # radius is at most 1


@pytest.mark.parametrize("make", [
    lambda s: data.linear_regression(seed=s), lambda s: data.product(seed=s),
    lambda s: data.xor(seed=s), lambda s: data.spirals(seed=s),
])
def test_same_seed_same_data_other_seed_other_data(make):
    a, b, c = make(0), make(0), make(1)
    assert all(np.array_equal(p, q) for p, q in zip(a, b))
    assert not np.array_equal(a[0], c[0])


def test_bad_sizes_are_rejected():
    with pytest.raises(ValueError, match="n must be an integer >= 1, got 0"):
        data.product(n=0)
    with pytest.raises(ValueError, match="noise must be a number >= 0"):
        data.xor(noise=-1)
    with pytest.raises(ValueError, match="classes must be an integer >= 2"):
        data.spirals(classes=1)


# -- digits -----------------------------------------------------------------------------------
def test_digits_shapes_dtypes_and_range():
    X, y = data.load_digits()
    Xt, yt = data.load_digits("test")
    assert X.shape == (len(y), 64) and Xt.shape == (len(yt), 64)
    assert len(y) + len(yt) == 1797 and 340 <= len(yt) <= 380
    assert X.dtype == np.float64 and y.dtype == np.int64
    assert X.min() == 0.0 and X.max() == 1.0
    for labels in (y, yt):
        assert np.array_equal(np.unique(labels), np.arange(10))
    assert data.load_digits(dtype=np.float32)[0].dtype == np.float32


def test_digits_split_is_disjoint_and_covers_all_rows():
    _, labels = digits_module._raw_digits()
    train, test = digits_module._split_indices(labels, 0.2, seed=0)
    assert np.intersect1d(train, test).size == 0
    assert np.array_equal(np.union1d(train, test), np.arange(1797))
    # The rows returned are the rows at those indices, all of them exactly once.
    X_all, _ = data.load_digits("all")
    X_tr, _ = data.load_digits("train")
    X_te, _ = data.load_digits("test")
    assert np.array_equal(X_tr, X_all[train]) and np.array_equal(X_te, X_all[test])


def test_digits_split_is_stratified():
    _, y_all = data.load_digits("all")
    _, y_test = data.load_digits("test", test_fraction=0.2)
    fractions = np.bincount(y_test, minlength=10) / np.bincount(y_all, minlength=10)
    assert np.all(np.abs(fractions - 0.2) < 0.01)


def test_digits_are_deterministic_per_seed_and_copies():
    a, b, c = data.load_digits(seed=0), data.load_digits(seed=0), data.load_digits(seed=1)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert not np.array_equal(a[1], c[1])
    a[0][:] = -1
    a[1][:] = -1
    assert data.load_digits(seed=0)[0].min() == 0.0 and data.load_digits(seed=0)[1].min() == 0


def test_digits_unflattened():
    X, y = data.load_digits("all", flatten=False)
    assert X.shape == (1797, 8, 8) and y.shape == (1797,)
    assert np.array_equal(X.reshape(1797, 64), data.load_digits("all")[0])


def test_digits_bad_arguments():
    with pytest.raises(ValueError, match="'train', 'test', 'all'.*'validation'"):
        data.load_digits("validation")
    with pytest.raises(ValueError, match="test_fraction"):
        data.load_digits(test_fraction=1.0)
    with pytest.raises(TypeError, match="floating-point"):
        data.load_digits(dtype=np.int64)


@pytest.fixture
def fresh_digits_cache():
    digits_module._raw_digits.cache_clear()
    yield
    digits_module._raw_digits.cache_clear()


def test_missing_scikit_learn_says_how_to_install_it(monkeypatch, fresh_digits_cache):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "sklearn" else real(name, *a))
    with pytest.raises(ModuleNotFoundError, match="pip install scikit-learn") as info:
        data.load_digits()
    assert "minigrad[course]" in str(info.value) and "inside the scikit-learn" in str(info.value)


def fake_sklearn(tmp_path):
    """A spec whose package folder has no digits file, as an unusual install might."""
    return importlib.util.spec_from_file_location(
        "sklearn", tmp_path / "__init__.py", submodule_search_locations=[str(tmp_path)])


def test_without_the_bundled_file_it_asks_scikit_learn(monkeypatch, tmp_path, fresh_digits_cache):
    table = np.column_stack([np.full((1797, 64), 16.0), np.arange(1797) % 10])
    monkeypatch.setattr(digits_module, "_find_sklearn", lambda: fake_sklearn(tmp_path))
    monkeypatch.setattr(digits_module, "_load_with_sklearn", lambda: table)
    X, y = data.load_digits("all")
    assert X.shape == (1797, 64) and np.all(X == 1.0) and np.array_equal(y, np.arange(1797) % 10)


@pytest.mark.parametrize("change, message", [
    (lambda t: t[:100], r"shape \(100, 65\), expected \(1797, 65\)"),
    (lambda t: np.where(t == 16, 17, t), "expected 0..16"),
    (lambda t: np.column_stack([t[:, :64], np.full(1797, 12)]), "expected 0..9"),
    (lambda t: t + 0.5, "non-integer"),
])
def test_unexpected_digits_data_is_rejected(monkeypatch, tmp_path, fresh_digits_cache,
                                            change, message):
    table = np.column_stack([np.full((1797, 64), 16.0), np.arange(1797) % 10])
    monkeypatch.setattr(digits_module, "_find_sklearn", lambda: fake_sklearn(tmp_path))
    monkeypatch.setattr(digits_module, "_load_with_sklearn", lambda: change(table))
    with pytest.raises(ValueError, match=message):
        data.load_digits()
