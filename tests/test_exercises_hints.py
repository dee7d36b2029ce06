"""Hints come in tiers, a nudge, a method, then a worked step, and none of them is the answer.

A hint that is the solution in one line makes ``solution()`` pointless and a graded exercise
free; a hint that names the numbers a stretch exercise asks the learner to find (a learning
rate, a number of steps) gives the exercise away.  These tests compare every hint with the
answer cell of ``solutions/`` and with the exercise's own text.
"""

import json
import re

import pytest

from classroom.exercises.generate import SOLUTIONS, role_of
from classroom.exercises.learner import solution_source
from classroom.exercises.registry import chapter_modules, exercises

EXERCISES = [ex for number in chapter_modules() for ex in exercises(number)]


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def statements(exercise_id: str) -> list:
    """The solution's statements worth giving away (comments, blank lines and def/class
    lines left out), without their whitespace."""
    found = []
    for line in solution_source(exercise_id).splitlines()[1:]:
        for part in line.split("#")[0].split(";"):
            part = part.strip().rstrip(":")
            if len(_squeezed(part)) >= 12 and not part.startswith(("def ", "class ")):
                found.append(_squeezed(part))
    return found


def exercise_text(exercise_id: str) -> str:
    """The markdown cells of the exercise's section in solutions/ (what the learner reads)."""
    path = next(SOLUTIONS.glob(f"{exercise_id[:2]}_*.ipynb"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text, section = [], []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            section.append(source)
            continue
        role, found = role_of(type("Cell", (), {"cell_type": "code", "source": source})())
        if role == "answer" and found == exercise_id:
            given = re.sub(r"### BEGIN SOLUTION.*?### END SOLUTION", "", source, flags=re.S)
            text = section[-2:] + [given]      # the text, and what the cell gives as it is
            break
        if role == "answer":
            section = []
    return "\n".join(text)


_NUMBER = re.compile(r"(?<![\w.])(\d+\.\d+|\d{3,})(?![\w.])")


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda ex: ex.id)
def test_three_tiers_and_none_is_the_answer(exercise):
    hints = exercise.hints
    assert len(hints) == 3 and len(set(hints)) == 3, exercise.id
    wanted = statements(exercise.id)
    assert wanted, f"{exercise.id}: no solution code found"
    solution = _squeezed(solution_source(exercise.id))
    for tier, hint in enumerate(hints, start=1):
        given = [s for s in wanted if s in _squeezed(hint)]
        assert _squeezed(hint) not in solution or len(_squeezed(hint)) < 40, (exercise.id, tier)
        assert len(given) < len(wanted), (f"{exercise.id}: hint {tier} holds every statement of "
                                          f"the answer")
        if len(wanted) >= 3:
            assert len(given) <= 0.6 * len(wanted), (f"{exercise.id}: hint {tier} holds "
                                                     f"{len(given)} of the answer's "
                                                     f"{len(wanted)} statements: {given}")
    everything = _squeezed(" ".join(hints))
    given = [s for s in wanted if s in everything]
    assert len(given) < len(wanted) or len(wanted) <= 2, (f"{exercise.id}: the hints together "
                                                          f"hold the whole answer")


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda ex: ex.id)
def test_no_hint_names_a_number_the_answer_chose(exercise):
    """Numbers in the answer that the text does not give (a learning rate, a step count) are
    what the learner must find: no hint may name them."""
    chosen = set(_NUMBER.findall(solution_source(exercise.id))) - set(
        _NUMBER.findall(exercise_text(exercise.id)))
    for tier, hint in enumerate(exercise.hints, start=1):
        named = chosen & set(_NUMBER.findall(hint))
        assert not named, f"{exercise.id}: hint {tier} gives away {sorted(named)}"


def test_the_stretch_learning_rate_is_not_in_the_messages_either():
    from classroom.exercises.registry import get

    fit = get("06.fit_product")
    chosen = set(_NUMBER.findall(solution_source(fit.id))) - set(
        _NUMBER.findall(exercise_text(fit.id)))
    assert chosen, "the solution should choose a learning rate the text does not give"
    import inspect

    source = inspect.getsource(fit.judge)
    assert not chosen & set(_NUMBER.findall(source)), "the judge's messages name the answer"
