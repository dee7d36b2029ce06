"""minigrad.optim: exact update values, worked out by hand here (and checked against
PyTorch when it is installed), plus the bookkeeping around them."""

import math

import numpy as np
import pytest
from needs_torch import require_torch

import minigrad as mg
from minigrad import nn, optim


def param(values):
    return mg.Tensor(np.array(values, dtype=float), requires_grad=True)


def set_grad(p, values):
    p.grad = mg.Tensor(np.array(values, dtype=float))


GRADS = [[0.5, -1.0], [0.25, 2.0], [-1.0, 0.0]]       # three steps' worth of gradients


def run(opt_factory, grads=GRADS, start=(1.0, -2.0)):
    p = param(start)
    opt = opt_factory([p])
    for g in grads:
        set_grad(p, g)
        opt.step()
    return p.data


def test_plain_sgd():
    # p ← p − lr·g, three times
    expected = np.array([1.0, -2.0]) - 0.1 * np.sum(GRADS, axis=0)
    np.testing.assert_allclose(run(lambda ps: optim.SGD(ps, lr=0.1)), expected)


def test_sgd_with_momentum_and_weight_decay_by_hand():
    lr, mu, wd = 0.1, 0.9, 0.01
    p, buf = np.array([1.0, -2.0]), None
    for g in GRADS:
        g = np.array(g) + wd * p
        buf = g if buf is None else mu * buf + g
        p = p - lr * buf
    got = run(lambda ps: optim.SGD(ps, lr=lr, momentum=mu, weight_decay=wd))
    np.testing.assert_allclose(got, p, rtol=1e-15)
    # the first two steps written out as numbers, for the first element:
    # step 1: g = 0.5 + 0.01·1 = 0.51, b = 0.51, p = 1 − 0.051 = 0.949
    # step 2: g = 0.25 + 0.00949 = 0.25949, b = 0.9·0.51 + 0.25949 = 0.71849, p = 0.949 − 0.071849
    two = run(lambda ps: optim.SGD(ps, lr=lr, momentum=mu, weight_decay=wd), GRADS[:2])
    assert two[0] == pytest.approx(0.877151, abs=1e-12)


def adam_by_hand(grads, p, lr=0.01, b1=0.9, b2=0.999, eps=1e-8, wd=0.0):
    """Adam for one scalar in plain Python floats, straight from the formula."""
    m = v = 0.0
    for t, g in enumerate(grads, start=1):
        g = g + wd * p
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        m_hat, v_hat = m / (1 - b1 ** t), v / (1 - b2 ** t)
        p = p - lr * m_hat / (math.sqrt(v_hat) + eps)
    return p


@pytest.mark.parametrize("wd", [0.0, 0.1])
def test_adam_by_hand(wd):
    got = run(lambda ps: optim.Adam(ps, lr=0.01, weight_decay=wd))
    for i, start in enumerate([1.0, -2.0]):
        expected = adam_by_hand([g[i] for g in GRADS], start, wd=wd)
        assert got[i] == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_adam_first_step_moves_every_weight_by_about_lr():
    # m̂ = g and v̂ = g² after one step, so the step is lr·g/(|g| + ε) ≈ ±lr whatever g's size
    p = param([1.0, 1.0, 1.0])
    set_grad(p, [1e-2, 3.0, -500.0])
    optim.Adam([p], lr=0.05).step()
    np.testing.assert_allclose(p.data, [0.95, 0.95, 1.05], rtol=1e-6)


def test_a_parameter_without_gradient_is_skipped_and_keeps_its_own_step_count():
    a, b = param([1.0]), param([1.0])
    opt = optim.Adam([a, b], lr=0.1)
    set_grad(a, [1.0])
    opt.step()                                   # b has no gradient: untouched, no error
    assert b.data[0] == 1.0 and b not in opt.state     # state is keyed by parameter, as PyTorch
    set_grad(b, [1.0])
    opt.step()
    assert opt.state[a]["step"] == 2 and opt.state[b]["step"] == 1
    assert b.data[0] == pytest.approx(0.9)      # a first step for b: exactly lr


def test_zero_grad_and_shared_parameters():
    p = param([1.0])
    opt = optim.SGD([p, p], lr=1.0)              # listed twice, updated once
    assert len(opt.params) == 1
    set_grad(p, [1.0])
    opt.step()
    assert p.data[0] == 0.0
    opt.zero_grad()
    assert p.grad is None


def test_updates_keep_dtype_and_identity():
    p = mg.Tensor(np.ones(3, dtype=np.float32), requires_grad=True)
    data = p.data
    p.grad = mg.Tensor(np.ones(3, dtype=np.float32))
    optim.Adam([p]).step()
    assert p.data is data and p.data.dtype == np.float32


def test_helpful_errors_for_common_mistakes():
    model = nn.Linear(2, 1)
    with pytest.raises(TypeError, match=r"model.parameters instead of model.parameters\(\)"):
        optim.SGD(model.parameters, lr=0.1)
    gen = model.parameters()
    optim.SGD(gen, lr=0.1)
    with pytest.raises(ValueError, match="empty parameter list.*only be used once"):
        optim.SGD(gen, lr=0.1)                   # the generator is already used up
    with pytest.raises(TypeError, match="single Tensor; wrap it in a list"):
        optim.SGD(param([1.0]), lr=0.1)
    with pytest.raises(ValueError, match="only leaf tensors"):
        optim.SGD([param([1.0]) * 2], lr=0.1)
    with pytest.raises(TypeError, match="parameter 0 is a int"):
        optim.SGD([3], lr=0.1)
    with pytest.raises(ValueError, match="lr must be >= 0"):
        optim.SGD([param([1.0])], lr=-1)
    with pytest.raises(ValueError, match=r"betas\[1\] must be in \[0.0, 1.0\)"):
        optim.Adam([param([1.0])], betas=(0.9, 1.0))
    assert repr(optim.SGD([param([1.0])], lr=0.5)) == \
        "SGD(1 parameters, lr=0.5, momentum=0.0, weight_decay=0.0)"


def test_training_a_linear_model_reaches_the_true_weights():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((100, 3))
    true_w = np.array([[2.0], [-1.0], [0.5]])
    y = mg.Tensor(X @ true_w + 0.3)
    model = nn.Linear(3, 1, rng=rng)
    opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.5)
    for _ in range(200):
        opt.zero_grad()
        nn.MSELoss()(model(mg.Tensor(X)), y).backward()
        opt.step()
    np.testing.assert_allclose(model.weight.data, true_w.T, atol=1e-6)
    assert model.bias.data[0] == pytest.approx(0.3, abs=1e-6)


# -- against PyTorch -----------------------------------------------------------------------
@pytest.mark.parametrize("name, kwargs", [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.05, momentum=0.9, weight_decay=0.01)),
    ("Adam", dict(lr=0.01)),
    ("Adam", dict(lr=0.002, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1)),
])
def test_matches_pytorch(name, kwargs):
    torch = require_torch()
    rng = np.random.default_rng(1)
    start = rng.standard_normal((3, 4))
    grads = rng.standard_normal((6, 3, 4))
    ours = param(start)
    theirs = torch.tensor(start, requires_grad=True)
    opt = getattr(optim, name)([ours], **kwargs)
    topt = getattr(torch.optim, name)([theirs], **kwargs)
    for g in grads:
        set_grad(ours, g)
        theirs.grad = torch.tensor(g)
        opt.step()
        topt.step()
    np.testing.assert_allclose(ours.data, theirs.detach().numpy(), rtol=1e-12, atol=1e-14)


# -- the optimizers of chapter 11, parameter groups and saving --------------------------------
OPTIMIZERS = [
    ("SGD", dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("SGD", dict(lr=0.1, momentum=0.9, dampening=0.3, maximize=True)),
    ("Adam", dict(lr=0.01, amsgrad=True, weight_decay=0.1)),
    ("AdamW", dict(lr=0.01)),
    ("AdamW", dict(lr=0.01, amsgrad=True, weight_decay=0.5, betas=(0.8, 0.9))),
    ("RMSprop", dict()),
    ("RMSprop", dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1, alpha=0.9)),
    ("Adagrad", dict()),
    ("Adagrad", dict(lr=0.1, lr_decay=0.01, weight_decay=0.1, initial_accumulator_value=0.3)),
]


def two_groups(params):
    return [{"params": [params[0]]}, {"params": [params[1]], "lr": 0.003}]


@pytest.mark.parametrize("name, kwargs", OPTIMIZERS)
def test_optimizers_with_parameter_groups_match_pytorch_over_several_steps(torch, name, kwargs):
    rng = np.random.default_rng(2)
    starts = [rng.standard_normal((3, 4)), rng.standard_normal(5)]
    ours = [param(s) for s in starts]
    theirs = [torch.tensor(s, requires_grad=True) for s in starts]
    opt = getattr(optim, name)(two_groups(ours), **kwargs)
    topt = getattr(torch.optim, name)(two_groups(theirs), **kwargs)
    for _ in range(6):
        for a, b in zip(ours, theirs):
            g = rng.standard_normal(a.shape)
            set_grad(a, g)
            b.grad = torch.tensor(g)
        opt.step()
        topt.step()
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a.data, b.detach().numpy(), rtol=1e-12, atol=1e-14)
    # the state has PyTorch's layout: the same entries per parameter and per group
    state, their_state = opt.state_dict(), topt.state_dict()
    assert {i: set(s) for i, s in state["state"].items()} == \
        {i: set(s) for i, s in their_state["state"].items()}
    for mine, theirs_group in zip(state["param_groups"], their_state["param_groups"]):
        assert mine["params"] == theirs_group["params"]
        for key in mine:
            assert mine[key] == theirs_group[key], key


def test_optimizer_state_dict_round_trip_resumes_exactly():
    rng = np.random.default_rng(3)
    grads = rng.standard_normal((8, 3))

    def run(steps, opt=None, p=None):
        p = p if p is not None else param([1.0, 2.0, 3.0])
        opt = opt or optim.Adam([p], lr=0.1)
        for g in steps:
            set_grad(p, g)
            opt.step()
        return p, opt

    straight, _ = run(grads)
    half, opt = run(grads[:4])
    saved = opt.state_dict()
    saved["state"][0]["exp_avg"][...] = saved["state"][0]["exp_avg"]     # a copy, not a view
    p2 = param(half.data.copy())
    opt2 = optim.Adam([p2], lr=0.5)                                      # lr comes back too
    opt2.load_state_dict(saved)
    assert opt2.param_groups[0]["lr"] == 0.1 and opt2.state[p2]["step"] == 4
    resumed, _ = run(grads[4:], opt2, p2)
    np.testing.assert_array_equal(resumed.data, straight.data)


def test_load_state_dict_refuses_a_state_that_does_not_fit():
    opt = optim.SGD([param([1.0, 2.0])], lr=0.1, momentum=0.9)
    set_grad(opt.params[0], [1.0, 1.0])
    opt.step()
    state = opt.state_dict()
    other = optim.SGD([param([1.0]), param([2.0])], lr=0.1, momentum=0.9)
    with pytest.raises(ValueError, match="group 0 has 1 parameters in the state but 2 here"):
        other.load_state_dict(state)
    wrong = optim.SGD([param([1.0, 2.0, 3.0])], lr=0.1, momentum=0.9)
    with pytest.raises(ValueError, match="'momentum_buffer' of parameter 0 has shape"):
        wrong.load_state_dict(state)
    with pytest.raises(ValueError, match="'state' and 'param_groups'"):
        opt.load_state_dict({"state": {}})


def test_parameter_groups_bookkeeping_and_errors():
    a, b, c = param([1.0]), param([2.0]), param([3.0])
    opt = optim.SGD([{"params": [a, b]}, {"params": c, "lr": 0.5, "momentum": 0.9}], lr=0.1)
    assert [g["lr"] for g in opt.param_groups] == [0.1, 0.5]
    assert opt.param_groups[1]["momentum"] == 0.9 and opt.param_groups[0]["momentum"] == 0.0
    assert opt.params == [a, b, c] and opt.lr == 0.1
    opt.lr = 0.2                                       # sets every group
    assert [g["lr"] for g in opt.param_groups] == [0.2, 0.2]
    opt.add_param_group({"params": [param([4.0])], "lr": 1.0})
    assert len(opt.param_groups) == 3
    with pytest.raises(ValueError, match="already belongs to another parameter group"):
        opt.add_param_group({"params": [a]})
    with pytest.raises(ValueError, match=r"unknown hyperparameter\(s\) \['betas'\]"):
        optim.SGD([{"params": [param([1.0])], "betas": (0.9, 0.99)}], lr=0.1)
    with pytest.raises(ValueError, match="Nesterov momentum requires"):
        optim.SGD([param([1.0])], lr=0.1, nesterov=True)
    assert repr(opt).startswith("SGD(group 0: 2 parameters, lr=0.2, momentum=0.0")


def test_zero_grad_set_to_none_false_keeps_zeroed_arrays():
    p = param([1.0, 2.0])
    opt = optim.SGD([p], lr=0.1)
    set_grad(p, [3.0, 4.0])
    grad = p.grad
    opt.zero_grad(set_to_none=False)
    assert p.grad is grad and p.grad.data.tolist() == [0.0, 0.0]


def test_step_with_a_closure_returns_the_loss():
    p = param([2.0])
    opt = optim.SGD([p], lr=0.25)

    def closure():
        opt.zero_grad()
        loss = (p * p).sum()
        loss.backward()
        return loss

    loss = opt.step(closure)
    assert loss.item() == 4.0 and p.data[0] == pytest.approx(1.0)   # 2 - 0.25 * 4


def test_adamw_decays_weights_directly_and_adam_through_the_gradient():
    # with a zero gradient Adam's step is 0 (the decay is divided away by √v + ε ~ its size),
    # while AdamW still shrinks the weight by lr·λ
    p, q = param([1.0]), param([1.0])
    adam, adamw = optim.Adam([p], lr=0.1, weight_decay=0.5), optim.AdamW([q], lr=0.1,
                                                                         weight_decay=0.5)
    set_grad(p, [0.0])
    set_grad(q, [0.0])
    adamw.step()
    assert q.data[0] == pytest.approx(1 - 0.1 * 0.5)
    adam.step()
    assert p.data[0] == pytest.approx(0.9, abs=1e-6)        # a full lr step along λ·p
    assert optim.AdamW([param([1.0])]).param_groups[0]["weight_decay"] == 0.01
