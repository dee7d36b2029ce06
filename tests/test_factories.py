"""Factories: PyTorch's names, dtypes (float64 where PyTorch uses its default float), seeds."""

import numpy as np
import pytest

import minigrad as mg
from needs_torch import require_torch


@pytest.mark.parametrize("make, dtype", [
    (lambda: mg.tensor([1, 2]), np.int64),
    (lambda: mg.tensor([1.0, 2]), np.float64),
    (lambda: mg.tensor(3), np.int64),
    (lambda: mg.tensor(True), np.bool_),
    (lambda: mg.tensor([[True], [False]]), np.bool_),
    (lambda: mg.tensor(np.ones(2, np.float32)), np.float32),
    (lambda: mg.tensor(np.ones(2, np.int32)), np.int32),
    (lambda: mg.tensor([1, 2], dtype=mg.float32), np.float32),
    (lambda: mg.zeros(2, 3), np.float64),
    (lambda: mg.ones((2,), dtype=mg.int64), np.int64),
    (lambda: mg.empty(0), np.float64),
    (lambda: mg.full((2,), 3), np.int64),
    (lambda: mg.full((2,), 3.0), np.float64),
    (lambda: mg.full((2,), True), np.bool_),
    (lambda: mg.full((2,), 3, dtype=mg.float32), np.float32),
    (lambda: mg.eye(2), np.float64),
    (lambda: mg.arange(5), np.int64),
    (lambda: mg.arange(0, 1, 0.25), np.float64),
    (lambda: mg.arange(5.0), np.float64),
    (lambda: mg.arange(5, dtype=mg.float32), np.float32),
    (lambda: mg.linspace(0, 1, 5), np.float64),
    (lambda: mg.rand(2), np.float64),
    (lambda: mg.randn(2, dtype=mg.float32), np.float32),
    (lambda: mg.randint(5, (3,)), np.int64),
    (lambda: mg.zeros_like(mg.arange(3)), np.int64),
    (lambda: mg.ones_like(mg.zeros(2, dtype=mg.float32)), np.float32),
    (lambda: mg.full_like(mg.zeros(2), 7), np.float64),
    (lambda: mg.empty_like(mg.arange(2), dtype=mg.float64), np.float64),
    (lambda: mg.rand_like(mg.zeros(2, dtype=mg.float16)), np.float16),
    (lambda: mg.randint_like(mg.zeros(2), 4), np.float64),
])
def test_default_dtypes_follow_pytorch_with_float64(make, dtype):
    assert make().dtype == dtype


def test_shapes_and_values():
    assert mg.zeros(2, 3).shape == mg.zeros((2, 3)).shape == mg.zeros([2, 3]).shape == (2, 3)
    assert mg.ones(()).shape == () and mg.zeros().shape == ()
    assert mg.full((2, 2), 1.5).tolist() == [[1.5, 1.5], [1.5, 1.5]]
    assert mg.eye(2, 3).tolist() == [[1, 0, 0], [0, 1, 0]]
    assert mg.arange(5).tolist() == [0, 1, 2, 3, 4]
    assert mg.arange(2, 8, 3).tolist() == [2, 5]
    assert mg.arange(5, 0, -1.5).tolist() == [5.0, 3.5, 2.0, 0.5]
    assert mg.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert mg.linspace(2, 3, 1).tolist() == [2.0] and mg.linspace(2, 3, 0).shape == (0,)
    assert mg.full_like(mg.zeros(2, 3), 4).shape == (2, 3)
    low = mg.randint(3, 6, (1000,))
    assert low.data.min() == 3 and low.data.max() == 5
    r = mg.rand(1000)
    assert 0 <= r.data.min() and r.data.max() < 1


def test_random_factories_follow_manual_seed_and_generator():
    mg.manual_seed(3)
    a = [mg.rand(3), mg.randn(2, 2), mg.randint(10, (4,)), mg.rand_like(mg.zeros(2)),
         mg.randn_like(mg.zeros(2)), mg.randint_like(mg.zeros(2), 2, 9)]
    mg.manual_seed(3)
    b = [mg.rand(3), mg.randn(2, 2), mg.randint(10, (4,)), mg.rand_like(mg.zeros(2)),
         mg.randn_like(mg.zeros(2)), mg.randint_like(mg.zeros(2), 2, 9)]
    for x, y in zip(a, b):
        assert mg.equal(x, y)
    assert not mg.equal(mg.rand(3), mg.rand(3))                       # the stream moves on
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    assert mg.equal(mg.randn(4, generator=g1), mg.randn(4, generator=g2))


def test_requires_grad_and_device():
    for t in (mg.zeros(2, requires_grad=True), mg.tensor([1.0], requires_grad=True),
              mg.randn(2, requires_grad=True), mg.linspace(0, 1, 3, requires_grad=True),
              mg.full_like(mg.zeros(2), 1.0, requires_grad=True)):
        assert t.requires_grad and t.is_leaf
    assert mg.zeros(2, device="cpu").device == "cpu"
    with pytest.raises(TypeError, match="floating-point"):
        mg.arange(3, requires_grad=True)


def test_tensor_copies_and_from_numpy_shares():
    a = np.zeros(3)
    copied, shared = mg.tensor(a), mg.from_numpy(a)
    a[0] = 5.0
    assert copied.data[0] == 0.0 and shared.data[0] == 5.0
    assert mg.from_numpy(np.ones(2, np.float32)).dtype == np.float32
    t = mg.tensor([1.0, 2.0], requires_grad=True)
    assert mg.tensor(t).data is not t.data and not mg.tensor(t).requires_grad


def test_dtype_names_are_numpy_types():
    assert mg.float32 is np.float32 and mg.double is mg.float64 is np.float64
    assert mg.long is mg.int64 and mg.half is mg.float16 and mg.bool is np.bool_
    assert mg.zeros(1, dtype=mg.float32).dtype == mg.float32
    assert mg.zeros(1, dtype="float32").dtype == np.float32
    assert mg.zeros(1, dtype=float).dtype == np.float64 and mg.zeros(1, dtype=int).dtype == np.int64


def test_pytorch_and_numpy_agree_with_the_factories():
    torch = require_torch()
    to_torch = {np.float64: torch.get_default_dtype(), np.int64: torch.int64, np.bool_: torch.bool}
    cases = [
        (lambda m: m.tensor([1, 2]), None), (lambda m: m.tensor([1.0, 2]), None),
        (lambda m: m.tensor(True), None), (lambda m: m.full((2,), 3), None),
        (lambda m: m.full((2,), False), None), (lambda m: m.arange(5), None),
        (lambda m: m.arange(0, 1, 0.25), None), (lambda m: m.arange(1, 2.5, 0.5), None),
        (lambda m: m.arange(5, 0, -1.5), None), (lambda m: m.linspace(-1, 1, 7), None),
        (lambda m: m.eye(3, 2), None), (lambda m: m.zeros(2, 0), None),
        (lambda m: m.ones_like(m.arange(3)), None), (lambda m: m.randint(4, (3,)), "values"),
    ]
    for make, skip in cases:
        ours, theirs = make(mg), make(torch)
        assert to_torch[ours.dtype.type] == theirs.dtype
        assert ours.shape == tuple(theirs.shape)
        if skip is None:
            np.testing.assert_allclose(ours.data, theirs.numpy(), rtol=1e-6, atol=1e-6)
