"""Full MNIST: 70,000 handwritten digits of 28x28 pixels, downloaded once and cached.

MNIST is the data set most tutorials use, so the course offers it, but it does
not ship with any package: the first call downloads four gzipped IDX files
(about 11 MB) into a cache directory.  Every file is checked against its
published SHA-256 before use, both right after the download and whenever it is
loaded from the cache, so a damaged or tampered file is never silently trained
on.  Offline, :func:`minigrad.data.load_digits` provides real handwriting too.

Where the files go (the first that is set wins): the ``root`` argument, the
``MINIGRAD_DATA`` environment variable, ``$XDG_CACHE_HOME/minigrad``, or
``~/.cache/minigrad``; the files themselves live in its ``mnist/`` folder.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np

from .idx import read_idx

# Tried in order; both serve the original files unchanged.
MIRRORS = (
    "https://ossci-datasets.s3.amazonaws.com/mnist/",
    "https://storage.googleapis.com/cvdf-datasets/mnist/",
)

SPLITS = {
    "train": ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
    "test": ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"),
}

# file name -> (published SHA-256, size in bytes)
_CHECKSUMS = {
    "train-images-idx3-ubyte.gz":
        ("440fcabf73cc546fa21475e81ea370265605f56be210a4024d2ca8f203523609", 9_912_422),
    "train-labels-idx1-ubyte.gz":
        ("3552534a0a558bbed6aed32b30c495cca23d567ec52cac8be1a0730e8010255c", 28_881),
    "t10k-images-idx3-ubyte.gz":
        ("8d422c7b0a1c1c79245a5bcf07fe86e33eeafee792b84584aec276f5a2dbc4e6", 1_648_877),
    "t10k-labels-idx1-ubyte.gz":
        ("f7ae60f92e00ec6debd23a6088c31dbd2371eca3ffa0defaefb259924204aec6", 4_542),
}

TIMEOUT_S = 30  # per connection attempt; a stalled network should fail, not hang a notebook

# What a failed download can raise: URLError and socket timeouts are OSErrors;
# http.client raises its own errors for a connection cut mid-transfer.
_NETWORK_ERRORS = (urllib.error.URLError, TimeoutError, OSError, http.client.HTTPException)


class MnistUnavailable(RuntimeError):
    """MNIST's files are not in the cache and could not (or may not) be downloaded.

    Example:
        >>> from minigrad.data import MnistUnavailable
        >>> issubclass(MnistUnavailable, RuntimeError)
        True
    """


class MnistChecksumError(ValueError):
    """A MNIST file's SHA-256 is not the published one: it is damaged or not the real file.

    Example:
        >>> from minigrad.data import MnistChecksumError
        >>> issubclass(MnistChecksumError, ValueError)
        True
    """


class _DownloadFailed(Exception):
    """Internal: every mirror failed for one file; the message says why."""


def mnist_dir(root=None) -> Path:
    """The folder that holds (or will hold) the MNIST files; it is not created here.

    Its ``mnist/`` folder of ``root`` when given, else of ``$MINIGRAD_DATA``,
    ``$XDG_CACHE_HOME/minigrad`` or ``~/.cache/minigrad``.

    Args:
        root (str or path, optional): a folder of your choice.

    Example:
        >>> from minigrad.data import mnist_dir
        >>> str(mnist_dir("/tmp/data"))
        '/tmp/data/mnist'
    """
    if root is not None:
        base = Path(root).expanduser()
    elif os.environ.get("MINIGRAD_DATA"):
        base = Path(os.environ["MINIGRAD_DATA"]).expanduser()
    elif os.environ.get("XDG_CACHE_HOME"):
        base = Path(os.environ["XDG_CACHE_HOME"]).expanduser() / "minigrad"
    else:
        base = Path.home() / ".cache" / "minigrad"
    return base / "mnist"


def _fetch(url: str, dest: Path, timeout: float) -> None:
    """Copy ``url`` into the file ``dest``: the only place this package touches the network."""
    with urllib.request.urlopen(url, timeout=timeout) as response, open(dest, "wb") as f:
        shutil.copyfileobj(response, f, length=1 << 20)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _reason(err: BaseException) -> str:
    """One line for a network error (URLError hides the useful part in .reason)."""
    detail = getattr(err, "reason", None) or err
    return f"{type(err).__name__}: {detail}".replace("\n", " ")


def _unavailable(missing, directory: Path, reason: str) -> MnistUnavailable:
    urls = "\n".join(f"    {MIRRORS[0]}{name}" for name in missing)
    return MnistUnavailable(
        f"MNIST is not available: {len(missing)} file(s) missing from {directory}:\n"
        f"    {', '.join(missing)}\n"
        f"Reason: {reason}\n"
        f"To use MNIST without internet here, download these files on a machine that has it:\n"
        f"{urls}\n"
        f"(or from the mirror {MIRRORS[1]}), and copy them, still gzipped, into {directory}. "
        f"minigrad verifies each file by its SHA-256 before using it. You can also point "
        f"load_mnist(root=...) or the MINIGRAD_DATA environment variable at another folder.\n"
        f"Meanwhile, minigrad.data.load_digits() gives real handwritten digits offline."
    )


def _verify_cached(path: Path) -> None:
    """Raise if a cached file is not the published one; never delete the user's file."""
    expected, expected_size = _CHECKSUMS[path.name]
    actual = _sha256(path)
    if actual != expected:
        raise MnistChecksumError(
            f"{path} is not the expected MNIST file:\n"
            f"    expected SHA-256 {expected} ({expected_size:,} bytes)\n"
            f"    found    SHA-256 {actual} ({path.stat().st_size:,} bytes)\n"
            f"It is damaged (an interrupted copy?) or a different file. minigrad does not delete "
            f"your files: delete it yourself and run again to download a fresh copy."
        )


def _download_one(name: str, directory: Path) -> None:
    """Download one file, trying each mirror, into ``directory`` under its final name.

    The bytes go to a temporary file in the same folder first and are renamed
    only once their SHA-256 is right: the rename is atomic, so an interrupted or
    corrupted download never leaves a file that looks complete.
    """
    expected, expected_size = _CHECKSUMS[name]
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".part")
    os.close(fd)
    tmp = Path(tmp_name)
    failures, bad_checksum = [], None
    try:
        for url in (base + name for base in MIRRORS):
            try:
                _fetch(url, tmp, TIMEOUT_S)
            except _NETWORK_ERRORS as err:
                failures.append(f"{url}: {_reason(err)}")
                continue
            actual = _sha256(tmp)
            if actual == expected:
                size = tmp.stat().st_size
                os.replace(tmp, directory / name)
                print(f"minigrad: downloaded {name} ({size / 1e6:.1f} MB) to {directory}")
                return
            failures.append(f"{url}: wrong SHA-256")
            bad_checksum = MnistChecksumError(
                f"{name} downloaded from {url} is not the expected file:\n"
                f"    expected SHA-256 {expected} ({expected_size:,} bytes)\n"
                f"    found    SHA-256 {actual} ({tmp.stat().st_size:,} bytes)\n"
                f"Nothing was saved in {directory}. A proxy or login page may have answered "
                f"instead of the server; try again later, or download the file by hand."
            )
    finally:
        tmp.unlink(missing_ok=True)
    if bad_checksum is not None:
        raise bad_checksum
    raise _DownloadFailed("; ".join(failures))


def _ensure(names, directory: Path, download: bool) -> None:
    """Make sure every file in ``names`` is in ``directory`` with the right checksum."""
    missing = [n for n in names if not (directory / n).is_file()]
    for name in names:
        if name not in missing:
            _verify_cached(directory / name)
    if missing and not download:
        raise _unavailable(missing, directory,
                           "download=False was passed, so minigrad did not try to fetch them.")
    for i, name in enumerate(missing):
        try:
            _download_one(name, directory)
        except _DownloadFailed as err:
            # The network error is summarised in the message; its traceback would
            # only bury the advice, hence no chaining.
            raise _unavailable(missing[i:], directory, f"the download failed ({err}).") from None


def download_mnist(root=None) -> Path:
    """Download the four MNIST files that are not cached yet, and return their folder.

    Files already present are verified (SHA-256) rather than downloaded again.
    Run this once on a machine with internet to prepare an offline cache.

    Args:
        root (str or path, optional): the cache folder (see :func:`mnist_dir`).

    Example:
        >>> from minigrad.data import download_mnist
        >>> callable(download_mnist)          # downloads: not run here (the tests run offline)
        True
    """
    directory = mnist_dir(root)
    _ensure([n for split in SPLITS.values() for n in split], directory, download=True)
    return directory


def _parse(images_path: Path, labels_path: Path) -> tuple[np.ndarray, np.ndarray]:
    images, labels = read_idx(images_path), read_idx(labels_path)
    if images.dtype != np.uint8 or images.ndim != 3 or images.shape[1:] != (28, 28):
        raise ValueError(f"{images_path}: expected uint8 images of shape (N, 28, 28), found "
                         f"{images.dtype} of shape {images.shape}.")
    if labels.dtype != np.uint8 or labels.shape != images.shape[:1]:
        raise ValueError(f"{labels_path}: expected {len(images)} uint8 labels (one per image in "
                         f"{images_path.name}), found {labels.dtype} of shape {labels.shape}.")
    if labels.size and labels.max() > 9:
        raise ValueError(f"{labels_path}: labels must be digits 0..9, found {labels.max()}.")
    return images, labels


def load_mnist(split: str = "train", root=None, download: bool = True, flatten: bool = True,
               dtype=np.float32) -> tuple[np.ndarray, np.ndarray]:
    """MNIST as ``(X, y)``: 60,000 training or 10,000 test images.

    * ``X``: pixels scaled to [0, 1], shape (N, 784), or (N, 28, 28) with
      ``flatten=False``; float32 by default (half the memory of float64, and
      plenty of precision for pixels).
    * ``y``: labels 0..9, int64, shape (N,).
    * ``split``: ``"train"`` or ``"test"``; only that split's two files are
      downloaded when missing (``download=False`` raises instead).

    Raises :class:`MnistUnavailable` when the files are missing and cannot be
    downloaded, with instructions for copying them in by hand, and
    :class:`MnistChecksumError` when a file is not the published one.

    Args:
        split (str): ``"train"`` or ``"test"``.
        root (str or path, optional): the cache folder (see :func:`mnist_dir`).
        download (bool): download missing files (True).
        flatten (bool): rows of 784 pixels (True) or 28x28 images.
        dtype: the pixels' float type (float32).

    Example:
        >>> from minigrad.data import MnistUnavailable, load_mnist
        >>> try:                   # offline and without the files: an error that says so
        ...     X, y = load_mnist("test", root="/nonexistent/mnist", download=False)
        ... except MnistUnavailable as err:
        ...     print(type(err).__name__)
        MnistUnavailable
    """
    if split not in SPLITS:
        raise ValueError(f"load_mnist: split must be one of {', '.join(map(repr, SPLITS))}, "
                         f"got {split!r}.")
    dtype = np.dtype(dtype)
    if not np.issubdtype(dtype, np.floating):
        raise TypeError(f"load_mnist: dtype must be a floating-point type (the pixels are "
                        f"scaled to [0, 1]), got {dtype}.")
    directory = mnist_dir(root)
    images_name, labels_name = SPLITS[split]
    _ensure((images_name, labels_name), directory, download)
    images, labels = _parse(directory / images_name, directory / labels_name)
    X = images.astype(dtype) / dtype.type(255)
    if flatten:
        X = X.reshape(len(X), 28 * 28)
    return X, labels.astype(np.int64)
