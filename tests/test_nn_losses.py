"""The losses of chapter 11 and cross-entropy's options: PyTorch, gradcheck, edge cases."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from torchref import compare

rng = np.random.default_rng(0)
REDUCTIONS = ["mean", "sum", "none"]


def leaf(*shape):
    return mg.Tensor(rng.standard_normal(shape), requires_grad=True)


def probabilities(*shape):
    p = np.exp(rng.standard_normal(shape))
    return p / p.sum(axis=1, keepdims=True)


# -- cross-entropy -------------------------------------------------------------------------
CE_CASES = [
    ("indices", (6, 4), lambda: np.array([0, 3, 1, -100, 2, 3]), {}),
    ("weights + smoothing", (6, 4), lambda: np.array([0, 3, 1, -100, 2, 3]),
     dict(weight=rng.random(4) + 0.5, label_smoothing=0.2)),
    ("smoothing", (5, 4), lambda: rng.integers(0, 4, 5), dict(label_smoothing=0.1)),
    ("ignore_index", (5, 4), lambda: np.array([1, 2, 1, 0, 2]), dict(ignore_index=1)),
    ("probabilities", (5, 4), lambda: probabilities(5, 4),
     dict(weight=rng.random(4) + 0.5, label_smoothing=0.3)),
    ("per position", (2, 4, 3, 5), lambda: rng.integers(0, 4, (2, 3, 5)),
     dict(weight=rng.random(4) + 0.5, label_smoothing=0.1)),
    ("per position, probabilities", (2, 4, 3), lambda: probabilities(2, 4, 3), {}),
    ("one sample", (4,), lambda: np.array(2), {}),
]


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("name, shape, target, kwargs", CE_CASES, ids=[c[0] for c in CE_CASES])
def test_cross_entropy_matches_pytorch(torch, name, shape, target, kwargs, reduction):
    logits, y = rng.standard_normal(shape) * 2, target()
    tkw = {k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    compare(torch, lambda z: F.cross_entropy(z, y, reduction=reduction, **kwargs),
            lambda z: torch.nn.functional.cross_entropy(z, torch.tensor(y), reduction=reduction,
                                                        **tkw), [logits], what=name)


def test_cross_entropy_with_probability_targets_differentiates_the_targets_too(torch):
    logits, p = rng.standard_normal((3, 4)), probabilities(3, 4)
    compare(torch, lambda z, t: F.cross_entropy(z, t, label_smoothing=0.1),
            lambda z, t: torch.nn.functional.cross_entropy(z, t, label_smoothing=0.1),
            [logits, p])


def test_cross_entropy_module_options_and_gradcheck():
    z, y, w = leaf(5, 3), np.array([0, 2, 1, 1, -100]), rng.random(3) + 0.5
    loss = nn.CrossEntropyLoss(weight=w, label_smoothing=0.1)
    assert loss(z, y).item() == pytest.approx(
        F.cross_entropy(z, y, w, label_smoothing=0.1).item())
    assert mg.gradcheck(lambda z: F.cross_entropy(z, y, w, label_smoothing=0.2), z)
    assert mg.gradcheck(lambda z: F.cross_entropy(z, probabilities(5, 3) * 0 + 1 / 3), z)
    assert mg.gradcheck(lambda z: F.cross_entropy(z, y, reduction="none"), z)


def test_cross_entropy_with_every_target_ignored_is_nan_as_in_pytorch():
    z = leaf(2, 3)
    assert np.isnan(F.cross_entropy(z, np.array([-100, -100])).item())
    assert F.cross_entropy(z, np.array([-100, -100]), reduction="sum").item() == 0.0


def test_cross_entropy_option_errors():
    z = leaf(3, 4)
    with pytest.raises(ValueError, match="label_smoothing"):
        F.cross_entropy(z, np.array([0, 1, 2]), label_smoothing=1.5)
    with pytest.raises(mg.ShapeError, match=r"one entry per class, shape \(4,\)"):
        F.cross_entropy(z, np.array([0, 1, 2]), weight=np.ones(3))
    with pytest.raises(ValueError, match="ignore_index is not supported for probability"):
        F.cross_entropy(z, probabilities(3, 4), ignore_index=0)
    with pytest.raises(IndexError, match="class -1.*4 classes.*or ignore_index=-100"):
        F.cross_entropy(z, np.array([0, -1, 2]))
    with pytest.raises(TypeError, match="reduction by name"):
        F.cross_entropy(z, np.array([0, 1, 2]), "sum")


# -- nll -------------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_nll_loss_matches_pytorch(torch, reduction):
    logp = np.log(probabilities(6, 4))
    y = np.array([0, 3, 1, -100, 2, 3])
    w = rng.random(4) + 0.5
    compare(torch, lambda x: F.nll_loss(x, y, w, reduction=reduction),
            lambda x: torch.nn.functional.nll_loss(x, torch.tensor(y), torch.tensor(w),
                                                   reduction=reduction), [logp])
    x3, y3 = rng.standard_normal((2, 4, 3)), rng.integers(0, 4, (2, 3))
    compare(torch, lambda x: nn.NLLLoss(reduction=reduction, ignore_index=2)(x, y3),
            lambda x: torch.nn.NLLLoss(reduction=reduction, ignore_index=2)(x, torch.tensor(y3)),
            [x3])


def test_log_softmax_then_nll_is_cross_entropy():
    z, y = leaf(4, 5), rng.integers(0, 5, 4)
    a = nn.NLLLoss()(nn.LogSoftmax(dim=1)(z), y)
    assert a.item() == pytest.approx(nn.CrossEntropyLoss()(z, y).item(), rel=1e-12)
    assert mg.gradcheck(lambda z: F.nll_loss(z, y, np.arange(1.0, 6.0)), z)


# -- binary --------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_binary_cross_entropy_matches_pytorch(torch, reduction):
    p, t, w = rng.random((5, 3)), rng.random((5, 3)), rng.random(3) + 0.5
    compare(torch, lambda p, t: F.binary_cross_entropy(p, t, w, reduction),
            lambda p, t: torch.nn.functional.binary_cross_entropy(p, t, torch.tensor(w),
                                                                  reduction=reduction), [p, t])


def test_binary_cross_entropy_at_0_and_1_is_clamped_like_pytorch(torch):
    p, t = np.array([0.0, 1.0, 0.5, 1e-300]), np.array([1.0, 0.0, 0.5, 1.0])
    compare(torch, lambda p: F.binary_cross_entropy(p, t),
            lambda p: torch.nn.functional.binary_cross_entropy(p, torch.tensor(t)), [p],
            tol=dict(rtol=1e-12, atol=0))
    with pytest.raises(ValueError, match="between 0 and 1"):
        F.binary_cross_entropy(mg.Tensor([1.5]), mg.Tensor([1.0]))


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("weighted", [False, True])
def test_bce_with_logits_matches_pytorch_even_for_huge_scores(torch, reduction, weighted):
    z = np.concatenate([rng.standard_normal((4, 3)) * 3, [[1e4, -1e4, 0.0]]])
    t = rng.random((5, 3))
    w, pw = (rng.random(3) + 0.5, rng.random(3) * 3) if weighted else (None, None)
    T = (lambda a: None if a is None else torch.tensor(a))
    compare(torch, lambda z, t: F.binary_cross_entropy_with_logits(z, t, w, reduction, pw),
            lambda z, t: torch.nn.functional.binary_cross_entropy_with_logits(
                z, t, T(w), reduction=reduction, pos_weight=T(pw)), [z, t])


def test_bce_modules_and_gradcheck():
    z, t = leaf(4, 2), mg.Tensor(rng.random((4, 2)), requires_grad=True)
    assert nn.BCEWithLogitsLoss()(z, t).item() == pytest.approx(
        nn.BCELoss()(z.sigmoid(), t).item(), rel=1e-10)
    assert mg.gradcheck(lambda z, t: F.binary_cross_entropy_with_logits(
        z, t, pos_weight=np.array([2.0, 0.5])), z, t)
    p = mg.Tensor(rng.random((4, 2)) * 0.8 + 0.1, requires_grad=True)
    assert mg.gradcheck(lambda p, t: F.binary_cross_entropy(p, t), p, t)
    with pytest.raises(TypeError, match="reduction by name"):
        nn.BCELoss("sum")


# -- regression ------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("name, ours, theirs", [
    ("l1", lambda r: nn.L1Loss(r), lambda T, r: T.nn.L1Loss(reduction=r)),
    ("smooth_l1", lambda r: nn.SmoothL1Loss(r, beta=0.5),
     lambda T, r: T.nn.SmoothL1Loss(reduction=r, beta=0.5)),
    ("smooth_l1 beta 0", lambda r: nn.SmoothL1Loss(r, beta=0.0),
     lambda T, r: T.nn.SmoothL1Loss(reduction=r, beta=0.0)),
    ("huber", lambda r: nn.HuberLoss(r, delta=0.7), lambda T, r: T.nn.HuberLoss(reduction=r,
                                                                              delta=0.7)),
    ("mse", lambda r: nn.MSELoss(r), lambda T, r: T.nn.MSELoss(reduction=r)),
])
def test_regression_losses_match_pytorch(torch, reduction, name, ours, theirs):
    x = rng.standard_normal((4, 3)) * 2
    t = x + np.where(rng.random((4, 3)) < 0.3, 0.0, rng.standard_normal((4, 3)))  # some exact 0s
    compare(torch, ours(reduction), theirs(torch, reduction), [x, t], what=name)


def test_regression_losses_gradcheck_and_refuse_to_broadcast():
    x, t = leaf(3, 2), leaf(3, 2)
    for fn in (F.l1_loss, lambda a, b: F.smooth_l1_loss(a, b, beta=0.3),
               lambda a, b: F.huber_loss(a, b, delta=0.4)):
        assert mg.gradcheck(fn, x, t)
        with pytest.raises(mg.ShapeError, match="must be equal"):
            fn(leaf(3, 1), leaf(3))
    with pytest.raises(ValueError, match="delta must be > 0"):
        F.huber_loss(x, t, delta=0)
    with pytest.raises(ValueError, match="reduction"):
        nn.L1Loss("avg")


def test_loss_reprs():
    assert repr(nn.L1Loss()) == "L1Loss()"
    assert repr(nn.NLLLoss(reduction="sum")) == "NLLLoss(reduction='sum')"


# -- KL divergence (issue 20) -------------------------------------------------------------------
@pytest.mark.parametrize("reduction", ["batchmean", "sum", "none", "mean"])
@pytest.mark.parametrize("log_target", [False, True])
def test_kl_div_matches_pytorch_including_zero_targets(torch, reduction, log_target):
    logq = np.log(probabilities(4, 5))
    p = probabilities(4, 5)
    p[0, :2] = 0.0                                 # zero targets: their terms are 0
    p[0] /= p[0].sum()
    target = np.log(p + 1e-3) if log_target else p
    kwargs = dict(reduction=reduction, log_target=log_target)
    with pytest.warns(UserWarning, match="batchmean") if reduction == "mean" else _nothing():
        compare(torch, lambda a, b: F.kl_div(a, b, **kwargs),
                lambda a, b: torch.nn.functional.kl_div(a, b, **kwargs), [logq, target])
    with pytest.warns(UserWarning) if reduction == "mean" else _nothing():
        ours = nn.KLDivLoss(**kwargs)
        theirs = torch.nn.KLDivLoss(**kwargs)
        compare(torch, ours, theirs, [logq, target], grad=[True, False])


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_kl_div_is_the_textbook_divergence_and_zero_for_equal_distributions():
    p, q = probabilities(3, 4), probabilities(3, 4)
    by_hand = (p * (np.log(p) - np.log(q))).sum() / 3
    loss = F.kl_div(mg.tensor(np.log(q)), mg.tensor(p), reduction="batchmean")
    assert loss.item() == pytest.approx(by_hand, rel=1e-12)
    assert F.kl_div(mg.tensor(np.log(p)), mg.tensor(p), reduction="sum").item() == \
        pytest.approx(0.0, abs=1e-14)
    mg.gradcheck(lambda a: F.kl_div(a, mg.tensor(p), reduction="batchmean"),
                 mg.tensor(np.log(q), requires_grad=True))


def test_kl_div_errors():
    x = mg.zeros(2, 3)
    with pytest.raises(ValueError, match="reduction must be one of"):
        F.kl_div(x, x, reduction="avg")
    with pytest.raises(TypeError, match="deprecated arguments; pass reduction="):
        F.kl_div(x, x, True)
    with pytest.raises(mg.ShapeError, match="input has shape \\(2, 3\\) but target has shape"):
        F.kl_div(x, mg.zeros(3), reduction="sum")
    with pytest.raises(ValueError, match="reduction must be one of"):
        nn.KLDivLoss(reduction="bad")
