"""Comparisons give bool tensors (and tensors stay hashable by identity); conversions follow
PyTorch: float(t), int(t), tolist(), .float() is float32, .to(dtype) and .to("cpu")."""

import numpy as np
import pytest

import minigrad as mg
from needs_torch import require_torch


def test_comparisons_are_elementwise_bool_tensors_without_gradients():
    a = mg.Tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = mg.Tensor([3.0, 2.0, 1.0])
    for result, expected in [(a == b, [False, True, False]), (a != b, [True, False, True]),
                             (a < b, [True, False, False]), (a <= b, [True, True, False]),
                             (a > b, [False, False, True]), (a >= b, [False, True, True]),
                             (a > 1.5, [False, True, True]), (2 < a, [False, False, True]),
                             (a == [1, 0, 3], [True, False, True]),
                             (a == np.array([1.0, 2.0, 0.0]), [True, True, False])]:
        assert isinstance(result, mg.Tensor) and result.dtype == np.bool_
        assert result.tolist() == expected
        assert not result.requires_grad and result.op is None
    assert (mg.Tensor(np.ones((2, 1))) == mg.Tensor(np.ones(3))).shape == (2, 3)
    nan = mg.Tensor([float("nan")])
    assert (nan == nan).tolist() == [False] and (nan != nan).tolist() == [True]


def test_comparing_with_none_or_another_type_is_false_not_an_error():
    t = mg.Tensor([1.0, 2.0])
    assert (t == None) is False and (t != None) is True          # noqa: E711 (the point)
    assert (t == "a") is False
    with pytest.raises(TypeError, match="'<' not supported"):
        t < "a"


def test_tensors_stay_dict_keys_and_set_members_by_identity():
    a, b = mg.Tensor([1.0]), mg.Tensor([1.0])                   # equal values, two tensors
    d = {a: "a", b: "b"}
    assert d[a] == "a" and d[b] == "b" and len({a, b, a}) == 2
    assert a in {a} and b not in {a}
    assert hash(a) != hash(b)
    # list membership compares elementwise (as in PyTorch); identity needs `is`
    assert any(x is b for x in [a, b])


def test_equal_allclose_any_all():
    a = mg.Tensor([1.0, 2.0])
    assert mg.equal(a, mg.Tensor([1.0, 2.0])) is True
    assert a.equal(mg.Tensor([1.0, 2.0, 3.0])) is False           # shapes differ: not equal
    assert mg.allclose(a, a + 1e-9) and not mg.allclose(a, a + 1e-3)
    assert (a > 1).any().item() is True and (a > 1).all().item() is False
    m = mg.Tensor([[True, False], [True, True]], dtype=np.bool_)
    assert m.all(dim=1).tolist() == [False, True] and m.any(0, keepdim=True).shape == (1, 2)
    assert m.all(dim=()).shape == ()                               # () means every axis


def test_python_numbers_and_lists():
    t = mg.Tensor([[2.75]])
    assert float(t) == 2.75 and int(t) == 2 and int(mg.Tensor(-2.7)) == -2
    assert bool(mg.Tensor([0.0])) is False
    assert mg.Tensor([[1.0, 2.0]]).tolist() == [[1.0, 2.0]] and mg.Tensor(3.0).tolist() == 3.0
    assert ["a", "b", "c"][mg.tensor(2)] == "c"
    assert isinstance(mg.tensor([1, 2]).tolist()[0], int)


def test_casts_follow_pytorch_and_gradients_flow_through_float_casts():
    x = mg.Tensor([1.5, -2.5], requires_grad=True)
    assert x.double() is x and x.to(mg.float64) is x and x.to("cpu") is x and x.cpu() is x
    assert x.to(mg.float64, copy=True) is not x
    f = x.float()
    assert f.dtype == np.float32 and f.requires_grad and f.op == "to"
    (f * f).sum().backward()
    assert x.grad.dtype == np.float64 and x.grad.tolist() == [3.0, -5.0]
    i = x.long()
    assert i.dtype == np.int64 and i.tolist() == [1, -2] and not i.requires_grad
    assert x.int().dtype == np.int32 and x.bool().tolist() == [True, True]
    assert x.half().dtype == np.float16
    assert x.to(mg.tensor([1])).dtype == np.int64                   # to(other): other's dtype
    assert x.to("cpu", mg.float32).dtype == np.float32
    assert x.to(device="cpu", dtype="float32").dtype == np.float32
    assert mg.arange(3).to(mg.float64).tolist() == [0.0, 1.0, 2.0]


def test_comparison_results_against_torch():
    torch = require_torch()
    rng = np.random.default_rng(0)
    a = rng.integers(-2, 3, (3, 1, 4)) * 0.5
    b = rng.integers(-2, 3, (2, 4)) * 0.5
    a[0, 0, 0] = np.nan
    for op in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
        ours = getattr(mg.Tensor(a), op)(mg.Tensor(b))
        theirs = getattr(torch.tensor(a), op)(torch.tensor(b))
        np.testing.assert_array_equal(ours.data, theirs.numpy(), err_msg=op)
