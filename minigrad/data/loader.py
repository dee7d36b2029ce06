"""Mini-batches: cut a data set into shuffled batches of tensors, one epoch at a time.

Training on mini-batches instead of the whole data set is what makes stochastic
gradient descent *stochastic*.  :class:`DataLoader` does only that job: it holds
NumPy arrays that share their first dimension (inputs, labels, ...) and, for
each epoch, hands out their rows in batches wrapped as :class:`minigrad.Tensor`.
Its name and arguments follow PyTorch's ``torch.utils.data.DataLoader`` so the
habit carries over, but it works on arrays directly: there is no ``Dataset``
class to write.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..tensor import Tensor


def _as_array(position: int, data) -> np.ndarray:
    """Accept an ndarray, a (nested) list or a Tensor, and return the ndarray inside."""
    if isinstance(data, Tensor):
        data = data.data
    array = np.asarray(data)
    if array.dtype == object:
        raise TypeError(
            f"DataLoader: array {position} could not be turned into a numeric NumPy array "
            f"(got {type(data).__name__} of dtype object); nested lists must be rectangular "
            f"and hold numbers."
        )
    if array.ndim == 0:
        raise ValueError(
            f"DataLoader: array {position} is a scalar (shape ()); every array needs a first "
            f"dimension that counts the rows of the data set."
        )
    return array


class DataLoader:
    """Iterate over the rows of one or more arrays in batches of tensors.

    ``DataLoader(*arrays, batch_size=32, shuffle=False, seed=None, drop_last=False)``

    * ``arrays``: NumPy arrays (lists and Tensors are accepted too) with the same
      number of rows, e.g. ``DataLoader(X, y)``.  Row ``i`` of every array belongs
      to example ``i``; the loader always picks the same rows from each.
    * ``batch_size``: rows per batch.  The last batch of an epoch is smaller when
      the rows do not divide evenly, unless ``drop_last=True`` throws it away
      (useful when a partial batch would skew, say, a batch statistic).
    * ``shuffle``: visit the rows in a new random order each epoch.  The random
      generator is made once from ``seed``, so two loaders with the same seed give
      the same batches epoch after epoch, while each epoch still differs from the
      one before.  Without shuffling, rows come in order 0, 1, ..., N-1.

    What an iteration yields: with a single array, each batch is a ``Tensor``;
    with several arrays, each batch is a tuple of tensors in the order the arrays
    were given, so ``for xb, yb in loader`` unpacks naturally.  The tensors keep
    the arrays' dtypes (float inputs stay float, integer labels stay integer) and
    do not require gradients: they are data, not parameters.

    ``len(loader)`` is the number of batches per epoch; ``loader.dataset_size``
    the number of rows.
    """

    def __init__(self, *arrays, batch_size: int = 32, shuffle: bool = False, seed=None,
                 drop_last: bool = False):
        if not arrays:
            raise TypeError("DataLoader needs at least one array, e.g. DataLoader(X, y).")
        if (isinstance(batch_size, bool) or not isinstance(batch_size, numbers.Integral)
                or batch_size < 1):
            raise ValueError(
                f"DataLoader: batch_size must be a positive integer, got {batch_size!r}."
            )
        self.arrays = tuple(_as_array(i, a) for i, a in enumerate(arrays))
        lengths = [len(a) for a in self.arrays]
        if len(set(lengths)) > 1:
            listed = ", ".join(f"array {i} has {n}" for i, n in enumerate(lengths))
            raise ValueError(
                f"DataLoader: all arrays must have the same number of rows (first dimension), "
                f"but {listed}. Row i of every array must describe the same example."
            )
        self.dataset_size = lengths[0]
        self.batch_size = int(batch_size)
        self.shuffle = bool(shuffle)
        self.drop_last = bool(drop_last)
        # One generator for the loader's whole life: each epoch draws the next
        # permutation from it, which makes the *sequence* of epochs reproducible.
        self._rng = np.random.default_rng(seed)

    def __len__(self) -> int:
        if self.drop_last:
            return self.dataset_size // self.batch_size
        return -(-self.dataset_size // self.batch_size)  # ceiling division

    def __iter__(self):
        # The order is drawn when the epoch starts (here, not lazily at the first
        # next()), so calling iter() twice always means two different epochs.
        if self.shuffle:
            order = self._rng.permutation(self.dataset_size)
        else:
            order = np.arange(self.dataset_size)
        return self._batches(order)

    def _batches(self, order: np.ndarray):
        stop = len(self) * self.batch_size if self.drop_last else self.dataset_size
        single = len(self.arrays) == 1
        for start in range(0, stop, self.batch_size):
            rows = order[start:start + self.batch_size]
            # One fancy-index per array: a fresh copy of just these rows, so the
            # batch can never alias (and corrupt) the data set.
            batch = tuple(Tensor(a[rows]) for a in self.arrays)
            yield batch[0] if single else batch

    def __repr__(self) -> str:
        shapes = ", ".join(str(a.shape) for a in self.arrays)
        return (f"DataLoader({shapes}, batch_size={self.batch_size}, shuffle={self.shuffle}, "
                f"drop_last={self.drop_last}, batches={len(self)})")
