"""The cases a worker probes an answer with, as the grader hands them out: one at a time, built.

A worker never receives a chapter's hidden-case file, nor any case before it needs it.
When it reaches a probe it asks for the cases one by one ("case?"); the grader answers
each question with :meth:`Probe.reply`:

* a public case is only a go-ahead: the worker runs its own copy, taken from the course
  package before learner code ran;
* a hidden case is sent built, pickled (by ``cloudpickle``, so that its functions travel
  by value), with the digests of its code objects
  (:func:`classroom.exercises.provenance.code_digest`): only code objects matching them
  count as the checker's in the worker;
* once the answer has failed a case (judged here, against expectations the worker never
  sees), or the cases are used up, the reply is "end": an answer sees a hidden case only
  while it has passed every case before it.

:class:`Probe` keeps the observations as they arrive, and turns what the worker's guard
did (it ends the process with a status, see :mod:`classroom.grade.worker`) into the
observation the checker expects, so judging is the same either way.
"""

from __future__ import annotations

import base64
import functools
from dataclasses import dataclass, field

from ..exercises import core, instructor, provenance, shortcuts
from ..exercises.registry import chapter as chapter_module
from . import judge

# Loading the instructor's files imports modules: one thread at a time (the judge's lock,
# which judging holds while it reads the same files).
_LOCK = judge.LOCK


@dataclass(frozen=True)
class Sealed:
    """One exercise's cases as the grader sends them."""
    public: int                   # how many public cases (the worker has its own copies)
    hidden: tuple                 # (pickle as base64 text, [code digests]) per hidden case
    descriptions: tuple           # every case's description, public first


@functools.lru_cache(maxsize=None)
def _sealed(number: str) -> dict:
    import cloudpickle

    hidden = instructor.hidden_cases(number)
    out = {}
    for exercise in chapter_module(number).EXERCISES:
        built = []
        for case in hidden.get(exercise.id, ()):
            data = base64.b64encode(cloudpickle.dumps(case)).decode("ascii")
            digests = sorted({provenance.code_digest(c)
                              for c in provenance.code_objects(case)})
            built.append((data, digests))
        out[exercise.id] = Sealed(len(exercise.cases), tuple(built),
                                  tuple(c.description for c in exercise.cases)
                                  + tuple(c.description for c in hidden.get(exercise.id, ())))
    return out


def sealed(number: str) -> dict:
    """``{exercise id: Sealed}`` for chapter ``number`` (made once per process)."""
    with _LOCK:
        return _sealed(number)


def preload(number: str) -> list:
    """The modules chapter ``number``'s hidden cases import, by name: a worker imports them
    before it is confined (it may not be able to read them after), without seeing the file."""
    import ast

    names = set()
    with _LOCK:
        source = instructor.hidden_source(number)
    for node in ast.walk(ast.parse(source)) if source else ():
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return sorted(names)


def judged_stop(exercise_id: str, raw: list) -> bool:
    """Whether the answer has already failed, from the observations so far (judged against
    the expectations, here in the grader's process)."""
    exercise = _exercise(exercise_id)
    with judge.LOCK:
        part = instructor.hidden_part(exercise)
        cases = list(exercise.cases) + list(part.cases)
        reference = list(exercise.expected().reference) + list(part.expected.reference)
        try:
            observations = [core.decode(o) for o in judge.checked_observations(list(raw))]
            return exercise._fails(observations, cases, reference)
        except Exception:  # noqa: BLE001 - a forged observation a judge cannot take
            return True


def kind_stop(exercise_id: str, raw: list) -> bool:
    """Whether the answer has already failed, from the kinds of observation alone (too
    slow, a shortcut, state kept between calls): where the expectations are not at hand."""
    last = raw[-1] if raw else None
    return isinstance(last, dict) and last.get("__raised__") in (
        core.TOO_SLOW, core.SHORTCUT, core.SHARED_STATE, "TooLarge")


def _exercise(exercise_id: str):
    from ..exercises.registry import get

    return get(exercise_id)


@dataclass
class Probe:
    """The grader's side of one probe: what was sent and observed so far."""
    exercise: str
    sealed: Sealed
    stop: object = judged_stop           # (exercise id, raw observations) -> bool
    observations: list = field(default_factory=list)
    asked: int | None = None             # the case the worker was last given
    found: dict | None = None            # what the guard said before it ended the worker

    @property
    def total(self) -> int:
        return self.sealed.public + len(self.sealed.hidden)

    def reply(self, step: int, number) -> dict:
        """What to send for "case?" ``number``; raises ValueError when it is out of turn."""
        if type(number) is not int or number != len(self.observations) or \
                (self.asked is not None and self.asked >= number):
            raise ValueError("asked for a case out of turn")
        if number >= self.total or (self.observations and
                                    self.stop(self.exercise, self.observations)):
            return {"step": step, "case": number, "end": True}
        self.asked = number
        if number < self.sealed.public:
            return {"step": step, "case": number}
        data, digests = self.sealed.hidden[number - self.sealed.public]
        return {"step": step, "case": number, "pickle": data, "codes": digests}

    def observed(self, number, raw) -> None:
        if type(number) is not int or number != self.asked or \
                number != len(self.observations):
            raise ValueError("sent an observation out of turn")
        self.observations.append(raw)

    def result(self, extra=None) -> dict:
        """The result message the judge takes: every case's observation, those not run
        marked as such (``extra``, an observation, goes in first)."""
        raw = list(self.observations) + ([core.encode(extra)] if extra is not None else [])
        raw += [core.encode(core.NOT_RUN_YET)] * max(0, self.total - len(raw))
        return {"status": "observed", "observations": raw[:self.total]}

    def stopped_by_guard(self, status: int) -> dict | None:
        """The result when the worker ended with one of the guard's statuses while case
        ``asked`` ran (None for any other status)."""
        from .worker import (GUARD_OFF_STATUS, MAX_PIECES, RECURSION_STATUS,
                             SHORTCUT_STATUS)

        if self.asked is None or self.asked != len(self.observations):
            return None
        exercise = _exercise(self.exercise)
        if SHORTCUT_STATUS <= status < SHORTCUT_STATUS + MAX_PIECES:
            pieces = shortcuts.forbidden_pieces(exercise.forbids)
            index = status - SHORTCUT_STATUS
            said = (self.found or {}).get("piece")
            if index == MAX_PIECES - 1 and type(said) is int and index <= said < len(pieces):
                index = said                      # the status only counts so far
            if index >= len(pieces):
                return None
            message = shortcuts.shortcut_message(exercise.entry, pieces[index])
        elif status == RECURSION_STATUS:
            name = (self.found or {}).get("name")
            name = name if isinstance(name, str) and name.isidentifier() else "function"
            message = shortcuts.recursion_message(exercise.entry, name)
        elif status == GUARD_OFF_STATUS:
            message = ("the checks stopped watching your code while it ran (did it recurse "
                       "past Python's limit, or raise from a signal handler?), so this case "
                       "cannot count")
        else:
            return None
        return self.result(core.Raised(core.SHORTCUT, message))

    def shortcut_answer(self, how: str) -> dict:
        """The result for an answer refused before it ran (it *is* the piece)."""
        exercise = _exercise(self.exercise)
        message = f"this exercise asks you to write {exercise.entry} yourself, but your " \
                  f"answer {how}"
        self.observations = []
        return self.result(core.Raised(core.SHORTCUT, message))
