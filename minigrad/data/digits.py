"""Real handwritten digits that work offline: scikit-learn's 8x8 digits.

Why this data set: the course needs real handwriting for its classification
chapters, but a learner's machine may be offline (a train, a locked-down lab).
scikit-learn installs a copy of these digits inside its own package, so whoever
can ``pip install`` has them, with no download at run time.  They are small
(1,797 images of 8x8 pixels, 10 classes), so an MLP written with minigrad
trains on them in seconds, yet they are real, messy handwriting.  The full
28x28 MNIST (70,000 images, downloaded once) is in :mod:`minigrad.data.mnist`.

Credit: the images are the test part of the UCI "Optical Recognition of
Handwritten Digits" data set (E. Alpaydin and C. Kaynak, 1998; UCI Machine
Learning Repository), as bundled with scikit-learn.  Each pixel counts the
"on" cells of a 4x4 block of the original 32x32 bitmap, hence values 0..16.

We read scikit-learn's file ``sklearn/datasets/data/digits.csv.gz`` without
importing scikit-learn itself (which would take about a second): each row holds
64 pixel values followed by the label.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import numbers
from pathlib import Path

import numpy as np

N_IMAGES = 1797
N_PIXELS = 64
SPLITS = ("train", "test", "all")

_MISSING_SKLEARN = (
    "minigrad.data.load_digits() needs scikit-learn: the offline handwritten digits ship "
    "inside the scikit-learn package (no download needed once it is installed). Install it "
    "with `pip install scikit-learn`, or install everything the course uses with "
    "`pip install \"minigrad[course]\"`."
)


def _find_sklearn():
    """Where scikit-learn is installed (an import spec), or None; never imports it."""
    return importlib.util.find_spec("sklearn")


def _bundled_csv(spec) -> Path | None:
    """The path of scikit-learn's digits file, or None when this installation lacks it."""
    for location in spec.submodule_search_locations or ():
        path = Path(location) / "datasets" / "data" / "digits.csv.gz"
        if path.is_file():
            return path
    return None


def _read_csv(path: Path) -> np.ndarray:
    with gzip.open(path, "rt") as f:
        return np.loadtxt(f, delimiter=",", dtype=np.float64, ndmin=2)


def _load_with_sklearn() -> np.ndarray:
    """Slow path, for installations whose layout we do not know: ask scikit-learn."""
    from sklearn.datasets import load_digits as sklearn_load_digits

    bunch = sklearn_load_digits()
    return np.column_stack([bunch.data, bunch.target]).astype(np.float64)


def _validate(table: np.ndarray, source: str) -> tuple[np.ndarray, np.ndarray]:
    """Check the table is the digits we expect, and split it into pixels and labels."""
    expected = (N_IMAGES, N_PIXELS + 1)
    if table.shape != expected:
        raise ValueError(
            f"the digits data from {source} has shape {table.shape}, expected {expected} "
            f"(1,797 rows of 64 pixels and a label). The file may be damaged or from an "
            f"unexpected scikit-learn version; reinstall scikit-learn."
        )
    if not np.array_equal(table, np.round(table)):
        raise ValueError(f"the digits data from {source} holds non-integer values; "
                         f"expected pixel counts 0..16 and labels 0..9. Reinstall scikit-learn.")
    pixels, labels = table[:, :N_PIXELS], table[:, N_PIXELS]
    if pixels.min() < 0 or pixels.max() > 16:
        raise ValueError(f"the digits pixels from {source} range over {pixels.min():g}.."
                         f"{pixels.max():g}, expected 0..16. Reinstall scikit-learn.")
    if labels.min() < 0 or labels.max() > 9:
        raise ValueError(f"the digits labels from {source} range over {labels.min():g}.."
                         f"{labels.max():g}, expected 0..9. Reinstall scikit-learn.")
    return pixels.astype(np.uint8), labels.astype(np.int64)


@functools.lru_cache(maxsize=1)
def _raw_digits() -> tuple[np.ndarray, np.ndarray]:
    """Pixels (1797, 64) uint8 and labels (1797,) int64, parsed once per process.

    The arrays are made read-only because they are shared by every call; the
    public function hands out copies.
    """
    spec = _find_sklearn()
    if spec is None:
        raise ModuleNotFoundError(_MISSING_SKLEARN, name="sklearn")
    path = _bundled_csv(spec)
    if path is not None:
        pixels, labels = _validate(_read_csv(path), str(path))
    else:
        pixels, labels = _validate(_load_with_sklearn(), "sklearn.datasets.load_digits()")
    pixels.flags.writeable = False
    labels.flags.writeable = False
    return pixels, labels


def _split_indices(labels: np.ndarray, test_fraction: float, seed) -> tuple[np.ndarray, np.ndarray]:
    """A stratified split: the same fraction of every class goes to the test rows.

    Stratifying keeps the class balance of both parts equal to the whole, which
    matters on a small set where a plain random split can leave a class short.
    Returns sorted row indices ``(train, test)``; they are disjoint and cover all rows.
    """
    rng = np.random.default_rng(seed)
    test_parts = []
    for c in np.unique(labels):
        rows = np.flatnonzero(labels == c)
        n_test = int(round(len(rows) * test_fraction))
        test_parts.append(rng.permutation(rows)[:n_test])
    test = np.sort(np.concatenate(test_parts))
    train = np.setdiff1d(np.arange(len(labels)), test)  # sorted, disjoint from test
    return train, test


def load_digits(split: str = "train", test_fraction: float = 0.2, seed: int = 0,
                flatten: bool = True, dtype=np.float64) -> tuple[np.ndarray, np.ndarray]:
    """The 8x8 handwritten digits as ``(X, y)``, ready for training.

    * ``X``: pixels scaled to [0, 1] (divided by 16), shape (N, 64), or (N, 8, 8)
      with ``flatten=False``; ``dtype`` is the float type (float64 by default).
    * ``y``: labels 0..9, int64, shape (N,).
    * ``split``: ``"train"``, ``"test"`` or ``"all"`` (all 1,797 images).  The
      train/test split is stratified (each digit split in the same proportion) and
      fixed by ``seed``: with the defaults, 1,438 train and 359 test images, the
      same on every machine.  Train and test never share an image row.

    Works offline, but needs scikit-learn installed (the images ship inside it).
    Every call returns fresh arrays, so changing them cannot affect the next call.

    Args:
        split (str): ``"train"``, ``"test"`` or ``"all"``.
        test_fraction (float): the share of each digit put in the test split (0.2).
        seed (int): fixes the split.
        flatten (bool): rows of 64 pixels (True) or 8x8 images.
        dtype: the pixels' float type.

    Example:
        >>> from minigrad.data import load_digits
        >>> X, y = load_digits("train")
        >>> X.shape, y.shape, float(X.max())
        ((1438, 64), (1438,), 1.0)
    """
    if split not in SPLITS:
        raise ValueError(f"load_digits: split must be one of {', '.join(map(repr, SPLITS))}, "
                         f"got {split!r}.")
    if not isinstance(test_fraction, numbers.Real) or not 0 < test_fraction < 1:
        raise ValueError(f"load_digits: test_fraction must be a number strictly between 0 and 1, "
                         f"got {test_fraction!r}.")
    dtype = np.dtype(dtype)
    if not np.issubdtype(dtype, np.floating):
        raise TypeError(f"load_digits: dtype must be a floating-point type (the pixels are "
                        f"scaled to [0, 1]), got {dtype}.")
    pixels, labels = _raw_digits()
    if split == "all":
        rows = np.arange(len(labels))
    else:
        train, test = _split_indices(labels, float(test_fraction), seed)
        rows = train if split == "train" else test
    X = pixels[rows].astype(dtype) / dtype.type(16)
    y = labels[rows].copy()
    if not flatten:
        X = X.reshape(len(rows), 8, 8)
    return X, y
