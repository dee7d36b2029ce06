"""Turning what an op was given into tensors, with errors that name the op and the type."""

import numbers

import numpy as np

from .. import autograd, dtypes
from ..errors import broadcast_error
from ..tensor import Tensor, _to_array


def cast_first(a: Tensor, dtype, op: str, bool_ok: bool = True) -> Tensor:
    """``a`` cast to ``dtype`` for an op's ``dtype=`` (``sum``, ``prod``, ``cumsum`` …),
    refused where PyTorch refuses: an integer or bool result of a tensor whose gradient is
    being recorded ("Autograd not support dtype": the gradient would stop there), and a
    bool dtype where the op cannot count in bools (``bool_ok=False``: cumsum, cumprod)."""
    dtype = dtypes.resolve(dtype, op)
    if dtype.kind == "b" and not bool_ok:
        raise TypeError(f"{op}: dtype=bool is not supported (PyTorch refuses it too); use an "
                        f"integer or float dtype.")
    if dtype.kind != "f" and a.requires_grad and autograd.is_grad_enabled():
        raise TypeError(f"{op}: dtype={dtype} would give an {dtype} result of a tensor that "
                        f"requires grad, which cannot carry a gradient (PyTorch refuses it "
                        f"too); use a floating-point dtype, or detach() first.")
    return a.to(dtype)


def as_tensor(x, op: str, like: Tensor = None, checked: bool = False) -> Tensor:
    """``x`` as a Tensor.  A plain number meeting a tensor (``like``) takes the dtype the two
    promote to (:func:`minigrad.dtypes.result_type`), so ``float32_tensor * 2`` stays
    float32 and ``uint8_tensor + 300`` wraps around in uint8, as in PyTorch (with
    ``checked``, a number the dtype cannot hold is an error instead, as PyTorch's ``**``
    and ``where`` have it)."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._from_op(x)
    if isinstance(x, (numbers.Number, np.generic)):
        if like is not None:
            dtype = dtypes.result_type(like, x)
            return Tensor._from_op(dtypes.fill_value(x, dtype, op) if checked
                                   else number_as(x, dtype, op))
        return Tensor._from_op(_to_array(x, None))
    if isinstance(x, (list, tuple)):
        return Tensor._from_op(_to_array(x, None))
    raise TypeError(f"{op}: expected a Tensor, a number or an array, got {type(x).__name__}.")


def number_as(x, dtype, op: str) -> np.ndarray:
    """The number ``x`` as a 0-d array of ``dtype``; an integer wraps around in a narrower
    integer dtype (``uint8`` 300 is 44), as PyTorch's do."""
    if isinstance(x, complex) or isinstance(x, np.complexfloating):
        raise TypeError(f"{op}: complex numbers are not supported, got {x!r}.")
    array = np.asarray(x)
    if array.dtype.kind not in dtypes.NUMERIC_KINDS:
        raise OverflowError(f"{op}: the number {x} does not fit in a 64-bit integer.")
    if array.dtype == dtype:
        return array
    if dtype.kind in "iu" and array.dtype.kind in "iu":
        return array.astype(np.int64).astype(dtype)     # wraps around, as C (and PyTorch)
    return array.astype(dtype)


def pair(a, b, op: str, checked: bool = False) -> tuple:
    """Both operands of a binary op as tensors (at least one of them already is); a number
    among them already has the dtype the two promote to (see :func:`as_tensor`)."""
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            return a, b
        return a, as_tensor(b, op, like=a, checked=checked)
    return as_tensor(a, op, like=b if isinstance(b, Tensor) else None,
                     checked=checked), as_tensor(b, op)


def promoted(a: Tensor, b: Tensor) -> tuple:
    """``a``'s and ``b``'s arrays in the dtype they promote to (PyTorch's type promotion,
    :func:`minigrad.dtypes.result_type`); the arrays themselves when the dtypes agree."""
    A, B = a._data, b._data
    if A is None or B is None or A.dtype is B.dtype:     # (None: a stand-in's freed values)
        return A, B
    dtype = dtypes.result_type(a, b)
    return A.astype(dtype, copy=False), B.astype(dtype, copy=False)


def float_pair(a, b, op: str) -> tuple:
    """(a, b, A, B) for true division: both operands as tensors and their arrays in the float
    dtype they promote to (the default float for integers).  Each is converted directly:
    ``uint8_tensor / -1`` divides by -1, not by -1 wrapped to 255 first, as in PyTorch."""
    def typed(x):                          # a Tensor, or a number kept as it is
        return x if isinstance(x, (Tensor, numbers.Number, np.generic)) else as_tensor(x, op)

    a, b = typed(a), typed(b)
    dtype = dtypes.float_result(dtypes.result_type(a, b))
    a, b = (x if isinstance(x, Tensor) else Tensor._from_op(number_as(x, dtype, op))
            for x in (a, b))
    return a, b, a._data.astype(dtype, copy=False), b._data.astype(dtype, copy=False)


def grads_as(backward, *tensors):
    """``backward`` with each gradient cast back to its input's dtype: an op that computed
    in a promoted dtype (float32 with a float64 0-d tensor) must hand each input a gradient
    of its own dtype, as PyTorch does."""
    wanted = [t.dtype for t in tensors]

    def cast(g):
        return tuple(x if x is None or x.dtype == d else x.astype(d)
                     for x, d in zip(backward(g), wanted))
    return cast


def scalar(x) -> bool:
    """Whether ``x`` is a plain number (Python's or NumPy's), which a binary op can apply
    directly, as PyTorch does, without making a tensor of it or a place in the graph."""
    return isinstance(x, (float, int, np.floating, np.integer)) and not isinstance(x, bool)


def fast_scalar(a, b) -> bool:
    """Whether ``a op b`` can be NumPy's ``a._data op number``: ``a`` is a floating-point
    tensor and ``b`` a plain number, where NumPy's rule (the number takes the array's dtype)
    is PyTorch's.  Integer and bool tensors take the general path, which wraps and
    promotes as PyTorch does."""
    return isinstance(a, Tensor) and a._data.dtype.kind == "f" and scalar(b) \
        and not isinstance(b, Tensor)


def fast_number(a, b):
    """The number to apply when ``a op b`` takes the fast path of :func:`fast_scalar`
    (``b`` as :func:`number` gives it), else None: one call where an op's common case would
    otherwise make three.  A Python float, the most common ``b``, is tested first, with
    :func:`fast_scalar`'s own conditions on ``a``."""
    if b.__class__ is float:
        return b if isinstance(a, Tensor) and a._data.dtype.kind == "f" else None
    return number(b) if fast_scalar(a, b) else None


def is_bool(x) -> bool:
    """Whether ``x`` is a bool: a Python or NumPy bool, or a bool tensor or array."""
    if isinstance(x, (bool, np.bool_)):
        return True
    dtype = getattr(x, "dtype", None)
    return dtype is not None and dtype.kind == "b"


def number(x):
    """A NumPy scalar as the Python number it holds: NumPy lets a Python number take the
    tensor's dtype (float32 stays float32), but not a NumPy float64."""
    return x.item() if isinstance(x, np.generic) else x


def binary(fn, a: Tensor, b: Tensor, op: str, A=None, B=None) -> np.ndarray:
    """Apply a broadcasting NumPy function to ``a``'s and ``b``'s arrays (or to ``A`` and
    ``B``, the same promoted), turning NumPy's shape error into one naming ``op``."""
    if A is None:
        A, B = a._data, b._data
    try:
        return fn(A, B)
    except ValueError:
        try:
            np.broadcast_shapes(A.shape, B.shape)
        except ValueError:
            raise broadcast_error(op, A.shape, B.shape) from None
        raise


def normalize_dims(dim, ndim: int, op: str):
    """``dim`` (None, an int or a tuple of ints, negatives allowed) as a sorted tuple of axes,
    or None for "all axes".  An empty tuple also means every axis, as in PyTorch
    (``t.sum(dim=())`` sums everything)."""
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return None
    if isinstance(dim, (int, np.integer)) and not isinstance(dim, bool):
        dims = (dim,)
    elif isinstance(dim, (tuple, list)):
        dims = tuple(dim)
    else:
        raise TypeError(f"{op}: dim must be an int or a tuple of ints, got {type(dim).__name__}.")
    out = []
    for d in dims:
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"{op}: dim must be an int or a tuple of ints, got {type(d).__name__}.")
        if not -ndim <= d < ndim:
            raise IndexError(f"{op}: dim {d} is out of range for a tensor with {ndim} "
                             f"dimension(s) (valid: {-ndim} to {ndim - 1}).")
        out.append(int(d) % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{op}: dim {dim} names the same axis twice.")
    return tuple(sorted(out))


def keep_flag(keepdim, keepdims, op: str) -> bool:
    """PyTorch's ``keepdim=`` or NumPy's ``keepdims=`` (either may be used), as one bool."""
    for name, value in (("keepdim", keepdim), ("keepdims", keepdims)):
        if value is not None and not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{op}: {name} must be True or False, got {type(value).__name__} "
                            f"{value!r} (to reduce over several axes, pass a tuple: "
                            f"{op}(dim=(0, 1))).")
    if keepdims is not None and keepdim is not None and bool(keepdims) != bool(keepdim):
        raise TypeError(f"{op}: keepdim={keepdim} and keepdims={keepdims} disagree; pass one "
                        f"of them (they mean the same).")
    return bool(keepdim) or bool(keepdims)


def shape_arg(shape: tuple, op: str, allow_infer: bool = True) -> tuple:
    """A shape given as ``f(2, 3)`` or ``f((2, 3))``, checked: ints, non-negative, except one
    -1 (to be inferred) where ``allow_infer``."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    for n in shape:
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"{op}: the shape (its sizes) must be ints, got "
                            f"{type(n).__name__} {n!r} in {shape!r}.")
        if n < (-1 if allow_infer else 0):
            raise ValueError(f"{op}: sizes must be non-negative"
                             + (" (or -1, to infer one size)" if allow_infer else "")
                             + f", got {shape!r}.")
    if sum(1 for n in shape if n == -1) > 1:
        raise ValueError(f"{op}: only one size can be -1 (inferred), got {shape!r}.")
    return tuple(int(n) for n in shape)


def axis(dim, ndim: int, op: str, name: str = "dim") -> int:
    """One axis ``dim`` (negatives count from the end) of a tensor with ``ndim`` axes."""
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        raise TypeError(f"{op}: {name} must be an int, got {type(dim).__name__} {dim!r}.")
    if not -ndim <= dim < ndim:
        raise IndexError(f"{op}: {name} {dim} is out of range for a tensor with {ndim} "
                         f"dimension(s) (valid: {-ndim} to {ndim - 1}).")
    return int(dim) % ndim


def int_array(x, what: str, op: str) -> np.ndarray:
    """An integer index (a Tensor, an ndarray or a list of ints) as an int ndarray."""
    if isinstance(x, Tensor):
        x = x.data
    elif isinstance(x, (list, tuple)):
        x = np.asarray(x)
    elif not isinstance(x, np.ndarray):
        raise TypeError(f"{op}: {what} must be an integer tensor, got {type(x).__name__}.")
    if x.dtype.kind not in "iu" and not (x.size == 0 and x.dtype.kind == "f"):
        raise TypeError(f"{op}: {what} must be an integer tensor (int64), got dtype {x.dtype}.")
    if x.dtype.kind in "iu" and x.dtype not in (np.int64, np.int32):
        raise TypeError(dtypes.index_dtype_refused(x.dtype, f"{op}: {what}"))
    return x.astype(np.int64, copy=False)


def bool_array(x, what: str, op: str) -> np.ndarray:
    """A mask (a bool Tensor or ndarray) as a bool ndarray."""
    data = x.data if isinstance(x, Tensor) else x
    if not isinstance(data, np.ndarray):
        raise TypeError(f"{op}: {what} must be a bool tensor, got {type(x).__name__}.")
    if data.dtype != np.bool_:
        raise TypeError(f"{op}: {what} must be a bool tensor (such as t > 0), got dtype "
                        f"{data.dtype}.")
    return data
