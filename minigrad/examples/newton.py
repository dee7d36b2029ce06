"""Second derivatives at work: Newton's method and a Hessian-vector product.

``python -m minigrad.examples.newton`` prints both.  The gradient that
``grad(..., create_graph=True)`` returns is itself a graph (see minigrad/autograd.py), so
differentiating it again gives second derivatives:

1. **Newton's method** steps to where the gradient's linear approximation is zero,
   ``x ← x - f''(x)⁻¹ f'(x)``, and so converges in a few steps where gradient descent
   takes thousands: first ``f(x) = x⁴ - 2x²`` from x = 2 (DeZero's example), then the
   Rosenbrock valley ``f(x, y) = (1 - x)² + 100 (y - x²)²`` from (-1.2, 1), with the 2×2
   Hessian built from two second gradients.
2. **A Hessian-vector product** ``H v`` for a loss with many parameters, without ever
   forming H: the gradient of ``g · v``, where g is the gradient (double backprop).  It
   costs about two backward passes, whatever the number of parameters.

tests/test_higher_order.py checks every number against PyTorch's.
"""

from __future__ import annotations

import numpy as np

from ..autograd import grad
from ..tensor import Tensor


def newton_1d(f, x0: float, steps: int) -> list:
    """The iterates of Newton's method for minimising ``f`` (a function of one 0-d tensor)."""
    xs = [float(x0)]
    for _ in range(steps):
        x = Tensor(xs[-1], requires_grad=True)
        slope, = grad(f(x), x, create_graph=True)       # f'(x), a graph of x
        curvature, = grad(slope, x)                      # f''(x)
        xs.append(xs[-1] - slope.item() / curvature.item())
    return xs


def hessian(f, x: np.ndarray) -> tuple:
    """(gradient, Hessian) of ``f`` at ``x`` (a vector): one second gradient per row."""
    t = Tensor(x, requires_grad=True)
    g, = grad(f(t), t, create_graph=True)
    rows = [grad(g[i], t, retain_graph=True, allow_unused=True)[0] for i in range(len(x))]
    return g.detach().numpy(), np.stack([np.zeros(len(x)) if r is None else r.data
                                         for r in rows])


def newton(f, x0, steps: int) -> list:
    """The iterates of Newton's method for minimising ``f`` (a function of a vector)."""
    xs = [np.asarray(x0, dtype=np.float64)]
    for _ in range(steps):
        g, H = hessian(f, xs[-1])
        xs.append(xs[-1] - np.linalg.solve(H, g))
    return xs


def hessian_vector_product(loss_fn, params: list, vectors: list) -> list:
    """``H v`` for the Hessian H of ``loss_fn()`` with respect to ``params`` and the
    direction ``vectors`` (one array per parameter): the gradient of ``g · v``."""
    grads = grad(loss_fn(), params, create_graph=True)
    dot = sum((g * Tensor(v)).sum() for g, v in zip(grads, vectors))
    return [hv.data for hv in grad(dot, params)]


def quartic(x):
    return x ** 4 - 2 * x ** 2


def rosenbrock(p):
    x, y = p[0], p[1]
    return (1 - x) ** 2 + 100 * (y - x * x) ** 2


def mlp_problem(seed: int = 0):
    """A small two-layer network's loss on random data, its parameters and a direction."""
    rng = np.random.default_rng(seed)
    X, y = rng.standard_normal((8, 3)), rng.standard_normal((8, 1))
    params = [Tensor(rng.standard_normal(s) * 0.5, requires_grad=True)
              for s in ((3, 4), (4,), (4, 1))]
    vectors = [rng.standard_normal(p.shape) for p in params]

    def loss():
        w1, b1, w2 = params
        hidden = (Tensor(X) @ w1 + b1).tanh()
        return ((hidden @ w2 - Tensor(y)) ** 2).mean()

    return loss, params, vectors


def main() -> None:
    print("Newton's method on f(x) = x^4 - 2x^2 from x = 2:")
    for i, x in enumerate(newton_1d(quartic, 2.0, 6)):
        print(f"  step {i}: x = {x:.10f}")
    print("Newton's method on the Rosenbrock function from (-1.2, 1):")
    for i, p in enumerate(newton(rosenbrock, [-1.2, 1.0], 6)):
        value = rosenbrock(Tensor(p)).item()
        shown = f"{value:.3e}" if value >= 1e-15 else "below 1e-15"   # (rounding noise)
        print(f"  step {i}: (x, y) = ({p[0]:+.8f}, {p[1]:+.8f}), f = {shown}")
    loss, params, vectors = mlp_problem()
    products = hessian_vector_product(loss, params, vectors)
    print("Hessian-vector product of a small MLP's loss (first layer's weights):")
    print(np.array2string(products[0], precision=6, suppress_small=True))


if __name__ == "__main__":
    main()
