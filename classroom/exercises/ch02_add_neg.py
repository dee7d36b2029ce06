"""Chapter 2 exercises: add and neg as recorded ops, accumulating gradients, and walking
the graph in topological order (and counting what the naive walk would cost).

Answers use minigrad's ``Tensor``, its ``.parents``, and ``record(data, inputs,
backward, op)`` from ``minigrad.autograd``, where ``backward(grad)`` returns one
gradient per input.
"""

from collections import Counter

import numpy as np

from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, run_op, whole_number

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
        "The forward value is the sum of the two inputs' arrays. The interesting part is "
        "backward: how much does a + b change when a changes a little? When b does?",
        "Where learners slip: backward returns one gradient per input, as a tuple, even when "
        "they are the same; each is the incoming grad times the local slope, and the slope of "
        "a + b is 1 for both inputs.",
        "Worked on a = [1, 2], b = [3, 4] and a gradient [10, 20] from above: the value is "
        "[4, 6], and backward must hand back [10, 20] for a and [10, 20] for b, as a tuple of "
        "two arrays. The last line: `return record(a.data + b.data, (a, b), backward, "
        "\"add\")`.",
    ],
)


# -- 02.neg ------------------------------------------------------------------------------


def _neg_case(values, seed):
    def run(answer):
        a = leaf(values)
        return run_op(lambda: answer(a), {"a": a}, seed, what="your neg", single=(a,),
                      own_backward=True)
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
        "Forward: minus the input's array. Backward: what is the derivative of -x?",
        "The derivative of -x is -1, so the gradient for a is the incoming grad times -1. "
        "The step people trip on: backward returns a tuple of one gradient, and a tuple of one "
        "needs a trailing comma, as do record's inputs.",
        "Worked on a = [1, -2] and a gradient [5, 5] from above: the value is [-1, 2], and "
        "backward hands back ([-5, -5],), a tuple with one array. Build both as new arrays: "
        "never change `a.data` or grad in place.",
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


def _accumulate_alternating(answer):
    """Two tensors whose contributions arrive in turn: each keeps its own sum."""
    t, u = leaf([1.0, 2.0]), leaf([[0.0], [1.0]])
    for target, g in ((t, [1.0, 0.5]), (u, [[2.0], [-1.0]]), (t, [-3.0, 1.0]),
                      (u, [[0.5], [0.5]])):
        _accumulated(answer, target, np.array(g))
    return {"first tensor's gradient": grad_of(t), "second tensor's gradient": grad_of(u)}


def _accumulate_full_precision(answer):
    t = leaf([0.0, 0.0])
    _accumulated(answer, t, np.array([1 + 2e-9, 0.1]))
    return {"stored gradient": _accumulated(answer, t, np.array([1e-9, 0.2]))}


def _accumulate_into_a_given_grad(answer):
    t = leaf([1.0])
    t.grad = Tensor(np.array([4.0]))
    return {"stored gradient": _accumulated(answer, t, np.array([2.0]))}


ACCUMULATE = Exercise(
    id="02.accumulate", title="accumulate gradients", entry="accumulate", points=1,
    rtol=FLOAT64_RTOL,
    forbids=("minigrad.autograd._accumulate",),
    cases=[
        Case("two contributions arrive for the same tensor", _accumulate_twice),
        Case("the caller changes its gradient array after handing it over",
             _accumulate_then_caller_reuses),
        Case("a tensor whose .grad already holds a Tensor", _accumulate_into_a_given_grad),
        Case("two tensors (of different shapes) whose contributions arrive in turn",
             _accumulate_alternating),
        Case("gradients float32 cannot hold exactly (1 + 2e-9, then 1e-9 more): the sum is "
             "compared to float64's precision", _accumulate_full_precision),
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
        "Two situations: the tensor has no gradient yet (its grad is None), or it already has "
        "one. Whatever you store must be a Tensor.",
        "Where learners slip: the first time, storing the caller's own array means your "
        "gradient changes when the caller reuses it, so store a copy; after that, the new "
        "gradient is added to the old one, never put in its place.",
        "Worked: first call with [1, 1], tensor.grad is None, so store a Tensor of a copy of "
        "[1, 1]; second call with [0.5, -2], tensor.grad holds [1, 1], so it becomes a Tensor "
        "of [1.5, -1]. The copy: `np.array(grad, copy=True)`.",
    ],
)


# -- 02.topological_order ------------------------------------------------------------------


def _graph_case(build, twice=False):
    """A case that builds a graph, names its nodes, and reports the answer's order by name
    (with ``twice``, also the order of a second call on the same root)."""
    def run(answer):
        root, names = build()
        found = {}
        for key in ("order", "order of a second call")[:2 if twice else 1]:
            result = answer(root)
            if not isinstance(result, list):
                broken(f"topological_order should return a Python list of tensors, but yours "
                       f"returned {'None' if result is None else 'a ' + type(result).__name__}")
            found[key] = [names.get(id(t), "<something else>") for t in result]
        return found
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


def _equal_values():
    """Different tensors holding the same numbers: only identity tells them apart."""
    a = leaf([2.0])
    b = a + a                  # [4]
    c = -a                     # [-2]
    d = c + b                  # [2], equal to a
    e = -(-d)                  # [2] again, and its inner -d is [-2], equal to c
    f = e + a                  # [4], equal to b
    return f, _named(a=a, b=b, c=c, d=d, nd=e.parents[0], e=e, f=f)


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


_GRAPHS = [("a chain c = -(-a), sorted twice: the second call must give the same order",
            _chain),
           ("a diamond d = (-a) + (a + a)", _diamond),
           ("a reused node: b = a + a, c = b + b", _reused),
           ("a node reached directly and through another: v2 = v0 + v0, v4 = v0 + v2",
            _late_shared),
           ("tensors that hold equal numbers but are different nodes: b = a + a, c = -a, "
            "d = c + b, e = -(-d), f = e + a", _equal_values),
           ("a chain of 5,000 ops", _long_chain)]


def _lookalikes(build, missing, listed) -> bool:
    """Whether a missing node holds the same numbers as a listed one (what an answer that
    compares tensors with ==, or by value, cannot tell apart)."""
    _, names = build()
    by_name = {names[id(t)]: t for t in names.tensors}
    return any(np.array_equal(by_name[m].data, by_name[n].data)
               for m in missing for n in listed if n in by_name)


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
        if missing and _lookalikes(build, missing, order):
            return (f"for {description}: these nodes are missing: {', '.join(missing[:5])}. "
                    f"They hold the same numbers as nodes you listed, but they are other "
                    f"tensors: remember the nodes you have handled by identity (id(t) in a "
                    f"set, or `is`), never with == or by their values")
        if missing:
            return (f"for {description}: these nodes are missing: {', '.join(missing[:5])}. "
                    f"Follow every parent of a node (t.parents), and start every call with an "
                    f"empty memory of the nodes handled")
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
        again = obs.get("order of a second call", order)
        if again != order:
            return (f"for {description}: a second call on the same root gave another order "
                    f"({len(again)} tensors instead of {len(order)}): every call must start "
                    f"afresh (a set of visited nodes kept outside the function, or as a default "
                    f"argument, remembers the first call's nodes)")
    return None


TOPOLOGICAL_ORDER = Exercise(
    id="02.topological_order", title="a topological order, without recursion",
    entry="topological_order", points=2,
    forbids=("minigrad.topological_order",), recursion=False,
    cases=[Case(d, _graph_case(b, twice=b is _chain), info=b) for d, b in _GRAPHS],
    judge=_judge_order,
    mistakes={},
    hints=[
        "Return a list of every tensor the root depends on (follow `t.parents`), root first, "
        "in which each tensor comes before the tensors it was computed from.",
        "Depth-first search gives it: a node is finished once all its parents are finished; "
        "list nodes as they finish, then reverse. The sticking points: remember the nodes "
        "handled by identity (their `id`; two tensors may hold equal numbers), start that "
        "memory empty on every call, and, without recursion, a node must wait on your own "
        "stack until its parents are done.",
        "Without recursion: a stack of (node, parents_done) pairs. Pop one; if parents_done, "
        "append the node to the order; else, if not seen, mark it seen, push `(node, True)`, "
        "then push `(parent, False)` for each unseen parent. What you appended runs leaves "
        "first: which way round must you return it?",
    ],
)


# -- 02.count_visits -------------------------------------------------------------------------


def _ladder(levels):
    x = leaf([1.0])
    for _ in range(levels):
        x = (-x) + (-x)        # a diamond: two paths from the new x to the old one
    return x


def _visits_case(build, twice=False):
    def run(answer):
        root = build()
        count = answer(root)
        whole_number(count, "the number of visits")
        if twice:
            again = answer(root)
            if again != count:
                broken(f"a second call on the same root gave {again!r}, the first {count!r}: "
                       f"every call must start afresh (counts kept outside the function, or in "
                       f"a default argument, carry the first call's numbers over)")
        return count
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
        Case("a chain of 5 negations (6 nodes), counted twice: both calls give the same "
             "count", _visits_case(_visits_chain, twice=True)),
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
        "The paths to a node are the paths to each of its consumers, added up, once per edge "
        "(a + a counts twice); the root has one. The sticking point is the order: a node's "
        "count is complete only once every consumer has passed its count on, which is what a "
        "topological order guarantees.",
        "Worked on b = a + a, c = b + b: c has 1 path; b gets 1 from each of c's two edges, so "
        "2; a gets 2 from each of b's two edges, so 4. Visits: 1 + 2 + 4 = 7. The key line, "
        "for each parent of a node in order: `paths[id(parent)] = paths.get(id(parent), 0) + "
        "paths[id(node)]`.",
    ],
)

EXERCISES = [ADD, NEG, ACCUMULATE, TOPOLOGICAL_ORDER, COUNT_VISITS]
