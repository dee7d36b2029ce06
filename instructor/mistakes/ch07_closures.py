"""Chapter 7's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch07_closures.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from classroom.designs.closures import Layer, Param


class _LinearBase(Layer):
    def __init__(self, n_in, n_out, rng=None):
        gen = rng if rng is not None else np.random.default_rng(0)
        bound = 1 / np.sqrt(n_in)
        self.W = Param(gen.uniform(-bound, bound, (n_out, n_in)))
        self.b = Param(gen.uniform(-bound, bound, n_out))

    def params(self):
        return [self.W, self.b]


class LinearOverwrites(_LinearBase):
    def forward(self, X):
        W = self.W.value
        Y = X @ W.T + self.b.value

        def backward(dY):
            self.W.grad[...] = dY.T @ X
            self.b.grad[...] = dY.sum(axis=0)
            return dY @ W

        return Y, backward


class LinearWrongTranspose(_LinearBase):
    def forward(self, X):
        W = self.W.value
        Y = X @ W.T + self.b.value

        def backward(dY):
            self.W.grad += dY.T @ X
            self.b.grad += dY.sum(axis=0)
            return dY @ W.T

        return Y, backward


class LinearStoresInput(_LinearBase):
    def forward(self, X):
        self.X = X                       # on the layer: the next forward call replaces it
        Y = X @ self.W.value.T + self.b.value

        def backward(dY):
            self.W.grad += dY.T @ self.X
            self.b.grad += dY.sum(axis=0)
            return dY @ self.W.value

        return Y, backward


class ReLUGradSign(Layer):
    def forward(self, X):
        def backward(dY):
            return dY * (dY > 0)

        return np.maximum(X, 0.0), backward


class ReLUMaskOnly(Layer):
    def forward(self, X):
        mask = X > 0

        def backward(dY):
            return mask.astype(float)

        return np.where(mask, X, 0.0), backward


class ReLUMaskOnSelf(Layer):
    def forward(self, X):
        self.mask = X > 0

        def backward(dY):
            return dY * self.mask

        return np.where(self.mask, X, 0.0), backward


class ReLUAtZero(Layer):
    def forward(self, X):
        mask = X >= 0

        def backward(dY):
            return dY * mask

        return np.where(mask, X, 0.0), backward


class SequentialReference(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
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


class SequentialForwardOrder(SequentialReference):
    def forward(self, X):
        backwards = []
        for layer in self.layers:
            X, backward = layer.forward(X)
            backwards.append(backward)

        def backward(dY):
            for layer_backward in backwards:
                dY = layer_backward(dY)
            return dY

        return X, backward


class SequentialSameGradient(SequentialReference):
    def forward(self, X):
        backwards = []
        for layer in self.layers:
            X, backward = layer.forward(X)
            backwards.append(backward)

        def backward(dY):
            dX = dY
            for layer_backward in reversed(backwards):
                dX = layer_backward(dY)
            return dX

        return X, backward


class SequentialClosuresOnSelf(SequentialReference):
    def forward(self, X):
        self.backwards = []                  # on the model: the next forward replaces it
        for layer in self.layers:
            X, backward = layer.forward(X)
            self.backwards.append(backward)

        def backward(dY):
            for layer_backward in reversed(self.backwards):
                dY = layer_backward(dY)
            return dY

        return X, backward


class SequentialLastOnly(SequentialReference):
    def forward(self, X):
        backward = None
        for layer in self.layers:
            X, backward = layer.forward(X)
        return X, (backward if backward is not None else (lambda dY: dY))


def mse_loss_no_two(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), diff / diff.size


def mse_loss_no_mean(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), 2 * diff


def mse_loss_rows(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), 2 * diff / len(diff)


def mse_loss_wrong_sign(pred, target):
    diff = target - pred
    return float(np.mean(diff ** 2)), 2 * diff / diff.size


def fit_no_shuffle(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    losses = []
    for _ in range(epochs):
        total = 0.0
        for start in range(0, len(X), batch_size):
            pred, backward = model.forward(X[start:start + batch_size])
            value, dloss = loss(pred, Y[start:start + batch_size])
            backward(dloss)
            optimizer.step()
            total += value * len(pred)
        losses.append(total / len(X))
    return losses


def fit_same_order(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    losses = []
    for _ in range(epochs):
        order = np.random.default_rng(seed).permutation(len(X))     # the same every epoch
        total = 0.0
        for start in range(0, len(X), batch_size):
            idx = order[start:start + batch_size]
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
            total += value * len(idx)
        losses.append(total / len(X))
    return losses


def fit_unweighted(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(X))
        batch_losses = []
        for start in range(0, len(X), batch_size):
            idx = order[start:start + batch_size]
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
            batch_losses.append(value)
        losses.append(float(np.mean(batch_losses)))
    return losses


def fit_drops_last(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(X))
        total, rows = 0.0, 0
        for start in range(0, len(X) - batch_size + 1, batch_size):   # full batches only
            idx = order[start:start + batch_size]
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
            total += value * len(idx)
            rows += len(idx)
        losses.append(total / rows)
    return losses


MISTAKES = {
    "07.linear": {
        "LinearOverwrites": LinearOverwrites,
        "LinearWrongTranspose": LinearWrongTranspose,
        "LinearStoresInput": LinearStoresInput,
    },
    "07.relu": {
        "ReLUGradSign": ReLUGradSign,
        "ReLUMaskOnly": ReLUMaskOnly,
        "ReLUAtZero": ReLUAtZero,
        "ReLUMaskOnSelf": ReLUMaskOnSelf,
    },
    "07.sequential": {
        "SequentialForwardOrder": SequentialForwardOrder,
        "SequentialSameGradient": SequentialSameGradient,
        "SequentialLastOnly": SequentialLastOnly,
        "SequentialClosuresOnSelf": SequentialClosuresOnSelf,
    },
    "07.mse_loss": {
        "mse_loss_no_two": mse_loss_no_two,
        "mse_loss_no_mean": mse_loss_no_mean,
        "mse_loss_rows": mse_loss_rows,
        "mse_loss_wrong_sign": mse_loss_wrong_sign,
    },
    "07.fit": {
        "fit_no_shuffle": fit_no_shuffle,
        "fit_same_order": fit_same_order,
        "fit_unweighted": fit_unweighted,
        "fit_drops_last": fit_drops_last,
    },
}
