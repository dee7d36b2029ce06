"""Every op in op_table.OPS, forward against NumPy and backward against gradcheck."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad as mg
from op_table import OPS, values


def draw_case(op, data):
    shapes, params = op.shapes(data)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    arrays = [values(s, op.domain, rng) for s in shapes]
    return arrays, params


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
@settings(max_examples=25)
@given(data=st.data())
def test_forward_matches_numpy(op, data):
    arrays, params = draw_case(op, data)
    out = op.fn(*[mg.Tensor(a) for a in arrays], **params)
    expected = np.asarray(op.ref(*arrays, **params))
    assert isinstance(out, mg.Tensor)
    assert type(out.data) is np.ndarray      # never a NumPy scalar, even after a full reduction
    assert out.shape == np.shape(expected)
    # differentiable float64 ops stay float64; casts, comparisons and indices give NumPy's dtype
    assert out.dtype == (np.float64 if op.grad == "gradcheck" else expected.dtype)
    np.testing.assert_allclose(out.data, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
@settings(max_examples=20)
@given(data=st.data())
def test_gradient_matches_numeric(op, data):
    arrays, params = draw_case(op, data)
    inputs = [mg.Tensor(a, requires_grad=True) for a in arrays]
    if op.grad == "gradcheck":
        mg.gradcheck(lambda *xs: op.fn(*xs, **params), *inputs)
    elif op.grad == "cast":
        # a conversion passes the gradient through unchanged, in the input's dtype
        out = op.fn(*inputs, **params)
        assert out.requires_grad
        # quarters up to ±2 are exact in every float dtype, so no cast rounds them
        seed = (np.random.default_rng(0).integers(-8, 9, out.shape) / 4).astype(out.dtype)
        out.backward(mg.Tensor(seed))
        assert inputs[0].grad.dtype == inputs[0].dtype
        np.testing.assert_array_equal(inputs[0].grad.data, seed.astype(inputs[0].dtype))
    else:
        # not differentiable (comparisons, indices): never part of the graph
        out = op.fn(*inputs, **params)
        assert not out.requires_grad and out.parents == () and out.op is None


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
@settings(max_examples=10)
@given(data=st.data())
def test_a_result_sharing_its_inputs_memory_is_a_view(op, data):
    """A result whose array shares memory with an input's is a registered view (or the
    input itself), so that writing into either one is seen by the graph (minigrad/views.py)."""
    arrays, params = draw_case(op, data)
    tensors = [mg.Tensor(a) for a in arrays]
    out = op.fn(*tensors, **params)
    for t in tensors:
        if out is not t and np.may_share_memory(out.data, t.data):
            assert out._is_view() and out._base is (t._base or t)
            assert out.version_counter() is t.version_counter()


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
def test_no_graph_is_recorded_without_requires_grad(op):
    data = st.data()
    @given(data)
    @settings(max_examples=3)
    def check(d):
        arrays, params = draw_case(op, d)
        out = op.fn(*[mg.Tensor(a) for a in arrays], **params)
        assert not out.requires_grad and out.parents == () and out.op is None
    check()


def test_float32_stays_float32_through_every_unary_op():
    x = mg.Tensor(np.linspace(0.5, 2.0, 6, dtype=np.float32).reshape(2, 3), requires_grad=True)
    for op in OPS:
        shapes_ok = op.shapes.__name__ == "unary" and op.grad == "gradcheck"
        if shapes_ok:
            out = op.fn(x)
            assert out.dtype == np.float32, op.name
            out.sum().backward()
            assert x.grad.dtype == np.float32, op.name
            x.zero_grad()


@pytest.mark.parametrize("exponent", [0, mg.Tensor(0.0)], ids=["number", "tensor"])
def test_power_zero_has_slope_zero_even_at_zero(exponent):
    x = mg.Tensor([0.0, 2.0], requires_grad=True)
    (x ** exponent).sum().backward()
    assert x.grad.data.tolist() == [0.0, 0.0]


def test_broadcast_axes_and_sum_to():
    assert mg.broadcast_axes((3, 1), (2, 3, 4)) == (0, 2)
    assert mg.broadcast_axes((2, 3), (2, 3)) == ()
    g = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(mg.sum_to(g, (3, 1)), g.sum(axis=(0, 2)).reshape(3, 1))
    with pytest.raises(ValueError, match="smaller shape"):
        mg.broadcast_axes((2, 3), (3,))


def test_indexing_with_an_integer_tensor_scatters_gradients_back():
    w = mg.Tensor([10.0, 20.0, 30.0], requires_grad=True)
    labels = mg.Tensor(np.array([2, 0, 2]))
    picked = w[labels]
    assert picked.data.tolist() == [30.0, 10.0, 30.0]
    picked.sum().backward()
    assert w.grad.data.tolist() == [1.0, 0.0, 2.0]


def test_pick_is_np_where_bit_for_bit_in_every_float_dtype():
    """relu's backward picks g where x > 0 by masking bits (no branch per element): the
    same result as np.where(mask, g, 0), inf, nan and -0.0 included, for any float width
    and for strided or broadcast gradients."""
    from minigrad.ops.elementwise import pick
    values = np.array([1.5, -2.0, np.inf, -np.inf, np.nan, -0.0, 0.0, 3.0])
    mask = np.array([True, False, False, True, False, True, False, True])
    for dtype in (np.float16, np.float32, np.float64):
        g = values.astype(dtype)
        for grad, m in ((g, mask), (np.tile(g, 2)[::2], mask[::1]),
                        (np.broadcast_to(g[:1], (8,)), mask)):
            got, want = pick(m, grad), np.where(m, grad, np.zeros((), dtype))
            assert got.dtype == dtype
            assert got.tobytes() == want.tobytes()
    assert pick(mask, np.arange(8)).tolist() == [0, 0, 0, 3, 0, 5, 0, 7]   # ints: np.where
    zero_d = pick(np.array(5.0) > 0, np.array(-2.5))                         # 0-d arrays
    assert isinstance(zero_d, np.ndarray) and zero_d.shape == () and zero_d == -2.5
