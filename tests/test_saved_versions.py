"""Tensors that backward reads without differentiating them, version-checked as PyTorch does
(issue 20, item 3).

Targets of cross-entropy and nll_loss, the index of ``x[idx]``, of ``gather`` and of
``t[idx] = v``, an ``Embedding``'s ids, the mask of ``masked_fill`` and the condition of
``where``: backward reads them, so changing one in place between the forward pass and
``backward()`` (a label buffer reused while gradients accumulate, say) would silently give
the gradient of another computation.  PyTorch raises; so must minigrad.  Unchanged, or
changed only after backward, they are fine.
"""

import numpy as np
import pytest

import minigrad as mg

LOGITS = [[0.2, -1.0, 0.5], [1.5, 0.3, -0.7], [0.0, 0.4, 0.9], [-0.3, 0.8, 0.1]]


def _leaf(lib, data):
    return lib.tensor(data, dtype=lib.float64, requires_grad=True)


def _cross_entropy(lib, change):
    logits, target = _leaf(lib, LOGITS), lib.tensor([0, 1, 2, 1])
    loss = lib.nn.functional.cross_entropy(logits, target)
    change(target)
    return loss, logits


def _cross_entropy_options(lib, change):
    logits, target = _leaf(lib, LOGITS), lib.tensor([0, 1, 2, 1])
    loss = lib.nn.functional.cross_entropy(logits, target, label_smoothing=0.1,
                                           ignore_index=2)
    change(target)
    return loss, logits


def _nll(lib, change):
    logits, target = _leaf(lib, LOGITS), lib.tensor([2, 0, 1, 1])
    loss = lib.nn.functional.nll_loss(logits.log_softmax(1), target)
    change(target)
    return loss, logits


def _index(lib, change):
    w, idx = _leaf(lib, LOGITS), lib.tensor([0, 3, 3])
    out = (w[idx] * 2).sum()
    change(idx)
    return out, w


def _index_of_a_column(lib, change):
    w, idx = _leaf(lib, LOGITS), lib.tensor([2, 0])
    out = (w[:, idx] ** 2).sum()
    change(idx)
    return out, w


def _gather(lib, change):
    w, idx = _leaf(lib, LOGITS), lib.tensor([[0], [2], [1], [1]])
    out = w.gather(1, idx).sum()
    change(idx)
    return out, w


def _embedding(lib, change):
    lib.manual_seed(0)
    emb, ids = lib.nn.Embedding(5, 2), lib.tensor([[0, 4], [4, 1]])
    out = emb(ids).sum()
    change(ids)
    return out, emb.weight


def _index_put(lib, change):
    x, idx = _leaf(lib, [1.0, -2.0]), lib.tensor([3, 0])
    buf = lib.zeros(4, dtype=lib.float64)
    buf[idx] = x * 3
    change(idx)
    return (buf * lib.arange(4.0, dtype=lib.float64)).sum(), x


def _masked_fill(lib, change):
    w = _leaf(lib, LOGITS)
    mask = w > 0.3
    out = w.masked_fill(mask, 0.0).sum()
    change(mask)
    return out, w


def _where(lib, change):
    w = _leaf(lib, LOGITS)
    cond = w > 0.3
    out = lib.where(cond, w, w * 2).sum()
    change(cond)
    return out, w


CASES = {"cross_entropy target": _cross_entropy,
         "cross_entropy target (ignore_index, label_smoothing)": _cross_entropy_options,
         "nll_loss target": _nll, "x[idx] index": _index, "x[:, idx] index": _index_of_a_column,
         "gather index": _gather, "Embedding ids": _embedding, "t[idx] = v index": _index_put,
         "masked_fill mask": _masked_fill, "where condition": _where}


def _change(t):
    """Change ``t`` in place, keeping it valid for its use: 0 <-> 1 (or not) in its first
    element."""
    flat = t.reshape(-1)
    flat[0] = (not flat[0].item()) if str(t.dtype).endswith("bool") else 1 - flat[0].item()


@pytest.mark.parametrize("name", list(CASES))
def test_changed_in_place_before_backward_is_refused_as_in_pytorch(torch, name):
    build = CASES[name]
    loss, _ = build(torch, _change)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()
    loss, _ = build(mg, _change)
    with pytest.raises(RuntimeError, match="not one of its inputs.*changed in place after "
                                           "the forward pass"):
        loss.backward()


@pytest.mark.parametrize("name", list(CASES))
def test_unchanged_or_changed_after_backward_gives_pytorchs_gradient(torch, name):
    build = CASES[name]
    grads = []
    for lib in (mg, torch):
        loss, leaf = build(lib, lambda t: None)
        loss.backward()
        grads.append(np.array(leaf.grad.detach().numpy() if lib is torch else leaf.grad.data))
    np.testing.assert_allclose(grads[0], grads[1], rtol=1e-12, atol=1e-12)


def test_an_index_given_as_an_array_or_a_list_is_copied():
    """PyTorch turns an array or a list into a tensor of its own; minigrad copies it, so a
    later change to the caller's array cannot reach backward either."""
    w = mg.Tensor(LOGITS, requires_grad=True)
    idx = np.array([0, 3, 3])
    out = (w[idx] * 2).sum() + (w[:, [1, 1]]).sum()
    target, column = np.array([0, 2, 2, 1]), np.array([[1], [0], [0], [2]])
    out = out + mg.nn.functional.cross_entropy(w, target) + w.gather(1, column).sum()
    idx[:], target[:], column[:] = 1, 0, 0
    out.backward()
    reference = mg.Tensor(LOGITS, requires_grad=True)
    ((reference[np.array([0, 3, 3])] * 2).sum() + reference[:, [1, 1]].sum()
     + mg.nn.functional.cross_entropy(reference, np.array([0, 2, 2, 1]))
     + reference.gather(1, np.array([[1], [0], [0], [2]])).sum()).backward()
    np.testing.assert_array_equal(w.grad.data, reference.grad.data)
