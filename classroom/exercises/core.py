"""What an exercise is, and how an answer is checked: *probe* it, then *judge* what it did.

Checking is split in two on purpose:

* ``probe(answer, hidden)`` runs the learner's code on a list of **cases** and
  records what happened in each as plain data (arrays, numbers, strings, None, or
  the exception it raised).  It runs wherever the learner's code runs: in the
  notebook, or in the autograder's sandboxed worker process.
* ``judge`` compares those observations with the ones the reference answer
  produced, and with the ones each **known mistake** produced, and turns the first
  difference into a message.  Both sets were observed once, ahead of time, and stored
  as data (:class:`Expected`): no reference code ships with the course package or runs
  while a learner's answer is checked.  The autograder judges in its own clean process,
  on data decoded from JSON, so learner code that monkeypatches NumPy or this module
  cannot change a verdict.

A message says *which case* failed and *how* (a shape, an exception, "wrong
values"), never the expected values themselves.

Cases run smallest first, each within a time budget (:func:`time_budget`), so that an answer
that would run for hours reports "too slow" instead of hanging the notebook, and a check
stops probing at the first case that fails.  A known mistake is named from that first
failing case: when everything the answer got wrong there is what the mistake gets wrong
too (see :meth:`Exercise.diagnose`).  Besides comparing results, cases check the rules an
exercise states (:mod:`.rules`), a guard catches calls to the library piece the exercise
asks for (:mod:`.shortcuts`), and state an answer keeps between calls is caught
(:mod:`.shared_state`).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import shared_state
from .shortcuts import forbidden_answer, watching

CORRECT, INCORRECT, NOT_ATTEMPTED = "correct", "incorrect", "not attempted"

#: Tolerances used to compare floating-point observations.
RTOL, ATOL = 1e-6, 1e-9
#: The relative tolerance of an exercise whose text asks for float64 arithmetic, where any
#: correct answer agrees with the reference to the last few digits and float32 (about 7
#: significant digits) must show.
FLOAT64_RTOL = 1e-10
_rtol = contextvars.ContextVar("rtol", default=RTOL)
_DIGITS = {2: 3, 4: 7}         # the significant digits of float16 and float32


@contextlib.contextmanager
def tolerance(rtol: float):
    """Compare observations with relative tolerance ``rtol`` inside the block (an exercise's
    own, see :attr:`Exercise.rtol`)."""
    token = _rtol.set(rtol)
    try:
        yield
    finally:
        _rtol.reset(token)


# -- observations: plain data, safe to send as JSON -----------------------------------------
@dataclass(frozen=True)
class Raised:
    """The answer raised an exception in one case."""
    kind: str
    message: str


@dataclass(frozen=True)
class Opaque:
    """An object an observation cannot compare (a node, a module, a function): only the name
    of its type is kept, so that a message can say what the answer returned."""
    type_name: str


class NotAttemptedError(Exception):
    """Raised by a probe when the answer is still the generated stub."""


class RuleBroken(Exception):
    """Raised by a case when the answer breaks a rule the exercise states (it changed its
    input in place, its result is not recorded, it returned a list where a tuple is asked
    for...).  The message is shown to the learner as it is."""


class TooSlow(BaseException):
    """Raised inside the answer when a case runs past its time budget.  A BaseException,
    like KeyboardInterrupt, so that the answer's own ``except Exception`` cannot swallow it."""


def broken(message: str):
    """Stop the case: the answer breaks the rule ``message`` describes."""
    raise RuleBroken(message)


#: Observation kinds that are verdicts in themselves, whatever the reference did.
SHORTCUT, SHARED_STATE, RULE, TOO_SLOW, NOT_RUN = ("ShortcutUsed", "SharedState", "RuleBroken",
                                                    "TooSlow", "NotRun")
NOT_RUN_YET = Raised(NOT_RUN, "not run: an earlier case failed")

#: Seconds a case may take unless its exercise says otherwise.
DEFAULT_SECONDS = 5.0


STUB_PREFIX = "exercise "


def stub_line(exercise_id: str) -> str:
    """The line a generated stub raises; its text is how "not attempted" is recognised."""
    return (f'raise NotImplementedError("{STUB_PREFIX}{exercise_id}: replace this line with '
            f'your code")')


def plain(value):
    """``value`` with Tensors turned into arrays and containers into lists/dicts."""
    from minigrad.tensor import Tensor

    if isinstance(value, Tensor):
        return np.array(value.data)
    if isinstance(value, np.ndarray):
        return np.array(value)
    if isinstance(value, (np.generic,)):
        return value.item()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str, Raised, Opaque)):
        return value
    return Opaque(type(value).__name__)     # an object we cannot compare: only its type counts


@contextlib.contextmanager
def time_budget(seconds: float | None):
    """Raise :class:`TooSlow` inside the block once it has run for ``seconds``.

    It uses a real-time interval timer (SIGALRM), which interrupts Python code wherever it
    is, so it works only in the main thread of a Unix process: a notebook's kernel and the
    grader's worker both run cases there.  Elsewhere the block runs without a budget.  The
    timer repeats every half second until the block ends, in case the answer catches the
    first one; an outer timer that was running is set going again afterwards.
    """
    if (not seconds or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    armed = [True]

    def on_alarm(signum, frame):
        if armed[0]:
            raise TooSlow(f"it was stopped after {seconds:g} seconds")

    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, on_alarm)
    outer = signal.setitimer(signal.ITIMER_REAL, seconds, 0.5)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer[0] > 0:
            left = max(outer[0] - (time.monotonic() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer[1])


def observe(fn: Callable, seconds: float | None = None):
    """Run ``fn()`` (one case of a probe) and return what it produced, or :class:`Raised`.

    The generated stub's ``NotImplementedError("exercise ...")`` means the answer is
    untouched: it is re-raised as :class:`NotAttemptedError` so the whole check
    reports "not attempted".  Any other exception is an observation; so is running past
    ``seconds`` (:func:`time_budget`) and breaking a stated rule (:class:`RuleBroken`).
    """
    try:
        with time_budget(seconds):
            return plain(fn())
    except TooSlow as err:
        return Raised(TOO_SLOW, str(err) or f"it was stopped after {seconds:g} seconds")
    except RuleBroken as err:
        return Raised(RULE, str(err))
    except NotImplementedError as err:
        if str(err).startswith(STUB_PREFIX):
            raise NotAttemptedError(str(err)) from None
        return Raised("NotImplementedError", _one_line(err))
    except RecursionError:
        return Raised("RecursionError", "maximum recursion depth exceeded")
    except Exception as err:     # noqa: BLE001 - any failure of learner code is an observation
        return Raised(type(err).__name__, _one_line(err))


def _raised_within(value):
    """Every :class:`Raised` inside an observation (which may be a dict or list of them)."""
    if isinstance(value, Raised):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _raised_within(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from _raised_within(inner)


def _one_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else ""


# -- JSON encoding (the autograder's worker -> judge channel) ---------------------------------
def encode(value):
    """Observations as JSON-compatible data (arrays keep dtype and shape, tuples stay tuples)."""
    if isinstance(value, np.ndarray):
        kind = value.dtype.kind
        if kind not in "biuf":
            return {"__str__": repr(value)[:200]}
        return {"__array__": value.astype(float if kind == "f" else value.dtype).tolist(),
                "dtype": str(value.dtype), "shape": list(value.shape)}
    if isinstance(value, Raised):
        return {"__raised__": value.kind, "message": value.message}
    if isinstance(value, Opaque):
        return {"__object__": value.type_name}
    if isinstance(value, dict):
        return {"__dict__": {k: encode(v) for k, v in value.items()}}
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return {"__float__": repr(value)}
    return value


def decode(value):
    """The inverse of :func:`encode`; refuses anything it did not produce."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if "__array__" in value:
            array = np.array(value["__array__"], dtype=np.dtype(value["dtype"]))
            return array.reshape([int(n) for n in value["shape"]])
        if "__raised__" in value:
            return Raised(str(value["__raised__"]), str(value["message"]))
        if "__object__" in value:
            return Opaque(str(value["__object__"]))
        if "__dict__" in value:
            return {str(k): decode(v) for k, v in value["__dict__"].items()}
        if "__tuple__" in value:
            return tuple(decode(v) for v in value["__tuple__"])
        if "__float__" in value:
            return float(value["__float__"])
        if "__str__" in value:
            return str(value["__str__"])
        raise ValueError(f"unexpected object in observations: {sorted(value)[:5]}")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"unexpected {type(value).__name__} in observations")


# -- comparing observations -------------------------------------------------------------------
_KIND_WORDS = {"f": "floating-point numbers", "i": "integers", "b": "True/False values",
               "c": "complex numbers"}


def difference(got, want, where: str = "the result") -> str | None:
    """None when ``got`` matches ``want``; otherwise how it differs, without revealing ``want``.

    Containers and array dtypes count: a tuple is not a list, and an array of counts must
    hold integers, one of probabilities floats.  A number and a one-element array are
    compared by value; where an exercise asks for a Python float, its case checks that
    (see :mod:`.rules`).
    """
    if isinstance(want, Raised):
        if isinstance(got, Raised) and got.kind == want.kind:
            return None
        if isinstance(got, Raised):
            return _raised(got, where) + f", but it should raise {want.kind}"
        return f"{where} should raise {want.kind}, but your code raised nothing"
    if isinstance(got, Raised):
        return _raised(got, where)
    if want is not None and got is None:
        if where.startswith("`grad"):
            return (f"{where} is None: no gradient reached that tensor. Is the result computed "
                    f"from it by recorded tensor operations (not NumPy on .data)?")
        if where == "the result":
            return f"{where} is None: did you forget to `return` it?"
        return f"{where} is None, but it should hold {_expected_kind(want)}"
    if isinstance(want, Opaque):
        same = isinstance(got, Opaque) and got.type_name == want.type_name
        return None if same else f"{where} should be a {want.type_name}, but it is {_shown(got)}"
    if isinstance(want, np.ndarray):
        if not isinstance(got, np.ndarray):
            if _is_number(got) and want.shape == ():
                got = np.array(got)
            else:
                return f"{where} should be a NumPy array (or Tensor), but it is {_shown(got)}"
        if got.dtype.kind not in "biuf":
            return (f"{where} should hold numbers, but it holds {got.dtype} values (is a "
                    f"Tensor stored where its .data array belongs?)")
        if got.shape != want.shape:
            return f"{where} has shape {got.shape}, but it should have shape {want.shape}"
        if (_rtol.get() < RTOL and want.dtype == np.float64 and got.dtype.kind == "f"
                and got.dtype.itemsize < 8):      # where the exercise asks for float64
            return (f"{where} holds {got.dtype} values, but this exercise asks for float64: "
                    f"{got.dtype} keeps only about {_DIGITS.get(got.dtype.itemsize, 3)} "
                    f"significant digits, float64 (NumPy's default) about 16. Keep the arrays "
                    f"you compute with float64")
        kinds = (want.dtype.kind.replace("u", "i"), got.dtype.kind.replace("u", "i"))
        if kinds[0] != kinds[1] and want.size:
            return (f"{where} should hold {_KIND_WORDS.get(kinds[0], want.dtype)}, but it "
                    f"holds {got.dtype} values")
        if want.dtype.kind == "f" or got.dtype.kind == "f":
            ok = np.allclose(got.astype(float), want.astype(float), rtol=_rtol.get(),
                             atol=ATOL, equal_nan=True)
        else:
            ok = np.array_equal(got, want)
        if ok:
            return None
        return f"{where} has the right shape {want.shape} but wrong values: {_which(got, want)}"
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{where} should be a dict, but it is {_shown(got)}"
        order = [k for k in got if k in want] + [k for k in want if k not in got]
        for key in order:                   # in the order the case made them
            if key not in got:
                return f"{where} is missing `{key}`"
            inner = f"`{key}`" if where == "the result" else f"{where} → `{key}`"
            problem = difference(got[key], want[key], inner)
            if problem:
                return problem
        return None
    if isinstance(want, (list, tuple)):
        what = "a tuple" if isinstance(want, tuple) else "a list"
        if not isinstance(got, (list, tuple)):
            items = "1 item" if len(want) == 1 else f"{len(want)} items"
            return f"{where} should be {what} of {items}, but it is {_shown(got)}"
        if type(got) is not type(want):
            return f"{where} should be {what}, but it is {_shown(got)}"
        if len(got) != len(want):
            return (f"{where} has {len(got)} item{'' if len(got) == 1 else 's'}, but it "
                    f"should have {len(want)}")
        for i, (g, w) in enumerate(zip(got, want)):
            problem = difference(g, w, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if want is None:
        return None if got is None else f"{where} should be None, but it is {_shown(got)}"
    if isinstance(want, bool):
        if type(got) is bool and got == want:
            return None
        if type(got) is bool:                   # a yes/no question: the other answer is right
            return f"{where} is {got}, but it should be {want}"
        return f"{where} is {_shown(got)}, which is not right (it should be True or False)"
    if isinstance(want, str):
        same = type(got) is type(want) and got == want      # type first: got may be an array
        return None if same else f"{where} is {_shown(got)}, which is not right"
    if (type(want) is int and isinstance(got, (int, np.integer))
            and not isinstance(got, bool)):       # whole numbers (counts) compare exactly
        if int(got) == want:
            return None
        step = int(got) - want
        return (f"{where} has the wrong value: yours, {int(got)}, is {abs(step)} "
                f"{'more' if step > 0 else 'less'} than it should be")
    if isinstance(want, (int, float)):        # a 0-d array holds a number too: where the
        if isinstance(got, np.ndarray) and got.size == 1:    # type matters, a case checks it
            got = got.item()
        if not _is_number(got):
            return f"{where} should be a number, but it is {_shown(got)}"
        ok = (math.isclose(got, want, rel_tol=_rtol.get(), abs_tol=ATOL)
              or (got != got and want != want))
        if ok:
            return None
        return f"{where} has the wrong value: yours, {got!r}, is {_how_off(got, want)}"
    try:
        same = bool(got == want)
    except (TypeError, ValueError):          # e.g. an array compared with an object
        same = False
    return None if same else f"{where} is not right"


def _how_off(got, want) -> str:
    """How one number differs from the one expected, in words that point at a cause (a
    factor, a sign, a rounding) without quoting the expected number itself."""
    got, want = float(got), float(want)
    if not math.isfinite(got):
        return "not a finite number (inf or nan): something overflowed, or divided 0 by 0"
    if not math.isfinite(want):
        return "finite where it should not be"
    if abs(want) <= ATOL:
        return f"off by {abs(got - want):.2g} where it should be about zero"
    ratio = got / want
    if ratio < 0:
        return ("the right size but with the wrong sign"
                if math.isclose(-ratio, 1, rel_tol=1e-6) else "of the wrong sign")
    if ratio == 0:
        return "zero where it should not be"
    big = ratio if ratio > 1 else 1 / ratio
    word = "large" if ratio > 1 else "small"
    if big >= 1.5 and math.isclose(big, round(big), rel_tol=1e-6):
        return f"{round(big)} times too {word}"
    if big > 1.001:
        return (f"too {word} by {100 * (big - 1):.3g} %" if big < 1.5
                else f"about {big:.3g} times too {word}")
    if _rtol.get() < RTOL and big - 1 <= RTOL:       # an exercise that asks for float64
        return (f"too {word} by a relative {big - 1:.1e}: close, but this exercise asks for "
                f"float64 arithmetic, which agrees to about 16 digits. An error this size is "
                f"what float32 (about 7 digits) leaves behind: is something converted to "
                f"float32, or a constant rounded, on the way?")
    return (f"too {word} by a relative {big - 1:.1e}: close, but more than the rounding of "
            f"float64 arithmetic explains (a constant rounded off, a step computed in float32, "
            f"which keeps about 7 digits, or an input ignored where it barely matters?)")


def _which(got: np.ndarray, want: np.ndarray) -> str:
    """Which elements of an array differ from the expected ones, and how (see
    :func:`_how_off`), without quoting the expected values."""
    g, w = got.astype(float), want.astype(float)
    bad = ~np.isclose(g, w, rtol=_rtol.get(), atol=ATOL, equal_nan=True)
    count, total = int(bad.sum()), bad.size
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    where = "[" + ", ".join(map(str, first)) + "]"
    if want.dtype.kind == "b" or got.dtype.kind == "b":
        how = f"{bool(got[first])} where it should not be"
    elif want.dtype.kind in "iu" and got.dtype.kind in "iu":
        step = int(got[first]) - int(want[first])
        how = f"{abs(step)} {'more' if step > 0 else 'less'} than it should be"
    else:
        how = _how_off(g[first], w[first])
    if count == total and total > 1:
        scale = _common_factor(g, w)
        if scale:
            return f"every value is {scale}"
        what = f"all {total} values differ"
    elif count == 1:
        what = f"1 of its {total} values differs"
    else:
        what = f"{count} of its {total} values differ"
    return f"{what}; the first, at {where}, is {how}"


def _common_factor(g: np.ndarray, w: np.ndarray) -> str | None:
    """"2 times too large", "the wrong sign" ... when every element is off by the same factor."""
    if not (np.all(np.isfinite(g)) and np.all(np.isfinite(w))) or not np.any(w):
        return None
    nonzero = np.abs(w) > ATOL
    if np.any(np.abs(g[~nonzero]) > ATOL):
        return None
    ratios = g[nonzero] / w[nonzero]
    if not np.allclose(ratios, ratios[0], rtol=1e-6, atol=0):
        return None
    return _how_off(ratios[0], 1.0)


def _raised(got: Raised, where: str) -> str:
    """What to say about an observation that is an exception or a broken rule."""
    if got.kind in (RULE, SHARED_STATE, SHORTCUT):
        return got.message
    if got.kind == TOO_SLOW:
        return f"too slow: {got.message}"
    if "NoneType" in got.message:
        return (f"{where}: your code raised {got.kind}: {got.message}. Something is None "
                f"where a value is needed: did a function forget to `return`?")
    return f"{where}: your code raised {got.kind}: {got.message}"


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _expected_kind(want) -> str:
    if isinstance(want, np.ndarray):
        return "an array"
    if isinstance(want, (list, tuple, dict)):
        return "a " + type(want).__name__
    if _is_number(want):
        return "a number"
    return "a value"


def _shown(got) -> str:
    """The learner's own value, short enough to quote in a message (never the expected one)."""
    if isinstance(got, str):
        return f"the string {got!r}" if len(got) <= 60 else "a long string"
    if got is None or isinstance(got, (bool, int, float)):
        return repr(got)
    if isinstance(got, np.ndarray):
        return f"a NumPy array of shape {got.shape}"
    if isinstance(got, Opaque):
        what = f"{got.type_name} object"
    else:
        what = type(got).__name__
    return ("an " if what[:1].lower() in "aeiou" else "a ") + what


# -- naming a known mistake from the first failing case -----------------------------------------
_MISSING = object()


def _wrong_leaves(got, want, path=()):
    """(path, got's part, want's part) for every smallest part of an observation where
    ``got`` differs from ``want``."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in want:
            if key not in got:
                yield path + (key,), _MISSING, want[key]
            else:
                yield from _wrong_leaves(got[key], want[key], path + (key,))
        return
    if (isinstance(want, (list, tuple)) and type(got) is type(want)
            and len(got) == len(want)):
        for i, (g, w) in enumerate(zip(got, want)):
            yield from _wrong_leaves(g, w, path + (i,))
        return
    if difference(got, want) is not None:
        yield path, got, want


def _part(value, path):
    for key in path:
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, (list, tuple)) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            return _MISSING
    return value


def _same_way(got, wrong, want) -> bool:
    """Whether ``got`` is wrong in the same way as a known mistake's ``wrong``, at one part
    of an observation where the reference has ``want``.

    Exceptions must be of the same kind and, unless the reference raises there too (a case
    that tests refusing bad input), say the very same thing: many different bugs raise a
    TypeError or a ShapeError.  Where the reference is finite, a part that overflowed (inf
    or nan anywhere in it) matches any other overflowed part: which of the two, and where,
    depends on the order of the operations, not on the misconception.  Everything else is
    compared with the checker's tolerance, arrays with the same kind of dtype.
    """
    if got is _MISSING or wrong is _MISSING:
        return got is wrong
    if isinstance(got, Raised) or isinstance(wrong, Raised):
        if not (isinstance(got, Raised) and isinstance(wrong, Raised)) or got.kind != wrong.kind:
            return False
        return isinstance(want, Raised) or got.message == wrong.message
    if isinstance(got, np.ndarray) and isinstance(wrong, np.ndarray):
        if (got.shape != wrong.shape or got.dtype.kind not in "biuf"
                or wrong.dtype.kind not in "biuf"
                or got.dtype.kind.replace("u", "i") != wrong.dtype.kind.replace("u", "i")):
            return False
        g, w = got.astype(float), wrong.astype(float)
        if _overflowed(g) or _overflowed(w):
            return _overflowed(g) and _overflowed(w) and not _overflowed(want)
        return np.allclose(g, w, rtol=_rtol.get(), atol=ATOL)
    if _is_number(got) and _is_number(wrong) and (_overflowed(got) or _overflowed(wrong)):
        return _overflowed(got) and _overflowed(wrong) and not _overflowed(want)
    return difference(got, wrong) is None


def _overflowed(value) -> bool:
    """Whether a number or array holds inf or nan (the sign that a computation overflowed:
    which of the two, and where, depends on the order of the operations)."""
    try:
        return not bool(np.all(np.isfinite(np.asarray(value, dtype=float))))
    except (TypeError, ValueError):
        return False


def _identical(got, wrong) -> bool:
    """Whether two observations match, error messages included, word for word."""
    return (difference(got, wrong) is None
            and [r.message for r in _raised_within(got)]
            == [r.message for r in _raised_within(wrong)])


def _explains(got, wrong, want) -> bool:
    """Whether the mistake observed as ``wrong`` accounts for everything ``got`` gets wrong."""
    bad = list(_wrong_leaves(got, want))
    return bool(bad) and all(_same_way(g, _part(wrong, path), w)
                             and difference(_part(wrong, path), w) is not None
                             for path, g, w in bad)


# -- what a reference answer and each known mistake produced ---------------------------------
@dataclass(frozen=True)
class Expected:
    """Observations made once, from trusted code, on a list of cases: the reference answer's
    (what "correct" means) and each known mistake's, keyed by the mistake's name.

    ``cases`` holds the cases' descriptions, so data made for other cases is recognised
    as stale instead of being compared position by position with the wrong case.
    """
    cases: tuple
    reference: tuple
    mistakes: dict = field(default_factory=dict)

    def __add__(self, other: "Expected") -> "Expected":
        keys = set(self.mistakes) | set(other.mistakes)
        return Expected(self.cases + other.cases, self.reference + other.reference,
                        {k: self.mistakes.get(k, (None,) * len(self.cases))
                         + other.mistakes.get(k, (None,) * len(other.cases)) for k in keys})

    def to_json(self) -> dict:
        return {"cases": list(self.cases), "reference": [encode(o) for o in self.reference],
                "mistakes": {k: [encode(o) for o in v] for k, v in sorted(self.mistakes.items())}}

    @classmethod
    def from_json(cls, data: dict) -> "Expected":
        return cls(tuple(data["cases"]), tuple(decode(o) for o in data["reference"]),
                   {k: tuple(decode(o) for o in v) for k, v in data["mistakes"].items()})


class StaleExpectations(RuntimeError):
    """The stored observations were made for other cases than the exercise has now."""


@dataclass(frozen=True)
class Hidden:
    """The instructor's part of one exercise: hidden cases and what they should produce.
    Only the grader (and the tests) build it; see :mod:`classroom.exercises.instructor`."""
    cases: tuple
    expected: Expected


# -- exercises ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One probe case: a description a learner can read, and the function that runs it.

    ``run(answer)`` calls the answer and returns what should be compared.  Hidden
    cases live in the instructor's files, never in this package; their descriptions
    are shown to instructors only.
    """
    description: str
    run: Callable
    hidden: bool = False
    info: object = None          # anything a custom judge needs to know about the case


@dataclass
class Exercise:
    """One exercise, as a learner's notebook needs it: the name its answer defines, the
    public cases, what to say, and hints.  What "correct" means comes as data (see
    :class:`Expected`), made from ``solutions/`` by ``python -m classroom.exercises.generate``.

    * ``entry``: the name the answer cell must define (a function or class).
    * ``cases``: the public probe cases (see :class:`Case`), smallest first: probing stops
      at the first one that fails.
    * ``mistakes``: known mistake name -> the message a learner gets when, on the first
      case their answer fails, everything it gets wrong is wrong in the same way in that
      mistake (see :meth:`diagnose`).  The mistakes' code is the instructor's.
    * ``judge``: optional ``judge(triples) -> message or None``, given ``(case,
      observation, the reference's observation)`` triples, for exercises with many right
      answers (e.g. a topological order); it replaces the comparison with the reference,
      and names misconceptions itself.
    * ``hints``: a nudge, then a method, then a worked step that is still not the answer.
    * ``forbids``: dotted paths of the library pieces the exercise asks the learner to
      write (``"minigrad.sub"``); an answer that calls one gets "you called minigrad's
      own sub" (see :mod:`.shortcuts`).
    * ``recursion``: False where the text asks for a walk without recursion: an answer
      whose functions call themselves is told so, even with a raised recursion limit.
    * ``seconds``: the time budget of each case; ``too_slow``: what an answer that runs
      out of it is probably doing, added to the "too slow" message.
    * ``pure``: True where the answer is a function of plain numbers alone, so that results
      kept between calls (a cache in a global dict) are harmless: its globals are not
      watched (see :mod:`.shared_state`).
    * ``rtol``: the relative tolerance of float comparisons; :data:`FLOAT64_RTOL` where the
      text asks for float64 arithmetic (then float32 anywhere on the way shows).
    """
    id: str
    title: str
    entry: str
    cases: list
    hints: list
    mistakes: dict = field(default_factory=dict)
    judge: Callable | None = None
    points: int = 1
    forbids: tuple = ()
    recursion: bool = True
    seconds: float = DEFAULT_SECONDS
    too_slow: str = ""
    pure: bool = False
    rtol: float = RTOL

    @property
    def chapter(self) -> str:
        return self.id.split(".")[0]

    @property
    def has_hidden(self) -> bool:
        """Whether the grader runs hidden checks too (recorded with the expectations)."""
        from .expected import has_hidden

        return has_hidden(self.id)

    def expected(self) -> Expected:
        """The stored observations for the public cases."""
        from .expected import public

        stored = public(self.id)
        if stored.cases != tuple(c.description for c in self.cases):
            raise StaleExpectations(
                f"{self.id}: the stored expectations were made for other cases than the "
                f"exercise has now; run `python -m classroom.exercises.generate` (make "
                f"exercises) to remake them from solutions/.")
        return stored

    def probe(self, answer, cases=None, reference=None, stop_early: bool = True) -> list:
        """Observations of ``answer`` on ``cases`` (the public cases by default), in order.

        With ``stop_early`` (the default), probing stops at the first case that fails: one
        that ran out of time, used a forbidden shortcut or changed state shared between
        calls, or, when ``reference`` is given (the reference's observations of the first
        cases, as :meth:`check` passes them), one whose observation differs from it.  The
        cases not run are marked :data:`NOT_RUN_YET`.  A grader's worker, which holds no
        expected observation, gives no ``reference``: its cases stop only at the first of
        those three.  Raises :class:`NotAttemptedError` when the answer is the untouched
        stub.
        """
        cases = list(self.cases if cases is None else cases)
        how = forbidden_answer(answer, self.forbids)
        if how:
            shortcut = Raised(SHORTCUT, f"this exercise asks you to write {self.entry} "
                                        f"yourself, but your answer {how}")
            return [shortcut] + [NOT_RUN_YET] * (len(cases) - 1)
        watcher = shared_state.watch(answer, globals_too=not self.pure)
        observations = []
        with watching(self.forbids, self.entry, not self.recursion, cases) as found:
            for index, case in enumerate(cases):
                found.rearm()
                got = observe(lambda c=case: c.run(answer), self.seconds)
                if found.message and not (isinstance(got, Raised) and got.kind == SHORTCUT
                                          and got.message == found.message):
                    got = Raised(SHORTCUT, found.message)
                change = watcher.changed()
                if change and not (isinstance(got, Raised) and got.kind == SHORTCUT):
                    got = Raised(SHARED_STATE, change)
                observations.append(got)
                if stop_early and self._fails(observations, cases, reference):
                    observations += [NOT_RUN_YET] * (len(cases) - index - 1)
                    break
        return observations

    def _fails(self, observations: list, cases: list, reference) -> bool:
        """Whether the last of ``observations`` already decides the verdict: incorrect."""
        with tolerance(self.rtol):
            return self._fails_now(observations, cases, reference)

    def _fails_now(self, observations: list, cases: list, reference) -> bool:
        got = observations[-1]
        if isinstance(got, Raised) and got.kind in (TOO_SLOW, SHORTCUT, SHARED_STATE):
            return True
        index = len(observations) - 1
        if reference is None or index >= len(reference):
            return False
        if self.judge is not None:
            triples = list(zip(cases, observations, reference))
            return isinstance(got, Raised) and got.kind == RULE or self.judge(triples) is not None
        return difference(got, reference[index]) is not None

    def _slow(self, case: Case, got: Raised) -> str:
        what = self.too_slow or ("an answer to this exercise takes well under a second on "
                                 "every case: look for a loop that does far more work than "
                                 "the size of its input")
        return f"too slow: on {case.description}, {got.message}. {what}"

    def verdict(self, observations: list, hidden: Hidden | None = None) -> "Verdict":
        """Judge observations of the public cases, followed by ``hidden``'s cases if given,
        with the exercise's own tolerance (:attr:`rtol`)."""
        with tolerance(self.rtol):
            return self._verdict(observations, hidden)

    def _verdict(self, observations: list, hidden: Hidden | None) -> "Verdict":
        cases = list(self.cases) + (list(hidden.cases) if hidden else [])
        if len(observations) != len(cases):
            return Verdict(self, INCORRECT, "the checker received an incomplete set of results")
        for case, got in zip(cases, observations):
            for raised in _raised_within(got):
                if raised.kind in (SHORTCUT, SHARED_STATE):
                    return Verdict(self, INCORRECT, raised.message, case=case.description)
        expected = self.expected() + hidden.expected if hidden else self.expected()
        if self.judge is not None:
            return self._judged(cases, observations, expected, hidden)
        first = None
        for index, (case, got, want) in enumerate(zip(cases, observations, expected.reference)):
            problem = difference(got, want, "the result")
            if problem:
                first = index
                break
        if first is None:
            return self._correct(hidden)
        case, got = cases[first], observations[first]
        name = self.diagnose(observations, expected, first)
        if name is not None:
            return Verdict(self, INCORRECT, self.mistakes[name], case=case.description,
                           mistake=name)
        if isinstance(got, Raised) and got.kind == TOO_SLOW:
            problem = self._slow(case, got)
        if case.hidden:
            return Verdict(self, INCORRECT, f"your answer passes the public checks but fails a "
                                            f"hidden one: {problem}", case=case.description)
        return Verdict(self, INCORRECT, problem, case=case.description)

    def _judged(self, cases, observations, expected, hidden) -> "Verdict":
        """The verdict of an exercise with its own judge: the judge sees the cases run before
        the first one that was too slow or broke a stated rule, and that one decides if the
        judge finds nothing wrong before it."""
        triples = []
        for case, got, want in zip(cases, observations, expected.reference):
            if isinstance(got, Raised) and got.kind in (TOO_SLOW, RULE, NOT_RUN):
                problem = self.judge(triples) if triples else None
                if problem is None and got.kind != NOT_RUN:
                    problem = self._slow(case, got) if got.kind == TOO_SLOW else got.message
                if problem is None:
                    break
                return Verdict(self, INCORRECT, problem)
            triples.append((case, got, want))
        else:
            problem = self.judge(triples)
            if problem is not None:
                return Verdict(self, INCORRECT, problem)
        return self._correct(hidden)

    def diagnose(self, observations: list, expected: Expected, first: int) -> str | None:
        """The known mistake the answer makes, judged from ``first``, its first failing case.

        A mistake is named when it behaves like the reference on every case before
        ``first`` (as the answer did) and, on ``first``, every part of the observation the
        answer gets wrong is wrong in the same way in the mistake (see :func:`_same_way`):
        a near miss (inf where the mistake gives nan, a wrong gradient with a right loss)
        still gets the misconception's name.  When several mistakes fit with different
        messages, the one the answer matches exactly wins, and if that does not decide it,
        none is named: a wrong name is worse than none.
        """
        fits, exact = [], []
        for name in self.mistakes:
            wrong = expected.mistakes.get(name)
            if wrong is None or len(wrong) <= first:
                continue
            if any(difference(wrong[j], expected.reference[j]) is not None
                   for j in range(first)):
                continue
            if _explains(observations[first], wrong[first], expected.reference[first]):
                fits.append(name)
                if _identical(observations[first], wrong[first]):
                    exact.append(name)
        for group in (exact, fits):
            if len({self.mistakes[n] for n in group}) == 1:
                return group[0]
            if group:
                return None
        return None

    def _correct(self, hidden: Hidden | None) -> "Verdict":
        n = len(self.cases) + (len(hidden.cases) if hidden else 0)
        cases = "1 case" if n == 1 else f"{n} cases"
        if self.has_hidden and hidden is None:
            return Verdict(self, CORRECT, f"public checks passed ({cases}); the grader also "
                                          f"runs hidden checks")
        return Verdict(self, CORRECT, f"all {n} checks passed" if n != 1 else "the check passed")

    def check(self, answer, hidden: Hidden | None = None) -> "Verdict":
        """Probe and judge in one go, in this process: the public cases (what the notebook's
        ``check`` does), and ``hidden``'s cases too when given (as the grader would)."""
        cases = list(self.cases) + (list(hidden.cases) if hidden else [])
        reference = list(self.expected().reference) + (
            list(hidden.expected.reference) if hidden else [])
        try:
            observations = self.probe(answer, cases, reference=reference)
        except NotAttemptedError:
            return Verdict(self, NOT_ATTEMPTED, f"`{self.entry}` still raises "
                                                f"NotImplementedError: replace the stub with "
                                                f"your code, run that cell, then this one")
        return self.verdict(observations, hidden)


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: status, a message, and the case it is about."""
    exercise: Exercise
    status: str
    message: str
    case: str | None = None
    mistake: str | None = None      # the known mistake named, if any

    @property
    def points(self) -> float:
        return float(self.exercise.points) if self.status == CORRECT else 0.0

    def text(self) -> str:
        where = f" (case: {self.case})" if self.case else ""
        return f"{self.exercise.id} {self.exercise.title}: {self.status.upper()}: {self.message}{where}"


def describe_exception(err: BaseException) -> str:
    """The last line of a traceback, for reasons shown to a learner."""
    return traceback.format_exception_only(type(err), err)[-1].strip()
