"""Dataset, TensorDataset, default_collate and the DataLoader over datasets."""

import numpy as np
import pytest

import minigrad as mg
from minigrad.data import (DataLoader, Dataset, Subset, TensorDataset, default_collate,
                           random_split)


class Squares(Dataset):
    """Examples computed on the fly: (x, x², label) with a dict for the extras."""

    def __len__(self):
        return 10

    def __getitem__(self, i):
        return np.array([i, i * i], dtype=np.float32), i % 3


def test_tensor_dataset_indexes_rows():
    X, y = np.arange(12.0).reshape(6, 2), np.arange(6)
    ds = TensorDataset(X, mg.Tensor(y))
    assert len(ds) == 6
    x2, y2 = ds[2]
    np.testing.assert_array_equal(x2, [4.0, 5.0]) and y2 == 2
    with pytest.raises(ValueError, match="same number of rows"):
        TensorDataset(X, y[:5])
    with pytest.raises(ValueError, match="scalar"):
        TensorDataset(np.float64(1.0))


def test_loader_over_a_tensor_dataset_matches_the_arrays_form():
    X, y = np.random.default_rng(0).standard_normal((23, 3)), np.arange(23)
    a = DataLoader(X, y, batch_size=5, shuffle=True, seed=4)
    b = DataLoader(TensorDataset(X, y), batch_size=5, shuffle=True, seed=4)
    for (xa, ya), (xb, yb) in zip(a, b):
        np.testing.assert_array_equal(xa.data, xb.data)
        np.testing.assert_array_equal(ya.data, yb.data)
    assert len(a) == len(b) == 5


def test_loader_over_a_custom_dataset_collates_examples():
    loader = DataLoader(Squares(), batch_size=4, drop_last=True)
    batches = list(loader)
    assert len(loader) == len(batches) == 2
    xb, yb = batches[1]
    assert isinstance(xb, mg.Tensor) and xb.shape == (4, 2) and xb.dtype == np.float32
    assert yb.data.tolist() == [4 % 3, 5 % 3, 6 % 3, 7 % 3]
    assert len(list(DataLoader(Squares()))) == 10                # PyTorch's batch_size=1
    assert "Squares of 10" in repr(loader)


def test_shuffled_dataset_epochs_cover_everything_and_are_seeded():
    def order(loader):
        return [int(x[0]) for xb, _ in loader for x in xb.data]

    loader = DataLoader(Squares(), batch_size=3, shuffle=True, seed=1)
    first, second = order(loader), order(loader)
    assert sorted(first) == sorted(second) == list(range(10))
    assert first != list(range(10)) and first != second            # shuffled, anew each epoch
    again = DataLoader(Squares(), batch_size=3, shuffle=True, seed=1)
    assert order(again) == first                                   # the seed decides


def test_collate_fn_is_used_for_datasets_and_arrays():
    def pad_to_max(samples):
        return len(samples)

    assert list(DataLoader(Squares(), batch_size=4, collate_fn=pad_to_max)) == [4, 4, 2]
    X = np.arange(5.0)
    rows = list(DataLoader(X, np.arange(5), batch_size=2, collate_fn=lambda s: s))
    assert rows[0] == [(0.0, 0), (1.0, 1)]
    with pytest.raises(TypeError, match="collate_fn must be a function"):
        DataLoader(Squares(), collate_fn=3)


def test_default_collate_handles_dicts_numbers_and_refuses_ragged_samples():
    batch = default_collate([{"x": np.ones(2), "n": 1}, {"x": np.zeros(2), "n": 2}])
    assert batch["x"].shape == (2, 2) and batch["n"].data.tolist() == [1, 2]
    with pytest.raises(ValueError, match="different shapes"):
        default_collate([np.ones(2), np.ones(3)])
    with pytest.raises(TypeError, match="cannot batch a sample of type str"):
        default_collate(["a"])


def test_a_dataset_must_come_alone_and_define_its_methods():
    with pytest.raises(TypeError, match="not a dataset among other arguments"):
        DataLoader(Squares(), np.arange(10))

    class Empty(Dataset):
        pass

    with pytest.raises(NotImplementedError, match="__len__"):
        DataLoader(Empty())


# -- Subset and random_split (issue 20) ---------------------------------------------------------
@pytest.mark.filterwarnings("ignore:.*split at index 2")
@pytest.mark.parametrize("lengths", [[7, 3], [0.8, 0.2], [0.33, 0.33, 0.34], [0.5, 0.5, 0.0],
                                     [1.0], [10, 0]])
def test_random_split_lengths_match_pytorch(torch, lengths):
    ours = random_split(TensorDataset(np.arange(10)), lengths,
                        generator=mg.Generator().manual_seed(0))
    theirs = torch.utils.data.random_split(torch.utils.data.TensorDataset(torch.arange(10)),
                                           lengths, generator=torch.Generator().manual_seed(0))
    assert [len(s) for s in ours] == [len(s) for s in theirs]
    picked = sorted(int(s[i][0]) for s in ours for i in range(len(s)))
    assert picked == list(range(10))                  # every example exactly once


def test_random_split_is_repeatable_with_a_generator_and_follows_manual_seed():
    ds = TensorDataset(np.arange(20))

    def split(**kwargs):
        return [list(s.indices) for s in random_split(ds, [5, 15], **kwargs)]

    assert split(generator=mg.Generator().manual_seed(3)) == \
        split(generator=mg.Generator().manual_seed(3))
    assert split(generator=np.random.default_rng(1)) == split(generator=np.random.default_rng(1))
    mg.manual_seed(5)
    first = split()
    mg.manual_seed(5)
    assert split() == first
    assert split(generator=mg.Generator().manual_seed(3)) != \
        split(generator=mg.Generator().manual_seed(4))


def test_subset_is_a_dataset_the_loader_batches():
    X, y = np.arange(12.0).reshape(6, 2), np.arange(6)
    part = Subset(TensorDataset(X, y), [4, 1, 5])
    assert len(part) == 3 and part[0][1] == 4
    assert [r[1] for r in part[[2, 0]]] == [5, 4]
    (xb, yb), = list(DataLoader(part, batch_size=3))
    np.testing.assert_array_equal(xb.data, X[[4, 1, 5]])
    np.testing.assert_array_equal(yb.data, [4, 1, 5])
    with pytest.raises(TypeError, match="support len\\(\\) and indexing"):
        Subset(5, [0])


def test_random_split_errors():
    ds = TensorDataset(np.arange(10))
    with pytest.raises(ValueError, match="add up to 9, but the data set has 10"):
        random_split(ds, [4, 5])
    with pytest.raises(ValueError, match="fraction 1.5 at index 0"):
        random_split(ds, [1.5, -0.5])
    with pytest.raises(TypeError, match="lengths must be numbers"):
        random_split(ds, ["7", 3])
    with pytest.raises(ValueError, match="non-negative integers"):
        random_split(ds, [0.5, 9.5])
    with pytest.warns(UserWarning, match="split at index 1 is empty"):
        random_split(TensorDataset(np.arange(2)), [1.0, 0.0])


def test_loader_takes_pytorchs_generator_and_worker_arguments():
    ds = TensorDataset(np.arange(10))

    def epochs(loader):
        return [[int(v) for b in loader for v in b[0].data] for _ in range(2)]

    a = DataLoader(ds, batch_size=4, shuffle=True, generator=mg.Generator().manual_seed(1),
                   num_workers=2, pin_memory=True)
    b = DataLoader(ds, batch_size=4, shuffle=True, generator=mg.Generator().manual_seed(1))
    assert epochs(a) == epochs(b) and sorted(epochs(a)[0]) == list(range(10))
    with pytest.raises(TypeError, match="seed or generator, not both"):
        DataLoader(ds, seed=0, generator=mg.Generator())
    with pytest.raises(ValueError, match="num_workers must be a non-negative integer"):
        DataLoader(ds, num_workers=-1)
