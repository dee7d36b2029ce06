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
