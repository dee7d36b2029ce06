"""Chapter 6's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch06_layers.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import math

import numpy as np

from classroom.exercises.ch06_layers import _Sigmoid
from minigrad.nn import Module, Parameter
from minigrad.optim import SGD
from minigrad.random import get_rng
from minigrad.tensor import Tensor


class LinearReference(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1.0 / math.sqrt(in_features)
        rng = get_rng()
        self.weight = Parameter(rng.uniform(-bound, bound, (out_features, in_features)))
        self.bias = Parameter(rng.uniform(-bound, bound, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias


class LinearTransposed(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1.0 / math.sqrt(in_features)
        rng = get_rng()
        self.weight = Parameter(rng.uniform(-bound, bound, (in_features, out_features)))
        self.bias = Parameter(rng.uniform(-bound, bound, out_features))

    def forward(self, x):
        return x @ self.weight + self.bias


class LinearNoBias(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1.0 / math.sqrt(in_features)
        self.weight = Parameter(get_rng().uniform(-bound, bound, (out_features, in_features)))

    def forward(self, x):
        return x @ self.weight.T


class LinearPlainTensors(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1.0 / math.sqrt(in_features)
        rng = get_rng()
        self.weight = Tensor(rng.uniform(-bound, bound, (out_features, in_features)),
                             requires_grad=True)
        self.bias = Tensor(rng.uniform(-bound, bound, out_features), requires_grad=True)

    def forward(self, x):
        return x @ self.weight.T + self.bias


class LinearZeros(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = Parameter(np.zeros((out_features, in_features)))
        self.bias = Parameter(np.zeros(out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias


class SequentialReference(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class SequentialReversed(SequentialReference):
    def forward(self, x):
        for layer in reversed(self.layers):
            x = layer(x)
        return x


class SequentialSameInput(SequentialReference):
    def forward(self, x):
        out = x
        for layer in self.layers:
            out = layer(x)
        return out


class SequentialNoReturn(SequentialReference):
    def forward(self, x):
        for layer in self.layers:
            x = layer(x)


def parameters_twice(module):
    found = []
    for value in vars(module).values():
        items = value if isinstance(value, (list, tuple)) else [value]
        for item in items:
            if isinstance(item, Parameter):
                found.append(item)
            elif isinstance(item, Module):
                found.extend(parameters_twice(item))
    return found


def parameters_direct_only(module):
    return [v for v in vars(module).values() if isinstance(v, Parameter)]


def parameters_any_tensor(module):
    found, seen = [], set()

    def visit(m):
        for value in vars(m).values():
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, Tensor) and id(item) not in seen:
                    seen.add(id(item))
                    found.append(item)
                elif isinstance(item, Module):
                    visit(item)
    visit(module)
    return found


def _check_shapes(prediction, target):
    if prediction.shape != target.shape:
        raise ValueError(f"prediction {prediction.shape} and target {target.shape} differ")


class MSELossReference(Module):
    def forward(self, prediction, target):
        _check_shapes(prediction, target)
        return ((prediction - target) ** 2).mean()


class MSELossSum(Module):
    def forward(self, prediction, target):
        _check_shapes(prediction, target)
        return ((prediction - target) ** 2).sum()


class MSELossPerRow(Module):
    def forward(self, prediction, target):
        _check_shapes(prediction, target)
        return ((prediction - target) ** 2).sum() / prediction.shape[0]


class MSELossBroadcasts(Module):
    def forward(self, prediction, target):
        return ((prediction - target) ** 2).mean()


def _train(model, X, y, steps, lr, momentum, zero_grad=True):
    optimizer = SGD(list(model.parameters()), lr=lr, momentum=momentum)
    loss_fn, inputs, targets, losses = MSELossReference(), Tensor(X), Tensor(y), []
    for _ in range(steps):
        if zero_grad:
            optimizer.zero_grad()
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(float(loss.data))
    return model, losses


def fit_product_linear(X, y):
    model = SequentialReference(LinearReference(2, 10), LinearReference(10, 1))
    return _train(model, X, y, 400, lr=0.3, momentum=0.9)


def fit_product_no_zero_grad(X, y):
    model = SequentialReference(LinearReference(2, 10), _Sigmoid(), LinearReference(10, 1))
    return _train(model, X, y, 400, lr=0.3, momentum=0.9, zero_grad=False)


def fit_product_plain_sgd(X, y):
    model = SequentialReference(LinearReference(2, 10), _Sigmoid(), LinearReference(10, 1))
    return _train(model, X, y, 400, lr=0.5, momentum=0.0)


MISTAKES = {
    "06.linear": {
        "LinearTransposed": LinearTransposed,
        "LinearNoBias": LinearNoBias,
        "LinearZeros": LinearZeros,
        "LinearPlainTensors": LinearPlainTensors,
    },
    "06.sequential": {
        "SequentialReversed": SequentialReversed,
        "SequentialSameInput": SequentialSameInput,
        "SequentialNoReturn": SequentialNoReturn,
    },
    "06.parameters": {   # phrases the judge's message must contain
        "must be listed once": parameters_twice,
        "parameters are missing": parameters_direct_only,
        "not every Tensor is a Parameter": parameters_any_tensor,
    },
    "06.mse_loss": {
        "MSELossSum": MSELossSum,
        "MSELossPerRow": MSELossPerRow,
        "MSELossBroadcasts": MSELossBroadcasts,
    },
    "06.fit_product": {   # phrases the judge's message must contain
        "collapse into one Linear layer": fit_product_linear,
        "optimizer.zero_grad() before loss.backward()": fit_product_no_zero_grad,
        "above the target": fit_product_plain_sgd,
    },
}
