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


# -- the code a hint shows: marked as code, and never an answer on its own ---------------------
_SPAN = re.compile(r"```(?:python)?\n?(.*?)```|`([^`\n]+)`", re.S)
#: What reads as code in a hint's prose: a call on something, indexing, NumPy, .data, an
#: augmented assignment, a matrix product, a comparison, a lambda or a def.
_CODE_LIKE = re.compile(r"np\.\w|\.data\b|\w\.\w+\(|\w\[|\+=|-=|\*=|/=| @ |==|!=|\blambda\b"
                        r"|\bdef \w")


def code_spans(hint: str) -> list:
    """The code a hint shows: its ``` fences and `inline spans`, in order."""
    return [(fence or inline).strip("\n") for fence, inline in _SPAN.findall(hint)]


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda ex: ex.id)
def test_code_in_hints_is_marked_as_code(exercise):
    """Code in a hint sits between backticks, so that a learner sees it as code and the test
    below can try it as an answer."""
    for tier, hint in enumerate(exercise.hints, start=1):
        prose = _SPAN.sub("", hint)
        found = _CODE_LIKE.findall(prose)
        assert not found, f"{exercise.id}: hint {tier} has code outside backticks: {found}"


def _solution_cell(exercise_id: str) -> str:
    """The answer cell of ``exercise_id`` in solutions/, markers included."""
    path = next(SOLUTIONS.glob(f"{exercise_id[:2]}_*.ipynb"))
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith(f"# EXERCISE {exercise_id}\n"):
            return source
    raise LookupError(exercise_id)


def _pasted(exercise_id: str, code: str) -> str | None:
    """The answer cell with ``code`` where the learner's code goes (every stub of it), or
    None when that does not compile."""
    from classroom.exercises.generate import _replace_regions

    def insert(indent):
        return [indent + line if line.strip() else line for line in code.splitlines()]

    source, _ = _replace_regions(_solution_cell(exercise_id), exercise_id, insert)
    try:
        compile(source, exercise_id, "exec")
    except SyntaxError:
        return None
    return source


def _as_answers(spans: list) -> list:
    """Each span alone and all of them together, each as it is and with its last line
    returned (a span is often the expression an answer would return)."""
    tries = []
    for code in spans + ([("\n".join(spans))] if len(spans) > 1 else []):
        tries.append(code)
        lines = code.rstrip().splitlines()
        if lines and not lines[-1].lstrip().startswith(("return", "for ", "if ", "raise")):
            head = lines[-1][:len(lines[-1]) - len(lines[-1].lstrip())]
            tries.append("\n".join(lines[:-1] + [f"{head}return {lines[-1].strip()}"]))
    return tries


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda ex: ex.id)
def test_the_code_of_hints_one_and_two_is_not_an_answer(exercise, monkeypatch):
    """Pasting the code that hints 1 and 2 show into the answer cell, span by span and all
    together, never passes the check: they point at the idea and at the step where learners
    get stuck; the answer stays behind solution()."""
    import numpy as np

    from classroom.exercises import CORRECT
    from classroom.exercises.registry import chapter
    from classroom.grade import extract

    module = chapter(exercise.chapter)
    path = next(SOLUTIONS.glob(f"{exercise.chapter}_*.ipynb"))
    cells, _ = extract.load_notebook(path.read_bytes())
    earlier = {"__name__": "__main__"}
    exec(compile(module.SETUP, "<setup>", "exec"), earlier)
    for answer in extract.find_answers(cells, module.EXERCISES):
        if answer.exercise == exercise.id:
            break
        exec(compile(answer.code, f"<solution {answer.exercise}>", "exec"), earlier)
    spans = [s for hint in exercise.hints[:2] for s in code_spans(hint)]
    state = np.random.get_state()
    try:
        for code in _as_answers(spans):
            source = _pasted(exercise.id, code)
            if source is None:
                continue
            namespace = dict(earlier)
            try:
                exec(compile(source, f"<hint code for {exercise.id}>", "exec"), namespace)
            except Exception:      # noqa: BLE001 - code that cannot even run is no answer
                continue
            verdict = exercise.check(namespace[exercise.entry])
            assert verdict.status != CORRECT, (f"{exercise.id}: this code from hints 1-2 "
                                               f"passes the check:\n{code}")
    finally:
        np.random.set_state(state)


def test_the_hint_test_would_catch_a_hint_that_holds_the_answer():
    """The machinery above finds an answer hidden in a hint's code spans."""
    from classroom.exercises import CORRECT
    from classroom.exercises.registry import get

    neg = get("02.neg")
    hint = "Forward and backward in one line: `record(-a.data, (a,), lambda g: (-g,), 'neg')`."
    namespace = {}
    exec("import numpy as np\nfrom minigrad.autograd import record", namespace)
    verdicts = []
    for code in _as_answers(code_spans(hint)):
        source = _pasted(neg.id, code)
        if source is not None:
            ns = dict(namespace)
            exec(source, ns)
            verdicts.append(neg.check(ns["neg"]).status)
    assert CORRECT in verdicts


def test_hints_show_their_code_as_code():
    from classroom.exercises.feedback import Note

    html = Note("hint", "02.neg", "Use `-a.data`, never <b>.")._repr_html_()
    assert "<code>-a.data</code>" in html and "&lt;b&gt;" in html
