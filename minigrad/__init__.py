"""minigrad: a small, readable deep-learning library on NumPy, with PyTorch's names.

The package is laid out the way the course builds it:

* ``tensor.py``        the Tensor container and :func:`tensor_method` (chapter 1)
* ``autograd.py``      recording ops and the backward walk (chapters 2-4)
* ``views.py``         views (``t[0]``, ``reshape`` …) and in-place changes in the graph
* ``broadcasting.py``  undoing broadcasting in backward (chapter 4)
* ``ops/``             the operations, one file per chapter, then PyTorch's tensor API one
                       idea per file (see ``ops/__init__.py``)
* ``factories.py``     ``tensor``, ``zeros``, ``arange``, ``randn`` … (PyTorch's factories)
* ``dtypes.py``        dtype names (``float32``, ``int64`` …) and what a tensor may hold
* ``device.py``        ``device="cpu"``, the only device
* ``return_types.py``  the ``(values, indices)`` tuples of ``max(dim)``, ``sort``, ``topk``
* ``gradcheck.py``     numeric gradient checking (chapter 3)
* ``random.py``        ``manual_seed``: one generator for initialisation and dropout;
                       ``Generator``, a generator of one's own
* ``linalg.py``        ``minigrad.linalg``: PyTorch's ``vector_norm``, ``matrix_norm``, ``norm``
* ``cuda.py``, ``accelerator.py``  there is no GPU: ``is_available()`` is False, so PyTorch's
                       device-choosing line picks ``device("cpu")``
* ``nn/``              layers, losses and the Module base class (chapter 6)
* ``optim/``           SGD and Adam (chapter 5)
* ``data/``            batches (DataLoader), offline digits, MNIST, small synthetic sets
* ``train/``           ``fit`` with a progress bar, ``evaluate``, History and loss plots
* ``serialization.py`` ``save`` and ``load``: state dicts and checkpoints as ``.npz`` files
"""

from . import ops  # noqa: F401  (registers every op as a Tensor method)
from . import accelerator, cuda, data, linalg, nn, optim, train
from . import autograd
from .autograd import (backward, detect_anomaly, enable_grad, is_grad_enabled, no_grad,
                       set_detect_anomaly, set_grad_enabled, topological_order)
from .broadcasting import broadcast_axes, sum_to
from .dtypes import (bool, double, float16, float32, float64, half, int8, int16, int32, int64,
                     long, short, uint8)
from .errors import ShapeError
from .factories import (arange, empty, empty_like, eye, full, full_like, linspace, multinomial,
                        ones, ones_like, rand, rand_like, randint, randint_like, randn, randn_like,
                        randperm, tensor, zeros, zeros_like)
from .gradcheck import GradcheckError, GradcheckResult, gradcheck, gradgradcheck
from .ops.add_neg import add, neg, sub
from .ops.abs_sqrt import abs, sqrt
from .device import device
from .ops.clamp import clamp, clamp_max, clamp_min, clip, maximum, minimum
from .ops.compare import (all, allclose, any, eq, equal, ge, gt, isclose, isfinite, isinf, isnan,
                          le, lt, ne)
from .ops.cumulative import cumprod, cumsum, prod
from .ops.logical import (bitwise_and, bitwise_not, bitwise_or, bitwise_xor, logical_and,
                          logical_not, logical_or, logical_xor)
from .ops.products import bmm, dot, mv, outer
from .ops.triangle import tril, triu
from .ops.unary_math import (ceil, cos, expm1, floor, log1p, log2, log10, nan_to_num,
                             reciprocal, round, rsqrt, sign, sin, square, trunc)
from .ops.einsum import einsum
from .ops.join import cat, chunk, concat, concatenate, narrow, split, stack, unbind
from .ops.log_exp import logsumexp
from .ops.minmax import argmax, argmin, max, min
from .ops.norm import norm
from .ops.reorder import flip, roll
from .ops.select import gather, index_select, masked_fill, where
from .ops.shape import flatten, squeeze, unsqueeze
from .ops.sizes import is_tensor, numel
from .ops.sort import argsort, sort, topk
from .ops.var_std import std, var
from .ops.elementwise import exp, log, relu, sigmoid, tanh
from .ops.indexing import getitem
from .ops.mul_mm import matmul, mm, mul, permute, t, transpose
from .ops.pow_div import floor_divide, pow, remainder, truediv
from .ops.sum_expand import broadcast_to, expand, mean, reshape, sum
from . import return_types
from .random import Generator, manual_seed
from .ops.inplace import clone
from .serialization import load, save
from .tensor import DEFAULT_DTYPE, REGISTRY, Tensor, from_numpy, tensor_method
from .nn.functional import log_softmax, softmax

div = truediv

__version__ = "0.1.0"

__all__ = [
    "Tensor", "from_numpy", "tensor_method", "manual_seed", "nn", "optim", "data", "train",
    "autograd", "REGISTRY", "DEFAULT_DTYPE", "ShapeError",
    "no_grad", "enable_grad", "is_grad_enabled", "set_grad_enabled", "detect_anomaly",
    "set_detect_anomaly", "clone",
    "backward", "topological_order", "broadcast_axes", "sum_to",
    "gradcheck", "gradgradcheck", "GradcheckError", "GradcheckResult",
    "add", "neg", "sub", "mul", "mm", "matmul", "transpose", "permute",
    "sum", "mean", "expand", "broadcast_to", "reshape", "pow", "truediv", "div",
    "exp", "log", "tanh", "sigmoid", "relu", "getitem", "save", "load",
    # PyTorch's tensor API beyond the chapters
    "tensor", "from_numpy", "zeros", "ones", "full", "empty", "eye", "arange", "linspace",
    "rand", "randn", "randint", "zeros_like", "ones_like", "full_like", "empty_like",
    "rand_like", "randn_like", "randint_like",
    "float16", "half", "float32", "float64", "double", "uint8", "int8", "int16", "short",
    "int32", "int64", "long", "bool",
    "eq", "ne", "lt", "le", "gt", "ge", "equal", "allclose", "any", "all",
    "flatten", "squeeze", "unsqueeze", "cat", "concat", "concatenate", "stack", "split",
    "chunk", "narrow", "unbind", "gather", "masked_fill", "where",
    "abs", "sqrt", "clamp", "clip", "maximum", "minimum", "max", "min", "argmax", "argmin",
    "var", "std", "logsumexp", "einsum", "sort", "argsort", "topk", "return_types",
    "floor_divide", "remainder",
    # the rest of the everyday API (issue 20)
    "linalg", "norm", "cumsum", "cumprod", "flip", "roll", "t", "numel", "is_tensor",
    "Generator", "randperm", "multinomial", "device", "cuda", "accelerator", "prod",
    "clamp_min", "clamp_max", "isnan", "isinf", "isfinite", "isclose", "index_select",
    "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
    "bitwise_xor", "bitwise_not", "dot", "outer", "mv", "bmm", "tril", "triu", "sin", "cos",
    "log1p", "expm1", "log2", "log10", "rsqrt", "reciprocal", "square", "sign", "floor", "ceil",
    "round", "trunc", "nan_to_num", "softmax", "log_softmax",
]

# PyTorch's short dtype names (``torch.float`` is float32, ``torch.int`` int32); not in
# __all__, so that ``from minigrad import *`` does not hide Python's float and int.
float = float32      # noqa: A001
int = int32          # noqa: A001
