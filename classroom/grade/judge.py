"""Turning what a worker observed into points and messages, in the grader's own process.

The worker only records what the learner's code did; the verdict is computed here
with :meth:`Exercise.verdict` on observations decoded from JSON, so code that
monkeypatched NumPy or ``classroom.exercises`` inside the worker changes nothing.

Each exercise is judged twice: on every case (points, and the instructors' view)
and on the public cases alone (what a student sees unless hidden results are
revealed), so a student-facing message can never be about a hidden case.
"""

from __future__ import annotations

import threading

from ..exercises import core, instructor
from ..exercises.registry import chapter as chapter_module
from .model import (CORRECT, ERROR, INCORRECT, MISSING, NOT_ATTEMPTED, ExerciseResult,
                    Limits, Outcome, Submission, SubmissionResult)

MEMORY_ERRORS = ("MemoryError", "_ArrayMemoryError")
# Custom judges may rebuild small graphs with minigrad, which keeps global state (grad
# mode): one judge at a time.  Judging takes milliseconds.
LOCK = _LOCK = threading.Lock()


def timeout_message(limits: Limits) -> str:
    return f"took longer than {limits.timeout:g} s (infinite loop?)"


DIED = "the process ended during this exercise (os._exit / crash / out of memory)"


def memory_message(limits: Limits) -> str:
    return f"ran out of memory (limit {limits.memory_mb} MB)"


def whole_memory_message(limits: Limits) -> str:
    return f"ran out of memory (limit {limits.memory_mb} MB for the whole submission)"


OUT_OF_TURN = ("the grader received results out of turn while checking this exercise (did "
               "your code write to the grader's channel?), so it cannot be graded")


def _where(error: dict) -> str:
    return f" (line {error['line']})" if error.get("line") else ""


def cell_error_message(error: dict, limits: Limits) -> str:
    """What to tell a learner whose answer cell raised ``error`` when it ran."""
    kind, text = error["kind"], error.get("message", "")
    if kind in ("SyntaxError", "IndentationError", "TabError"):
        return f"your answer cell has a syntax error{_where(error)}: {text}"
    if kind == "SystemExit":
        return (f"your answer cell called sys.exit() or exit(){_where(error)}, which would end "
                f"the program: remove that call")
    if kind in MEMORY_ERRORS:
        return memory_message(limits)
    return f"your answer cell raised {kind}{_where(error)}: {text}".rstrip(": ")


def judge_exercise(exercise, answer, outcome: Outcome | None, limits: Limits) -> ExerciseResult:
    """The result of one exercise from the runner's ``outcome`` (None: never run)."""
    result = ExerciseResult(id=exercise.id, title=exercise.title,
                            max_points=float(exercise.points), has_hidden=exercise.has_hidden)
    if answer is None:
        result.message = result.public_message = (f"no answer cell found for {exercise.id} "
                                                  f"(was it deleted?)")
        return result
    result.notes += answer.notes
    result.found_by = answer.found_by
    if outcome is None:
        result.status = ERROR
        result.message = result.public_message = "not run (the grader stopped early)"
        return result
    result.output, result.check_output, result.seconds = (outcome.output, outcome.check_output,
                                                          outcome.seconds)
    if outcome.detail:
        result.notes.append(outcome.detail)
    result.notes += outcome.notes
    if outcome.kind != "result":
        result.status = ERROR
        result.message = whole_memory_message(limits) if outcome.memory else {
            "timeout": timeout_message(limits), "died": DIED,
            "out of turn": OUT_OF_TURN}.get(
            outcome.kind, f"could not be graded: {outcome.detail or 'the worker failed'}")
        result.public_message = result.message
        return result

    message, ran_error = outcome.result, outcome.ran_error
    status = message.get("status") if isinstance(message.get("status"), str) else None
    if ran_error and status in ("observed", "not attempted", "raised"):
        result.notes.append(cell_error_message(ran_error, limits) + "; what the cell defined "
                            "before that was graded")
    if status == "not attempted":
        result.status = result.public_status = NOT_ATTEMPTED
        result.message = result.public_message = (
            f"`{exercise.entry}` still raises NotImplementedError: replace the stub with your "
            f"code")
    elif status == "undefined":
        result.status = ERROR if ran_error else INCORRECT
        result.message = (cell_error_message(ran_error, limits) if ran_error else
                          f"your answer cell ran, but it does not define `{exercise.entry}`")
        result.public_message = result.message
    elif status == "raised":
        raised = clean_error(message.get("raised")) or {}
        kind = raised.get("kind", "an exception")
        result.status = ERROR
        result.message = (memory_message(limits) if kind in MEMORY_ERRORS else
                          f"while being checked, your code raised {kind}{_where(raised)}"
                          + (" (sys.exit() ends the program: return a value instead)"
                             if kind == "SystemExit" else f": {raised.get('message', '')}"))
        result.public_message = result.message
    elif status == "observed":
        _judge_observations(exercise, message.get("observations"), result, limits)
    else:
        result.status = ERROR
        why = message.get("error") if isinstance(message.get("error"), str) else status
        why = (why or "no status")[:300]
        result.message = result.public_message = (f"the grader could not record this "
                                                   f"exercise's result ({why})")
    result.points = float(exercise.points) if result.status == CORRECT else 0.0
    return result


def _judge_observations(exercise, raw, result: ExerciseResult, limits: Limits) -> None:
    hidden = instructor.hidden_part(exercise)
    cases = list(exercise.cases) + list(hidden.cases)
    with _LOCK:
        try:
            observations = [core.decode(o) for o in checked_observations(raw)]
            full = exercise.verdict(observations, hidden)
            public = None
            shown = observations[:len(exercise.cases)]
            if full.status == CORRECT and shown:      # passing all cases passes the public ones
                public = core.Verdict(exercise, CORRECT, f"public checks passed ({len(shown)} "
                                                         f"cases)")
            elif len(observations) == len(cases) and shown:
                public = exercise.verdict(shown)
        except Exception as err:  # noqa: BLE001 - forged or corrupt observations
            result.status = ERROR
            result.message = result.public_message = (f"the grader could not judge this "
                                                       f"exercise's results ({err})")
            return
    result.status, result.message, result.case = full.status, full.message, full.case
    result.mistake = full.mistake
    if public is None:
        result.public_status = None if len(observations) != len(cases) else CORRECT
        result.public_message = ("this exercise has hidden checks only; the result is released "
                                 "with the grades" if len(observations) == len(cases)
                                 else full.message)
    else:
        result.public_status, result.public_message = public.status, public.message
        result.public_case = public.case
    if result.status != CORRECT:
        memory = [isinstance(o, core.Raised) and o.kind in MEMORY_ERRORS for o in observations]
        if any(memory):
            case = cases[memory.index(True)] if len(cases) == len(memory) else None
            result.status, result.message = ERROR, memory_message(limits)
            result.case = case.description if case else None
            if case is not None and not case.hidden:
                result.public_status, result.public_message = ERROR, memory_message(limits)
                result.public_case = case.description


#: dtypes an observed array may have (a forged "(100000,100000)f8" would allocate 80 GB)
DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"}
MAX_ELEMENTS = 4_000_000


def checked_observations(raw) -> list:
    """``raw`` (what a worker sent) when every array in it is of an allowed dtype and size;
    raises ValueError otherwise, before anything is allocated for it."""
    if not isinstance(raw, list):
        raise ValueError("the observations are not a list")
    total, todo = 0, list(raw)
    while todo:
        value = todo.pop()
        if isinstance(value, list):
            todo += value
        elif isinstance(value, dict):
            if "__array__" in value:
                shape = value.get("shape")
                if value.get("dtype") not in DTYPES or not isinstance(shape, list) or \
                        len(shape) > 32 or not all(type(n) is int and 0 <= n <= MAX_ELEMENTS
                                                   for n in shape):
                    raise ValueError("an observed array has an unexpected dtype or shape")
                size = 1
                for n in shape:
                    size *= n
                total += size
                if total > MAX_ELEMENTS:
                    raise ValueError("the observations hold too many numbers")
            else:
                todo += list(value.values())
    return raw


def clean_error(value) -> dict | None:
    """An exception description from a worker, with only the fields and types expected."""
    if not isinstance(value, dict):
        return None
    line = value.get("line")
    text = lambda v, n: v[:n] if isinstance(v, str) else ""  # noqa: E731
    return {"kind": text(value.get("kind"), 100) or "Exception",
            "message": text(value.get("message"), 300),
            "line": line if type(line) is int and 0 < line < 10**7 else None,
            "fatal": value.get("fatal") is True}


def judge_submission(sub: Submission, outcomes: dict, limits: Limits) -> SubmissionResult:
    """Results for every exercise of the submission's chapter, in the chapter's order."""
    result = SubmissionResult(student=sub.student, relpath=sub.relpath, chapter=sub.chapter,
                              problem=sub.problem, notes=list(sub.notes), digest=sub.digest,
                              fingerprints=dict(sub.fingerprints))
    exercises = _exercises(sub.chapter)
    if sub.problem:
        result.exercises = not_graded(sub.chapter, sub.problem)
        return result
    answers = {a.exercise: a for a in sub.answers}
    for exercise in exercises:
        result.exercises.append(judge_exercise(exercise, answers.get(exercise.id),
                                               outcomes.get(exercise.id), limits))
    return result


def not_graded(number: str | None, problem: str) -> list:
    """0-point results for every exercise of chapter ``number``, for a notebook that could
    not be graded (so its row still shows what it could have scored)."""
    return [ExerciseResult(id=ex.id, title=ex.title, max_points=float(ex.points),
                           has_hidden=ex.has_hidden, status=MISSING,
                           message=f"not graded: {problem}",
                           public_message=f"not graded: {problem}")
            for ex in _exercises(number)]


def _exercises(number: str | None) -> list:
    if number is None:
        return []
    try:
        return list(chapter_module(number).EXERCISES)
    except KeyError:
        return []
