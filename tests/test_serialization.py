"""minigrad.save / minigrad.load: round trips, the documented format, atomic writes, and a
clear error for every file that is not a good minigrad file."""

import json
import os
import stat
import struct
import zipfile
from collections import OrderedDict

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn, optim
from minigrad.serialization import MANIFEST, LoadError

rng = np.random.default_rng(0)


def trained():
    model = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.Flatten(), nn.Linear(8, 3))
    opt = optim.AdamW(model.parameters(), lr=0.01)
    x = mg.Tensor(rng.standard_normal((4, 1, 4, 4)))
    for _ in range(2):
        opt.zero_grad()
        nn.CrossEntropyLoss()(model(x), np.array([0, 1, 2, 1])).backward()
        opt.step()
    return model, opt


def test_a_checkpoint_round_trips_exactly(tmp_path):
    model, opt = trained()
    path = tmp_path / "checkpoint.mg"
    mg.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "epoch": 7,
             "loss": 0.1 + 0.2, "note": "résumé", "flags": (True, None, float("inf"))}, path)
    back = mg.load(path)
    assert back["epoch"] == 7 and back["loss"] == 0.1 + 0.2 and back["note"] == "résumé"
    assert back["flags"] == (True, None, float("inf"))
    assert isinstance(back["model"], OrderedDict) and list(back["model"]) == \
        list(model.state_dict())
    for k, v in model.state_dict().items():
        assert back["model"][k].dtype == v.dtype
        np.testing.assert_array_equal(back["model"][k], v)
    fresh, _ = trained()
    fresh.load_state_dict(back["model"])
    opt2 = optim.AdamW(fresh.parameters(), lr=0.5)
    opt2.load_state_dict(back["optimizer"])
    assert opt2.param_groups[0]["lr"] == 0.01 and opt2.param_groups[0]["betas"] == (0.9, 0.999)
    assert set(back["optimizer"]["state"]) == set(range(6))          # int keys come back as ints


def test_tensors_keep_their_kind_and_dtypes_are_kept(tmp_path):
    obj = [mg.Tensor(np.arange(3, dtype=np.int32)), nn.Parameter(np.ones(2, np.float32)),
           np.float64(2.5), np.array(True), [[]], {}]
    mg.save(obj, tmp_path / "x")
    back = mg.load(tmp_path / "x")
    assert type(back[0]) is mg.Tensor and back[0].dtype == np.int32
    assert isinstance(back[1], nn.Parameter) and back[1].requires_grad
    assert back[1].dtype == np.float32
    assert back[2].dtype == np.float64 and back[2] == 2.5
    assert back[3].dtype == np.bool_ and back[3].shape == () and back[4:] == [[[]], {}]
    assert os.listdir(tmp_path) == ["x"]              # no ".npz" appended, no temporary left


def test_the_format_is_plain_npz_with_a_json_manifest(tmp_path):
    mg.save({"w": np.eye(2)}, tmp_path / "m.npz")
    with np.load(tmp_path / "m.npz", allow_pickle=False) as archive:   # readable without us
        manifest = json.loads(archive[MANIFEST].tobytes())
        assert manifest["format"] == "minigrad" and manifest["version"] == 1
        (key, node), = manifest["root"]["items"]
        assert key == ["str", "w"] and node["type"] == "array"
        np.testing.assert_array_equal(archive[node["key"]], np.eye(2))


def test_objects_are_refused_with_where_they_were(tmp_path):
    model, _ = trained()
    with pytest.raises(TypeError, match="cannot save a Sequential.*state_dict"):
        mg.save(model, tmp_path / "m")
    with pytest.raises(TypeError, match=r"\['fn'\]"):
        mg.save({"fn": print}, tmp_path / "m")
    with pytest.raises(TypeError, match="dtype object"):
        mg.save({"a": np.array([None, 1])}, tmp_path / "m")
    with pytest.raises(TypeError, match="keys must be strings or ints"):
        mg.save({(1, 2): 3}, tmp_path / "m")
    assert not os.listdir(tmp_path)


def test_a_failed_save_leaves_the_previous_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "model.mg"
    mg.save({"w": np.zeros(3)}, path)
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", crash)
    with pytest.raises(OSError, match="disk full"):
        mg.save({"w": np.ones(3)}, path)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["model.mg"]


@pytest.mark.parametrize("damage, message", [
    (lambda p: p.write_bytes(b"hello, not a model"), "not an .npz archive"),
    (lambda p: p.write_bytes(p.read_bytes()[:200]), "cut short|truncated"),
    (lambda p: np.savez(p.open("wb"), w=np.zeros(2)), "no __minigrad__ entry"),
])
def test_files_that_are_not_good_minigrad_files_say_why(tmp_path, damage, message):
    path = tmp_path / "f"
    mg.save({"w": np.zeros((50, 50))}, path)
    damage(path)
    with pytest.raises(LoadError, match=message):
        mg.load(path)


def test_a_corrupted_array_is_reported(tmp_path):
    path = tmp_path / "f"
    mg.save({"w": np.arange(1000.0)}, path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        offset = z.getinfo("a0.npy").header_offset + 200
    data[offset:offset + 20] = b"\xff" * 20
    path.write_bytes(bytes(data))
    with pytest.raises(LoadError, match="truncated or corrupted"):
        mg.load(path)


def test_a_newer_format_version_is_refused(tmp_path):
    path = tmp_path / "f"
    manifest = json.dumps({"format": "minigrad", "version": 99, "root": {"type": "none"}})
    with path.open("wb") as f:
        np.savez(f, **{MANIFEST: np.frombuffer(manifest.encode(), np.uint8)})
    with pytest.raises(LoadError, match="version 99.*reads version 1.*upgrade"):
        mg.load(path)
    with pytest.raises(FileNotFoundError):
        mg.load(tmp_path / "missing")


# -- file objects, permissions, symlinks -----------------------------------------------------
def test_save_and_load_take_file_objects_as_pytorch(tmp_path):
    import io

    obj = {"w": np.arange(6.0).reshape(2, 3), "t": mg.tensor([1, 2]), "n": 3}
    buffer = io.BytesIO()
    mg.save(obj, buffer)
    buffer.seek(0)                                  # read from where it stands, as torch.load
    back = mg.load(buffer)
    np.testing.assert_array_equal(back["w"], obj["w"])
    assert back["t"].dtype == np.int64 and back["n"] == 3
    with open(tmp_path / "f", "wb") as f:
        f.write(b"header bytes first; ")               # a file object is written where it is
        mg.save(obj, f)
    with open(tmp_path / "f", "rb") as f:
        f.read(20)
        np.testing.assert_array_equal(mg.load(f)["w"], obj["w"])

    class Stream:                                   # not seekable: a pipe, a socket
        def __init__(self, data):
            self.data = io.BytesIO(data)

        def read(self, n=-1):
            return self.data.read(n)

    assert mg.load(Stream(buffer.getvalue()))["n"] == 3
    with pytest.raises(LoadError, match="the BytesIO given.*not an .npz"):
        mg.load(io.BytesIO(b"not a checkpoint"))


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_saved_files_get_the_usual_mode_and_overwriting_keeps_it(tmp_path, umask_022):
    path = tmp_path / "model.mg"
    mg.save({"w": np.ones(2)}, path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644      # as open(path, "w"), not 0o600
    os.chmod(path, 0o600)
    mg.save({"w": np.zeros(2)}, path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    os.chmod(path, 0o640)
    mg.save({"w": np.zeros(2)}, path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert os.listdir(tmp_path) == ["model.mg"]


def test_file_modes_are_torch_saves(tmp_path, umask_022):
    from needs_torch import require_torch

    torch = require_torch()
    for name, save in (("ours", lambda p: mg.save({"w": 1}, p)),
                       ("theirs", lambda p: torch.save({"w": 1}, p))):
        path = tmp_path / name
        save(path)
        first = stat.S_IMODE(os.stat(path).st_mode)
        os.chmod(path, 0o604)
        save(path)
        assert (first, stat.S_IMODE(os.stat(path).st_mode)) == (0o644, 0o604), name


def test_saving_through_a_symlink_writes_its_target(tmp_path):
    (tmp_path / "runs").mkdir()
    target = tmp_path / "runs" / "best.mg"
    link = tmp_path / "latest.mg"
    mg.save({"epoch": 1}, target)
    link.symlink_to(target)
    mg.save({"epoch": 2}, link)
    assert link.is_symlink() and mg.load(target) == {"epoch": 2}
    assert sorted(os.listdir(tmp_path / "runs")) == ["best.mg"]     # no temporary left
    dangling = tmp_path / "next.mg"
    dangling.symlink_to(tmp_path / "runs" / "new.mg")
    mg.save({"epoch": 3}, dangling)
    assert dangling.is_symlink() and mg.load(tmp_path / "runs" / "new.mg") == {"epoch": 3}


# -- hostile files: LoadError, and no more memory than the file holds --------------------------
def _npy(array=None, header=None, data=b""):
    """The bytes of a .npy file: ``array`` written by NumPy, or a hand-made ``header``."""
    import io

    out = io.BytesIO()
    if array is not None:
        np.lib.format.write_array(out, np.asarray(array), allow_pickle=array.dtype.hasobject
                                  if isinstance(array, np.ndarray) else False)
        return out.getvalue()
    np.lib.format.write_array_header_1_0(out, header)
    return out.getvalue() + data


def _archive(path, entries, compression=zipfile.ZIP_STORED):
    """A zip of ``entries`` ((name, bytes) pairs, duplicates allowed) at ``path``."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                    # "Duplicate name"
        with zipfile.ZipFile(path, "w", compression) as z:
            for name, data in entries:
                z.writestr(name, data)
    return path


def _manifest(root, **top) -> bytes:
    text = json.dumps({"format": "minigrad", "version": 1, "root": root, **top}) \
        if not isinstance(root, str) else root
    return _npy(np.frombuffer(text.encode(), np.uint8))


def _peak_bytes(fn):
    import tracemalloc

    tracemalloc.start()
    try:
        fn()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


HOSTILE = {
    "a .npy header claiming 10**12 elements": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": "a0"})),
        ("a0.npy", _npy(header={"descr": "<f8", "fortran_order": False,
                                "shape": (10 ** 12,)}, data=b"\0" * 64))],
    "a header claiming fewer bytes than follow": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": "a0"})),
        ("a0.npy", _npy(header={"descr": "<f8", "fortran_order": False, "shape": (2,)},
                        data=b"\0" * 64))],
    "a header with a negative size": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": "a0"})),
        ("a0.npy", _npy(header={"descr": "<f8", "fortran_order": False, "shape": (-1, 8)},
                        data=b"\0" * 64))],
    "a pickled object array": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": "a0"})),
        ("a0.npy", _npy(np.array([{"x": 1}, None], dtype=object)))],
    "lists nested 100,000 deep": lambda: [
        (MANIFEST + ".npy", _manifest('{"format": "minigrad", "version": 1, "root": '
                                      + "[" * 100_000 + "]" * 100_000 + "}"))],
    "list nodes nested 5,000 deep": lambda: [
        (MANIFEST + ".npy", _manifest('{"format": "minigrad", "version": 1, "root": '
                                      + '{"type": "list", "items": [' * 5000
                                      + "]}" * 5000 + "}"))],
    "a duplicate key in the manifest's JSON": lambda: [
        (MANIFEST + ".npy", _manifest('{"format": "minigrad", "version": 1, "root": '
                                      '{"type": "none"}, "root": {"type": "int", "value": 1}}'))],
    "a dict with a key twice": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "dict", "items": [
            [["str", "a"], {"type": "none"}], [["str", "a"], {"type": "int", "value": 2}]]}))],
    "an entry listed twice in the zip": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": "a0"})),
        ("a0.npy", _npy(np.zeros(2))), ("a0.npy", _npy(np.ones(3)))],
    "one array named twice (a memory multiplier)": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "list", "items": [
            {"type": "array", "key": "a0"}] * 1000})),
        ("a0.npy", _npy(np.zeros(1000)))],
    "the manifest as float64": lambda: [
        (MANIFEST + ".npy", _npy(np.frombuffer(json.dumps(
            {"format": "minigrad", "version": 1, "root": {"type": "none"}}).encode().ljust(64),
            np.float64)))],
    "an int tensor that requires grad": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "tensor", "key": "a0", "requires_grad": True})),
        ("a0.npy", _npy(np.arange(3)))],
    "a str entry holding a number": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "str", "value": 5}))],
    "a bool entry holding a string": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "bool", "value": "yes"}))],
    "a float entry that is not hex": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "float", "hex": "0x1.8p+zz"}))],
    "an int of 100,000 digits": lambda: [
        (MANIFEST + ".npy", _manifest('{"format": "minigrad", "version": 1, "root": '
                                      '{"type": "int", "value": ' + "9" * 100_000 + "}}"))],
    "items that are not a list": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "dict", "items": {"a": 1}}))],
    "a key that is not a string": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "array", "key": ["a0"]}))],
    "a version that is a bool": lambda: [
        (MANIFEST + ".npy", _manifest({"type": "none"}).replace(b'"version": 1',
                                                                 b'"version": true'))],
    "no root": lambda: [
        (MANIFEST + ".npy", _npy(np.frombuffer(b'{"format": "minigrad", "version": 1}',
                                               np.uint8)))],
    "a manifest that is not UTF-8": lambda: [
        (MANIFEST + ".npy", _npy(np.frombuffer(b'{"format": "\xff\xfe"}', np.uint8)))],
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_files_raise_load_error(tmp_path, name):
    path = _archive(tmp_path / "f", HOSTILE[name]())
    size = os.path.getsize(path)
    peak = _peak_bytes(lambda: pytest.raises(LoadError, mg.load, path))
    assert peak < 8 * size + 2 ** 20, f"{name}: {peak} bytes for a file of {size}"


def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path):
    bomb = _npy(np.zeros(50_000_000, dtype=np.uint8))          # 50 MB of zeros ...
    path = _archive(tmp_path / "f", [(MANIFEST + ".npy", _manifest({"type": "array",
                                                                    "key": "a0"})),
                                     ("a0.npy", bomb)], zipfile.ZIP_DEFLATED)
    assert os.path.getsize(path) < 100_000                     # ... in under 100 kB
    del bomb
    with pytest.raises(LoadError, match="compressed"):
        mg.load(path)
    assert _peak_bytes(lambda: pytest.raises(LoadError, mg.load, path)) < 2 ** 20


def test_an_entry_claiming_more_bytes_than_the_file_is_refused(tmp_path):
    """Zip entries sharing their bytes (an "overlapping" bomb) or a size in the directory
    larger than the file: the entries read together must fit in the file."""
    path = tmp_path / "f"
    mg.save({"w": np.zeros(100_000)}, path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        info = z.getinfo("a0.npy")
    # the central directory's uncompressed size of a0.npy (offset 24 in its record)
    start = 0
    while True:
        start = data.find(b"PK\x01\x02", start)
        name_len = struct.unpack("<H", data[start + 28:start + 30])[0]
        if data[start + 46:start + 46 + name_len] == b"a0.npy":
            break
        start += 4
    data[start + 24:start + 28] = struct.pack("<I", info.file_size * 50)
    path.write_bytes(bytes(data))
    peak = _peak_bytes(lambda: pytest.raises(LoadError, mg.load, path))
    assert peak < 2 * len(data)


def test_fuzzed_files_load_or_raise_load_error_within_the_files_size(tmp_path):
    """Random damage to a good file, byte by byte, and to its manifest (rebuilt into a valid
    zip, so that the JSON itself is what is wrong): minigrad.load either reads it or raises
    LoadError, never another exception, and never allocates much more than the file."""
    import random

    rng = random.Random(0)
    good = tmp_path / "good"
    mg.save({"model": {"w": np.arange(12.0).reshape(3, 4), "b": mg.tensor([1, 2])},
             "opt": [0.5, {"lr": 0.1, 1: None}], "t": (True, "x", float("nan"))}, good)
    raw = good.read_bytes()
    with zipfile.ZipFile(good) as z:
        entries = [(name, z.read(name)) for name in z.namelist()]
        text = json.loads(z.read(MANIFEST + ".npy")[128:].decode())
    outcomes = {"loaded": 0, "refused": 0}

    def attempt(path):
        size = os.path.getsize(path)
        result = {}

        def go():
            try:
                mg.load(path)
                result["ok"] = True
            except LoadError:
                result["ok"] = False

        peak = _peak_bytes(go)
        assert peak < 8 * size + 2 ** 20, f"{peak} bytes for a file of {size}"
        outcomes["loaded" if result["ok"] else "refused"] += 1

    for k in range(400):                                   # byte-level damage
        data = bytearray(raw)
        how = rng.choice(["flip", "cut", "insert", "zero"])
        at = rng.randrange(len(data))
        if how == "flip":
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif how == "cut":
            data = data[:at] + data[at + rng.randint(1, 64):]
        elif how == "insert":
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        else:
            data[at:at + rng.randint(1, 32)] = b"\0" * 8
        path = tmp_path / f"b{k}"
        path.write_bytes(bytes(data))
        attempt(path)

    def mutate(node):
        """A copy of the JSON ``node`` with one random part replaced."""
        junk = [None, True, 0, -1, 10 ** 30, 1.5, "", "a0", "a9", [], {}, [[]],
                {"type": "list"}, {"type": "array", "key": "a1"}, {"type": "int", "value": "1"},
                {"type": "dict", "items": [[["int", "x"], {"type": "none"}]]}]
        if isinstance(node, dict) and node and rng.random() < 0.8:
            key = rng.choice(list(node))
            return {**node, key: mutate(node[key])} if rng.random() < 0.7 else \
                {k: v for k, v in node.items() if k != key}
        if isinstance(node, list) and node and rng.random() < 0.8:
            i = rng.randrange(len(node))
            return node[:i] + [mutate(node[i])] + node[i + 1:]
        return rng.choice(junk)

    for k in range(400):                                   # manifest-level damage
        manifest = _npy(np.frombuffer(json.dumps(mutate(text)).encode(), np.uint8))
        path = _archive(tmp_path / f"m{k}", [(n, manifest if n == MANIFEST + ".npy" else d)
                                              for n, d in entries])
        attempt(path)
    assert outcomes["refused"] > 300 and outcomes["loaded"] > 10, outcomes
