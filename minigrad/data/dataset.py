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
"""

from __future__ import annotations

import numbers

import numpy as np

from ..tensor import Tensor


class Dataset:
    """A data set you index: subclass it and define ``__len__`` and ``__getitem__``."""

    def __getitem__(self, index):
        raise NotImplementedError(f"{type(self).__name__} must define __getitem__(self, index), "
                                  f"returning example number `index`.")

    def __len__(self) -> int:
        raise NotImplementedError(f"{type(self).__name__} must define __len__(self), the number "
                                  f"of examples.")


class TensorDataset(Dataset):
    """Arrays (or tensors) with the same number of rows; ``dataset[i]`` is a tuple of row i
    of each, as arrays.  ``dataset.tensors`` holds the arrays."""

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


def default_collate(samples: list):
    """Stack a list of samples into a batch, as PyTorch does, but with minigrad tensors.

    Each sample may be an array, a tensor or a number (the batch is one stacked
    tensor), a tuple or list of those (a tuple of stacked tensors, one per field),
    or a dict (a dict of stacked tensors).
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
