"""``einsum``: sums of products written as index equations, ``einsum("ij,jk->ik", a, b)``.

Each operand's axes get letters; letters shared between operands are multiplied
along, letters missing from the output (after ``->``) are summed over.  ``mm`` is
``"ij,jk->ik"``, a batch of dot products ``"bi,bi->b"``, a trace ``"ii->"``.

The backward is einsum again: the gradient for one operand is the einsum of the
output's gradient with every *other* operand, written to that operand's letters.
Two details need care: a letter only that operand has was summed away, so its
gradient is copied back along it (an einsum with a vector of ones); and a letter
repeated in one operand (``"ii"``, a diagonal) gets its gradient only on the
diagonal.  ``...`` stands for any number of leading axes, which broadcast.
"""

import string

import numpy as np

from .. import views
from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import refuse_bool
from ..errors import ShapeError
from ..tensor import Tensor
from .operands import as_tensor

_LETTERS = set(string.ascii_letters)


def _parse(equation: str, ndims: list):
    """The equation with ``...`` replaced by letters: (list of input letter lists, output
    letters)."""
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ndims):
        raise ValueError(f"einsum: the equation {equation!r} has {len(terms)} input term(s) "
                         f"but {len(ndims)} operand(s) were given.")
    for term in terms + ([rhs] if arrow else []):
        bad = set(term.replace("...", "")) - _LETTERS
        if bad or term.count("...") > 1:
            raise ValueError(f"einsum: subscripts must be letters (and at most one '...' per "
                             f"term), got {term!r} in {equation!r}.")
    spare = [c for c in string.ascii_letters if c not in eq]
    ell = 0
    for k, (term, nd) in enumerate(zip(terms, ndims)):
        named = len(term.replace("...", ""))
        if ("..." in term and named > nd) or ("..." not in term and named != nd):
            raise ShapeError(f"einsum: operand {k} has {nd} dimension(s) but its subscripts "
                             f"{term!r} name {named}.")
        if "..." in term:
            ell = max(ell, nd - named)
    ell_letters = spare[:ell]
    inputs = []
    for term, nd in zip(terms, ndims):
        mine = ell_letters[ell - (nd - len(term.replace("...", ""))):] if "..." in term else []
        head, _, tail = term.partition("...")
        inputs.append(list(head) + mine + list(tail))
    if arrow:
        head, dots, tail = rhs.partition("...")
        output = list(head) + (ell_letters if dots else []) + list(tail)
        for c in output:
            if output.count(c) > 1 or not any(c in t for t in inputs):
                raise ValueError(f"einsum: output subscript {c!r} in {equation!r} appears "
                                 f"twice or in no input.")
    else:
        counts = {}
        for t in inputs:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        output = ell_letters + sorted(c for c, n in counts.items()
                                      if n == 1 and c not in ell_letters)
    return inputs, output


def _diagonal(spec: str, array: np.ndarray) -> np.ndarray:
    """``np.einsum(spec, array)`` for a spec that only reorders axes or takes a diagonal:
    a view, writable where ``array`` is (NumPy marks a diagonal read-only)."""
    out = np.einsum(spec, array)
    if array.flags.writeable and not out.flags.writeable:
        out.flags.writeable = True
    return out


def _dtype(tensors: tuple, inputs: list, output: list):
    """PyTorch's dtype for an einsum: products take one dtype (not bool) and keep it; one
    operand alone keeps its dtype when only rearranged, and is summed as ``sum`` is
    (integers and bools as int64) when a letter is summed away.  (PyTorch also multiplies
    two dtypes, or bools, where its code path happens to be elementwise, every summed size
    being 1; minigrad refuses them whatever the sizes.)"""
    if len(tensors) == 1:
        summed = set(inputs[0]) - set(output)
        kind = tensors[0].dtype.kind
        return np.dtype(np.int64) if summed and kind in "biu" else tensors[0].dtype
    for t in tensors:
        refuse_bool(t.dtype, "einsum of several operands", "convert to an integer or float "
                    "dtype first")
        if t.dtype != tensors[0].dtype:
            raise TypeError(f"einsum: every operand must have the same dtype (products of "
                            f"matrices do not promote, as in PyTorch), got "
                            f"{', '.join(str(x.dtype) for x in tensors)}; convert them first.")
    return tensors[0].dtype if tensors else None


def einsum(equation, *operands) -> Tensor:
    """Sums of products over the letters of ``equation``, as ``torch.einsum``: each operand
    is labelled by letters, letters repeated across operands are multiplied, and letters
    missing from the output (after ``->``) are summed over.  Each operand's gradient is
    another einsum.

    Args:
        equation (str): e.g. ``"ij,jk->ik"`` (a matrix product), ``"bi,bi->b"``, ``"ii->"``
            (a trace); ``...`` stands for broadcast axes.
        operands (Tensors): one per term of the equation (or one list of them).

    Example:
        >>> import minigrad as mg
        >>> a, b = mg.ones(2, 3), mg.ones(3, 4)
        >>> mg.einsum("ij,jk->ik", a, b).shape
        (2, 4)
        >>> mg.einsum("ii->", mg.eye(3))
        tensor(3.)
    """
    if not isinstance(equation, str):
        raise TypeError(f"einsum: the first argument must be the equation, a string such as "
                        f"'ij,jk->ik', got {type(equation).__name__}.")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    tensors = tuple(as_tensor(x, "einsum") for x in operands)
    inputs, output = _parse(equation, [t.ndim for t in tensors])
    dtype = _dtype(tensors, inputs, output)
    # the size of each letter; size 1 broadcasts against any other size
    sizes = {}
    for k, (letters, t) in enumerate(zip(inputs, tensors)):
        for c, n in zip(letters, t.shape):
            if letters.count(c) > 1 and n != t.shape[letters.index(c)]:
                raise ShapeError(f"einsum: operand {k} repeats subscript {c!r} on axes of "
                                 f"different sizes (shape {t.shape}).")
            have = sizes.get(c)
            if have is not None and n != have and 1 not in (n, have):
                raise ShapeError(f"einsum: subscript {c!r} has size {have} in one operand "
                                 f"and {n} in operand {k} (shapes "
                                 f"{' and '.join(str(t.shape) for t in tensors)}).")
            sizes[c] = n if have in (None, 1) else have
    arrays = [np.broadcast_to(t.data.astype(dtype, copy=False),
                              [sizes[c] if n == 1 else n for c, n in zip(letters, t.shape)])
              for letters, t in zip(inputs, tensors)]
    spec = ",".join("".join(t) for t in inputs) + "->" + "".join(output)
    out = np.asarray(np.einsum(spec, *arrays, optimize=len(arrays) > 2))
    meta = [(t.shape, t.dtype, t.requires_grad) for t in tensors]

    def backward(g):
        grads = []
        for k, (letters, (shape, dtype, need)) in enumerate(zip(inputs, meta)):
            if not need:
                grads.append(None)
                continue
            unique = list(dict.fromkeys(letters))
            spec, others, alone = _gradient_terms(inputs, output, k, unique)
            args = [g, *(arrays[j] for j in others),
                    *(np.ones(sizes[c], dtype=g.dtype) for c in alone)]
            grad = np.einsum(spec, *args, optimize=len(args) > 2)
            own = [shape[letters.index(c)] for c in unique]
            squeeze = tuple(i for i, n in enumerate(own) if n == 1 and grad.shape[i] != 1)
            if squeeze:                             # this operand was broadcast along them
                grad = grad.sum(axis=squeeze, keepdims=True)
            if len(unique) != len(letters):         # a repeated letter: only the diagonal
                full = np.zeros(shape, dtype=grad.dtype)
                np.einsum("".join(letters) + "->" + "".join(unique), full)[...] = grad
                grad = full
            grads.append(np.asarray(grad).astype(dtype, copy=False))
        return tuple(grads)

    if len(tensors) == 1 and views.shares_memory(out, tensors[0]._data):
        # no sum, only axes reordered or a diagonal taken: a view, as PyTorch's einsum gives
        return views.view(tensors[0], "einsum", lambda array: _diagonal(spec, array),
                          lambda g: backward(g)[0], data=_diagonal(spec, tensors[0]._data))
    return record(out, tensors, backward, "einsum", saved=tensors)


@graph_backward("einsum")
def _einsum_graph(ctx, g):
    """einsum's backward with einsums of tensors (create_graph=True): each operand's gradient
    is the einsum of the gradient with the other operands.  Refused where an operand was
    broadcast (size 1 against n) or repeats a letter (a diagonal)."""
    inputs, output, arrays = ctx.saved("inputs"), ctx.saved("output"), ctx.saved("arrays")
    sizes, meta = ctx.saved("sizes"), ctx.saved("meta")
    if any(a.shape != m[0] for a, m in zip(arrays, meta)) or \
            any(len(set(letters)) != len(letters) for letters in inputs):
        raise RuntimeError("create_graph=True: the op 'einsum' has no graph-building backward "
                           "where an operand is broadcast (size 1 against n) or repeats a "
                           "subscript (a diagonal); write that operand out (expand, diagonal "
                           "by indexing) first.")
    tensors = [ctx.input(j, a) for j, a in enumerate(arrays)]
    grads = []
    for k, letters in enumerate(inputs):
        if not ctx.needs(k):
            grads.append(None)
            continue
        spec, others, alone = _gradient_terms(inputs, output, k, letters)
        grads.append(einsum(spec, g, *(tensors[j] for j in others),
                            *(Tensor(np.ones(sizes[c], dtype=g.dtype)) for c in alone)))
    return tuple(grads)


def _gradient_terms(inputs, output, k, letters) -> tuple:
    """Operand k's gradient as an einsum (both backwards use it): (the spec, the indices of
    the other operands, the letters of k summed away inside k alone).  Its operands are the
    output's gradient, then the other operands in order, then a vector of ones for each of
    those letters; ``letters`` (k's, each once) is the result's subscript."""
    others = [j for j in range(len(inputs)) if j != k]
    elsewhere = set(output).union(*(inputs[j] for j in others))
    alone = [c for c in letters if c not in elsewhere]
    subs = ["".join(output), *("".join(inputs[j]) for j in others), *alone]
    return ",".join(subs) + "->" + "".join(letters), others, alone
