"""classroom.widgets.graph: the computation-graph drawing and the step-backward widget.

The widget is driven the way a learner drives it (``.click()``, setting ``.value``)
and we check what changed: the picture, the explanation, and the simulated state,
which must end with the same gradients as minigrad's own ``backward()``.
"""

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import minigrad as mg
from classroom.widgets.graph import (EXAMPLES, BackwardStepper, Graph, all_nodes, depths,
                                draw_graph, ladder, reused, simulate)


def test_layout_puts_each_node_after_all_its_consumers():
    g = ladder(2)
    nodes = all_nodes(g.root)
    assert len(nodes) == 7 and nodes[0] is g.root
    index = {id(n): i for i, n in enumerate(nodes)}
    for node in nodes:
        for parent in node.parents:
            assert index[id(parent)] > index[id(node)]
    depth = depths(g.root)
    assert depth[g.names["x0"]] == 4 and depth[g.names["m2"]] == 1 == depth[g.names["n2"]]


def test_constants_are_drawn_but_not_stepped():
    g = EXAMPLES["chain"]()
    assert any(not n.requires_grad for n in all_nodes(g.root))        # the constant 5
    assert len(mg.topological_order(g.root)) == len(all_nodes(g.root)) - 1
    draw_graph(g)                                                     # no state: plain drawing


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_simulation_ends_with_the_engines_gradients(name):
    g = EXAMPLES[name]()
    state = simulate(g.root, 10 ** 6)
    assert not state["pending"] and len(state["done"]) == len(state["order"])
    leaves = [n for n in state["order"] if n.is_leaf]
    simulated = [state["done"][n] for n in leaves]
    g.root.backward()
    for leaf, grad in zip(leaves, simulated):
        np.testing.assert_allclose(leaf.grad.data, grad)


def test_stepping_lights_one_node_at_a_time_and_reset_goes_back():
    w = BackwardStepper(example="reused node: b = a + a; c = b + b")
    first_png, first_html = w.image.value, w.html.value
    assert "Topological order: c, b, a" in first_html
    assert w.state["current"] is None and not w.step_button.disabled

    w.step_button.click()
    assert w.steps == 1 and w.image.value != first_png
    assert "<b>c</b> is the root" in w.html.value

    w.step_button.click()
    assert "<b>b</b>" in w.html.value and "all 2 gradients" in w.html.value
    assert "sends 2 to a and 2 to a" in w.html.value
    a = w.graph.names["a"]
    np.testing.assert_allclose(w.state["pending"][a], 4.0)           # both shares arrived

    w.step_button.click()
    assert w.finished and w.step_button.disabled
    assert w.gradients()["a"] == 4.0
    assert "stores 4 in a.grad" in w.html.value and "Done: 3 nodes" in w.html.value
    after = w.image.value
    w.step()                                                          # past the end: no change
    assert w.steps == 3 and w.image.value == after

    w.reset_button.click()
    assert w.steps == 0 and w.image.value == first_png and w.html.value == first_html
    assert not w.step_button.disabled


def test_choosing_another_graph_starts_it_from_the_top():
    w = BackwardStepper()
    w.step_button.click()
    before = w.image.value
    w.dropdown.value = "ladder of 3 diamonds"
    assert w.steps == 0 and w.image.value != before
    assert len(w.order) == 10 and "x3" in w.html.value
    w.steps = 9                                                       # jump to the last step
    w.step()
    assert w.finished and w.gradients()["x0"] == -8.0                # (-2) ** 3


def test_stepping_leaves_the_graph_usable():
    g = reused()
    w = BackwardStepper({"mine": lambda: g})
    w.steps = 2
    w.step()
    assert w.finished
    assert g.names["a"].grad is None                                 # nothing was written
    g.root.backward()                                                # nothing was freed
    assert g.names["a"].grad.item() == 4.0


def test_unnamed_nodes_are_labelled_by_op_and_constants_by_value():
    x = mg.Tensor(1.0, requires_grad=True)
    y = -(x + mg.Tensor(2.5))
    g = Graph(y, {"x": x})
    labels = sorted(g.label(n) for n in all_nodes(y))
    assert labels == ["2.5", "add", "neg", "x"]
