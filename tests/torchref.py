"""Comparing minigrad with PyTorch: the same computation on float64 copies of the same
numbers, forward values and every gradient, to 1e-10 (tests take the ``torch`` fixture
from ``conftest.py``, i.e. ``needs_torch.require_torch``: skipped without PyTorch, a
failure in CI).

``compare(torch, ours, theirs, arrays, grad=...)`` runs ``ours(*tensors)`` on minigrad
tensors and ``theirs(*tensors)`` on torch tensors made from the same arrays, sends the
same random upstream gradient back through each output, and checks outputs and the
gradients of every input marked in ``grad``.  ``copy_into(torch_module, our_module)``
loads our module's state_dict into the torch module (checking the names and their
order agree), and ``compare_parameter_grads`` checks every parameter's gradient.
"""

import numpy as np

import minigrad as mg

TOL = dict(rtol=1e-10, atol=1e-10)


def _outputs(result):
    return list(result) if isinstance(result, (tuple, list)) else [result]


def compare(torch, ours, theirs, arrays, grad=None, seed=0, tol=TOL, what=""):
    grad = [True] * len(arrays) if grad is None else grad
    mine = [mg.Tensor(np.array(a), requires_grad=bool(g and np.asarray(a).dtype.kind == "f"))
            for a, g in zip(arrays, grad)]
    ref = [torch.tensor(np.array(a), requires_grad=bool(g and np.asarray(a).dtype.kind == "f"))
           for a, g in zip(arrays, grad)]
    out_m, out_t = _outputs(ours(*mine)), _outputs(theirs(*ref))
    assert len(out_m) == len(out_t), what
    rng = np.random.default_rng(seed)
    loss_m = loss_t = 0
    for i, (a, b) in enumerate(zip(out_m, out_t)):
        np.testing.assert_allclose(a.data, b.detach().numpy(), **tol,
                                   err_msg=f"{what}: output {i} differs from PyTorch's")
        if b.requires_grad:
            w = rng.standard_normal(b.shape)
            loss_m = loss_m + (a * mg.Tensor(w)).sum()
            loss_t = loss_t + (b * torch.tensor(w)).sum()
    if isinstance(loss_t, int):
        return out_m, out_t
    loss_m.backward()
    loss_t.backward()
    for i, (a, b) in enumerate(zip(mine, ref)):
        if b.requires_grad:
            assert (a.grad is None) == (b.grad is None), f"{what}: input {i}'s grad"
            if b.grad is not None:
                np.testing.assert_allclose(a.grad.data, b.grad.numpy(), **tol,
                                           err_msg=f"{what}: gradient of input {i} differs")
    return out_m, out_t


def copy_into(torch, theirs, ours):
    """Load our module's state into PyTorch's (float64), checking names and order agree."""
    state = ours.state_dict()
    theirs.double()
    assert list(state) == list(theirs.state_dict()), (list(state), list(theirs.state_dict()))
    theirs.load_state_dict({k: torch.tensor(v) for k, v in state.items()})
    return theirs


def compare_parameter_grads(ours, theirs, tol=TOL):
    by_name = dict(theirs.named_parameters())
    for name, p in ours.named_parameters():
        q = by_name[name]
        assert (p.grad is None) == (q.grad is None), name
        if p.grad is not None:
            np.testing.assert_allclose(p.grad.data, q.grad.numpy(), **tol,
                                       err_msg=f"gradient of {name} differs from PyTorch's")


class default_float64:
    """``with default_float64(torch):`` PyTorch with minigrad's default float dtype, float64,
    so that where PyTorch's rules say "the default dtype" (``int_tensor.exp()``,
    ``int_tensor / 2``, ``int_tensor + 0.5``) both mean the same dtype."""

    def __init__(self, torch):
        self.torch = torch

    def __enter__(self):
        self.old = self.torch.get_default_dtype()
        self.torch.set_default_dtype(self.torch.float64)

    def __exit__(self, *exc):
        self.torch.set_default_dtype(self.old)
        return False
