"""The checkers are tested too: for every exercise of every chapter, the solution in
solutions/ is correct (hidden cases included), the generated stub is "not attempted",
each known mistake (instructor/mistakes/) fails with its own message, and the stored
expectations are those the current sources make."""

import nbformat
import pytest

from classroom.exercises import CORRECT, INCORRECT, NOT_ATTEMPTED, instructor, make_expected
from classroom.exercises.generate import SOLUTIONS, role_of, transform
from classroom.exercises.registry import chapter, chapter_modules

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


@pytest.mark.parametrize("number", sorted(chapter_modules()))
def test_stored_expectations_are_made_from_the_current_sources(number):
    assert not make_expected.is_stale(number), (
        f"chapter {number}'s expectations are stale: run `make exercises`")


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_solution_passes_every_case_including_hidden(exercise, solutions, stubs):
    ns = namespace(exercise.chapter, *solutions.values())
    verdict = exercise.check(ns[exercise.entry], instructor.hidden_part(exercise))
    assert verdict.status == CORRECT, verdict.text()
    assert exercise.check(ns[exercise.entry]).status == CORRECT


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_untouched_stub_is_not_attempted(exercise, solutions, stubs):
    ns = namespace(exercise.chapter, *stubs.values())
    verdict = exercise.check(ns[exercise.entry], instructor.hidden_part(exercise))
    assert verdict.status == NOT_ATTEMPTED, verdict.text()


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_each_known_mistake_gets_its_own_message(exercise, solutions, stubs):
    wrong_answers = instructor.mistakes(exercise.chapter).get(exercise.id, {})
    assert wrong_answers, f"{exercise.id} has no known-wrong implementations"
    if exercise.judge is None:       # messages are the exercise's; judged ones name phrases
        assert set(wrong_answers) == set(exercise.mistakes)
    seen = set()
    hidden = instructor.hidden_part(exercise)
    for key, wrong in wrong_answers.items():
        for part in (None, hidden):        # the notebook's check, and the grader's
            verdict = exercise.check(wrong, part)
            assert verdict.status == INCORRECT, f"{exercise.id}: {key!r} was judged correct"
            phrase = key if exercise.judge else exercise.mistakes[key]
            assert phrase in verdict.message, (exercise.id, key, verdict.message)
        seen.add(verdict.message)
    assert len(seen) == len(wrong_answers), "two mistakes got the same message"


@pytest.mark.parametrize("exercise, solutions, stubs", CASES)
def test_hints_come_in_tiers(exercise, solutions, stubs):
    assert len(exercise.hints) >= 2
    assert len(set(exercise.hints)) == len(exercise.hints)
    assert exercise.points >= 1


def test_at_least_four_exercises_per_chapter():
    for number in chapter_modules():
        assert len(chapter(number).EXERCISES) >= 4, number
