"""Learning-rate schedules, step by step against PyTorch's learning-rate sequence (and its
momentum, for OneCycleLR), on an optimizer with two parameter groups."""

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


@pytest.mark.parametrize("opt_name", ["SGD", "Adam"])
@pytest.mark.parametrize("name", list(SCHEDULES))
def test_schedule_matches_pytorch_step_by_step(torch, name, opt_name):
    steps = 40 if "Cosine" in name else 30
    kwargs = dict(lr=0.1, momentum=0.9) if opt_name == "SGD" else dict(lr=0.1)
    opt = getattr(optim, opt_name)(
        groups(lambda: mg.Tensor(np.zeros(2), requires_grad=True)), **kwargs)
    topt = getattr(torch.optim, opt_name)(
        groups(lambda: torch.zeros(2, requires_grad=True)), **kwargs)
    sched = SCHEDULES[name](lr_scheduler, opt)
    tsched = SCHEDULES[name](torch.optim.lr_scheduler, topt)
    momentum = "momentum" if opt_name == "SGD" else "betas"
    for step in range(steps):
        assert sched.get_last_lr() == pytest.approx(tsched.get_last_lr(), rel=1e-13, abs=0), step
        assert [g["lr"] for g in opt.param_groups] == pytest.approx(
            [g["lr"] for g in topt.param_groups], rel=1e-13, abs=0)
        assert [g[momentum] for g in opt.param_groups] == \
            [pytest.approx(g[momentum], rel=1e-13) for g in topt.param_groups], step
        opt.step()
        topt.step()
        sched.step()
        tsched.step()


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
