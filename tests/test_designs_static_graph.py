"""The static-graph design (classroom.designs.static_graph) against minigrad's tape."""

import numpy as np
import pytest

import minigrad.nn.functional as F
from minigrad import ShapeError, Tensor
from classroom.designs import static_graph as sg


def _minigrad_sigmoid(X, W, b):
    x = Tensor(X, requires_grad=True)
    w = Tensor(W, requires_grad=True)
    bb = Tensor(b, requires_grad=True)
    s = 1 / (1 + (-(x @ w + bb)).exp())
    s.sum().backward()
    return s.data, x.grad.data, w.grad.data, bb.grad.data


@pytest.mark.parametrize("W", [np.array([3.0, 1.0]), np.array([[3.0], [1.0]])])
def test_sigmoid_graph_matches_minigrad_on_the_grid(W):
    X, x1, _ = sg.input_grid(-10, 10, 21)
    graph, nodes = sg.sigmoid_graph(W, 0.0)
    s = graph.forward(X)
    graph.backprop()
    want_s, want_dx, want_dw, want_db = _minigrad_sigmoid(X, W, 0.0)
    assert s.shape == (X.shape[0],) + W.shape[1:]
    np.testing.assert_allclose(s, want_s, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(nodes["x"].grad, want_dx, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(nodes["W"].grad, want_dw, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(nodes["b"].grad, want_db, rtol=1e-10)
    assert s.reshape(x1.shape).shape == (21, 21)


def test_sigmoid_graph_structure_and_slope():
    X = np.array([[0.0, 0.0], [1.0, -2.0], [0.5, 0.5]])
    graph, nodes = sg.sigmoid_graph()
    assert [n.name for n in graph.nodes if isinstance(n, sg.Gate)] == ["xW", "z", "e", "d", "s"]
    assert graph.root is nodes["s"]
    s = graph.forward(X)
    np.testing.assert_allclose(s, 1 / (1 + np.exp(-(X @ [3.0, 1.0]))))
    graph.backprop()
    # the chain rule through five gates gives the textbook slope s(1 - s)
    np.testing.assert_allclose(nodes["z"].grad, s * (1 - s))
    np.testing.assert_allclose(nodes["x"].grad, (s * (1 - s))[:, None] * [3.0, 1.0])
    assert "Reciprocal" in graph.summary()


def test_topological_order_puts_every_node_after_its_inputs():
    graph, _ = sg.sigmoid_graph()
    position = {id(n): i for i, n in enumerate(graph.nodes)}
    for node in graph.nodes:
        for inp in node.inputs:
            assert position[id(inp)] < position[id(node)]
    assert len(graph) == 8


def test_clear_keeps_parameters_and_drops_everything_else():
    graph, nodes = sg.sigmoid_graph([2.0, -1.0], 0.5)
    graph.forward(np.ones((3, 2)))
    graph.backprop()
    w_grad = nodes["W"].grad.copy()
    graph.clear()
    for name in ("x", "xW", "z", "e", "d", "s"):
        assert nodes[name].value is None and nodes[name].grad is None
    assert nodes["e"].state is None
    np.testing.assert_array_equal(nodes["W"].value, [2.0, -1.0])
    assert nodes["b"].value == 0.5
    np.testing.assert_array_equal(nodes["W"].grad, w_grad)
    with pytest.raises(RuntimeError, match="forward"):
        graph.backprop()


def test_parameter_gradients_add_up_over_runs_until_zero_grad():
    graph, nodes = sg.sigmoid_graph()
    X1, X2 = np.array([[1.0, 2.0]]), np.array([[-1.0, 0.5], [0.3, 0.2]])
    graph.forward(X1)
    graph.backprop()
    g1 = nodes["W"].grad.copy()
    graph.forward(X2)
    graph.backprop()
    g2 = _minigrad_sigmoid(X2, np.array([3.0, 1.0]), 0.0)[2]
    np.testing.assert_allclose(nodes["W"].grad, g1 + g2)
    assert nodes["x"].grad.shape == X2.shape            # inputs hold this run's gradient only
    graph.zero_grad()
    np.testing.assert_array_equal(nodes["W"].grad, 0.0)


def test_gradient_from_several_consumers_is_summed():
    # u = x @ W feeds three places: both inputs of u * u, and the add.  v = u*u + u.
    x = sg.Input("x")
    W = sg.Parameter([[0.5], [-1.5]], "W")
    u = sg.Gate(sg.MatMul(), [x, W], "u")
    sq = sg.Gate(sg.Multiply(), [u, u], "sq")
    v = sg.Gate(sg.Add(), [sq, u], "v")
    graph = sg.Graph(v)
    X = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 0.5]])
    graph.forward(X)
    graph.backprop()
    U = X @ W.value
    np.testing.assert_allclose(u.grad, 2 * U + 1)
    xt, wt = Tensor(X, requires_grad=True), Tensor(W.value, requires_grad=True)
    ut = xt @ wt
    (ut * ut + ut).sum().backward()
    np.testing.assert_allclose(W.grad, wt.grad.data)
    np.testing.assert_allclose(x.grad, xt.grad.data)


def _mlp_graph(W1, b1, W2, b2):
    x, y = sg.Input("x"), sg.Output("y")
    p = {k: sg.Parameter(v, k) for k, v in dict(W1=W1, b1=b1, W2=W2, b2=b2).items()}
    h = sg.Gate(sg.Add(), [sg.Gate(sg.MatMul(), [x, p["W1"]], "xW1"), p["b1"]], "h")
    a = sg.Gate(sg.Sigmoid(), [h], "a")
    pred = sg.Gate(sg.Add(), [sg.Gate(sg.MatMul(), [a, p["W2"]], "aW2"), p["b2"]], "pred")
    loss = sg.Gate(sg.MSELoss(), [pred, y], "loss")
    return sg.Graph(loss), p


def test_small_mlp_with_a_loss_matches_minigrad():
    rng = np.random.default_rng(0)
    X, Y = rng.standard_normal((8, 3)), rng.standard_normal((8, 2))
    init = dict(W1=rng.standard_normal((3, 4)), b1=rng.standard_normal(4),
                W2=rng.standard_normal((4, 2)), b2=rng.standard_normal(2))
    graph, params = _mlp_graph(**init)
    loss = graph.forward(X, Y)
    graph.backprop()
    t = {k: Tensor(v, requires_grad=True) for k, v in init.items()}
    want = F.mse_loss((Tensor(X) @ t["W1"] + t["b1"]).sigmoid() @ t["W2"] + t["b2"], Tensor(Y))
    want.backward()
    assert loss == pytest.approx(want.item(), rel=1e-12)
    for k in init:
        np.testing.assert_allclose(params[k].grad, t[k].grad.data, rtol=1e-10, atol=1e-14)
    assert graph["y"].grad is None                     # labels get no gradient


def test_forward_without_labels_skips_the_loss():
    rng = np.random.default_rng(1)
    graph, _ = _mlp_graph(rng.standard_normal((3, 4)), np.zeros(4), rng.standard_normal((4, 2)),
                          np.zeros(2))
    assert graph.forward(np.ones((5, 3))) is None
    assert graph["pred"].value.shape == (5, 2)
    with pytest.raises(RuntimeError, match="labels"):
        graph.backprop()


def test_softmax_cross_entropy_matches_minigrad():
    rng = np.random.default_rng(2)
    logits, labels = rng.standard_normal((6, 4)), rng.integers(0, 4, 6)
    z, y = sg.Input("z"), sg.Output("y")
    graph = sg.Graph(sg.Gate(sg.SoftmaxCrossEntropy(), [z, y], "loss"))
    loss = graph.forward(logits, labels)
    graph.backprop()
    zt = Tensor(logits, requires_grad=True)
    want = F.cross_entropy(zt, Tensor(labels))
    want.backward()
    assert loss == pytest.approx(want.item(), rel=1e-12)
    np.testing.assert_allclose(z.grad, zt.grad.data, rtol=1e-10, atol=1e-15)


def test_feeding_several_inputs_by_name_or_node():
    a, b = sg.Input("a"), sg.Input("b")
    graph = sg.Graph(sg.Gate(sg.Multiply(), [a, b], "ab"))
    assert graph.forward({"a": 2.0, b: 3.0}) == 6.0
    graph.backprop()
    assert (a.grad, b.grad) == (3.0, 2.0)
    with pytest.raises(ValueError, match="dict"):
        graph.forward(np.ones(2))
    with pytest.raises(KeyError, match="'c'"):
        graph.forward({"a": 1.0, "b": 1.0, "c": 1.0})
    with pytest.raises(ValueError, match=r"\['b'\]"):
        graph.forward({"a": 1.0})


def test_unnamed_nodes_get_names_and_duplicates_are_refused():
    x = sg.Input()
    graph = sg.Graph(sg.Gate(sg.Exp(), [sg.Gate(sg.Neg(), [x])]))
    assert [n.name for n in graph.nodes] == ["input_0", "neg_1", "exp_2"]
    assert graph["exp_2"] is graph.root
    with pytest.raises(KeyError, match="no node called"):
        graph["nope"]
    with pytest.raises(ValueError, match="unique"):
        sg.Graph(sg.Gate(sg.Add(), [sg.Input("x"), sg.Input("x")]))


def test_every_op_backprop_matches_numeric_differences():
    rng = np.random.default_rng(3)
    cases = [(sg.Exp(), 1), (sg.ExpNeg(), 1), (sg.Neg(), 1), (sg.AddConstant(2.5), 1),
             (sg.Sigmoid(), 1), (sg.ReLU(), 1), (sg.Multiply(), 2), (sg.Add(), 2)]
    for op, arity in cases:
        inputs = [rng.uniform(0.5, 2.0, (3, 2)) * rng.choice([-1, 1], (3, 2)) for _ in range(arity)]
        out, state = op.forward(inputs)
        g = rng.standard_normal(out.shape)
        grads = op.backprop(inputs, state, g)
        for i in range(arity):
            num = np.zeros_like(inputs[i])
            for idx in np.ndindex(inputs[i].shape):
                hi = [v.copy() for v in inputs]
                lo = [v.copy() for v in inputs]
                hi[i][idx] += 1e-6
                lo[i][idx] -= 1e-6
                num[idx] = ((op.forward(hi)[0] - op.forward(lo)[0]) * g).sum() / 2e-6
            np.testing.assert_allclose(grads[i], num, rtol=1e-5, atol=1e-7, err_msg=repr(op))
    d = np.array([0.5, 2.0])
    out, state = sg.Reciprocal().forward([d])
    np.testing.assert_allclose(sg.Reciprocal().backprop([d], state, np.ones(2))[0], -1 / d**2)


class _TwoGrads(sg.Op):
    def forward(self, inputs):
        return inputs[0] * 2, None

    def backprop(self, inputs, state, grad):
        return [grad, grad]


class _WrongShape(sg.Op):
    def forward(self, inputs):
        return inputs[0].sum(), None

    def backprop(self, inputs, state, grad):
        return [grad]


def test_misuse_gives_clear_errors():
    with pytest.raises(TypeError, match="instance"):
        sg.Gate(sg.MatMul, [sg.Input("x")])
    with pytest.raises(TypeError, match="Parameter"):
        sg.Gate(sg.Exp(), [np.ones(3)])
    with pytest.raises(TypeError, match="final node"):
        sg.Graph("x")
    graph, _ = sg.sigmoid_graph()
    with pytest.raises(RuntimeError, match="forward"):
        graph.backprop()
    with pytest.raises(ValueError, match="no data"):
        graph.forward()
    graph.forward(np.ones((2, 2)))
    with pytest.raises(ShapeError, match=r"\(3,\)"):
        graph.backprop(np.ones(3))
    x = sg.Input("x")
    bad = sg.Graph(sg.Gate(_TwoGrads(), [x]))
    bad.forward(np.ones(2))
    with pytest.raises(RuntimeError, match="one per input"):
        bad.backprop()
    bad = sg.Graph(sg.Gate(_WrongShape(), [sg.Input("x")]))
    bad.forward(np.ones(2))
    with pytest.raises(ShapeError, match="_WrongShape"):
        bad.backprop()
    with pytest.raises(NotImplementedError, match="output, state"):
        sg.Op().forward([1.0])
    mse = sg.Graph(sg.Gate(sg.MSELoss(), [sg.Input("p"), sg.Output("t")]))
    with pytest.raises(ShapeError, match="must be equal"):
        mse.forward(np.ones((3, 1)), np.ones(3))


def test_a_cycle_is_reported():
    x = sg.Input("x")
    g = sg.Gate(sg.Exp(), [x], "g")
    g.inputs = (g,)                    # only possible by editing a node after the fact
    with pytest.raises(ValueError, match="cycle"):
        sg.Graph(g)
