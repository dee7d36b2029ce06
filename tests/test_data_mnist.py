"""IDX reading/writing and MNIST download, cache and errors, all on tiny fake files.

No test here may touch the network: ``_fetch`` is replaced by a copy from a local
folder, and ``urllib.request.urlopen`` fails the test if anything calls it.
"""

import gzip
import hashlib
import io
import shutil
import urllib.error
import urllib.request

import numpy as np
import pytest

from minigrad.data import (MnistChecksumError, MnistUnavailable, download_mnist, load_mnist,
                           mnist_dir, read_idx, write_idx)
from minigrad.data import mnist as mnist_module


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a test tried to use the network")
    monkeypatch.setattr(urllib.request, "urlopen", refuse)


# -- IDX --------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.float32, np.float64])
@pytest.mark.parametrize("shape", [(5,), (3, 4), (2, 3, 4), (0, 7)])
@pytest.mark.parametrize("name", ["a.idx", "a.idx.gz"])
def test_idx_round_trip(tmp_path, dtype, shape, name):
    rng = np.random.default_rng(0)
    array = (rng.standard_normal(shape) * 100).astype(dtype)
    write_idx(tmp_path / name, array)
    back = read_idx(tmp_path / name)
    assert back.dtype == dtype and back.shape == shape and np.array_equal(back, array)
    assert back.dtype.isnative and back.flags.writeable


def test_idx_is_big_endian_and_gzip_is_detected_by_content(tmp_path):
    write_idx(tmp_path / "x.idx", np.array([1, 258], dtype=np.int16))
    raw = (tmp_path / "x.idx").read_bytes()
    assert raw == bytes([0, 0, 0x0B, 1, 0, 0, 0, 2, 0, 1, 1, 2])
    (tmp_path / "looks_plain.idx").write_bytes(gzip.compress(raw))
    assert read_idx(tmp_path / "looks_plain.idx").tolist() == [1, 258]
    assert read_idx(io.BytesIO(raw)).tolist() == [1, 258]


def test_idx_gzip_output_is_reproducible(tmp_path):
    write_idx(tmp_path / "a.gz", np.arange(10, dtype=np.uint8))
    write_idx(tmp_path / "b.gz", np.arange(10, dtype=np.uint8))
    assert (tmp_path / "a.gz").read_bytes() == (tmp_path / "b.gz").read_bytes()


@pytest.mark.parametrize("raw, message", [
    (b"\x00\x00", "too short"),
    (b"\x01\x00\x08\x01\x00\x00\x00\x01\x05", "not an IDX file.*01 00 08 01"),
    (b"\x00\x00\x07\x01\x00\x00\x00\x01\x05", "unknown IDX type code 0x07"),
    (b"\x00\x00\x08\x02\x00\x00\x00\x01", "truncated header"),
    (b"\x00\x00\x08\x01\x00\x00\x00\x03\x05", r"truncated.*needs 3 bytes.*found 1"),
    (b"\x00\x00\x08\x01\x00\x00\x00\x01\x05\x06", r"trailing bytes.*needs 1 bytes.*found 2"),
])
def test_idx_damaged_files_name_the_file_and_the_problem(tmp_path, raw, message):
    path = tmp_path / "bad.idx"
    path.write_bytes(raw)
    with pytest.raises(ValueError, match=message) as info:
        read_idx(path)
    assert str(path) in str(info.value)


def test_idx_truncated_gzip(tmp_path):
    write_idx(tmp_path / "a.gz", np.arange(1000, dtype=np.int32))
    path = tmp_path / "cut.gz"
    path.write_bytes((tmp_path / "a.gz").read_bytes()[:-20])
    with pytest.raises(ValueError, match="cut.gz.*gzipped but cannot be decompressed"):
        read_idx(path)


def test_idx_unsupported_dtype(tmp_path):
    with pytest.raises(TypeError, match="cannot store dtype int64.*astype"):
        write_idx(tmp_path / "a.idx", np.arange(3))


# -- MNIST ------------------------------------------------------------------------------------
N_FAKE = {"train": 5, "t10k": 3}
ALL_FILES = [n for split in mnist_module.SPLITS.values() for n in split]


@pytest.fixture
def mirror(tmp_path, monkeypatch):
    """Tiny fake MNIST files in a local 'server' folder, with their checksums installed."""
    server = tmp_path / "server"
    server.mkdir()
    rng = np.random.default_rng(0)
    for prefix, n in N_FAKE.items():
        write_idx(server / f"{prefix}-images-idx3-ubyte.gz",
                  rng.integers(0, 256, size=(n, 28, 28), dtype=np.uint8))
        write_idx(server / f"{prefix}-labels-idx1-ubyte.gz",
                  rng.integers(0, 10, size=n, dtype=np.uint8))
    table = {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_size)
             for p in server.iterdir()}
    monkeypatch.setattr(mnist_module, "_CHECKSUMS", table)
    return server


@pytest.fixture
def fetches(mirror, monkeypatch):
    """Replace the network with a copy from the fake mirror; record each URL fetched."""
    calls = []

    def fake_fetch(url, dest, timeout):
        calls.append(url)
        shutil.copyfile(mirror / url.rsplit("/", 1)[1], dest)
    monkeypatch.setattr(mnist_module, "_fetch", fake_fetch)
    return calls


def test_mnist_dir_follows_root_then_env_then_xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIGRAD_DATA", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert mnist_dir(tmp_path / "root") == tmp_path / "root" / "mnist"
    assert mnist_dir() == tmp_path / "env" / "mnist"
    monkeypatch.delenv("MINIGRAD_DATA")
    assert mnist_dir() == tmp_path / "xdg" / "minigrad" / "mnist"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert mnist_dir() == tmp_path / "home" / ".cache" / "minigrad" / "mnist"


def test_download_then_load(tmp_path, monkeypatch, fetches, capsys):
    monkeypatch.setenv("MINIGRAD_DATA", str(tmp_path / "cache"))
    directory = download_mnist()
    assert directory == tmp_path / "cache" / "mnist"
    assert sorted(p.name for p in directory.iterdir()) == sorted(ALL_FILES)  # no temp files left
    assert len(fetches) == 4 and all(u.startswith(mnist_module.MIRRORS[0]) for u in fetches)
    assert capsys.readouterr().out.count("downloaded") == 4

    X, y = load_mnist("train")
    assert X.shape == (5, 784) and X.dtype == np.float32 and y.shape == (5,) and y.dtype == np.int64
    assert 0.0 <= X.min() and X.max() <= 1.0 and y.max() <= 9
    expected = read_idx(directory / "train-images-idx3-ubyte.gz").reshape(5, 784) / np.float32(255)
    np.testing.assert_array_equal(X, expected)
    Xt, yt = load_mnist("test", flatten=False, dtype=np.float64)
    assert Xt.shape == (3, 28, 28) and Xt.dtype == np.float64 and yt.shape == (3,)
    assert len(fetches) == 4  # everything came from the cache


def test_load_downloads_only_its_split_and_only_once(tmp_path, fetches):
    load_mnist("test", root=tmp_path)
    load_mnist("test", root=tmp_path)
    assert [u.rsplit("/", 1)[1] for u in fetches] == list(mnist_module.SPLITS["test"])


def test_next_mirror_is_tried_when_the_first_fails(tmp_path, mirror, monkeypatch):
    calls = []

    def flaky(url, dest, timeout):
        calls.append(url)
        if url.startswith(mnist_module.MIRRORS[0]):
            raise urllib.error.URLError("connection refused")
        shutil.copyfile(mirror / url.rsplit("/", 1)[1], dest)
    monkeypatch.setattr(mnist_module, "_fetch", flaky)
    X, _ = load_mnist(root=tmp_path)
    assert X.shape == (5, 784) and len(calls) == 4


def test_wrong_checksum_of_a_download_leaves_nothing_behind(tmp_path, mirror, monkeypatch):
    def corrupt(url, dest, timeout):
        dest.write_bytes(b"<html>please log in</html>")
    monkeypatch.setattr(mnist_module, "_fetch", corrupt)
    with pytest.raises(MnistChecksumError, match="expected SHA-256") as info:
        load_mnist(root=tmp_path)
    assert isinstance(info.value, ValueError)
    assert list((tmp_path / "mnist").iterdir()) == []


def test_corrupted_cached_file_is_reported_not_deleted(tmp_path, fetches):
    directory = download_mnist(tmp_path)
    damaged = directory / "train-labels-idx1-ubyte.gz"
    damaged.write_bytes(b"oops")
    with pytest.raises(MnistChecksumError) as info:
        load_mnist(root=tmp_path)
    message = str(info.value)
    assert str(damaged) in message and "delete it" in message
    assert mnist_module._CHECKSUMS[damaged.name][0] in message
    assert hashlib.sha256(b"oops").hexdigest() in message
    assert damaged.read_bytes() == b"oops"  # never deleted silently
    assert len(fetches) == 4


def test_offline_raises_a_helpful_mnist_unavailable(tmp_path, mirror, monkeypatch):
    def offline(url, dest, timeout):
        raise urllib.error.URLError("[Errno -3] Temporary failure in name resolution")
    monkeypatch.setattr(mnist_module, "_fetch", offline)
    with pytest.raises(MnistUnavailable) as info:
        load_mnist(root=tmp_path)
    err = info.value
    message = str(err)
    directory = tmp_path / "mnist"
    assert str(directory) in message
    for name in mnist_module.SPLITS["train"]:
        assert mnist_module.MIRRORS[0] + name in message
    assert mnist_module.MIRRORS[1] in message
    assert "name resolution" in message and "SHA-256" in message and "load_digits()" in message
    assert err.__cause__ is None and err.__suppress_context__
    assert not any(p.name.endswith(".part") for p in directory.iterdir())


def test_timeout_is_treated_as_offline(tmp_path, mirror, monkeypatch):
    def slow(url, dest, timeout):
        raise TimeoutError("timed out")
    monkeypatch.setattr(mnist_module, "_fetch", slow)
    with pytest.raises(MnistUnavailable, match="timed out"):
        download_mnist(tmp_path)


def test_download_false_with_nothing_cached(tmp_path, fetches):
    with pytest.raises(MnistUnavailable, match="download=False") as info:
        load_mnist("test", root=tmp_path, download=False)
    assert "t10k-images-idx3-ubyte.gz" in str(info.value) and fetches == []


def test_download_false_uses_the_cache(tmp_path, fetches):
    download_mnist(tmp_path)
    X, y = load_mnist("test", root=tmp_path, download=False)
    assert X.shape == (3, 784) and len(fetches) == 4


def test_mnist_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="'train', 'test'.*'valid'"):
        load_mnist("valid", root=tmp_path)
    with pytest.raises(TypeError, match="floating-point"):
        load_mnist(root=tmp_path, dtype=np.uint8)


def test_real_fetch_goes_through_urlopen_with_a_timeout(tmp_path, monkeypatch):
    seen = {}

    def fake_urlopen(url, timeout):
        seen.update(url=url, timeout=timeout)
        return io.BytesIO(b"payload")
    monkeypatch.setattr(urllib.request, "urlopen", fake_urlopen)
    mnist_module._fetch("https://example.invalid/f.gz", tmp_path / "f", 5)
    assert (tmp_path / "f").read_bytes() == b"payload"
    assert seen == {"url": "https://example.invalid/f.gz", "timeout": 5}


@pytest.mark.parametrize("images, labels, message", [
    (np.zeros((4, 28, 28), np.uint8), np.zeros(3, np.uint8), r"expected 4 uint8 labels"),
    (np.zeros((4, 28, 27), np.uint8), np.zeros(4, np.uint8), r"shape \(N, 28, 28\)"),
    (np.zeros((4, 28, 28), np.uint8), np.full(4, 10, np.uint8), r"digits 0..9, found 10"),
])
def test_parsed_files_are_checked(tmp_path, images, labels, message):
    write_idx(tmp_path / "i.gz", images)
    write_idx(tmp_path / "l.gz", labels)
    with pytest.raises(ValueError, match=message):
        mnist_module._parse(tmp_path / "i.gz", tmp_path / "l.gz")
