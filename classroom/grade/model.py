"""The autograder's data: what was read from a notebook, and what grading found.

Plain dataclasses shared by the other modules, so that reading (``extract``),
running (``runner``), judging (``judge``) and writing (``report``) can be tested
on their own.  Nothing here runs learner code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

# Statuses of one exercise.  The first three are the checkers' own; "error" means the
# answer could not be checked to the end (syntax error, time limit, crash, sys.exit);
# "missing" means no answer cell was found.
CORRECT, INCORRECT, NOT_ATTEMPTED = "correct", "incorrect", "not attempted"
ERROR, MISSING = "error", "missing"


@dataclass(frozen=True)
class Limits:
    """What one submission's worker process may use.

    ``timeout`` is wall-clock seconds per exercise, enforced by the grader; within it, each
    case of a check runs with at most half of it (:attr:`case_seconds`), so that an answer
    that hangs on a case is told "too slow" on that case, the same way on every run, rather
    than racing the grader's own clock;
    ``memory_mb`` is the worker's address space; ``file_mb`` the largest file it may
    write (its captured output included).
    """
    timeout: float = 10.0
    memory_mb: int = 2048
    file_mb: int = 16
    scratch_mb: int = 256        # the scratch folder's size, where it is a tmpfs of its own
    startup: float = 60.0        # seconds for a worker to import NumPy, minigrad and SETUP

    @property
    def case_seconds(self) -> float:
        """The time budget of one case in the worker (an exercise's own may be smaller)."""
        return self.timeout / 2


@dataclass
class Answer:
    """The code that answers one exercise, and how it was found in the notebook."""
    exercise: str
    code: str
    cell: int                    # index of the cell among all the notebook's cells
    found_by: str                # "metadata", "header" or "definition"
    notes: list = field(default_factory=list)


@dataclass
class Step:
    """One thing a worker does, in notebook order: run a code cell, or probe an exercise.

    A probe of an exercise comes where the notebook checks it: before its check cell, or
    after the last cell that defines its answer when there is no check cell after it.
    ``exercise`` of a cell step names the exercise whose answer cell it is, if any.
    """
    kind: str                    # "cell" or "probe"
    cell: int                    # index of the cell among all the notebook's cells
    code: str = ""
    exercise: str | None = None


@dataclass
class Submission:
    """One notebook as read from disk: either answers to grade, or why it cannot be."""
    student: str                 # a safe id, usable as a file name
    relpath: str                 # the notebook's path relative to the submissions folder
    path: Path
    chapter: str | None = None
    answers: list = field(default_factory=list)     # Answer, in notebook order
    steps: list = field(default_factory=list)       # Step, what a worker runs, in order
    problem: str | None = None   # set when nothing can be graded
    notes: list = field(default_factory=list)
    digest: str = ""             # sha256 of the file's bytes ("" when unreadable)
    fingerprints: dict = field(default_factory=dict)    # exercise -> similarity fingerprints


@dataclass
class ExerciseResult:
    """The outcome of one exercise, in full (for instructors) and public-only (for students).

    ``status``/``message``/``case`` include the hidden checks.  ``public_*`` are what the
    public checks alone say, which is what a student sees unless hidden results are
    revealed.  ``public_status`` is None when the answer never got as far as the checks.
    """
    id: str
    title: str
    max_points: float
    has_hidden: bool = False
    status: str = MISSING
    points: float = 0.0
    message: str = ""
    case: str | None = None
    public_status: str | None = None
    public_message: str = ""
    public_case: str | None = None
    notes: list = field(default_factory=list)
    output: str = ""             # what the answer cell printed when it ran
    check_output: str = ""       # what it printed while being checked (may show hidden inputs)
    seconds: float | None = None
    found_by: str | None = None  # how the answer cell was found (see extract)
    mistake: str | None = None   # the known mistake the checker named, if any

    @property
    def hidden_passed(self) -> bool | None:
        """Whether the hidden checks passed, when that is known and meaningful."""
        if not self.has_hidden or self.public_status != CORRECT:
            return None
        return self.status == CORRECT


@dataclass
class SubmissionResult:
    """Everything graded for one notebook."""
    student: str
    relpath: str
    chapter: str | None
    exercises: list = field(default_factory=list)   # ExerciseResult, in the chapter's order
    problem: str | None = None
    notes: list = field(default_factory=list)
    seconds: float = 0.0
    internal_error: str | None = None
    digest: str = ""             # sha256 of the notebook's bytes, to tell it changed
    fingerprints: dict = field(default_factory=dict)    # exercise -> similarity fingerprints
    submitted: str | None = None     # when it was handed in (ISO), and from where (see late)
    late: dict | None = None         # {"due", "days", "penalty", "note", "source"}: see late
    written: dict = field(default_factory=dict)     # question -> the written answer (rubric)
    manual: dict = field(default_factory=dict)      # question -> {"points", "max", "comment"}

    @property
    def total(self) -> float:
        """The autograded points."""
        return sum(e.points for e in self.exercises)

    @property
    def raw(self) -> float:
        """Autograded and hand-scored (written answers) points, before any late penalty."""
        return self.total + sum(m["points"] for m in (self.manual or {}).values())

    @property
    def possible(self) -> float:
        return self.max_points + sum(m["max"] for m in (self.manual or {}).values())

    @property
    def final(self) -> float:
        """The points that count: :attr:`raw` less any late penalty."""
        return max(self.raw - (self.late or {}).get("penalty", 0.0), 0.0)

    @property
    def max_points(self) -> float:
        return sum(e.max_points for e in self.exercises)


@dataclass
class Run:
    """One grading run: every submission's result, and how the run went."""
    results: list
    seconds: float
    jobs: int
    limits: Limits
    chapter: str | None = None
    sandbox: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)
    skipped: list = field(default_factory=list)     # {"path", "reason"}: not submissions
    similarity: dict | None = None                  # see classroom.grade.similarity.find
    term: dict = field(default_factory=dict)        # roster, due time, late policy: see lms


def points_text(value: float) -> str:
    """3.0 -> "3", 1.5 -> "1.5"."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass
class Outcome:
    """What the runner saw for one exercise, before judging.

    ``kind`` is "result" (the worker sent observations or a status), "timeout",
    "died" (the worker process ended), "out of turn" (its messages broke the protocol:
    learner code wrote to the grader's channel), or "lost" (the worker could not be
    (re)started).  ``result`` is the worker's result message; ``ran_error`` describes an
    exception the answer cell raised when it ran; ``memory`` says the submission went
    over its memory cap as a whole.
    """
    kind: str
    result: dict | None = None
    ran_error: dict | None = None
    output: str = ""
    check_output: str = ""
    detail: str = ""
    seconds: float | None = None
    notes: list = field(default_factory=list)
    memory: bool = False


def result_from_dict(data: dict) -> SubmissionResult:
    """A :class:`SubmissionResult` from its ``dataclasses.asdict`` form (as saved in
    ``summary.json`` and in an interrupted run's folder)."""
    fields = {k: v for k, v in data.items() if k in SubmissionResult.__dataclass_fields__}
    exercise_fields = ExerciseResult.__dataclass_fields__
    fields["exercises"] = [ExerciseResult(**{k: v for k, v in e.items() if k in exercise_fields})
                           for e in data.get("exercises", [])]
    return SubmissionResult(**fields)
