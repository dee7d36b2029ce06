"""The backward engine: accumulation, topological order, graph release, grad mode, anomalies."""

import tracemalloc
import weakref

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import minigrad as mg
from minigrad.autograd import record


def counted_scale(x, factor, counter):
    """x * factor as a custom op whose backward counts its own calls."""
    def backward(g):
        counter[0] += 1
        return (g * factor,)
    return record(x.data * factor, (x,), backward, "counted_scale")


# -- one tensor, several consumers -----------------------------------------------------
def test_reused_node_gets_the_sum_of_its_gradients():
    a = mg.Tensor([1.0, -2.0], requires_grad=True)
    b = a + a
    c = b + b
    c.backward(np.ones(2))
    assert a.grad.data.tolist() == [4.0, 4.0]


def test_same_tensor_on_both_sides_of_mul():
    a = mg.Tensor(3.0, requires_grad=True)
    (a * a).backward()
    assert a.grad.item() == 6.0


def test_article_example_d_equals_ab_squared():
    a, b = mg.Tensor(10.0, requires_grad=True), mg.Tensor(5.0, requires_grad=True)
    d = (a * b) ** 2
    d.backward()
    assert (a.grad.item(), b.grad.item()) == (500.0, 1000.0)


def test_diamond_ladder_1000_levels_is_exact_and_visits_each_node_once():
    levels, counter = 1000, [0]
    x0 = mg.Tensor([1.0, 2.0], requires_grad=True)
    x = x0
    for _ in range(levels):
        x = counted_scale(x, 0.5, counter) + counted_scale(x, 0.5, counter)
    x.backward(np.ones(2))
    # d/dx0 of (x/2 + x/2) repeated is exactly 1; a path-by-path walk would need 2**1000 steps.
    assert x0.grad.data.tolist() == [1.0, 1.0]
    assert counter[0] == 2 * levels


def test_work_is_linear_in_graph_size():
    """Backward calls = number of nodes, for ladders of several depths (no per-path blow-up)."""
    for levels in (10, 100, 1000):
        counter, x = [0], mg.Tensor(1.0, requires_grad=True)
        nodes = 0
        for _ in range(levels):
            x = counted_scale(x, 1.0, counter) * counted_scale(x, 1.0, counter)
            nodes += 2
        x.backward()
        assert counter[0] == nodes


def test_100k_op_chain_backpropagates_without_recursion():
    x0 = mg.Tensor(0.0, requires_grad=True)
    x = x0
    for _ in range(100_000):
        x = x + 1.0
    x.backward()
    assert x.item() == 100_000.0 and x0.grad.item() == 1.0


def test_100k_op_chain_with_retained_graph_can_be_freed():
    x = mg.Tensor(0.0, requires_grad=True)
    for _ in range(100_000):
        x = x * 1.0
    x.backward(retain_graph=True)
    del x  # deallocating a 100k-deep chain of tensors must not overflow the C stack


def test_topological_order_puts_consumers_before_producers():
    a = mg.Tensor(1.0, requires_grad=True)
    b = a * 2
    c = a + b
    d = c * b
    order = mg.topological_order(d)
    pos = {id(t): i for i, t in enumerate(order)}
    for t in order:
        for p in t.parents:
            if p.requires_grad:        # constants such as the 2 in a * 2 are not visited
                assert pos[id(t)] < pos[id(p)]
    assert len(order) == 4 and order[0] is d and order[-1] is a


def test_a_node_reached_by_a_short_and_a_long_path_waits_for_both():
    """Regression: v0 feeds v4 directly and through v2.  An order that marked nodes as
    seen when first pushed put v0 before v2, so v0's gradient was read half-summed."""
    v0 = mg.Tensor(0.4, requires_grad=True)
    v2 = v0 + v0
    v3 = v0 + v0
    v4 = v0 + v2
    (v3 * 5.0 + v4 * 7.0).backward()
    assert v0.grad.item() == 2 * 5.0 + 3 * 7.0


@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.booleans()),
                min_size=1, max_size=40))
def test_topological_order_is_valid_on_random_dags(edges):
    """Build a random DAG (each new node combines two earlier ones) and check the order."""
    nodes = [mg.Tensor(1.0, requires_grad=True), mg.Tensor(2.0, requires_grad=True)]
    for i, j, use_mul in edges:
        a, b = nodes[i % len(nodes)], nodes[j % len(nodes)]
        nodes.append(a * b if use_mul else a + b)
    order = mg.topological_order(nodes[-1])
    pos = {id(t): k for k, t in enumerate(order)}
    assert len(pos) == len(order)                  # nobody twice
    for t in order:
        for p in t.parents:
            assert pos[id(t)] < pos[id(p)]         # consumers before producers


def test_branches_that_do_not_require_grad_are_not_visited():
    a = mg.Tensor(1.0, requires_grad=True)
    c = mg.Tensor(2.0)
    out = a * (c.exp() + 1)
    assert [t.op for t in mg.topological_order(out)] == ["mul", None]


# -- accumulation across calls, release, retain_graph ----------------------------------------
def test_gradients_accumulate_across_backward_calls_until_zeroed():
    w = mg.Tensor([1.0, 2.0], requires_grad=True)
    (w * 3).sum().backward()
    (w * 4).sum().backward()
    assert w.grad.data.tolist() == [7.0, 7.0]
    w.zero_grad()
    assert w.grad is None
    (w * 5).sum().backward()
    assert w.grad.data.tolist() == [5.0, 5.0]


def test_second_backward_through_freed_graph_raises_clearly():
    w = mg.Tensor(2.0, requires_grad=True)
    y = w * w
    y.backward()
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_retain_graph_allows_a_second_backward():
    w = mg.Tensor(2.0, requires_grad=True)
    y = w * w
    y.backward(retain_graph=True)
    y.backward()
    assert w.grad.item() == 8.0


def test_backward_releases_the_graph_buffers():
    w = mg.Tensor(np.ones(3), requires_grad=True)
    h = w.exp()
    y = h.sum()
    y.backward()
    assert h.parents == () and y.parents == ()
    assert not h.is_leaf


def test_a_later_graph_through_a_freed_node_raises():
    w = mg.Tensor(1.0, requires_grad=True)
    h = w * 2
    h.backward()
    with pytest.raises(RuntimeError, match="second time"):
        (h * 3).backward()


def test_leaf_grad_is_a_private_copy():
    """The seed gradient must not be shared with .grad (an in-place update would corrupt it)."""
    a = mg.Tensor([1.0, 2.0], requires_grad=True)
    b = mg.Tensor([3.0, 4.0], requires_grad=True)
    seed = np.ones(2)
    (a + b).backward(seed)
    a.grad.data += 10
    assert b.grad.data.tolist() == [1.0, 1.0] and seed.tolist() == [1.0, 1.0]


# -- .grad takes a new gradient array without a copy, and copies one shared with anything ---
def custom(x, backward, name="custom"):
    """x's values as a custom op whose backward is ``backward`` (returns x's gradient)."""
    return record(x.data.copy(), (x,), lambda g: (backward(g),), name)


def test_a_new_gradient_array_becomes_grad_as_it_is():
    """What a backward makes and nothing else holds is a leaf's .grad, without a copy (a
    weight's Aᵀ @ G is such an array); a weak reference does not count as holding it."""
    made = []

    def fresh(g):
        out = g * 2.0
        made.append(weakref.ref(out))
        return out

    x = mg.Tensor([1.0, 2.0, 3.0], requires_grad=True)
    (custom(x, fresh) * mg.Tensor([1.0, 2.0, 3.0])).sum().backward()
    assert x.grad.data is made[0]()
    assert x.grad.data.tolist() == [2.0, 4.0, 6.0]
    (custom(x, fresh) * 1.0).sum().backward()          # the second one is added into it
    assert x.grad.data is made[0]() and x.grad.data.tolist() == [4.0, 6.0, 8.0]


def test_a_weights_gradient_is_not_copied():
    """x @ W: W's gradient xᵀ @ G is a new array, and backward holds it once (as .grad),
    not twice (it and a copy) at its peak."""
    x = mg.Tensor(np.ones((4, 500)))
    W = mg.Tensor(np.full((500, 500), 0.5), requires_grad=True)
    y = (x @ W).sum()
    tracemalloc.start()
    try:
        y.backward()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert W.grad.data.tolist()[0][:2] == [4.0, 4.0]
    assert peak < 1.5 * W.data.nbytes, f"backward held {peak / W.data.nbytes:.2f} x W's bytes"


def test_a_gradient_returned_unchanged_to_two_leaves_is_not_shared():
    """A backward that returns the gradient it was given, here to two leaves: one of them
    must get a copy, or adding into one .grad would change the other."""
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    w = mg.Tensor([3.0, 4.0], requires_grad=True)
    both = record(x.data + w.data, (x, w), lambda g: (g, g), "both")
    (both * mg.Tensor([5.0, 6.0])).sum().backward()
    assert not np.shares_memory(x.grad.data, w.grad.data)
    x.grad.data += 10
    assert w.grad.data.tolist() == [5.0, 6.0] and x.grad.data.tolist() == [15.0, 16.0]


def test_a_gradient_a_hook_keeps_is_not_grad():
    """A hook that keeps the gradient it saw (here on the op's output, whose gradient the
    op's backward hands on unchanged, and on the leaf itself): .grad is a copy of it, so
    accumulating into .grad leaves what the hook kept as it was."""
    for on_leaf in (False, True):
        x = mg.Tensor([1.0, 2.0], requires_grad=True)
        kept = []
        y = custom(x, lambda g: g)
        (x if on_leaf else y).register_hook(lambda g: kept.append(g))
        (y * mg.Tensor([3.0, 4.0])).sum().backward(retain_graph=True)
        assert not np.shares_memory(x.grad.data, kept[0].data)
        first = kept[0].data.copy()
        (y * mg.Tensor([3.0, 4.0])).sum().backward()
        assert kept[0].data.tolist() == first.tolist() == [3.0, 4.0]
        assert x.grad.data.tolist() == [6.0, 8.0]


def test_a_view_of_a_gradient_is_copied_into_grad():
    """A backward that returns a view of a gradient (reshaped) while another leaf gets the
    gradient itself: the two .grad arrays must not share memory."""
    x = mg.Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    w = mg.Tensor([1.0, 1.0, 1.0, 1.0], requires_grad=True)
    out = record(x.data.reshape(4) + w.data, (x, w), lambda g: (g.reshape(2, 2), g), "flat")
    (out * mg.Tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
    assert not np.shares_memory(x.grad.data, w.grad.data)
    x.grad.data *= 0
    assert w.grad.data.tolist() == [1.0, 2.0, 3.0, 4.0]
    y = custom(w, lambda g: g[::-1].copy()[::-1])       # a view of a new array, alone
    (y * 1.0).sum().backward()
    assert w.grad.data.tolist() == [2.0, 3.0, 4.0, 5.0]


def test_an_array_a_backward_keeps_is_copied_into_grad():
    """A backward that returns an array it keeps (a constant, another tensor's values) or a
    view of one: accumulating into .grad must not change that array."""
    kept = np.full(3, 2.0)
    w = mg.Tensor([7.0, 8.0, 9.0])
    for array, view in ((kept, False), (w.data, False), (kept, True), (w.data, True)):
        before = array.copy()
        x = mg.Tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = custom(x, (lambda g, a=array: a[:]) if view else (lambda g, a=array: a))
        y.sum().backward(retain_graph=True)
        y.sum().backward()
        assert (array == before).all()
        assert (x.grad.data == 2 * before).all()


def test_a_retained_gradient_is_a_copy():
    """retain_grad() hands a tensor's gradient to .grad before its op's backward runs, and
    that backward may keep what it was given: the retained .grad is always a copy."""
    seen = []

    def keep(g):
        seen.append(g)
        return g * 1.0

    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = custom(x, keep).retain_grad()
    for _ in range(2):                  # y used twice: its gradient is a sum the walk made
        (y * mg.Tensor([1.0, 3.0]) + y * 2.0).sum().backward(retain_graph=True)
    assert [s.tolist() for s in seen] == [[3.0, 5.0], [3.0, 5.0]]
    assert y.grad.data.tolist() == [6.0, 10.0] and x.grad.data.tolist() == [6.0, 10.0]


def test_a_gradient_of_another_dtype_is_converted():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    (custom(x, lambda g: (g * 3).astype(np.float32)) * 1.0).sum().backward()
    assert x.grad.dtype == np.float64 and x.grad.data.tolist() == [3.0, 3.0]


def test_a_read_only_gradient_is_copied_into_grad():
    def frozen(g):
        out = g * 1.0
        out.flags.writeable = False
        return out

    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = custom(x, frozen)
    (y * 1.0).sum().backward(retain_graph=True)
    (y * 1.0).sum().backward()
    assert x.grad.data.flags.writeable and x.grad.data.tolist() == [2.0, 2.0]


def test_retain_grad_keeps_an_intermediate_gradient():
    x = mg.Tensor(3.0, requires_grad=True)
    h = (x * 2).retain_grad()
    (h * h).backward()
    assert h.grad.item() == 12.0 and x.grad.item() == 24.0


# -- backward's arguments ----------------------------------------------------------------
def test_implicit_gradient_only_for_single_element_tensors():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match=r"shape \(2,\)"):
        (x * 2).backward()
    (x * 2)[1:].backward()          # one element: fine
    assert x.grad.data.tolist() == [0.0, 2.0]


def test_explicit_gradient_must_match_shape():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(mg.ShapeError, match=r"\(3,\).*\(2,\)"):
        (x * 2).backward(np.ones(3))
    (x * 2).backward(mg.Tensor([1.0, 10.0]))
    assert x.grad.data.tolist() == [2.0, 20.0]


def test_backward_on_a_tensor_without_history_explains():
    with pytest.raises(RuntimeError, match="requires_grad=True"):
        mg.Tensor(1.0).backward()


# -- grad mode ---------------------------------------------------------------------------
def test_no_grad_records_nothing_and_restores():
    w = mg.Tensor(1.0, requires_grad=True)
    with mg.no_grad():
        assert not mg.is_grad_enabled()
        y = w * 2
        with mg.enable_grad():
            z = w * 2
        assert not mg.is_grad_enabled()
    assert mg.is_grad_enabled()
    assert not y.requires_grad and y.parents == ()
    assert z.requires_grad


def test_no_grad_restores_after_an_exception():
    with pytest.raises(ZeroDivisionError):
        with mg.no_grad():
            1 / 0
    assert mg.is_grad_enabled()


def test_no_grad_as_decorator():
    @mg.no_grad()
    def evaluate(w):
        return w * 2

    assert not evaluate(mg.Tensor(1.0, requires_grad=True)).requires_grad
    assert mg.is_grad_enabled()


def test_integer_inputs_never_receive_gradients():
    idx = mg.Tensor(np.array([1, 2]))
    w = mg.Tensor([0.5, 0.5], requires_grad=True)
    (w * idx).sum().backward()
    assert idx.grad is None and w.grad.data.tolist() == [1.0, 2.0]


# -- anomaly detection ---------------------------------------------------------------------
def test_anomaly_mode_names_the_op_that_made_a_nan():
    x = mg.Tensor([0.0, 1.0], requires_grad=True)
    with np.errstate(divide="ignore", invalid="ignore"), mg.detect_anomaly():
        y = (x.log() * 0.0).sum()
        with pytest.raises(FloatingPointError, match=r"backward of 'log' produced nan") as err:
            y.backward()
    assert "test_autograd.py" in str(err.value)      # where the op was created
    assert not mg.autograd._anomaly_enabled


def test_without_anomaly_mode_nan_flows_silently():
    x = mg.Tensor([0.0, 1.0], requires_grad=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        (x.log() * 0.0).sum().backward()
    assert np.isnan(x.grad.data[0])


# -- the contract for custom ops ----------------------------------------------------------------
def test_custom_op_returning_the_wrong_number_of_gradients():
    x = mg.Tensor(1.0, requires_grad=True)
    y = record(x.data * 2, (x,), lambda g: (g, g), "twice")
    with pytest.raises(RuntimeError, match="'twice' returned 2 gradients for 1 inputs"):
        y.backward()


def test_custom_op_returning_a_bare_array_instead_of_a_tuple():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = record(x.data * 2, (x,), lambda g: g * 2, "double")
    with pytest.raises(TypeError, match=r"'double' returned a ndarray.*\(grad,\)"):
        y.backward(np.ones(2))
    assert x.grad is None and x._pending is None and y.grad_fn.pending is None


def test_custom_op_returning_a_tensor_or_a_number_as_gradient():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = record(x.data * 2, (x,), lambda g: (mg.Tensor(g * 2),), "tensorgrad")
    with pytest.raises(TypeError, match=r"'tensorgrad' returned a Tensor for its input 0.*\.data"):
        y.backward(np.ones(2))
    s = mg.Tensor(3.0, requires_grad=True)
    z = record(s.data * 2, (s,), lambda g: (2.0 * float(g),), "number")   # a plain float is fine
    z.backward()
    assert s.grad.item() == 2.0 and type(s.grad.data) is np.ndarray


def test_record_refuses_a_single_tensor_as_inputs_and_a_tensor_as_data():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(TypeError, match=r"tuple of tensors, e.g. \(a,\)"):
        record(x.data * 2, x, lambda g: (g,), "oops")
    with pytest.raises(TypeError, match="must be a NumPy array.*t.data"):
        record(x * 2, (x,), lambda g: (g,), "oops")
    y = record(x.data * 2, [x], lambda g: (2 * g,), "listed")               # a list is fine
    y.sum().backward()
    assert x.grad.data.tolist() == [2.0, 2.0]


def test_an_error_inside_a_backward_function_propagates_unchanged():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)

    def broken(g):
        raise ValueError("my own mistake")
    y = record(x.data * 2, (x,), broken, "broken")
    with pytest.raises(ValueError, match="my own mistake"):
        y.backward(np.ones(2))


def test_custom_op_returning_a_gradient_of_the_wrong_shape():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = record(x.data.sum(), (x,), lambda g: (g,), "badsum")
    with pytest.raises(mg.ShapeError, match=r"'badsum'.*shape \(\).*shape \(2,\)"):
        y.backward()


def test_tensor_method_registers_a_new_method():
    @mg.tensor_method("double_it")
    def double_it(a):
        return a * 2
    try:
        assert mg.Tensor(2.0).double_it().item() == 4.0
        assert mg.REGISTRY["double_it"] == __name__
    finally:
        del mg.Tensor.double_it, mg.REGISTRY["double_it"]


def test_registry_says_where_each_op_lives():
    assert mg.REGISTRY["mm"] == "minigrad.ops.mul_mm"
    assert mg.REGISTRY["__add__"] == "minigrad.ops.add_neg"
    assert mg.REGISTRY["expand"] == "minigrad.ops.sum_expand"


def test_set_detect_anomaly_switches_the_check_on_and_off():
    x = mg.Tensor([0.0], requires_grad=True)
    mg.set_detect_anomaly(True)
    try:
        with np.errstate(divide="ignore"):
            y = (1 / x).sum()
        with pytest.raises(FloatingPointError, match="'div' produced inf"):
            y.backward()
    finally:
        mg.set_detect_anomaly(False)
    with np.errstate(divide="ignore"):
        (1 / x).sum().backward()            # off again: no error, the gradient is -inf
    assert np.isneginf(x.grad.data[0])


def test_retain_grad_needs_a_tensor_that_requires_grad():
    with pytest.raises(RuntimeError, match="does not require grad"):
        mg.Tensor(1.0).retain_grad()
