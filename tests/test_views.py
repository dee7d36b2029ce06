"""Views and in-place changes, against PyTorch 2.13 (issue 20, item 1).

Each idiom is written once, as a function of ``lib`` (``minigrad`` or ``torch``, which
share the names used here), and run on both: the values it returns (tensors, gradients,
flags) must be equal.  Where PyTorch refuses (a leaf changed in place, one of several
views, an expanded tensor …), minigrad must refuse too, with a message that says why.
The machinery is ``minigrad/views.py``.
"""

import numpy as np
import pytest

import minigrad as mg


def _plain(x):
    """What an idiom returned, as NumPy arrays and Python values, comparable across libs."""
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    if isinstance(x, mg.Tensor):
        return np.array(x.detach().data)
    if type(x).__module__.startswith("torch"):
        if hasattr(x, "detach"):
            return x.detach().numpy().copy()
        return tuple(x)                                   # a torch.Size
    return x


def same(torch, fn):
    """``fn(minigrad)`` and ``fn(torch)`` return equal things."""
    ours, theirs = _plain(fn(mg)), _plain(fn(torch))
    _assert_equal(ours, theirs)
    return ours


def _assert_equal(ours, theirs, where="result"):
    if isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (where, ours, theirs)
        for k, (a, b) in enumerate(zip(ours, theirs)):
            _assert_equal(a, b, f"{where}[{k}]")
    elif isinstance(theirs, np.ndarray):
        assert np.shape(ours) == theirs.shape, (where, np.shape(ours), theirs.shape)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12, err_msg=where)
    else:
        assert ours == theirs, (where, ours, theirs)


def refused(torch, fn, match, error=RuntimeError):
    """PyTorch raises on ``fn``, and so does minigrad, with a message matching ``match``."""
    with pytest.raises(RuntimeError):
        fn(torch)
    with pytest.raises(error, match=match):
        fn(mg)


def f64(lib, data, grad=False):
    return lib.tensor(data, dtype=lib.float64, requires_grad=grad)


def version(t):
    return t.version if isinstance(t, mg.Tensor) else t._version


X = [1.0, -2.0, 3.0, 0.5, -1.5, 2.5]
W = [0.3, -1.1, 0.7, 2.0, -0.4, 1.3]


# -- the idioms of the issue, literally ------------------------------------------------------
def test_an_item_of_a_row_assigned(torch):
    def fn(lib):
        t = lib.zeros(3, 4)
        t[0][1] = 5
        return t, version(t)
    assert same(torch, fn)[0][0, 1] == 5


def test_a_slice_multiplied_in_place(torch):
    def fn(lib):
        x = lib.arange(6.0)
        x[1:3].mul_(10)
        return x
    assert same(torch, fn).tolist() == [0, 10, 20, 3, 4, 5]


def test_rows_multiplied_while_iterating(torch):
    def fn(lib):
        t = lib.arange(6.0).reshape(2, 3)
        for row in t:
            row.mul_(2)
        return t, version(t)
    assert same(torch, fn)[0].tolist() == [[0, 2, 4], [6, 8, 10]]


def test_padding_row_zeroed_under_no_grad(torch):
    def fn(lib):
        lib.manual_seed(0)
        emb = lib.nn.Embedding(4, 3)
        before, start = emb.weight.detach().clone(), version(emb.weight)
        with lib.no_grad():
            emb.weight[0].zero_()
        out = emb(lib.tensor([0, 2, 0]))
        out.sum().backward()
        return (emb.weight[0], bool((emb.weight[1:] == before[1:]).all()),
                version(emb.weight) - start, emb.weight.is_leaf, emb.weight.grad)
    assert same(torch, fn)[0].tolist() == [0, 0, 0]


def test_writes_through_the_base_show_in_its_views(torch):
    def fn(lib):
        t = lib.arange(6.0).reshape(2, 3)
        column, row = t[:, 1], t[1]
        t.mul_(10)
        t[1, 2] = -1
        return column, row, version(column), version(row)
    same(torch, fn)


def test_idioms_of_pytorchs_tutorials(torch):
    """The 60-minute blitz and 'Learn the basics': a column set to 0, the NumPy bridge in
    both directions, a hand-written SGD step and zeroing gradients in place."""
    def fn(lib):
        t = lib.ones(4, 4)
        t[:, 1] = 0
        n = t.numpy()
        t.add_(1)                                     # the array sees it ...
        a = np.ones(3)
        b = lib.from_numpy(a)
        np.add(a, 1, out=a)                           # ... and the tensor sees this
        w = f64(lib, [[0.5, -1.0], [2.0, 0.25]], grad=True)
        x = f64(lib, [[1.0, 2.0], [3.0, -1.0]])
        (x @ w).pow(2).sum().backward()
        with lib.no_grad():
            w -= 0.1 * w.grad
            w[0, 0] = 1.0
        grad = w.grad.clone()
        w.grad.zero_()
        return t, n.copy(), b, w, grad, w.grad, version(w)
    same(torch, fn)


# -- which functions return views: the same as PyTorch's --------------------------------------
TAKES = {
    "t[1]": lambda lib, t: t[1],
    "t[0:1]": lambda lib, t: t[0:1],
    "t[:, 1]": lambda lib, t: t[:, 1],
    "t[..., None]": lambda lib, t: t[..., None],
    "t[None]": lambda lib, t: t[None],
    "t[1, ::2, -1]": lambda lib, t: t[1, ::2, -1],
    "t[1][2][3] (0-d)": lambda lib, t: t[1][2][3],
    "t[...]": lambda lib, t: t[...],
    "t[[0, 1]] (advanced)": lambda lib, t: t[[0, 1]],
    "t[t > 5] (mask)": lambda lib, t: t[t > 5],
    "t[0, [1, 2]] (mixed)": lambda lib, t: t[0, [1, 2]],
    "t[index tensor]": lambda lib, t: t[lib.tensor([1])],
    "narrow": lambda lib, t: t.narrow(2, 1, 2),
    "split": lambda lib, t: t.split(2, dim=2)[1],
    "split sizes": lambda lib, t: t.split([1, 2], dim=1)[1],
    "chunk": lambda lib, t: t.chunk(2, 2)[0],
    "unbind": lambda lib, t: t.unbind(1)[2],
    "iteration": lambda lib, t: list(t)[1],
    "view": lambda lib, t: t.view(6, 4),
    "view -1": lambda lib, t: t.view(-1),
    "reshape": lambda lib, t: t.reshape(4, 6),
    "reshape of a transpose (a copy)": lambda lib, t: t.transpose(0, 1).reshape(-1),
    "flatten": lambda lib, t: t.flatten(),
    "flatten(1)": lambda lib, t: t.flatten(1),
    "flatten of a permute (a copy)": lambda lib, t: t.permute(2, 0, 1).flatten(),
    "transpose": lambda lib, t: t.transpose(0, 2),
    "permute": lambda lib, t: t.permute(2, 0, 1),
    ".T of a matrix": lambda lib, t: t[0].T,
    "squeeze": lambda lib, t: t[:1].squeeze(0),
    "squeeze all": lambda lib, t: t[:1, :1].squeeze(),
    "unsqueeze": lambda lib, t: t.unsqueeze(1),
    "broadcast_to": lambda lib, t: t[:, :1].broadcast_to(2, 3, 4),
    "detach": lambda lib, t: t.detach(),
    "einsum permutation": lambda lib, t: lib.einsum("ijk->kji", t),
    "einsum product (a copy)": lambda lib, t: lib.einsum("ijk,ijk->k", t, t),
    "contiguous of a transpose (a copy)": lambda lib, t: t.transpose(0, 1).contiguous(),
    "clone (a copy)": lambda lib, t: t.clone(),
    "view of a view of a view": lambda lib, t: t[1].T[2:].unsqueeze(0),
    # the everyday API (issue 20, part C): views where PyTorch's are, copies where it copies
    "t() of a matrix": lambda lib, t: t[0].t(),
    "t() of a vector": lambda lib, t: t[0, 1].t(),
    "view_as": lambda lib, t: t.view_as(lib.zeros(6, 4)),
    "reshape_as": lambda lib, t: t.reshape_as(lib.zeros(4, 6)),
    "reshape_as of a transpose (a copy)": lambda lib, t: t.transpose(0, 2).reshape_as(
        lib.zeros(4, 6)),
    "expand_as": lambda lib, t: t[:, :1].expand_as(t),
    "unflatten": lambda lib, t: t.unflatten(2, (2, 2)),
    "unflatten of a permute (a copy)": lambda lib, t: t.permute(2, 0, 1).unflatten(1, (1, 2)),
    "type_as of another dtype (a copy)": lambda lib, t: t.type_as(lib.zeros(1, dtype=lib.int64)),
    "flip (a copy)": lambda lib, t: t.flip(1),
    "roll (a copy)": lambda lib, t: t.roll(1, 2),
    "index_select (a copy)": lambda lib, t: t.index_select(1, lib.tensor([2, 0])),
    "tril (a copy)": lambda lib, t: t.tril(),
    "triu (a copy)": lambda lib, t: t[0].triu(1),
    "cumsum (a copy)": lambda lib, t: t.cumsum(1),
}


@pytest.mark.parametrize("name", list(TAKES))
def test_a_view_shares_memory_and_version_both_ways_as_in_pytorch(torch, name):
    take = TAKES[name]

    def fn(lib):
        t = lib.arange(24.0).reshape(2, 3, 4)
        v = take(lib, t)
        result = [v._base is t, v.is_contiguous()]
        t.add_(100)                                   # through the base ...
        result += [v, version(v)]
        expanded = 0 in np.asarray(_plain(v)).shape or name in ("broadcast_to", "expand_as")
        if not expanded:
            v.mul_(-1)                                # ... and through the view
        result += [t, version(t), version(v)]
        return result
    same(torch, fn)


def test_the_course_expand_is_a_view_like_pytorchs_expand(torch):
    ours, theirs = mg.arange(3.0), torch.arange(3.0)
    e, f = ours.expand(0, 2), theirs.unsqueeze(0).expand(2, 3)   # expand(dim, copies)
    assert e._is_view() and f._is_view()
    ours.add_(1)
    theirs.add_(1)
    assert e.tolist() == f.tolist() == [[1, 2, 3], [1, 2, 3]]
    with pytest.raises(RuntimeError):
        f.add_(1)
    with pytest.raises(RuntimeError, match="one memory location.*clone"):
        e.add_(1)


def test_a_view_records_its_base_as_pytorchs__base(torch):
    def fn(lib):
        t = lib.zeros(2, 3)
        v = t[1].unsqueeze(0)[0, 1:]
        return v._base is t, t._base is None, t[0]._base is t, t.detach()._base is None
    assert same(torch, fn) == [True, True, True, True]


# -- gradients through views and in-place changes -----------------------------------------
def _grads(lib, fn, *datas):
    """Leaves from ``datas`` (float64, requiring grad); ``fn(lib, *leaves)`` returns an
    output and anything else to compare; a weighted sum of the output is backpropagated."""
    leaves = [f64(lib, d, grad=True) for d in datas]
    out, *extra = fn(lib, *leaves)
    w = f64(lib, np.linspace(-1.0, 1.5, out.numel()).reshape(tuple(out.shape)).tolist())
    (out * w).sum().backward()
    return [out] + extra + [leaf.grad for leaf in leaves]


IN_PLACE = {
    # the idiom with gradients: every other element of a view, scaled in place
    "x.view(-1)[::2].mul_(10)": lambda lib, x: _first(lib, x * 1, lambda a: a.view(-1)[::2].mul_(10)),
    "t += y on a non-leaf": lambda lib, x: _first(lib, x * 2, lambda a: a.__iadd__(x.exp())),
    "t -= y, t *= y, t /= y": lambda lib, x: _first(lib, x + 3, lambda a: (
        a.__isub__(x * 0.5), a.__imul__(x), a.__itruediv__(x * x + 1))),
    "add_ with alpha": lambda lib, x: _first(lib, x * 1, lambda a: a.add_(x.tanh(), alpha=2.0)),
    "mul_ by a tensor that needs grad (reads the old values)": lambda lib, x: _first(
        lib, x * 1, lambda a: a.mul_(x.tanh())),
    "div_ by a tensor that needs grad": lambda lib, x: _first(lib, x * 1,
                                                              lambda a: a.div_(x * x + 1)),
    "clamp_": lambda lib, x: _first(lib, x * 1, lambda a: a.clamp_(-1.0, 1.0)),
    "zero_ (gradient zero, not None)": lambda lib, x: _first(lib, x * 1, lambda a: a.zero_()),
    "fill_ with a 0-d tensor": lambda lib, x: _first(lib, x * 1, lambda a: a.fill_(x[1])),
    "copy_ broadcasting a tensor": lambda lib, x: _first(
        lib, x.reshape(2, 3) * 1, lambda a: a.copy_(x[:3])),
    "a buffer filled with rows (t[i] = v)": lambda lib, x: _buffer(lib, x),
    "t[idx] = v with a repeated index": lambda lib, x: _first(
        lib, lib.zeros(6, dtype=lib.float64), lambda a: a.__setitem__(lib.tensor([0, 0, 4]), x[:3])),
    "t[mask] = v": lambda lib, x: _first(lib, x * 1, lambda a: a.__setitem__(x > 0.6, 0.0)),
    "a view written, then the base used": lambda lib, x: _first(
        lib, x.reshape(2, 3) * 1, lambda a: a[:, 1:].mul_(a[:, :2].detach() * 0 + x[:2])),
    "the base written, then an earlier view used": lambda lib, x: _later_view(lib, x),
    "an expanded view of a base written later": lambda lib, x: _later_expand(lib, x),
    "views of views written": lambda lib, x: _first(
        lib, x * 1, lambda a: a.view(2, 3)[1][1:].mul_(3)),
    "t[0] += 1 (a view, written twice)": lambda lib, x: _first(
        lib, x.reshape(2, 3) * 1, lambda a: a[0].__iadd__(1.0)),
    "a.t_() then a view written": lambda lib, x: _t_(lib, x),
    "unsqueeze_ then a view written": lambda lib, x: _unsqueeze_(lib, x),
    "transpose_ and squeeze_ of a non-leaf": lambda lib, x: _first(
        lib, x.reshape(1, 2, 3) * 1, lambda a: a.transpose_(1, 2).squeeze_(0)),
    "retain_grad follows the tensor": lambda lib, x: _retained(lib, x),
    "a plain buffer accumulating (acc += x)": lambda lib, x: _first(
        lib, lib.zeros(6, dtype=lib.float64), lambda a: (a.__iadd__(x), a.__iadd__(x * x))),
}


def _first(lib, t, change):
    change(t)
    return t, t.is_leaf, t.requires_grad


def _buffer(lib, x):
    buf = lib.zeros(3, 4, dtype=lib.float64)
    buf[0] = x[:4]
    buf[1, 1:] = x[3:]
    buf[2][::2] = x[4:] * 10
    return buf, buf.is_leaf


def _later_view(lib, x):
    a = x * 1
    v = a[1:4]
    a.mul_(x)                                     # v's values changed: its gradient must too
    return v, v.requires_grad


def _later_expand(lib, x):
    a = x[:3] * 1
    e = a.broadcast_to(2, 3)
    a.add_(x[3:])
    return e


def _t_(lib, x):
    a = (x * 1).reshape(2, 3)
    v = a[0]
    a.t_()
    v.add_(100)
    return a * 1 + 0, v * v


def _unsqueeze_(lib, x):
    a = (x * 1).reshape(2, 3)
    v = a[0]
    a.unsqueeze_(0)
    v.mul_(2)
    return a, tuple(a.shape)


def _retained(lib, x):
    h = x * 1
    h.retain_grad()
    h.mul_(2)
    (h * h).sum().backward(retain_graph=True)
    return h * 1, h.grad


@pytest.mark.parametrize("name", list(IN_PLACE))
def test_in_place_changes_are_recorded_as_in_pytorch(torch, name):
    same(torch, lambda lib: _grads(lib, IN_PLACE[name], X))


def test_t_plus_equals_stays_the_same_object_and_takes_the_op_as_its_history(torch):
    def fn(lib):
        x = f64(lib, X, grad=True)
        h = x * 2
        before = h
        h += 1
        return h is before, h.grad_fn is not None, h.is_leaf
    assert same(torch, fn) == [True, True, False]


# -- backward refuses a saved tensor changed through a view ---------------------------------
SAVED = {
    "a non-leaf saved by mul, changed through a row": lambda lib, x: (
        lambda h: ((h * h).sum(), h[0].add_(1)))(x.reshape(2, 3) * 1)[0],
    "a plain tensor saved by mul, changed through a slice": lambda lib, x: (
        lambda w: ((x * w).sum(), w[1:].zero_()))(lib.ones(6, dtype=lib.float64))[0],
    "exp's output, changed through a view": lambda lib, x: (
        lambda y: (y.sum(), y.view(2, 3)[1].mul_(2)))(x.exp())[0],
    "a view saved, its base changed": lambda lib, x: (
        lambda a: (lambda v: ((v * v).sum(), a.add_(1)))(a[2:]))(x * 1)[0],
    "t.mul_(t): the other operand is the tensor itself": lambda lib, x: (
        lambda a: (a.mul_(a), a.sum())[1])(x * 1),
}


@pytest.mark.parametrize("name", list(SAVED))
def test_backward_refuses_a_saved_tensor_changed_through_a_view(torch, name):
    def fn(lib):
        SAVED[name](lib, f64(lib, X, grad=True)).backward()
    refused(torch, fn, "changed in place after the forward pass")


# -- what PyTorch refuses --------------------------------------------------------------------
def _non_leaf(lib):
    return f64(lib, X, grad=True) * 1


def _no_grad_view(lib):
    a = _non_leaf(lib)
    with lib.no_grad():
        v = a[:2]
    v.mul_(2)


REFUSED = {
    "a leaf that requires grad": (lambda lib: f64(lib, X, grad=True).add_(1),
                                  "leaf that requires grad.*no_grad"),
    "t += 1 on such a leaf": (lambda lib: f64(lib, X, grad=True).__iadd__(1),
                              "leaf that requires grad"),
    "a view of such a leaf": (lambda lib: f64(lib, X, grad=True)[1:3].mul_(10),
                              "view of a leaf that requires grad"),
    "t[i] = v on a view of such a leaf": (
        lambda lib: f64(lib, X, grad=True).view(2, 3)[0].__setitem__(1, 0.0),
        "view of a leaf"),
    "a.t_() on such a leaf": (lambda lib: f64(lib, [X[:3], X[3:]], grad=True).t_(),
                              "leaf that requires grad"),
    "a view taken under no_grad, changed with grad on": (_no_grad_view, "no_grad"),
    "a view of such a view": (lambda lib: (lambda a: _no_grad_slice(lib, a)[0].mul_(2))(
        _non_leaf(lib)), "no_grad"),
    "a piece of split": (lambda lib: _non_leaf(lib).split(2)[0].mul_(2),
                         "several views.*split"),
    "a piece of chunk": (lambda lib: _non_leaf(lib).chunk(3)[1].add_(1), "several views"),
    "a slice from unbind": (lambda lib: _non_leaf(lib).view(2, 3).unbind(1)[0].zero_(),
                            "several views"),
    "a row while iterating": (lambda lib: [row.add_(1) for row in _non_leaf(lib).view(2, 3)],
                              "several views.*unbind"),
    "a view of a piece of split": (lambda lib: _non_leaf(lib).split(3)[0][1:].mul_(2),
                                   "several views"),
    "a piece of split of a plain tensor, given a value that needs grad": (
        lambda lib: lib.zeros(6, dtype=lib.float64).split(3)[0].copy_(f64(lib, X[:3], True)),
        "several views"),
    "an expanded tensor": (lambda lib: lib.zeros(3).broadcast_to(2, 3).add_(1),
                           "one memory location.*clone"),
    "an operand overlapping in part: a.add_(a[0])": (
        lambda lib: (lambda a: a.add_(a[0]))(lib.arange(3.0)), "share part of their memory"),
    "a[1:].copy_(a[:-1])": (lambda lib: (lambda a: a[1:].copy_(a[:-1]))(lib.arange(6.0)),
                            "share part"),
    "a[1:] = a[:-1]": (lambda lib: (lambda a: a.__setitem__(slice(1, None), a[:-1]))(
        lib.arange(6.0)), "share part"),
    "a += a.T": (lambda lib: (lambda a: a.__iadd__(a.T))(lib.arange(4.0).reshape(2, 2)),
                 "share part"),
    "view() of a transposed tensor": (lambda lib: lib.arange(6.0).reshape(2, 3).T.view(-1),
                                      "cannot be viewed.*reshape"),
}


def _no_grad_slice(lib, a):
    with lib.no_grad():
        return a[:3]


@pytest.mark.parametrize("name", list(REFUSED))
def test_what_pytorch_refuses_is_refused(torch, name):
    fn, match = REFUSED[name]
    refused(torch, fn, match)


def test_what_pytorch_allows_near_the_refusals(torch):
    def fn(lib):
        a = _non_leaf(lib)
        with lib.no_grad():
            a.split(2)[0].mul_(2)                     # several views, nothing recorded
            for row in a.view(2, 3):
                row.add_(1)
        b = lib.arange(6.0)
        b.split(3)[1].zero_()                         # a plain tensor: nothing to record
        c = lib.arange(6.0)
        c.mul_(c.view(2, 3).view(6))                  # the same memory exactly: allowed
        c[:3] += c[3:]                                # disjoint halves: allowed
        x = f64(lib, X, grad=True)
        d = x.detach()
        d[0] = 7.0                                    # detach: shares memory, not a view
        return a, b, c, x, version(x), x.is_leaf
    same(torch, fn)


def test_data_assignment_unshares_a_base_and_its_views(torch):
    def fn(lib):
        a = lib.zeros(2, 3)
        v = a[0]
        a.data = lib.ones(4)
        v.add_(1)
        return a, v
    same(torch, fn)


def test_copies_and_pickles_of_a_view_stand_on_their_own():
    """deepcopy and pickle copy a view's array apart from its base's, so the copy is a
    tensor of its own; the original base keeps its views, and a copied base has none."""
    import copy
    import pickle

    layer = mg.nn.Linear(3, 2)
    row, transposed = layer.weight[0], layer.weight.T
    for clone in (copy.deepcopy(layer), pickle.loads(pickle.dumps(layer))):
        assert clone.weight._views is None and clone.weight.requires_grad
        with mg.no_grad():
            clone.weight.zero_()
        assert row.data.tolist() == layer.weight.data[0].tolist() != [0.0, 0.0, 0.0]
    plain = mg.zeros(2, 3)
    for copied, base in ((copy.deepcopy(row), layer.weight),
                         (pickle.loads(pickle.dumps(plain.T)), plain)):
        assert not copied._is_view() and not np.shares_memory(copied.data, base.data)
    assert row._base is layer.weight and transposed._base is layer.weight
