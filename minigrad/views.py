"""Views, and changing tensors in place while gradients are recorded, with PyTorch's rules.

Views
-----
Basic indexing (``t[0]``, ``t[1:3]``, ``t[:, j]``, ``t[..., None]``), ``narrow``, ``split``,
``chunk``, ``unbind`` (and so iterating over rows), and the shape ops ``view``,
``reshape`` and ``flatten`` (when the memory allows it), ``transpose``, ``permute``,
``.T``, ``squeeze``, ``unsqueeze``, ``expand`` and ``broadcast_to`` return a **view**: a
tensor whose array is a NumPy view of its input's array.  Writing into either one
(``t[0][1] = 5``, ``x[1:3].mul_(10)``, ``for row in t: row.mul_(2)``) changes both.
Advanced indexing (with integer or boolean arrays) copies, as in NumPy and PyTorch.

A view keeps in ``t._view`` (a :class:`View`):

* ``base``: the tensor whose memory it shares.  A view of a view keeps the first one,
  the *root*, as PyTorch's ``t._base`` does; a root keeps its views (weakly) in
  ``_views``, so that it can find them when its history changes.
* ``steps``: how it was taken from the base, one ``(take, give_back)`` pair per view op:
  ``take(array)`` takes the same view of any array shaped like the base (the base's
  gradient, say), and ``give_back(grad)`` sends a gradient back through that step.
* ``creation``: ``""``, or why it may not be changed in place while gradients are
  recorded: ``"no_grad"`` (taken while recording was off), or the op that returned it
  as one of several views (``"split"``, ``"chunk"``, ``"unbind"``).

A view shares its base's **version counter**, so a change through one is a change of
both: backward refuses a saved tensor changed through a view.  Its ``grad_fn`` is its
view op's node, so gradients flow through it as through any op.

Changing a tensor in place
--------------------------
:func:`change` carries out every in-place op (``add_``, ``t[i] = v``, ``+=`` …, in
``ops/inplace.py``).  When nothing is recorded (recording is off, as in an optimizer's
step, or nothing involved requires grad) it writes with NumPy and bumps the version.
When the change must be recorded, it first refuses what PyTorch refuses (a leaf that
requires grad or a view of one, a view taken under ``no_grad``, one of several views),
and then

1. runs the op *out of place* on a stand-in for the old values (the ``source``), so that
   it is recorded with its usual backward, and writes the result into the tensor;
2. rewrites the history.  A tensor that is not a view takes the op's node as its
   ``grad_fn``.  For a view, its base takes a ``copy_slices`` node (PyTorch's
   CopySlices): the base's gradient goes back unchanged outside the view's elements and
   through the op's backward inside them;
3. gives each of the base's views a new ``grad_fn`` (``as_strided``): its steps' gradients
   from the base's new history, so that a view used afterwards sends its gradient the
   right way.

The version goes up by one for each change, recorded or not.  An op whose backward reads
its input's old values (``mul_`` …) is run on a copy of them, as PyTorch does; ``exp_``
and the like, which read their output, save the tensor itself at its new version.

In-place shape ops (``t_``, ``transpose_``, ``squeeze_``, ``unsqueeze_``) give a tensor a new
shape over the same memory: :func:`reshape_in_place` extends a view's steps, or puts
the way back in front of each of a base's views' steps.
"""

from __future__ import annotations

import weakref

import numpy as np

from . import autograd
from .errors import ShapeError
from .tensor import Tensor

_weak = weakref.ref


class View:
    """What a view remembers: its ``base``, the ``steps`` that take it from the base, and
    its ``creation`` (see the module docstring)."""

    __slots__ = ("base", "steps", "creation")

    def __init__(self, base: Tensor, steps: tuple, creation: str):
        self.base, self.steps, self.creation = base, steps, creation

    def __repr__(self) -> str:
        return f"View(of shape {self.base.shape}, {len(self.steps)} step(s))"


# -- taking views -------------------------------------------------------------------------
def view(a: Tensor, op: str, take, give_back, creation: str = "", data=None) -> Tensor:
    """``take(a's array)``, a NumPy view of it, as a view of ``a`` recorded as ``op``.

    ``give_back(grad)`` turns the view's gradient into ``a``'s (it is the op's backward);
    ``creation`` names the op when it returns several views at once; ``data`` is
    ``take(a's array)`` when the op has it already."""
    data = take(a._data) if data is None else data
    out = autograd.record(data, (a,), lambda g: (give_back(g),), op)
    parent = a._view
    if parent is None:
        base, steps = a, ()
    else:
        base, steps = parent.base, parent.steps
        creation = parent.creation or creation        # a view of a view inherits the rule
    if not autograd._grad_enabled and not creation:
        creation = "no_grad"
    out._version = a._version or a.version_counter()
    out._view = View(base, steps + ((take, give_back),), creation)
    refs = base._views
    if refs is None:
        base._views = [_weak(out)]
    else:
        refs.append(_weak(out))
        n = len(refs)
        if n >= 32 and n & (n - 1) == 0:      # now and then, forget the views that died
            refs[:] = [r for r in refs if r() is not None]
    return out


def views_of(base: Tensor) -> list:
    """The views of ``base`` that are still alive."""
    alive = (ref() for ref in base._views or ())
    return [v for v in alive if v is not None]


def shares_memory(out: np.ndarray, a: np.ndarray) -> bool:
    """Whether an op's result is a view of its input's array (a zero-size one counts)."""
    if (a if a.base is None else a.base) is out.base:      # the usual case, and quick
        return True
    return np.may_share_memory(out, a) or (out.size == 0 and out.base is not None)


# -- changing in place --------------------------------------------------------------------
def change(t: Tensor, what: str, compute, operands: tuple = (), reads_self: bool = False,
           write=None, written=None) -> Tensor:
    """Change ``t`` in place into ``compute(source)``; returns ``t``.

    ``compute(source)`` is the op out of place (recorded as usual), ``source`` a stand-in
    for ``t``'s values; ``operands`` lists the op's other arguments (its tensors are checked
    and followed); ``reads_self`` says that the op's backward reads the source's values
    (so it gets a copy of them); ``write(array)``, when given, makes the same change with
    NumPy when nothing is recorded; ``written`` is the part of the array the op writes
    (``t[i] = v`` writes ``t[i]``), when not all of it.  ``what`` names the op in errors."""
    tensors = [x for x in operands if isinstance(x, Tensor)]
    check_target(t._data if written is None else written, tensors, what)
    if not _recording(t, tensors):
        if write is not None:
            _numpy_write(t, write, what)
        else:
            with autograd.no_grad():
                _store(t, compute(_source(t, False)), what)
        t.bump_version()
        return t
    refuse(t, what)
    out = compute(_source(t, reads_self))
    _store(t, out, what)
    counter = t.version_counter()
    counter[0] += 1
    node = out._node
    if node is None:                      # the op recorded nothing (an integer result)
        return t
    if out._version is not None and any(c is out._version for c in node.saved):
        # The op reads its output (exp_ …), which is now t itself, at its new version.
        node.saved = tuple(counter if c is out._version else c for c in node.saved)
        node.saved_versions += counter[0] - out._version[0]
    if t._view is None:
        autograd.rebase(t, node.inputs, node.backward, node.op, node.saved,
                        node.saved_versions)
        base = t
    else:
        base = t._view.base
        _copy_slices(base, t._view.steps, node)
    _refresh_views(base)
    return t


def _recording(t: Tensor, tensors: list) -> bool:
    """Whether changing ``t`` must be recorded: recording is on, and ``t`` (or its base, or
    an operand) requires grad."""
    if not autograd._grad_enabled:
        return False
    if t.requires_grad or (t._view is not None and t._view.base.requires_grad):
        return True
    return any(x.requires_grad for x in tensors)


def _source(t: Tensor, copy: bool) -> Tensor:
    """A stand-in for ``t``'s values before the change: its history, and its array (or a
    copy).  Without a copy it shares ``t``'s version counter, so an op that saved it is
    refused in backward instead of reading the new values."""
    source = Tensor._from_op(t._data.copy() if copy else t._data)
    source._node, source.requires_grad = t._node, t.requires_grad
    if not copy:
        source._version = t.version_counter()
    return source


def _store(t: Tensor, out: Tensor, what: str) -> None:
    """Write the op's result into ``t``'s memory."""
    if out.shape != t.shape:
        raise ShapeError(f"{what}: the result has shape {out.shape}, but the tensor changed "
                         f"in place has shape {t.shape}; an in-place op keeps the tensor's "
                         f"shape, so the other operand must broadcast to it.")
    try:
        np.copyto(t._data, out._data, casting="same_kind")
    except TypeError:
        raise TypeError(f"{what}: the result is {out.dtype}, which cannot be written into a "
                        f"tensor of dtype {t.dtype} in place (as in PyTorch). Convert first, "
                        f"e.g. t = t.to({out.dtype.name}).") from None


def _numpy_write(t: Tensor, write, what: str) -> None:
    try:
        write(t._data)
    except ValueError as err:
        raise ValueError(f"{what} on a tensor of shape {t.shape}: {err}") from None
    except TypeError as err:          # NumPy's casting refusal (float into int, ...)
        raise TypeError(f"{what} on a tensor of dtype {t.dtype}: {err}") from None


def _copy_slices(base: Tensor, steps: tuple, node) -> None:
    """The base's new history after an op (``node``) changed one of its views in place."""
    takes = tuple(take for take, _ in steps)
    op_backward = node.backward

    def backward(g):
        g_base = np.array(g)                  # a copy, to write the view's part into
        part = g_base
        for take in takes:
            part = take(part)
        grads = op_backward(part.copy())
        part[...] = 0 if grads[0] is None else grads[0]
        return (g_base,) + tuple(grads[1:])

    autograd.rebase(base, (base,) + node.inputs[1:], backward, "copy_slices", node.saved,
                    node.saved_versions)


def _refresh_views(base: Tensor) -> None:
    """Each view of ``base`` takes its history from the base's new one (``as_strided``)."""
    for v in views_of(base):
        if v._view.creation != "no_grad":
            autograd.rebase(v, (base,), _through(v._view.steps), "as_strided")


def _through(steps: tuple):
    """A backward that sends a view's gradient back to its base, through every step."""
    give_backs = tuple(give_back for _, give_back in reversed(steps))

    def backward(g):
        for give_back in give_backs:
            g = give_back(g)
        return (g,)
    return backward


# -- what PyTorch refuses ---------------------------------------------------------------------
def refuse(t: Tensor, what: str) -> None:
    """Raise if changing ``t`` in place while recording is something PyTorch refuses."""
    v = t._view
    if v is not None:
        if v.creation == "no_grad":
            raise RuntimeError(
                f"{what}: this view was taken inside no_grad() (or from such a view) but is "
                f"changed in place while gradients are recorded, so whether the change "
                f"should be recorded is unclear; PyTorch refuses it too. Take the view and "
                f"change it both inside `with minigrad.no_grad():` (not recorded) or both "
                f"outside (recorded).")
        if v.creation:
            raise RuntimeError(
                f"{what}: this tensor is one of several views returned at once by "
                f"{v.creation}() (or a view of one), and such views cannot be changed in "
                f"place while gradients are recorded (as in PyTorch). Use an out-of-place "
                f"op (piece = piece * 2), or take the piece by indexing (t[0], t[2:4]).")
        if v.base.requires_grad and v.base._node is None:
            raise RuntimeError(
                f"{what}: this tensor is a view of a leaf that requires grad (it shares the "
                f"leaf's memory), and changing it in place while gradients are recorded "
                f"would change the leaf. Do it inside `with minigrad.no_grad():` (as an "
                f"optimizer's step() does).")
    if t.requires_grad and t._node is None:
        raise RuntimeError(
            f"{what}: this tensor is a leaf that requires grad, and changing it in place while "
            f"gradients are recorded would make them wrong. Do it inside `with "
            f"minigrad.no_grad():` (as an optimizer's step() does).")


def check_target(a: np.ndarray, tensors, what: str) -> None:
    """Refuse, as PyTorch does, to write into an array ``a`` whose elements share memory
    (made by expand or broadcast_to), or from an operand that overlaps it in part."""
    if 0 in a.strides and any(s == 0 and n > 1 for s, n in zip(a.strides, a.shape)):
        raise RuntimeError(f"{what}: several elements of this tensor are one memory location "
                           f"(it was made by expand or broadcast_to), so it cannot be changed "
                           f"in place. Use .clone() first, or change the tensor it was "
                           f"expanded from.")
    for x in tensors:
        b = x._data
        if b is a or not np.may_share_memory(a, b):
            continue
        same = (b.shape == a.shape and b.strides == a.strides
                and b.__array_interface__["data"][0] == a.__array_interface__["data"][0])
        if not same and _dense(a) and _dense(b):
            raise RuntimeError(f"{what}: the operand and the tensor changed in place share "
                               f"part of their memory (one is a view of the other), so the "
                               f"result would depend on the order elements are written in. "
                               f"Pass a copy, e.g. x.clone() (as PyTorch asks).")


def _dense(a: np.ndarray) -> bool:
    """Whether the elements fill their span of memory exactly (PyTorch's 'dense'); only
    then does PyTorch judge an overlap (for other layouts it lets the write happen)."""
    low, high = np.lib.array_utils.byte_bounds(a)
    return high - low == a.nbytes


# -- in-place shape ops ---------------------------------------------------------------------
def reshape_in_place(t: Tensor, what: str, take, give_back, undo: tuple) -> Tensor:
    """``t``'s array becomes ``take(t's array)`` (the same memory in another shape), as
    ``t_()`` or ``unsqueeze_()`` do; ``give_back`` is the step's backward and ``undo`` the
    (take, give_back) pair from the new shape back to the old one.  Returns ``t``."""
    recording = autograd._grad_enabled and t.requires_grad
    if recording:
        refuse(t, what)
    old_node = t._node or t
    t._data = take(t._data)
    if recording:
        autograd.rebase(t, (old_node,), lambda g: (give_back(g),), what)
    if t._view is not None:
        t._view.steps += ((take, give_back),)
        if not recording and t.requires_grad and t._view.creation != "no_grad":
            # its grad_fn still has the old shape: take it anew from the base's
            autograd.rebase(t, (t._view.base,), _through(t._view.steps), "as_strided")
    else:
        for v in views_of(t):
            v._view.steps = (undo,) + v._view.steps
    t.bump_version()
    return t
