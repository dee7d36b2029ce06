"""minigrad.save / minigrad.load: round trips, the documented format, atomic writes, and a
clear error for every file that is not a good minigrad file."""

import json
import os
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
