"""PyTorch's everyday tensor API beyond the chapters (issue 20): sizes, norms, running
totals, flips and rolls, ``t()``, against PyTorch (values and gradients, float64), at the
awkward points (zeros, ties, empty axes), and with the errors bad input gets.

The op table (``op_table.py``) also draws each differentiable op here for gradcheck and
against NumPy, and ``test_against_torch.py`` puts them into random graphs.
"""

import math

import numpy as np
import pytest

import minigrad as mg
from torchref import compare

rng = np.random.default_rng(20)
INF = math.inf


# -- size, dim, t --------------------------------------------------------------------------
def test_size_and_dim_are_pytorchs_methods(torch):
    for shape in [(), (3,), (2, 0, 4), (1, 2, 3, 4)]:
        ours, theirs = mg.zeros(shape), torch.zeros(shape)
        assert ours.size() == tuple(theirs.size())
        assert ours.dim() == theirs.dim() == ours.ndimension()
        for d in range(-len(shape), len(shape)):
            assert ours.size(d) == theirs.size(d)
    assert mg.numel(mg.zeros(2, 3)) == 6 and mg.is_tensor(mg.zeros(1))
    assert not mg.is_tensor(np.zeros(1))


def test_size_refuses_an_axis_that_is_not_there():
    with pytest.raises(IndexError, match=r"dim 2 is out of range.*2 dimension"):
        mg.zeros(2, 3).size(2)
    with pytest.raises(IndexError, match="0-d tensor has no dimensions"):
        mg.tensor(1.0).size(0)
    with pytest.raises(TypeError, match="dim must be an int"):
        mg.zeros(2).size(0.0)


@pytest.mark.parametrize("shape", [(), (3,), (2, 3)])
def test_t_matches_pytorch(torch, shape):
    compare(torch, lambda x: x.t(), lambda x: x.t(), [rng.standard_normal(shape)])
    compare(torch, lambda x: mg.t(x) * 2, lambda x: torch.t(x) * 2,
            [rng.standard_normal(shape)])


def test_t_refuses_three_axes():
    with pytest.raises(mg.ShapeError, match="at most 2 dimensions.*transpose"):
        mg.zeros(2, 3, 4).t()


# -- norms ---------------------------------------------------------------------------------
ORDS = [2, 1, INF, -INF, 0, 0.5, 1.5, 3, -1, -2.5]


@pytest.mark.parametrize("ord", ORDS)
@pytest.mark.parametrize("dim, keepdim", [(None, False), (1, False), ((0, 2), True), (-1, True)])
def test_vector_norm_matches_pytorch_with_zeros_and_ties(torch, ord, dim, keepdim):
    # a zero row, entries that tie for the largest |x|, and exact zeros elsewhere
    x = np.array([[[0.0, 0.0, 0.0], [-2.0, 2.0, 1.0]], [[0.5, -3.0, 3.0], [0.0, 1.0, -1.0]]])
    ours = lambda t: mg.linalg.vector_norm(t, ord, dim, keepdim)            # noqa: E731
    theirs = lambda t: torch.linalg.vector_norm(t, ord, dim, keepdim)       # noqa: E731
    out, _ = compare(torch, ours, theirs, [x], grad=[ord != 0])
    assert out[0].requires_grad == (ord != 0)       # the 0-"norm" counts: no gradient
    compare(torch, ours, theirs, [rng.standard_normal((2, 3, 4))], grad=[ord != 0])


@pytest.mark.parametrize("ord", ORDS)
def test_the_norm_of_one_entry_is_its_size_exactly_as_pytorchs(torch, ord):
    """(|x|ᵖ)^(1/p) rounds: for x = 0.4108850619643629 and p = 0.5 it gave x less one ulp
    (…286) where PyTorch gives x, and a random graph's ``mod`` by x then differed by all of x.
    1e-200 squared underflows to 0 for p = 2."""
    x = np.concatenate([[0.4108850619643629, 1e-200, -1e-200, 0.0, 3.0, -7.25],
                        rng.standard_normal(200)])[:, None]
    ours = mg.linalg.vector_norm(mg.tensor(x), ord, dim=1).numpy()
    theirs = torch.linalg.vector_norm(torch.tensor(x), ord, dim=1).numpy()
    np.testing.assert_array_equal(ours, theirs)
    compare(torch, lambda t: mg.linalg.vector_norm(t, ord, dim=1),
            lambda t: torch.linalg.vector_norm(t, ord, dim=1), [x], grad=[ord != 0])


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, INF, -INF])
@pytest.mark.parametrize("shape, dim", [((3, 4), (-2, -1)), ((2, 4, 3), (2, 0))])
def test_matrix_norm_matches_pytorch(torch, ord, shape, dim):
    compare(torch, lambda a: mg.linalg.matrix_norm(a, ord, dim),
            lambda a: torch.linalg.matrix_norm(a, ord, dim), [rng.standard_normal(shape)])
    compare(torch, lambda a: mg.linalg.matrix_norm(a, ord, dim, keepdim=True),
            lambda a: torch.linalg.matrix_norm(a, ord, dim, keepdim=True),
            [rng.standard_normal(shape)])


def test_matrix_norm_ties_share_the_gradient_as_pytorch(torch):
    a = np.array([[1.0, -2.0], [-1.0, 2.0], [0.0, 0.0]])       # columns tie for the ∞ … 1-norm
    for ord in (1, -1, INF, -INF):
        compare(torch, lambda t: mg.linalg.matrix_norm(t, ord),
                lambda t: torch.linalg.matrix_norm(t, ord), [a])


@pytest.mark.parametrize("call", [
    lambda L, x: L.norm(x), lambda L, x: L.norm(x, p=1, dim=1), lambda L, x: L.norm(x, dim=(0, 1)),
    lambda L, x: L.norm(x, p="fro", dim=1, keepdim=True), lambda L, x: L.norm(x[0], p="nuc"),
    lambda L, x: L.norm(x, p=INF), lambda L, x: x.norm(), lambda L, x: x.norm(3, 0),
    lambda L, x: L.linalg.norm(x), lambda L, x: L.linalg.norm(x[0], ord=2),
    lambda L, x: L.linalg.norm(x[0], ord=-1), lambda L, x: L.linalg.norm(x, ord=1, dim=2),
    lambda L, x: L.linalg.norm(x, dim=(1, 2), ord="nuc"), lambda L, x: L.linalg.norm(x[0, 0]),
])
def test_norm_and_linalg_norm_pick_pytorchs_norm(torch, call):
    x = rng.standard_normal((2, 3, 4))
    compare(torch, lambda t: call(mg, t), lambda t: call(torch, t), [x])


def test_norm_dtype_and_float32(torch):
    x = rng.standard_normal((3, 4)).astype(np.float32)
    out = mg.linalg.vector_norm(mg.tensor(x), dtype=mg.float64)
    assert out.dtype == np.float64
    assert out.item() == pytest.approx(torch.linalg.vector_norm(torch.tensor(x),
                                                                dtype=torch.float64).item())
    assert mg.tensor(x).norm().dtype == np.float32


def test_norm_errors_name_the_problem():
    with pytest.raises(TypeError, match="floating-point tensor, got dtype int64"):
        mg.linalg.vector_norm(mg.tensor([1, 2]))
    with pytest.raises(TypeError, match="lose precision"):
        mg.linalg.vector_norm(mg.zeros(2), dtype=mg.float32)
    with pytest.raises(ValueError, match="inf norm of an empty tensor"):
        mg.linalg.vector_norm(mg.zeros(0), ord=INF)
    with pytest.raises(ValueError, match="-1 norm of an empty tensor"):
        mg.linalg.vector_norm(mg.zeros(3, 0), ord=-1, dim=1)
    assert mg.linalg.vector_norm(mg.zeros(0, 3), ord=INF, dim=1).shape == (0,)
    assert mg.linalg.vector_norm(mg.zeros(0)).item() == 0.0
    with pytest.raises(TypeError, match="ord must be a number"):
        mg.linalg.vector_norm(mg.zeros(2), ord="fro")
    with pytest.raises(ValueError, match="ord must be 'fro', 'nuc'"):
        mg.linalg.matrix_norm(mg.zeros(2, 2), ord=3)
    with pytest.raises(mg.ShapeError, match="at least 2 dimensions"):
        mg.linalg.matrix_norm(mg.zeros(3))
    with pytest.raises(ValueError, match="pair of axes"):
        mg.norm(mg.zeros(2, 2, 2), p="fro", dim=(0, 1, 2))
    with pytest.raises(ValueError, match="must be 1-D or 2-D"):
        mg.linalg.norm(mg.zeros(2, 2, 2), ord=2)
    with pytest.raises(ValueError, match="p must be a number, 'fro' or 'nuc'"):
        mg.norm(mg.zeros(2, 2), p="max")


# -- cumsum, cumprod -------------------------------------------------------------------------
@pytest.mark.parametrize("fn", ["cumsum", "cumprod"])
@pytest.mark.parametrize("shape, dim", [((5,), 0), ((3, 4), 1), ((3, 4), -2), ((2, 3, 4), 1),
                                        ((), 0), ((0, 3), 0)])
def test_cumulative_ops_match_pytorch(torch, fn, shape, dim):
    compare(torch, lambda x: getattr(x, fn)(dim), lambda x: getattr(torch, fn)(x, dim),
            [rng.standard_normal(shape)])


def test_cumprod_gradient_is_exact_with_zeros(torch):
    # one zero, two zeros, a zero first and last: the division formula would give nan/inf
    for row in ([2.0, 0.0, 3.0, 4.0], [0.0, 2.0, 0.0, 5.0], [0.0, 1.5, 2.0, 0.0]):
        compare(torch, lambda x: x.cumprod(0), lambda x: x.cumprod(0), [np.array(row)])
    x = np.where(rng.random((3, 5)) < 0.3, 0.0, rng.standard_normal((3, 5)))
    compare(torch, lambda t: mg.cumprod(t, dim=1), lambda t: torch.cumprod(t, dim=1), [x])


def test_cumulative_dtypes_follow_pytorch(torch):
    for dtype in ("int32", "uint8", "bool", "float32"):
        data = np.array([[1, 0, 1], [1, 1, 0]], dtype=dtype)
        for fn in ("cumsum", "cumprod"):
            ours = getattr(mg.tensor(data), fn)(1)
            theirs = getattr(torch.tensor(data), fn)(1)
            assert str(ours.dtype) == str(theirs.dtype).replace("torch.", ""), (dtype, fn)
            np.testing.assert_array_equal(ours.data, theirs.numpy())
    out = mg.tensor([1, 2, 3]).cumsum(0, dtype=mg.float64)
    assert out.dtype == np.float64 and out.tolist() == [1.0, 3.0, 6.0]


def test_cumulative_errors():
    with pytest.raises(TypeError, match=r"dim is required.*cumsum\(x, dim=0\)"):
        mg.tensor([1.0]).cumsum()
    with pytest.raises(IndexError, match="dim 2 is out of range"):
        mg.zeros(2, 2).cumprod(2)


# -- flip, roll --------------------------------------------------------------------------------
@pytest.mark.parametrize("dims", [(0,), (1,), (0, 1), (-1, 0), ()])
def test_flip_matches_pytorch(torch, dims):
    compare(torch, lambda x: x.flip(*dims), lambda x: x.flip(*dims) if dims else x.flip([]),
            [rng.standard_normal((3, 4))])
    compare(torch, lambda x: mg.flip(x, dims), lambda x: torch.flip(x, dims),
            [rng.standard_normal((2, 3, 2))])


@pytest.mark.parametrize("shifts, dims", [(1, None), (-7, None), (2, 0), (-1, 1), ((1, 2), (0, 1)),
                                          ((1, 1), (1, 1)), ((5, -3), (-1, 0))])
def test_roll_matches_pytorch(torch, shifts, dims):
    compare(torch, lambda x: mg.roll(x, shifts, dims), lambda x: torch.roll(x, shifts, dims),
            [rng.standard_normal((3, 4))])
    compare(torch, lambda x: x.roll(shifts, dims), lambda x: x.roll(shifts, dims),
            [rng.standard_normal((2, 5))])


def test_flip_and_roll_of_a_number_and_integers(torch):
    assert mg.flip(mg.tensor(3.0), (0,)).item() == 3.0
    assert mg.roll(mg.tensor(3.0), 1).item() == 3.0
    ids = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(mg.tensor(ids).flip(1).data, torch.tensor(ids).flip(1).numpy())
    np.testing.assert_array_equal(mg.roll(mg.tensor(ids), 1, 1).data,
                                  torch.roll(torch.tensor(ids), 1, 1).numpy())


def test_flip_and_roll_errors():
    x = mg.zeros(2, 3)
    with pytest.raises(ValueError, match="same axis twice"):
        x.flip(0, 0)
    with pytest.raises(IndexError, match="dims 2 is out of range"):
        x.flip(2)
    with pytest.raises(ValueError, match="2 shift\\(s\\) and 1 dim"):
        mg.roll(x, (1, 2), 0)
    with pytest.raises(ValueError, match="without dims, shifts must be one int"):
        mg.roll(x, (1, 2))
    with pytest.raises(TypeError, match="shifts must be ints"):
        mg.roll(x, 1.5, 0)


# -- beyond the issue's list: what PyTorch's tutorials reach for ------------------------------
UNARY = ["sin", "cos", "log1p", "expm1", "log2", "log10", "rsqrt", "reciprocal", "square",
         "sign", "floor", "ceil", "round", "trunc"]
POSITIVE = {"log2", "log10", "rsqrt"}


@pytest.mark.parametrize("name", UNARY)
def test_unary_math_matches_pytorch(torch, name):
    x = rng.standard_normal((3, 4)) * 2
    if name in POSITIVE:
        x = np.abs(x) + 0.1
    if name == "log1p":
        x = np.abs(x) - 0.5
    compare(torch, lambda t: getattr(t, name)(), lambda t: getattr(t, name)(), [x])
    compare(torch, lambda t: getattr(mg, name)(t), lambda t: getattr(torch, name)(t), [x])


@pytest.mark.parametrize("name", UNARY + ["nan_to_num"])
def test_unary_math_dtypes_follow_pytorch(torch, name):
    for dtype in ("int64", "int32", "bool", "float32"):
        data = np.array([[1, 0, 3], [2, 5, 1]]).astype(dtype)
        if name in ("rsqrt", "reciprocal", "log2", "log10") and dtype != "float32":
            data = data + np.array(1, dtype=data.dtype)
        try:
            theirs = getattr(torch.tensor(data), name)()
        except (RuntimeError, NotImplementedError):   # PyTorch refuses it (floor of a bool …)
            with pytest.raises((TypeError, RuntimeError, ValueError)):
                getattr(mg.tensor(data), name)()
            continue
        ours = getattr(mg.tensor(data), name)()
        want = str(theirs.dtype).replace("torch.", "").replace("float32", "float64") \
            if dtype != "float32" else "float32"
        assert str(ours.dtype) == want, (name, dtype)
        np.testing.assert_allclose(ours.data.astype(float), theirs.numpy().astype(float),
                                   rtol=1e-6)


def test_round_with_decimals_and_halves(torch):
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.675, 123.456, 1e-3])
    for d in (0, 1, 2, -1, -2):
        np.testing.assert_array_equal(mg.tensor(x).round(decimals=d).data,
                                      torch.tensor(x).round(decimals=d).numpy())


def test_nan_to_num_and_the_number_checks(torch):
    x = np.array([1.0, np.nan, np.inf, -np.inf, -2.0])
    for kwargs in ({}, {"nan": 1.5, "posinf": 9.0}, {"neginf": -7.0}):
        compare(torch, lambda t: t.nan_to_num(**kwargs), lambda t: t.nan_to_num(**kwargs), [x])
    for name in ("isnan", "isinf", "isfinite"):
        np.testing.assert_array_equal(getattr(mg.tensor(x), name)().data,
                                      getattr(torch.tensor(x), name)().numpy())
        np.testing.assert_array_equal(getattr(mg, name)(mg.tensor([1, 2])).data,
                                      getattr(torch, name)(torch.tensor([1, 2])).numpy())
    a, b = np.array([1.0, np.nan, 2.0, 1e-9]), np.array([1.0 + 1e-9, np.nan, 2.1, 0.0])
    for kwargs in ({}, {"equal_nan": True}, {"rtol": 0.1}, {"atol": 1e-8, "rtol": 0}):
        np.testing.assert_array_equal(mg.isclose(mg.tensor(a), mg.tensor(b), **kwargs).data,
                                      torch.isclose(torch.tensor(a), torch.tensor(b),
                                                    **kwargs).numpy())


@pytest.mark.parametrize("dim, keepdim", [(None, False), (0, False), (1, True), (-1, False)])
def test_prod_matches_pytorch_also_with_zeros(torch, dim, keepdim):
    for x in (rng.standard_normal((3, 4)), np.array([[1.0, 0.0, 3.0, 2.0], [0.0, 0.0, 2.0, 1.0],
                                                     [2.0, 3.0, 0.5, -1.0]])):
        if dim is None:
            compare(torch, lambda t: t.prod(), lambda t: t.prod(), [x])
        else:
            compare(torch, lambda t: mg.prod(t, dim, keepdim),
                    lambda t: torch.prod(t, dim, keepdim), [x])


def test_prod_dtypes_and_errors(torch):
    for dtype in ("int32", "bool", "uint8"):
        data = np.array([[1, 1, 1], [1, 0, 1]]).astype(dtype)
        ours, theirs = mg.tensor(data).prod(1), torch.tensor(data).prod(1)
        assert str(ours.dtype) == str(theirs.dtype).replace("torch.", "")
        np.testing.assert_array_equal(ours.data, theirs.numpy())
    assert mg.tensor([1, 2]).prod(dtype=mg.float64).dtype == np.float64
    assert mg.tensor(3.0).prod(0).item() == 3.0 and mg.zeros(0).prod().item() == 1.0
    with pytest.raises(TypeError, match="dim must be one int"):
        mg.ones(2, 2).prod((0, 1))
    with pytest.raises(TypeError, match="keepdim needs a dim"):
        mg.ones(2).prod(keepdim=True)


def test_sum_and_mean_take_a_dtype(torch):
    x = np.array([[1, 2], [3, 4]], dtype=np.int32)
    for fn in ("sum", "mean"):
        ours = getattr(mg.tensor(x), fn)(dtype=mg.float32)
        theirs = getattr(torch.tensor(x), fn)(dtype=torch.float32)
        assert ours.dtype == np.float32 and ours.item() == theirs.item()
    y = mg.tensor(rng.standard_normal((2, 3)), requires_grad=True)
    y.sum(1, dtype=mg.float32).sum().backward()
    assert y.grad.dtype == np.float64 and np.all(y.grad.data == 1)


@pytest.mark.parametrize("diagonal", [0, 1, -1, 3, -5])
@pytest.mark.parametrize("fn", ["tril", "triu"])
def test_tril_triu_match_pytorch(torch, fn, diagonal):
    compare(torch, lambda t: getattr(t, fn)(diagonal), lambda t: getattr(t, fn)(diagonal),
            [rng.standard_normal((2, 3, 4))])
    compare(torch, lambda t: getattr(mg, fn)(t, diagonal=diagonal),
            lambda t: getattr(torch, fn)(t, diagonal=diagonal), [rng.standard_normal((4, 3))])
    ints = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(getattr(mg.tensor(ints), fn)(diagonal).data,
                                  getattr(torch.tensor(ints), fn)(diagonal).numpy())


def test_named_products_match_pytorch(torch):
    v, w, A = rng.standard_normal(3), rng.standard_normal(3), rng.standard_normal((4, 3))
    compare(torch, mg.dot, torch.dot, [v, w])
    compare(torch, mg.outer, torch.outer, [v, rng.standard_normal(5)])
    compare(torch, mg.mv, torch.mv, [A, v])
    compare(torch, mg.bmm, torch.bmm, [rng.standard_normal((2, 4, 3)),
                                       rng.standard_normal((2, 3, 5))])
    compare(torch, lambda a, b: a.dot(b), lambda a, b: a.dot(b), [v, w])


def test_named_products_refuse_what_pytorch_refuses():
    with pytest.raises(mg.ShapeError, match="dot: the vectors must have the same length"):
        mg.dot(mg.ones(3), mg.ones(4))
    with pytest.raises(mg.ShapeError, match="the second operand must be 1-D"):
        mg.dot(mg.ones(3), mg.ones(3, 1))
    with pytest.raises(TypeError, match="same dtype .*, got float64 and float32"):
        mg.dot(mg.ones(3), mg.ones(3, dtype=mg.float32))
    with pytest.raises(TypeError, match="mv is not supported on bool tensors"):
        mg.mv(mg.ones(2, 3, dtype=mg.bool), mg.ones(3, dtype=mg.bool))
    with pytest.raises(mg.ShapeError, match="bmm: shapes \\(2, 3, 4\\) and \\(3, 4, 5\\)"):
        mg.bmm(mg.ones(2, 3, 4), mg.ones(3, 4, 5))
    with pytest.raises(mg.ShapeError, match="vector of length 3, got \\(4,\\)"):
        mg.mv(mg.ones(2, 3), mg.ones(4))


def test_logic_on_masks_matches_pytorch(torch):
    a = np.array([[True, False, True], [False, False, True]])
    b = np.array([True, True, False])
    ints = np.array([5, 3, 12])
    for name, op in (("and", lambda x, y: x & y), ("or", lambda x, y: x | y),
                     ("xor", lambda x, y: x ^ y)):
        np.testing.assert_array_equal(op(mg.tensor(a), mg.tensor(b)).data,
                                      op(torch.tensor(a), torch.tensor(b)).numpy())
        np.testing.assert_array_equal(op(mg.tensor(ints), 6).data,
                                      op(torch.tensor(ints), 6).numpy())
        np.testing.assert_array_equal(op(True, mg.tensor(b)).data,
                                      op(True, torch.tensor(b)).numpy())
        logical = f"logical_{name}"
        np.testing.assert_array_equal(
            getattr(mg, logical)(mg.tensor(ints), mg.tensor([0.0, 1.0, 0.0])).data,
            getattr(torch, logical)(torch.tensor(ints), torch.tensor([0.0, 1.0, 0.0])).numpy())
    np.testing.assert_array_equal((~mg.tensor(a)).data, (~torch.tensor(a)).numpy())
    np.testing.assert_array_equal((~mg.tensor(ints)).data, (~torch.tensor(ints)).numpy())
    np.testing.assert_array_equal(mg.logical_not(mg.tensor([0.0, 2.0])).data, [True, False])
    x = mg.tensor([-1.0, 0.5, 2.0], requires_grad=True)
    mask = (x > 0) & (x < 1)
    assert mask.dtype == np.bool_ and not mask.requires_grad
    with pytest.raises(TypeError,
                       match=r"~t \(bitwise_not\) works on bool and integer tensors.*float64"):
        ~x
    with pytest.raises(TypeError, match=r"& \(bitwise_and\) works on bool and integer tensors"):
        mg.tensor([1.0]) & mg.tensor([True])


def test_index_select_matches_pytorch(torch):
    x = rng.standard_normal((3, 4, 2))
    for dim, idx in ((0, [2, 0, 2]), (1, [3]), (-1, [1, 1, 0]), (1, [])):
        compare(torch, lambda t: mg.index_select(t, dim, mg.tensor(np.array(idx, dtype=int))),
                lambda t: torch.index_select(t, dim, torch.tensor(idx, dtype=torch.long)), [x])
    with pytest.raises(IndexError, match="index 4 is out of range for dim 1 of size 4"):
        mg.index_select(mg.tensor(x), 1, mg.tensor([4]))
    with pytest.raises(mg.ShapeError, match="index must be 1-D"):
        mg.tensor(x).index_select(0, mg.tensor([[0]]))


def test_new_factories_and_as_methods_match_pytorch(torch):
    for dtype in ("float32", "float64", "int64"):
        ours, theirs = mg.zeros(2, dtype=getattr(mg, dtype)), torch.zeros(2, dtype=getattr(
            torch, dtype))
        pairs = [(ours.new_zeros(2, 3), theirs.new_zeros(2, 3)),
                 (ours.new_ones((3,)), theirs.new_ones((3,))),
                 (ours.new_full((2,), 7), theirs.new_full((2,), 7)),
                 (ours.new_tensor([1, 2]), theirs.new_tensor([1, 2])),
                 (ours.new_tensor([1.5], dtype=mg.float64), theirs.new_tensor([1.5],
                                                                              dtype=torch.float64)),
                 (ours.new_empty(2, 2), theirs.new_empty(2, 2))]
        for i, (a, b) in enumerate(pairs):
            assert a.shape == tuple(b.shape) and str(a.dtype) == str(b.dtype)[6:], (dtype, i)
            if i < 5:
                np.testing.assert_array_equal(a.data, b.numpy())
        assert ours.type() == theirs.type().replace("torch.", "minigrad.")
    x = mg.zeros(2).new_zeros(2, requires_grad=True)
    assert x.requires_grad and x.is_leaf
    with pytest.raises(TypeError, match="only floating-point tensors can require"):
        mg.tensor([1]).new_zeros(2, requires_grad=True)
    y = mg.tensor(rng.standard_normal(6), requires_grad=True)
    assert y.view_as(mg.zeros(2, 3)).shape == (2, 3)
    assert y.reshape_as(mg.zeros(3, 2)).shape == (3, 2)
    compare(torch, lambda t: t.expand_as(mg.zeros(2, 3)) * 2,
            lambda t: t.expand_as(torch.zeros(2, 3)) * 2, [rng.standard_normal((2, 1))])
    compare(torch, lambda t: t.type_as(mg.zeros(1, dtype=mg.float32)).double(),
            lambda t: t.type_as(torch.zeros(1)).double(), [rng.standard_normal(3)],
            tol=dict(rtol=1e-6, atol=1e-7))
    assert (mg.tensor([1.0]) > 0).type(mg.int64).dtype == np.int64


def test_clamp_min_max_match_pytorch(torch):
    x = rng.standard_normal((3, 4))
    compare(torch, lambda t: t.clamp_min(0.1), lambda t: t.clamp_min(0.1), [x])
    compare(torch, lambda t: mg.clamp_max(t, -0.2), lambda t: torch.clamp_max(t, -0.2), [x])
    compare(torch, lambda t, lo: t.clamp_min(lo), lambda t, lo: t.clamp_min(lo),
            [x, rng.standard_normal(4)])


def test_randperm_and_multinomial():
    g = mg.Generator().manual_seed(0)
    order = mg.randperm(10, generator=g)
    assert order.dtype == np.int64 and sorted(order.tolist()) == list(range(10))
    assert mg.randperm(10, generator=mg.Generator().manual_seed(0)).tolist() == order.tolist()
    assert mg.randperm(0).shape == (0,)
    probs = mg.tensor([[0.0, 0.3, 0.7], [1.0, 0.0, 0.0]])
    draws = mg.multinomial(probs, 2000, replacement=True, generator=np.random.default_rng(1))
    assert draws.shape == (2, 2000) and draws.dtype == np.int64
    share = (draws.data[0] == 2).mean()
    assert 0.65 < share < 0.75 and not (draws.data[0] == 0).any()     # never a 0-weight one
    assert (draws.data[1] == 0).all()
    no_repeat = mg.multinomial(mg.tensor([1.0, 1.0, 1.0, 0.0]), 3)
    assert sorted(no_repeat.tolist()) == [0, 1, 2]
    with pytest.raises(ValueError, match="without replacement, num_samples=4"):
        mg.multinomial(mg.tensor([1.0, 1.0, 1.0, 0.0]), 4)
    with pytest.raises(ValueError, match="finite and non-negative"):
        mg.multinomial(mg.tensor([1.0, -1.0]), 1)
    with pytest.raises(ValueError, match="a row sums to 0"):
        mg.multinomial(mg.tensor([0.0, 0.0]), 1, replacement=True)
    with pytest.raises(TypeError, match="Generator.manual_seed expects an int"):
        mg.Generator().manual_seed(1.5)
    with pytest.raises(TypeError, match="or a minigrad.Generator"):
        mg.randn(2, generator=42)


def test_pytorch_device_lines_run():
    dev = mg.device("cuda" if mg.cuda.is_available() else "cpu")
    assert dev == mg.device("cpu:0") and dev.type == "cpu" and str(dev) == "cpu"
    assert mg.zeros(2, device=dev).to(dev).device == "cpu"
    assert mg.accelerator.current_accelerator() is None and mg.cuda.device_count() == 0
    with pytest.raises(ValueError, match="has no 'cuda' device"):
        mg.device("cuda")
    assert mg.float is mg.float32 and mg.int is mg.int32
