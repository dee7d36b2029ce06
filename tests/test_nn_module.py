"""Module features of chapter 11 (buffers, apply, requires_grad_, named_modules), the
containers, nn.init and nn.utils' gradient clipping."""

import math

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import init
from minigrad.nn.utils import clip_grad_norm_, clip_grad_value_
from torchref import copy_into

rng = np.random.default_rng(0)


class WithBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("count", mg.Tensor(np.zeros(1)))
        self.register_buffer("scratch", mg.Tensor(np.ones(2)), persistent=False)
        self.register_buffer("later", None)

    def forward(self, x):
        return self.lin(x)


# -- buffers -------------------------------------------------------------------------------
def test_buffers_are_in_state_dict_but_not_in_parameters():
    m = WithBuffer()
    assert [n for n, _ in m.named_parameters()] == ["lin.weight", "lin.bias"]
    assert [n for n, _ in m.named_buffers()] == ["count", "scratch"]      # None is skipped
    assert list(m.state_dict()) == ["count", "lin.weight", "lin.bias"]   # own first, as PyTorch
    m.count = mg.Tensor(np.array([5.0]))                # reassigning keeps it a buffer
    other = WithBuffer()
    other.load_state_dict(m.state_dict())
    assert other.count.data[0] == 5.0
    m.later = mg.Tensor(np.zeros(3))
    assert "later" in m.state_dict()


def test_register_buffer_errors():
    m = WithBuffer()
    with pytest.raises(KeyError, match="without '.'"):
        m.register_buffer("a.b", mg.Tensor([1.0]))
    with pytest.raises(KeyError, match="already exists"):
        m.register_buffer("lin", mg.Tensor([1.0]))
    with pytest.raises(TypeError, match="is a Parameter"):
        m.register_buffer("p", nn.Parameter([1.0]))
    with pytest.raises(TypeError, match="Tensor, a NumPy array or None"):
        m.register_buffer("q", [1.0])
    m.register_buffer("arr", np.zeros(2))               # an array is wrapped
    assert isinstance(m.arr, mg.Tensor) and not m.arr.requires_grad


def test_buffers_state_dict_matches_pytorchs_layout(torch):
    ours = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.Flatten(), nn.Linear(8, 3),
                         nn.BatchNorm1d(3))
    theirs = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.BatchNorm2d(2),
                                 torch.nn.Flatten(), torch.nn.Linear(8, 3), torch.nn.BatchNorm1d(3))
    copy_into(torch, theirs, ours)                   # names and order agree, and it loads
    back = {k: v.numpy() for k, v in theirs.state_dict().items()}
    ours.load_state_dict(back)                       # ... and back the other way
    assert ours.state_dict()["1.num_batches_tracked"].dtype == np.int64


def test_load_state_dict_strict_false_reports_keys():
    m = WithBuffer()
    state = m.state_dict()
    del state["count"]
    state["extra"] = np.zeros(1)
    with pytest.raises(ValueError, match="missing: count.*unexpected: extra"):
        m.load_state_dict(state)
    result = m.load_state_dict(state, strict=False)
    assert result.missing_keys == ["count"] and result.unexpected_keys == ["extra"]
    state["lin.bias"] = np.zeros(5)
    with pytest.raises(ValueError, match="lin.bias has shape"):
        m.load_state_dict(state, strict=False)       # a wrong shape is never allowed


# -- walking the tree ----------------------------------------------------------------------
def test_apply_visits_children_before_parents_like_pytorch(torch):
    ours = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU(), nn.Linear(2, 1)))
    theirs = torch.nn.Sequential(torch.nn.Linear(2, 2),
                                 torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Linear(2, 1)))
    seen, their_seen = [], []
    assert ours.apply(lambda m: seen.append(type(m).__name__)) is ours
    theirs.apply(lambda m: their_seen.append(type(m).__name__))
    assert seen == their_seen == ["Linear", "ReLU", "Linear", "Sequential", "Sequential"]
    assert [n for n, _ in ours.named_modules()] == [n for n, _ in theirs.named_modules()]
    assert [type(m).__name__ for m in ours.children()] == ["Linear", "Sequential"]


def test_apply_with_init_functions():
    model = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))

    def init_weights(m):
        if isinstance(m, nn.Linear):
            init.zeros_(m.bias)
            init.ones_(m.weight)

    model.apply(init_weights)
    assert all(np.all(p.data == (1 if n.endswith("weight") else 0))
               for n, p in model.named_parameters())
    with pytest.raises(TypeError, match="function of one module"):
        model.apply(3)


def test_requires_grad_freezes_a_part_of_a_model():
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
    assert model[0].requires_grad_(False) is model[0]
    model(mg.Tensor(rng.standard_normal((2, 3)))).sum().backward()
    assert model[0].weight.grad is None and model[1].weight.grad is not None
    model.requires_grad_()
    assert all(p.requires_grad for p in model.parameters())


def test_parameters_recurse_false():
    m = WithBuffer()
    m.own = nn.Parameter([1.0])
    assert [n for n, _ in m.named_parameters(recurse=False)] == ["own"]
    assert [n for n, _ in m.named_buffers(recurse=False)] == ["count", "scratch"]


# -- containers ------------------------------------------------------------------------------
class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
        self.heads = nn.ModuleDict({"a": nn.Linear(2, 1), "b": nn.Linear(2, 4)})

    def forward(self, x, head="a"):
        for layer in self.layers:
            x = layer(x).tanh()
        return self.heads[head](x)


def test_module_list_and_dict_register_their_members(torch):
    m = Blocks()
    names = [n for n, _ in m.named_parameters()]
    assert names[:2] == ["layers.0.weight", "layers.0.bias"]
    assert names[-4:] == ["heads.a.weight", "heads.a.bias", "heads.b.weight", "heads.b.bias"]
    assert m(mg.Tensor(np.ones((5, 2))), "b").shape == (5, 4)

    class TorchBlocks(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = torch.nn.ModuleList([torch.nn.Linear(2, 2) for _ in range(3)])
            self.heads = torch.nn.ModuleDict({"a": torch.nn.Linear(2, 1),
                                              "b": torch.nn.Linear(2, 4)})
    copy_into(torch, TorchBlocks(), m)


def test_module_list_behaves_like_a_list():
    ml = nn.ModuleList([nn.ReLU()])
    ml.append(nn.Tanh()).extend([nn.Sigmoid()])
    ml.insert(0, nn.Identity())
    ml += [nn.ReLU()]
    assert [type(x).__name__ for x in ml] == ["Identity", "ReLU", "Tanh", "Sigmoid", "ReLU"]
    assert len(ml) == 5 and isinstance(ml[1:3], nn.ModuleList) and len(ml[1:3]) == 2
    ml[0] = nn.Linear(1, 1)
    del ml[1]
    assert [type(x).__name__ for x in ml][:2] == ["Linear", "Tanh"]
    with pytest.raises(TypeError, match="ReLU instead of ReLU()"):
        ml.append(nn.ReLU)
    with pytest.raises(NotImplementedError, match="loop over it"):
        ml(mg.Tensor([1.0]))


def test_module_dict_behaves_like_a_dict():
    md = nn.ModuleDict()
    md["x"] = nn.Linear(1, 2)
    md.update([("y", nn.ReLU())])
    assert list(md) == ["x", "y"] and "x" in md and len(md) == 2
    assert list(md.keys()) == ["x", "y"] and isinstance(list(md.values())[1], nn.ReLU)
    assert isinstance(md.pop("y"), nn.ReLU) and len(md) == 1
    with pytest.raises(KeyError, match=r"no module 'z'; its keys are \['x'\]"):
        md["z"]
    with pytest.raises(KeyError, match="without '.'"):
        md["a.b"] = nn.ReLU()
    md.clear()
    assert len(md) == 0 and list(md.parameters()) == []


# -- init ------------------------------------------------------------------------------------
def stats(fill, shape=(400, 300), **kwargs):
    t = nn.Parameter(np.zeros(shape))
    out = fill(t, rng=np.random.default_rng(1), **kwargs)
    assert out is t
    return t.data


def test_calculate_gain_matches_pytorch(torch):
    for name in ("linear", "conv2d", "sigmoid", "tanh", "relu", "selu"):
        assert init.calculate_gain(name) == pytest.approx(torch.nn.init.calculate_gain(name))
    for slope in (None, 0.2, math.sqrt(5)):
        assert init.calculate_gain("leaky_relu", slope) == pytest.approx(
            torch.nn.init.calculate_gain("leaky_relu", slope))
    with pytest.raises(ValueError, match="unsupported nonlinearity"):
        init.calculate_gain("swish")


def test_fans_match_pytorch(torch):
    for shape in [(5, 3), (8, 4, 3, 3), (6, 2, 5)]:
        t = mg.Tensor(np.zeros(shape))
        assert init._calculate_fan_in_and_fan_out(t) == \
            torch.nn.init._calculate_fan_in_and_fan_out(torch.zeros(shape))


def test_init_distributions_have_the_right_bounds_and_variances():
    fan_in, fan_out = 300, 400
    a = stats(init.uniform_, a=-2, b=3)
    assert a.min() >= -2 and a.max() < 3 and a.mean() == pytest.approx(0.5, abs=0.02)
    a = stats(init.normal_, mean=1, std=2)
    assert a.mean() == pytest.approx(1, abs=0.02) and a.std() == pytest.approx(2, rel=0.01)
    a = stats(init.trunc_normal_, std=1, a=-1, b=1.5)
    assert a.min() >= -1 and a.max() <= 1.5
    bound = math.sqrt(6 / (fan_in + fan_out))
    a = stats(init.xavier_uniform_, gain=2)
    assert np.abs(a).max() <= 2 * bound and np.abs(a).max() > 0.99 * 2 * bound
    assert a.var() == pytest.approx(4 * 2 / (fan_in + fan_out), rel=0.02)
    a = stats(init.xavier_normal_)
    assert a.std() == pytest.approx(math.sqrt(2 / (fan_in + fan_out)), rel=0.01)
    a = stats(init.kaiming_uniform_, nonlinearity="relu")
    assert np.abs(a).max() <= math.sqrt(6 / fan_in)
    assert a.var() == pytest.approx(2 / fan_in, rel=0.02)
    a = stats(init.kaiming_normal_, mode="fan_out", nonlinearity="relu")
    assert a.std() == pytest.approx(math.sqrt(2 / fan_out), rel=0.01)
    a = stats(init.kaiming_uniform_, a=math.sqrt(5))          # PyTorch's Linear/Conv default
    assert np.abs(a).max() <= 1 / math.sqrt(fan_in)
    assert np.all(init.constant_(nn.Parameter(np.zeros((2, 3))), 0.3).data == 0.3)


def test_init_fills_in_place_keeping_dtype_and_is_seeded():
    t = nn.Parameter(np.zeros((3, 4), dtype=np.float32))
    data = t.data
    init.kaiming_normal_(t)
    assert t.data is data and t.dtype == np.float32
    mg.manual_seed(3)
    a = init.normal_(nn.Parameter(np.zeros(5))).data.copy()
    mg.manual_seed(3)
    np.testing.assert_array_equal(init.normal_(nn.Parameter(np.zeros(5))).data, a)


def test_init_errors():
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        init.xavier_uniform_(nn.Parameter(np.zeros(3)))
    with pytest.raises(TypeError, match="expected a Tensor"):
        init.zeros_(np.zeros(3))
    with pytest.raises(ValueError, match="mode must be"):
        init.kaiming_uniform_(nn.Parameter(np.zeros((2, 2))), mode="fan")
    with pytest.raises(TypeError, match="floating-point"):
        init.ones_(mg.Tensor(np.zeros(2, dtype=np.int64)))


# -- gradient clipping -----------------------------------------------------------------------
def with_grads(values):
    params = [nn.Parameter(np.zeros(np.shape(v))) for v in values]
    for p, v in zip(params, values):
        p.grad = mg.Tensor(np.array(v, dtype=float))
    return params


@pytest.mark.parametrize("norm_type", [2.0, 1.0, 3.0, math.inf])
@pytest.mark.parametrize("max_norm", [0.5, 100.0])
def test_clip_grad_norm_matches_pytorch(torch, norm_type, max_norm):
    values = [rng.standard_normal((3, 2)), rng.standard_normal(4)]
    ours = with_grads(values)
    theirs = [torch.zeros(np.shape(v), dtype=torch.float64, requires_grad=True) for v in values]
    for t, v in zip(theirs, values):
        t.grad = torch.tensor(v)
    total = clip_grad_norm_(ours, max_norm, norm_type)
    their_total = torch.nn.utils.clip_grad_norm_(theirs, max_norm, norm_type)
    assert total.item() == pytest.approx(their_total.item(), rel=1e-12)
    for p, t in zip(ours, theirs):
        np.testing.assert_allclose(p.grad.data, t.grad.numpy(), rtol=1e-12)


def test_clip_grad_norm_by_hand_and_errors():
    p, q = with_grads([[3.0, 0.0], [4.0]])
    total = clip_grad_norm_([p, q], 1.0)
    assert total.item() == pytest.approx(5.0)
    np.testing.assert_allclose(np.concatenate([p.grad.data, q.grad.data]),
                               np.array([3.0, 0.0, 4.0]) / (5 + 1e-6))
    lone = nn.Parameter([1.0])
    assert clip_grad_norm_(lone, 1.0).item() == 0.0           # no gradient: nothing to clip
    bad, = with_grads([[np.inf, 1.0]])
    with pytest.raises(RuntimeError, match="total norm"):
        clip_grad_norm_(bad, 1.0, error_if_nonfinite=True)
    with pytest.raises(TypeError, match="iterable of tensors"):
        clip_grad_norm_(3, 1.0)


def test_clip_grad_value_matches_pytorch(torch):
    values = [rng.standard_normal((3, 2)) * 3]
    ours = with_grads(values)
    theirs = torch.zeros((3, 2), dtype=torch.float64, requires_grad=True)
    theirs.grad = torch.tensor(values[0])
    clip_grad_value_(ours, 1.5)
    torch.nn.utils.clip_grad_value_([theirs], 1.5)
    np.testing.assert_array_equal(ours[0].grad.data, theirs.grad.numpy())


# -- the rest of the everyday module API (issue 20) ---------------------------------------------
def test_to_and_float_cast_floating_parameters_and_buffers_in_place(torch):
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Linear(4, 2))
    weight = model[0].weight
    opt = mg.optim.SGD(model.parameters(), lr=0.1)
    model(mg.randn(5, 3)).sum().backward()
    assert model.to(mg.float32) is model
    assert weight is model[0].weight and weight.dtype == np.float32      # the same Parameter
    assert weight.grad.dtype == np.float32
    assert model[1].running_mean.dtype == np.float32
    assert model[1].num_batches_tracked.dtype == np.int64                # integers stay
    opt.step()                                                           # still the optimizer's
    out = model(mg.randn(5, 3, dtype=mg.float32))
    assert out.dtype == np.float32
    theirs = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.BatchNorm1d(4)).to(torch.float16)
    ours = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4)).to(mg.float16)
    for (n, a), (m, b) in zip(ours.state_dict().items(), theirs.state_dict().items()):
        assert n == m and str(a.dtype) == str(b.dtype).replace("torch.", ""), n
    assert model.double()[0].weight.dtype == np.float64
    assert model.float()[2].bias.dtype == np.float32
    assert model.half()[1].running_var.dtype == np.float16
    assert model.to("cpu", mg.float64) is model and model[0].weight.dtype == np.float64
    assert model.to(mg.zeros(1, dtype=mg.float32))[0].weight.dtype == np.float32
    assert model.to(device="cpu").cpu() is model
    state = copy_into(torch, torch.nn.Linear(2, 2), nn.Linear(2, 2).to(dtype=mg.float32))
    assert state.weight.dtype == torch.float64


def test_to_refuses_what_pytorch_refuses():
    layer = nn.Linear(2, 2)
    with pytest.raises(TypeError, match="only accepts floating-point dtypes"):
        layer.to(mg.int64)
    with pytest.raises(ValueError, match="device must be 'cpu'"):
        layer.to("cuda")
    with pytest.raises(TypeError, match="unexpected argument"):
        layer.to(mg.float32, copy=True)


def test_state_dict_prefix_keep_vars_and_destination(torch):
    ours = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
    theirs = copy_into(torch, torch.nn.Sequential(torch.nn.Linear(2, 3),
                                                  torch.nn.BatchNorm1d(3)), ours)
    assert list(ours.state_dict(prefix="net.")) == list(theirs.state_dict(prefix="net."))
    kept = ours.state_dict(keep_vars=True)
    assert kept["0.weight"] is ours[0].weight and kept["1.running_mean"] is ours[1].running_mean
    box = {"epoch": 3}
    assert ours.state_dict(destination=box, prefix="m.") is box and "m.1.running_var" in box
    with pytest.raises(TypeError, match="by name"):
        ours.state_dict({}, "m.")


def test_add_module_register_parameter_and_get_by_path(torch):
    for lib, T in ((nn, mg), (torch.nn, torch)):
        net = lib.Module()
        net.add_module("body", lib.Sequential(lib.Linear(2, 3), lib.BatchNorm1d(3)))
        net.register_module("head", lib.Linear(3, 1))
        net.register_parameter("scale", lib.Parameter(T.ones(1)))
        net.register_parameter("unused", None)
        names = [n for n, _ in net.named_parameters()]       # its own first, as PyTorch
        assert names == ["scale", "body.0.weight", "body.0.bias", "body.1.weight",
                         "body.1.bias", "head.weight", "head.bias"], lib
        assert net.get_submodule("body.1") is net.body[1]
        assert net.get_submodule("") is net
        assert net.get_parameter("head.bias") is net.head.bias
        assert tuple(net.get_buffer("body.1.running_mean").shape) == (3,)
    net = nn.Sequential(nn.Linear(2, 2))
    with pytest.raises(AttributeError, match="no sub-module '7'.*\\['0'\\]"):
        net.get_submodule("7")
    net = nn.Module()
    with pytest.raises(TypeError, match="not a Module"):
        net.add_module("x", nn.Linear)
    with pytest.raises(KeyError, match="without '.'"):
        net.add_module("a.b", nn.ReLU())
    with pytest.raises(TypeError, match="must be a Parameter"):
        net.register_parameter("w", mg.ones(2))
    with pytest.raises(AttributeError, match="no parameter 'w'"):
        net.get_parameter("w")


def test_sequential_of_an_ordered_dict_names_its_layers_as_pytorch(torch):
    from collections import OrderedDict

    def build(lib):
        return lib.Sequential(OrderedDict([("fc1", lib.Linear(2, 3)), ("act", lib.ReLU()),
                                           ("fc2", lib.Linear(3, 1))]))

    ours, theirs = build(nn), build(torch.nn)
    assert list(ours.state_dict()) == list(theirs.state_dict())
    copy_into(torch, theirs, ours)
    assert ours.fc2 is ours[2] and isinstance(ours.act, nn.ReLU)
    x = rng.standard_normal((4, 2))
    np.testing.assert_allclose(ours(mg.tensor(x)).data, theirs(torch.tensor(x)).detach().numpy(),
                               rtol=1e-12)
    assert list(ours[1:].state_dict()) == list(theirs[1:].state_dict()) == ["fc2.weight",
                                                                            "fc2.bias"]
    plain = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2))
    assert list(plain[2:].state_dict()) == list(
        torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(),
                            torch.nn.Linear(2, 2))[2:].state_dict())
    ours.add_module("out", nn.Sigmoid())
    assert len(ours) == 4 and ours.out is ours[3]
    with pytest.raises(AttributeError, match="no attribute 'fc9'"):
        ours.fc9
