"""Making tensors: PyTorch's factories (``zeros``, ``arange``, ``randn`` …) with its defaults.

Every factory takes ``dtype=``, ``device=`` (only ``"cpu"``) and ``requires_grad=``.
The dtype defaults follow PyTorch, with minigrad's default float (float64) where
PyTorch would use its own (float32):

* ``tensor(data)`` infers it: Python bools give ``bool``, Python ints ``int64``,
  anything with a float ``float64``; a NumPy array keeps its dtype.  (``Tensor(data)``
  keeps the course's simpler rule: numbers and lists always become float64.)
* ``arange`` and ``full`` give ``int64`` when every number they are given is an int.
* ``zeros``, ``ones``, ``empty``, ``eye``, ``linspace``, ``rand`` and ``randn`` give float64;
  ``randint`` gives int64.
* the ``*_like`` forms take the shape and dtype of the tensor they are given.

Random factories draw from minigrad's one generator (:func:`minigrad.manual_seed`),
or from ``generator=`` (a ``numpy.random.Generator``) when one is passed.

``tensor`` and ``Tensor`` copy what they are given; ``from_numpy`` (in ``tensor.py``)
shares memory with the array (changing one changes the other), as in PyTorch.
"""

from __future__ import annotations

import numbers

import numpy as np

from . import dtypes
from .device import check_device
from .ops.operands import shape_arg
from .random import get_rng
from .tensor import DEFAULT_DTYPE, Tensor


# -- helpers -------------------------------------------------------------------------------
def _finish(array: np.ndarray, requires_grad: bool) -> Tensor:
    t = Tensor._from_op(array)
    if requires_grad:
        t.requires_grad_(True)
    return t


def _size(size: tuple, op: str) -> tuple:
    """``zeros(2, 3)``, ``zeros((2, 3))`` and ``zeros([2, 3])`` all mean shape (2, 3)."""
    return shape_arg(size, op, allow_infer=False)


def _number(x, what: str, op: str):
    """A Python or NumPy real number (bools included), else a TypeError naming ``what``."""
    if isinstance(x, Tensor):
        if x.data.size != 1:
            raise TypeError(f"{op}: {what} must be a number, got a tensor of shape {x.shape}.")
        return x.data.item()
    if not isinstance(x, (numbers.Real, np.generic)) or isinstance(x, np.complexfloating):
        raise TypeError(f"{op}: {what} must be a number, got {type(x).__name__} {x!r}.")
    return x.item() if isinstance(x, np.generic) else x


def _float_dtype(dtype, op: str):
    """``dtype`` (default float64), which must be a floating-point one."""
    resolved = dtypes.resolve(dtype, op)
    if resolved is None:
        return np.dtype(DEFAULT_DTYPE)
    if resolved.kind != "f":
        raise TypeError(f"{op}: dtype must be a floating-point dtype such as minigrad.float32 "
                        f"for random floats, got {resolved}.")
    return resolved


# -- from data -----------------------------------------------------------------------------
def tensor(data, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A new tensor holding a copy of ``data``, its dtype inferred as PyTorch does: Python
    bools give bool, ints int64, anything with a float float64 (minigrad's default float);
    a NumPy array keeps its dtype.  (``Tensor(data)`` keeps the course's rule: float64.)

    Args:
        data: a number, (nested) lists or tuples, a NumPy array or a Tensor.
        dtype (optional): the dtype (inferred from data by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1, 2]).dtype, mg.tensor([1.0, 2]).dtype, mg.tensor(True).dtype
        (dtype('int64'), dtype('float64'), dtype('bool'))
    """
    check_device(device, "tensor")
    dtype = dtypes.resolve(dtype, "tensor")
    if isinstance(data, Tensor):
        data = data.data
    if isinstance(data, (np.ndarray, np.generic)):
        array = dtypes.check_numeric(np.array(data), "tensor() data")
    elif isinstance(data, (numbers.Number, list, tuple)):
        array = np.array(dtypes.python_data(data, None, "tensor() data"))
        if array.dtype.kind == "f":
            array = array.astype(DEFAULT_DTYPE, copy=False)
        elif array.dtype.kind in "iu":
            array = array.astype(np.int64, copy=False)
    else:
        raise dtypes.unsupported(data, "tensor()")
    if dtype is not None:
        array = array.astype(dtype, copy=False)
    return _finish(array, requires_grad)


# -- filled with one value ----------------------------------------------------------------
def zeros(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of zeros: ``zeros(2, 3)`` or ``zeros((2, 3))``.

    Args:
        size (ints, or one tuple): the shape.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(2, 3).shape, mg.zeros((4,), dtype=mg.int64).dtype
        ((2, 3), dtype('int64'))
    """
    check_device(device, "zeros")
    dtype = dtypes.resolve(dtype, "zeros", DEFAULT_DTYPE)
    return _finish(np.zeros(_size(size, "zeros"), dtype=dtype), requires_grad)


def ones(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of ones: ``ones(2, 3)`` or ``ones((2, 3))``.

    Args:
        size (ints, or one tuple): the shape.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.ones(2)
        tensor([1., 1.])
    """
    check_device(device, "ones")
    dtype = dtypes.resolve(dtype, "ones", DEFAULT_DTYPE)
    return _finish(np.ones(_size(size, "ones"), dtype=dtype), requires_grad)


def empty(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of the given shape whose values are whatever memory held: fill it before
    reading it.

    Args:
        size (ints, or one tuple): the shape.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.empty(2, 3).shape
        (2, 3)
    """
    check_device(device, "empty")
    dtype = dtypes.resolve(dtype, "empty", DEFAULT_DTYPE)
    return _finish(np.empty(_size(size, "empty"), dtype=dtype), requires_grad)


def _inferred(value, dtype, op: str):
    """PyTorch's dtype for a fill value: bool, int64 for an int, else minigrad's float."""
    resolved = dtypes.resolve(dtype, op)
    if resolved is not None:
        return resolved
    if isinstance(value, (bool, np.bool_)):
        return np.dtype(np.bool_)
    if isinstance(value, (int, np.integer)):
        return np.dtype(np.int64)
    return np.dtype(DEFAULT_DTYPE)


def full(size, fill_value, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of shape ``size`` filled with ``fill_value`` (an int value gives int64, a bool
    bool, a float float64).

    Args:
        size (tuple of ints): the shape.
        fill_value (number): the value.
        dtype (optional): the dtype (inferred from fill_value by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.full((2, 2), 7)
        tensor([[7, 7],
                [7, 7]], dtype=int64)
    """
    check_device(device, "full")
    shape = _size((size,) if isinstance(size, (tuple, list)) else (size,), "full")
    value = _number(fill_value, "fill_value", "full")
    return _finish(np.full(shape, value, dtype=_inferred(value, dtype, "full")), requires_grad)


def eye(n, m=None, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """The n×m identity matrix (n×n when m is not given): ones on the diagonal.

    Args:
        n (int): rows.
        m (int, optional): columns (``n`` by default).
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.eye(2, 3)
        tensor([[1., 0., 0.],
                [0., 1., 0.]])
    """
    check_device(device, "eye")
    n, m = _size((n, n if m is None else m), "eye")
    dtype = dtypes.resolve(dtype, "eye", DEFAULT_DTYPE)
    return _finish(np.eye(n, m, dtype=dtype), requires_grad)


# -- ranges --------------------------------------------------------------------------------
def arange(start, end=None, step=1, dtype=None, device=None,
           requires_grad: bool = False) -> Tensor:
    """``start, start + step, …`` up to but not including ``end`` (``arange(5)``: 0 … 4);
    int64 when every argument is an int, float64 otherwise.

    Args:
        start (number): the first value, or the end when ``end`` is not given (then the
            start is 0).
        end (number, optional): the end (excluded).
        step (number): the spacing (1).
        dtype (optional): the dtype (inferred by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.arange(5), mg.arange(0, 1, 0.25)
        (tensor([0, 1, 2, 3, 4], dtype=int64), tensor([0.  , 0.25, 0.5 , 0.75]))
    """
    check_device(device, "arange")
    if end is None:
        start, end = 0, start
    start, end, step = (_number(x, name, "arange")
                        for x, name in ((start, "start"), (end, "end"), (step, "step")))
    if step == 0:
        raise ValueError("arange: step must be nonzero, got 0.")
    if (end - start) * step < 0:
        raise ValueError(f"arange: the range from start={start} to end={end} goes the other "
                         f"way from step={step}; use a step of the opposite sign.")
    every_int = all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end, step))
    inferred = np.int64 if every_int else DEFAULT_DTYPE
    array = np.arange(start, end, step, dtype=np.float64 if not every_int else np.int64)
    return _finish(array.astype(dtypes.resolve(dtype, "arange", inferred), copy=False),
                   requires_grad)


def linspace(start, end, steps, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """``steps`` evenly spaced values from ``start`` to ``end``, both included.

    Args:
        start (number): the first value.
        end (number): the last value.
        steps (int): how many values.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.linspace(0, 1, 5)
        tensor([0.  , 0.25, 0.5 , 0.75, 1.  ])
    """
    check_device(device, "linspace")
    start, end = _number(start, "start", "linspace"), _number(end, "end", "linspace")
    (steps,) = _size((steps,), "linspace")
    dtype = dtypes.resolve(dtype, "linspace", DEFAULT_DTYPE)
    return _finish(np.linspace(start, end, steps).astype(dtype, copy=False), requires_grad)


# -- random --------------------------------------------------------------------------------
def rand(*size, dtype=None, device=None, requires_grad: bool = False,
         generator=None) -> Tensor:
    """Uniform random numbers in [0, 1), from minigrad's generator (see ``manual_seed``) or
    ``generator``.

    Args:
        size (ints, or one tuple): the shape.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> x = mg.rand(2, 3, generator=mg.Generator().manual_seed(0))
        >>> x.shape, bool(((x >= 0) & (x < 1)).all())
        ((2, 3), True)
    """
    check_device(device, "rand")
    dtype = _float_dtype(dtype, "rand")
    array = get_rng(generator).random(_size(size, "rand"))
    return _finish(array.astype(dtype, copy=False), requires_grad)


def randn(*size, dtype=None, device=None, requires_grad: bool = False,
          generator=None) -> Tensor:
    """Standard normal random numbers (mean 0, standard deviation 1), from minigrad's
    generator (see ``manual_seed``) or ``generator``.

    Args:
        size (ints, or one tuple): the shape.
        dtype (optional): the dtype (float64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> w = mg.randn(3, 2, requires_grad=True)
        >>> w.shape, w.requires_grad
        ((3, 2), True)
    """
    check_device(device, "randn")
    dtype = _float_dtype(dtype, "randn")
    array = get_rng(generator).standard_normal(_size(size, "randn"))
    return _finish(array.astype(dtype, copy=False), requires_grad)


def randint(*args, size=None, dtype=None, device=None, requires_grad: bool = False,
            generator=None) -> Tensor:
    """Random integers in [low, high): ``randint(high, size)`` or ``randint(low, high, size)``,
    as PyTorch (``size`` a tuple); int64 unless ``dtype`` says otherwise.

    Args:
        args: ``high``, or ``low, high``, then the size.
        size (tuple of ints, optional): the shape, by name.
        dtype (optional): the dtype (int64 by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> labels = mg.randint(0, 10, (4,))
        >>> labels.shape, labels.dtype, bool(((labels >= 0) & (labels < 10)).all())
        ((4,), dtype('int64'), True)
    """
    check_device(device, "randint")
    if size is None and args and isinstance(args[-1], (tuple, list)):
        args, size = args[:-1], args[-1]
    if size is None or len(args) not in (1, 2):
        raise TypeError("randint: call it as randint(high, size) or randint(low, high, size), "
                        "with size a tuple such as (3,) or (2, 4).")
    low, high = (0, args[0]) if len(args) == 1 else args
    return _randint(low, high, _size(tuple(size), "randint"), dtype, requires_grad, generator,
                    "randint")


def _randint(low, high, shape, dtype, requires_grad, generator, op):
    for x, name in ((low, "low"), (high, "high")):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"{op}: {name} must be an int, got {type(x).__name__} {x!r}.")
    if high <= low:
        raise ValueError(f"{op}: high must be greater than low, got low={low}, high={high}.")
    dtype = dtypes.resolve(dtype, op, np.int64)
    array = get_rng(generator).integers(low, high, size=shape)
    return _finish(array.astype(dtype, copy=False), requires_grad)


# -- the *_like forms: the shape (and, unless dtype= says otherwise, the dtype) of t -------
def _like(t, dtype, op: str):
    """(t's shape, the dtype to use): ``dtype`` when given, else t's own."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{op}: expects a Tensor to take the shape and dtype of, got "
                        f"{type(t).__name__}.")
    return t.shape, t.dtype if dtype is None else dtype


def zeros_like(t, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Zeros with ``t``'s shape and (unless ``dtype`` says otherwise) dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.zeros_like(mg.tensor([1, 2]))
        tensor([0, 0], dtype=int64)
    """
    shape, dtype = _like(t, dtype, "zeros_like")
    return zeros(shape, dtype=dtype, device=device, requires_grad=requires_grad)


def ones_like(t, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Ones with ``t``'s shape and (unless ``dtype`` says otherwise) dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.ones_like(mg.zeros(2, 2), dtype=mg.int64)
        tensor([[1, 1],
                [1, 1]], dtype=int64)
    """
    shape, dtype = _like(t, dtype, "ones_like")
    return ones(shape, dtype=dtype, device=device, requires_grad=requires_grad)


def empty_like(t, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """An uninitialised tensor with ``t``'s shape and (unless ``dtype`` says otherwise) dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.empty_like(mg.zeros(2, 3)).shape
        (2, 3)
    """
    shape, dtype = _like(t, dtype, "empty_like")
    return empty(shape, dtype=dtype, device=device, requires_grad=requires_grad)


def full_like(t, fill_value, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """``fill_value`` everywhere, with ``t``'s shape and (unless ``dtype`` says otherwise)
    dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        fill_value (number): the value.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).

    Example:
        >>> import minigrad as mg
        >>> mg.full_like(mg.zeros(3), 0.5)
        tensor([0.5, 0.5, 0.5])
    """
    shape, dtype = _like(t, dtype, "full_like")
    return full(shape, fill_value, dtype=dtype, device=device, requires_grad=requires_grad)


def rand_like(t, dtype=None, device=None, requires_grad: bool = False, generator=None) -> Tensor:
    """Uniform random numbers in [0, 1) with ``t``'s shape and (floating-point) dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> mg.rand_like(mg.zeros(2, dtype=mg.float32)).dtype
        dtype('float32')
    """
    shape, dtype = _like(t, dtype, "rand_like")
    return rand(shape, dtype=_float_dtype(dtype, "rand_like"), device=device,
                requires_grad=requires_grad, generator=generator)


def randn_like(t, dtype=None, device=None, requires_grad: bool = False,
               generator=None) -> Tensor:
    """Standard normal random numbers with ``t``'s shape and (floating-point) dtype.

    Args:
        t (Tensor): the tensor to take the shape and dtype of.
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> mg.randn_like(mg.zeros(4, 2)).shape
        (4, 2)
    """
    shape, dtype = _like(t, dtype, "randn_like")
    return randn(shape, dtype=_float_dtype(dtype, "randn_like"), device=device,
                 requires_grad=requires_grad, generator=generator)


def randint_like(t, low, high=None, dtype=None, device=None, requires_grad: bool = False,
                 generator=None) -> Tensor:
    """Random integers in [low, high) with ``t``'s shape: ``randint_like(t, high)`` or
    ``randint_like(t, low, high)``.

    Args:
        t (Tensor): the tensor to take the shape (and dtype) of.
        low (int): the lowest value, or the end when ``high`` is not given.
        high (int, optional): the end (excluded).
        dtype (optional): the dtype (t's by default).
        device: ``"cpu"`` or None (the only device).
        requires_grad (bool): make it a leaf that requires grad (floating-point only).
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Example:
        >>> import minigrad as mg
        >>> mg.randint_like(mg.zeros(3, dtype=mg.int64), 1).tolist()
        [0, 0, 0]
    """
    shape, dtype = _like(t, dtype, "randint_like")
    check_device(device, "randint_like")
    if high is None:
        low, high = 0, low
    return _randint(low, high, shape, dtype, requires_grad, generator, "randint_like")


# -- random orders and draws ---------------------------------------------------------------
def randperm(n, *, generator=None, dtype=None, device=None, requires_grad: bool = False
             ) -> Tensor:
    """The integers 0 … n-1 in a random order (``torch.randperm``): a shuffle of indices.

    Args:
        n (int): how many.
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`
            (minigrad's shared generator by default).
        dtype (optional): int64 by default.
        device: ``"cpu"`` or None.
        requires_grad (bool): only for floating-point dtypes.

    Shape:
        (n,).

    Example:
        >>> import minigrad as mg
        >>> order = mg.randperm(5, generator=mg.Generator().manual_seed(0))
        >>> sorted(order.tolist())
        [0, 1, 2, 3, 4]
    """
    check_device(device, "randperm")
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
        raise ValueError(f"randperm: n must be a non-negative integer, got {n!r}.")
    dtype = dtypes.resolve(dtype, "randperm", np.int64)
    return _finish(get_rng(generator).permutation(int(n)).astype(dtype), requires_grad)


def multinomial(input, num_samples: int, replacement: bool = False, *,
                generator=None) -> Tensor:
    """Draw category indices with probabilities proportional to the weights in ``input``
    (``torch.multinomial``), e.g. to sample the next character from a model's softmax.

    Args:
        input (Tensor): non-negative weights, shape (C,) or (N, C) (one distribution per
            row); they need not sum to 1.
        num_samples (int): how many draws per distribution.
        replacement (bool): draw with replacement; without it every draw of a row is a
            different category, so at most the number of nonzero weights can be drawn.
        generator (optional): a ``numpy.random.Generator`` or :class:`minigrad.Generator`.

    Shape:
        (num_samples,) or (N, num_samples); int64.

    Example:
        >>> import minigrad as mg
        >>> probs = mg.tensor([0.0, 0.0, 1.0, 0.0])
        >>> mg.multinomial(probs, 3, replacement=True)
        tensor([2, 2, 2], dtype=int64)
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"multinomial: input must be a Tensor of weights, got "
                        f"{type(input).__name__}.")
    if input.ndim not in (1, 2):
        raise ValueError(f"multinomial: input must be 1-D or 2-D (a distribution per row), "
                         f"got shape {input.shape}.")
    if isinstance(num_samples, bool) or not isinstance(num_samples, numbers.Integral) \
            or num_samples < 1:
        raise ValueError(f"multinomial: num_samples must be a positive integer, got "
                         f"{num_samples!r}.")
    W = input.data.astype(np.float64).reshape(-1, input.shape[-1])
    if not np.all(np.isfinite(W)) or (W < 0).any():
        raise ValueError("multinomial: the weights must be finite and non-negative (no inf, "
                         "nan or negative entry).")
    totals = W.sum(axis=1)
    if (totals <= 0).any():
        raise ValueError("multinomial: every distribution needs a positive weight somewhere "
                         "(a row sums to 0).")
    if not replacement and num_samples > (W > 0).sum(axis=1).min():
        raise ValueError(f"multinomial: without replacement, num_samples={num_samples} draws "
                         f"need that many categories of nonzero weight in every row.")
    rng = get_rng(generator)
    rows = [rng.choice(W.shape[1], size=num_samples, replace=replacement, p=w / total)
            for w, total in zip(W, totals)]
    out = np.array(rows, dtype=np.int64).reshape(input.shape[:-1] + (num_samples,))
    return Tensor._from_op(out)
