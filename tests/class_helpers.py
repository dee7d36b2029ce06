"""A generated class for the class report's tests: a few hundred chapter-2 submissions made
from the learners' attempt corpus (tests/exercise_attempts/ch02), the instructor's known
mistakes (instructor/mistakes/ch02_add_neg.py) and the worked solutions.

Each distinct answer is probed once, in this process, on its public and hidden cases, as a
worker would, and judged by the grader's own judge; students are then dealt answers at
random (seeded): mostly right, some known mistakes, some other wrong attempts, untouched
stubs, deleted answer cells, a few notebooks that cannot be read, and a few who hand in a
classmate's answer with a variable renamed.  So every number in the report comes from real
verdicts, and the gradebook written from the same run is the reference to check it against.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import re
from pathlib import Path

from classroom.exercises import core, instructor
from classroom.exercises.registry import chapter
from classroom.grade import extract, judge, similarity
from classroom.grade.model import Answer, Limits, Outcome, Run, SubmissionResult

ROOT = Path(__file__).resolve().parents[1]
ATTEMPTS = ROOT / "tests" / "exercise_attempts" / "ch02"
LIMITS = Limits(timeout=10)


def _probe(exercise, answer) -> Outcome:
    """What the runner would pass on after a worker probed ``answer``."""
    part = instructor.hidden_part(exercise)
    cases = list(exercise.cases) + list(part.cases)
    reference = list(exercise.expected().reference) + list(part.expected.reference)
    try:
        observations = exercise.probe(answer, cases, reference=reference)
    except core.NotAttemptedError:
        return Outcome(kind="result", result={"status": "not attempted"})
    raw = json.loads(json.dumps([core.encode(o) for o in observations]))
    return Outcome(kind="result", result={"status": "observed", "observations": raw})


def _run(source: str, entry: str, earlier=()):
    namespace = {"__name__": "__main__"}
    exec(compile(chapter("02").SETUP, "<setup>", "exec"), namespace)
    for cell in earlier:
        exec(compile(cell, "<earlier>", "exec"), namespace)
    exec(compile(source, "<answer>", "exec"), namespace)
    return namespace[entry]


def answer_pool() -> dict:
    """{exercise id: [(label, source, ExerciseResult)]}: every distinct answer, judged."""
    exercises = {ex.id: ex for ex in chapter("02").EXERCISES}
    solutions = {a.exercise: a.code for a in extract.find_answers(
        extract.load_notebook((ROOT / "solutions" / "02_add_neg.ipynb").read_bytes())[0],
        list(exercises.values()))}
    stubs = {a.exercise: a.code for a in extract.find_answers(
        extract.load_notebook((ROOT / "exercises" / "02_add_neg.ipynb").read_bytes())[0],
        list(exercises.values()))}
    pool = {i: [] for i in exercises}
    for exercise_id, exercise in exercises.items():
        variants = [("solution", solutions[exercise_id]), ("stub", stubs[exercise_id])]
        for name, wrong in instructor.mistakes("02").get(exercise_id, {}).items():
            if callable(wrong):
                variants.append((f"mistake {name}", inspect.getsource(wrong).replace(
                    f"def {wrong.__name__}(", f"def {exercise.entry}(", 1)))
        if exercise_id == "02.count_visits":
            variants.append(("copied", COPIED))
        for path in sorted(ATTEMPTS.glob("*.py")):
            source = path.read_text(encoding="utf-8")
            if not source.startswith(f"# EXERCISE {exercise_id}\n") or "# after:" in source:
                continue
            variants.append((f"attempt {path.stem}", source))
        for label, source in variants:
            try:
                answer = _run(source, exercise.entry)
                outcome = _probe(exercise, answer)
            except Exception as err:  # noqa: BLE001 - an answer cell that raises
                outcome = Outcome(kind="result", result={"status": "undefined"},
                                  ran_error={"kind": type(err).__name__, "message": str(err),
                                             "line": None, "fatal": False})
            cell = Answer(exercise=exercise_id, code=source, cell=0, found_by="metadata")
            result = judge.judge_exercise(exercise, cell, outcome, LIMITS)
            pool[exercise_id].append((label, source, result))
    return pool


def generated_class(size: int = 240, seed: int = 2) -> Run:
    """A run of ``size`` submissions (see the module docstring)."""
    rng = random.Random(seed)
    pool = answer_pool()
    exercises = list(chapter("02").EXERCISES)
    results = []
    for n in range(size):
        student = f"student{n:03d}"
        if n % 97 == 5:                       # a few notebooks that cannot be read
            problem = "not a readable notebook: Expecting value: line 1 column 1 (char 0)"
            results.append(SubmissionResult(student=student, relpath=f"{student}.ipynb",
                                            chapter="02", problem=problem,
                                            exercises=judge.not_graded("02", problem)))
            continue
        weak = n % 7 == 3                     # some students struggle throughout
        ers, fingerprints = [], {}
        for exercise in exercises:
            variants = pool[exercise.id]
            roll = rng.random()
            if roll < (0.25 if weak else 0.6):
                label, source, er = variants[0]                            # the solution
            elif roll < (0.3 if weak else 0.65):
                label, source, er = variants[1]                            # untouched stub
            elif roll < (0.33 if weak else 0.67):
                er = judge.judge_exercise(exercise, None, None, LIMITS)     # cell deleted
                ers.append(er)
                continue
            else:
                label, source, er = rng.choice(variants[2:] or variants[:1])
            DEALT[(student, exercise.id)] = label
            SOURCES[label] = source
            ers.append(dataclasses.replace(er, notes=list(er.notes)))
            fingerprints[exercise.id] = similarity.fingerprint(source)
        results.append(SubmissionResult(student=student, relpath=f"{student}.ipynb",
                                        chapter="02", exercises=ers,
                                        fingerprints=fingerprints))
    # six students hand in one answer to count_visits, some with a variable renamed or a
    # line added
    label, source, er = next(v for v in pool["02.count_visits"] if v[0] == "copied")
    graded = [r for r in results if not r.problem]
    for k, r in enumerate(graded[:3] + graded[-3:]):
        r.exercises = [dataclasses.replace(er) if e.id == "02.count_visits" else e
                       for e in r.exercises]
        text = source if k % 2 else re.sub(r"\bhere\b", "k", source)
        if k == 3:
            text = text.replace("    return visits", "    assert visits >= 1\n    return visits")
        r.fingerprints["02.count_visits"] = similarity.fingerprint(text)
        DEALT[(r.student, "02.count_visits")] = "copied"
        SOURCES["copied"] = source
    COPIERS[:] = sorted(r.student for r in graded[:3] + graded[-3:])
    run = Run(results=sorted(results, key=lambda r: r.student), seconds=1.0, jobs=2,
              limits=LIMITS, chapter="02")
    run.similarity = similarity.find(run.results, similarity.references(run.results))
    return run


COPIERS: list = []              # who handed in the shared answer (set by generated_class)
DEALT: dict = {}                # (student, exercise) -> the answer dealt (by generated_class)
SOURCES: dict = {}              # the answer's label -> its code

# An answer nobody else writes this way: counts visits by walking every path with a queue.
COPIED = '''# EXERCISE 02.count_visits
from collections import deque


def count_visits(root):
    pending = deque([(root, 0)])
    visits = 0
    while pending:
        node, depth = pending.popleft()
        visits += 1
        here = [p for p in node.parents]
        for parent in here:
            pending.append((parent, depth + 1))
    return visits
'''
