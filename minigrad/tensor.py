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
  indices or masks.  ``Tensor(array)`` copies the array (``from_numpy`` shares it).
* ``dtype=`` always wins.
* Only floating-point tensors can require gradients.  Asking for
  ``requires_grad=True`` on integer data raises a ``TypeError`` instead of
  silently converting it, and integer tensors never receive a ``.grad``.
"""

from __future__ import annotations

import numbers
import sys

import numpy as np

from . import dtypes

DEFAULT_DTYPE = dtypes.DEFAULT_FLOAT.type      # float64; the type promotion rules are in dtypes.py
_new = object.__new__


def _to_array(data, dtype, copy: bool = False) -> np.ndarray:
    """Turn user data into an ndarray following the dtype policy above (a copy if asked)."""
    if isinstance(data, Tensor):
        data = data.data
    dtype = dtypes.resolve(dtype, "Tensor()")
    if isinstance(data, (np.ndarray, np.generic)):
        data = dtypes.check_numeric(np.asarray(data), "Tensor() data")
        out = data if dtype is None else data.astype(dtype, copy=False)
        return out.copy() if copy and out is data else out
    if isinstance(data, (bool, np.bool_)) and dtype is None:
        return np.asarray(data)
    if isinstance(data, (numbers.Number, list, tuple)):
        return dtypes.python_data(data, DEFAULT_DTYPE if dtype is None else dtype, "Tensor() data")
    raise dtypes.unsupported(data, "Tensor()")


class Tensor:
    """An n-dimensional array that can record the operations that made it.

    ``Tensor(data, requires_grad=False, dtype=None)`` copies ``data``, as
    ``torch.tensor`` does: changing the array you passed in later changes nothing here.
    (:func:`from_numpy` shares the array instead, and :meth:`numpy` hands it back.)

    A tensor created by you is a *leaf*.  A tensor returned by an operation on
    tensors that require gradients is a *node* of the computation graph: its
    ``grad_fn`` remembers the ``op`` that made it and how to send a gradient back to
    its ``parents``, and ``backward()`` uses that memory to send gradients back to
    the leaves.

    As in PyTorch, ``t[0]``, ``t.T``, ``t.reshape(…)`` and the like are *views*: they share
    ``t``'s memory, so a change through one shows in the other (minigrad/views.py).

    Numbers and lists become float64 (the course's rule; :func:`minigrad.tensor` infers
    the dtype as PyTorch does), a NumPy array keeps its dtype, ``dtype=`` wins.

    Args:
        data: a number, (nested) lists, a NumPy array or a Tensor.
        requires_grad (bool): record operations on it, so that ``backward()`` fills its
            ``.grad`` (floating-point only).
        dtype (optional): the dtype (float64 for numbers and lists by default).

    Example:
        >>> import minigrad as mg
        >>> a = mg.Tensor(10.0, requires_grad=True)
        >>> b = mg.Tensor(5.0, requires_grad=True)
        >>> d = (a * b) ** 2
        >>> d.backward()
        >>> a.grad, b.grad
        (tensor(500.), tensor(1000.))
    """

    # ``_hooks`` is set only on tensors you create and those given a hook: ops make tensors
    # by the million, and every field they need not set makes them cheaper.  ``_view`` and
    # ``_views`` are minigrad/views.py's: how a view was taken from its base, and a base's views.
    __slots__ = ("_data", "_grad", "requires_grad", "_node", "_version", "_hooks", "_pending",
                 "_view", "_views", "__weakref__")

    # Make NumPy hand mixed expressions (``ndarray + Tensor``) to our reflected
    # operators instead of trying to treat the tensor as an array of objects.
    __array_ufunc__ = None

    # Tensors are hashed by identity, as in PyTorch, so they can be dict keys and set
    # members even where ``==`` compares values elementwise.
    __hash__ = object.__hash__

    def __init__(self, data, requires_grad: bool = False, dtype=None):
        self._reset(_to_array(data, dtype, copy=True))
        if requires_grad:
            self.requires_grad_(True)

    def __getstate__(self):
        """For ``copy.deepcopy`` and pickle: the copy of a view is a tensor of its own (its
        array is copied apart from its base's), and a base's views stay with the original."""
        slots = {name: getattr(self, name) for name in Tensor.__slots__
                 if name != "__weakref__" and hasattr(self, name)}
        slots["_view"] = slots["_views"] = None
        return None, slots

    @staticmethod
    def _from_op(data: np.ndarray) -> "Tensor":
        """A fresh leaf around what an op produced: an ndarray (a NumPy scalar, which ufuncs
        return for 0-d inputs, is made a 0-d array), or None for a graph's stand-in."""
        t = _new(Tensor)
        t._data = np.asarray(data) if isinstance(data, np.generic) else data
        t._grad = t._node = t._version = t._pending = t._view = t._views = None
        t.requires_grad = False
        return t

    def _reset(self, data: np.ndarray) -> None:
        self._data = data
        self._grad = None
        self.requires_grad = False
        self._node = None              # the graph node (grad_fn) that made this tensor
        self._version = None           # the version counter, made when first needed
        self._hooks = None
        self._pending = None           # a leaf's gradient while backward() sums it
        self._view = None              # for a view: its base and how it was taken (views.py)
        self._views = None             # for a base: weak references to its views (views.py)

    # -- the values -------------------------------------------------------------------
    @property
    def data(self) -> np.ndarray:
        """The values: the NumPy array itself, not a copy.

        Assigning to it (``t.data = a``, ``t.data -= lr * g``, ``t.data *= 0``) changes
        the tensor in place and counts as such (see ``_version``): a graph that saved
        the old values refuses to run backward with the new ones.  Writing *into* the
        array element by element (``t.data[0] = 1``) is not counted, as with PyTorch's
        ``.data``; use ``with no_grad(): t[0] = 1`` for that.
        """
        data = self._data
        if data is None:
            raise RuntimeError(self._node.freed_message())
        return data

    @data.setter
    def data(self, value) -> None:
        value = value._data if isinstance(value, Tensor) else value
        if not isinstance(value, np.ndarray):
            value = _to_array(value, None)
        if self.requires_grad and value.dtype.kind != "f":
            raise TypeError(f"this tensor requires grad, so .data must stay floating-point; "
                            f"got an array of {value.dtype}.")
        if value is not self._data and (self._view is not None or self._views):
            self._unshare()
        self._data = value
        self.bump_version()

    def _unshare(self) -> None:
        """``t.data = other_array``: t no longer shares memory with its base or its views, so
        it stops being a view (and they stop being its views), with a counter of its own."""
        if self._view is not None:
            self._view = None
        else:
            for ref in self._views:
                view = ref()
                if view is not None:
                    view._view = None
            self._views = None
        self._version = [self.version]

    @property
    def version(self) -> int:
        """How many times this tensor was changed in place (PyTorch's ``t._version``)."""
        return 0 if self._version is None else self._version[0]

    def version_counter(self) -> list:
        """The one-element list holding this tensor's version, shared with the tensors that
        share its memory (``detach()``, views such as ``reshape``); made on first use, so a
        tensor nobody saves or changes costs nothing for it."""
        counter = self._version
        if counter is None:
            counter = self._version = [0]
        return counter

    def bump_version(self) -> None:
        """Count an in-place change made to ``.data`` directly (what in-place ops call)."""
        self.version_counter()[0] += 1

    # -- gradient bookkeeping -----------------------------------------------------
    @property
    def grad(self):
        """The gradient that ``backward()`` accumulated here: a Tensor of this tensor's
        shape, or None."""
        return self._grad

    @grad.setter
    def grad(self, value) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f".grad must be a Tensor with this tensor's shape {self.shape}, "
                                f"or None; got {type(value).__name__}. Wrap an array in "
                                f"Tensor(array) first.")
            if value.shape != self.shape:
                from .errors import ShapeError

                raise ShapeError(f".grad must have this tensor's shape {self.shape}, but the "
                                 f"tensor assigned has shape {value.shape}.")
            if value.dtype.kind != "f":
                raise TypeError(f".grad must hold floating-point numbers, got {value.dtype}.")
        self._grad = value

    def requires_grad_(self, flag: bool = True) -> "Tensor":
        """Switch gradient tracking on or off for this leaf, in place; returns the tensor.

        Args:
            flag (bool): True to track (floating-point tensors only).

        Example:
            >>> import minigrad as mg
            >>> mg.zeros(2).requires_grad_().requires_grad
            True
        """
        if flag and not np.issubdtype(self.dtype, np.floating):
            raise TypeError(
                f"only floating-point tensors can require gradients, but this tensor has "
                f"dtype {self.dtype}. Create it from floats, or pass dtype=np.float64."
            )
        if not flag and self._node is not None:
            raise RuntimeError("requires_grad_(False) only works on leaf tensors; "
                               "use .detach() to cut a node out of the graph.")
        self.requires_grad = bool(flag)
        return self

    @property
    def grad_fn(self):
        """The graph node that made this tensor (None for a leaf): its ``name()``, and
        ``next_functions``, the nodes of the tensors it was computed from."""
        return self._node

    @property
    def _base(self):
        """For a view, the tensor whose memory it shares (never itself a view); else None."""
        return None if self._view is None else self._view.base

    def _is_view(self) -> bool:
        """Whether this tensor is a view of another (see minigrad/views.py)."""
        return self._view is not None

    @property
    def is_leaf(self) -> bool:
        """True for tensors you created; False for results of recorded ops."""
        return self._node is None

    @property
    def op(self):
        """Name of the operation that made this tensor, or None for a leaf."""
        return None if self._node is None else self._node.op

    @property
    def parents(self) -> tuple:
        """The tensors this one was computed from (empty for leaves, and once backward()
        has freed the graph).  A parent you still hold is that very object; one only the
        graph refers to comes back as a stand-in whose values were freed (see
        ``grad_fn``)."""
        return () if self._node is None else self._node.parents()

    @property
    def _backward(self):
        """The recorded op's ``backward(grad)`` (None for a leaf): chapter 2 calls it by
        hand to walk the graph."""
        return None if self._node is None else self._node.backward

    def retain_grad(self) -> "Tensor":
        """Keep ``.grad`` on this non-leaf tensor after ``backward()`` (leaves always keep it)."""
        if not self.requires_grad:
            raise RuntimeError("retain_grad() on a tensor that does not require grad")
        if self._node is not None:
            self._node._set("retains", True)
        return self

    def register_hook(self, hook):
        """Call ``hook(grad)`` with this tensor's gradient (a Tensor) whenever backward()
        computes it; a hook that returns a Tensor replaces the gradient.  Returns a handle
        whose ``remove()`` unregisters it."""
        from .autograd import register_hook

        return register_hook(self, hook)

    def backward(self, grad=None, retain_graph=None, create_graph: bool = False) -> None:
        """Compute gradients of this tensor with respect to every leaf that requires them.

        See :func:`minigrad.autograd.backward` for the rules: the gradients are added into
        the leaves' ``.grad`` (with ``create_graph=True`` each is a graph, for second
        derivatives).

        Args:
            grad (Tensor or array, optional): the gradient of some final loss with respect to
                this tensor; required unless it has one element (then 1).
            retain_graph (bool): keep the graph's saved values so that backward can run
                through it again (default: ``create_graph``).
            create_graph (bool): record the backward pass itself, so that the gradients
                can be differentiated again.

        Example:
            >>> import minigrad as mg
            >>> x = mg.Tensor([1.0, 2.0], requires_grad=True)
            >>> (x * x).backward(mg.Tensor([1.0, 0.5]))
            >>> x.grad
            tensor([2., 2.])
        """
        # autograd imports this module, so it is found at call time (without an import
        # statement, which costs more than a step of a small model's backward walk)
        sys.modules["minigrad.autograd"].backward(self, grad, retain_graph, create_graph)

    def zero_grad(self) -> None:
        """Forget the accumulated gradient (``.grad`` becomes None, as in PyTorch)."""
        self._grad = None

    def detach(self) -> "Tensor":
        """A new leaf sharing this tensor's data (and its version counter), cut off from
        the graph.  As in PyTorch it is not a view: changing it in place changes this
        tensor's values without a record, but a graph that saved them notices."""
        t = Tensor._from_op(self.data)
        t._version = self.version_counter()
        return t

    # -- what a tensor reports about itself ------------------------------------------
    @property
    def shape(self) -> tuple:
        """The size of each axis, a tuple of ints (``t.size()`` in PyTorch's spelling)."""
        data = self._data
        return data.shape if data is not None else self._node.shape

    @property
    def ndim(self) -> int:
        """The number of axes (``t.dim()``)."""
        return len(self.shape)

    @property
    def dtype(self):
        """The NumPy dtype of the values (``float64``, ``float32``, ``int64``, ``bool`` …)."""
        data = self._data
        return data.dtype if data is not None else self._node.dtype

    def numel(self) -> int:
        """The number of elements (the product of the shape).

        Example:
            >>> import minigrad as mg
            >>> mg.zeros(2, 3).numel()
            6
        """
        return self.data.size

    def item(self):
        """The value of a one-element tensor as a Python number."""
        if self.data.size != 1:
            raise ValueError(
                f"item() needs a tensor with exactly one element, but this one has shape "
                f"{self.shape} ({self.data.size} elements)."
            )
        return self.data.item()

    def numpy(self, force: bool = False) -> np.ndarray:
        """The underlying NumPy array, shared, not copied (as PyTorch's ``numpy()``):
        writing into it changes the tensor.

        As in PyTorch, a tensor that requires grad refuses while gradients are recorded
        (the array would escape the graph: a change made through it is never seen by
        backward); ``t.detach().numpy()`` says that you mean it.  ``force=True`` does that
        for you."""
        if self.requires_grad and not force and sys.modules["minigrad.autograd"]._grad_enabled:
            raise RuntimeError("numpy() on a tensor that requires grad: the array would share "
                               "its memory outside the graph. Use t.detach().numpy() (or "
                               "t.numpy(force=True)), or call it inside `with no_grad():`.")
        return self.data

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self):
        """Rows along the first axis, each a view of this tensor (``unbind(0)``, as in
        PyTorch): gradients flow through them, and writing into one writes into this tensor."""
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d tensor; use .item() to get its value")
        return iter(self.unbind(0))

    def __bool__(self) -> bool:
        if self.data.size != 1:
            raise ValueError(
                f"the truth value of a tensor with {self.data.size} elements (shape {self.shape}) "
                "is ambiguous; use .data.any() or .data.all()"
            )
        return bool(self.data)

    def __repr__(self) -> str:
        if self._data is None:
            return (f"tensor(<values freed>, shape={self.shape}, "
                    f"grad_fn=<{self._node.op}>)")
        body = np.array2string(self._data, separator=", ", prefix="tensor(")
        extras = []
        if self._data.dtype != DEFAULT_DTYPE:
            extras.append(f"dtype={self._data.dtype}")
        if self._node is not None:
            extras.append(f"grad_fn=<{self._node.op}>")
        elif self.requires_grad:
            extras.append("requires_grad=True")
        return "tensor(" + body + "".join(", " + e for e in extras) + ")"


def from_numpy(array: np.ndarray) -> Tensor:
    """A tensor that shares ``array``'s memory (as ``torch.from_numpy``): writing into one
    changes the other.  ``Tensor(array)`` copies instead.

    Args:
        array (ndarray): a numeric NumPy array.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> a = np.zeros(3)
        >>> t = mg.from_numpy(a)
        >>> a[0] = 5.0
        >>> t
        tensor([5., 0., 0.])
    """
    if not isinstance(array, np.ndarray):
        raise TypeError(f"from_numpy expects a NumPy array, got {type(array).__name__}.")
    dtypes.check_numeric(array, "from_numpy: the array")   # refuses objects and strings
    return Tensor._from_op(array)


# -- growing the class from other modules -------------------------------------------------
#: Which module attached which Tensor method: ``{"mm": "minigrad.ops.mul_mm", ...}``.
REGISTRY: dict = {}


def tensor_method(*names: str, prop: bool = False):
    """Attach the decorated function to :class:`Tensor` under each of ``names``.

    This is the one mechanism the package uses to grow: an op module defines a plain
    function and registers it as a method (and operator) of Tensor::

        @tensor_method("add", "__add__", "__radd__")
        def add(a, b):
            ...

    ``Tensor(1.0) + 2`` then calls ``add``.  With ``prop=True`` the function becomes a
    read-only property (``t.T``).  Registering a name again replaces the earlier method,
    which is how a chapter notebook can plug in its own version of an op; ``REGISTRY``
    records the module that provided each name.

    Args:
        names (str): the method names (the function's own name when none is given).
        prop (bool): attach it as a read-only property instead.

    Example:
        >>> import minigrad as mg
        >>> @mg.tensor_method("double_it")
        ... def double_it(a):
        ...     return a * 2
        >>> mg.Tensor([1.0, 2.0]).double_it()
        tensor([2., 4.])
        >>> del mg.Tensor.double_it, mg.REGISTRY["double_it"]
    """
    def decorate(fn):
        for name in names or (fn.__name__,):
            setattr(Tensor, name, property(fn) if prop else fn)
            REGISTRY[name] = fn.__module__
        return fn
    return decorate
