"""minigrad.nn: Module bookkeeping, every layer's shapes and gradients, and the losses."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F

rng = np.random.default_rng(0)


def data(*shape):
    return mg.Tensor(rng.standard_normal(shape))


class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 10)
        self.out = nn.Linear(10, 1)

    def forward(self, x):
        return self.out(self.hidden(x).sigmoid())


class Tied(nn.Module):
    """One Linear used twice, plus a list of blocks: each parameter must be found once."""

    def __init__(self):
        super().__init__()
        self.shared = nn.Linear(3, 3)
        self.again = self.shared
        self.blocks = [nn.Linear(3, 3), nn.Tanh()]
        self.scale = nn.Parameter([2.0])
        self.note = "not a parameter"
        self.buffer = mg.Tensor([1.0, 2.0])     # a plain tensor is not learned

    def forward(self, x):
        return self.blocks[0](self.again(self.shared(x))) * self.scale


# -- Module --------------------------------------------------------------------------------
def test_parameters_are_found_recursively_in_order_and_once():
    model = Tied()
    names = [n for n, _ in model.named_parameters()]
    # PyTorch's order: a module's own parameters first, then each child's, in attribute order
    assert names == ["scale", "shared.weight", "shared.bias", "blocks.0.weight", "blocks.0.bias"]
    assert len(list(model.parameters())) == 5
    assert model.num_parameters() == 12 + 12 + 1
    assert all(p.requires_grad and p.is_leaf for p in model.parameters())


def test_zero_grad_clears_every_parameter():
    model = TwoLayer()
    model(data(4, 2)).sum().backward()
    assert all(p.grad is not None for p in model.parameters())
    model.zero_grad()
    assert all(p.grad is None for p in model.parameters())


def test_train_and_eval_reach_every_submodule():
    model = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Dropout(0.5), nn.ReLU()))
    assert model.eval() is model
    assert not any(m.training for m in model.modules())
    model.train()
    assert all(m.training for m in model.modules())
    assert [n for n, _ in model.named_modules()] == ["", "0", "1", "1.0", "1.1"]


def test_repr_is_a_readable_tree():
    text = repr(nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Sequential(nn.Dropout(0.2))))
    assert text == ("Sequential(\n"
                    "  (0): Linear(in_features=64, out_features=32, bias=True)\n"
                    "  (1): ReLU()\n"
                    "  (2): Sequential(\n"
                    "    (0): Dropout(p=0.2, inplace=False)\n"
                    "  )\n"
                    ")")


def test_forward_missing_says_what_to_write():
    class Empty(nn.Module):
        pass

    with pytest.raises(NotImplementedError, match="Empty has no forward"):
        Empty()(data(1))


def test_state_dict_round_trip_copies():
    a, b = TwoLayer(), TwoLayer()
    state = a.state_dict()
    assert list(state) == ["hidden.weight", "hidden.bias", "out.weight", "out.bias"]
    state["out.bias"][...] = 99                         # a copy: the model is unchanged
    assert a.out.bias.data[0] != 99
    b.load_state_dict(a.state_dict())
    x = data(3, 2)
    np.testing.assert_array_equal(a(x).data, b(x).data)
    b.hidden.weight.data[0, 0] += 1                     # ... and a copy the other way too
    assert a.hidden.weight.data[0, 0] != b.hidden.weight.data[0, 0]


def test_load_state_dict_refuses_a_bad_fit_and_loads_nothing():
    model = TwoLayer()
    before = model.state_dict()
    bad = model.state_dict()
    bad["hidden.bias"] = bad["hidden.bias"] * 0 + 5     # fine on its own ...
    bad["out.weight"] = np.zeros((2, 10))               # ... but this one has the wrong shape
    del bad["out.bias"]
    bad["extra"] = np.zeros(1)
    with pytest.raises(ValueError) as err:
        model.load_state_dict(bad)
    msg = str(err.value)
    assert "nothing was loaded" in msg and "missing: out.bias" in msg
    assert "unexpected: extra" in msg and "out.weight has shape (2, 10)" in msg
    for name, value in model.state_dict().items():
        np.testing.assert_array_equal(value, before[name])
    with pytest.raises(TypeError, match="mapping"):
        model.load_state_dict([1, 2])


def test_load_state_dict_converts_everything_before_writing_anything():
    """Regression: a value that fails to convert, after others that converted, used to
    leave those others loaded while the message said nothing was."""
    model = TwoLayer()
    before = model.state_dict()
    state = {name: value + 1.0 for name, value in before.items()}
    state["out.bias"] = np.full(state["out.bias"].shape, "not a number", dtype=object)
    with pytest.raises(ValueError, match="nothing was loaded.*out.bias holds object values"):
        model.load_state_dict(state)
    for name, value in model.state_dict().items():
        np.testing.assert_array_equal(value, before[name])
    state["out.bias"] = before["out.bias"].astype(np.float32) + 1.0     # cast, as PyTorch
    model.load_state_dict(state)
    assert model.out.bias.dtype == np.float64
    np.testing.assert_allclose(model.out.weight.data, before["out.weight"] + 1.0)


def test_parameter_repr_and_type():
    p = nn.Parameter([1.0, 2.0])
    assert isinstance(p, mg.Tensor) and p.requires_grad
    assert repr(p).startswith("Parameter containing:\ntensor([1., 2.]")
    assert type(p * 2) is mg.Tensor                      # results of ops are plain tensors


# -- layers --------------------------------------------------------------------------------
def test_linear_shapes_init_bound_and_gradcheck():
    mg.manual_seed(0)
    layer = nn.Linear(50, 7)
    assert layer.weight.shape == (7, 50) and layer.bias.shape == (7,)
    bound = 1 / np.sqrt(50)
    assert np.abs(layer.weight.data).max() <= bound and np.abs(layer.weight.data).max() > 0.8 * bound
    assert layer(data(4, 50)).shape == (4, 7)
    small = nn.Linear(3, 2)
    x = mg.Tensor(rng.standard_normal((4, 3)), requires_grad=True)
    assert mg.gradcheck(lambda x, w, b: F.linear(x, w, b), x, small.weight, small.bias)
    assert nn.Linear(3, 2, bias=False).bias is None
    assert [n for n, _ in nn.Linear(3, 2, bias=False).named_parameters()] == ["weight"]


def test_linear_is_reproducible_from_the_seed_and_respects_dtype():
    mg.manual_seed(42)
    a = nn.Linear(4, 3)
    mg.manual_seed(42)
    b = nn.Linear(4, 3)
    np.testing.assert_array_equal(a.weight.data, b.weight.data)
    c = nn.Linear(4, 3, dtype=np.float32, rng=np.random.default_rng(0))
    assert c.weight.dtype == np.float32 and c(mg.Tensor(np.ones((2, 4), np.float32))).dtype == np.float32
    with pytest.raises(ValueError, match="in_features must be a non-negative integer"):
        nn.Linear(-1, 3)


def test_sequential_indexing_and_errors():
    model = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    model.append(nn.Linear(3, 1))
    assert len(model) == 3 and isinstance(model[2], nn.Linear)
    assert isinstance(model[:2], nn.Sequential) and len(model[:2]) == 2
    assert [type(m).__name__ for m in model] == ["Linear", "ReLU", "Linear"]
    assert model(data(5, 2)).shape == (5, 1)
    with pytest.raises(TypeError, match="ReLU instead of ReLU()"):
        nn.Sequential(nn.Linear(2, 2), nn.ReLU)


@pytest.mark.parametrize("layer, fn", [(nn.ReLU(), np.vectorize(lambda v: max(v, 0.0))),
                                       (nn.Sigmoid(), lambda v: 1 / (1 + np.exp(-v))),
                                       (nn.Tanh(), np.tanh)])
def test_activation_modules(layer, fn):
    x = mg.Tensor(rng.standard_normal((3, 4)) + 0.01, requires_grad=True)
    np.testing.assert_allclose(layer(x).data, fn(x.data))
    assert mg.gradcheck(layer, x)


def test_dropout_module_follows_train_and_eval():
    layer = nn.Dropout(0.5, rng=np.random.default_rng(0))
    x = mg.Tensor(np.ones((10, 10)))
    assert (layer(x).data == 0).any()
    layer.eval()
    assert layer(x) is x
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        nn.Dropout(1.5)


def test_losses_as_modules():
    p, t = mg.Tensor(rng.standard_normal((4, 1)), requires_grad=True), data(4, 1)
    assert nn.MSELoss()(p, t).item() == pytest.approx(((p.data - t.data) ** 2).mean())
    assert nn.MSELoss("sum")(p, t).item() == pytest.approx(((p.data - t.data) ** 2).sum())
    logits, y = mg.Tensor(rng.standard_normal((4, 3)), requires_grad=True), np.array([0, 2, 1, 0])
    assert nn.CrossEntropyLoss()(logits, y).item() == pytest.approx(F.cross_entropy(logits, y).item())
    assert nn.CrossEntropyLoss()(logits, mg.Tensor(y)).item() == pytest.approx(
        F.cross_entropy(logits, y).item())
    assert repr(nn.CrossEntropyLoss(reduction="sum")) == "CrossEntropyLoss(reduction='sum')"
    # PyTorch's first argument is the class weights: a reduction there gets a clear error
    with pytest.raises(TypeError, match=r"reduction='sum'"):
        nn.CrossEntropyLoss("sum")
    with pytest.raises(ValueError, match="reduction"):
        nn.MSELoss("avg")


def test_embedding_looks_up_rows_and_adds_gradients_of_repeats():
    emb = nn.Embedding(5, 3, rng=np.random.default_rng(0))
    ids = np.array([[1, 4], [1, 1]])
    out = emb(ids)
    assert out.shape == (2, 2, 3)
    np.testing.assert_array_equal(out.data[0, 0], emb.weight.data[1])
    out.sum().backward()
    np.testing.assert_array_equal(emb.weight.grad.data[:, 0], [0, 3, 0, 0, 1])
    with pytest.raises(IndexError, match="id 5 is out of range.*5 rows"):
        emb(np.array([5]))
    with pytest.raises(TypeError, match="integers"):
        emb(np.array([0.5]))


def test_rnn_cell_formula_shapes_and_gradcheck():
    cell = nn.RNNCell(3, 4, rng=np.random.default_rng(0))
    x, h = data(2, 3), data(2, 4)
    expected = np.tanh(x.data @ cell.weight_ih.data.T + cell.bias_ih.data
                       + h.data @ cell.weight_hh.data.T + cell.bias_hh.data)
    np.testing.assert_allclose(cell(x, h).data, expected)
    assert cell(x).shape == (2, 4)                           # h=None starts from zeros
    np.testing.assert_allclose(cell(x).data, np.tanh(x.data @ cell.weight_ih.data.T
                                                     + cell.bias_ih.data + cell.bias_hh.data))
    names = [n for n, _ in cell.named_parameters()]
    assert names == ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]

    def unrolled(w_ih, w_hh):   # three steps through time
        state = None
        for t in range(3):
            state = F.linear(x, w_ih) + (F.linear(state, w_hh) if state is not None else 0)
            state = state.tanh()
        return state
    assert mg.gradcheck(unrolled, cell.weight_ih, cell.weight_hh)


def test_backprop_through_a_long_sequence_does_not_recurse():
    cell = nn.RNNCell(1, 8, rng=np.random.default_rng(0))
    h = None
    xs = np.sin(np.linspace(0, 20, 3000)).reshape(-1, 1, 1)
    for x in xs:                       # 3,000 steps: a deep graph
        h = cell(mg.Tensor(x), h)
    h.sum().backward()
    assert np.all(np.isfinite(cell.weight_hh.grad.data))
