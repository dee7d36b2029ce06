"""Module hooks with PyTorch's signatures and rules: forward pre-hooks and hooks (their
return values, ``with_kwargs``, ``prepend``, ``always_call``), full backward hooks and
pre-hooks (what ``grad_input`` and ``grad_output`` hold, replacing them), and handles.
Each behaviour is run side by side with PyTorch on the same module and numbers."""

import warnings

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from torchref import copy_into

rng = np.random.default_rng(7)


def arrays(*shapes):
    return [rng.standard_normal(s) for s in shapes]


def as_list(grads):
    """A hook's gradients as arrays (None kept), from either library."""
    out = []
    for g in grads:
        if g is None:
            out.append(None)
        else:
            out.append(np.array(g.detach().numpy() if hasattr(g, "detach") else g.data))
    return out


def assert_same(mine, theirs):
    assert len(mine) == len(theirs)
    for a, b in zip(mine, theirs):
        assert (a is None) == (b is None)
        if a is not None:
            assert a.dtype.kind == b.dtype.kind
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def both(torch, make):
    """The same module in both libraries (``make(nn)``), with the same weights."""
    ours = make(nn)
    theirs = make(torch.nn)
    if list(ours.parameters()):
        copy_into(torch, theirs, ours)
    return ours, theirs


# -- forward hooks ---------------------------------------------------------------------------
def test_forward_pre_hook_replaces_arguments_as_in_pytorch(torch):
    for lib, T in ((nn, mg), (torch.nn, torch)):
        layer = lib.Identity()
        calls = []
        h1 = layer.register_forward_pre_hook(lambda m, args: calls.append("a") or args[0] * 2)
        layer.register_forward_pre_hook(lambda m, args: calls.append("b") or (args[0] + 1,))
        layer.register_forward_pre_hook(lambda m, args: calls.append("first"), prepend=True)
        assert float(layer(T.tensor(1.0))) == 3.0          # (1 * 2) + 1, a non-tuple wrapped
        assert calls == ["first", "a", "b"]
        h1.remove()
        h1.remove()                                          # twice is harmless
        assert float(layer(T.tensor(1.0))) == 2.0


def test_forward_hooks_see_and_replace_the_output_as_in_pytorch(torch):
    ours, theirs = both(torch, lambda lib: lib.Sequential(lib.Linear(4, 3), lib.ReLU(),
                                                          lib.Linear(3, 2)))
    seen = {}
    for name, model in (("mg", ours), ("th", theirs)):
        def keep(m, args, out, name=name):           # returns None: the output stays
            seen[name] = as_list([args[0], out])
        model[1].register_forward_hook(keep)
        model[2].register_forward_hook(lambda m, args, out: out * 0 + 1)
    x = rng.standard_normal((5, 4))
    out_m, out_t = ours(mg.tensor(x)), theirs(torch.tensor(x))
    assert_same(seen["mg"], seen["th"])
    np.testing.assert_array_equal(out_m.data, out_t.detach().numpy())       # replaced: ones


def test_hooks_with_kwargs(torch):
    class Scale:
        def __init__(self, lib):
            class M(lib.Module):
                def forward(self, x, scale=1.0):
                    return x * scale
            self.module = M()

    for lib, T in ((nn, mg), (torch.nn, torch)):
        m = Scale(lib).module
        m.register_forward_pre_hook(lambda mod, args, kwargs: (args, {"scale": 3.0}),
                                    with_kwargs=True)
        got = []
        m.register_forward_hook(lambda mod, args, kwargs, out: got.append(kwargs["scale"]),
                                with_kwargs=True)
        assert float(m(T.tensor(2.0), scale=10.0)) == 6.0 and got == [3.0]
        m.register_forward_pre_hook(lambda mod, args, kwargs: "oops", with_kwargs=True)
        with pytest.raises(RuntimeError, match="pre-hook.*must return None or a"):
            m(T.tensor(2.0))


def test_always_call_runs_the_hook_when_forward_raises(torch):
    for lib, T in ((nn, mg), (torch.nn, torch)):
        layer = lib.Linear(2, 2)
        called = []
        layer.register_forward_hook(lambda m, a, o: called.append("always"), always_call=True)
        layer.register_forward_hook(lambda m, a, o: called.append("normal"))
        with pytest.raises(Exception):
            layer(T.zeros(3, 5))                              # the wrong width
        assert called == ["always"]


def test_handle_is_a_context_manager_and_hooks_are_per_instance():
    a, b = nn.Linear(2, 2), nn.Linear(2, 2)
    with a.register_forward_hook(lambda m, args, out: out * 0) as handle:
        assert np.all(a(mg.ones(1, 2)).data == 0)
        assert not b._forward_hooks                            # b has none of a's hooks
    assert handle.id not in a._forward_hooks
    assert np.any(a(mg.ones(1, 2)).data != 0)


def test_a_module_without_hooks_calls_forward_directly():
    layer = nn.Linear(2, 2)
    assert type(layer).__call__ is nn.Module.__call__
    assert not (layer._forward_hooks or layer._backward_hooks)
    with pytest.raises(TypeError, match="hook must be a function"):
        layer.register_forward_hook("not a function")


# -- full backward hooks ------------------------------------------------------------------
def record_backward(module, store):
    def hook(m, grad_input, grad_output):
        store.append((as_list(grad_input), as_list(grad_output)))
    return module.register_full_backward_hook(hook)


def test_backward_hook_of_linear_matches_pytorch(torch):
    ours, theirs = both(torch, lambda lib: lib.Linear(3, 2))
    seen_m, seen_t = [], []
    record_backward(ours, seen_m)
    record_backward(theirs, seen_t)
    x = rng.standard_normal((4, 3))
    w = rng.standard_normal((4, 2))
    (ours(mg.tensor(x, requires_grad=True)) * mg.tensor(w)).sum().backward()
    (theirs(torch.tensor(x, requires_grad=True)) * torch.tensor(w)).sum().backward()
    assert len(seen_m) == len(seen_t) == 1
    for mine, their in zip(seen_m[0], seen_t[0]):
        assert_same(mine, their)


class TwoInOut:
    """forward(a, b, k) -> (a * b, a + 1): two tensor inputs, a keyword, two outputs."""

    def __init__(self, lib):
        class M(lib.Module):
            def forward(self, a, b, scale=1, k=None):
                return a * b * scale, a + 1
        self.module = M()


@pytest.mark.parametrize("b_grad", [False, True])
@pytest.mark.parametrize("use", ["first", "second", "both"])
def test_backward_hook_grad_input_and_grad_output_follow_pytorch(torch, b_grad, use):
    a, b = arrays((3,), (3,))
    seen = {}
    for name, lib, T in (("mg", nn, mg), ("th", torch.nn, torch)):
        m = TwoInOut(lib).module
        store = seen.setdefault(name, [])
        record_backward(m, store)
        ta, tb = T.tensor(a, requires_grad=True), T.tensor(b, requires_grad=b_grad)
        y, z = m(ta, tb, 2, k=T.tensor(1.0))
        loss = {"first": y.sum(), "second": (z * 3).sum(), "both": (y * z).sum()}[use]
        loss.backward()
    assert len(seen["mg"]) == len(seen["th"]) == 1
    for mine, their in zip(seen["mg"][0], seen["th"][0]):
        assert_same(mine, their)      # zeros for b when it needs no grad, None for 2, None
                                      # for an output no gradient reached


def test_backward_hook_sees_integer_inputs_as_zeros_like_pytorch(torch):
    seen = {}
    for name, lib, T in (("mg", nn, mg), ("th", torch.nn, torch)):
        class Pick(lib.Module):
            def forward(self, ids, x):
                return x[ids] * 2
        m = Pick()
        record_backward(m, seen.setdefault(name, []))
        x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
        m(T.tensor([0, 0]), x).sum().backward()
    for mine, their in zip(seen["mg"][0], seen["th"][0]):
        assert_same(mine, their)


def test_backward_hook_can_replace_grad_input(torch):
    results = []
    for lib, T in ((nn, mg), (torch.nn, torch)):
        layer = lib.Linear(3, 2)
        with T.no_grad():
            layer.weight.copy_(T.tensor(np.arange(6.0).reshape(2, 3)))
        layer.register_full_backward_hook(lambda m, gi, go: (gi[0] * 10,))
        layer.register_full_backward_hook(lambda m, gi, go: (gi[0] + 1,))   # sees the 10×
        x = T.ones(2, 3, requires_grad=True)
        layer(x).sum().backward()
        results.append((as_list([x.grad]), as_list([layer.weight.grad])))
    assert_same(results[0][0], results[1][0])
    assert_same(results[0][1], results[1][1])       # the parameters' gradients are untouched


def test_backward_pre_hook_can_replace_grad_output(torch):
    results = []
    for layer, T in zip(both(torch, lambda lib: lib.Linear(3, 1)), (mg, torch)):
        layer.register_full_backward_pre_hook(lambda m, go: (go[0] * 0 + 2,))
        x = T.ones(2, 3, requires_grad=True, dtype=T.float64)
        layer(x).sum().backward()
        results.append(as_list([x.grad, layer.bias.grad]))
    assert_same(results[0], results[1])
    np.testing.assert_array_equal(results[0][1], [4.0])


def test_backward_hook_with_no_input_requiring_grad_warns_and_sees_none(torch):
    for lib, T in ((nn, mg), (torch.nn, torch)):
        layer = lib.Linear(2, 1)
        seen = []
        layer.register_full_backward_hook(lambda m, gi, go: seen.append((gi, go[0].shape)))
        with pytest.warns(UserWarning, match="(?i)full backward hook"):
            layer(T.ones(3, 2)).sum().backward()
        assert seen[0][0] == (None,) and tuple(seen[0][1]) == (3, 1)
        layer.register_full_backward_hook(lambda m, gi, go: (T.ones(3, 2),))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(RuntimeError, match="(?i)should always return None|must return "
                                                   "None"):
                layer(T.ones(3, 2)).sum().backward()


def test_backward_hook_errors():
    layer = nn.Linear(2, 1)
    layer.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
    with pytest.raises(RuntimeError, match="returned 2 gradient\\(s\\) but the module has 1"):
        layer(mg.ones(1, 2, requires_grad=True)).sum().backward()
    other = nn.Linear(2, 1)
    other.register_full_backward_hook(lambda m, gi, go: (mg.ones(5),))
    with pytest.raises(RuntimeError, match="shape \\(5,\\) for entry 0, which has shape "
                                           "\\(1, 2\\)"):
        other(mg.ones(1, 2, requires_grad=True)).sum().backward()
    third = nn.Linear(2, 1)
    third.register_full_backward_hook(lambda m, gi, go: (np.ones((1, 2)),))
    with pytest.raises(TypeError, match="returned a ndarray for entry 0"):
        third(mg.ones(1, 2, requires_grad=True)).sum().backward()


def test_backward_hook_on_a_recurrent_layer_and_twice_with_retain_graph(torch):
    ours, theirs = both(torch, lambda lib: lib.LSTM(3, 4, batch_first=True))
    seen_m, seen_t = [], []
    record_backward(ours, seen_m)
    record_backward(theirs, seen_t)
    x = rng.standard_normal((2, 5, 3))
    out_m, _ = ours(mg.tensor(x, requires_grad=True))
    out_t, _ = theirs(torch.tensor(x, requires_grad=True))
    for _ in range(2):
        out_m.sum().backward(retain_graph=True)
        out_t.sum().backward(retain_graph=True)
    assert len(seen_m) == len(seen_t) == 2
    for step in range(2):
        for mine, their in zip(seen_m[step], seen_t[step]):
            assert_same(mine, their)     # grad_output: (out's gradient, None for the (h, c))


def test_removing_a_backward_hook_stops_it():
    layer = nn.Linear(2, 1)
    seen = []
    handle = layer.register_full_backward_hook(lambda m, gi, go: seen.append(1))
    layer(mg.ones(1, 2, requires_grad=True)).sum().backward()
    handle.remove()
    out = layer(mg.ones(1, 2, requires_grad=True))
    assert out.op == "linear"                 # no identity ops are added any more
    out.sum().backward()
    assert seen == [1]
