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
"""

from __future__ import annotations

import math
import traceback
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .shortcuts import forbidden_answer, guard

CORRECT, INCORRECT, NOT_ATTEMPTED = "correct", "incorrect", "not attempted"

#: Tolerances used to compare floating-point observations.
RTOL, ATOL = 1e-6, 1e-9


# -- observations: plain data, safe to send as JSON -----------------------------------------
@dataclass(frozen=True)
class Raised:
    """The answer raised an exception in one case."""
    kind: str
    message: str


class NotAttemptedError(Exception):
    """Raised by a probe when the answer is still the generated stub."""


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
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str, Raised)):
        return value
    return f"<{type(value).__name__}>"      # an object we cannot compare: only its type counts


def observe(fn: Callable):
    """Run ``fn()`` (one case of a probe) and return what it produced, or :class:`Raised`.

    The generated stub's ``NotImplementedError("exercise ...")`` means the answer is
    untouched: it is re-raised as :class:`NotAttemptedError` so the whole check
    reports "not attempted".  Any other exception is an observation.
    """
    try:
        return plain(fn())
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
    elif isinstance(value, list):
        for inner in value:
            yield from _raised_within(inner)


def _one_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else ""


# -- JSON encoding (the autograder's worker -> judge channel) ---------------------------------
def encode(value):
    """Observations as JSON-compatible data (arrays keep dtype and shape)."""
    if isinstance(value, np.ndarray):
        kind = value.dtype.kind
        if kind not in "biuf":
            return {"__str__": repr(value)[:200]}
        return {"__array__": value.astype(float if kind == "f" else value.dtype).tolist(),
                "dtype": str(value.dtype), "shape": list(value.shape)}
    if isinstance(value, Raised):
        return {"__raised__": value.kind, "message": value.message}
    if isinstance(value, dict):
        return {"__dict__": {k: encode(v) for k, v in value.items()}}
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
        if "__dict__" in value:
            return {str(k): decode(v) for k, v in value["__dict__"].items()}
        if "__float__" in value:
            return float(value["__float__"])
        if "__str__" in value:
            return str(value["__str__"])
        raise ValueError(f"unexpected object in observations: {sorted(value)[:5]}")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"unexpected {type(value).__name__} in observations")


# -- comparing observations -------------------------------------------------------------------
def difference(got, want, where: str = "the result") -> str | None:
    """None when ``got`` matches ``want``; otherwise how it differs, without revealing ``want``."""
    if isinstance(want, Raised):
        if isinstance(got, Raised) and got.kind == want.kind:
            return None
        if isinstance(got, Raised):
            return f"{where}: your code raised {got.kind} ({got.message}), but a different error is expected"
        return f"{where} should raise {want.kind}, but your code raised nothing"
    if isinstance(got, Raised):
        if "NoneType" in got.message:
            return (f"{where}: your code raised {got.kind}: {got.message}. Something is None "
                    f"where a value is needed: did a function forget to `return`?")
        return f"{where}: your code raised {got.kind}: {got.message}"
    if want is not None and got is None:
        if where.startswith("`grad"):
            return (f"{where} is None: no gradient reached that tensor. Is the result computed "
                    f"from it by recorded tensor operations (not NumPy on .data)?")
        return f"{where} is None: did you forget to `return` it?"
    if isinstance(want, np.ndarray):
        if not isinstance(got, np.ndarray):
            if isinstance(got, (int, float)) and want.shape == ():
                got = np.array(got)
            else:
                return f"{where} should be an array (or Tensor), but it is a {_kind(got)}"
        if got.dtype.kind not in "biuf":
            return (f"{where} should hold numbers, but it holds {got.dtype} values (is a "
                    f"Tensor stored where its .data array belongs?)")
        if got.shape != want.shape:
            return f"{where} has shape {got.shape}, but it should have shape {want.shape}"
        if want.dtype.kind == "f" or got.dtype.kind == "f":
            ok = np.allclose(got.astype(float), want.astype(float), rtol=RTOL, atol=ATOL,
                             equal_nan=True)
        else:
            ok = np.array_equal(got, want)
        return None if ok else f"{where} has the right shape {want.shape} but wrong values"
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{where} should be a dict, but it is a {_kind(got)}"
        for key in want:
            if key not in got:
                return f"{where} is missing `{key}`"
            inner = f"`{key}`" if where == "the result" else f"{where} → `{key}`"
            problem = difference(got[key], want[key], inner)
            if problem:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list):
            return f"{where} should be a sequence of {len(want)} items, but it is a {_kind(got)}"
        if len(got) != len(want):
            return f"{where} has {len(got)} items, but it should have {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            problem = difference(g, w, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(want, bool) or want is None or isinstance(want, str):
        same = type(got) is type(want) and got == want      # type first: got may be an array
        return None if same else f"{where} is {_shown(got)}, which is not right"
    if isinstance(want, (int, float)):
        if isinstance(got, np.ndarray) and got.size == 1:
            got = got.item()
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            return f"{where} should be a number, but it is a {_kind(got)}"
        ok = math.isclose(got, want, rel_tol=RTOL, abs_tol=ATOL) or (got != got and want != want)
        return None if ok else f"{where} has the wrong value"
    try:
        same = bool(got == want)
    except (TypeError, ValueError):          # e.g. an array compared with an object
        same = False
    return None if same else f"{where} is not right"


def _kind(value) -> str:
    if isinstance(value, np.ndarray):
        return f"array of shape {value.shape}"
    return type(value).__name__


def _shown(got) -> str:
    """The learner's own value, short enough to quote in a message (never the expected one)."""
    if isinstance(got, str) and len(got) > 2 and got[0] == "<" and got[-1] == ">":
        what = f"{got[1:-1]} object"           # how plain() records an object it can't compare
    elif got is None or isinstance(got, (bool, int, float, str)) and len(repr(got)) <= 60:
        return repr(got)
    else:
        what = _kind(got)
    return ("an " if what[:1].lower() in "aeiou" else "a ") + what


def _same_error(got, wrong, want) -> bool:
    """Whether an answer's exceptions are the ones a known mistake raises.

    Where the reference raises too (the case tests that bad input is refused), the kind
    of exception is enough: its message is the author's own words.  Anywhere else an
    exception is a symptom, and many different bugs raise the same kind (a TypeError, a
    ShapeError), so the message must match as well before the mistake's diagnosis is
    given; otherwise the learner sees their own error instead of a wrong explanation.
    """
    if isinstance(got, Raised) and isinstance(wrong, Raised):
        return isinstance(want, Raised) or got.message == wrong.message
    if isinstance(got, dict) and isinstance(wrong, dict):
        inner = want if isinstance(want, dict) else {}
        return all(_same_error(got[k], wrong[k], inner.get(k))
                   for k in wrong if k in got)
    if isinstance(got, list) and isinstance(wrong, list):
        inner = want if isinstance(want, list) and len(want) == len(wrong) else [None] * len(wrong)
        return all(_same_error(g, w, e) for g, w, e in zip(got, wrong, inner))
    return True


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
    * ``cases``: the public probe cases (see :class:`Case`).
    * ``mistakes``: known mistake name -> the message a learner gets when their answer
      behaves exactly like that mistake on every case (an exception in a case where the
      reference raises none must be the very same one, message included: see
      :func:`_same_error`).  The mistakes' code is the instructor's.
    * ``judge``: optional ``judge(triples) -> message or None``, given ``(case,
      observation, the reference's observation)`` triples, for exercises with many right
      answers (e.g. a topological order); it replaces the comparison with the reference,
      and names misconceptions itself.
    * ``hints``: from gentle to nearly the answer.
    * ``forbids``: dotted paths of the library pieces the exercise asks the learner to
      write (``"minigrad.sub"``); an answer that calls one gets "you called minigrad's
      own sub" (see :mod:`.shortcuts`).
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

    def probe(self, answer, cases=None) -> list:
        """Observations of ``answer`` on ``cases`` (the public cases by default).

        Raises :class:`NotAttemptedError` when the answer is the untouched stub.
        """
        cases = self.cases if cases is None else cases
        how = forbidden_answer(answer, self.forbids)
        if how:
            shortcut = Raised("ShortcutUsed", f"this exercise asks you to write {self.entry} "
                                              f"yourself, but your answer {how}")
            return [shortcut for _ in cases]
        with guard(self.forbids, self.entry):
            return [observe(lambda c=c: c.run(answer)) for c in cases]

    def verdict(self, observations: list, hidden: Hidden | None = None) -> "Verdict":
        """Judge observations of the public cases, followed by ``hidden``'s cases if given."""
        cases = list(self.cases) + (list(hidden.cases) if hidden else [])
        if len(observations) != len(cases):
            return Verdict(self, INCORRECT, "the checker received an incomplete set of results")
        shortcut = next(((c, r) for c, o in zip(cases, observations)
                         for r in _raised_within(o) if r.kind == "ShortcutUsed"), None)
        if shortcut is not None:
            return Verdict(self, INCORRECT, shortcut[1].message, case=shortcut[0].description)
        expected = self.expected() + hidden.expected if hidden else self.expected()
        if self.judge is not None:
            problem = self.judge(list(zip(cases, observations, expected.reference)))
            if problem is None:
                return self._correct(hidden)
            return Verdict(self, INCORRECT, problem)
        first = None
        for case, got, want in zip(cases, observations, expected.reference):
            problem = difference(got, want, "the result")
            if problem:
                first = (case, problem)
                break
        if first is None:
            return self._correct(hidden)
        for key, message in self.mistakes.items():
            wrong_obs = expected.mistakes.get(key)
            if wrong_obs is None:
                continue
            if all(difference(g, w) is None and _same_error(g, w, e)
                   for g, w, e in zip(observations, wrong_obs, expected.reference)):
                return Verdict(self, INCORRECT, message, case=first[0].description)
        case, problem = first
        if case.hidden:
            return Verdict(self, INCORRECT, f"your answer passes the public checks but fails a "
                                            f"hidden one: {problem}", case=case.description)
        return Verdict(self, INCORRECT, problem, case=case.description)

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
        try:
            observations = self.probe(answer, list(self.cases) + list(hidden.cases)
                                      if hidden else None)
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

    @property
    def points(self) -> float:
        return float(self.exercise.points) if self.status == CORRECT else 0.0

    def text(self) -> str:
        where = f" (case: {self.case})" if self.case else ""
        return f"{self.exercise.id} {self.exercise.title}: {self.status.upper()}: {self.message}{where}"


def describe_exception(err: BaseException) -> str:
    """The last line of a traceback, for reasons shown to a learner."""
    return traceback.format_exception_only(type(err), err)[-1].strip()
