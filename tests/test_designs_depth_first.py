"""The depth-first design (classroom.designs.depth_first) against minigrad's tape."""

import numpy as np
import pytest

from minigrad import ShapeError, Tensor
from classroom.designs import depth_first as df
from classroom.designs.depth_first import Var


def test_the_articles_example():
    a, b = Var(10.0), Var(5.0)
    d = (a * b) ** 2
    assert d.value == 2500.0
    visits = d.backward()
    assert (a.grad, b.grad) == (500.0, 1000.0)
    assert visits == 4                       # d, a*b, a, b: a tree, one path to each node
    at, bt = Tensor(10.0, requires_grad=True), Tensor(5.0, requires_grad=True)
    ((at * bt) ** 2).backward()
    assert (at.grad.item(), bt.grad.item()) == (500.0, 1000.0)


def _both(fn, *arrays):
    """Gradients of sum(fn(...)) for each array, from depth_first (both walks) and minigrad."""
    vs = [Var(a) for a in arrays]
    out = fn(*vs)
    out.backward()
    paths = [v.grad.copy() for v in vs]
    out.backward(method="topological")
    sorted_ = [v.grad.copy() for v in vs]
    ts = [Tensor(a, requires_grad=True) for a in arrays]
    ref = fn(*ts)
    ref.sum().backward()
    np.testing.assert_allclose(out.value, ref.data, rtol=1e-12)
    for p, s, t in zip(paths, sorted_, ts):
        np.testing.assert_allclose(p, t.grad.data, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(s, t.grad.data, rtol=1e-10, atol=1e-12)


def test_operators_and_broadcasting_match_minigrad():
    rng = np.random.default_rng(0)
    A = rng.uniform(0.5, 2.0, (3, 4))
    b = rng.uniform(0.5, 2.0, (4,))                     # broadcast along rows
    c = rng.uniform(0.5, 2.0, (3, 1))                   # broadcast along columns
    _both(lambda A, b, c: (A + b) * c - A / b + c / A, A, b, c)
    _both(lambda A, b, c: 2 * A - 1 + (3 - b) / 2 + 1 / c - (-A) ** 3, A, b, c)
    _both(lambda A, b, c: (A * b).exp() / 10 + (A + c).log() + (A - b).tanh(), A, b, c)
    _both(lambda A, b, c: A ** 0.5 + b ** -1 + c ** 0, A, b, c)


def test_matmul_matches_minigrad():
    rng = np.random.default_rng(1)
    X, W, v = rng.standard_normal((5, 3)), rng.standard_normal((3, 2)), rng.standard_normal(3)
    _both(lambda X, W: X @ W, X, W)
    _both(lambda X, v: X @ v, X, v)
    _both(lambda v, W: v @ W, v, W)
    Wv = Var(W)
    out = X @ Wv                                        # ndarray on the left: __rmatmul__
    out.backward()
    np.testing.assert_allclose(Wv.grad, X.T @ np.ones((5, 2)))


def test_a_small_mlp_matches_minigrad():
    rng = np.random.default_rng(2)
    X, Y = rng.standard_normal((4, 3)), rng.standard_normal((4, 1))
    W1, b1, W2 = rng.standard_normal((3, 5)), rng.standard_normal(5), rng.standard_normal((5, 1))

    def loss(W1, b1, W2):
        pred = (X @ W1 + b1).tanh() @ W2
        return ((pred - Y) ** 2).mean()

    _both(loss, W1, b1, W2)
    _both(lambda W1, b1, W2: (X @ W1 + b1).sigmoid().sum() + (X @ W1).relu().mean() + 0 * W2.sum(),
          W1, b1, W2)


def test_shared_subexpressions():
    # u is used three times, v twice: the gradient must collect every use.
    def f(x, y):
        u = x * y
        v = u + u * u
        return v * u + v / y

    _both(f, np.array([1.5, -0.5]), np.array([2.0, 3.0]))
    x, y = Var(1.5), Var(2.0)
    out = f(x, y)
    naive = out.backward()
    assert naive == df.count_paths(out) > len(out.nodes())
    assert out.backward(method="topological") == len(out.nodes())
    assert all(n.visits == 1 for n in out.nodes())


@pytest.mark.parametrize("rungs", [0, 1, 2, 5, 10])
def test_diamond_ladder_visits_double_per_rung(rungs):
    x, top = df.diamond_ladder(rungs)
    # Rung i (counted from the top, i = 1..rungs) has 2**(i-1) paths into each of its two
    # halves and 2**i into the h below it; with the top itself that is
    # 1 + sum_i (2 * 2**(i-1) + 2**i) = 2**(rungs + 2) - 3.
    expected = 2 ** (rungs + 2) - 3
    assert df.count_paths(top) == expected
    assert top.backward() == expected
    assert x.visits == 2 ** rungs                        # one visit per path down to x
    assert x.grad == pytest.approx(1.0)
    assert top.backward(method="topological") == 3 * rungs + 1 == len(top.nodes())
    assert x.visits == 1 and x.grad == pytest.approx(1.0)


@pytest.mark.parametrize("rungs", [0, 1, 3, 8])
def test_square_ladder_visits(rungs):
    x, top = df.square_ladder(rungs, x=1.0)
    assert top.backward() == 2 ** (rungs + 1) - 1        # 1 + 2 + 4 + ... + 2**rungs
    assert x.grad == pytest.approx(2.0 ** rungs)         # d x**(2**k) / dx at x = 1
    t = Tensor(1.0, requires_grad=True)
    h = t
    for _ in range(rungs):
        h = h * h
    h.backward()
    assert x.grad == pytest.approx(t.grad.item())


def test_the_naive_walk_stops_at_its_limit():
    _, top = df.diamond_ladder(30)
    with pytest.raises(RuntimeError, match="topological"):
        top.backward(limit=10_000)
    assert top.backward(method="topological") == 91


def test_backward_starts_afresh_each_time():
    a = Var(3.0)
    out = a * a
    out.backward()
    out.backward()
    assert a.grad == 6.0 and a.visits == 2


def test_constants_are_not_nodes():
    x = Var(2.0)
    out = 3 * x + np.array(1.0)
    assert [len(n.parents) for n in out.nodes()] == [1, 1, 0]
    out.backward()
    assert x.grad == 3.0
    assert df.Value is Var


def test_array_output_starts_from_ones_or_a_given_gradient():
    x = Var([1.0, 2.0, 3.0])
    y = x * x
    y.backward()
    np.testing.assert_array_equal(x.grad, [2.0, 4.0, 6.0])
    y.backward(np.array([1.0, 0.0, 0.0]))
    np.testing.assert_array_equal(x.grad, [2.0, 0.0, 0.0])


def test_module_level_functions():
    x = Var(0.5)
    out = df.exp(x) + df.log(x) + df.tanh(x)
    out.backward()
    assert x.grad == pytest.approx(np.exp(0.5) + 2.0 + 1 - np.tanh(0.5) ** 2)
    assert "op='+'" in repr(out)


def test_misuse_gives_clear_errors():
    x = Var([1.0, 2.0])
    with pytest.raises(TypeError, match="plain number"):
        x ** Var(2.0)
    with pytest.raises(ValueError, match="method"):
        x.backward(method="breadth")
    with pytest.raises(ShapeError, match=r"\(3,\)"):
        (x * 2).backward(np.ones(3))
    with pytest.raises(ShapeError, match="dimension"):
        Var(2.0) @ x
    with pytest.raises(ShapeError, match="do not fit"):
        x @ Var(np.ones((3, 2)))
    with pytest.raises(TypeError, match="number or an array"):
        Var(x)
    with pytest.raises(ValueError, match="rungs"):
        df.diamond_ladder(-1)
