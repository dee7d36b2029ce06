"""Chapter 10 exercises: the designs compared.

Counting the naive walk's visits, a backward walk that visits each node once (on the
depth-first design's ``Var``), which design has which property, a closure-style layer turned
into a recorded minigrad op, and the creator tape's "waiting forever" repaired.
"""

import numpy as np

from minigrad.tensor import Tensor
from ..designs import creator_tape as ct
from ..designs import depth_first as df
from .core import Case, Exercise, Raised, broken
from .rules import run_op, whole_number

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.autograd import record
from minigrad.broadcasting import sum_to
from classroom.designs import creator_tape as ct, depth_first as df
from classroom import check, hint, solution


def carry(local, grad, parent):
    \"\"\"The gradient `grad` of a node carried one step down to `parent`, whose local
    derivative is `local` (an array, a number, or a function for ops such as @ and sum).\"\"\"
    if callable(local):
        return local(grad)
    return sum_to(grad * local, parent.value.shape)"""


# -- 10.ladder_visits ----------------------------------------------------------------------


def _k_case(k):
    def run(answer):
        counts = answer(k)
        if isinstance(counts, dict):
            for key in ("naive", "sorted"):
                if key in counts:
                    whole_number(counts[key], f'"{key}"')
                    if counts[key] < 0:
                        broken(f'"{key}" is negative for k = {k}: the count overflowed. '
                               f"NumPy's integers (int64) wrap round past 2^63; Python's int "
                               f"has no upper limit, so compute with Python ints")
        return counts
    return run


#: What the course's depth-first design has that counts visits for you.
_DEPTH_FIRST = ("classroom.designs.depth_first.count_paths",
                "classroom.designs.depth_first.Var.backward")

LADDER_VISITS = Exercise(
    id="10.ladder_visits", title="visits on a ladder of diamonds (warm-up)",
    entry="ladder_visits", points=1, forbids=_DEPTH_FIRST, pure=True,
    too_slow="Your answer takes the ladder's paths one by one, as the naive walk does: on a "
             "tall ladder there are more than a trillion. Count them with a formula instead",
    cases=[Case("no rungs (k = 0): a single node", _k_case(0)),
           Case("one diamond (k = 1)", _k_case(1)),
           Case("five diamonds (k = 5)", _k_case(5)),
           Case("a tall ladder of 40 diamonds", _k_case(40)),
           Case("a very tall ladder of 70 diamonds (more paths than a 64-bit integer can "
                "count)", _k_case(70)),
],
    mistakes={
        "ladder_visits_nodes":
            "you counted the nodes for the naive walk: that is what a sorted walk visits. The "
            "naive walk visits a node once for every path from the top down to it, and every "
            "rung doubles the paths",
        "ladder_visits_paths_to_x":
            "you counted only the paths that end at x (2**k). The naive walk also visits every "
            "node on the way down, once per path that reaches that node: add the visits to the "
            "top, to each half and to each h",
        "ladder_visits_no_top":
            "the sorted walk visits every node once, the top and x included: count the nodes "
            "of the ladder again",
    },
    hints=[
        "Count the nodes first: x, then three new ones per rung (two halves and their sum).",
        "The naive walk visits a node once per path from the top to it. Where it gets hard: "
        "work down from the top, rung by rung, and notice how the number of paths to each "
        "level grows; the sum over all levels then has a closed form. Return ints.",
        "Worked on k = 1: the top is reached by 1 path, each half by 1, and x, beneath both "
        "halves, by 2: naive = 1 + 1 + 1 + 2 = 5, sorted = 4. On k = 2 the paths to each level "
        "double again. Add up the levels' paths as a sum of powers of 2 and find its closed form.",
    ],
)


# -- 10.backward_once ----------------------------------------------------------------------


def _once_case(build, times=1):
    """The visit count and every node's gradient (in the order of root.nodes(), the same for
    every answer), after ``times`` calls."""
    def run(answer):
        leaves, root = build()
        nodes, before = root.nodes(), None
        for call in range(times):
            visits = answer(root)
            now = [None if n.grad is None else np.array(n.grad, dtype=float) for n in nodes]
            if call and not all(a is None and b is None or a is not None and b is not None
                                and a.shape == b.shape and np.allclose(a, b)
                                for a, b in zip(before, now)):
                broken("a second call gave other gradients than the first: backward_once "
                       "must start from scratch every time, so set every node's grad to "
                       "zeros (and the root's to ones) before the walk")
            before = now
        whole_number(visits, "the number of visits")
        names = {id(leaf): name for name, leaf in leaves.items()}
        names.setdefault(id(root), "the root")
        return {"visits": visits, "value": root.value,
                **{f"grad of {names.get(id(n), f'node {i}')}": n.grad
                   for i, n in enumerate(nodes)}}
    return run


def _diamond_ladder(k):
    def build():
        x, top = df.diamond_ladder(k, x=1.5)
        return {"x": x}, top
    return build


def _product():
    a, b = df.Var(10.0), df.Var(5.0)
    return {"a": a, "b": b}, (a * b) ** 2


def _summed_and_multiplied():
    x = df.Var(np.array([1.0, -2.0, 0.5]))
    return {"x": x}, x.sum() + (x * x).sum()


def _shared():
    x, y = df.Var(np.array([1.5, -0.5])), df.Var(np.array([2.0, 3.0]))
    u = x * y
    v = u + u * u
    return {"x": x, "y": y}, (v * u + v / y).sum()


def _vector_root():
    x, y = df.Var(np.array([1.5, -0.5, 2.0])), df.Var(np.array([2.0, 3.0, -1.0]))
    return {"x": x, "y": y}, x * y + x


BACKWARD_ONCE = Exercise(
    id="10.backward_once", title="a backward walk that visits each node once",
    entry="backward_once", points=2, forbids=_DEPTH_FIRST,
    cases=[Case("d = (a·b)² with a = 10, b = 5 (a tree: no sharing)", _once_case(_product)),
           Case("a ladder of 3 diamonds", _once_case(_diamond_ladder(3))),
           Case("u = x·y used three times, v twice (vectors)", _once_case(_shared)),
           Case("a vector root, r = x·y + x with x and y of shape (3,): its gradient is ones "
                "of its shape", _once_case(_vector_root)),
           Case("x used by a sum and by a product: x.sum() + (x * x).sum()",
                _once_case(_summed_and_multiplied)),
           Case("called twice on the same graph", _once_case(_diamond_ladder(2), times=2)),
],
    mistakes={
        "backward_once_memo_too_early":
            "you pass a node's gradient on the first time the walk reaches it and remember it as "
            "done, but other paths into that node had not arrived yet, so the gradient you passed "
            "on was incomplete. A node may pass its gradient on only after all of its consumers "
            "have contributed: process the nodes in topological order (root.nodes())",
        "backward_once_naive":
            "the gradients are right, but the walk visits nodes once per path (the naive walk), "
            "so the visit count grows exponentially on shared subexpressions: visit each node "
            "exactly once, in topological order",
        "backward_once_no_reset":
            "gradients from the previous call were not cleared: set every node's grad to zeros "
            "before you start, or a second backward adds onto the first",
    },
    hints=[
        "`root.nodes()` lists every node once, each after all of its consumers. If you walk "
        "that list front to back, a node's gradient is complete by the time you reach it.",
        "Where learners slip: a node's gradient is complete only when the walk reaches it, so "
        "that is when it is passed on (to each parent, through `carry`), never when it "
        "arrives; and every call starts over, since the previous call's gradients are still "
        "on the nodes.",
        "Worked on d = (a·b)² with a = 10, b = 5: `root.nodes()` is [d, c, a, b] (c = a·b). "
        "d.grad = 1; c gets 2·c·1 = 100; a gets 100·b = 500 and b gets 100·a = 1000. Each "
        "node is visited once: 4 visits. The inner line: `parent.grad = parent.grad + "
        "carry(local, node.grad, parent)`.",
    ],
)


# -- 10.which_designs ----------------------------------------------------------------------
DESIGNS = ("static graph", "closures", "creator tape", "depth-first", "minigrad")
_ALL = set(DESIGNS)

#: property -> {design: the misconception behind misplacing it}.  Which designs do have
#: each property is the reference answer's business (stored as observations, not here).
PROPERTIES = {
    "an if or a loop that depends on a value can change the computation from one input "
    "to the next": {
        "static graph": "the static graph is built before any data exists, so it cannot "
                        "branch on a value"},
    "the whole computation is known before any data arrives, so it can be inspected and "
    "optimised ahead of time": {
        "minigrad": "a tape (minigrad's, or PyTorch's) is recorded while the forward pass "
                    "runs, so it does not exist ahead of time"},
    "a result computed but never used by the loss stops gradients from reaching the values "
    "beneath it": {
        "creator tape": "the creator tape counts every child a tensor ever had and waits "
                        "for all of them, so an unused child blocks it",
        "minigrad": "minigrad sorts only the graph that leads to the loss, so unused "
                    "results do not matter"},
    "on a ladder of diamonds its backward does work that grows exponentially with the "
    "number of rungs": {
        "depth-first": "the naive depth-first walk visits a node once per path, and the "
                       "paths double with every rung",
        "creator tape": "the creator tape receives one gradient per edge but passes each "
                        "node's gradient on only once, so its work is linear"},
    "there is no graph object: the record of the computation is a chain of Python "
    "functions": {},
    "the record of the computation is built while the forward pass runs (define-by-run)": {
        "static graph": "the static graph is described first and run later: its record "
                        "exists before the forward pass"},
    "gives correct gradients when one value is used by two consumers (and everything "
    "reaches the loss)": {
        "depth-first": "the naive walk is slow on shared values, but it adds every path's "
                       "share, so its gradients are right"},
}


def _prop_case(prop):
    def run(answer):
        got = answer(prop)
        if isinstance(got, str):
            return "<str>"
        return sorted(str(d) for d in got)
    return run


def _judge_designs(triples):
    for case, obs, want in triples:
        prop = case.info
        if isinstance(obs, Raised):
            return f"for “{prop}”: your code raised {obs.kind}: {obs.message}"
        if not isinstance(obs, list):
            return (f"for “{prop}”: return a list or set of design names, such as "
                    f"[\"closures\", \"minigrad\"] (a single string is not a list)")
        unknown = sorted(set(obs) - _ALL)
        if unknown:
            return (f"for “{prop}”: {unknown[0]!r} is not one of the design names "
                    f"{', '.join(DESIGNS)}")
        notes = PROPERTIES.get(prop, {})
        wrong = set(obs) ^ set(want)
        for design in DESIGNS:
            if design in wrong and design in notes:
                return f"for “{prop}”: reconsider {design}: {notes[design]}"
        if wrong:
            design = next(d for d in DESIGNS if d in wrong)
            how = ("you included it, but it does not have this property" if design in obs
                   else "you left it out, but it has this property")
            more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
            return f"for “{prop}”: reconsider {design}: {how}{more}"
    return None


WHICH_DESIGNS = Exercise(
    id="10.which_designs", title="which design has which property",
    entry="which_designs", points=1,
    cases=[Case(f"“{p}”", _prop_case(p), info=p) for p in PROPERTIES],
    judge=_judge_designs,
    mistakes={},
    hints=[
        "For each property ask: when does this design's record of the computation exist "
        "(before the data, during the forward pass, or never as an object)?",
        "Section 3.3 of the chapter has a table with one row per question. Only one design builds "
        "its graph before the data; only one counts children; only one walks every path.",
        "Worked on the first property: only the static graph is built before any data, so it "
        "cannot branch on a value; every other design records while the forward pass runs, so all "
        "four handle an if. Reason the same way, row by row of the table in section 3.3.",
    ],
)


# -- 10.linear_op ----------------------------------------------------------------------------


def _leaf(a):
    return Tensor(np.array(a, dtype=float), requires_grad=True)


def _linear_case(n, n_in, n_out, seed, twice=False, made_by_ops=False):
    """The output and the gradients of x, weight and bias, through the rules of
    :func:`~classroom.exercises.rules.run_op`.  ``twice`` feeds the output through a second
    layer that shares the bias; ``made_by_ops`` hands the layer tensors that come out of
    other ops (not leaves), so that only gradients its backward returns reach the leaves."""
    def run(answer):
        rng = np.random.default_rng(seed)
        x = _leaf(rng.standard_normal((n, n_in)))
        w = _leaf(rng.standard_normal((n_out, n_in)))
        b = _leaf(rng.standard_normal(n_out))
        seed_grad = rng.standard_normal((n, n_out))
        if twice:
            w2 = _leaf(rng.standard_normal((n_out, n_out)))
            found = run_op(lambda: answer(answer(x, w, b).tanh(), w2, b),
                           {"x": x, "weight": w, "bias": b}, seed_grad, what="your linear",
                           own_backward=True)
        elif made_by_ops:
            found = run_op(lambda: answer(x * 1.0, w * 1.0, b * 1.0),
                           {"x": x, "weight": w, "bias": b}, seed_grad, what="your linear",
                           own_backward=True)
        else:
            found = run_op(lambda: answer(x, w, b), {"x": x, "weight": w, "bias": b},
                           seed_grad, what="your linear", single=(x, w, b),
                           own_backward=True)
        return {"output": found["value"], "grad x": found.get("grad x"),
                "grad weight": found.get("grad weight"), "grad bias": found.get("grad bias")}
    return run


LINEAR_OP = Exercise(
    id="10.linear_op", title="a closure-style layer as a recorded op",
    entry="linear", points=2,
    forbids=("minigrad.nn.functional.linear", "minigrad.nn.Linear"),
    cases=[Case("a batch of 4 rows, 3 inputs, 2 outputs", _linear_case(4, 3, 2, 0)),
           Case("one row, 2 inputs, 5 outputs", _linear_case(1, 2, 5, 1)),
           Case("two layers sharing one bias (the bias gets two contributions)",
                _linear_case(3, 2, 2, 2, twice=True)),
           Case("x, weight and bias made by other ops (x * 1.0 ...), not leaves: only the "
                "gradients your backward returns reach the tensors they came from",
                _linear_case(3, 3, 2, 4, made_by_ops=True)),
],
    mistakes={
        "linear_op_tensor_ops":
            "you built the output with the Tensor operators (@, .T, +), so minigrad recorded "
            "several ops of its own and your backward is never used: compute the output with "
            "NumPy on the .data arrays and wrap it with one call of record(...)",
        "linear_op_weight_transposed":
            "the weight's gradient has the shape of W.T: the closure's `dY.T @ X` gives "
            "(out, in), the weight's own layout; X.T @ dY would be right only for a weight "
            "stored as (in, out)",
        "linear_op_bias_not_summed":
            "the bias was added to every row, so its gradient is the sum of dY over the rows "
            "(dY.sum(axis=0)), not dY itself",
        "linear_op_no_dx":
            "x needs a gradient too: the closure's backward returns dX = dY @ W, and a recorded "
            "op must return it as the first of its three gradients",
    },
    hints=[
        "The closure adds dW and db into its parameters and returns dX. A recorded op does no "
        "side effects: its backward returns all three, one per input, in the order of the "
        "inputs tuple.",
        "Where people get stuck: computing the output with the Tensor operators records three "
        "ops of minigrad's and never calls your backward, so use NumPy on the arrays; and the "
        "closure's three formulas carry over unchanged, only now returned instead of added.",
        "Worked on shapes with N = 4, in = 3, out = 2: dY is (4, 2); dX (4, 3) is `dY @ W`; dW "
        "(2, 3) is `dY.T @ X`; db (2,) sums dY over the rows. backward returns those three, in "
        "the order of the inputs, and record gets (x, weight, bias).",
    ],
)


# -- 10.backward_unblocked -------------------------------------------------------------------


def _ct(values):
    return ct.Tensor(np.array(values, dtype=float), autograd=True)


def _grad(t):
    return None if t.grad is None else t.grad.data


def _reachable(root) -> dict:
    """{t.id: t} for every tensor the root depends on, the root included."""
    seen, stack = {}, [root]
    while stack:
        t = stack.pop()
        if t.id not in seen:
            seen[t.id] = t
            stack.extend(t.creators or [])
    return seen


def _check_counts(tensors: dict, before: dict) -> None:
    """At the moment root.backward() is called: every tensor waits for exactly the children
    that lead to the root, with the counts it had."""
    for t in tensors.values():
        wanted = {cid: n for cid, n in before[t.id].items() if cid in tensors}
        now = dict(t.children)
        if any(cid not in now for cid in wanted):
            broken("when root.backward() was called, some tensors no longer waited for "
                   "children that do lead to the root, so those children's gradients are "
                   "refused on arrival: t.children is keyed by the tensors' own numbers, "
                   "t.id (not Python's id(t)); drop only the children whose t.id is not "
                   "among the tensors the root depends on")
        if any(cid not in wanted for cid in now):
            broken("when root.backward() was called, a tensor still waited for a child that "
                   "does not lead to the root (a result never used by the loss, maybe made "
                   "after it, or used only by another unused result), so it waits forever: "
                   "keep in each tensor's children only the ids of tensors the root depends "
                   "on, found by following .creators down from the root")
        if any(now[cid] != n for cid, n in wanted.items()):
            broken("when root.backward() was called, the count of a child that leads to the "
                   "root had changed: a child that uses a tensor twice (h + h) reports twice, "
                   "so keep each remaining count as it was and only drop the unused "
                   "children")


def _unblocked_case(build):
    """The leaves' gradients after the answer, which must call root.backward() itself, at a
    moment when every tensor waits for exactly the children that lead to the root."""
    def run(answer):
        leaves, root = build()
        tensors = _reachable(root)
        before = {tid: dict(t.children) for tid, t in tensors.items()}
        called = []

        def backward(*args, **kwargs):
            called.append(True)
            _check_counts(tensors, before)
            return ct.Tensor.backward(root, *args, **kwargs)

        root.backward = backward
        answer(root)
        if root.grad is None:
            broken("root.backward() was never called: backward_unblocked fixes the counts, "
                   "then runs the backward pass itself (the last line is root.backward())")
        return {f"grad of {n}": _grad(t) for n, t in leaves.items()}
    return run


def _dead_branch():
    a, b = _ct([1.0, 2.0]), _ct([3.0, -1.0])
    y = a * b
    unused = y + a                           # computed, never used by the loss
    return {"a": a, "b": b}, (y * y).sum(0)


def _no_dead_branch():
    a = _ct([[1.0, 2.0], [0.5, -1.0]])
    h = a * a
    return {"a": a}, (h + a).sum(1).sum(0)


def _dead_after_loss():
    """Unused results made after the loss: one from an intermediate, a chain of two from a
    leaf, and one from the loss itself."""
    a, b = _ct([1.0, -2.0, 0.5]), _ct([2.0, 1.0, 3.0])
    y = a * b
    loss = (y + a).sum(0)
    late = y * y                             # made after the loss, never used by it
    chain = (b + b) * b                      # an unused result used by another unused one
    logged = loss + loss                     # the loss's own unused child
    return {"a": a, "b": b}, loss


def _diamond_and_dead():
    x = _ct([2.0, -1.0, 0.5])
    h = x * x
    s = h + h                                # h reported twice by s
    unused = -h
    debug = s - x
    return {"x": x}, (s * x).sum(0)


UNBLOCKED = Exercise(
    id="10.backward_unblocked", title="unblock the creator tape (stretch)",
    entry="backward_unblocked", points=2,
    cases=[Case("y = a·b, an unused y + a, loss = sum(y·y)", _unblocked_case(_dead_branch)),
           Case("no unused results at all", _unblocked_case(_no_dead_branch)),
           Case("h = x·x used twice by s = h + h, plus two unused results",
                _unblocked_case(_diamond_and_dead)),
           Case("unused results made after the loss: y·y, a chain (b + b)·b, and loss + loss",
                _unblocked_case(_dead_after_loss)),
],
    mistakes={
        "unblocked_plain":
            "root.backward() was called with the counts as they were: a tensor whose child "
            "never reports (a result the loss does not use) waits forever, so nothing beneath "
            "it gets a gradient. Before calling backward, remove from every tensor's children "
            "those that do not lead to the root",
        "unblocked_count_once":
            "a child that uses a tensor twice (h + h) reports twice, so its count must stay 2: "
            "keep each remaining child's count as it is, only drop the unused children",
    },
    hints=[
        "The trouble is in `t.children` (child id to reports expected). Which children will "
        "never report? Those that are not on any path from the root down to t.",
        "Where learners slip: the children are keyed by the tensors' own numbers, `t.id`, not "
        "Python's `id(t)`; a child is unused if the root does not depend on it, wherever and "
        "whenever it was made; the counts of the children you keep stay as they are; and the "
        "function ends by running the backward pass itself.",
        "Worked on y = a·b, an unused u = y + a, loss = (y·y).sum(0): walking creators from the "
        "loss reaches the loss, y·y, y, a and b, not u. So a.children must drop u's id (keep y's "
        "count), and y.children must drop u's id too. Then call `root.backward()`.",
    ],
)

EXERCISES = [LADDER_VISITS, BACKWARD_ONCE, WHICH_DESIGNS, LINEAR_OP, UNBLOCKED]
