"""Chapter 0 exercises: the static computational graph, piece by piece.

Answers work with the node classes of :mod:`classroom.designs.static_graph` (``Input``,
``Parameter``, ``Output``, ``Gate``; each node has ``inputs``, ``value``, ``grad``, and a
gate has ``op`` and ``state``) and with operation objects that have
``forward(inputs) -> (output, state)`` and ``backprop(inputs, state, grad) -> list``.
"""

from collections import Counter

import numpy as np

from ..designs.static_graph import (Add, AddConstant, ExpNeg, Gate, Graph, Input, MatMul,
                                    MSELoss, Multiply, Neg, Output, Parameter, Reciprocal)
from .core import Case, Exercise, broken
from .rules import Untouched, not_aliased
from .shortcuts import ShortcutUsed

#: The finished Graph does what several exercises ask for (sorting, forward, backprop).
_GRAPH = "classroom.designs.static_graph.Graph"

SETUP = """\
import numpy as np
from classroom.designs.static_graph import (Input, Parameter, Output, Gate, Graph, MatMul, Add,
                                           Multiply, ExpNeg, AddConstant)
from classroom import check, hint, solution"""


def _arr(values):
    return np.array(values, dtype=float)


# -- 00.reciprocal -----------------------------------------------------------------------------


def _reciprocal_case(d_values, grad_values):
    def run(answer):
        op = answer()
        d, grad = _arr(d_values), _arr(grad_values)
        kept = Untouched(d=d, grad=grad)
        out, state = op.forward([d])
        kept.check("your forward")
        not_aliased(out, {"d": d})
        grads = op.backprop([d], state, grad)
        kept.check("your backprop")
        return {"forward output": out, "backprop result": grads}
    return run


def _reciprocal_shared(answer):
    """One Reciprocal object serving two gates: forward on both inputs first, then each
    backprop with its own inputs and the state its own forward returned (what a Graph does
    when two gates share an op).  An op that keeps what backprop needs on itself, instead of
    returning it as the state, answers the first backprop with the second input's numbers."""
    op = answer()
    d1, d2 = _arr([[2.0, -4.0], [0.5, 1.0]]), _arr([[1.0, 10.0], [-0.25, 8.0]])
    g1, g2 = _arr([[1.0, 2.0], [3.0, -1.0]]), _arr([[0.5, 0.5], [2.0, 1.0]])
    out1, state1 = op.forward([d1])
    out2, state2 = op.forward([d2])
    return {"first forward": out1, "second forward": out2,
            "first backprop (its own inputs and state)": op.backprop([d1], state1, g1),
            "second backprop": op.backprop([d2], state2, g2)}


def _reciprocal_in_graph(answer):
    """1 / (1 + exp(-z)) wired with the answer's op: the sigmoid's gradient."""
    z = Input("z")
    e = Gate(ExpNeg(), [z], "e")
    d = Gate(AddConstant(1.0), [e], "d")
    s = Gate(answer(), [d], "s")
    graph = Graph(s)
    graph.forward(_arr([-2.0, 0.0, 1.5]))
    graph.backprop()
    return {"s": s.value, "gradient reaching z": z.grad}


RECIPROCAL = Exercise(
    id="00.reciprocal", title="the reciprocal gate", entry="Reciprocal", points=1,
    forbids=("classroom.designs.static_graph.Reciprocal",),
    cases=[
        Case("1/d for d = [1, 2, 4], with a gradient of ones from above",
             _reciprocal_case([1.0, 2.0, 4.0], [1.0, 1.0, 1.0])),
        Case("d = [0.5, -2], with a gradient of [3, -1] from above",
             _reciprocal_case([0.5, -2.0], [3.0, -1.0])),
        Case("your gate as the last step of the sigmoid, inside a Graph", _reciprocal_in_graph),
        Case("one Reciprocal object used by two gates: forward on two (2, 2) inputs, then each "
             "backprop with its own inputs and state", _reciprocal_shared),
    ],
    mistakes={
        "ReciprocalWrongSign":
            "backprop has the wrong sign: 1/d falls as d grows, so its slope -1/d² is negative "
            "and backprop must return -grad/d²",
        "ReciprocalForgotGrad":
            "backprop forgot to multiply by grad: the chain rule gives grad times the local slope "
            "(-1/d²), not the slope alone",
        "ReciprocalBareArray":
            "backprop must return a list with one gradient per input, e.g. [g] for this one-input "
            "gate; yours returns a bare array",
        "ReciprocalStateOnSelf":
            "the first backprop used the numbers of the second forward: your op keeps what "
            "backprop needs on itself (self.…), and the second forward replaced it. One op "
            "object may serve several gates, which is why forward returns a state: return "
            "what backprop needs as the state, and read it from backprop's `state` argument",
    },
    hints=[
        "forward gets a list holding one array d and returns two things: 1/d and whatever "
        "backprop will need later. The slope of 1/d is -1/d², which is minus the output "
        "squared: what is the cheapest thing to keep?",
        "Where learners slip: backprop must not remember anything on `self`, because one op "
        "object can serve several gates; what it needs arrives as `state`, which is what "
        "forward returned. backprop multiplies the incoming grad by the local slope and "
        "returns a list with one gradient per input.",
        "Worked on one number: for d = 2, forward returns 0.5 and keeps 0.5 as the state; an "
        "incoming grad of 3 then goes back as 3 × -(0.5)² = -0.75. The key line: "
        "`return [-grad * state * state]`.",
    ],
)


# -- 00.topological_sort -------------------------------------------------------------------


def _sort_case(build, twice=False):
    """The answer's order, as the case's own labels of the nodes (never the nodes' names,
    which may be missing or shared); with ``twice``, the order of a second call on the same
    graph too, which must be the same."""
    def run(answer):
        root, names = build()
        result = answer(root)
        if not isinstance(result, list):
            return {"order": f"<{type(result).__name__}>"}
        found = {"order": [names.get(id(n), "<something else>") for n in result]}
        if twice:
            again = answer(root)
            found["order of a second call"] = (
                [names.get(id(n), "<something else>") for n in again]
                if isinstance(again, list) else f"<{type(again).__name__}>")
        return found
    return run


def _names(*nodes):
    """Labels for a case's nodes: their names (cases whose nodes have none say so)."""
    return {id(n): n.name for n in nodes}


def _labelled(**nodes):
    return {id(n): label for label, n in nodes.items()}


def _sort_sigmoid():
    x, W, b = Input("x"), Parameter([3.0, 1.0], "W"), Parameter(0.0, "b")
    p = Gate(MatMul(), [x, W], "p")
    z = Gate(Add(), [p, b], "z")
    e = Gate(ExpNeg(), [z], "e")
    d = Gate(AddConstant(1.0), [e], "d")
    s = Gate(Reciprocal(), [d], "s")
    return s, _names(x, W, b, p, z, e, d, s)


def _sort_shared():
    a = Parameter(0.5, "a")
    e = Gate(ExpNeg(), [a], "e")
    u = Gate(Add(), [e, a], "u")
    return u, _names(a, e, u)


def _sort_square():
    x = Input("x")
    sq = Gate(Multiply(), [x, x], "sq")
    out = Gate(Add(), [sq, x], "out")
    return out, _names(x, sq, out)


def _sort_diamonds():
    x = Input("x")
    nodes, cur = [x], x
    for i in range(4):
        left = Gate(Neg(), [cur], f"l{i}")
        right = Gate(ExpNeg(), [cur], f"r{i}")
        cur = Gate(Add(), [left, right], f"m{i}")
        nodes += [left, right, cur]
    return cur, _names(*nodes)


def _sort_labels():
    x, y = Input("x"), Output("y")
    W = Parameter([[1.0], [2.0]], "W")
    pred = Gate(MatMul(), [x, W], "pred")
    loss = Gate(MSELoss(), [pred, y], "loss")
    return loss, _names(x, y, W, pred, loss)


def _sort_skip():
    """x reaches out directly and through two gates: a breadth-first walk from the root
    meets x before n, and listing nodes in reverse of that order puts n before x."""
    x = Input("x")
    n = Gate(Neg(), [x], "n")
    e = Gate(ExpNeg(), [n], "e")
    out = Gate(Add(), [x, e], "out")
    return out, _names(x, n, e, out)


def _sort_unnamed():
    """The sigmoid graph's shape with no names at all (every node's name is None)."""
    x, W, b = Input(), Parameter([3.0, 1.0]), Parameter(0.0)
    p = Gate(MatMul(), [x, W])
    z = Gate(Add(), [p, b])
    e = Gate(ExpNeg(), [z])
    s = Gate(Reciprocal(), [Gate(AddConstant(1.0), [e])])
    return s, _labelled(x=x, W=W, b=b, p=p, z=z, e=e, d=s.inputs[0], s=s)


def _sort_same_names():
    """Two branches built by the same helper, so their nodes share names: a = exp(-x) and
    b = exp(-(-x)) are both called "h"."""
    x = Input("x")
    a = Gate(ExpNeg(), [x], "h")
    n = Gate(Neg(), [x], "h")
    b = Gate(ExpNeg(), [n], "h")
    out = Gate(Add(), [a, b], "out")
    return out, _labelled(x=x, a=a, n=n, b=b, out=out)


_SORTS = [("the sigmoid graph (8 nodes)", _sort_sigmoid),
          ("a parameter used by two gates: u = exp(-a) + a", _sort_shared),
          ("a node feeding one gate twice: out = x*x + x", _sort_square),
          ("a ladder of 4 diamonds", _sort_diamonds),
          ("a skip connection: out = x + exp(-(-x))", _sort_skip),
          ("a loss with an output (label) node: loss = mse(x @ W, y)", _sort_labels),
          ("the sigmoid graph with no node names at all (every name is None)", _sort_unnamed),
          ("three nodes that share one name, 'h': out = exp(-x) + exp(-(-x))",
           _sort_same_names)]


def _edges(build):
    root, names = build()
    nodes, edges, seen, stack = set(), set(), set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        nodes.add(names[id(node)])
        for inp in node.inputs:
            edges.add((names[id(node)], names[id(inp)]))
            stack.append(inp)
    return nodes, edges


def _judge_sort(triples):
    for case, obs, _ in triples:
        description, build = case.description, case.info
        if hasattr(obs, "kind"):     # Raised
            return f"for {description}: your code raised {obs.kind}: {obs.message}"
        order = obs.get("order") if isinstance(obs, dict) else None
        if not isinstance(order, list):
            return (f"for {description}: topological_sort should return a list of nodes, "
                    f"got {order if isinstance(order, str) else type(order).__name__}")
        nodes, edges = _edges(build)
        if "<something else>" in order:
            return f"for {description}: the list contains things that are not the graph's nodes"
        for name, times in Counter(order).items():
            if times > 1:
                return (f"for {description}: node {name} appears {times} times. A node "
                        f"reached along several paths must be listed once: remember which "
                        f"nodes you have already listed")
        missing = sorted(nodes - set(order))
        if missing and _anonymous(build):
            return (f"for {description}: these nodes are missing: {', '.join(missing[:5])}. "
                    f"Nodes need not have names, and two nodes may share one: remember the "
                    f"nodes you have listed by the nodes themselves (their id()), not by "
                    f"node.name")
        if missing:
            return (f"for {description}: these nodes are missing: {', '.join(missing[:5])}. "
                    f"Follow every input of a node (node.inputs), not just one, and start "
                    f"every call with an empty memory of the nodes visited")
        position = {name: i for i, name in enumerate(order)}
        for consumer, inp in sorted(edges):
            if position[inp] > position[consumer]:
                return (f"for {description}: {inp} comes after {consumer}, which uses it. "
                        f"Every node must come after all of its inputs, so that forward can "
                        f"compute it: list a node only once its inputs have been listed")
        root, names = build()
        if order[-1] != names[id(root)]:
            return f"for {description}: the root (the node you were given) must come last"
        again = obs.get("order of a second call", order)
        if again != order:
            return (f"for {description}: a second call on the same graph gave "
                    f"{'another order' if isinstance(again, list) else again}: every call "
                    f"must start afresh (a set of visited nodes kept outside the function, or "
                    f"as a default argument, remembers the first call's nodes)")
    return None


def _anonymous(build) -> bool:
    """Whether some node of the case's graph has no name, or shares its name."""
    root, _ = build()
    names, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            names.append(node.name)
            stack.extend(node.inputs)
    return None in names or len(set(names)) < len(names)


TOPOLOGICAL_SORT = Exercise(
    id="00.topological_sort", title="a topological order of the nodes",
    entry="topological_sort", points=2,
    forbids=(_GRAPH, "classroom.designs.static_graph._topological_order"),
    cases=[Case("the sigmoid graph (8 nodes), sorted twice: the second call must give the "
                "same order", _sort_case(_sort_sigmoid, twice=True), info=_sort_sigmoid)]
    + [Case(d, _sort_case(b), info=b) for d, b in _SORTS[1:]],
    judge=_judge_sort,
    mistakes={},
    hints=[
        "A node can be computed once all of its inputs have been: list every node the root "
        "depends on (follow `node.inputs`) so that each comes after its inputs, and the root "
        "last.",
        "Depth-first: to list a node, first list each of its inputs, then the node itself. The "
        "step that trips people up is a node reached twice: remember the nodes already listed "
        "by the nodes themselves (their `id`), not by their names, which may be missing or "
        "shared, and start with an empty memory on every call.",
        "Worked on out = x*x + x: visiting out first visits sq, which visits x (no inputs: x is "
        "listed), then x again (already seen: skipped), then lists sq; back in out, x is seen "
        "already, so out is listed last: [x, sq, out]. Inside the visit: `if id(node) in "
        "seen: return`.",
    ],
)


# -- 00.forward --------------------------------------------------------------------------------


def _backprop_from_state(nodes):
    """Gradients of the parameters, using only what forward left on the nodes."""
    incoming = {id(nodes[-1]): np.ones_like(nodes[-1].value)}
    grads = {}
    for node in reversed(nodes):
        g = incoming.pop(id(node), None)
        if g is None:
            continue
        if isinstance(node, Parameter):
            grads[node.name] = g
            continue
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is not None:
                    incoming[id(inp)] = incoming[id(inp)] + gi if id(inp) in incoming else gi
    return grads


def _fed(answer, nodes, X):
    """``answer(nodes, X)``, after which the Input node must hold X itself."""
    inputs = [node for node in nodes if isinstance(node, Input)]
    try:
        result = answer(nodes, X)
    except (NotImplementedError, ShortcutUsed):     # the stub, a shortcut: as they are
        raise
    except Exception:           # noqa: BLE001 - said more precisely when the input is empty
        _received(inputs, X)
        raise
    _received(inputs, X)
    return result


def _received(inputs, X):
    for node in inputs:
        value = node.value
        if not (isinstance(value, np.ndarray) and value.shape == X.shape
                and np.array_equal(value, X)):
            broken("the Input node did not receive X: find it by its class "
                   "(isinstance(node, Input)), not by its name, which may be anything or "
                   "nothing, and set its value to X")


def _forward_case(W, b, X):
    def run(answer):
        graph, nodes = _sigmoid(W, b)
        result = _fed(answer, graph.nodes, _arr(X))
        return {"returned": result, "value of z": nodes["z"].value,
                "backprop afterwards (needs each gate's state)": _safe_backprop(graph.nodes)}
    return run


def _sigmoid(W, b):
    from ..designs.static_graph import sigmoid_graph
    return sigmoid_graph(W, b)


def _forward_twice(answer):
    """Two runs on the same nodes: the second run's values must come from its own X, however
    the first run left the nodes."""
    graph, nodes = _sigmoid([1.0, -2.0], 0.25)
    first = _fed(answer, graph.nodes, _arr([[1.0, 1.0], [2.0, 0.0]]))
    second = _fed(answer, graph.nodes, _arr([[-1.0, 0.5]]))
    return {"first run returned": first, "second run returned": second,
            "value of z after the second run": nodes["z"].value,
            "backprop afterwards (needs each gate's state)": _safe_backprop(graph.nodes)}


def _forward_anonymous(answer):
    """A graph whose nodes carry no names of their own (the Input included), and a second
    parameter named "x" to go with them: what a node is comes from its class."""
    x = Input()
    W = Parameter([[0.5], [-1.5]])
    c = Parameter([2.0], "x")
    p = Gate(MatMul(), [x, W])
    q = Gate(Multiply(), [p, p])
    out = Gate(Add(), [q, c])
    nodes = [x, W, c, p, q, out]
    result = _fed(answer, nodes, _arr([[1.0, 2.0], [0.0, -1.0]]))
    return {"returned": result, "value of x @ W": p.value,
            "the parameter named 'x' kept its value": c.value,
            "backprop afterwards (needs each gate's state)": _safe_backprop(nodes)}


def _safe_backprop(nodes):
    try:
        return _backprop_from_state(nodes)
    except Exception as err:     # noqa: BLE001 - reported as what happened
        return f"<failed: {type(err).__name__}>"


FORWARD = Exercise(
    id="00.forward", title="the forward pass, in order", entry="forward", points=1,
    forbids=(_GRAPH,),
    cases=[
        Case("the sigmoid graph, W = [3, 1], b = 0, three points",
             _forward_case([3.0, 1.0], 0.0, [[1.0, -2.0], [0.0, 0.0], [-1.0, 0.5]])),
        Case("the sigmoid graph, W = [-1, 2], b = 0.5, one point",
             _forward_case([-1.0, 2.0], 0.5, [[2.0, 1.0]])),
        Case("the same nodes run twice, with two different inputs X", _forward_twice),
        Case("a graph whose nodes have no names (and a parameter that happens to be called "
             "'x'): out = (x @ W)² + c", _forward_anonymous),
    ],
    mistakes={
        "forward_no_state":
            "you stored only the output and dropped the state that op.forward returned: the gates "
            "that keep their output as state (exp, reciprocal) cannot run backprop later. Store "
            "both: node.value, node.state = node.op.forward(...)",
        "forward_passes_nodes":
            "op.forward needs the input *values* (arrays), not the input nodes: pass "
            "[inp.value for inp in node.inputs]",
        "forward_keeps_tuple":
            "op.forward returns a pair (output, state); you stored the whole pair as the gate's "
            "value. Unpack it into node.value and node.state",
    },
    hints=[
        "Walk the nodes in the order given. An Input gets X; a Parameter already has its value; "
        "a Gate computes its value from its inputs' values. Tell the kinds apart by their "
        "class, not by their names.",
        "The step where learners slip: a gate's operation works on arrays, not on nodes, and "
        "it hands back two things, the output and the state, both of which belong on the gate "
        "(backprop needs the state later). Recompute every gate on every run, whatever it "
        "held before.",
        "The one line that does a gate's work: `node.value, node.state = "
        "node.op.forward([inp.value for inp in node.inputs])`. Around it: what to do for an "
        "Input, what to skip, and what to return at the end.",
    ],
)


# -- 00.clear --------------------------------------------------------------------------------


def _clear_case(build_and_run):
    """What clear() left on every node: a parameter's value and gradient (kept), and for
    every other node whether each of value, grad (and a gate's state) is now None."""
    def run(answer):
        graph = build_and_run()
        answer(graph.nodes)
        out = {}
        for node in graph.nodes:
            kind = type(node).__name__
            if isinstance(node, Parameter):
                item = {"value (kept)": node.value, "grad (kept)": node.grad}
            else:
                item = {"value is None": node.value is None, "grad is None": node.grad is None}
            if isinstance(node, Gate):
                item["state is None"] = node.state is None
            out[f"{node.name} ({kind})"] = item
        return out
    return run


def _ran_sigmoid():
    graph, _ = _sigmoid([3.0, 1.0], 0.0)
    graph.forward(_arr([[1.0, -2.0], [0.5, 0.5]]))
    graph.backprop()
    return graph


def _ran_loss():
    x, y = Input("x"), Output("y")
    W = Parameter([[1.0], [-2.0]], "W")
    pred = Gate(MatMul(), [x, W], "pred")
    loss = Gate(MSELoss(), [pred, y], "loss")
    graph = Graph(loss)
    graph.forward(_arr([[1.0, 2.0], [3.0, -1.0]]), _arr([[0.5], [1.0]]))
    graph.backprop()
    return graph


def _ran_misleading_names():
    """Parameters with no names or unusual ones, and an Input and a gate called "W" and "b":
    what a node is comes from its class, not from its name."""
    x, y = Input("W"), Output("labels")
    scale = Parameter([[2.0], [-1.0]])
    shift = Parameter([0.5], "offset")
    h = Gate(MatMul(), [x, scale], "b")
    pred = Gate(Add(), [h, shift], "pred")
    loss = Gate(MSELoss(), [pred, y], "loss")
    graph = Graph(loss)
    graph.forward(_arr([[1.0, 0.0], [2.0, 1.0]]), _arr([[1.0], [0.0]]))
    graph.backprop()
    return graph


CLEAR = Exercise(
    id="00.clear", title="clear(): forget the run, keep the parameters", entry="clear", points=1,
    forbids=("classroom.designs.static_graph.Node.clear",
             "classroom.designs.static_graph.Gate.clear", _GRAPH),
    cases=[
        Case("the sigmoid graph after one forward and backprop", _clear_case(_ran_sigmoid)),
        Case("a graph with an output (label) node and a loss, after a run",
             _clear_case(_ran_loss)),
        Case("a graph whose parameters have no names (or unusual ones) and whose input is "
             "called 'W' and one gate 'b', after a run", _clear_case(_ran_misleading_names)),
    ],
    mistakes={
        "clear_everything":
            "you cleared the parameters too: their values are what the graph learns, and they must "
            "survive clear() (and so must their gradients, which add up over runs)",
        "clear_values_only":
            "you forgot the gradients: clear() must set grad back to None as well as value, on "
            "every node that is not a parameter",
        "clear_keeps_state":
            "the gates still hold their state from the last run: set node.state = None on every "
            "Gate too",
    },
    hints=[
        "Three things a run leaves on a node: value, grad, and (on a gate) state. Which kind of "
        "node must keep them, and why?",
        "Parameters keep everything; every other node (inputs, outputs, gates) forgets its "
        "value and its gradient, and a gate its state too. Decide what a node is from its "
        "class: names are not reliable (a parameter may have none).",
        "Worked on the sigmoid graph: x (an Input) and the five gates lose value and grad, and "
        "the gates also their state; W and b are Parameters and keep everything. `isinstance(node, "
        "Parameter)` and `isinstance(node, Gate)` tell the kinds apart.",
    ],
)


# -- 00.backprop -------------------------------------------------------------------------------


class _Watched:
    """An operation that keeps a copy of every gradient handed to its backprop, so that the
    case can tell afterwards whether the answer changed one of those arrays in place."""

    def __init__(self, op, handed: list):
        self.op, self.handed = op, handed

    def forward(self, inputs):
        return self.op.forward(inputs)

    def backprop(self, inputs, state, grad):
        self.handed.append((grad, np.array(grad, copy=True)))
        return self.op.backprop(inputs, state, grad)


def _backprop_case(build, runs, stale=False):
    """Run the graph on each of ``runs`` and the answer after each; ``stale`` leaves a
    gradient from an earlier run on every node that is not a parameter first (what a node
    that receives nothing must not keep)."""
    def run(answer):
        graph, names = build()
        handed = []
        for X, y in runs:
            graph.forward(_arr(X), None if y is None else _arr(y))
            if stale:
                for node in graph.nodes:
                    if not isinstance(node, Parameter):
                        node.grad = np.full(np.shape(node.value), 7.0)
            gates = [n for n in graph.nodes if isinstance(n, Gate)]
            for gate in gates:
                gate.op = _Watched(gate.op, handed)
            try:
                answer(graph.nodes)
            finally:
                for gate in gates:
                    gate.op = gate.op.op
            for array, copy in handed:
                if isinstance(array, np.ndarray) and not np.array_equal(array, copy):
                    broken("a gradient changed after it was handed to a gate's backprop: you "
                           "summed into it in place (+=), and that very array is held "
                           "elsewhere too (Add sends the same array to both of its inputs, "
                           "and a node keeps its gradient as .grad). Make a new array instead: "
                           "total = total + g")
        return {name: graph[name].grad for name in names}
    return run


def _bp_labels():
    x, y = Input("x"), Output("y")
    W = Parameter([[1.0], [-0.5]], "W")
    h = Gate(MatMul(), [x, W], "h")
    hh = Gate(Multiply(), [h, h], "hh")
    pred = Gate(Add(), [hh, h], "pred")           # Add hands both inputs the same array
    loss = Gate(MSELoss(), [pred, y], "loss")
    return Graph(loss), ["W", "h", "hh", "pred", "y", "x"]


def _bp_square():
    x = Input("x")
    a = Parameter([2.0, -1.0], "a")
    ax = Gate(Multiply(), [a, x], "ax")
    sq = Gate(Multiply(), [ax, ax], "sq")           # ax used twice by one gate
    out = Gate(Add(), [sq, a], "out")               # a used by two gates
    return Graph(out), ["a", "ax", "x"]


def _bp_shared():
    a = Parameter(0.5, "a")
    x = Input("x")
    e = Gate(ExpNeg(), [a], "e")
    u = Gate(Add(), [e, a], "u")
    v = Gate(Multiply(), [u, x], "v")
    return Graph(v), ["a", "e", "u"]


def _bp_two_losses():
    """One label node y feeding two loss gates: both send it None (labels need no gradient)."""
    x, y = Input("x"), Output("y")
    W = Parameter([[1.0], [-0.5]], "W")
    h = Gate(MatMul(), [x, W], "h")
    hh = Gate(Multiply(), [h, h], "hh")
    first = Gate(MSELoss(), [h, y], "first loss")
    second = Gate(MSELoss(), [hh, y], "second loss")
    total = Gate(Add(), [first, second], "total")
    return Graph(total), ["W", "h", "hh", "y", "x"]


class _Unnamed:
    """The node list of a graph whose nodes have no names, not made by a Graph (which would
    name them): what ``graph.forward``, ``graph.nodes`` and ``graph[name]`` need."""

    def __init__(self, nodes, labels):
        self.nodes, self.labels = nodes, labels

    def forward(self, X, y=None):
        for node in self.nodes:
            if isinstance(node, Input):
                node.value = X
            elif isinstance(node, Gate):
                node.value, node.state = node.op.forward([i.value for i in node.inputs])

    def __getitem__(self, label):
        return self.labels[label]


def _bp_unnamed():
    a, x = Parameter([1.5, -0.5]), Input()
    ax = Gate(Multiply(), [a, x])
    e = Gate(ExpNeg(), [ax])
    out = Gate(Add(), [Gate(Multiply(), [e, ax]), e])      # e and ax each feed two gates
    nodes = [a, x, ax, e, out.inputs[0], out]
    return _Unnamed(nodes, {"a": a, "ax": ax, "e": e, "x": x}), ["a", "ax", "e", "x"]


def _bp_sigmoid():
    graph, _ = _sigmoid([3.0, 1.0], 0.0)
    return graph, ["W", "b", "z", "x"]


BACKPROP = Exercise(
    id="00.backprop", title="backprop: sum what arrives from every consumer (stretch)",
    entry="backprop", points=2,
    forbids=(_GRAPH,),
    cases=[
        Case("the sigmoid graph, two points", _backprop_case(
            _bp_sigmoid, [([[1.0, -2.0], [0.5, 0.5]], None)])),
        Case("u = exp(-a) + a, then v = u * x: a feeds two gates",
             _backprop_case(_bp_shared, [([2.0], None)])),
        Case("out = (a*x) * (a*x) + a: a node used twice by one gate, a parameter by two",
             _backprop_case(_bp_square, [([1.5, 3.0], None)])),
        Case("the sigmoid graph run twice: parameter gradients add up",
             _backprop_case(_bp_sigmoid, [([[1.0, 1.0]], None), ([[-2.0, 0.5]], None)])),
        Case("a loss with labels: pred = h*h + h, loss = mse(pred, y); the label node y "
             "receives nothing", _backprop_case(
                 _bp_labels, [([[1.0, 2.0], [0.5, -1.0]], [[1.0], [2.0]])])),
        Case("the same loss, on nodes that still hold gradients from an earlier run",
             _backprop_case(_bp_labels, [([[2.0, 1.0], [-1.0, 0.0]], [[0.0], [1.0]])],
                            stale=True)),
        Case("one label node y feeding two loss gates, whose sum is the root: y receives None "
             "from both", _backprop_case(
                 _bp_two_losses, [([[1.0, 2.0], [0.5, -1.0]], [[1.0], [2.0]])])),
        Case("nodes that have no names (a node list not made by a Graph), two of them feeding "
             "two gates each", _backprop_case(_bp_unnamed, [([0.5, 2.0], None)])),
    ],
    mistakes={
        "backprop_overwrites":
            "a node that feeds several gates (or one gate twice) got only the last gradient that "
            "arrived: you overwrote instead of summing. Add each arrival to what the node already "
            "received",
        "backprop_params_replaced":
            "a parameter's grad must add up over runs (param.grad + g), so that several batches "
            "can be summed before an update; yours replaced it",
        "backprop_passes_early":
            "you passed a gradient on as soon as it arrived, so a node's inputs got a partial "
            "gradient and later arrivals were lost: collect every arrival first (walking the "
            "reverse topological order), then pass the node's total on once",
        "backprop_sums_none":
            "a None from a gate's backprop was added up like a gradient: None means that input "
            "needs no gradient (labels), so skip it. A label node feeding two losses receives "
            "two Nones, and None + None fails",
        "backprop_keyed_by_name":
            "gradients meant for different nodes were mixed up: they were kept under each "
            "node's name, and these nodes have none. Key what arrives by the node itself "
            "(id(node)), not by node.name",
        "backprop_inplace_sum":
            "a gradient changed after it was stored: summing in place (+=) writes into an array "
            "that another node also holds (Add sends the very same array to both of its inputs). "
            "Make a new array instead: incoming[key] = incoming[key] + g",
    },
    hints=[
        "Walk the nodes in reverse: every consumer of a node comes before the node itself, so "
        "by the time you reach a node, everything it will receive has arrived. Keep, for each "
        "node, the sum of what has arrived for it so far.",
        "The steps where learners slip: key what arrives by the node itself (its `id`), since "
        "nodes need not have names; a None from a gate's backprop means \"nothing to send\", "
        "so skip it; add a new arrival to the old total as a new array, never in place, since "
        "the same array may be held by another node; and only a Parameter adds onto the grad "
        "it already had.",
        "The step for one gate, once its total g is known: `grads = node.op.backprop([i.value "
        "for i in node.inputs], node.state, g)`; then, for each input and its gradient in "
        "`zip(node.inputs, grads)`, skip None and add the gradient to that input's running "
        "total (`total + g`, not `+=`).",
    ],
)

EXERCISES = [RECIPROCAL, TOPOLOGICAL_SORT, FORWARD, CLEAR, BACKPROP]
