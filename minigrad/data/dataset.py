"""``Dataset`` and ``TensorDataset``: data sets as objects you index (chapter 12).

PyTorch's data pipeline separates *what one example is* (a ``Dataset``: ``len()``
and ``dataset[i]``) from *how examples become batches* (the ``DataLoader``).
That is worth it when an example is computed on the fly — read from a file,
augmented at random, cut from a long text — rather than sitting in one big array.

* subclass :class:`Dataset` and write ``__len__`` and ``__getitem__(i)``;
* :class:`TensorDataset` wraps arrays (or tensors) that share their first
  dimension: ``dataset[i]`` is the tuple of their i-th rows.

``DataLoader(dataset, batch_size, shuffle, drop_last, collate_fn)`` batches
either one; :func:`default_collate` is how samples become a batch.
:func:`random_split` cuts a data set into random :class:`Subset` s (a training and a
validation set, say), by lengths or fractions, as ``torch.utils.data.random_split``.
"""

from __future__ import annotations

import itertools
import math
import numbers
import warnings

import numpy as np

from ..tensor import Tensor


class Dataset:
    """A data set you index: subclass it and define ``__len__`` and ``__getitem__``.

    Example:
        >>> from minigrad.data import DataLoader, Dataset
        >>> class Squares(Dataset):
        ...     def __len__(self):
        ...         return 5
        ...     def __getitem__(self, i):
        ...         return float(i), float(i * i)
        >>> x, y = next(iter(DataLoader(Squares(), batch_size=5)))
        >>> y
        tensor([ 0.,  1.,  4.,  9., 16.])
    """

    def __getitem__(self, index):
        raise NotImplementedError(f"{type(self).__name__} must define __getitem__(self, index), "
                                  f"returning example number `index`.")

    def __len__(self) -> int:
        raise NotImplementedError(f"{type(self).__name__} must define __len__(self), the number "
                                  f"of examples.")


class TensorDataset(Dataset):
    """Arrays (or tensors) with the same number of rows; ``dataset[i]`` is a tuple of row i
    of each, as arrays.  ``dataset.tensors`` holds the arrays.

    Args:
        tensors (arrays or Tensors): the columns of the data set, each with one row per
            example.

    Example:
        >>> import numpy as np
        >>> from minigrad.data import TensorDataset
        >>> ds = TensorDataset(np.zeros((3, 2)), np.array([0, 1, 2]))
        >>> len(ds), ds[1][1]
        (3, np.int64(1))
    """

    def __init__(self, *tensors):
        if not tensors:
            raise TypeError("TensorDataset needs at least one array, e.g. TensorDataset(X, y).")
        arrays = []
        for i, t in enumerate(tensors):
            a = t.data if isinstance(t, Tensor) else np.asarray(t)
            if a.ndim == 0:
                raise ValueError(f"TensorDataset: array {i} is a scalar; every array needs a "
                                 f"first dimension that counts the examples.")
            arrays.append(a)
        sizes = [len(a) for a in arrays]
        if len(set(sizes)) > 1:
            raise ValueError(f"TensorDataset: every array must have the same number of rows, got "
                             f"{sizes}.")
        self.tensors = tuple(arrays)

    def __getitem__(self, index):
        return tuple(a[index] for a in self.tensors)

    def __len__(self) -> int:
        return len(self.tensors[0])


class Subset(Dataset):
    """The examples of ``dataset`` at ``indices``, in that order: ``subset[i]`` is
    ``dataset[indices[i]]``.

    Args:
        dataset: any data set (``len()`` and ``[i]``).
        indices (sequence of ints): which examples, in order.

    Example:
        >>> import numpy as np
        >>> from minigrad.data import Subset, TensorDataset
        >>> ds = TensorDataset(np.arange(10) * 10)
        >>> part = Subset(ds, [7, 2])
        >>> len(part), part[0]
        (2, (np.int64(70),))
    """

    def __init__(self, dataset, indices):
        if not (hasattr(dataset, "__getitem__") and hasattr(dataset, "__len__")):
            raise TypeError(f"Subset: dataset must support len() and indexing, got "
                            f"{type(dataset).__name__}.")
        self.dataset = dataset
        self.indices = list(indices)

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return [self.dataset[self.indices[i]] for i in idx]
        return self.dataset[self.indices[idx]]

    def __len__(self) -> int:
        return len(self.indices)


def random_split(dataset, lengths, generator=None) -> list:
    """Cut ``dataset`` into non-overlapping random :class:`Subset` s of the given lengths.

    ``lengths`` are either counts that add up to ``len(dataset)``, or fractions that add
    up to 1: each gets ``floor(fraction · len)`` examples, and what is left over goes one
    by one to the subsets in order (PyTorch's rule, so the lengths match PyTorch's).  The
    examples are shuffled with ``generator``; the order itself comes from NumPy's
    generator, so it is repeatable but not PyTorch's.

    Args:
        dataset: any data set (``len()`` and ``[i]``).
        lengths (sequence of ints, or of floats summing to 1): the sizes.
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`
            (minigrad's shared generator by default).

    Returns:
        a list of :class:`Subset`, one per length.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad.data import TensorDataset, random_split
        >>> ds = TensorDataset(np.zeros((10, 2)))
        >>> train, val = random_split(ds, [0.8, 0.2], generator=mg.Generator().manual_seed(0))
        >>> len(train), len(val)
        (8, 2)
    """
    from ..random import get_rng

    if not (hasattr(dataset, "__getitem__") and hasattr(dataset, "__len__")):
        raise TypeError(f"random_split: dataset must support len() and indexing, got "
                        f"{type(dataset).__name__}.")
    lengths = list(lengths)
    for i, n in enumerate(lengths):
        if isinstance(n, bool) or not isinstance(n, numbers.Real):
            raise TypeError(f"random_split: lengths must be numbers, got {n!r} at index {i}.")
    n_items = len(dataset)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        counts = []
        for i, frac in enumerate(lengths):
            if not 0 <= frac <= 1:
                raise ValueError(f"random_split: fraction {frac} at index {i} is not between 0 "
                                 f"and 1.")
            counts.append(math.floor(n_items * frac))
        for i in range(n_items - sum(counts)):
            counts[i % len(counts)] += 1
        for i, n in enumerate(counts):
            if n == 0:
                warnings.warn(f"random_split: the split at index {i} is empty.", UserWarning,
                              stacklevel=2)
        lengths = counts
    for i, n in enumerate(lengths):
        if not isinstance(n, numbers.Integral) or n < 0:
            raise ValueError(f"random_split: lengths must be non-negative integers (or "
                             f"fractions summing to 1), got {n!r} at index {i}.")
    if sum(lengths) != n_items:
        raise ValueError(f"random_split: the lengths add up to {sum(lengths)}, but the data set "
                         f"has {n_items} examples.")
    order = get_rng(generator).permutation(n_items).tolist()
    return [Subset(dataset, order[end - n:end])
            for end, n in zip(itertools.accumulate(lengths), lengths)]


def default_collate(samples: list):
    """Stack a list of samples into a batch, as PyTorch does, but with minigrad tensors.

    Each sample may be an array, a tensor or a number (the batch is one stacked
    tensor), a tuple or list of those (a tuple of stacked tensors, one per field),
    or a dict (a dict of stacked tensors).

    Args:
        samples (list): what the dataset's ``__getitem__`` returned, one per example.

    Example:
        >>> from minigrad.data import default_collate
        >>> xb, yb = default_collate([(1.0, 0), (2.0, 1)])
        >>> xb, yb
        (tensor([1., 2.]), tensor([0, 1], dtype=int64))
    """
    if not samples:
        raise ValueError("default_collate: no samples to collate.")
    first = samples[0]
    if isinstance(first, dict):
        return {k: default_collate([s[k] for s in samples]) for k in first}
    if isinstance(first, (tuple, list)):
        sizes = {len(s) for s in samples}
        if len(sizes) > 1:
            raise ValueError(f"default_collate: samples have different numbers of fields "
                             f"{sorted(sizes)}.")
        return tuple(default_collate(list(field)) for field in zip(*samples))
    if isinstance(first, (Tensor, np.ndarray, np.generic, numbers.Number)):
        arrays = [s.data if isinstance(s, Tensor) else np.asarray(s) for s in samples]
        shapes = {a.shape for a in arrays}
        if len(shapes) > 1:
            raise ValueError(f"default_collate: cannot stack samples of different shapes "
                             f"{sorted(shapes)}; pass a collate_fn that pads them.")
        return Tensor(np.stack(arrays))
    raise TypeError(f"default_collate: cannot batch a sample of type {type(first).__name__}; "
                    f"return arrays, numbers, tuples or dicts from __getitem__, or pass a "
                    f"collate_fn.")
