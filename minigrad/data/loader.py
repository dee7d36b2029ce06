"""Mini-batches: cut a data set into shuffled batches of tensors, one epoch at a time.

Training on mini-batches instead of the whole data set is what makes stochastic
gradient descent *stochastic*.  :class:`DataLoader` does only that job: it holds
NumPy arrays that share their first dimension (inputs, labels, ...) and, for
each epoch, hands out their rows in batches wrapped as :class:`minigrad.Tensor`.
Its name and arguments follow PyTorch's ``torch.utils.data.DataLoader`` so the
habit carries over.  It takes data in two forms:

* **arrays**, as the early chapters use it: ``DataLoader(X, y, batch_size=32)``;
  batches are cut from the arrays with one index per array (fast);
* **a dataset**, as PyTorch: ``DataLoader(dataset, batch_size=64, shuffle=True)``
  with a :class:`~minigrad.data.Dataset` (chapter 12), whose examples a
  ``collate_fn`` turns into a batch (:func:`~minigrad.data.default_collate` by
  default).  A :class:`~minigrad.data.TensorDataset` is batched as fast as arrays.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..random import get_rng
from ..tensor import Tensor
from .dataset import Dataset, TensorDataset, default_collate


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


#: batch_size's default: 32 for arrays (the course's habit), 1 for a dataset (PyTorch's).
_DEFAULT = object()


def _is_dataset(obj) -> bool:
    """A Dataset, or any object that is indexed and sized but is not array data."""
    if isinstance(obj, Dataset):
        return True
    if isinstance(obj, (np.ndarray, Tensor, list, tuple, np.generic)):
        return False
    return hasattr(obj, "__getitem__") and hasattr(obj, "__len__")


class DataLoader:
    """Iterate over the rows of one or more arrays (or over a dataset) in batches of tensors.

    ``DataLoader(*arrays, batch_size=32, shuffle=False, seed=None, drop_last=False,
    collate_fn=None)``, or ``DataLoader(dataset, batch_size=1, ...)`` (PyTorch's default
    batch size for datasets; see the module docstring).

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

    ``collate_fn(samples)``, when given, turns a list of samples (for arrays: tuples
    of rows) into whatever a batch should be.

    ``generator`` (a ``numpy.random.Generator`` or :class:`minigrad.Generator`, PyTorch's
    argument) is where the shuffled orders come from instead of a generator made from
    ``seed``.  ``num_workers`` and ``pin_memory`` are accepted so that PyTorch code runs:
    minigrad always loads in the main process, on the CPU, which gives the same batches.

    ``len(loader)`` is the number of batches per epoch; ``loader.dataset_size``
    the number of rows.

    Example:
        >>> import numpy as np
        >>> from minigrad.data import DataLoader
        >>> X, y = np.arange(10.0).reshape(5, 2), np.arange(5)
        >>> loader = DataLoader(X, y, batch_size=2, shuffle=True, seed=0)
        >>> len(loader), [yb.shape for xb, yb in loader]
        (3, [(2,), (2,), (1,)])
    """

    def __init__(self, *arrays, batch_size=_DEFAULT, shuffle: bool = False, seed=None,
                 drop_last: bool = False, collate_fn=None, generator=None, num_workers: int = 0,
                 pin_memory: bool = False):
        if not arrays:
            raise TypeError("DataLoader needs at least one array, e.g. DataLoader(X, y), or a "
                            "dataset, e.g. DataLoader(TensorDataset(X, y), batch_size=32).")
        self.dataset = None
        if len(arrays) == 1 and _is_dataset(arrays[0]):
            self.dataset = arrays[0]
        elif any(_is_dataset(a) for a in arrays):
            raise TypeError("DataLoader takes either arrays, DataLoader(X, y), or one dataset, "
                            "DataLoader(dataset); not a dataset among other arguments.")
        if batch_size is _DEFAULT:
            batch_size = 1 if self.dataset is not None else 32
        if (isinstance(batch_size, bool) or not isinstance(batch_size, numbers.Integral)
                or batch_size < 1):
            raise ValueError(
                f"DataLoader: batch_size must be a positive integer, got {batch_size!r}."
            )
        if isinstance(num_workers, bool) or not isinstance(num_workers, numbers.Integral) \
                or num_workers < 0:
            raise ValueError(f"DataLoader: num_workers must be a non-negative integer, got "
                             f"{num_workers!r}.")
        if generator is not None and seed is not None:
            raise TypeError("DataLoader: pass seed or generator, not both (both say where the "
                            "shuffling order comes from).")
        self.num_workers, self.pin_memory = int(num_workers), bool(pin_memory)
        if collate_fn is not None and not callable(collate_fn):
            raise TypeError(f"DataLoader: collate_fn must be a function of a list of samples, "
                            f"got {type(collate_fn).__name__}.")
        self.collate_fn = collate_fn
        if self.dataset is not None and not (isinstance(self.dataset, TensorDataset)
                                             and collate_fn is None):
            self.arrays = ()
            self.dataset_size = len(self.dataset)
            self.batch_size = int(batch_size)
            self.shuffle = bool(shuffle)
            self.drop_last = bool(drop_last)
            self._rng = np.random.default_rng(seed) if generator is None else get_rng(generator)
            return
        if self.dataset is not None:           # a TensorDataset: batch its arrays directly
            arrays = self.dataset.tensors
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
        self._rng = np.random.default_rng(seed) if generator is None else get_rng(generator)

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
        single = len(self.arrays) == 1 and self.dataset is None
        for start in range(0, stop, self.batch_size):
            rows = order[start:start + self.batch_size]
            if not self.arrays:                        # a dataset, one example at a time
                samples = [self.dataset[int(i)] for i in rows]
                yield (self.collate_fn or default_collate)(samples)
            elif self.collate_fn is not None:
                yield self.collate_fn([tuple(a[i] for a in self.arrays) for i in rows])
            else:
                # One fancy-index per array: a fresh copy of just these rows, so the
                # batch can never alias (and corrupt) the data set.
                batch = tuple(Tensor(a[rows]) for a in self.arrays)
                yield batch[0] if single else batch

    def __repr__(self) -> str:
        if not self.arrays:
            return (f"DataLoader({type(self.dataset).__name__} of {self.dataset_size}, "
                    f"batch_size={self.batch_size}, shuffle={self.shuffle}, "
                    f"drop_last={self.drop_last}, batches={len(self)})")
        shapes = ", ".join(str(a.shape) for a in self.arrays)
        return (f"DataLoader({shapes}, batch_size={self.batch_size}, shuffle={self.shuffle}, "
                f"drop_last={self.drop_last}, batches={len(self)})")
