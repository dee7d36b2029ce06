"""Design 1 — the static computational graph: build the graph first, run it later (article 000).

Nothing is recorded while the numbers flow.  Instead you describe the computation once, as a
graph of nodes, and then run that same graph on as many inputs as you like:

* :class:`Input` holds the data of one run (``forward`` fills it, ``clear`` empties it);
* :class:`Parameter` holds a value that survives between runs and collects its gradient;
* :class:`Output` holds the labels or targets of one run (a loss gate reads them);
* :class:`Gate` wraps an operation object with two methods:

  - ``forward(inputs) -> (output, state)``: ``inputs`` is the list of the input nodes'
    values; ``state`` is whatever ``backprop`` will need later (many ops keep their output,
    some keep nothing: ``None``);
  - ``backprop(inputs, state, grad) -> list``: given the gradient of the final result with
    respect to this gate's output, return one gradient per input, each with that input's
    shape (or ``None`` for an input that needs none, such as labels).

A :class:`Graph` is made from its final node.  It finds every node that node depends on and
sorts them **topologically** (every node after all of its inputs).  ``forward(X, y)`` runs the
gates in that order; ``backprop()`` walks the same list backwards, so a node is reached only
after every consumer has added its share to the node's gradient: a value used by several
gates receives the **sum** of their gradients.  ``clear()`` forgets everything a run left
behind except the parameters.

The running example (:func:`sigmoid_graph`) is the sigmoid σ(x·W + b) = 1 / (1 + exp(-(x·W + b)))
split into five simple gates: matmul, add, exp(-x), add 1, reciprocal.

Gradients and repeated runs
---------------------------
``backprop()`` recomputes the gradients of inputs and gates from scratch each time, but a
parameter's ``grad`` is **added to** (so gradients of several batches can be summed before one
update); :meth:`Graph.zero_grad` sets them back to zero.  With no argument, ``backprop`` starts
from a gradient of ones in the shape of the final value: for a scalar loss that is dL/dL = 1;
for the sigmoid surface it gives, for every grid point, the derivative of that point's own output
(the gradient of the sum of all outputs).
"""

from __future__ import annotations

import numpy as np

from minigrad.errors import ShapeError
from ._shared import as_array, matmul_grads, unbroadcast

__all__ = [
    "Node", "Input", "Parameter", "Output", "Gate", "Graph",
    "Op", "MatMul", "Add", "Multiply", "Neg", "Exp", "ExpNeg", "AddConstant", "Reciprocal",
    "Sigmoid", "ReLU", "MSELoss", "SoftmaxCrossEntropy",
    "sigmoid_graph", "input_grid",
]


# -- nodes ---------------------------------------------------------------------------------
class Node:
    """A place in the graph that holds a value (``value``) and, after backprop, a gradient
    (``grad``: d(final value)/d(this value), same shape as ``value``)."""

    kind = "node"

    def __init__(self, name: str | None = None, inputs=()):
        if name is not None and not isinstance(name, str):
            raise TypeError(f"a node's name must be a string, got {type(name).__name__}.")
        self.name = name
        self.inputs = tuple(inputs)
        self.value = None
        self.grad = None

    def clear(self) -> None:
        """Forget this run's value and gradient."""
        self.value = None
        self.grad = None

    def __repr__(self) -> str:
        shape = None if self.value is None else np.shape(self.value)
        return f"{type(self).__name__}({self.name!r}, value shape={shape})"


class Input(Node):
    """Data fed in by ``Graph.forward(X)``; emptied by ``clear()``."""

    kind = "input"


class Output(Node):
    """Labels or targets fed in by ``Graph.forward(X, y)``; emptied by ``clear()``.

    It is a source of data like :class:`Input`: a loss gate takes the prediction and this
    node as its two inputs.
    """

    kind = "output"


class Parameter(Node):
    """A value that is learned: kept by ``clear()``; ``grad`` adds up over backprops."""

    kind = "parameter"

    def __init__(self, value, name: str | None = None):
        super().__init__(name)
        self.value = np.array(as_array(value), dtype=np.float64)
        self.grad = np.zeros_like(self.value)

    def clear(self) -> None:
        """Parameters survive ``clear()``: nothing to do."""

    def zero_grad(self) -> None:
        self.grad = np.zeros_like(self.value)


class Gate(Node):
    """An operation applied to the values of its input nodes: ``Gate(MatMul(), [x, W])``."""

    kind = "gate"

    def __init__(self, op, inputs, name: str | None = None):
        inputs = list(inputs)
        if (isinstance(op, type) or not callable(getattr(op, "forward", None))
                or not callable(getattr(op, "backprop", None))):
            raise TypeError(f"Gate needs an operation object with forward(inputs) and "
                            f"backprop(inputs, state, grad) methods, got {type(op).__name__}. "
                            f"Did you pass the class instead of an instance (MatMul vs MatMul())?")
        for i, node in enumerate(inputs):
            if not isinstance(node, Node):
                raise TypeError(f"Gate({type(op).__name__}): input {i} is a "
                                f"{type(node).__name__}, not a node. Wrap data in Input(), "
                                f"learned values in Parameter().")
        super().__init__(name, inputs)
        self.op = op
        self.state = None

    def clear(self) -> None:
        super().clear()
        self.state = None


# -- the graph -----------------------------------------------------------------------------
def _topological_order(root: Node) -> list:
    """Every node ``root`` depends on, each after all of its inputs (depth-first, no recursion)."""
    order, done, active = [], set(), set()
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            active.discard(id(node))
            done.add(id(node))
            order.append(node)
            continue
        if id(node) in done:
            continue
        if id(node) in active:
            raise ValueError(f"the graph has a cycle through node {node.name!r}: a node cannot "
                             f"depend on its own value.")
        active.add(id(node))
        stack.append((node, True))
        for inp in reversed(node.inputs):
            if id(inp) not in done:
                stack.append((inp, False))
    return order


class Graph:
    """A computation described once and run many times.

    ``Graph(final_node)`` collects the nodes ``final_node`` depends on into ``nodes``, in
    topological order, and gives every unnamed node a name (``graph["add_2"]``).
    """

    def __init__(self, root: Node):
        if not isinstance(root, Node):
            raise TypeError(f"Graph() takes the final node of the computation, got "
                            f"{type(root).__name__}.")
        self.root = root
        self.nodes = _topological_order(root)
        self._by_name = {}
        for i, node in enumerate(self.nodes):
            if node.name is None:
                label = type(node.op).__name__.lower() if isinstance(node, Gate) else node.kind
                node.name = f"{label}_{i}"
            if node.name in self._by_name:
                raise ValueError(f"two nodes are called {node.name!r}; names must be unique "
                                 f"within a graph.")
            self._by_name[node.name] = node
        self.inputs = [n for n in self.nodes if isinstance(n, Input)]
        self.outputs = [n for n in self.nodes if isinstance(n, Output)]

    # -- looking around -------------------------------------------------------------------
    def __getitem__(self, name: str) -> Node:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no node called {name!r}; the graph has "
                           f"{list(self._by_name)}") from None

    def __len__(self) -> int:
        return len(self.nodes)

    def parameters(self) -> list:
        return [n for n in self.nodes if isinstance(n, Parameter)]

    def zero_grad(self) -> None:
        for p in self.parameters():
            p.zero_grad()

    def summary(self) -> str:
        """One line per node, in the order forward runs them."""
        lines = []
        for node in self.nodes:
            what = type(node.op).__name__ if isinstance(node, Gate) else node.kind
            src = ", ".join(i.name for i in node.inputs)
            shape = "-" if node.value is None else str(np.shape(node.value))
            src = f"({src})" if src else ""
            lines.append(f"{node.name:>12}  {what:<12} {src:<16} {shape}")
        return "\n".join(lines)

    # -- running ----------------------------------------------------------------------------
    def _feed(self, nodes: list, data, what: str, argname: str) -> None:
        if data is None:
            return
        if isinstance(data, dict):
            given = {(k.name if isinstance(k, Node) else k): v for k, v in data.items()}
            unknown = set(given) - {n.name for n in nodes}
            if unknown:
                raise KeyError(f"forward: {sorted(unknown)} are not {what} nodes of this graph; "
                               f"its {what} nodes are {[n.name for n in nodes]}.")
        elif len(nodes) == 1:
            given = {nodes[0].name: data}
        else:
            raise ValueError(f"forward: this graph has {len(nodes)} {what} nodes "
                             f"{[n.name for n in nodes]}; pass {argname} as a dict "
                             f"{{name: array}}.")
        for node in nodes:
            if node.name in given:
                node.value = as_array(given[node.name])

    def forward(self, X=None, y=None):
        """Run the graph: feed ``X`` to the Input node(s) and ``y`` to the Output node(s), then
        compute every gate in order.  Returns the final node's value.

        ``X`` (and ``y``) is an array when the graph has one such node, otherwise a dict from
        node (or name) to array.  Without ``y``, the gates that need labels are skipped and
        their value stays None (read predictions from their node, e.g. ``graph["s"].value``).
        """
        for node in self.nodes:        # a new run starts clean: no stale values or gradients
            node.clear()
        self._feed(self.inputs, X, "Input", "X")
        self._feed(self.outputs, y, "Output", "y")
        missing = [n.name for n in self.inputs if n.value is None]
        if missing:
            raise ValueError(f"forward: no data for the Input node(s) {missing}; pass X.")
        for node in self.nodes:
            if isinstance(node, Gate):
                values = [inp.value for inp in node.inputs]
                if any(v is None for v in values):
                    continue           # depends on labels that were not given
                node.value, node.state = node.op.forward(values)
        return self.root.value

    def backprop(self, grad=None) -> None:
        """Walk the nodes in reverse order, sending each gate's gradient to its inputs.

        Afterwards every node's ``grad`` holds d(final value)/d(node value); parameters add
        this run's gradient to what they already had.
        """
        if self.root.value is None:
            raise RuntimeError("backprop() needs a forward pass first: call forward(X, y) "
                               "(with labels y if the final node is a loss that reads them).")
        seed = np.ones_like(self.root.value) if grad is None else as_array(grad)
        if np.shape(seed) != np.shape(self.root.value):
            raise ShapeError(f"backprop: the starting gradient has shape {np.shape(seed)} but the "
                             f"final value has shape {np.shape(self.root.value)}.")
        for node in self.nodes:
            if not isinstance(node, Parameter):
                node.grad = None
        incoming = {id(self.root): seed}
        for node in reversed(self.nodes):
            g = incoming.pop(id(node), None)
            if g is None:
                continue
            if isinstance(node, Parameter):
                node.grad = node.grad + g
                continue
            node.grad = g
            if not isinstance(node, Gate):
                continue
            values = [inp.value for inp in node.inputs]
            grads = list(node.op.backprop(values, node.state, g))
            if len(grads) != len(node.inputs):
                raise RuntimeError(f"{type(node.op).__name__}.backprop returned {len(grads)} "
                                   f"gradients for {len(node.inputs)} inputs; it must return "
                                   f"one per input (None for an input that needs none).")
            for inp, gi in zip(node.inputs, grads):
                if gi is None:
                    continue
                gi = as_array(gi)
                if np.shape(gi) != np.shape(inp.value):
                    raise ShapeError(f"{type(node.op).__name__}.backprop returned a gradient "
                                     f"of shape {np.shape(gi)} for input {inp.name!r} of "
                                     f"shape {np.shape(inp.value)}.")
                prev = incoming.get(id(inp))
                incoming[id(inp)] = gi if prev is None else prev + gi   # several consumers: sum

    def clear(self) -> None:
        """Forget inputs, labels, gate values and gradients; keep parameters (and their grad)."""
        for node in self.nodes:
            node.clear()


# -- operations ----------------------------------------------------------------------------
class Op:
    """Base class of the operations a :class:`Gate` wraps (see the module docstring)."""

    def forward(self, inputs: list):
        raise NotImplementedError(f"{type(self).__name__}.forward(inputs) must return "
                                  f"(output, state).")

    def backprop(self, inputs: list, state, grad):
        raise NotImplementedError(f"{type(self).__name__}.backprop(inputs, state, grad) must "
                                  f"return one gradient per input.")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class MatMul(Op):
    """``a @ b`` (NumPy's rules: an (N, 2) input times a (2,) weight gives (N,))."""

    def forward(self, inputs):
        a, b = inputs
        return a @ b, None

    def backprop(self, inputs, state, grad):
        return list(matmul_grads(inputs[0], inputs[1], grad))


class Add(Op):
    """``a + b`` with broadcasting; each gradient is summed back to its input's shape."""

    def forward(self, inputs):
        a, b = inputs
        return a + b, None

    def backprop(self, inputs, state, grad):
        a, b = inputs
        return [unbroadcast(grad, np.shape(a)), unbroadcast(grad, np.shape(b))]


class Multiply(Op):
    """``a * b`` with broadcasting."""

    def forward(self, inputs):
        a, b = inputs
        return a * b, None

    def backprop(self, inputs, state, grad):
        a, b = inputs
        return [unbroadcast(grad * b, np.shape(a)), unbroadcast(grad * a, np.shape(b))]


class Neg(Op):
    """``-x``."""

    def forward(self, inputs):
        return -inputs[0], None

    def backprop(self, inputs, state, grad):
        return [-grad]


class Exp(Op):
    """``exp(x)``; its slope is its own output, kept as state."""

    def forward(self, inputs):
        out = np.exp(inputs[0])
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad * state]


class ExpNeg(Op):
    """``exp(-x)`` in one gate (the sigmoid's third step); slope ``-exp(-x)``."""

    def forward(self, inputs):
        out = np.exp(-inputs[0])
        return out, out

    def backprop(self, inputs, state, grad):
        return [-grad * state]


class AddConstant(Op):
    """``x + c`` for a fixed number ``c`` (the sigmoid's "add 1"); the gradient passes through."""

    def __init__(self, c: float = 1.0):
        self.c = c

    def forward(self, inputs):
        return inputs[0] + self.c, None

    def backprop(self, inputs, state, grad):
        return [grad]

    def __repr__(self) -> str:
        return f"AddConstant({self.c!r})"


class Reciprocal(Op):
    """``1 / x``; slope ``-1/x²``, which is minus the output squared."""

    def forward(self, inputs):
        out = 1.0 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return [-grad * state * state]


class Sigmoid(Op):
    """The five sigmoid gates fused into one: slope ``s·(1 - s)``."""

    def forward(self, inputs):
        out = 1.0 / (1.0 + np.exp(-inputs[0]))
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad * state * (1.0 - state)]


class ReLU(Op):
    """``max(x, 0)``; the gradient passes where the input was positive."""

    def forward(self, inputs):
        x = inputs[0]
        return np.maximum(x, 0.0), x > 0

    def backprop(self, inputs, state, grad):
        return [grad * state]


class MSELoss(Op):
    """Mean squared error between a prediction and the labels of an :class:`Output` node.

    Inputs ``[prediction, target]`` of equal shape; the target gets no gradient.
    """

    def forward(self, inputs):
        pred, target = inputs
        if np.shape(pred) != np.shape(target):
            raise ShapeError(f"MSELoss: prediction has shape {np.shape(pred)} but target has "
                             f"shape {np.shape(target)}; they must be equal.")
        diff = pred - target
        return np.asarray(np.mean(diff * diff)), diff

    def backprop(self, inputs, state, grad):
        return [grad * 2.0 * state / state.size, None]


class SoftmaxCrossEntropy(Op):
    """Mean cross-entropy of softmax(logits) against integer class labels.

    Inputs ``[logits (N, C), labels (N,)]``; the labels get no gradient.  The state is the
    softmax, whose gradient is ``(softmax - one_hot(labels)) / N``.
    """

    def forward(self, inputs):
        logits, labels = inputs
        labels = np.asarray(labels).astype(np.int64)
        shifted = logits - logits.max(axis=1, keepdims=True)
        log_p = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        n = logits.shape[0]
        return np.asarray(-log_p[np.arange(n), labels].mean()), np.exp(log_p)

    def backprop(self, inputs, state, grad):
        labels = np.asarray(inputs[1]).astype(np.int64)
        n = state.shape[0]
        g = state.copy()
        g[np.arange(n), labels] -= 1.0
        return [grad * g / n, None]


# -- the running example -------------------------------------------------------------------
def sigmoid_graph(W=(3.0, 1.0), b=0.0):
    """The sigmoid ``s = 1 / (1 + exp(-(x @ W + b)))`` as a graph of five gates.

    ``x`` is an :class:`Input` of shape (N, 2) (one point per row).  ``W`` is a
    :class:`Parameter`: with shape (2,) each output is one number per point, shape (N,);
    with shape (2, 1) it is a column, shape (N, 1).  ``b`` is a number (or shape (1,)).

    Returns ``(graph, nodes)`` where ``nodes`` maps names to nodes: ``"x"``, ``"W"``,
    ``"b"`` and the gates ``"xW"`` (matmul), ``"z"`` (add b), ``"e"`` (exp(-z)),
    ``"d"`` (1 + e) and ``"s"`` (1 / d).
    """
    x = Input("x")
    W = Parameter(W, "W")
    b = Parameter(b, "b")
    xW = Gate(MatMul(), [x, W], "xW")
    z = Gate(Add(), [xW, b], "z")
    e = Gate(ExpNeg(), [z], "e")
    d = Gate(AddConstant(1.0), [e], "d")
    s = Gate(Reciprocal(), [d], "s")
    graph = Graph(s)
    return graph, {n.name: n for n in graph.nodes}


def input_grid(low: float = -10.0, high: float = 10.0, steps: int = 41):
    """Points of the square [low, high]² on a ``steps`` × ``steps`` grid.

    Returns ``(X, x1, x2)``: ``X`` of shape (steps², 2) to feed the graph, and the two
    (steps, steps) coordinate arrays to draw a surface with (reshape the output to
    (steps, steps)).
    """
    axis = np.linspace(low, high, steps)
    x1, x2 = np.meshgrid(axis, axis)
    return np.stack([x1.ravel(), x2.ravel()], axis=1), x1, x2
