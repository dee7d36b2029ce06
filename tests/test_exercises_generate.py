"""exercises/ is generated from solutions/: up to date, leak-free, safe for learners' work."""

import copy
import shutil

import nbformat
import pytest

from classroom.exercises.generate import (BEGIN, END, EXERCISES, PROMPT, SOLUTIONS, EditedNotebook,
                                         SourceError, generate, is_own_output, main, role_of,
                                         stale, transform)

NOTEBOOKS = sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))
NAMES = [p.name for p in NOTEBOOKS]


def read(path):
    return nbformat.read(path, as_version=4)


def regions(source, inside_wanted=True):
    """The (stripped) lines inside BEGIN/END regions of a cell, or those outside them."""
    inside, found = False, []
    for line in source.splitlines():
        if line.strip() == BEGIN:
            inside = True
        elif line.strip() == END:
            inside = False
        elif inside == inside_wanted:
            found.append(line.strip())
    return found


def test_exercises_are_generated_from_the_current_solutions():
    assert stale() == [], "run `make exercises` (python -m classroom.exercises.generate)"
    assert main(["--check"]) == 0


def leaked_lines(solution, exercise) -> list:
    """Solution lines (inside BEGIN/END) that appear in the exercise notebook.

    Comments and short lines (``return x``) are ignored, and so is a line that the
    solutions notebook also shows outside its regions (a statement that spells out
    the forward pass gives nothing away)."""
    exercise_text = "\n".join(c.source for c in exercise.cells)
    given = "\n".join(line for c in solution.cells for line in regions(c.source, False))
    return [line for c in solution.cells for line in regions(c.source)
            if len(line) >= 12 and not line.startswith("#") and line not in given
            and line in exercise_text]


@pytest.mark.parametrize("name", NAMES)
def test_no_solution_text_leaks_into_the_exercise(name):
    assert leaked_lines(read(SOLUTIONS / name), read(EXERCISES / name)) == []


def test_the_leak_check_catches_a_leak():
    solution = read(SOLUTIONS / "02_add_neg.ipynb")
    exercise = transform(solution, "02_add_neg.ipynb")
    assert leaked_lines(solution, exercise) == []
    exercise.cells[-1].source += "\nparents_done = stack.pop()"   # as a buggy generator might
    assert leaked_lines(solution, exercise) == []                  # (not a whole line)
    exercise.cells[-1].source += "\nnode, parents_done = stack.pop()"
    assert leaked_lines(solution, exercise) == ["node, parents_done = stack.pop()"]


@pytest.mark.parametrize("name", NAMES)
def test_untouched_exercise_notebook_ran_and_every_check_says_not_attempted(name):
    nb = read(EXERCISES / name)
    assert is_own_output(EXERCISES / name)
    meta = nb.metadata["minigrad"]
    assert meta["generated_from"] == f"solutions/{name}" and meta["chapter"] == name[:2]
    checks = [c for c in nb.cells if c.metadata.get("minigrad", {}).get("role") == "check"]
    assert len(checks) == len(meta["exercises"]) >= 4
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.execution_count is not None, "the generated notebook was not run"
            assert all(o.output_type != "error" for o in cell.outputs)
    for cell in checks:
        text = cell.outputs[0]["data"]["text/plain"]
        assert "NOT ATTEMPTED" in text, text


@pytest.mark.parametrize("name", NAMES)
def test_answer_cells_carry_stable_ids_and_metadata(name):
    solution, exercise = read(SOLUTIONS / name), read(EXERCISES / name)
    solution_ids = {c.id for c in solution.cells}
    for cell in exercise.cells[2:]:             # [0] is the launch cell, [1] the header
        assert cell.id in solution_ids                   # ids survive generation
        role, exercise_id = role_of(cell)
        if role == "answer":
            assert cell.metadata["minigrad"] == {"role": "answer", "exercise": exercise_id}
            assert f'raise NotImplementedError("exercise {exercise_id}:' in cell.source


# -- the rules, on a copy of chapter 2 ------------------------------------------------------------
@pytest.fixture
def ch02():
    return read(SOLUTIONS / "02_add_neg.ipynb")


def test_markdown_answer_becomes_a_prompt(ch02):
    out = transform(ch02, "02_add_neg.ipynb")
    prompts = [c for c in out.cells if c.metadata["minigrad"]["role"] == "prompt"]
    assert prompts and all(PROMPT in c.source and BEGIN not in c.source for c in prompts)


def test_stub_keeps_the_indentation_of_the_region(ch02):
    out = transform(ch02, "02_add_neg.ipynb")
    add = next(c for c in out.cells if c.source.startswith("# EXERCISE 02.add\n"))
    assert add.source.splitlines()[2:] == [
        "    # YOUR CODE HERE",
        '    raise NotImplementedError("exercise 02.add: replace this line with your code")']


# (cells of solutions/02_add_neg.ipynb: 0 launch, 1 title, 2 SETUP, 4 an answer, 5 its check)
@pytest.mark.parametrize("edit, message", [
    (lambda nb: nb.cells.pop(2), "first code cell must be the chapter's SETUP"),
    (lambda nb: setattr(nb.cells[4], "source", nb.cells[4].source.replace(END, "")),
     "never closed"),
    (lambda nb: nb.cells.pop(5), "check cells are for"),
    (lambda nb: setattr(nb.cells[4], "source", nb.cells[4].source.replace(BEGIN, "").replace(
        END, "")), "needs a ### BEGIN SOLUTION"),
    (lambda nb: nb.cells.insert(3, nbformat.v4.new_code_cell(f"x = 1\n{BEGIN}\ny\n{END}")),
     "outside an answer cell"),
])
def test_broken_sources_are_refused_with_a_reason(ch02, edit, message):
    nb = copy.deepcopy(ch02)
    edit(nb)
    with pytest.raises(SourceError, match=message):
        transform(nb, "02_add_neg.ipynb")


def test_regenerating_never_overwrites_someones_work(tmp_path):
    solutions, exercises = tmp_path / "solutions", tmp_path / "exercises"
    solutions.mkdir()
    shutil.copy(SOLUTIONS / "02_add_neg.ipynb", solutions)
    kw = dict(run=False, solutions=solutions, exercises=exercises)
    assert generate("02_add_neg.ipynb", **kw) == "written"
    assert generate("02_add_neg.ipynb", **kw) == "up to date"
    target = exercises / "02_add_neg.ipynb"
    nb = read(target)
    answer = next(c for c in nb.cells if c.source.startswith("# EXERCISE 02.add\n"))
    answer.source = answer.source.replace("# YOUR CODE HERE", "return 42  # mine")
    nbformat.write(nb, target)
    with pytest.raises(EditedNotebook, match="may hold someone's work.*--force"):
        generate("02_add_neg.ipynb", **kw)
    assert "return 42  # mine" in target.read_text()                 # untouched
    target.write_text("not even a notebook")
    with pytest.raises(EditedNotebook):
        generate("02_add_neg.ipynb", **kw)
    assert generate("02_add_neg.ipynb", force=True, **kw) == "written"
    assert is_own_output(target)
