"""The op contract, checked for every fused op of the layers (one table drives every check):

* backward keeps no Tensor alive: its closure holds NumPy arrays and plain values only
  (a graph holds only what backward uses, as PyTorch's saved tensors);
* float32 stays float32: output and every gradient;
* an input that does not require grad gets no gradient (and none is computed for it);
* an infinite upstream gradient does not become nan where PyTorch stays finite.
"""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F

rng = np.random.default_rng(0)


def arr(*shape):
    return rng.standard_normal(shape)


# name -> (function of tensors, the input arrays)
OPS = {
    "conv2d": (lambda x, w, b: F.conv2d(x, w, b, 2, 1, groups=2),
               [arr(2, 4, 6, 6), arr(4, 2, 3, 3), arr(4)]),
    "conv1d": (lambda x, w, b: F.conv1d(x, w, b, padding="same"), [arr(2, 3, 7), arr(2, 3, 3),
                                                                   arr(2)]),
    "pad reflect": (lambda x: F.pad(x, (1, 2, 2, 1), "reflect"), [arr(2, 3, 4, 4)]),
    "pad constant": (lambda x: F.pad(x, (1, -1)), [arr(2, 3, 4)]),
    "max_pool2d": (lambda x: F.max_pool2d(x, 3, 2, 1), [arr(2, 3, 7, 6)]),
    "avg_pool2d": (lambda x: F.avg_pool2d(x, 2, 1, 1), [arr(2, 3, 5, 5)]),
    "adaptive_avg_pool2d": (lambda x: F.adaptive_avg_pool2d(x, (3, 2)), [arr(2, 3, 7, 5)]),
    "batch_norm": (lambda x, w, b: F.batch_norm(x, None, None, w, b, True),
                   [arr(4, 3, 2), arr(3), arr(3)]),
    "layer_norm": (lambda x, w, b: F.layer_norm(x, 5, w, b), [arr(3, 5), arr(5), arr(5)]),
    "leaky_relu": (lambda x: F.leaky_relu(x, 0.1), [arr(3, 4)]),
    "gelu": (F.gelu, [arr(3, 4)]),
    "silu": (F.silu, [arr(3, 4)]),
    "cross_entropy options": (lambda z: F.cross_entropy(z, np.array([0, 2, -100]),
                                                        mg.tensor([1.0, 2.0, 0.5], dtype=z.dtype),
                                                        label_smoothing=0.1), [arr(3, 3)]),
    "nll_loss": (lambda z: F.nll_loss(z, np.array([0, 2, 1])), [arr(3, 3)]),
    "bce with logits": (lambda z, t: F.binary_cross_entropy_with_logits(z, t),
                        [arr(3, 2), rng.random((3, 2))]),
    "huber_loss": (lambda a, b: F.huber_loss(a, b, "none"), [arr(3, 2), arr(3, 2)]),
    "sdpa": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
             [arr(2, 4, 3), arr(2, 4, 3), arr(2, 4, 5)]),
    "lstm": (lambda x: nn.LSTM(3, 4, rng=np.random.default_rng(0), dtype=x.dtype)(x)[0],
             [arr(5, 2, 3)]),
    "gru": (lambda x: nn.GRU(3, 4, rng=np.random.default_rng(0), dtype=x.dtype)(x)[0],
            [arr(5, 2, 3)]),
    # the rest of the everyday API (issue 20)
    "group_norm": (lambda x, w, b: F.group_norm(x, 2, w, b), [arr(3, 4, 5), arr(4), arr(4)]),
    "kl_div": (lambda a, b: F.kl_div(a, b, reduction="batchmean"),
               [arr(3, 4), np.abs(arr(3, 4)) / 4]),
    "embedding": (lambda w: F.embedding(mg.tensor([[0, 2], [2, 2]]), w, padding_idx=0,
                                        scale_grad_by_freq=True), [arr(3, 4)]),
    "cumprod": (lambda x: x.cumprod(1), [arr(3, 4)]),
    "vector_norm": (lambda x: mg.linalg.vector_norm(x, 3, dim=1), [arr(3, 4)]),
    "matrix_norm nuc": (lambda x: mg.linalg.matrix_norm(x, "nuc"), [arr(2, 3, 4)]),
    "backward hooks": (lambda x: _hooked(nn.Linear(4, 2, dtype=x.dtype,
                                                   rng=np.random.default_rng(0)), x),
                       [arr(3, 4)]),
}


def _hooked(layer, x):
    layer.register_full_backward_hook(lambda m, gi, go: (gi[0] * 2,))
    return layer(x)


def tensors(arrays, dtype=np.float64, need=None):
    need = need or [True] * len(arrays)
    return [mg.Tensor(a.astype(dtype), requires_grad=n) for a, n in zip(arrays, need)]


def graph_nodes(out):
    return [t for t in mg.topological_order(out) if t._backward is not None]


def closure_values(fn):
    """Everything a backward function can reach through its closure (one level into
    lists, tuples and dicts, and into nested functions)."""
    seen, stack, values = set(), [fn], []
    while stack:
        f = stack.pop()
        if id(f) in seen or not callable(f) or not getattr(f, "__closure__", None):
            continue
        seen.add(id(f))
        for cell in f.__closure__:
            try:
                v = cell.cell_contents
            except ValueError:          # an empty cell
                continue
            items = list(v.values()) if isinstance(v, dict) else \
                list(v) if isinstance(v, (list, tuple)) else [v]
            values += items
            stack += [i for i in items if callable(i) and hasattr(i, "__closure__")]
    return values


@pytest.mark.parametrize("name", list(OPS))
def test_backward_keeps_no_tensor_alive(name):
    fn, arrays = OPS[name]
    out = fn(*tensors(arrays))
    for node in graph_nodes(out):
        held = [type(v).__name__ for v in closure_values(node._backward) if isinstance(v, mg.Tensor)]
        assert not held, f"{name}: the backward of '{node.op}' keeps {held} alive"


@pytest.mark.parametrize("name", list(OPS))
def test_float32_stays_float32(name):
    fn, arrays = OPS[name]
    inputs = tensors(arrays, np.float32)
    out = fn(*inputs)
    assert out.dtype == np.float32, f"{name} returned {out.dtype}"
    out.backward(np.ones(out.shape, dtype=np.float32))
    for i, t in enumerate(inputs):
        assert t.grad is not None and t.grad.dtype == np.float32, f"{name}: input {i}"


@pytest.mark.parametrize("name", list(OPS))
def test_inputs_without_requires_grad_get_no_gradient(name):
    fn, arrays = OPS[name]
    for frozen in range(len(arrays)):
        need = [i != frozen for i in range(len(arrays))]
        if not any(need):
            continue
        inputs = tensors(arrays, need=need)
        out = fn(*inputs)
        out.backward(np.ones(out.shape))
        assert inputs[frozen].grad is None
        assert all(t.grad is not None for t, n in zip(inputs, need) if n)


@pytest.mark.parametrize("name, fn, theirs, shape", [
    ("max_pool2d", lambda x: F.max_pool2d(x, 2), lambda T, x: T.nn.functional.max_pool2d(x, 2),
     (1, 1, 4, 4)),
    ("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, 2),
     lambda T, x: T.nn.functional.adaptive_avg_pool2d(x, 2), (1, 1, 5, 4)),
    ("avg_pool2d", lambda x: F.avg_pool2d(x, 2), lambda T, x: T.nn.functional.avg_pool2d(x, 2),
     (1, 1, 4, 4)),
    ("pad reflect", lambda x: F.pad(x, (1, 1, 2, 1), "reflect"),
     lambda T, x: T.nn.functional.pad(x, (1, 1, 2, 1), "reflect"), (1, 1, 4, 4)),
    ("leaky_relu", F.leaky_relu, lambda T, x: T.nn.functional.leaky_relu(x), (1, 1, 4, 4)),
])
def test_an_infinite_gradient_stays_where_pytorch_keeps_it(torch, name, fn, theirs, shape):
    x = arr(*shape)
    ours, ref = mg.Tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    out, tout = fn(ours), theirs(torch, ref)
    g = np.zeros(out.shape)
    g.flat[0] = np.inf
    out.backward(g)
    tout.backward(torch.tensor(g))
    np.testing.assert_array_equal(np.isnan(ours.grad.data), np.isnan(ref.grad.numpy()))
    np.testing.assert_allclose(ours.grad.data, ref.grad.numpy(), rtol=1e-12)


def test_an_infinite_input_does_not_spread_through_adaptive_pooling(torch):
    x = arr(1, 1, 6, 6)
    x[0, 0, 0, 0] = np.inf
    ours = F.adaptive_avg_pool2d(mg.Tensor(x), 3).data
    np.testing.assert_allclose(ours, torch.nn.functional.adaptive_avg_pool2d(
        torch.tensor(x), 3).numpy(), rtol=1e-12)           # inf in one window only, no nan


def test_the_closure_check_catches_a_backward_that_keeps_a_tensor():
    from minigrad.autograd import record

    x = mg.Tensor([1.0, 2.0], requires_grad=True)

    def backward(g):
        return (g * x.data,)               # reads x through the tensor: keeps x alive

    out = record(x.data * 2, (x,), backward, "leaky")
    assert any(isinstance(v, mg.Tensor) for v in closure_values(out._backward))


@pytest.mark.parametrize("name", list(OPS))
def test_backward_reads_no_input_it_did_not_declare_saved(name, monkeypatch):
    """Change, in place after the forward pass, every leaf input that no op declared in
    ``saved`` (and that shares no memory with one that did): the gradients must not move.
    This is what lets the engine check only the declared tensors for in-place changes."""
    import sys

    from minigrad import autograd

    declared = []
    real = autograd.record

    def spy(data, inputs, backward, op, saved=(), saves_output=False):
        declared.extend(saved)
        return real(data, inputs, backward, op, saved=saved, saves_output=saves_output)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("minigrad") and \
                getattr(module, "record", None) is real:
            monkeypatch.setattr(module, "record", spy)
    fn, arrays = OPS[name]

    def gradients(mutate: bool):
        declared.clear()
        inputs = tensors(arrays)
        out = fn(*inputs)
        if mutate:
            for t in inputs:
                if not any(np.shares_memory(t.data, d.data) for d in declared):
                    t.data *= 1.7          # in place: a backward that read it would change
        out.backward(np.ones(out.shape))
        return [t.grad.data.copy() for t in inputs]

    for before, after in zip(gradients(False), gradients(True)):
        np.testing.assert_array_equal(before, after)
