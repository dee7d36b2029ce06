"""Chapter 0's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch00_computational_graph.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from classroom.designs.static_graph import Gate, Input, Parameter


class ReciprocalWrongSign:
    def forward(self, inputs):
        out = 1.0 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad / inputs[0] ** 2]


class ReciprocalForgotGrad:
    def forward(self, inputs):
        out = 1.0 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return [-1.0 / inputs[0] ** 2]


class ReciprocalBareArray:
    def forward(self, inputs):
        out = 1.0 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return -grad / inputs[0] ** 2


class ReciprocalStateOnSelf:
    """Keeps the output on the op object and ignores the state it is handed."""

    def forward(self, inputs):
        self.out = 1.0 / inputs[0]
        return self.out, None

    def backprop(self, inputs, state, grad):
        return [-grad * self.out * self.out]


def topological_sort_no_memory(root):
    order = []

    def visit(node):
        for inp in node.inputs:
            visit(inp)
        order.append(node)
    visit(root)
    return order


def topological_sort_preorder(root):
    """Lists a node *before* its inputs: the reverse of what forward needs."""
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        order.append(node)
        for inp in node.inputs:
            visit(inp)
    visit(root)
    return order


def topological_sort_by_name(root):
    order, seen = [], set()

    def visit(node):
        if node.name in seen:
            return
        seen.add(node.name)
        for inp in node.inputs:
            visit(inp)
        order.append(node)
    visit(root)
    return order


def topological_sort_first_input_only(root):
    order, node = [], root
    while True:
        order.append(node)
        if not node.inputs:
            break
        node = node.inputs[0]
    return order[::-1]


def forward_no_state(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value = node.op.forward([inp.value for inp in node.inputs])[0]
    return nodes[-1].value


def forward_passes_nodes(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value, node.state = node.op.forward(node.inputs)
    return nodes[-1].value


def forward_keeps_tuple(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value = node.op.forward([inp.value for inp in node.inputs])
    return nodes[-1].value


def clear_everything(nodes):
    for node in nodes:
        node.value = None
        node.grad = None
        if isinstance(node, Gate):
            node.state = None


def clear_values_only(nodes):
    for node in nodes:
        if not isinstance(node, Parameter):
            node.value = None


def clear_keeps_state(nodes):
    for node in nodes:
        if not isinstance(node, Parameter):
            node.value = None
            node.grad = None


def backprop_overwrites(nodes):
    root = nodes[-1]
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = incoming.pop(id(node), None)
        if g is None:
            continue
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is not None:
                    incoming[id(inp)] = gi              # the second arrival replaces the first


def backprop_params_replaced(nodes):
    root = nodes[-1]
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = incoming.pop(id(node), None)
        if g is None:
            continue
        node.grad = g                                   # parameters too: no adding up
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is not None:
                    incoming[id(inp)] = incoming[id(inp)] + gi if id(inp) in incoming else gi


def backprop_passes_early(nodes):
    """Passes each arrival on at once (a walk per path): a node's inputs get partial sums,
    and what arrives at a node later never reaches its inputs."""
    root = nodes[-1]
    root.grad = np.ones_like(root.value)
    for node in reversed(nodes):
        if node.grad is None or not isinstance(node, Gate):
            continue
        values = [inp.value for inp in node.inputs]
        for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, node.grad)):
            if gi is None:
                continue
            if isinstance(inp, Parameter):
                inp.grad = inp.grad + gi
            else:
                inp.grad = gi


def backprop_sums_none(nodes):
    """Adds every returned gradient up, None included."""
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        if id(node) not in incoming:
            continue
        g = incoming.pop(id(node))
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                incoming[id(inp)] = incoming[id(inp)] + gi if id(inp) in incoming else gi


def backprop_keyed_by_name(nodes):
    """Keeps what arrives under node.name: nodes without names share one entry."""
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    incoming = {root.name: np.ones_like(root.value)}
    for node in reversed(nodes):
        g = incoming.pop(node.name, None)
        if g is None:
            continue
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is not None:
                    incoming[inp.name] = incoming[inp.name] + gi if inp.name in incoming else gi


def backprop_inplace_sum(nodes):
    """Sums with += into the array that arrived first: Add hands the *same* array to both
    of its inputs, so the in-place sum also changes the other input's gradient."""
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = incoming.pop(id(node), None)
        if g is None:
            continue
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is None:
                    continue
                if id(inp) in incoming:
                    incoming[id(inp)] += gi             # changes an array others also hold
                else:
                    incoming[id(inp)] = gi


MISTAKES = {
    "00.reciprocal": {
        "ReciprocalWrongSign": ReciprocalWrongSign,
        "ReciprocalForgotGrad": ReciprocalForgotGrad,
        "ReciprocalBareArray": ReciprocalBareArray,
        "ReciprocalStateOnSelf": ReciprocalStateOnSelf,
    },
    "00.topological_sort": {   # phrases the judge's message must contain
        "must be listed once": topological_sort_no_memory,
        "must come after all of its inputs": topological_sort_preorder,
        "Follow every input of a node": topological_sort_first_input_only,
        "not by node.name": topological_sort_by_name,
    },
    "00.forward": {
        "forward_no_state": forward_no_state,
        "forward_passes_nodes": forward_passes_nodes,
        "forward_keeps_tuple": forward_keeps_tuple,
    },
    "00.clear": {
        "clear_everything": clear_everything,
        "clear_values_only": clear_values_only,
        "clear_keeps_state": clear_keeps_state,
    },
    "00.backprop": {
        "backprop_overwrites": backprop_overwrites,
        "backprop_params_replaced": backprop_params_replaced,
        "backprop_passes_early": backprop_passes_early,
        "backprop_inplace_sum": backprop_inplace_sum,
        "backprop_sums_none": backprop_sums_none,
        "backprop_keyed_by_name": backprop_keyed_by_name,
    },
}
