"""The creators-and-counted-children design (classroom.designs.creator_tape) against minigrad."""

import numpy as np
import pytest

import minigrad
from minigrad import ShapeError
from minigrad.data import toy4
from classroom.designs.creator_tape import SGD, Tensor


def test_a_tensor_records_its_creators_and_children():
    a, b = Tensor([1.0, 2.0], autograd=True), Tensor([3.0, 4.0], autograd=True)
    c = a + b
    assert c.creators == [a, b] and c.creation_op == "add"
    assert a.children == {c.id: 1} and a.waiting_for() == 1
    d = a + a
    assert a.children[d.id] == 2
    plain = Tensor([1.0]) + Tensor([2.0])
    assert plain.creators is None and not plain.autograd


def test_a_tensor_used_twice_sums_its_gradients_before_passing_them_on():
    # The article's example: b feeds both d and e.
    a, b, c = (Tensor([1.0, 2, 3, 4, 5], autograd=True) for _ in range(3))
    d = a + b
    e = b + c
    f = d + e
    f.backward(Tensor(np.ones(5)))
    np.testing.assert_array_equal(b.grad.data, 2.0)
    np.testing.assert_array_equal(a.grad.data, 1.0)


def test_waiting_prevents_double_propagation():
    x = Tensor([2.0], autograd=True)
    u = x * x                     # u is used by two consumers, below
    v = u + u
    v.backward()
    # dv/du = 2 arrives in two halves; u must pass on 2 once, not 1 then 1+1=2 again
    np.testing.assert_allclose(x.grad.data, [8.0])          # d(2x²)/dx = 4x
    assert u.waiting_for() == 0 and x.waiting_for() == 0


def _pair(data, autograd=True):
    return Tensor(data, autograd=autograd), minigrad.Tensor(data, requires_grad=autograd)


@pytest.mark.parametrize("name", ["neg", "sub", "mul", "sum", "expand", "transpose", "mm"])
def test_every_op_matches_minigrad(name):
    rng = np.random.default_rng(0)
    A, B, M = rng.standard_normal((2, 3)), rng.standard_normal((2, 3)), rng.standard_normal((3, 4))
    (a, at), (b, bt), (m, mt) = _pair(A), _pair(B), _pair(M)
    ops = {
        "neg": (lambda: -a, lambda: -at),
        "sub": (lambda: a - b, lambda: at - bt),
        "mul": (lambda: a * b, lambda: at * bt),
        "sum": (lambda: a.sum(0) * Tensor([1.0, 2.0, 3.0]),
                lambda: at.sum(0) * minigrad.Tensor([1.0, 2.0, 3.0])),
        "expand": (lambda: a.expand(1, 4) * Tensor(np.arange(24.0).reshape(2, 4, 3)),
                   lambda: at.expand(1, 4) * minigrad.Tensor(np.arange(24.0).reshape(2, 4, 3))),
        "transpose": (lambda: a.transpose() * Tensor(np.arange(6.0).reshape(3, 2)),
                      lambda: at.transpose() * minigrad.Tensor(np.arange(6.0).reshape(3, 2))),
        "mm": (lambda: a.mm(m), lambda: at.mm(mt)),
    }
    ours, theirs = ops[name][0](), ops[name][1]()
    np.testing.assert_allclose(ours.data, theirs.data)
    ours.backward()
    theirs.sum().backward()
    np.testing.assert_allclose(a.grad.data, at.grad.data)
    if name in ("sub", "mul"):
        np.testing.assert_allclose(b.grad.data, bt.grad.data)
    if name == "mm":
        np.testing.assert_allclose(m.grad.data, mt.grad.data)


def test_sum_and_expand_are_each_others_backward():
    x = Tensor(np.arange(6.0).reshape(2, 3), autograd=True)
    x.sum(1).backward(Tensor([10.0, 20.0]))
    np.testing.assert_array_equal(x.grad.data, [[10, 10, 10], [20, 20, 20]])
    y = Tensor([1.0, 2.0], autograd=True)
    y.expand(0, 3).backward(Tensor(np.arange(6.0).reshape(3, 2)))
    np.testing.assert_array_equal(y.grad.data, [0 + 2 + 4, 1 + 3 + 5])


def _init():
    rng = np.random.default_rng(0)
    return rng.random((2, 3)), rng.random((3, 1))


def test_toy_network_hand_written_and_autograd_agree():
    X, y = toy4()
    alpha = 0.1

    w0, w1 = _init()
    by_hand = []
    for _ in range(10):
        l1 = X @ w0
        l2 = l1 @ w1
        diff = l2 - y
        by_hand.append((diff * diff).sum())
        g2 = 2 * diff
        g1 = g2 @ w1.T
        w1 = w1 - alpha * (l1.T @ g2)
        w0 = w0 - alpha * (X.T @ g1)

    W0, W1 = (Tensor(w, autograd=True) for w in _init())
    data, target = Tensor(X, autograd=True), Tensor(y, autograd=True)
    opt = SGD([W0, W1], alpha=alpha)
    auto = []
    for _ in range(10):
        pred = data.mm(W0).mm(W1)
        diff = pred - target
        loss = (diff * diff).sum(0)
        loss.backward(Tensor(np.ones_like(loss.data)))
        opt.step()
        auto.append(loss.data.item())
    np.testing.assert_allclose(auto, by_hand, rtol=1e-12)
    assert auto[-1] < auto[0]
    np.testing.assert_array_equal(W0.grad.data, 0.0)     # SGD zeroed the gradients


def test_a_child_that_never_reports_blocks_its_creator():
    # The counting approach's weak spot: `unused` is a child of `h` that is not part of
    # the loss, so `h` waits for it forever and `x` never hears anything.
    x = Tensor([1.0, 2.0], autograd=True)
    h = x * x
    loss = h + h
    unused = -h
    loss.backward()
    np.testing.assert_array_equal(h.grad.data, [2.0, 2.0])
    assert h.waiting_for() == 1 and h.children == {unused.id: 1}
    assert x.grad is None


def test_backward_twice_through_one_graph_is_an_error():
    x = Tensor([1.0], autograd=True)
    y = x + x
    y.backward()
    with pytest.raises(RuntimeError, match="second time"):
        y.backward()


def test_misuse_gives_clear_errors():
    a = Tensor(np.ones((2, 3)), autograd=True)
    with pytest.raises(ShapeError, match="expand"):
        a + Tensor(np.ones(3))
    with pytest.raises(TypeError, match="Tensor"):
        a * 2
    with pytest.raises(ShapeError, match="mm"):
        a.mm(a)
    with pytest.raises(IndexError, match="dim 2"):
        a.sum(2)
    with pytest.raises(ValueError, match="copies"):
        a.expand(0, 0)
    with pytest.raises(RuntimeError, match="autograd=True"):
        Tensor([1.0]).backward()
    with pytest.raises(ShapeError, match="must match"):
        (a + a).backward(Tensor(np.ones(2)))
    assert "creation_op='add'" in repr(a + a)
