"""Checking any gradient against finite differences.

For a function ``f`` of some tensors, ``backward`` gives the *analytic* gradient.
The *numeric* gradient nudges each input element by ±eps and watches the output
move: (f(x + eps) - f(x - eps)) / 2eps, the central difference, whose error shrinks
like eps².  Both are computed in float64.  When ``f`` returns more than one number
we check ``sum(f(x) * v)`` for a fixed random ``v``: a wrong gradient for any output
element would almost surely change that sum.

:func:`gradgradcheck` checks second derivatives the same way: the gradient, computed
with ``create_graph=True``, is itself a function of the inputs (and of the upstream
gradient), and gradcheck checks *its* gradient.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .autograd import enable_grad, grad, no_grad
from .tensor import Tensor


class GradcheckError(AssertionError):
    """Analytic and numeric gradients disagree: what :func:`gradcheck` raises.  The message
    names the input, the element, both values and the tolerance.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.autograd import record
        >>> def wrong_double(x):                       # forward 2x, backward claims 3
        ...     return record(x.data * 2, (x,), lambda g: (3 * g,), "wrong_double")
        >>> try:
        ...     mg.gradcheck(wrong_double, mg.Tensor([1.0], requires_grad=True))
        ... except mg.GradcheckError as err:
        ...     print(str(err).splitlines()[0])
        gradcheck failed: 1 of 1 element(s) disagree...
    """


@dataclass
class Mismatch:
    input: int
    index: tuple
    analytic: float
    numeric: float
    tolerance: float


@dataclass
class GradcheckResult:
    """What :func:`gradcheck` found; truthy when every checked element agreed, and printing it
    shows the report.

    Args:
        ok (bool): every element agreed.
        checked (int): how many elements were checked.
        mismatches (list): the elements that disagreed (input, index, analytic, numeric,
            tolerance).
        report (str): the text that says so.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([1.0, 2.0], requires_grad=True)
        >>> result = mg.gradcheck(lambda x: (x * x).sum(), x)
        >>> bool(result), result.checked
        (True, 2)
    """

    ok: bool
    checked: int
    mismatches: list = field(default_factory=list)
    report: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.report


def _as_float64_inputs(inputs):
    copies = []
    for i, x in enumerate(inputs):
        if isinstance(x, Tensor):
            if x.requires_grad and x.dtype.kind != "f":
                raise TypeError(f"gradcheck: input {i} requires grad but has dtype {x.dtype}.")
            data = x.data.astype(np.float64) if x.dtype.kind == "f" else x.data.copy()
            copies.append(Tensor(data, requires_grad=x.requires_grad))
        else:
            copies.append(x)
    return copies


def _inputs_to_check(inputs, name: str) -> tuple:
    """(float64 copies of ``inputs``, the indices of those that require a gradient); an
    error naming ``name`` when none does."""
    xs = _as_float64_inputs(inputs)
    indices = [i for i, x in enumerate(xs) if isinstance(x, Tensor) and x.requires_grad]
    if not indices:
        raise ValueError(f"{name}: no input requires a gradient; pass at least one Tensor "
                         "created with requires_grad=True.")
    return xs, indices


def _output(f, xs, what: str) -> Tensor:
    out = f(*xs)
    if not isinstance(out, Tensor):
        raise TypeError(f"gradcheck: f must return a Tensor, but {what} it returned "
                        f"{type(out).__name__}.")
    return out


def gradcheck(f, *inputs, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
              seed: int = 0, raise_exception: bool = True, max_report: int = 5):
    """Compare ``backward``'s gradients of ``f(*inputs)`` with central differences
    (f(x + eps) - f(x - eps)) / 2eps, in float64 (chapter 3).

    Only inputs that are Tensors with ``requires_grad=True`` are checked; other arguments
    are passed through.  When ``f`` returns more than one number, ``sum(f(x) * v)`` is
    checked for a fixed random ``v``.  An element passes when
    ``|analytic - numeric| <= atol + rtol * |numeric|``.

    Args:
        f: a function of the inputs returning a Tensor.
        inputs: its arguments.
        eps (float): the nudge (1e-6).
        atol (float): the absolute tolerance (1e-5).
        rtol (float): the relative tolerance (1e-3).
        seed (int): seeds ``v``.
        raise_exception (bool): raise :class:`GradcheckError` on a mismatch (True), or
            return the failing result.
        max_report (int): how many mismatching elements the report lists.

    Returns:
        a truthy :class:`GradcheckResult`.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
        >>> w = mg.Tensor([[0.5], [-1.0]], requires_grad=True)
        >>> bool(mg.gradcheck(lambda x, w: (x @ w).tanh(), x, w))
        True
    """
    xs, checked = _inputs_to_check(inputs, "gradcheck")

    out = _output(f, xs, "called once")
    if not out.requires_grad:
        raise ValueError("gradcheck: f's output does not depend on any input that requires "
                         "grad (was it computed under no_grad, or from .data?).")
    v = np.random.default_rng(seed).standard_normal(out.shape)
    out.backward(v)

    def probe() -> float:
        with no_grad():
            return float(np.sum(_output(f, xs, "when re-run").data * v))

    mismatches, count = [], 0
    for i in checked:
        x = xs[i]
        analytic = np.zeros(x.shape) if x.grad is None else x.grad.data
        for idx in np.ndindex(*x.shape):
            orig = x.data[idx]
            x.data[idx] = orig + eps
            up = probe()
            x.data[idx] = orig - eps
            down = probe()
            x.data[idx] = orig
            numeric = (up - down) / (2 * eps)
            tol = atol + rtol * abs(numeric)
            count += 1
            if not abs(analytic[idx] - numeric) <= tol:   # also catches nan
                mismatches.append(Mismatch(i, idx, float(analytic[idx]), numeric, tol))

    report = _report(xs, checked, mismatches, count, max_report)
    result = GradcheckResult(not mismatches, count, mismatches, report)
    if mismatches and raise_exception:
        raise GradcheckError(report)
    return result


def _report(xs, checked, mismatches, count, max_report) -> str:
    if not mismatches:
        return f"gradcheck passed: {count} element(s) of {len(checked)} input(s) agree."
    lines = [f"gradcheck failed: {len(mismatches)} of {count} element(s) disagree."]
    for i in checked:
        bad = [m for m in mismatches if m.input == i]
        if not bad:
            continue
        lines.append(f"input {i} (shape {xs[i].shape}): {len(bad)} of {xs[i].data.size} "
                     f"element(s) wrong" + ("" if xs[i].grad is not None else
                                            "; backward never reached it (its .grad is None)"))
        worst = max(bad, key=lambda m: abs(m.analytic - m.numeric)
                    if np.isfinite(m.analytic) else np.inf)
        shown = bad[:max_report] + ([worst] if worst not in bad[:max_report] else [])
        for m in shown:
            lines.append(f"  element {m.index}: analytic {m.analytic:.6g}, numeric {m.numeric:.6g}, "
                         f"difference {abs(m.analytic - m.numeric):.3g} > tolerance {m.tolerance:.3g}"
                         + ("  (largest)" if m is worst and len(bad) > 1 else ""))
        if len(bad) > len(shown):
            lines.append(f"  … and {len(bad) - len(shown)} more")
    return "\n".join(lines)


def gradgradcheck(f, *inputs, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
                  seed: int = 0, raise_exception: bool = True, max_report: int = 5):
    """Check the second derivatives of ``f(*inputs)``: :func:`gradcheck` of its gradient.

    The gradient ``grad(f(x), x, u, create_graph=True)`` for a random upstream gradient
    ``u`` is a function of ``x`` and ``u``; its projection on fixed random directions,
    ``sum_i (grad_i * v_i).sum()``, is checked by :func:`gradcheck` against central
    differences, with respect to every input that requires grad and to ``u`` (as
    PyTorch's ``gradgradcheck``).

    Args:
        f (callable): the function of ``inputs`` (and other arguments, passed through).
        *inputs: its arguments; Tensors with ``requires_grad=True`` are checked.
        eps, atol, rtol, seed, raise_exception, max_report: as :func:`gradcheck`'s.

    Returns:
        a :class:`GradcheckResult` (or raises :class:`GradcheckError`), as gradcheck.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([0.5, -1.0], requires_grad=True)
        >>> bool(mg.gradgradcheck(lambda t: (t * t * t).tanh(), x))
        True
    """
    xs, wanted = _inputs_to_check(inputs, "gradgradcheck")
    rng = np.random.default_rng(seed)
    shape = _output(f, xs, "called once").shape
    u = Tensor(rng.standard_normal(shape), requires_grad=True)
    directions = [rng.standard_normal(xs[i].shape) for i in wanted]

    def gradient(*args):
        *given, upstream = args
        with enable_grad():                  # gradcheck re-runs this under no_grad
            out = _output(f, given, "called again")
            if not out.requires_grad:
                raise ValueError("gradgradcheck: f's output does not depend on any input "
                                 "that requires grad.")
            grads = grad(out, [given[i] for i in wanted], upstream, create_graph=True,
                         allow_unused=True)
            total = (upstream * 0.0).sum()   # keeps u in the graph when no gradient uses it
            for g, v in zip(grads, directions):
                if g is not None:
                    total = total + (g * Tensor(v)).sum()
            return total

    return gradcheck(gradient, *xs, u, eps=eps, atol=atol, rtol=rtol, seed=seed,
                     raise_exception=raise_exception, max_report=max_report)
