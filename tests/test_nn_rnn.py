"""Recurrent layers: LSTMCell, GRUCell, RNN/LSTM/GRU against PyTorch (weights copied both
ways), gradcheck through time, shapes, errors, initialisation."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from torchref import compare, compare_parameter_grads, copy_into

rng = np.random.default_rng(0)

CONFIGS = [
    dict(input_size=3, hidden_size=4),
    dict(input_size=3, hidden_size=4, num_layers=2, bidirectional=True, batch_first=True),
    dict(input_size=3, hidden_size=4, num_layers=3, bias=False),
    dict(input_size=2, hidden_size=3, bidirectional=True),
]


def sequence(config, unbatched=False, T=5, N=2):
    if unbatched:
        return rng.standard_normal((T, config["input_size"]))
    shape = (N, T) if config.get("batch_first") else (T, N)
    return rng.standard_normal(shape + (config["input_size"],))


def state(config, unbatched=False, N=2):
    layers = config.get("num_layers", 1) * (2 if config.get("bidirectional") else 1)
    shape = (layers, config["hidden_size"]) if unbatched else (layers, N, config["hidden_size"])
    return rng.standard_normal(shape)


@pytest.mark.parametrize("name", ["RNN", "GRU", "LSTM"])
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("with_state", [False, True])
def test_sequence_layers_match_pytorch(torch, name, config, with_state):
    ours = getattr(nn, name)(**config)
    theirs = copy_into(torch, getattr(torch.nn, name)(**config), ours)
    lstm = name == "LSTM"
    arrays = [sequence(config)]
    if with_state:
        arrays += [state(config), state(config)] if lstm else [state(config)]

    def run(module, pack):
        def call(x, *states):
            if not states:
                out, hidden = module(x)
            else:
                out, hidden = module(x, pack(states) if lstm else states[0])
            return [out, *hidden] if lstm else [out, hidden]
        return call

    compare(torch, run(ours, tuple), run(theirs, tuple), arrays, what=f"{name} {config}")
    compare_parameter_grads(ours, theirs)


@pytest.mark.parametrize("name", ["RNN", "GRU", "LSTM"])
def test_unbatched_sequences_and_relu_rnn_match_pytorch(torch, name):
    config = dict(input_size=3, hidden_size=4, num_layers=2)
    if name == "RNN":
        config["nonlinearity"] = "relu"
    ours = getattr(nn, name)(**config)
    theirs = copy_into(torch, getattr(torch.nn, name)(**config), ours)
    flat = [lambda out: [out[0], *(out[1] if name == "LSTM" else [out[1]])]]
    compare(torch, lambda x: flat[0](ours(x)), lambda x: flat[0](theirs(x)),
            [sequence(config, unbatched=True)])


@pytest.mark.parametrize("name", ["RNNCell", "GRUCell", "LSTMCell"])
def test_cells_match_pytorch_over_several_steps(torch, name):
    ours = getattr(nn, name)(3, 4)
    theirs = copy_into(torch, getattr(torch.nn, name)(3, 4), ours)
    lstm = name == "LSTMCell"

    def unroll(cell):
        def run(x1, x2, x3, h):
            state = (h, h * 0.5) if lstm else h
            outs = []
            for x in (x1, x2, x3):
                state = cell(x, state)
                outs += list(state) if lstm else [state]
            return outs
        return run

    xs = [rng.standard_normal((2, 3)) for _ in range(3)]
    compare(torch, unroll(ours), unroll(theirs), xs + [rng.standard_normal((2, 4))])
    compare_parameter_grads(ours, theirs)
    one = rng.standard_normal(3)                            # one sample, no batch axis
    compare(torch, lambda x: ours(x), lambda x: theirs(x), [one])


def test_gradcheck_through_time():
    lstm = nn.LSTM(2, 3, num_layers=2, bidirectional=True, rng=np.random.default_rng(1))
    x = mg.Tensor(rng.standard_normal((4, 2, 2)), requires_grad=True)
    h0 = mg.Tensor(rng.standard_normal((4, 2, 3)), requires_grad=True)
    assert mg.gradcheck(lambda x, h0, w: lstm(x, (h0, h0 * 0.3))[0], x, h0, lstm.weight_hh_l1)
    gru = nn.GRU(2, 3, rng=np.random.default_rng(2))
    assert mg.gradcheck(lambda x, w, b: gru(x)[1], x, gru.weight_hh_l0, gru.bias_hh_l0)
    cell = nn.GRUCell(2, 3, rng=np.random.default_rng(3))
    assert mg.gradcheck(lambda x, b: cell(x[0], cell(x[1])), x, cell.bias_ih)


def test_parameter_names_shapes_and_initialisation():
    mg.manual_seed(0)
    lstm = nn.LSTM(10, 64, num_layers=2, bidirectional=True)
    names = [n for n, _ in lstm.named_parameters()]
    assert names[:5] == ["weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0",
                         "weight_ih_l0_reverse"]
    assert lstm.weight_ih_l0.shape == (256, 10) and lstm.weight_ih_l1.shape == (256, 128)
    assert nn.GRU(5, 7).weight_hh_l0.shape == (21, 7)
    bound = 1 / np.sqrt(64)
    w = lstm.weight_hh_l1_reverse.data
    assert np.abs(w).max() <= bound and np.abs(w).max() > 0.99 * bound
    assert w.var() == pytest.approx(bound ** 2 / 3, rel=0.05)
    assert repr(nn.GRU(3, 4, num_layers=2, batch_first=True)) == \
        "GRU(3, 4, num_layers=2, batch_first=True)"


def test_output_shapes():
    x = mg.Tensor(rng.standard_normal((7, 3, 5)))
    out, (h, c) = nn.LSTM(5, 4, num_layers=2, bidirectional=True)(x)
    assert out.shape == (7, 3, 8) and h.shape == c.shape == (4, 3, 4)
    out, h = nn.GRU(5, 4, batch_first=True)(mg.Tensor(rng.standard_normal((3, 7, 5))))
    assert out.shape == (3, 7, 4) and h.shape == (1, 3, 4)
    h2, c2 = nn.LSTMCell(5, 4)(mg.Tensor(rng.standard_normal((3, 5))))
    assert h2.shape == c2.shape == (3, 4)


def test_a_long_sequence_is_a_few_graph_nodes_and_does_not_recurse():
    rnn = nn.LSTM(1, 8, rng=np.random.default_rng(0))
    x = mg.Tensor(np.sin(np.linspace(0, 30, 3000)).reshape(-1, 1, 1))
    out, _ = rnn(x)
    assert len(mg.topological_order(out)) < 10               # one op per layer, not per step
    out.sum().backward()
    assert np.all(np.isfinite(rnn.weight_hh_l0.grad.data))


def test_dropout_between_layers_only_in_training():
    rnn = nn.GRU(3, 4, num_layers=2, dropout=0.5)
    x = mg.Tensor(rng.standard_normal((5, 2, 3)))
    rnn.eval()
    a, _ = rnn(x)
    b, _ = rnn(x)
    np.testing.assert_array_equal(a.data, b.data)
    rnn.train()
    mg.manual_seed(1)
    c, _ = rnn(x)
    assert not np.allclose(c.data, a.data)


def test_errors_name_the_problem():
    with pytest.raises(mg.ShapeError, match=r"\(T, N, 3\)"):
        nn.RNN(3, 4)(mg.Tensor(np.zeros((5, 2, 2))))
    with pytest.raises(mg.ShapeError, match=r"h0 must have shape \(1, 2, 4\)"):
        nn.GRU(3, 4)(mg.Tensor(np.zeros((5, 2, 3))), mg.Tensor(np.zeros((2, 2, 4))))
    with pytest.raises(TypeError, match=r"pair \(h0, c0\)"):
        nn.LSTM(3, 4)(mg.Tensor(np.zeros((5, 2, 3))), mg.Tensor(np.zeros((1, 2, 4))))
    with pytest.raises(ValueError, match="nonlinearity"):
        nn.RNN(3, 4, nonlinearity="sigmoid")
    with pytest.raises(NotImplementedError, match="proj_size"):
        nn.LSTM(3, 4, proj_size=2)
    with pytest.raises(mg.ShapeError, match=r"\(N, 3\)"):
        nn.LSTMCell(3, 4)(mg.Tensor(np.zeros((2, 2))))
    with pytest.raises(ValueError, match="dropout"):
        nn.LSTM(3, 4, dropout=1.0)
