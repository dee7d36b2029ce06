"""The instructor's side of the exercises, read from files that graded code never reaches.

The course package holds what a learner's notebook needs: public cases, messages, hints
and the public cases' expected observations.  Everything else lives in the repository's
``instructor/`` folder, outside every package:

* ``instructor/hidden/chNN_topic.py``: ``HIDDEN = {exercise id: [Case, ...]}``, the hidden
  cases.  The grader loads this file itself and sends a worker each case, built, one at a
  time, when the worker asks for it (see :mod:`classroom.grade.cases`); a worker never
  sees the file;
* ``instructor/mistakes/chNN_topic.py``: ``MISTAKES = {exercise id: {name: wrong answer}}``,
  the known mistakes as code, used to make the expectations and to test the checkers;
* ``instructor/expected/chNN_topic.json``: what the reference answer and each mistake
  produce on the hidden cases (written by ``python -m classroom.exercises.generate``).

The reference answer of every exercise is its answer cell in ``solutions/NN_topic.ipynb``:
:func:`reference_answers` runs those cells, in order, as the grader runs a submission.

The folder is found next to the ``classroom`` package of a source checkout, or wherever
``CLASSROOM_INSTRUCTOR`` points (an instructor may keep it elsewhere, or private).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import json
import os
import sys
from pathlib import Path

from .core import Case, Expected, Hidden
from .registry import chapter as chapter_module
from .registry import chapter_modules

ENV = "CLASSROOM_INSTRUCTOR"
CHECKOUT = Path(__file__).resolve().parents[2]


class InstructorFilesMissing(FileNotFoundError):
    """The instructor's folder (hidden cases, known mistakes, hidden expectations) is not
    where it should be: the message says where it was looked for and what to do."""


def instructor_dir() -> Path:
    """The ``instructor/`` folder: ``$CLASSROOM_INSTRUCTOR``, else the checkout's own."""
    configured = os.environ.get(ENV)
    folder = Path(configured) if configured else CHECKOUT / "instructor"
    if not (folder / "hidden").is_dir():
        how = (f"{ENV} points to {folder}" if configured else
               f"looked for {folder}, next to the classroom package")
        raise InstructorFilesMissing(
            f"the instructor's files (hidden cases, known mistakes, hidden expectations) were "
            f"not found ({how}). Grade from a checkout of the course repository, or set "
            f"{ENV} to its instructor/ folder.")
    return folder


def solutions_dir() -> Path:
    return CHECKOUT / "solutions"


def _stem(number: str) -> str:
    return chapter_modules()[number].rsplit(".", 1)[-1]


def _file(kind: str, number: str, suffix: str) -> Path:
    return instructor_dir() / kind / f"{_stem(number)}{suffix}"


# -- hidden cases ------------------------------------------------------------------------------
def hidden_source(number: str) -> str:
    """The text of chapter ``number``'s hidden-case file."""
    path = _file("hidden", number, ".py")
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InstructorFilesMissing(f"{path} is missing: every chapter with exercises has a "
                                     f"hidden-case file (HIDDEN = {{}} when it has none)") from None


def load_hidden(source: str, number: str, known=None) -> dict:
    """``{exercise id: tuple of Cases}`` from a hidden-case file's text, every case marked
    hidden.  ``known`` is the chapter's exercise ids (looked up when not given)."""
    namespace = {"__name__": f"classroom_hidden_ch{number}", "__builtins__": __builtins__}
    exec(compile(source, f"<hidden cases of chapter {number}>", "exec"), namespace)
    hidden = namespace.get("HIDDEN")
    if not isinstance(hidden, dict):
        raise TypeError(f"the hidden-case file of chapter {number} must define HIDDEN = "
                        f"{{exercise id: [Case, ...]}}")
    known = known if known is not None else {ex.id for ex in chapter_module(number).EXERCISES}
    out = {}
    for exercise_id, cases in hidden.items():
        if exercise_id not in known:
            raise KeyError(f"hidden cases for {exercise_id!r}, which chapter {number} does not "
                           f"have")
        if not all(isinstance(c, Case) for c in cases):
            raise TypeError(f"HIDDEN[{exercise_id!r}] must be a list of Case objects")
        out[exercise_id] = tuple(dataclasses.replace(c, hidden=True) for c in cases)
    return out


@functools.lru_cache(maxsize=None)
def hidden_cases(number: str) -> dict:
    """``{exercise id: tuple of hidden Cases}`` for chapter ``number``."""
    return load_hidden(hidden_source(number), number)


@functools.lru_cache(maxsize=None)
def hidden_expected(number: str) -> dict:
    """``{exercise id: Expected}`` on the hidden cases, from ``instructor/expected/``."""
    path = _file("expected", number, ".json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InstructorFilesMissing(f"{path} is missing: run `python -m "
                                     f"classroom.exercises.generate` (make exercises)") from None
    return {k: Expected.from_json(v) for k, v in data["exercises"].items()}


def hidden_part(exercise) -> Hidden:
    """The instructor's part of one exercise: its hidden cases and their expectations."""
    cases = hidden_cases(exercise.chapter).get(exercise.id, ())
    expected = hidden_expected(exercise.chapter).get(exercise.id, Expected((), (), {}))
    if expected.cases != tuple(c.description for c in cases):
        raise RuntimeError(f"{exercise.id}: the stored hidden expectations were made for other "
                           f"hidden cases; run `python -m classroom.exercises.generate`")
    return Hidden(cases, expected)


# -- known mistakes --------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def mistakes(number: str) -> dict:
    """``{exercise id: {mistake name: wrong answer}}`` from ``instructor/mistakes/``."""
    path = _file("mistakes", number, ".py")
    if not path.is_file():
        raise InstructorFilesMissing(f"{path} is missing")
    name = f"classroom_instructor_mistakes_{_stem(number)}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # so inspect.getsource and pickling find it
    spec.loader.exec_module(module)
    return dict(module.MISTAKES)


# -- the reference answers ------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def reference_answers(number: str, solutions: Path | None = None) -> dict:
    """``{exercise id: answer}``: chapter ``number``'s answer cells in ``solutions/``, run in
    notebook order in one namespace after the chapter's ``SETUP``, each answer taken as
    it stands right after its own cell (when the notebook's check would look at it)."""
    from ..grade import extract

    module = chapter_module(number)
    folder = solutions or solutions_dir()
    matches = sorted(folder.glob(f"{number}_*.ipynb"))
    if len(matches) != 1:
        raise FileNotFoundError(f"expected one solutions notebook {folder}/{number}_*.ipynb, "
                                f"found {len(matches)}")
    cells, _ = extract.load_notebook(matches[0].read_bytes())
    answers = extract.find_answers(cells, module.EXERCISES)
    by_id = {ex.id: ex for ex in module.EXERCISES}
    missing = sorted(set(by_id) - {a.exercise for a in answers})
    if missing:
        raise ValueError(f"{matches[0].name} has no answer cell for {', '.join(missing)}")
    namespace = {"__name__": "__main__"}
    exec(compile(module.SETUP, "<setup>", "exec"), namespace)
    found = {}
    for answer in answers:
        exec(compile(answer.code, f"<solution {answer.exercise}>", "exec"), namespace)
        found[answer.exercise] = namespace[by_id[answer.exercise].entry]
    return found
