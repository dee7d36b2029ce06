"""Chapter 2 exercises: add and neg as recorded ops, accumulating gradients, and walking
the graph in topological order (and counting what the naive walk would cost).

Answers use minigrad's ``Tensor``, its ``.parents``, and ``record(data, inputs,
backward, op)`` from ``minigrad.autograd``, where ``backward(grad)`` returns one
gradient per input.
"""

from collections import Counter

import numpy as np

from minigrad.tensor import Tensor
from .core import Case, Exercise, broken
from .rules import Untouched, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.autograd import record
from classroom import check, hint, solution"""


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def grad_of(t):
    return None if t.grad is None else t.grad.data


# -- 02.add ------------------------------------------------------------------------------


def _binary_case(op, a_values, b_values, seed, b_grad=True):
    def run(answer):
        a = leaf(a_values)
        b = leaf(b_values) if b_grad else Tensor(np.array(b_values, dtype=float))
        return run_op(lambda: answer(a, b), {"a": a, "b": b}, seed, what=f"your {op}",
                      own_backward=True)
    return run


def _same_tensor_twice(answer):
    a = leaf([1.0, -2.0, 3.0])
    return run_op(lambda: answer(a, a), {"a": a}, [1.0, 10.0, 100.0], what="your add",
                  own_backward=True)


ADD = Exercise(
    id="02.add", title="add as a recorded op", entry="add", points=1,
    forbids=("minigrad.add",),
    cases=[
        Case("two vectors, a gradient of [1, 10, 100] from above",
             _binary_case("add", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [1.0, 10.0, 100.0])),
        Case("a tensor added to itself (a + a)", _same_tensor_twice),
        Case("b does not require a gradient",
             _binary_case("add", [1.0, 2.0], [3.0, 4.0], [1.0, 1.0], b_grad=False)),
    ],
    mistakes={
        "add_backward_not_a_tuple":
            "backward must return a tuple with one gradient per input, e.g. (grad, grad); "
            "yours returns a single array",
        "add_backward_ones":
            "each input of a sum receives the incoming gradient unchanged (∂(a+b)/∂a = 1, so the "
            "gradient is 1 × grad), not a gradient of ones",
        "add_only_first":
            "both inputs of a sum need a gradient: backward returned None for b",
    },
    hints=[
        "The forward value is just a.data + b.data. The interesting part is backward(grad): how "
        "much does a + b change when a changes a little?",
        "∂(a + b)/∂a = 1 and ∂(a + b)/∂b = 1, so each input gets 1 × grad.",
        "Worked on a = [1, 2], b = [3, 4] and a gradient [10, 20] from above: the value is [4, "
        "6], and backward must hand back [10, 20] for a and [10, 20] for b, as a tuple of two "
        "arrays. Give record the value, the inputs (a, b), your backward and the name 'add'.",
    ],
)


# -- 02.neg ------------------------------------------------------------------------------


def _neg_case(values, seed):
    def run(answer):
        a = leaf(values)
        return run_op(lambda: answer(a), {"a": a}, seed, what="your neg", own_backward=True)
    return run


def _neg_twice(answer):
    a = leaf([2.0, -1.0])
    return run_op(lambda: answer(answer(a)), {"a": a}, [1.0, 3.0], what="your neg",
                  own_backward=True)


NEG = Exercise(
    id="02.neg", title="neg as a recorded op", entry="neg", points=1,
    forbids=("minigrad.neg",),
    cases=[
        Case("a vector, a gradient of [1, 2, 3] from above", _neg_case([1.0, -2.0, 0.5],
                                                                      [1.0, 2.0, 3.0])),
        Case("neg applied twice (-(-a))", _neg_twice),
    ],
    mistakes={
        "neg_forgot_sign":
            "the forward value is right but the gradient has the wrong sign: -a changes by -1 "
            "when a grows by 1, so backward must return -grad",
        "neg_not_a_tuple":
            "backward must return a tuple with one gradient per input, e.g. (-grad,) for one "
            "input; yours returns a single array",
        "neg_inputs_not_a_tuple":
            "record's inputs must be a tuple of tensors, such as (a,), but yours is a single "
            "tensor. Parentheses alone don't make a tuple: (a) is just a, and (a,), with a "
            "trailing comma, is the tuple",
    },
    hints=[
        "Forward: -a.data. Backward: what is the derivative of -x?",
        "d(-x)/dx = -1, so the gradient for a is -1 × grad. Remember the trailing comma of a "
        "one-element tuple.",
        "Worked on a = [1, -2] and a gradient [5, 5] from above: the value is [-1, 2], and "
        "backward hands back ([-5, -5],), a tuple with one array. Build both as new arrays: never "
        "change a.data or grad in place.",
    ],
)


# -- 02.accumulate -----------------------------------------------------------------------


def _accumulated(answer, t, grad):
    """Call ``accumulate(t, grad)`` and return what it left in ``t.grad``, after checking
    that it is a Tensor and that ``grad`` itself was left alone."""
    kept = Untouched(grad=grad)
    answer(t, grad)
    kept.check("your accumulate")
    if not isinstance(t.grad, Tensor):
        what = "nothing (None)" if t.grad is None else f"a {type(t.grad).__name__}"
        if isinstance(t.grad, np.ndarray):
            what = "a NumPy array"
        broken(f"after accumulate, tensor.grad must be a Tensor (backward and the optimizers "
               f"read tensor.grad.data), but yours holds {what}: wrap the array, Tensor(...)")
    return np.array(t.grad.data)


def _accumulate_twice(answer):
    t = leaf([1.0, 2.0])
    first = _accumulated(answer, t, np.array([1.0, 1.0]))
    return {"after the first": first,
            "after the second": _accumulated(answer, t, np.array([0.5, -2.0]))}


def _accumulate_then_caller_reuses(answer):
    t = leaf([0.0, 0.0, 0.0])
    g = np.array([1.0, 2.0, 3.0])
    _accumulated(answer, t, g)
    g *= 10                                  # the caller reuses its buffer
    return {"stored gradient": grad_of(t)}


def _accumulate_into_a_given_grad(answer):
    t = leaf([1.0])
    t.grad = Tensor(np.array([4.0]))
    return {"stored gradient": _accumulated(answer, t, np.array([2.0]))}


ACCUMULATE = Exercise(
    id="02.accumulate", title="accumulate gradients", entry="accumulate", points=1,
    forbids=("minigrad.autograd._accumulate",),
    cases=[
        Case("two contributions arrive for the same tensor", _accumulate_twice),
        Case("the caller changes its gradient array after handing it over",
             _accumulate_then_caller_reuses),
        Case("a tensor whose .grad already holds a Tensor", _accumulate_into_a_given_grad),
    ],
    mistakes={
        "accumulate_overwrites":
            "forgot to accumulate gradients: the second contribution replaced the first instead "
            "of being added to it (a tensor used twice must get the sum of both)",
        "accumulate_no_copy":
            "your stored gradient shares memory with the caller's array, so it changed when the "
            "caller reused that array: store a copy (np.array(grad)) the first time",
    },
    hints=[
        "Two cases: the tensor has no gradient yet (tensor.grad is None), or it already has one.",
        "First time: store a *copy* of grad as a Tensor. After that: add the new grad to the old "
        "one.",
        "Worked: first call with [1, 1], tensor.grad is None, so store Tensor of a copy of [1, "
        "1]; second call with [0.5, -2], tensor.grad holds [1, 1], so it becomes a Tensor of "
        "[1.5, -1]. np.array(grad, copy=True) makes the copy.",
    ],
)


# -- 02.topological_order ------------------------------------------------------------------


def _graph_case(build):
    """A case that builds a graph, names its nodes, and reports the answer's order by name."""
    def run(answer):
        root, names = build()
        result = answer(root)
        if not isinstance(result, list):
            broken(f"topological_order should return a Python list of tensors, but yours "
                   f"returned {'None' if result is None else 'a ' + type(result).__name__}")
        return {"order": [names.get(id(t), "<something else>") for t in result]}
    return run


class _Names(dict):
    """``{id(tensor): name}`` that also holds the tensors, so that each id stays its
    tensor's: minigrad's graph, like PyTorch's, does not keep intermediate tensors alive,
    and a freed tensor's id may be given to a new object."""

    def __init__(self, tensors: dict):
        super().__init__((id(t), name) for name, t in tensors.items())
        self.tensors = list(tensors.values())


def _named(**tensors):
    return _Names(tensors)


def _chain():
    a = leaf([1.0])
    b = -a
    c = -b
    return c, _named(a=a, b=b, c=c)


def _diamond():
    a = leaf([1.0])
    b = -a
    c = a + a
    d = b + c
    return d, _named(a=a, b=b, c=c, d=d)


def _reused():
    a = leaf([1.0])
    b = a + a
    c = b + b
    return c, _named(a=a, b=b, c=c)


def _late_shared():
    # v2 = v0 + v0; v4 = v0 + v2: v0 is reached directly and through v2
    v0 = leaf([1.0])
    v2 = v0 + v0
    v4 = v0 + v2
    return v4, _named(v0=v0, v2=v2, v4=v4)


def _long_chain():
    chain = [leaf([1.0])]
    for _ in range(5000):
        chain.append(-chain[-1])
    return chain[-1], _Names({f"x{i}": x for i, x in enumerate(chain)})


def _edges(build):
    root, names = build()
    edges, seen, stack = set(), set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for parent in node.parents:
            if id(parent) in names:
                edges.add((names[id(node)], names[id(parent)]))
                stack.append(parent)
    return set(names.values()), edges


_GRAPHS = [("a chain c = -(-a)", _chain),
           ("a diamond d = (-a) + (a + a)", _diamond),
           ("a reused node: b = a + a, c = b + b", _reused),
           ("a node reached directly and through another: v2 = v0 + v0, v4 = v0 + v2",
            _late_shared),
           ("a chain of 5,000 ops", _long_chain)]


def _judge_order(triples):
    for case, obs, _ in triples:
        description, build = case.description, case.info
        if hasattr(obs, "kind"):     # Raised
            if obs.kind == "RecursionError":
                return (f"for {description}: your walk is recursive and hit Python's recursion "
                        f"limit. Real graphs are thousands of ops deep: keep your own stack "
                        f"(a list) instead of calling yourself")
            return f"for {description}: your code raised {obs.kind}: {obs.message}"
        order = obs.get("order") if isinstance(obs, dict) else None
        if not isinstance(order, list):
            return (f"for {description}: topological_order should return a list of tensors, "
                    f"got {order if isinstance(order, str) else type(order).__name__}")
        nodes, edges = _edges(build)
        if "<something else>" in order:
            return f"for {description}: the list contains things that are not the graph's tensors"
        for name, times in Counter(order).items():
            if times > 1:
                return (f"for {description}: node {name} appears {times} times. A "
                        f"node reached along several paths must be listed once: remember which "
                        f"nodes you have already handled")
        missing = sorted(nodes - set(order))
        if missing:
            return f"for {description}: these nodes are missing: {', '.join(missing[:5])}"
        position = {name: i for i, name in enumerate(order)}
        for consumer, parent in sorted(edges):
            if position[parent] < position[consumer]:
                return (f"for {description}: {parent} comes before {consumer}, which uses it. "
                        f"Every node must come after all of its consumers, so that its gradient "
                        f"is complete before it is passed on. (Add a node to the order only once "
                        f"all of its parents have been handled, then reverse.)")
        used = {parent for _, parent in edges}
        if order[0] != next(n for n in nodes if n not in used):
            return f"for {description}: the root (the tensor you were given) must come first"
    return None


TOPOLOGICAL_ORDER = Exercise(
    id="02.topological_order", title="a topological order, without recursion",
    entry="topological_order", points=2,
    forbids=("minigrad.topological_order",), recursion=False,
    cases=[Case(d, _graph_case(b), info=b) for d, b in _GRAPHS],
    judge=_judge_order,
    mistakes={},
    hints=[
        "Return a list of every tensor the root depends on (use t.parents), root first, in which "
        "each tensor comes before the tensors it was computed from.",
        "Depth-first search gives it: a node is finished once all its parents are finished; list "
        "nodes as they finish, then reverse. Keep a set of ids of nodes you have started, so a "
        "shared node is handled once.",
        "Without recursion: a stack of (node, parents_done) pairs. Pop one; if parents_done, "
        "append the node to the order; else, if not seen, mark it seen, push (node, True), then "
        "push (parent, False) for each unseen parent. What you appended runs leaves first: which "
        "way round must you return it?",
    ],
)


# -- 02.count_visits -------------------------------------------------------------------------


def _ladder(levels):
    x = leaf([1.0])
    for _ in range(levels):
        x = (-x) + (-x)        # a diamond: two paths from the new x to the old one
    return x


def _visits_case(build):
    def run(answer):
        return answer(build())
    return run


def _visits_chain():
    x = leaf([1.0])
    for _ in range(5):
        x = -x
    return x


def _visits_reused():
    a = leaf([1.0])
    b = a + a
    return b + b


COUNT_VISITS = Exercise(
    id="02.count_visits", title="how much work the naive walk does (stretch)",
    entry="count_visits", points=2,
    too_slow="Your count visits every path, as the naive walk itself would: on 40 rungs that "
             "is more than a trillion visits. Count how many paths reach each node instead "
             "of taking them",
    cases=[
        Case("a chain of 5 negations (6 nodes)", _visits_case(_visits_chain)),
        Case("a ladder of 3 diamonds", _visits_case(lambda: _ladder(3))),
        Case("b = a + a, c = b + b", _visits_case(_visits_reused)),
        Case("a ladder of 40 diamonds (the naive walk itself would never finish)",
             _visits_case(lambda: _ladder(40))),
    ],
    mistakes={
        "count_visits_nodes":
            "you counted each node once, which is what the topological walk does; the naive walk "
            "visits a node once for every path from the root to it",
        "count_visits_distinct_parents":
            "b = a + a has two edges to a, and the naive walk follows both, so it visits a "
            "twice: go through node.parents as it is, counting a parent once for each time it "
            "appears, instead of removing duplicates",
    },
    hints=[
        "The naive walk visits a node once per path from the root to that node. Count paths, "
        "don't walk them: on 40 diamonds there are more than 10¹² paths.",
        "Paths to a parent = sum of paths to each of its consumers (once per edge, so a + a "
        "counts twice). The root has 1. Process nodes in topological order so every consumer is "
        "done before its parents.",
        "Worked on b = a + a, c = b + b: c has 1 path; b gets 1 from each of c's two edges, so 2; "
        "a gets 2 from each of b's two edges, so 4. Visits: 1 + 2 + 4 = 7. Walk the nodes in "
        "topological order, keep a dict from id(node) to its number of paths, and add a node's "
        "count to each parent once per edge.",
    ],
)

EXERCISES = [ADD, NEG, ACCUMULATE, TOPOLOGICAL_ORDER, COUNT_VISITS]
