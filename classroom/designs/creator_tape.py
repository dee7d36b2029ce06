"""Design 4 — a tensor that records its creators and counts its children (article 002).

``Tensor(data, autograd=True)`` is a leaf.  An operation on tensors returns a new tensor that
remembers its ``creators`` (the tensors it was made from) and its ``creation_op`` (a name such
as ``"mm"``), and tells each creator "you have one more child".  ``backward(grad)`` sends a
gradient to the creators, who pass it on to theirs, and so on down to the leaves.

The subtle part is a tensor used more than once.  If ``a`` feeds two consumers, it receives
two gradients, and the right gradient for ``a`` is their **sum**.  Passing each one on the
moment it arrives would push a half-finished gradient (twice) through everything below
``a``.  So every tensor counts its children at creation time; a gradient arriving from a child
is added to ``grad`` and ticked off, and the tensor passes its total on only once **every**
child has reported.  (Each child must report exactly once: a second report is an error, which
is also what calling ``backward`` twice on one graph runs into.)

The counting has a weak spot, kept here on purpose because it teaches something: a child that
never reports (a tensor computed but not used by the loss) leaves its creator waiting forever,
so nothing beneath that creator gets a gradient.  minigrad avoids this by sorting the graph
that leads to the loss instead of counting every child ever made.

Operations: ``+`` (add), unary ``-`` (neg), ``-`` (sub), ``*`` (mul), ``sum(dim)``,
``expand(dim, copies)``, ``transpose()``, ``mm(x)``.  There is no broadcasting: shapes must
match, and copies are made explicitly with ``expand`` (whose backward is ``sum``, and vice
versa).  Gradients are :class:`Tensor` objects without autograd; :class:`SGD` updates and
zeroes them.  As in the article, ``backward`` calls itself on each creator, so a chain of
more than about a thousand operations runs into Python's recursion limit.
"""

from __future__ import annotations

import itertools
import numbers

import numpy as np

from minigrad.errors import ShapeError
from ._shared import as_array

__all__ = ["Tensor", "SGD"]

_next_id = itertools.count()


class Tensor:
    """``Tensor(data, autograd=False, creators=None, creation_op=None, op_args=None)``.

    You normally pass only ``data`` and ``autograd``; operations fill in ``creators`` (the
    input tensors), ``creation_op`` (the operation's name) and ``op_args`` (its settings, e.g.
    the ``dim`` of a sum).
    """

    def __init__(self, data, autograd: bool = False, creators=None, creation_op: str | None = None,
                 op_args: tuple = ()):
        if isinstance(data, Tensor):
            data = data.data
        self.data = np.array(as_array(data), dtype=np.float64)
        self.autograd = bool(autograd)
        self.creators = None if creators is None else list(creators)
        self.creation_op = creation_op
        self.op_args = tuple(op_args)
        self.grad = None
        self.id = next(_next_id)
        self.children = {}              # child id -> gradients still expected from that child
        if self.creators is not None:
            for c in self.creators:
                c.children[self.id] = c.children.get(self.id, 0) + 1

    # -- reporting -------------------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        return self.data.shape

    def __repr__(self) -> str:
        extra = f", creation_op={self.creation_op!r}" if self.creation_op else ""
        body = np.array2string(self.data, separator=", ")
        return f"Tensor({body}, autograd={self.autograd}{extra})"

    def waiting_for(self) -> int:
        """How many gradients this tensor still expects from its children."""
        return sum(self.children.values())

    # -- backpropagation ---------------------------------------------------------------------
    def backward(self, grad=None, grad_origin: "Tensor | None" = None) -> None:
        """Receive ``grad`` (from the child ``grad_origin``, or from you when it is None) and,
        once every child has reported, send the total on to the creators.

        Called by you on the output, ``grad`` defaults to ones in the output's shape.
        """
        if not self.autograd:
            raise RuntimeError("backward() on a tensor created with autograd=False: nothing "
                               "was recorded. Create the inputs with Tensor(data, autograd=True).")
        if grad is None:
            grad = Tensor(np.ones_like(self.data))
        elif not isinstance(grad, Tensor):
            grad = Tensor(grad)
        if grad.shape != self.shape:
            raise ShapeError(f"backward: the gradient has shape {grad.shape} but the tensor has "
                             f"shape {self.shape}; they must match.")
        if grad_origin is not None:
            expected = self.children.get(grad_origin.id, 0)
            if expected == 0:
                raise RuntimeError(
                    "backward: a child sent this tensor more gradients than it has uses of it. "
                    "That happens when backward() runs a second time through the same graph: "
                    "the counts were used up by the first call. Build the graph again (run "
                    "the forward computation) before each backward().")
            if expected == 1:
                del self.children[grad_origin.id]
            else:
                self.children[grad_origin.id] = expected - 1
        total = grad.data.copy() if self.grad is None else self.grad.data + grad.data
        self.grad = Tensor(total)
        if self.creators is None:
            return
        if grad_origin is not None and self.children:
            return          # some children have not reported yet: wait for their share
        for creator, g in zip(self.creators, self._creator_grads(self.grad.data)):
            if creator.autograd:
                creator.backward(Tensor(g), grad_origin=self)

    def _creator_grads(self, g: np.ndarray) -> list:
        """The gradient for each creator, given the gradient ``g`` of this tensor."""
        op, c = self.creation_op, self.creators
        if op == "add":
            return [g, g]
        if op == "neg":
            return [-g]
        if op == "sub":
            return [g, -g]
        if op == "mul":
            return [g * c[1].data, g * c[0].data]
        if op == "mm":
            return [g @ c[1].data.T, c[0].data.T @ g]
        if op == "transpose":
            return [g.T]
        if op == "sum":                     # every summed element gets the same gradient
            dim, = self.op_args
            copies = c[0].shape[dim]
            return [np.repeat(np.expand_dims(g, dim), copies, axis=dim)]
        if op == "expand":                  # the copies' gradients add up
            dim, _ = self.op_args
            return [g.sum(axis=dim)]
        raise RuntimeError(f"backward: no rule for creation_op {op!r}.")

    # -- operations ------------------------------------------------------------------------------
    def _made(self, data, creators, op: str, op_args: tuple = ()) -> "Tensor":
        autograd = any(t.autograd for t in creators)
        if not autograd:
            return Tensor(data)
        return Tensor(data, autograd=True, creators=creators, creation_op=op, op_args=op_args)

    def _other(self, other, op: str) -> "Tensor":
        if not isinstance(other, Tensor):
            raise TypeError(f"{op}: both operands must be Tensors in this design, got "
                            f"{type(other).__name__}; wrap numbers as Tensor(...).")
        if other.shape != self.shape:
            raise ShapeError(f"{op}: shapes {self.shape} and {other.shape} differ. This design "
                             f"has no broadcasting: make copies explicitly with "
                             f"expand(dim, copies).")
        return other

    def __add__(self, other):
        other = self._other(other, "add")
        return self._made(self.data + other.data, [self, other], "add")

    def __neg__(self):
        return self._made(-self.data, [self], "neg")

    def __sub__(self, other):
        other = self._other(other, "sub")
        return self._made(self.data - other.data, [self, other], "sub")

    def __mul__(self, other):
        other = self._other(other, "mul")
        return self._made(self.data * other.data, [self, other], "mul")

    def sum(self, dim: int):
        """Add up the elements along axis ``dim`` (which disappears)."""
        dim = self._dim(dim, "sum")
        return self._made(self.data.sum(axis=dim), [self], "sum", (dim,))

    def expand(self, dim: int, copies: int):
        """Insert a new axis at ``dim`` holding ``copies`` copies of this tensor."""
        if not -self.data.ndim - 1 <= dim <= self.data.ndim:
            raise IndexError(f"expand: dim {dim} is out of range for a new axis of a tensor "
                             f"with shape {self.shape}.")
        if isinstance(copies, bool) or not isinstance(copies, numbers.Integral) or copies < 1:
            raise ValueError(f"expand: copies must be a positive integer, got {copies!r}.")
        dim = dim % (self.data.ndim + 1)
        data = np.repeat(np.expand_dims(self.data, dim), copies, axis=dim)
        return self._made(data, [self], "expand", (dim, copies))

    def transpose(self):
        return self._made(self.data.T.copy(), [self], "transpose")

    def mm(self, x):
        """Matrix product of two 2-D tensors."""
        if not isinstance(x, Tensor):
            raise TypeError(f"mm: expected a Tensor, got {type(x).__name__}.")
        if self.data.ndim != 2 or x.data.ndim != 2 or self.shape[1] != x.shape[0]:
            raise ShapeError(f"mm: shapes {self.shape} and {x.shape} do not fit; mm needs two "
                             f"matrices (n, k) and (k, m).")
        return self._made(self.data @ x.data, [self, x], "mm")

    def _dim(self, dim, op: str) -> int:
        if isinstance(dim, bool) or not isinstance(dim, numbers.Integral):
            raise TypeError(f"{op}: dim must be an integer, got {type(dim).__name__}.")
        if not -self.data.ndim <= dim < self.data.ndim:
            raise IndexError(f"{op}: dim {dim} is out of range for shape {self.shape}.")
        return int(dim) % self.data.ndim


class SGD:
    """``step()``: ``data -= alpha * grad`` for each parameter, then the gradient is zeroed."""

    def __init__(self, parameters, alpha: float = 0.1):
        self.parameters = list(parameters)
        self.alpha = float(alpha)

    def zero(self) -> None:
        for p in self.parameters:
            if p.grad is not None:
                p.grad.data *= 0

    def step(self, zero: bool = True) -> None:
        for p in self.parameters:
            if p.grad is not None:
                p.data -= self.alpha * p.grad.data
        if zero:
            self.zero()
