"""Rules every answer of a kind must keep, checked from inside the cases.

(``COVERAGE.md``, beside this file, says for every exercise which rule or case catches each
class of wrong answer.)

Comparing an answer's results with the reference's catches wrong numbers.  Some wrong
answers give the right numbers, once: an op that overwrites its input and returns an alias
of it, a backward that scribbles on the gradient it was handed or on an array it saved, a
result computed with NumPy and wrapped in a fresh Tensor (right value, no graph).  The
helpers here run an answer the way the rest of the library will use it and stop the case
with :class:`~classroom.exercises.core.RuleBroken`, whose message says which rule was
broken and how to keep it:

* :func:`run_op` runs a recorded op: inputs unchanged by forward and by backward, the
  result recorded and not sharing memory with an input (unless the op is a view by
  design), the gradient it is handed left alone, and the same gradients when backward runs
  a second time on the same graph;
* :class:`Untouched` checks that arrays or tensors an answer was given still hold what they
  held (for answers that are not ops: a loss, an accuracy, a numeric gradient);
* :func:`interleaved` makes two results before running backward through either, so that
  an op keeping what its backward needs anywhere but in its own call is caught;
* :func:`connected` checks that a result is part of the graph of its inputs;
* :func:`number`, :func:`whole_number`, :func:`sequence` check the types the exercise
  texts ask for (a Python float, not a 0-d array; a tuple, not a list);
* :func:`generators_kept` lets a case seed NumPy's and minigrad's generators and leaves
  the learner's as they were.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np

import minigrad.random as mg_random
from minigrad.tensor import Tensor
from .core import Raised, RuleBroken, _one_line, broken
from .shortcuts import ShortcutUsed


def _array(value):
    return value.data if isinstance(value, Tensor) else value


class Untouched:
    """Copies of the arrays an answer is given, to check after the call that it left them
    alone: ``kept = Untouched(a=x, b=y); answer(x, y); kept.check("your function")``."""

    def __init__(self, **named):
        self.lists = {k: (v, list(v)) for k, v in named.items() if isinstance(v, list)}
        self.named = {k: v for k, v in named.items() if isinstance(_array(v), np.ndarray)}
        self.copies = {k: np.array(_array(v), copy=True) for k, v in self.named.items()}

    def check(self, who: str) -> None:
        for name, (value, items) in self.lists.items():
            if len(value) != len(items) or any(a is not b for a, b in zip(value, items)):
                broken(f"{who} changed the list `{name}` it was given (its items are not the "
                       f"ones it held before the call: pop, append, or assignment?). The "
                       f"caller still uses that list: read it, or work on a copy")
        for name, value in self.named.items():
            now = _array(value)
            if (now.shape != self.copies[name].shape
                    or not np.array_equal(now, self.copies[name], equal_nan=True)):
                broken(f"{who} changed `{name}` in place: it holds other numbers after the "
                       f"call. Other code still uses what it passed in, so leave it alone and "
                       f"compute new arrays (`x = x - m`, not `x -= m`; `-a.data`, not "
                       f"`a.data *= -1`)")


def connected(result, inputs: dict) -> None:
    """The result of recorded operations on ``inputs`` must be part of their graph."""
    if not isinstance(result, Tensor):
        return
    needs = [name for name, t in inputs.items() if isinstance(t, Tensor) and t.requires_grad]
    if not needs:
        return
    if not result.requires_grad:
        broken(f"your result is not part of the graph: it does not require a gradient although "
               f"`{needs[0]}` does, so backward() can never reach the inputs. It was computed "
               f"outside recorded operations (NumPy on .data, then a new Tensor around the "
               f"numbers): build it from Tensor operations, or record it as an op")
    if result.is_leaf:
        broken(f"your result is a brand-new leaf tensor: requires_grad=True lets backward() run "
               f"on it, but nothing connects it to `{needs[0]}`, so no gradient reaches the "
               f"inputs. Build it from Tensor operations instead of NumPy on .data")


def not_aliased(result, inputs: dict) -> None:
    """An op's result must be a new array, not (a view of) one of its inputs' arrays."""
    out = _array(result)
    if not isinstance(out, np.ndarray):
        return
    for name, value in inputs.items():
        data = _array(value)
        if isinstance(data, np.ndarray) and np.may_share_memory(out, data):
            broken(f"your result shares its memory with `{name}`: changing either would "
                   f"change the other, and gradients recorded from them would go wrong. Return "
                   f"a new array, not `{name}.data` itself (or a view of it)")


def one_op(out, inputs: tuple, what: str) -> None:
    """``out`` must be one recorded op whose inputs are exactly ``inputs``, in that order
    (ask before backward, which frees the graph)."""
    parents = tuple(getattr(out, "parents", None) or ())
    if len(parents) != len(inputs) or any(p is not t for p, t in zip(parents, inputs)):
        broken(f"{what} should be one recorded op, made by record(...) with the inputs "
               f"themselves, but yours is built from other ops (the result's parents are not "
               f"the inputs): compute the value with NumPy on .data and record it once, with a "
               f"backward of your own")
    node = getattr(out, "_node", None)
    code = getattr(getattr(node, "backward", None), "__code__", None)
    if code is not None and Path(code.co_filename).resolve().is_relative_to(_LIBRARY):
        broken(f"{what} should be one op recorded by your own code, made by record(...) with "
               f"a backward of your own, but yours is minigrad's own '{node.op}' op (an "
               f"operator on the tensor, such as `*` or `-`, runs the library's op): compute "
               f"the value with NumPy on .data and record it once, with your backward")


#: minigrad's own files: an op whose backward is defined there was recorded by the library.
_LIBRARY = Path(mg_random.__file__).resolve().parent


def run_op(call, inputs: dict, seed, view_ok: bool = False, what: str = "your op",
           single: tuple | None = None, own_backward: bool = False) -> dict:
    """Run a recorded op as the library will: ``call()`` makes the result from ``inputs``
    (name -> Tensor, or an array such as class labels, which is only checked to be left
    alone), then backward runs twice on the same graph with the gradient ``seed``
    (an array, or a function of the result that gives one).  With ``single``, the result
    must be one op on exactly those tensors (see :func:`one_op`); with ``own_backward`` (an
    op the answer records itself), every input that requires a gradient must get one.

    Returns ``{"value": result, "grad <name>": gradient or None, ...}``, the first run's
    gradients, after checking every rule in this module's docstring.  An error raised by
    backward is reported under each gradient, after the value, so that a forward of the
    wrong shape is named before the backward error it leads to.
    """
    kept = Untouched(**inputs)
    out = call()
    kept.check(f"{what} (in forward)")
    if out is None:
        broken(f"{what} returned None: did you forget to `return` the Tensor that record "
               f"(or the last operation) gives back?")
    if not isinstance(out, Tensor):
        broken(f"{what} should return a minigrad Tensor, but it returned a "
               f"{type(out).__name__}")
    if single is not None:
        one_op(out, single, what)
    connected(out, inputs)
    if not view_ok:
        not_aliased(out, inputs)
    tensors = {name: t for name, t in inputs.items() if isinstance(t, Tensor)}
    try:
        grads = _backward_twice(out, tensors, seed(out) if callable(seed) else seed, kept, what,
                                own_backward)
    except (RuleBroken, ShortcutUsed):
        raise
    except Exception as err:     # noqa: BLE001 - reported as what backward did
        failed = Raised(type(err).__name__, _one_line(err))
        grads = {f"grad {name}": failed for name in tensors}
    return {"value": out, **grads}


def interleaved(calls: list, what: str = "your op") -> dict:
    """Two (or more) results made one after the other, then backward through each in turn.

    ``calls`` holds ``(call, inputs, seed)`` triples, each with tensors of its own.  An op
    whose backward reads what it needs from the op's own call (a closure) is unaffected; one
    that keeps it somewhere shared (a global, an attribute of the function or the layer)
    answers the first backward with the second call's numbers.  Returns each call's value and
    the gradients its inputs received, under "(first call)", "(second call)" ..."""
    outs = []
    for call, inputs, _ in calls:
        out = call()
        if not isinstance(out, Tensor):
            broken(f"{what} should return a minigrad Tensor, but it returned "
                   f"{'None' if out is None else 'a ' + type(out).__name__}")
        outs.append(out)
    found = {}
    for (_, inputs, seed), out, label in zip(calls, outs, ("first", "second", "third")):
        out.backward(np.array(seed(out) if callable(seed) else seed, dtype=float))
        found[f"value ({label} call)"] = out
        for name, t in inputs.items():
            if isinstance(t, Tensor):
                found[f"grad {name} ({label} call)"] = _grad(t)
    return found


def _backward_twice(out, inputs: dict, seed, kept: Untouched, what: str,
                    own_backward: bool) -> dict:
    handed = np.array(seed, dtype=float)
    original = handed.copy()
    out.backward(handed, retain_graph=True)
    kept.check(f"{what} (in backward)")
    if not np.array_equal(handed, original):
        broken(f"{what}'s backward changed the gradient array it was given in place. The engine "
               f"may hand that same array to other ops too (add sends one array to both of its "
               f"inputs): return new arrays (`-grad`, not `grad *= -1`)")
    first = {name: _grad(t) for name, t in inputs.items()}
    for name, t in inputs.items():
        if own_backward and t.requires_grad and first[name] is None:
            broken(f"`{name}` received no gradient: {what}'s backward returned None for it. "
                   f"None is only for an input that needs no gradient; a recorded op's "
                   f"backward returns one gradient for every input that needs one (it never "
                   f"sets .grad itself)")
    for t in inputs.values():
        t.grad = None
    out.backward(original.copy())
    for name, t in inputs.items():
        again = _grad(t)
        if not _same(first[name], again):
            broken(f"{what}'s backward gave `{name}` a different gradient the second time it ran "
                   f"on the same graph (backward(retain_graph=True), then backward again): it "
                   f"changes an array it saved in forward. Leave saved arrays alone and compute "
                   f"new ones")
    return {f"grad {name}": grad for name, grad in first.items()}


def _grad(t: Tensor):
    if t.grad is None:
        return None
    return np.array(t.grad.data if isinstance(t.grad, Tensor) else t.grad, copy=True)


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-9, atol=0, equal_nan=True)


def number(value, what: str) -> None:
    """``value`` must be a Python number (NumPy's float64 is one), not an array or Tensor."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        kind = ("a Tensor" if isinstance(value, Tensor) else
                f"a NumPy array of shape {value.shape}" if isinstance(value, np.ndarray) else
                f"a {type(value).__name__}")
        broken(f"{what} should be a Python number (a float), but it is {kind}: turn it into "
               f"one with .item() or float(...)")


def whole_number(value, what: str) -> None:
    """``value`` must be an int (Python's or NumPy's), not a float that happens to be whole."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        broken(f"{what} should be a whole number (an int), but it is a {type(value).__name__}"
               + (": floats cannot hold large counts exactly" if isinstance(value, float)
                  else ""))


def sequence(value, kind: type, what: str) -> None:
    """``value`` must be a ``kind`` (list or tuple), as the exercise text asks."""
    if not isinstance(value, kind):
        name = "a NumPy array" if isinstance(value, np.ndarray) else f"a {type(value).__name__}"
        broken(f"{what} should be a {kind.__name__}, but it is {name}")


@contextlib.contextmanager
def generators_kept():
    """Inside the block a case may seed ``np.random`` and ``mg.manual_seed`` as it likes
    (to see whether an answer's randomness comes from the right generator); afterwards
    both are back where the learner's notebook left them."""
    kept_mg, kept_np = mg_random._rng, np.random.get_state()
    try:
        yield
    finally:
        mg_random._rng = kept_mg
        np.random.set_state(kept_np)
