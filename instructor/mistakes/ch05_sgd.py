"""Chapter 5's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch05_sgd.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.tensor import Tensor


class SGDReference:
    """A right SGD, which the wrong ones below change one method of."""

    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data -= self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            p.grad = None


def manual_grads_reference(X, y, W1, b1, W2, b2):
    n = X.shape[0]
    H = 1 / (1 + np.exp(-(X @ W1 + b1)))
    P = H @ W2 + b2
    E = P - y
    dP = 2 * E / n
    dH = dP @ W2.T
    dZ = dH * H * (1 - H)
    return {"loss": float(np.mean(E ** 2)), "W1": X.T @ dZ, "b1": dZ.sum(axis=0),
            "W2": H.T @ dP, "b2": dP.sum(axis=0)}


def mse_summed(pred, target):
    return ((pred - target) ** 2).sum()


def mse_square_of_mean(pred, target):
    return (pred - target).mean() ** 2


def mse_numpy(pred, target):
    return Tensor(np.mean((pred.data - target.data) ** 2))


def mse_numpy_requires_grad(pred, target):
    return Tensor(np.mean((pred.data - target.data) ** 2), requires_grad=True)


class SGDUphill(SGDReference):
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data += self.lr * p.grad.data


class SGDRebinds(SGDReference):
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p = p - self.lr * p.grad          # a new tensor; the parameter is untouched


class SGDTensorGrad(SGDReference):
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data -= self.lr * p.grad            # a Tensor: NumPy refuses it


class SGDKeepsGenerator(SGDReference):
    """Keeps the iterable as given: a generator is used up by the first loop over it."""

    def __init__(self, params, lr):
        self.params, self.lr = params, lr


def manual_grads_no_two(X, y, W1, b1, W2, b2):
    out = manual_grads_reference(X, y, W1, b1, W2, b2)
    return {k: v if k == "loss" else v / 2 for k, v in out.items()}


def manual_grads_no_mean(X, y, W1, b1, W2, b2):
    out = manual_grads_reference(X, y, W1, b1, W2, b2)
    n = y.size
    return {k: v if k == "loss" else v * n for k, v in out.items()}


def manual_grads_no_sigmoid_slope(X, y, W1, b1, W2, b2):
    n = X.shape[0]
    H = 1 / (1 + np.exp(-(X @ W1 + b1)))
    P = H @ W2 + b2
    E = P - y
    dP = 2 * E / n
    dZ = dP @ W2.T
    return {"loss": float(np.mean(E ** 2)), "W1": X.T @ dZ, "b1": dZ.sum(axis=0),
            "W2": H.T @ dP, "b2": dP.sum(axis=0)}


def manual_grads_bias_not_summed(X, y, W1, b1, W2, b2):
    n = X.shape[0]
    H = 1 / (1 + np.exp(-(X @ W1 + b1)))
    P = H @ W2 + b2
    E = P - y
    dP = 2 * E / n
    dZ = (dP @ W2.T) * H * (1 - H)
    return {"loss": float(np.mean(E ** 2)), "W1": X.T @ dZ, "b1": dZ,
            "W2": H.T @ dP, "b2": dP}


def train_no_zero(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def train_zero_before_step(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
        losses.append(loss.item())
    return losses


def train_keeps_tensors(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses


def train_loss_once(loss_fn, optimizer, epochs):
    losses = []
    loss = loss_fn()
    for _ in range(epochs):
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def _converges(losses):
    return bool(np.all(np.isfinite(losses))) and losses[-1] < losses[0]


def largest_lr_lowest_loss(run, lrs):
    finals = {lr: run(lr)[-1] for lr in lrs}
    finite = [lr for lr in lrs if np.isfinite(finals[lr])]
    return min(finite, key=lambda lr: finals[lr]) if finite else None


def largest_lr_assumes_sorted(run, lrs):
    best = None
    for lr in lrs:
        if _converges(run(lr)):
            best = lr
    return best


def largest_lr_nan_passes(run, lrs):
    for lr in sorted(lrs, reverse=True):
        losses = run(lr)
        if not losses[-1] > losses[0]:
            return lr
    return None


def train_zero_after_step(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()                 # after the step: a leftover reaches the first
        losses.append(loss.item())
    return losses


MISTAKES = {
    "05.mse": {
        "mse_summed": mse_summed,
        "mse_square_of_mean": mse_square_of_mean,
        "mse_numpy": mse_numpy,
        "mse_numpy_requires_grad": mse_numpy_requires_grad,
    },
    "05.sgd_class": {
        "SGDUphill": SGDUphill,
        "SGDRebinds": SGDRebinds,
        "SGDTensorGrad": SGDTensorGrad,
        "SGDKeepsGenerator": SGDKeepsGenerator,
    },
    "05.manual_grads": {
        "manual_grads_no_two": manual_grads_no_two,
        "manual_grads_no_sigmoid_slope": manual_grads_no_sigmoid_slope,
        "manual_grads_bias_not_summed": manual_grads_bias_not_summed,
        "manual_grads_no_mean": manual_grads_no_mean,
    },
    "05.train": {
        "train_no_zero": train_no_zero,
        "train_zero_before_step": train_zero_before_step,
        "train_zero_after_step": train_zero_after_step,
        "train_loss_once": train_loss_once,
        "train_keeps_tensors": train_keeps_tensors,
    },
    "05.largest_lr": {
        "largest_lr_lowest_loss": largest_lr_lowest_loss,
        "largest_lr_assumes_sorted": largest_lr_assumes_sorted,
        "largest_lr_nan_passes": largest_lr_nan_passes,
    },
}
