"""Chapter 2's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch02_add_neg.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.autograd import record
from minigrad.tensor import Tensor, from_numpy


def add_backward_not_a_tuple(a, b):
    return record(a.data + b.data, (a, b), lambda grad: grad, "add")


def add_backward_ones(a, b):
    return record(a.data + b.data, (a, b),
                  lambda grad: (np.ones_like(grad), np.ones_like(grad)), "add")


def add_only_first(a, b):
    return record(a.data + b.data, (a, b), lambda grad: (grad, None), "add")


def neg_forgot_sign(a):
    return record(-a.data, (a,), lambda grad: (grad,), "neg")


def neg_not_a_tuple(a):
    return record(-a.data, (a,), lambda grad: -grad, "neg")


def neg_inputs_not_a_tuple(a):
    return record(-a.data, (a), lambda grad: (-grad,), "neg")     # (a) is just a


def accumulate_overwrites(tensor, grad):
    tensor.grad = Tensor(np.array(grad, dtype=float))


def accumulate_no_copy(tensor, grad):
    if tensor.grad is None:
        tensor.grad = from_numpy(grad)        # shares the caller's array (Tensor() copies)
    else:
        tensor.grad.data += grad


def topological_order_reference(root):
    order, done, stack = [], set(), [(root, False)]
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)
            continue
        if id(node) in done:
            continue
        done.add(id(node))
        stack.append((node, True))
        for parent in node.parents:
            if id(parent) not in done:
                stack.append((parent, False))
    return order[::-1]


def topological_order_recursive(root):
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for parent in node.parents:
            visit(parent)
        order.append(node)
    visit(root)
    return order[::-1]


def topological_order_marks_on_push(root):
    """Marks a node done when it is *pushed*, so a node reached early by a short path is
    placed before a consumer that reaches it by a longer one."""
    order, seen, stack = [], {id(root)}, [(root, False)]
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)
            continue
        stack.append((node, True))
        for parent in node.parents:
            if id(parent) not in seen:
                seen.add(id(parent))
                stack.append((parent, False))
    return order[::-1]


def topological_order_naive(root):
    """Breadth-first from the root with no memory: shared nodes come out more than once."""
    order, frontier = [], [root]
    while frontier:
        node = frontier.pop(0)
        order.append(node)
        frontier.extend(node.parents)
    return order


def count_visits_nodes(root):
    return len(topological_order_reference(root))


def count_visits_distinct_parents(root):
    order = topological_order_reference(root)
    paths = {id(root): 1}
    for node in order:
        for parent in {id(p): p for p in node.parents}.values():     # a + a counted once
            paths[id(parent)] = paths.get(id(parent), 0) + paths[id(node)]
    return sum(paths.values())


MISTAKES = {
    "02.add": {
        "add_backward_not_a_tuple": add_backward_not_a_tuple,
        "add_backward_ones": add_backward_ones,
        "add_only_first": add_only_first,
    },
    "02.neg": {
        "neg_forgot_sign": neg_forgot_sign,
        "neg_not_a_tuple": neg_not_a_tuple,
        "neg_inputs_not_a_tuple": neg_inputs_not_a_tuple,
    },
    "02.accumulate": {
        "accumulate_overwrites": accumulate_overwrites,
        "accumulate_no_copy": accumulate_no_copy,
    },
    "02.topological_order": {   # phrases the judge's message must contain
        "without recursion, but your `visit` calls itself": topological_order_recursive,
        "must be listed once": topological_order_naive,
        "must come after all of its consumers": topological_order_marks_on_push,
    },
    "02.count_visits": {
        "count_visits_nodes": count_visits_nodes,
        "count_visits_distinct_parents": count_visits_distinct_parents,
    },
}
