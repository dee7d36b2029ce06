"""The Tensor: a NumPy array with a memory of where it came from.

This file holds only the *container*: how data goes in, what a tensor reports
about itself, and how it prints.  What a tensor can *do* (add, mm, sum, exp …)
lives in ``minigrad/ops/``, one file per chapter, and is attached to the class
with :func:`tensor_method`.  That is how the package grows chapter by chapter
without this class body ever changing.

Dtype policy
------------
* The default dtype is ``float64``: Python numbers and (nested) lists become
  float64, so gradients are exact enough to check numerically.
* A NumPy array (or NumPy scalar) keeps its dtype.  A ``float32`` array stays ``float32``; an
  integer or boolean array stays integer/boolean, because such data is labels,
  indices or masks.
* ``dtype=`` always wins.
* Only floating-point tensors can require gradients.  Asking for
  ``requires_grad=True`` on integer data raises a ``TypeError`` instead of
  silently converting it, and integer tensors never receive a ``.grad``.
"""

from __future__ import annotations

import numbers

import numpy as np

from . import dtypes

DEFAULT_DTYPE = np.float64


def _to_array(data, dtype) -> np.ndarray:
    """Turn user data into an ndarray following the dtype policy above."""
    if isinstance(data, Tensor):
        data = data.data
    dtype = dtypes.resolve(dtype, "Tensor()")
    if isinstance(data, (np.ndarray, np.generic)):
        data = dtypes.check_numeric(np.asarray(data), "Tensor() data")
        return data if dtype is None else data.astype(dtype, copy=False)
    if isinstance(data, (bool, np.bool_)) and dtype is None:
        return np.asarray(data)
    if isinstance(data, (numbers.Number, list, tuple)):
        return dtypes.python_data(data, DEFAULT_DTYPE if dtype is None else dtype, "Tensor() data")
    raise dtypes.unsupported(data, "Tensor()")


class Tensor:
    """An n-dimensional array that can record the operations that made it.

    ``Tensor(data, requires_grad=False, dtype=None)``

    A tensor created by you is a *leaf*.  A tensor returned by an operation on
    tensors that require gradients is a *node* of the computation graph: it
    remembers its ``parents`` and the name of the ``op`` that made it, and
    ``backward()`` uses that memory to send gradients back to the leaves.
    """

    __slots__ = ("data", "grad", "requires_grad", "_parents", "_backward", "_op",
                 "_retains_grad", "_trace", "_pending", "__weakref__")

    # Make NumPy hand mixed expressions (``ndarray + Tensor``) to our reflected
    # operators instead of trying to treat the tensor as an array of objects.
    __array_ufunc__ = None

    # Tensors are hashed by identity, as in PyTorch, so they can be dict keys and set
    # members even where ``==`` compares values elementwise.
    __hash__ = object.__hash__

    def __init__(self, data, requires_grad: bool = False, dtype=None):
        self._reset(_to_array(data, dtype))
        if requires_grad:
            self.requires_grad_(True)

    @classmethod
    def _from_op(cls, data: np.ndarray) -> "Tensor":
        """A fresh leaf around an array that is already an ndarray (what ops produce)."""
        t = object.__new__(cls)
        t._reset(data)
        return t

    def _reset(self, data: np.ndarray) -> None:
        self.data = data
        self.grad = None
        self.requires_grad = False
        self._parents = ()
        self._backward = None
        self._op = None
        self._retains_grad = False
        self._trace = None
        self._pending = None

    # -- gradient bookkeeping -----------------------------------------------------
    def requires_grad_(self, flag: bool = True) -> "Tensor":
        """Switch gradient tracking on or off for this leaf, in place."""
        if flag and not np.issubdtype(self.data.dtype, np.floating):
            raise TypeError(
                f"only floating-point tensors can require gradients, but this tensor has "
                f"dtype {self.data.dtype}. Create it from floats, or pass dtype=np.float64."
            )
        if not flag and self._backward is not None:
            raise RuntimeError("requires_grad_(False) only works on leaf tensors; "
                               "use .detach() to cut a node out of the graph.")
        self.requires_grad = bool(flag)
        return self

    @property
    def is_leaf(self) -> bool:
        """True for tensors you created; False for results of recorded ops."""
        return self._backward is None

    @property
    def op(self):
        """Name of the operation that made this tensor, or None for a leaf."""
        return self._op

    @property
    def parents(self) -> tuple:
        """The tensors this one was computed from (empty for leaves and freed graphs)."""
        return self._parents

    def retain_grad(self) -> "Tensor":
        """Keep ``.grad`` on this non-leaf tensor after ``backward()`` (leaves always keep it)."""
        if not self.requires_grad:
            raise RuntimeError("retain_grad() on a tensor that does not require grad")
        self._retains_grad = True
        return self

    def backward(self, grad=None, retain_graph: bool = False) -> None:
        """Compute gradients of this tensor with respect to every leaf that requires them.

        See :func:`minigrad.autograd.backward` for the rules.
        """
        from .autograd import backward  # autograd imports this module, so import late

        backward(self, grad, retain_graph=retain_graph)

    def zero_grad(self) -> None:
        """Forget the accumulated gradient (``.grad`` becomes None, as in PyTorch)."""
        self.grad = None

    def __setitem__(self, index, value):
        raise TypeError(
            "minigrad tensors do not support item assignment (t[i] = v): changing a value in "
            "place would silently corrupt gradients recorded from it. Build a new tensor, or "
            "change t.data inside `with minigrad.no_grad():` if you really mean to."
        )

    def detach(self) -> "Tensor":
        """A new leaf sharing this tensor's data, cut off from the graph."""
        return Tensor._from_op(self.data)

    # -- what a tensor reports about itself ------------------------------------------
    @property
    def shape(self) -> tuple:
        return self.data.shape

    @property
    def ndim(self) -> int:
        return self.data.ndim

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def size(self) -> int:
        """Number of elements (NumPy's name; PyTorch calls it ``numel()``)."""
        return self.data.size

    def numel(self) -> int:
        return self.data.size

    def item(self):
        """The value of a one-element tensor as a Python number."""
        if self.data.size != 1:
            raise ValueError(
                f"item() needs a tensor with exactly one element, but this one has shape "
                f"{self.shape} ({self.data.size} elements)."
            )
        return self.data.item()

    def numpy(self) -> np.ndarray:
        """The underlying NumPy array (shared, not copied)."""
        return self.data

    def __len__(self) -> int:
        if self.data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.data.shape[0]

    def __iter__(self):
        """Rows along the first axis, each a tensor indexed out of this one (so gradients flow)."""
        if self.data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor; use .item() to get its value")
        return (self[i] for i in range(self.data.shape[0]))

    def __bool__(self) -> bool:
        if self.data.size != 1:
            raise ValueError(
                f"the truth value of a tensor with {self.data.size} elements (shape {self.shape}) "
                "is ambiguous; use .data.any() or .data.all()"
            )
        return bool(self.data)

    def __repr__(self) -> str:
        body = np.array2string(self.data, separator=", ", prefix="tensor(")
        extras = []
        if self.data.dtype != DEFAULT_DTYPE:
            extras.append(f"dtype={self.data.dtype}")
        if self._op is not None:
            extras.append(f"grad_fn=<{self._op}>")
        elif self.requires_grad:
            extras.append("requires_grad=True")
        return "tensor(" + body + "".join(", " + e for e in extras) + ")"


# -- growing the class from other modules -------------------------------------------------
#: Which module attached which Tensor method: ``{"mm": "minigrad.ops.mul_mm", ...}``.
REGISTRY: dict = {}


def tensor_method(*names: str, prop: bool = False):
    """Attach the decorated function to :class:`Tensor` under each of ``names``.

    This is the one mechanism the package uses to grow: an op module defines a
    plain function and registers it as a method (and operator) of Tensor::

        @tensor_method("add", "__add__", "__radd__")
        def add(a, b):
            ...

    ``Tensor(1.0) + 2`` then calls ``add``.  With ``prop=True`` the function becomes
    a read-only property (``t.T``).  Registering a name again replaces the earlier
    method, which is how a chapter notebook can plug in its own version of an op;
    ``REGISTRY`` records the module that provided each name.
    """
    def decorate(fn):
        for name in names or (fn.__name__,):
            setattr(Tensor, name, property(fn) if prop else fn)
            REGISTRY[name] = fn.__module__
        return fn
    return decorate
