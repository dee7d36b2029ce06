"""DataLoader: batch shapes and dtypes, counting, coverage, shuffling, errors."""

import numpy as np
import pytest

import minigrad as mg
from minigrad.data import DataLoader


def make_data(n=10):
    X = np.arange(n * 3, dtype=np.float64).reshape(n, 3)
    y = np.arange(n, dtype=np.int64)
    return X, y


def test_batches_are_tensors_with_the_arrays_dtypes():
    X, y = make_data()
    xb, yb = next(iter(DataLoader(X.astype(np.float32), y, batch_size=4)))
    assert isinstance(xb, mg.Tensor) and isinstance(yb, mg.Tensor)
    assert xb.shape == (4, 3) and yb.shape == (4,)
    assert xb.dtype == np.float32 and yb.dtype == np.int64
    assert not xb.requires_grad


@pytest.mark.parametrize("n, batch_size, drop_last, expected_len, last_size", [
    (10, 4, False, 3, 2), (10, 4, True, 2, 4), (8, 4, False, 2, 4), (8, 4, True, 2, 4),
    (3, 5, False, 1, 3), (3, 5, True, 0, None),
])
def test_len_and_last_batch(n, batch_size, drop_last, expected_len, last_size):
    X, y = make_data(n)
    loader = DataLoader(X, y, batch_size=batch_size, drop_last=drop_last)
    batches = list(loader)
    assert len(loader) == len(batches) == expected_len
    assert loader.dataset_size == n
    if last_size is not None:
        assert batches[-1][0].shape[0] == last_size


def test_without_shuffle_rows_come_in_order_and_inputs_match_labels():
    X, y = make_data(10)
    xs, ys = zip(*DataLoader(X, y, batch_size=3))
    assert np.array_equal(np.concatenate([b.data for b in ys]), y)
    assert np.array_equal(np.concatenate([b.data for b in xs]), X)


def test_shuffled_epoch_covers_every_row_once_and_keeps_pairs_together():
    X, y = make_data(23)
    loader = DataLoader(X, y, batch_size=5, shuffle=True, seed=1)
    for _ in range(3):
        xs, ys = zip(*loader)
        labels = np.concatenate([b.data for b in ys])
        assert sorted(labels) == list(range(23))
        assert np.array_equal(np.concatenate([b.data for b in xs]), X[labels])


def epoch_orders(loader, epochs=3):
    return [np.concatenate([yb.data for _, yb in loader]) for _ in range(epochs)]


def test_same_seed_gives_same_batches_epoch_after_epoch_and_epochs_differ():
    X, y = make_data(50)
    a = epoch_orders(DataLoader(X, y, batch_size=8, shuffle=True, seed=7))
    b = epoch_orders(DataLoader(X, y, batch_size=8, shuffle=True, seed=7))
    c = epoch_orders(DataLoader(X, y, batch_size=8, shuffle=True, seed=8))
    assert all(np.array_equal(p, q) for p, q in zip(a, b))
    assert not np.array_equal(a[0], a[1])
    assert not np.array_equal(a[0], c[0])
    assert not np.array_equal(a[0], np.arange(50))


def test_single_array_yields_the_tensor_itself():
    X, _ = make_data(6)
    batches = list(DataLoader(X, batch_size=4))
    assert all(isinstance(b, mg.Tensor) for b in batches)
    assert [b.shape for b in batches] == [(4, 3), (2, 3)]


def test_lists_and_tensors_are_accepted():
    loader = DataLoader([[1.0, 2.0], [3.0, 4.0]], mg.Tensor(np.array([0, 1])), batch_size=2)
    xb, yb = next(iter(loader))
    assert xb.dtype == np.float64 and yb.dtype == np.int64
    assert xb.data.tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_batches_do_not_alias_the_data_set():
    X, y = make_data(4)
    xb, _ = next(iter(DataLoader(X, y, batch_size=4)))
    xb.data[0, 0] = -1.0
    assert X[0, 0] == 0.0


def test_mismatched_lengths_name_each_length():
    X, y = make_data(10)
    with pytest.raises(ValueError, match=r"array 0 has 10, array 1 has 9"):
        DataLoader(X, y[:9])


@pytest.mark.parametrize("bad", [0, -1, 2.5, "8", True, None])
def test_batch_size_must_be_a_positive_int(bad):
    X, y = make_data()
    with pytest.raises(ValueError, match="batch_size must be a positive integer"):
        DataLoader(X, y, batch_size=bad)


def test_needs_an_array_with_rows():
    with pytest.raises(TypeError, match="at least one array"):
        DataLoader()
    with pytest.raises(ValueError, match="scalar"):
        DataLoader(np.float64(3.0))
