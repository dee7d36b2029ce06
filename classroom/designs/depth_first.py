"""Design 3 — dependencies and local gradients, walked depth-first (article 003).

Every operation on a :class:`Var` records, for each input it depends on, the **local
derivative**: how much the output moves when that input moves, with everything else held
still.  For ``c = a * b`` that is ``b`` for ``a`` and ``a`` for ``b``.  The chain rule then
says: the derivative of the output with respect to any variable is the sum, over every path
from the output down to that variable, of the product of the local derivatives along the path.

:meth:`Var.backward` does exactly that, in the most direct way: a depth-first walk from the
output that carries the product so far down every path and adds it to each node's ``grad`` on
arrival.  It is correct, short, and *slow on shared subexpressions*: a node reached by ``p``
different paths is visited ``p`` times, and so is everything beneath it.  Each node counts its
``visits`` and ``backward`` returns the total, so the blow-up can be measured (try
:func:`diamond_ladder`: every rung doubles the number of paths).  ``backward(method=
"topological")`` is the fix real engines use (minigrad's included): sort the nodes so each is
processed after all of its consumers, and visit each exactly once.

Arrays and broadcasting
-----------------------
Values may be NumPy arrays.  An elementwise local derivative is an array multiplied into the
gradient elementwise; where NumPy broadcasting copied an input (a bias added to every row),
the copies' gradients are summed back to the input's shape.  ``@`` has no elementwise local
derivative, so it records a small function that applies it (``g @ B.T`` and ``A.T @ g``).

Only :class:`Var` operands are recorded: in ``2 * x`` the 2 is a constant, not a node.  Every
``backward()`` recomputes ``grad`` and ``visits`` from zero on the nodes below the output.
With no argument it starts from ones in the output's shape (the gradient of its sum).
"""

from __future__ import annotations

import numbers

import numpy as np

from minigrad.errors import ShapeError
from ._shared import as_array, matmul_grads, unbroadcast

__all__ = ["Var", "Value", "exp", "log", "tanh", "diamond_ladder", "square_ladder", "count_paths"]


def _value(x):
    """The array inside ``x`` (a Var or a constant)."""
    return x.value if isinstance(x, Var) else as_array(x)


def _chain(local, g: np.ndarray, parent: "Var") -> np.ndarray:
    """Carry the gradient ``g`` of a node one step down to ``parent``."""
    if callable(local):
        return local(g)
    return unbroadcast(g * local, parent.value.shape)


class Var:
    """A value (number or array) that remembers which Vars it was computed from.

    ``parents`` is a tuple of ``(var, local_derivative)`` pairs; ``grad`` and ``visits`` are
    filled in by :meth:`backward`.
    """

    __array_ufunc__ = None      # make ``ndarray * Var`` call Var.__rmul__

    def __init__(self, value, parents=(), op: str | None = None, name: str | None = None):
        if isinstance(value, Var):
            raise TypeError("Var(Var(...)): the value must be a number or an array.")
        self.value = as_array(value)
        self.parents = tuple(parents)
        self.op = op
        self.name = name
        self.grad = None
        self.visits = 0

    def __repr__(self) -> str:
        label = f", name={self.name!r}" if self.name else ""
        op = f", op={self.op!r}" if self.op else ""
        return f"Var({np.array2string(self.value, separator=', ')}{op}{label})"

    @property
    def shape(self) -> tuple:
        return self.value.shape

    # -- building the graph ------------------------------------------------------------------
    @staticmethod
    def _record(out, op: str, *pairs) -> "Var":
        """A new Var holding ``out``; ``pairs`` are (operand, local derivative) for each operand,
        of which only the Vars are kept."""
        return Var(out, [(v, local) for v, local in pairs if isinstance(v, Var)], op)

    def __add__(self, other):
        return Var._record(self.value + _value(other), "+", (self, 1.0), (other, 1.0))

    __radd__ = __add__

    def __sub__(self, other):
        return Var._record(self.value - _value(other), "-", (self, 1.0), (other, -1.0))

    def __rsub__(self, other):
        return Var._record(_value(other) - self.value, "-", (self, -1.0))

    def __neg__(self):
        return Var._record(-self.value, "neg", (self, -1.0))

    def __mul__(self, other):
        A, B = self.value, _value(other)
        return Var._record(A * B, "*", (self, B), (other, A))

    __rmul__ = __mul__

    def __truediv__(self, other):
        A, B = self.value, _value(other)
        return Var._record(A / B, "/", (self, 1.0 / B), (other, -A / (B * B)))

    def __rtruediv__(self, other):
        A, B = _value(other), self.value
        return Var._record(A / B, "/", (self, -A / (B * B)))

    def __pow__(self, n):
        if isinstance(n, Var) or not isinstance(n, numbers.Real):
            raise TypeError(f"Var ** {type(n).__name__}: the exponent must be a plain number "
                            f"(x ** 2, x ** -1, x ** 0.5); exponents that are Vars are not "
                            f"supported in this design.")
        A = self.value
        local = np.zeros_like(A) if n == 0 else n * A ** (n - 1)
        return Var._record(A ** n, "**", (self, local))

    def __matmul__(self, other):
        return _matmul(self, other)

    def __rmatmul__(self, other):
        return _matmul(other, self)

    def exp(self):
        out = np.exp(self.value)
        return Var._record(out, "exp", (self, out))

    def log(self):
        return Var._record(np.log(self.value), "log", (self, 1.0 / self.value))

    def tanh(self):
        out = np.tanh(self.value)
        return Var._record(out, "tanh", (self, 1.0 - out * out))

    def sigmoid(self):
        out = 1.0 / (1.0 + np.exp(-self.value))
        return Var._record(out, "sigmoid", (self, out * (1.0 - out)))

    def relu(self):
        return Var._record(np.maximum(self.value, 0.0), "relu", (self, self.value > 0))

    def sum(self):
        """Sum of every element; each element's local derivative is 1."""
        shape = self.value.shape
        return Var._record(self.value.sum(), "sum", (self, lambda g: np.broadcast_to(g, shape)))

    def mean(self):
        shape, n = self.value.shape, max(self.value.size, 1)
        return Var._record(self.value.mean(), "mean",
                           (self, lambda g: np.broadcast_to(g / n, shape)))

    # -- walking it -----------------------------------------------------------------------
    def nodes(self) -> list:
        """Every Var this one depends on, itself included, each listed once, output first and
        every node after all of its consumers (a topological order)."""
        order, done = [], set()
        stack = [(self, False)]
        while stack:
            node, parents_done = stack.pop()
            if parents_done:
                order.append(node)
                continue
            if id(node) in done:
                continue
            done.add(id(node))
            stack.append((node, True))
            for parent, _ in node.parents:
                if id(parent) not in done:
                    stack.append((parent, False))
        order.reverse()
        return order

    def backward(self, grad=None, method: str = "paths", limit: int = 10_000_000) -> int:
        """Fill in ``grad`` (d self / d node) on every node below this one; return the visit count.

        ``method="paths"`` is the naive depth-first walk over every path (the article's design);
        ``method="topological"`` visits each node once, after all of its consumers.  ``limit``
        stops the naive walk with an error once it has made that many visits, so a deep ladder
        of shared subexpressions fails quickly instead of running for hours.
        """
        if method not in ("paths", "topological"):
            raise ValueError(f"backward: method must be 'paths' or 'topological', got {method!r}.")
        seed = np.ones_like(self.value, dtype=np.float64) if grad is None else as_array(grad)
        if seed.shape != self.value.shape:
            raise ShapeError(f"backward: the gradient has shape {seed.shape} but this Var has "
                             f"shape {self.value.shape}; they must match.")
        order = self.nodes()
        for node in order:
            node.grad = np.zeros(node.value.shape)
            node.visits = 0
        if method == "topological":
            self.grad = seed.astype(np.float64)
            for node in order:
                node.visits += 1
                for parent, local in node.parents:
                    parent.grad = parent.grad + _chain(local, node.grad, parent)
            return len(order)
        total = 0
        stack = [(self, seed)]
        while stack:
            node, g = stack.pop()
            total += 1
            if total > limit:
                raise RuntimeError(
                    f"backward: the depth-first walk passed {limit:,} visits on a graph of only "
                    f"{len(order)} nodes. Shared subexpressions make the number of paths grow "
                    f"exponentially; use backward(method='topological') or raise limit.")
            node.visits += 1
            node.grad = node.grad + g
            for parent, local in reversed(node.parents):
                stack.append((parent, _chain(local, g, parent)))
        return total


Value = Var   # the name some articles use


def _matmul(a, b) -> Var:
    A, B = _value(a), _value(b)
    if A.ndim == 0 or B.ndim == 0:
        raise ShapeError(f"matmul: both operands need at least one dimension, got shapes "
                         f"{A.shape} and {B.shape}; use * to scale by a number.")
    try:
        out = A @ B
    except ValueError:
        raise ShapeError(f"matmul: shapes {A.shape} and {B.shape} do not fit: the last dimension "
                         f"of the first must equal the (second-to-)last of the second.") from None
    return Var._record(out, "@", (a, lambda g: matmul_grads(A, B, g)[0]),
                       (b, lambda g: matmul_grads(A, B, g)[1]))


def exp(x: Var) -> Var:
    return x.exp()


def log(x: Var) -> Var:
    return x.log()


def tanh(x: Var) -> Var:
    return x.tanh()


# -- graphs that show the blow-up ------------------------------------------------------------
def diamond_ladder(rungs: int, x: float = 1.0):
    """``rungs`` diamonds in a row: ``h -> (h * 0.5, h * 0.5) -> their sum -> next h``.

    Returns ``(x, top)``.  Every rung doubles the number of paths from ``top`` down to ``x``,
    so the naive walk makes ``2**(rungs + 2) - 3`` visits where a sorted walk makes
    ``3 * rungs + 1``.  The value (and d top/d x) stays 1 however tall the ladder is.
    """
    if isinstance(rungs, bool) or not isinstance(rungs, numbers.Integral) or rungs < 0:
        raise ValueError(f"diamond_ladder: rungs must be an integer >= 0, got {rungs!r}.")
    x = Var(x, name="x")
    h = x
    for _ in range(rungs):
        h = h * 0.5 + h * 0.5
    return x, h


def square_ladder(rungs: int, x: float = 1.0):
    """``h -> h * h`` repeated: one node per rung, but two edges to the node beneath.

    Returns ``(x, top)``; the naive walk makes ``2**(rungs + 1) - 1`` visits.
    """
    if isinstance(rungs, bool) or not isinstance(rungs, numbers.Integral) or rungs < 0:
        raise ValueError(f"square_ladder: rungs must be an integer >= 0, got {rungs!r}.")
    x = Var(x, name="x")
    h = x
    for _ in range(rungs):
        h = h * h
    return x, h


def count_paths(root: Var) -> int:
    """How many visits the naive walk from ``root`` makes: the number of paths from ``root``
    to each node, summed over the nodes (counted with a sorted walk, without taking them)."""
    order = root.nodes()
    paths = {id(root): 1}
    for node in order:
        for parent, _ in node.parents:
            paths[id(parent)] = paths.get(id(parent), 0) + paths[id(node)]
    return sum(paths[id(n)] for n in order)
