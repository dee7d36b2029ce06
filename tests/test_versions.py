"""Silent wrong gradients that the version counter turns into errors (issue 15), and the
in-place ops that bump it."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn, optim

CHANGED = "changed in place after the forward pass"


def test_zeroing_an_exp_output_before_backward_is_caught():
    x = mg.Tensor([0.5, 1.0], requires_grad=True)
    y = x.exp()
    loss = y.sum()
    y.data *= 0                       # the array exp's backward reads
    with pytest.raises(RuntimeError, match=f"'exp' saved.*its output.*{CHANGED}"):
        loss.backward()


def test_an_optimizer_step_between_forward_and_a_retained_backward_is_caught():
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    x = mg.Tensor(np.ones((4, 3)))
    loss = (model(x) ** 2).mean()
    loss.backward(retain_graph=True)
    optim.SGD(model.parameters(), lr=0.1).step()       # changes the weight linear saved
    with pytest.raises(RuntimeError, match=f"'linear' saved.*{CHANGED}"):
        loss.backward()


def times_one(t):
    t.data *= 1                       # even a change that keeps the values counts


@pytest.mark.parametrize("change", [
    lambda t: setattr(t, "data", t.data * 2),                         # t.data = ...
    times_one,
    lambda t: t.mul_(2.0),
    lambda t: t.add_(1.0),
    lambda t: t.zero_(),
    lambda t: t.fill_(3.0),
    lambda t: t.copy_(np.ones(2)),
    lambda t: t.clamp_(0.0, 0.5),
    lambda t: t.__setitem__(0, 9.0),
])
def test_every_in_place_change_of_a_saved_tensor_is_caught(change):
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    x = mg.Tensor([3.0, 4.0], requires_grad=True)
    y = (w * x).sum()                 # mul saves both
    with mg.no_grad():
        change(w)
    with pytest.raises(RuntimeError, match=f"'mul' saved.*its input 0.*{CHANGED}"):
        y.backward()


def test_changing_what_nobody_saved_is_fine():
    a = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = (a + 1.0).sum()               # add saves nothing
    with mg.no_grad():
        a.mul_(10.0)
    y.backward()
    assert a.grad.data.tolist() == [1.0, 1.0]


def test_a_change_through_a_view_or_a_detached_twin_counts_for_the_original():
    w = mg.Tensor(np.arange(4.0), requires_grad=True)
    y = (w * w).sum()
    with mg.no_grad():
        w.reshape(2, 2)[0, 0] = 7.0   # a view of w's array
    with pytest.raises(RuntimeError, match=CHANGED):
        y.backward()
    v = mg.Tensor([1.0, 2.0], requires_grad=True)
    z = (v * v).sum()
    v.detach().mul_(3.0)
    with pytest.raises(RuntimeError, match=CHANGED):
        z.backward()


def test_in_place_rules_follow_pytorch():
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="leaf that requires grad"):
        w.mul_(2.0)
    with pytest.raises(RuntimeError, match="leaf that requires grad"):
        w -= 1.0
    with mg.no_grad():
        w -= 1.0                       # an optimizer's update: in place
    assert w.data.tolist() == [0.0, 1.0] and w.is_leaf and w.version == 1
    h = w * 2.0
    before = h
    h += 1.0                           # a computed tensor: changed in place, and recorded
    assert h is before and h.op == "add" and h.version == 1
    h.sum().backward()
    assert w.grad.data.tolist() == [2.0, 2.0]
    c = mg.Tensor([1.0, 1.0])
    before = c
    c += w                             # a constant plus a tracked tensor: c takes the history
    assert c is before and c.requires_grad and c.op == "add" and not c.is_leaf
    with pytest.raises(ValueError, match="add_ on a tensor of shape \\(2,\\)"):
        mg.Tensor([1.0, 2.0]).add_(np.ones(3))
    with pytest.raises(TypeError, match="add_ on a tensor of dtype int64"):
        mg.Tensor(np.array([1, 2])).add_(0.5)


def test_clone_copies_and_stays_in_the_graph():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = x.clone()
    assert y.data is not x.data and y.op == "clone"
    (y * 3.0).sum().backward()
    assert x.grad.data.tolist() == [3.0, 3.0]


def test_grad_assignment_is_checked():
    t = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(TypeError, match="must be a Tensor .* got ndarray"):
        t.grad = np.ones(2)
    with pytest.raises(TypeError, match="got float"):
        t.grad = 1.0
    with pytest.raises(mg.ShapeError, match="shape \\(2,\\).*shape \\(3,\\)"):
        t.grad = mg.Tensor(np.ones(3))
    with pytest.raises(TypeError, match="floating-point"):
        t.grad = mg.Tensor(np.array([1, 2]))
    t.grad = mg.Tensor([0.5, 0.5])
    t.grad = None


def test_no_grad_as_a_bare_decorator_and_on_generators():
    @mg.no_grad
    def bare(x):
        return x * 2.0

    @mg.no_grad()
    def called(x):
        return x * 2.0

    @mg.no_grad()
    def batches(x):
        for _ in range(3):
            yield x * 2.0

    x = mg.Tensor([1.0], requires_grad=True)
    assert not bare(x).requires_grad and not called(x).requires_grad
    assert [b.requires_grad for b in batches(x)] == [False, False, False]
    assert mg.is_grad_enabled()
    gen = batches(x)
    next(gen)
    assert mg.is_grad_enabled()          # the flag is set only while the generator runs
    assert (x * 2.0).requires_grad
