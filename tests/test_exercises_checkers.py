"""The checkers are tested too: for every exercise of every chapter, the solution in
solutions/ is correct (hidden cases included), the generated stub is "not attempted",
and each known-wrong implementation fails with its own message."""

import nbformat
import pytest

from minigrad.exercises import CORRECT, INCORRECT, NOT_ATTEMPTED
from minigrad.exercises.generate import SOLUTIONS, role_of, transform
from minigrad.exercises.registry import chapter, chapter_modules

NOTEBOOKS = sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))


def answers(nb):
    """{exercise id: source of its answer cell} for a solutions or exercise notebook."""
    found = {}
    for cell in nb.cells:
        role, exercise_id = role_of(cell)
        if role == "answer":
            found[exercise_id] = cell.source
    return found


def namespace(number, *sources):
    ns = {}
    exec(chapter(number).SETUP, ns)
    for source in sources:
        exec(source, ns)
    return ns


CASES = []
for path in NOTEBOOKS:
    number = path.name[:2]
    solution_nb = nbformat.read(path, as_version=4)
    stub_nb = transform(solution_nb, path.name)
    for ex in chapter(number).EXERCISES:
        CASES.append(pytest.param(ex, answers(solution_nb), answers(stub_nb), id=ex.id))


def test_every_chapter_module_has_a_solutions_notebook():
    assert sorted(chapter_modules()) == sorted(p.name[:2] for p in NOTEBOOKS)


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_solution_passes_every_case_including_hidden(exercise, solutions, stubs):
    ns = namespace(exercise.chapter, *solutions.values())
    verdict = exercise.check(ns[exercise.entry], hidden=True)
    assert verdict.status == CORRECT, verdict.text()
    assert exercise.check(exercise.reference, hidden=True).status == CORRECT


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_untouched_stub_is_not_attempted(exercise, solutions, stubs):
    ns = namespace(exercise.chapter, *stubs.values())
    verdict = exercise.check(ns[exercise.entry], hidden=True)
    assert verdict.status == NOT_ATTEMPTED, verdict.text()


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_each_known_mistake_gets_its_own_message(exercise, solutions, stubs):
    assert exercise.mistakes, f"{exercise.id} has no known-wrong implementations"
    seen = set()
    for message, wrong in exercise.mistakes.items():
        verdict = exercise.check(wrong, hidden=True)
        assert verdict.status == INCORRECT, f"{exercise.id}: {message!r} was judged correct"
        assert message in verdict.message, (exercise.id, message, verdict.message)
        seen.add(verdict.message)
    assert len(seen) == len(exercise.mistakes), "two mistakes got the same message"


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_hints_come_in_tiers_and_feedback_never_shows_expected_values(exercise, solutions, stubs):
    assert len(exercise.hints) >= 2
    assert len(set(exercise.hints)) == len(exercise.hints)
    assert exercise.points >= 1


def test_at_least_four_exercises_per_chapter():
    for number in chapter_modules():
        assert len(chapter(number).EXERCISES) >= 4, number
