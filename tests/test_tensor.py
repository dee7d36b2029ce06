"""The Tensor container: construction, dtype policy, what it reports, how it prints."""

import numpy as np
import pytest

import minigrad as mg


@pytest.mark.parametrize("data, shape", [(3, ()), (2.5, ()), ([1, 2, 3], (3,)),
                                         ([[1, 2], [3, 4]], (2, 2)), ((1.0, 2.0), (2,))])
def test_python_numbers_and_lists_become_float64(data, shape):
    t = mg.Tensor(data)
    assert t.dtype == np.float64 and t.shape == shape and t.ndim == len(shape)


def test_arrays_keep_their_dtype():
    assert mg.Tensor(np.zeros(2, dtype=np.float32)).dtype == np.float32
    assert mg.Tensor(np.arange(3)).dtype == np.int64
    assert mg.Tensor(np.array([True, False])).dtype == np.bool_


def test_numpy_scalars_keep_their_dtype():
    assert mg.Tensor(np.float32(2.0)).dtype == np.float32
    assert mg.Tensor(np.int64(2)).dtype == np.int64


def test_iteration_yields_rows_that_carry_gradients():
    w = mg.Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    rows = list(w)
    assert [r.data.tolist() for r in rows] == [[1.0, 2.0], [3.0, 4.0]]
    (rows[0] * 2 + rows[1]).sum().backward()
    assert w.grad.data.tolist() == [[2.0, 2.0], [1.0, 1.0]]
    with pytest.raises(TypeError, match="0-d"):
        list(mg.Tensor(1.0))


def test_dtype_argument_wins():
    assert mg.Tensor([1, 2], dtype=np.int64).dtype == np.int64
    assert mg.Tensor(np.arange(3), dtype=np.float32).dtype == np.float32


def test_integer_tensors_cannot_require_grad():
    with pytest.raises(TypeError, match="only floating-point tensors can require gradients.*int64"):
        mg.Tensor(np.arange(3), requires_grad=True)


def test_tensor_copies_what_it_is_given_and_from_numpy_shares():
    """As torch.tensor: two parameters made from one init array must not train each other."""
    init = np.array([1.0, 2.0])
    w1, w2 = mg.Tensor(init, requires_grad=True), mg.Tensor(init, requires_grad=True)
    with mg.no_grad():
        w1 -= 1.0
    assert w2.data.tolist() == [1.0, 2.0] and init.tolist() == [1.0, 2.0]
    a = mg.Tensor([1.0, 2.0])
    assert mg.Tensor(a).data is not a.data
    shared = mg.from_numpy(init)
    init[0] = 10.0
    assert shared.data[0] == 10.0 and shared.numpy() is init
    with pytest.raises(TypeError, match="from_numpy expects a NumPy array"):
        mg.from_numpy([1.0])


@pytest.mark.parametrize("bad, word", [("abc", "str"), ({"a": 1}, "dict"), (None, "NoneType")])
def test_bad_data_names_its_type(bad, word):
    with pytest.raises(TypeError, match=word):
        mg.Tensor(bad)


def test_ragged_lists_are_refused_clearly():
    with pytest.raises(TypeError, match="rectangular"):
        mg.Tensor([[1, 2], [3]])


def test_python_scalars_keep_the_tensors_float32():
    t = mg.Tensor(np.ones(2, dtype=np.float32))
    for out in (t * 2, 2 * t, t + 1.5, 1 - t, t / 3, t ** 2):
        assert out.dtype == np.float32


def test_item_numpy_len_bool():
    t = mg.Tensor([[1.0, 2.0, 3.0]])
    assert mg.Tensor([4.0]).item() == 4.0 and isinstance(mg.Tensor(4.0).item(), float)
    with pytest.raises(ValueError, match=r"exactly one element.*\(1, 3\)"):
        t.item()
    assert t.numpy() is t.data
    assert len(t) == 1 and t.size() == (1, 3) and t.size(1) == 3 and t.numel() == 3
    assert bool(mg.Tensor(1.0)) and not bool(mg.Tensor([0.0]))
    with pytest.raises(ValueError, match="ambiguous"):
        bool(t)
    with pytest.raises(TypeError):
        len(mg.Tensor(1.0))


def test_repr_is_readable():
    assert repr(mg.Tensor([1.0, 2.0])) == "tensor([1., 2.])"
    assert repr(mg.Tensor(2.0, requires_grad=True)) == "tensor(2., requires_grad=True)"
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    assert repr(w * 2) == "tensor([2., 4.], grad_fn=<mul>)"
    assert repr(mg.Tensor(np.arange(2))) == "tensor([0, 1], dtype=int64)"
    assert repr(mg.Tensor([[1.0, 2.0], [3.0, 4.0]])) == "tensor([[1., 2.],\n        [3., 4.]])"


def test_detach_shares_data_and_cuts_the_graph():
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    d = (w * 2).detach()
    assert not d.requires_grad and d.is_leaf and d.parents == ()


def test_leaf_and_node_properties():
    w = mg.Tensor(1.0, requires_grad=True)
    y = w * 3
    assert w.is_leaf and w.op is None
    assert not y.is_leaf and y.op == "mul" and y.parents[0] is w


def test_requires_grad_false_on_a_node_is_refused():
    y = mg.Tensor(1.0, requires_grad=True) * 2
    with pytest.raises(RuntimeError, match="detach"):
        y.requires_grad_(False)


def test_item_assignment_works_where_it_is_safe_and_names_the_safe_way_elsewhere():
    t = mg.Tensor([1.0, 2.0])
    t[0] = 5.0
    assert t.data.tolist() == [5.0, 2.0] and t.version == 1
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="leaf that requires grad.*no_grad"):
        w[0] = 5.0
    with mg.no_grad():
        w[0] = 5.0
    y = w * 2.0
    y[1] = 0.0                      # a computed tensor may: the change is recorded (PyTorch's rule)
    assert y.data.tolist() == [10.0, 0.0] and y.op == "index_put"
    y.sum().backward()
    assert w.grad.data.tolist() == [2.0, 0.0]
    with pytest.raises(RuntimeError, match="view of a leaf that requires grad.*no_grad"):
        w[1:][0] = 5.0


def test_numpy_on_the_left_defers_to_the_tensor():
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = np.array([3.0, 4.0]) * w
    assert isinstance(y, mg.Tensor) and y.requires_grad
    z = np.eye(2) @ w
    assert isinstance(z, mg.Tensor) and z.data.tolist() == [1.0, 2.0]
