"""Design 2 — closures on the stack: no graph object at all (article 001, Thinc-style).

Every layer's ``forward(X)`` returns a pair ``(Y, backward)``.  ``backward`` is a closure: a
function defined inside ``forward`` that still sees ``X``, ``Y`` and the layer's weights from
that call.  ``backward(dY)`` adds the gradients of the layer's parameters into their ``grad``
and returns ``dX``, the gradient to hand to the layer before.  The "graph" is simply the list
of closures a :class:`Sequential` keeps while it runs its layers; backpropagation is calling
them in reverse order.  When the closures go out of scope, the graph is gone.

* :class:`Param` — a value and its gradient side by side (``w, dw = param`` unpacks them).
* :class:`Linear`, :class:`ReLU`, :class:`Sigmoid`, :class:`Tanh`, :class:`Sequential`.
* :func:`mse_loss` — ``(loss, dloss)``: the number and its gradient w.r.t. the prediction
  (the mean, as in minigrad and PyTorch); :func:`sse_loss` is the half-sum variant.
* :class:`SGD` — ``step()`` moves every parameter against its gradient and zeroes the gradient.
* :class:`Learner` — ``fit(X, Y, epochs, batch_size, seed)``: shuffled mini-batches, per-epoch
  losses.

Weights use PyTorch's layout (``Linear(n_in, n_out)`` has ``W`` of shape (n_out, n_in) and
``Y = X @ W.T + b``) and the same initialisation as ``minigrad.nn.Linear``, so the two can be
compared number for number.
"""

from __future__ import annotations

import numbers

import numpy as np

from minigrad.errors import ShapeError
from minigrad.random import get_rng
from ._shared import as_array

__all__ = ["Param", "Layer", "Linear", "ReLU", "Sigmoid", "Tanh", "Sequential",
           "mse_loss", "sse_loss", "SGD", "Learner"]


class Param:
    """A learned array and the gradient that backward closures add into."""

    __slots__ = ("value", "grad")

    def __init__(self, value):
        self.value = np.array(as_array(value), dtype=np.float64)
        self.grad = np.zeros_like(self.value)

    def __iter__(self):
        """``value, grad = param``: a parameter is a (tensor, gradient) pair."""
        yield self.value
        yield self.grad

    @property
    def shape(self) -> tuple:
        return self.value.shape

    def zero_grad(self) -> None:
        self.grad[...] = 0.0

    def __repr__(self) -> str:
        return f"Param(shape={self.value.shape})"


class Layer:
    """Base class: ``forward(X) -> (Y, backward)``; ``params()`` lists the layer's Params."""

    def forward(self, X):
        raise NotImplementedError(f"{type(self).__name__}.forward(X) must return (Y, backward).")

    def params(self) -> list:
        return []

    def __call__(self, X):
        return self.forward(X)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _check_grad(layer: str, dY, Y) -> np.ndarray:
    dY = as_array(dY)
    if dY.shape != np.shape(Y):
        raise ShapeError(f"{layer} backward: the gradient has shape {dY.shape} but the layer's "
                         f"output had shape {np.shape(Y)}; they must match.")
    return dY


def _positive_int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError(f"Linear: {what} must be a positive integer, got {value!r}.")
    return int(value)


class Linear(Layer):
    """``Y = X @ W.T + b`` with ``W`` (n_out, n_in) and ``b`` (n_out,).

    Initialised uniformly in ±1/√n_in from ``rng`` (or minigrad's shared generator), exactly
    as ``minigrad.nn.Linear`` draws its weight and then its bias.
    """

    def __init__(self, n_in: int, n_out: int, rng=None):
        self.n_in = _positive_int(n_in, "n_in")
        self.n_out = _positive_int(n_out, "n_out")
        gen = get_rng(rng)
        bound = 1.0 / np.sqrt(self.n_in)
        self.W = Param(gen.uniform(-bound, bound, (self.n_out, self.n_in)))
        self.b = Param(gen.uniform(-bound, bound, self.n_out))

    def params(self) -> list:
        return [self.W, self.b]

    def forward(self, X):
        X = as_array(X)
        if X.ndim != 2 or X.shape[1] != self.n_in:
            raise ShapeError(f"Linear({self.n_in}, {self.n_out}): expected input of shape "
                             f"(batch, {self.n_in}), got {X.shape}.")
        W = self.W.value
        Y = X @ W.T + self.b.value

        def backward(dY):
            dY = _check_grad("Linear", dY, Y)
            self.W.grad += dY.T @ X          # each weight: its input times the output's gradient
            self.b.grad += dY.sum(axis=0)    # the bias was added to every row
            return dY @ W

        return Y, backward

    def __repr__(self) -> str:
        return f"Linear({self.n_in}, {self.n_out})"


class ReLU(Layer):
    """``max(X, 0)``: the gradient passes where the input was positive."""

    def forward(self, X):
        X = as_array(X)
        mask = X > 0
        Y = np.where(mask, X, 0.0)

        def backward(dY):
            return _check_grad("ReLU", dY, Y) * mask

        return Y, backward


class Sigmoid(Layer):
    """``1 / (1 + exp(-X))``: slope ``Y·(1 - Y)``, computed from the saved output."""

    def forward(self, X):
        Y = 1.0 / (1.0 + np.exp(-as_array(X)))

        def backward(dY):
            return _check_grad("Sigmoid", dY, Y) * Y * (1.0 - Y)

        return Y, backward


class Tanh(Layer):
    """``tanh(X)``: slope ``1 - Y²``."""

    def forward(self, X):
        Y = np.tanh(as_array(X))

        def backward(dY):
            return _check_grad("Tanh", dY, Y) * (1.0 - Y * Y)

        return Y, backward


class Sequential(Layer):
    """Layers run in order; the backward closures they return are called in reverse."""

    def __init__(self, *layers: Layer):
        for i, layer in enumerate(layers):
            if isinstance(layer, type) or not callable(getattr(layer, "forward", None)):
                raise TypeError(f"Sequential: item {i} is a {type(layer).__name__}, not a layer "
                                f"(did you write Linear instead of Linear(2, 3)?).")
        self.layers = list(layers)

    def params(self) -> list:
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        backwards = []
        for layer in self.layers:
            X, backward = layer.forward(X)
            backwards.append(backward)

        def backward(dY):
            for layer_backward in reversed(backwards):
                dY = layer_backward(dY)
            return dY

        return X, backward

    def __repr__(self) -> str:
        return "Sequential(" + ", ".join(map(repr, self.layers)) + ")"


def mse_loss(pred, target):
    """Mean squared error and its gradient: ``(mean((pred - target)²), 2·(pred - target)/n)``.

    The shapes must be equal: comparing (N, 1) with (N,) would broadcast to (N, N) and
    silently compare every prediction with every target.
    """
    pred, target = as_array(pred), as_array(target)
    if pred.shape != target.shape:
        raise ShapeError(f"mse_loss: prediction has shape {pred.shape} but target has shape "
                         f"{target.shape}; they must be equal (reshape one, e.g. "
                         f"y.reshape(-1, 1)).")
    diff = pred - target
    return float(np.mean(diff * diff)), 2.0 * diff / diff.size


def sse_loss(pred, target):
    """Half the *sum* of squared errors, and its gradient ``pred - target``.

    The convention of the article this design follows: the gradient is simply the difference,
    with no division by the batch size (Thinc's own ``L2Distance`` does divide by it).  The
    same learning rate therefore takes steps ``n / 2`` times larger than with
    :func:`mse_loss`, n being the number of predictions in the batch.  On
    linear regression (batch 10, lr 0.05, 10 epochs) that is the difference between weights
    off by a few thousandths and weights off by about 1e-12.
    """
    pred, target = as_array(pred), as_array(target)
    if pred.shape != target.shape:
        raise ShapeError(f"sse_loss: prediction has shape {pred.shape} but target has shape "
                         f"{target.shape}; they must be equal (reshape one, e.g. "
                         f"y.reshape(-1, 1)).")
    diff = pred - target
    return float(0.5 * np.sum(diff * diff)), diff


class SGD:
    """Plain gradient descent: ``step()`` does ``value -= lr * grad`` and then zeroes ``grad``."""

    def __init__(self, params, lr: float = 0.01):
        self.params = list(params)
        if not all(isinstance(p, Param) for p in self.params):
            raise TypeError("SGD expects a list of Param objects, e.g. SGD(model.params(), lr).")
        if not isinstance(lr, numbers.Real) or not lr > 0:
            raise ValueError(f"SGD: lr must be a positive number, got {lr!r}.")
        self.lr = float(lr)

    def step(self) -> None:
        for p in self.params:
            p.value -= self.lr * p.grad
            p.zero_grad()

    def zero_grad(self) -> None:
        for p in self.params:
            p.zero_grad()


class Learner:
    """Glue for the training loop: ``Learner(model, mse_loss, SGD(model.params(), lr))``."""

    def __init__(self, model: Layer, loss, optimizer: SGD):
        self.model = model
        self.loss = loss
        self.optimizer = optimizer
        self.history: list = []

    def predict(self, X) -> np.ndarray:
        return self.model.forward(X)[0]

    def fit(self, X, Y, epochs: int = 10, batch_size: int = 10, seed: int = 0) -> list:
        """Train for ``epochs`` passes over ``(X, Y)`` in shuffled mini-batches.

        Returns (and appends to ``history``) one loss per epoch: the average over that epoch's
        batches, weighted by batch size.  ``seed`` fixes the shuffling.
        """
        X, Y = as_array(X), as_array(Y)
        if len(X) != len(Y):
            raise ShapeError(f"fit: X has {len(X)} rows but Y has {len(Y)}; every example "
                             f"needs a target.")
        for name, value in (("epochs", epochs), ("batch_size", batch_size)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise ValueError(f"fit: {name} must be a positive integer, got {value!r}.")
        rng = np.random.default_rng(seed)
        n = len(X)
        losses = []
        for _ in range(epochs):
            order = rng.permutation(n)
            total = 0.0
            for start in range(0, n, batch_size):
                idx = order[start:start + batch_size]
                pred, backward = self.model.forward(X[idx])
                loss, dloss = self.loss(pred, Y[idx])
                backward(dloss)
                self.optimizer.step()
                total += loss * len(idx)
            losses.append(total / n)
        self.history.extend(losses)
        return losses
