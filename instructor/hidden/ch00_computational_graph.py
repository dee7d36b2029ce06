"""Chapter 0's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.designs.static_graph import (
    Add,
    Gate,
    Graph,
    Input,
    MatMul,
    MSELoss,
    Multiply,
    Output,
    Parameter,
)
from classroom.exercises.ch00_computational_graph import (
    _arr,
    _backprop_case,
    _clear_case,
    _forward_case,
    _names,
    _reciprocal_case,
    _sigmoid,
    _sort_case,
)
from classroom.exercises.core import Case


def _ran_twice():
    graph, _ = _sigmoid([-1.0, 0.5], 2.0)
    for X in ([[1.0, 1.0]], [[2.0, -3.0], [0.0, 4.0]]):
        graph.forward(_arr(X))
        graph.backprop()
    return graph


def _bp_loss():
    x, y = Input("x"), Output("y")
    W = Parameter([[0.5], [-1.0]], "W")
    h = Gate(MatMul(), [x, W], "h")
    hh = Gate(Multiply(), [h, h], "hh")
    loss = Gate(MSELoss(), [Gate(Add(), [hh, h], "pred"), y], "loss")
    return Graph(loss), ["W", "h", "pred"]


def _sort_loss():
    x, y = Input("x"), Output("y")
    W = Parameter([[1.0], [2.0]], "W")
    pred = Gate(MatMul(), [x, W], "pred")
    m = Gate(Multiply(), [pred, pred], "m")
    loss = Gate(Add(), [m, y], "loss")
    return loss, _names(x, y, W, pred, m, loss)


HIDDEN = {
    "00.reciprocal": [
        Case("a matrix of values with a non-trivial gradient",
             _reciprocal_case([[1.5, -0.25], [8.0, 3.0]], [[2.0, 0.5], [-1.0, 4.0]])),
    ],
    "00.forward": [
        Case("a larger batch", _forward_case([0.5, -1.5], -1.0,
                                             np.linspace(-3, 3, 20).reshape(10, 2))),
    ],
    "00.clear": [
        Case("the sigmoid graph after two runs", _clear_case(_ran_twice)),
    ],
    "00.backprop": [
        Case("a loss graph with labels", _backprop_case(
            _bp_loss, [([[1.0, 2.0], [-1.0, 0.5], [2.0, 2.0]], [[1.0], [0.0], [3.0]])])),
    ],
    "00.topological_sort": [
        Case("a small graph with an output (label) node", _sort_case(_sort_loss), info=_sort_loss),
    ],
}
