"""Chapter 10's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch10_designs_compared.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from classroom.exercises.ch10_designs_compared import PROPERTIES
from classroom.exercises.instructor import reference_answers
from minigrad.autograd import record


def _carry(local, grad, parent):
    if callable(local):
        return local(grad)
    from minigrad.broadcasting import sum_to
    return sum_to(grad * local, parent.value.shape)


def ladder_visits_nodes(k):
    return {"naive": 3 * k + 1, "sorted": 3 * k + 1}


def ladder_visits_paths_to_x(k):
    return {"naive": 2 ** k, "sorted": 3 * k + 1}


def ladder_visits_no_top(k):
    return {"naive": 2 ** (k + 2) - 3, "sorted": 3 * k}


def backward_once_memo_too_early(root):
    """Depth-first with a visited set: passes a node's gradient on at its *first* arrival."""
    for node in root.nodes():
        node.grad = np.zeros(node.value.shape)
    seen, visits = set(), 0

    def visit(node, g):
        nonlocal visits
        node.grad = node.grad + g
        if id(node) in seen:
            return
        seen.add(id(node))
        visits += 1
        for parent, local in node.parents:
            visit(parent, _carry(local, g, parent))
    visit(root, np.ones(root.value.shape))
    return visits


def backward_once_naive(root):
    for node in root.nodes():
        node.grad = np.zeros(node.value.shape)
    visits, stack = 0, [(root, np.ones(root.value.shape))]
    while stack:
        node, g = stack.pop()
        visits += 1
        node.grad = node.grad + g
        for parent, local in node.parents:
            stack.append((parent, _carry(local, g, parent)))
    return visits


def backward_once_no_reset(root):
    order = root.nodes()
    for node in order:
        if node.grad is None:
            node.grad = np.zeros(node.value.shape)
    root.grad = np.ones(root.value.shape)
    for node in order:
        for parent, local in node.parents:
            parent.grad = parent.grad + _carry(local, node.grad, parent)
    return len(order)


_PUBLIC = list(PROPERTIES)


def _right(prop):
    """The reference answer's designs for ``prop`` (the answer cell in solutions/)."""
    return set(reference_answers("10")["10.which_designs"](prop))


def which_designs_static_branches(prop):
    got = _right(prop)
    if prop == _PUBLIC[0]:
        got.add("static graph")
    return sorted(got)


def which_designs_creator_fine(prop):
    got = _right(prop)
    if prop == _PUBLIC[2]:
        got = {"minigrad", "depth-first"}
    return sorted(got)


def which_designs_creator_exponential(prop):
    got = _right(prop)
    if prop == _PUBLIC[3]:
        got.add("creator tape")
    return sorted(got)


def linear_op_weight_transposed(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (dY @ W, X.T @ dY, dY.sum(axis=0)), "linear")


def linear_op_bias_not_summed(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (dY @ W, dY.T @ X, dY), "linear")


def linear_op_no_dx(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (None, dY.T @ X, dY.sum(axis=0)), "linear")


def linear_op_tensor_ops(x, weight, bias):
    return x @ weight.T + bias


def _reachable(root):
    seen, stack = {}, [root]
    while stack:
        t = stack.pop()
        if t.id in seen:
            continue
        seen[t.id] = t
        stack.extend(t.creators or [])
    return seen


def unblocked_plain(root):
    root.backward()


def unblocked_count_once(root):
    seen = _reachable(root)
    for t in seen.values():
        t.children = {cid: 1 for cid in t.children if cid in seen}
    root.backward()


MISTAKES = {
    "10.ladder_visits": {
        "ladder_visits_nodes": ladder_visits_nodes,
        "ladder_visits_paths_to_x": ladder_visits_paths_to_x,
        "ladder_visits_no_top": ladder_visits_no_top,
    },
    "10.backward_once": {
        "backward_once_memo_too_early": backward_once_memo_too_early,
        "backward_once_naive": backward_once_naive,
        "backward_once_no_reset": backward_once_no_reset,
    },
    "10.which_designs": {   # phrases the judge's message must contain
        "cannot branch on a value": which_designs_static_branches,
        "an unused child blocks it": which_designs_creator_fine,
        "so its work is linear": which_designs_creator_exponential,
    },
    "10.linear_op": {
        "linear_op_tensor_ops": linear_op_tensor_ops,
        "linear_op_weight_transposed": linear_op_weight_transposed,
        "linear_op_bias_not_summed": linear_op_bias_not_summed,
        "linear_op_no_dx": linear_op_no_dx,
    },
    "10.backward_unblocked": {
        "unblocked_plain": unblocked_plain,
        "unblocked_count_once": unblocked_count_once,
    },
}
