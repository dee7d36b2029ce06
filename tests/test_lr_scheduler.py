"""Learning-rate schedules, step by step against PyTorch's learning-rate sequence (and the
momentum, for OneCycleLR and CyclicLR) and its state_dict, on an optimizer with two
parameter groups."""

import math

import numpy as np
import pytest

import minigrad as mg
from minigrad import optim
from minigrad.optim import lr_scheduler

SCHEDULES = {
    "StepLR": lambda S, o: S.StepLR(o, step_size=3, gamma=0.5),
    "MultiStepLR": lambda S, o: S.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.5),
    "ExponentialLR": lambda S, o: S.ExponentialLR(o, gamma=0.9),
    "CosineAnnealingLR": lambda S, o: S.CosineAnnealingLR(o, T_max=7, eta_min=0.01),
    "LambdaLR": lambda S, o: S.LambdaLR(o, lr_lambda=lambda e: 0.95 ** e),
    "LambdaLR per group": lambda S, o: S.LambdaLR(o, [lambda e: 1 / (e + 1), lambda e: e]),
    "LinearLR": lambda S, o: S.LinearLR(o),
    "LinearLR decay": lambda S, o: S.LinearLR(o, start_factor=0.5, end_factor=0.1,
                                              total_iters=10),
    "OneCycleLR": lambda S, o: S.OneCycleLR(o, max_lr=[1.0, 2.0], total_steps=30),
    "OneCycleLR three phases": lambda S, o: S.OneCycleLR(
        o, max_lr=1.0, epochs=3, steps_per_epoch=10, three_phase=True,
        anneal_strategy="linear"),
}


def groups(make):
    return [{"params": [make()]}, {"params": [make()], "lr": 0.5}]


def test_schedules_by_hand():
    opt = optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=1.0)
    sched = lr_scheduler.CosineAnnealingLR(opt, T_max=4)
    seen = []
    for _ in range(5):
        seen.append(sched.get_last_lr()[0])
        sched.step()
    assert seen == pytest.approx([1.0, (1 + math.cos(math.pi / 4)) / 2, 0.5,
                                  (1 + math.cos(3 * math.pi / 4)) / 2, 0.0], abs=1e-15)
    warm = lr_scheduler.LinearLR(optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.3),
                                 start_factor=0.1, total_iters=3)
    lrs = []
    for _ in range(5):
        lrs.append(warm.get_last_lr()[0])
        warm.step()
    assert lrs == pytest.approx([0.03, 0.12, 0.21, 0.3, 0.3])


def test_schedule_state_dict_resumes():
    def fresh():
        opt = optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.1)
        return opt, lr_scheduler.StepLR(opt, 2, 0.5)

    opt, sched = fresh()
    for _ in range(3):
        sched.step()
    saved, saved_opt = sched.state_dict(), opt.state_dict()
    assert "optimizer" not in saved
    opt2, sched2 = fresh()
    opt2.load_state_dict(saved_opt)
    sched2.load_state_dict(saved)
    sched.step()
    sched2.step()
    assert sched2.get_last_lr() == sched.get_last_lr() == [0.025]


def test_schedule_errors():
    opt = optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.1)
    with pytest.raises(ValueError, match="step_size must be a positive integer"):
        lr_scheduler.StepLR(opt, 0)
    with pytest.raises(ValueError, match="total_steps, or both epochs"):
        lr_scheduler.OneCycleLR(opt, 1.0)
    one = lr_scheduler.OneCycleLR(opt, 1.0, total_steps=2)
    one.step()
    one.step()
    with pytest.raises(ValueError, match="total_steps is 2"):
        one.step()
    with pytest.raises(ValueError, match="no momentum to cycle"):
        lr_scheduler.OneCycleLR(optim.Adagrad([mg.Tensor([0.0], requires_grad=True)]), 1.0,
                                total_steps=5)
    with pytest.raises(ValueError, match="milestones must be increasing"):
        lr_scheduler.MultiStepLR(opt, [5, 2])
    with pytest.raises(KeyError, match="initial_lr"):
        lr_scheduler.StepLR(optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.1), 2,
                            last_epoch=3)
    with pytest.raises(TypeError, match="minigrad optimizer"):
        lr_scheduler.StepLR(object(), 2)


# -- the rest of PyTorch's schedules (issue 20): 100 steps and the state, against PyTorch -----
MORE = {
    "MultiplicativeLR": lambda S, o: S.MultiplicativeLR(o, lambda e: 0.97),
    "MultiplicativeLR per group": lambda S, o: S.MultiplicativeLR(
        o, [lambda e: 0.9, lambda e: 1.0 if e % 10 else 0.5]),
    "ConstantLR": lambda S, o: S.ConstantLR(o, factor=0.25, total_iters=7),
    "PolynomialLR": lambda S, o: S.PolynomialLR(o, total_iters=40, power=2.0),
    "CosineAnnealingWarmRestarts": lambda S, o: S.CosineAnnealingWarmRestarts(
        o, T_0=7, T_mult=2, eta_min=0.001),
    "CosineAnnealingWarmRestarts T_mult=1": lambda S, o: S.CosineAnnealingWarmRestarts(o, 10),
    "CyclicLR triangular2": lambda S, o: S.CyclicLR(o, base_lr=0.01, max_lr=[0.2, 0.3],
                                                    step_size_up=6, step_size_down=4,
                                                    mode="triangular2"),
    "CyclicLR exp_range": lambda S, o: S.CyclicLR(o, base_lr=[0.01, 0.02], max_lr=0.2,
                                                  step_size_up=5, mode="exp_range", gamma=0.98),
    "SequentialLR warm-up then cosine": lambda S, o: S.SequentialLR(
        o, [S.LinearLR(o, 0.1, total_iters=5), S.CosineAnnealingLR(o, T_max=30),
            S.ExponentialLR(o, 0.9)], milestones=[5, 40]),
    "SequentialLR of step schedules": lambda S, o: S.SequentialLR(
        o, [S.StepLR(o, 3, 0.5), S.MultiStepLR(o, [3, 8]), S.PolynomialLR(o, 20)],
        milestones=[10, 30]),
    "SequentialLR of a chain": lambda S, o: S.SequentialLR(
        o, [S.ChainedScheduler([S.ExponentialLR(o, 0.9), S.MultiplicativeLR(o, lambda e: 0.99)]),
            S.ConstantLR(o, 0.5, total_iters=3)], milestones=[10]),
    "ChainedScheduler": lambda S, o: S.ChainedScheduler([S.ConstantLR(o, 0.5, total_iters=10),
                                                         S.ExponentialLR(o, 0.95)]),
}


def _rounded(x):
    """A state dict with floats rounded to 12 digits (the two compute them to rounding)."""
    if isinstance(x, dict):
        return {k: _rounded(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(_rounded(v) for v in x)
    return round(x, 12) if isinstance(x, float) else x


def _pair(torch, name, opt_name, table=MORE):
    kwargs = dict(lr=0.1, momentum=0.9) if opt_name == "SGD" else dict(lr=0.1)
    opt = getattr(optim, opt_name)(
        groups(lambda: mg.Tensor(np.zeros(2), requires_grad=True)), **kwargs)
    topt = getattr(torch.optim, opt_name)(groups(lambda: torch.zeros(2, requires_grad=True)),
                                          **kwargs)
    return opt, table[name](lr_scheduler, opt), topt, table[name](torch.optim.lr_scheduler, topt)


def _same_step(opt, sched, topt, tsched, step):
    momentum = "momentum" if "momentum" in opt.defaults else "betas"
    assert sched.get_last_lr() == pytest.approx(tsched.get_last_lr(), rel=1e-12, abs=0), step
    assert [g["lr"] for g in opt.param_groups] == pytest.approx(
        [g["lr"] for g in topt.param_groups], rel=1e-12, abs=0), step
    assert [g[momentum] for g in opt.param_groups] == \
        [pytest.approx(g[momentum], rel=1e-12) for g in topt.param_groups], step


@pytest.mark.filterwarnings("ignore:Detected call of `lr_scheduler.step\\(\\)` before")
@pytest.mark.parametrize("opt_name", ["SGD", "Adam"])
@pytest.mark.parametrize("name", list(MORE) + list(SCHEDULES))
def test_100_steps_and_the_state_dict_match_pytorch(torch, name, opt_name):
    table = MORE if name in MORE else SCHEDULES
    opt, sched, topt, tsched = _pair(torch, name, opt_name, table)
    steps = 30 if "OneCycle" in name else 100               # its cycle is 30 steps long
    for step in range(steps):
        _same_step(opt, sched, topt, tsched, step)
        assert _rounded(sched.state_dict()) == _rounded(tsched.state_dict()), step
        opt.step()
        topt.step()
        sched.step()
        tsched.step()


@pytest.mark.parametrize("name", ["CosineAnnealingWarmRestarts", "CyclicLR triangular2",
                                  "SequentialLR warm-up then cosine", "ChainedScheduler",
                                  "MultiplicativeLR"])
def test_a_schedule_resumes_from_pytorchs_state_dict(torch, name):
    opt, sched, topt, tsched = _pair(torch, name, "SGD")
    for _ in range(13):
        topt.step()
        tsched.step()
    opt.load_state_dict({"state": {}, "param_groups": [
        {k: v for k, v in g.items()} for g in topt.state_dict()["param_groups"]]})
    sched.load_state_dict(tsched.state_dict())
    for step in range(40):
        _same_step(opt, sched, topt, tsched, step)
        sched.step()
        tsched.step()


def test_reduce_on_plateau_matches_pytorch(torch):
    metrics = np.cumsum(np.random.default_rng(0).normal(0, 1, 100)) * 0.1 + 10
    for kwargs in (dict(patience=2, cooldown=1, factor=0.5, min_lr=[0.01, 0.0], threshold=0.01),
                   dict(mode="max", threshold_mode="abs", patience=0, threshold=0.05),
                   dict(patience=3, eps=0.2, factor=0.1)):
        opt = optim.SGD(groups(lambda: mg.Tensor(np.zeros(2), requires_grad=True)), lr=1.0)
        topt = torch.optim.SGD(groups(lambda: torch.zeros(2, requires_grad=True)), lr=1.0)
        sched = lr_scheduler.ReduceLROnPlateau(opt, **kwargs)
        tsched = torch.optim.lr_scheduler.ReduceLROnPlateau(topt, **kwargs)
        for i, m in enumerate(metrics):
            sched.step(mg.tensor(m) if i % 2 else m)              # a number or a 1-element tensor
            tsched.step(m)
            assert sched.get_last_lr() == pytest.approx(tsched.get_last_lr(), rel=1e-12), i
            assert _rounded(sched.state_dict()) == _rounded(tsched.state_dict()), i
        fresh = lr_scheduler.ReduceLROnPlateau(opt, **kwargs)
        fresh.load_state_dict(tsched.state_dict())
        assert fresh.best == tsched.best and fresh.num_bad_epochs == tsched.num_bad_epochs


def test_more_schedule_errors():
    opt = optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.1)
    with pytest.raises(ValueError, match="factor must be between 0 and 1"):
        lr_scheduler.ConstantLR(opt, factor=1.5)
    with pytest.raises(ValueError, match="T_0 must be a positive integer"):
        lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=0)
    with pytest.raises(ValueError, match="T_mult must be an integer >= 1"):
        lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=5, T_mult=0)
    with pytest.raises(ValueError, match="mode must be 'triangular'"):
        lr_scheduler.CyclicLR(opt, 0.1, 1.0, mode="square")
    with pytest.raises(ValueError, match="one value per parameter group: got 2 for 1"):
        lr_scheduler.CyclicLR(opt, [0.1, 0.2], 1.0)
    with pytest.raises(ValueError, match="no momentum to cycle"):
        lr_scheduler.CyclicLR(optim.Adagrad([mg.Tensor([0.0], requires_grad=True)]), 0.1, 1.0)
    with pytest.raises(ValueError, match="factor must be below 1"):
        lr_scheduler.ReduceLROnPlateau(opt, factor=1.0)
    with pytest.raises(ValueError, match="mode must be 'min' or 'max'"):
        lr_scheduler.ReduceLROnPlateau(opt, mode="best")
    plateau = lr_scheduler.ReduceLROnPlateau(opt)
    with pytest.raises(TypeError, match="expects the metric"):
        plateau.step(None)
    with pytest.raises(ValueError, match="ReduceLROnPlateau, whose step\\(\\) needs the metric"):
        lr_scheduler.SequentialLR(opt, [lr_scheduler.StepLR(opt, 2), plateau], [3])
    with pytest.raises(ValueError, match="expected 1 milestone"):
        lr_scheduler.SequentialLR(opt, [lr_scheduler.StepLR(opt, 2),
                                        lr_scheduler.StepLR(opt, 3)], [3, 4])
    other = optim.SGD([mg.Tensor([0.0], requires_grad=True)], lr=0.1)
    with pytest.raises(ValueError, match="same optimizer"):
        lr_scheduler.ChainedScheduler([lr_scheduler.StepLR(opt, 2), lr_scheduler.StepLR(other, 2)])
    with pytest.raises(ValueError, match="at least one schedule"):
        lr_scheduler.ChainedScheduler([])
    with pytest.raises(ValueError, match="expected one function or 1 functions"):
        lr_scheduler.MultiplicativeLR(opt, [lambda e: 1.0, lambda e: 1.0])
    with pytest.warns(UserWarning, match="step\\(epoch\\) is deprecated"):
        lr_scheduler.StepLR(opt, 2).step(5)
