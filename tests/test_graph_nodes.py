"""The graph of nodes: what it keeps alive, what `parents` gives back, gradients returned
as values (autograd.grad) and hooks."""

import gc
import weakref

import numpy as np
import pytest

import minigrad as mg
from minigrad.autograd import grad


# -- what the graph keeps alive --------------------------------------------------------------
def test_a_chain_of_additions_keeps_no_intermediate_values():
    x = mg.Tensor(np.ones((64, 64)), requires_grad=True)
    y, refs = x, []
    for _ in range(50):
        y = y + 1.0
        refs.append(weakref.ref(y))
    gc.collect()
    alive = sum(r() is not None for r in refs)
    assert alive == 1                   # only the last one, which `y` still names
    y.sum().backward()
    assert np.all(x.grad.data == 1.0)


def test_what_backward_needs_outlives_its_tensor():
    x = mg.Tensor(np.ones(3), requires_grad=True)
    e = x.exp()                          # exp's backward reads its output ...
    s = (e * 2.0).sum()
    del e
    gc.collect()
    s.backward()                         # ... which the node kept, though the tensor is gone
    assert np.allclose(x.grad.data, 2 * np.e)


def test_parents_gives_back_the_tensors_you_hold_and_stand_ins_for_the_others():
    a = mg.Tensor([1.0], requires_grad=True)
    b = a * 3.0
    c = (b + 1.0).tanh()
    assert c.parents[0].parents[0] is b and b.parents[0] is a
    hidden = c.parents[0]                          # b + 1: nobody holds it
    assert hidden is c.parents[0]                  # the same stand-in every time
    assert hidden.op == "add" and hidden.shape == (1,) and hidden.requires_grad
    with pytest.raises(RuntimeError, match="values of this 'add' result were freed"):
        hidden.data
    assert "values freed" in repr(hidden)
    order = mg.topological_order(c)
    assert order[0] is c and order[-1] is a and hidden in order


def test_backward_by_hand_through_stand_ins_matches_the_engine():
    """Chapter 2's walk: `t._backward` and `t.parents` on a ladder nobody holds."""
    x0 = mg.Tensor(1.0, requires_grad=True)
    x = x0
    for _ in range(5):
        x = -x + -x
    grads = {}

    def walk(t, g):
        grads[t] = grads.get(t, 0.0) + g
        if t._backward is not None:
            for parent, pg in zip(t.parents, t._backward(g)):
                walk(parent, pg)

    walk(x, np.array(1.0))
    assert grads[x0] == (-2.0) ** 5
    x.backward()
    assert x0.grad.item() == (-2.0) ** 5


def test_backward_frees_the_graph_unless_retained():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    assert y.parents != ()
    y.backward()
    assert y.parents == () and x.grad.data.tolist() == [4.0, 8.0]
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_grad_fn_speaks_pytorchs_language():
    a = mg.Tensor([1.0], requires_grad=True)
    b = a * 2.0
    c = b.exp() + a
    assert c.grad_fn.name() == "add"
    exp_node, leaf = c.grad_fn.next_functions
    assert exp_node.name() == "exp" and leaf is None
    assert a.grad_fn is None and a.is_leaf


# -- autograd.grad -----------------------------------------------------------------------------
def test_grad_returns_what_backward_would_add_and_touches_no_grad():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    w = mg.Tensor([3.0, -1.0], requires_grad=True)
    loss = ((x * w) ** 2).sum()
    gx, gw = grad(loss, [x, w], retain_graph=True)
    assert x.grad is None and w.grad is None
    loss.backward()
    assert np.allclose(gx.data, x.grad.data) and np.allclose(gw.data, w.grad.data)


def test_grad_with_grad_outputs_several_outputs_and_unused_inputs():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    unused = mg.Tensor([5.0], requires_grad=True)
    y1, y2 = x * 2.0, x * x
    (g,) = grad([y1, y2], x, grad_outputs=[mg.Tensor([1.0, 1.0]), np.array([1.0, 0.5])])
    assert g.data.tolist() == [2.0 + 2.0, 2.0 + 2.0]
    with pytest.raises(RuntimeError, match="input 1 was not used.*allow_unused"):
        grad((x * 3.0).sum(), [x, unused])
    gx, gu = grad((x * 3.0).sum(), [x, unused], allow_unused=True)
    assert gu is None and gx.data.tolist() == [3.0, 3.0]
    with pytest.raises(ValueError, match="not a leaf"):
        grad((x * 3.0).sum(), [x * 1.0])


# -- hooks --------------------------------------------------------------------------------------
def test_hooks_see_and_may_replace_gradients_of_leaves_and_nodes():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    seen = []
    handle = x.register_hook(lambda g: seen.append(g.data.copy()))
    h = x * 3.0
    h.register_hook(lambda g: g * 0.5)              # halves what flows on from h
    (h * 2.0).sum().backward()
    assert seen[0].tolist() == [3.0, 3.0] and x.grad.data.tolist() == [3.0, 3.0]
    handle.remove()
    x.grad = None
    (x * 1.0).sum().backward()
    assert len(seen) == 1 and x.grad.data.tolist() == [1.0, 1.0]
    with pytest.raises(RuntimeError, match="does not require grad"):
        mg.Tensor([1.0]).register_hook(print)


def test_retain_grad_on_a_node_keeps_its_gradient():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    h = x * 3.0
    h.retain_grad()
    (h * h).sum().backward()
    assert h.grad.data.tolist() == [6.0, 12.0]
