"""Normalisation layers and the newer activations (chapter 11): PyTorch, gradcheck, buffers."""

import math

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from minigrad.nn.activation import normal_cdf
from torchref import compare, compare_parameter_grads, copy_into

rng = np.random.default_rng(0)


def leaf(*shape):
    return mg.Tensor(rng.standard_normal(shape), requires_grad=True)


# -- batch norm ------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(6, 3), (4, 3, 5), (4, 3, 5, 2)])
@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_function_matches_pytorch(torch, shape, training):
    x, w, b = (rng.standard_normal(s) for s in (shape, 3, 3))
    rm, rv = rng.standard_normal(3), rng.random(3) + 0.5
    ours_stats = [mg.Tensor(rm.copy()), mg.Tensor(rv.copy())]
    their_stats = [torch.tensor(rm.copy()), torch.tensor(rv.copy())]
    compare(torch, lambda x, w, b: F.batch_norm(x, *ours_stats, w, b, training, 0.3, 1e-4),
            lambda x, w, b: torch.nn.functional.batch_norm(x, *their_stats, w, b, training, 0.3,
                                                           1e-4), [x, w, b])
    for mine, theirs in zip(ours_stats, their_stats):          # running statistics updated
        np.testing.assert_allclose(mine.data, theirs.numpy(), rtol=1e-12)


@pytest.mark.parametrize("cls, shape", [("BatchNorm1d", (5, 4)), ("BatchNorm1d", (5, 4, 3)),
                                        ("BatchNorm2d", (5, 4, 3, 2))])
@pytest.mark.parametrize("momentum", [0.1, None])
def test_batch_norm_layers_track_statistics_like_pytorch(torch, cls, shape, momentum):
    ours = getattr(nn, cls)(4, momentum=momentum)
    theirs = copy_into(torch, getattr(torch.nn, cls)(4, momentum=momentum), ours)
    for _ in range(3):
        x = rng.standard_normal(shape) * 3 + 1
        compare(torch, ours, theirs, [x])
        compare_parameter_grads(ours, theirs)
        ours.zero_grad()
        theirs.zero_grad()
    state, their_state = ours.state_dict(), theirs.state_dict()
    assert list(state) == ["weight", "bias", "running_mean", "running_var",
                           "num_batches_tracked"]
    for k in state:
        np.testing.assert_allclose(state[k], their_state[k].numpy(), rtol=1e-12)
    ours.eval()
    theirs.eval()
    compare(torch, ours, theirs, [rng.standard_normal(shape)])     # running statistics used


def test_batch_norm_without_running_stats_or_affine(torch):
    ours = nn.BatchNorm2d(3, affine=False, track_running_stats=False)
    theirs = torch.nn.BatchNorm2d(3, affine=False, track_running_stats=False).double()
    assert ours.state_dict() == {} and list(ours.parameters()) == []
    ours.eval()
    theirs.eval()                       # no running statistics: batch statistics even in eval
    compare(torch, ours, theirs, [rng.standard_normal((4, 3, 2, 2))])


def test_batch_norm_gradcheck_and_errors():
    x, w, b = leaf(4, 3, 2), leaf(3), leaf(3)
    assert mg.gradcheck(lambda x, w, b: F.batch_norm(x, None, None, w, b, True), x, w, b)
    stats = mg.Tensor(np.zeros(3)), mg.Tensor(np.ones(3))
    assert mg.gradcheck(lambda x, w, b: F.batch_norm(x, *stats, w, b, False), x, w, b)
    with pytest.raises(ValueError, match="more than 1 value per channel"):
        nn.BatchNorm1d(3)(mg.Tensor(np.zeros((1, 3))))
    with pytest.raises(mg.ShapeError, match="4-d input"):
        nn.BatchNorm2d(3)(mg.Tensor(np.zeros((2, 3))))
    with pytest.raises(mg.ShapeError, match=r"running_mean must have shape \(3,\)"):
        F.batch_norm(x, mg.Tensor(np.zeros(2)), mg.Tensor(np.ones(3)))
    with pytest.raises(ValueError, match="num_features must be a positive integer"):
        nn.BatchNorm1d(0)


def test_batch_norm_buffers_are_saved_but_not_learned():
    bn = nn.BatchNorm2d(3)
    assert [n for n, _ in bn.named_parameters()] == ["weight", "bias"]
    assert [n for n, _ in bn.named_buffers()] == ["running_mean", "running_var",
                                                  "num_batches_tracked"]
    bn(mg.Tensor(rng.standard_normal((4, 3, 2, 2))))
    assert int(bn.num_batches_tracked.data) == 1
    bn.eval()
    bn(mg.Tensor(rng.standard_normal((4, 3, 2, 2))))
    assert int(bn.num_batches_tracked.data) == 1               # eval does not count
    fresh = nn.BatchNorm2d(3)
    fresh.load_state_dict(bn.state_dict())
    np.testing.assert_array_equal(fresh.running_mean.data, bn.running_mean.data)
    bn.reset_running_stats()
    assert bn.running_var.data.tolist() == [1, 1, 1] and int(bn.num_batches_tracked.data) == 0


# -- layer norm ------------------------------------------------------------------------------
@pytest.mark.parametrize("normalized_shape", [(6,), (4, 6)])
def test_layer_norm_matches_pytorch(torch, normalized_shape):
    x = rng.standard_normal((2, 3, 4, 6))
    w, b = rng.standard_normal(normalized_shape), rng.standard_normal(normalized_shape)
    compare(torch, lambda x, w, b: F.layer_norm(x, normalized_shape, w, b, 1e-3),
            lambda x, w, b: torch.nn.functional.layer_norm(x, normalized_shape, w, b, 1e-3),
            [x, w, b])
    compare(torch, lambda x: F.layer_norm(x, normalized_shape),
            lambda x: torch.nn.functional.layer_norm(x, normalized_shape), [x])


def test_layer_norm_module_matches_pytorch(torch):
    ours = nn.LayerNorm(5, bias=False)
    ours.weight.data[:] = rng.standard_normal(5)
    theirs = copy_into(torch, torch.nn.LayerNorm(5, bias=False), ours)
    compare(torch, ours, theirs, [rng.standard_normal((3, 5))])
    compare_parameter_grads(ours, theirs)
    assert nn.LayerNorm((2, 3)).weight.shape == (2, 3)
    assert nn.LayerNorm(4, elementwise_affine=False).state_dict() == {}


def test_layer_norm_gradcheck_and_errors():
    x, w, b = leaf(3, 4), leaf(4), leaf(4)
    assert mg.gradcheck(lambda x, w, b: F.layer_norm(x, 4, w, b), x, w, b)
    with pytest.raises(mg.ShapeError, match="must equal normalized_shape"):
        F.layer_norm(x, (3,))


# -- activations -----------------------------------------------------------------------------
def test_normal_cdf_is_accurate_in_both_tails_and_both_dtypes():
    x = np.linspace(-40, 40, 20001)
    exact = np.array([0.5 * math.erfc(-v / math.sqrt(2)) for v in x])
    got = normal_cdf(x)
    assert np.abs(got - exact).max() < 1e-14
    tail = (x < -5) & (exact > 1e-300)          # far out, down to the smallest normal floats
    assert (np.abs(got[tail] - exact[tail]) / exact[tail]).max() < 1e-12   # relative
    assert np.all(got[x < -38.7] == 0)                                     # underflows, as it should
    got32 = normal_cdf(x.astype(np.float32))
    assert got32.dtype == np.float32 and np.abs(got32 - exact).max() < 1e-6


@pytest.mark.parametrize("name, ours, theirs", [
    ("leaky_relu", lambda t: F.leaky_relu(t, 0.2), lambda T, t: T.nn.functional.leaky_relu(t, 0.2)),
    ("gelu", F.gelu, lambda T, t: T.nn.functional.gelu(t)),
    ("gelu tanh", lambda t: F.gelu(t, "tanh"),
     lambda T, t: T.nn.functional.gelu(t, approximate="tanh")),
    ("silu", F.silu, lambda T, t: T.nn.functional.silu(t)),
    ("relu", F.relu, lambda T, t: T.relu(t)),
])
def test_activations_match_pytorch(torch, name, ours, theirs):
    x = np.concatenate([rng.standard_normal(50) * 3, [0.0, -40.0, 40.0, 1e-3, -1e-3, 8.5, -8.5]])
    compare(torch, ours, lambda t: theirs(torch, t), [x], what=name)


@pytest.mark.parametrize("fn", [lambda t: F.leaky_relu(t, 0.1), F.gelu,
                                lambda t: F.gelu(t, "tanh"), F.silu])
def test_activations_gradcheck_and_keep_float32(fn):
    x = leaf(3, 4)
    assert mg.gradcheck(fn, x)
    x32 = mg.Tensor(rng.standard_normal((3, 4)).astype(np.float32), requires_grad=True)
    out = fn(x32)
    out.sum().backward()
    assert out.dtype == np.float32 and x32.grad.dtype == np.float32


def test_activation_gradients_stay_finite_far_out():
    x = mg.Tensor(np.array([-1e4, -50.0, 50.0, 1e4]), requires_grad=True)
    for fn in (F.gelu, F.silu, lambda t: F.gelu(t, "tanh")):
        x.grad = None
        fn(x).sum().backward()
        assert np.all(np.isfinite(x.grad.data))


def test_activation_modules(torch):
    x = rng.standard_normal((3, 5))
    for ours, theirs in [(nn.LeakyReLU(0.3), torch.nn.LeakyReLU(0.3)), (nn.GELU(), torch.nn.GELU()),
                         (nn.GELU("tanh"), torch.nn.GELU("tanh")), (nn.SiLU(), torch.nn.SiLU()),
                         (nn.Softmax(dim=0), torch.nn.Softmax(dim=0)),
                         (nn.LogSoftmax(dim=1), torch.nn.LogSoftmax(dim=1))]:
        compare(torch, ours, theirs, [x], what=repr(ours))
    assert repr(nn.LeakyReLU()) == "LeakyReLU(negative_slope=0.01)"
    assert repr(nn.GELU()) == "GELU(approximate='none')"
    with pytest.raises(ValueError, match="approximate"):
        nn.GELU("fast")
    with pytest.warns(UserWarning, match="Implicit dimension"):
        out = nn.Softmax()(mg.Tensor(x))                       # 2-d: dim 1, as PyTorch
    np.testing.assert_allclose(out.data.sum(axis=1), 1)


# -- group norm (issue 20) ---------------------------------------------------------------------
@pytest.mark.parametrize("shape, groups", [((4, 6), 3), ((3, 6, 5), 2), ((2, 4, 3, 3), 4),
                                           ((2, 4, 3, 3), 1), ((1, 4, 2), 2)])
@pytest.mark.parametrize("affine", [True, False])
def test_group_norm_function_matches_pytorch(torch, shape, groups, affine):
    C = shape[1]
    arrays = [rng.standard_normal(shape) * 2 + 1] + ([rng.standard_normal(C),
                                                      rng.standard_normal(C)] if affine else [])
    compare(torch, lambda x, *wb: F.group_norm(x, groups, *wb, eps=1e-3),
            lambda x, *wb: torch.nn.functional.group_norm(x, groups, *wb, eps=1e-3), arrays)


def test_group_norm_layer_matches_pytorch(torch):
    for kwargs in ({}, {"affine": False}, {"bias": False}):
        ours = nn.GroupNorm(2, 6, **kwargs)
        theirs = copy_into(torch, torch.nn.GroupNorm(2, 6, **kwargs), ours)
        assert repr(ours) == repr(theirs)
        assert [n for n, _ in ours.named_parameters()] == \
            [n for n, _ in theirs.named_parameters()]
        compare(torch, ours, theirs, [rng.standard_normal((3, 6, 4))])
        compare_parameter_grads(ours, theirs)
        assert ours(mg.randn(1, 6, 2)).shape == (1, 6, 2)          # a batch of one is fine
    mg.gradcheck(lambda x, w, b: F.group_norm(x, 3, w, b), leaf(2, 6, 2), leaf(6), leaf(6))


def test_group_norm_errors():
    with pytest.raises(ValueError, match=r"num_channels \(4\) must be divisible by num_groups "
                                         r"\(3\)"):
        nn.GroupNorm(3, 4)
    with pytest.raises(mg.ShapeError, match="expected 4 channels"):
        nn.GroupNorm(2, 4)(mg.zeros(3, 6))
    with pytest.raises(mg.ShapeError, match="6 channels .* into num_groups=4"):
        F.group_norm(mg.zeros(2, 6, 3), 4)
    with pytest.raises(mg.ShapeError, match=r"weight must have shape \(4,\)"):
        F.group_norm(mg.zeros(2, 4, 3), 2, mg.ones(3))
    with pytest.raises(mg.ShapeError, match=r"\(N, C, \.\.\.\)"):
        F.group_norm(mg.zeros(4), 2)


# -- inplace=True, as PyTorch's activations and dropout -----------------------------------
INPLACE = [("relu", lambda L, x: L.relu(x, inplace=True)),
           ("leaky_relu", lambda L, x: L.leaky_relu(x, 0.2, inplace=True)),
           ("silu", lambda L, x: L.silu(x, inplace=True))]


@pytest.mark.parametrize("name, fn", INPLACE, ids=[n for n, _ in INPLACE])
def test_inplace_activations_change_their_input_as_in_pytorch(torch, name, fn):
    x = rng.standard_normal((3, 4))
    ours, theirs = mg.tensor(x), torch.tensor(x)
    out_m, out_t = fn(F, ours), fn(torch.nn.functional, theirs)
    assert out_m is ours and out_t is theirs
    np.testing.assert_allclose(ours.data, theirs.numpy(), rtol=1e-15)
    assert ours.version == 1


@pytest.mark.parametrize("name, fn", INPLACE, ids=[n for n, _ in INPLACE])
def test_inplace_activation_in_a_graph_is_right_or_refused(torch, name, fn):
    # PyTorch allows it on a non-leaf; minigrad does what its in-place rules allow: the
    # same gradient, or an error that says so, never a different number
    x = rng.standard_normal((3, 4))
    a, b = mg.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    fn(torch.nn.functional, b * 2).sum().backward()
    try:
        out = fn(F, a * 2)
    except RuntimeError as err:
        assert "inplace=True" in str(err) and "in place" in str(err)
        return
    out.sum().backward()
    np.testing.assert_allclose(a.grad.data, b.grad.numpy(), rtol=1e-12)


def test_inplace_modules_and_their_reprs(torch):
    for make in (lambda L: L.ReLU(inplace=True), lambda L: L.LeakyReLU(0.1, inplace=True),
                 lambda L: L.SiLU(inplace=True), lambda L: L.Dropout(0.3, inplace=True),
                 lambda L: L.ReLU(), lambda L: L.Dropout(0.1)):
        ours, theirs = make(nn), make(torch.nn)
        assert repr(ours) == repr(theirs)
    with mg.no_grad():
        x = mg.tensor([-1.0, 2.0])
        assert nn.ReLU(inplace=True)(x) is x and x.tolist() == [0.0, 2.0]
        y = mg.ones(1000)
        out = F.dropout(y, 0.5, True, True)
        assert out is y and set(np.unique(y.data)) <= {0.0, 2.0}
    with pytest.raises(RuntimeError, match="relu\\(inplace=True\\).*leaf"):
        F.relu(mg.ones(2, requires_grad=True), inplace=True)
