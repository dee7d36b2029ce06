"""An exercise notebook in a real browser: a correct answer shows the green box, a known
mistake the red box with its explanation, an untouched exercise the grey one."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXERCISE = ROOT / "exercises" / "02_add_neg.ipynb"
MARKER = "# EXERCISE 02.add"

CORRECT = f'''{MARKER}
def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")
'''
# A known mistake (classroom/exercises/ch02_add_neg.py: add_backward_ones).
ONES = f'''{MARKER}
def add(a, b):
    return record(a.data + b.data, (a, b),
                  lambda grad: (np.ones_like(grad), np.ones_like(grad)), "add")
'''


def with_answer(answer: str):
    def edit(nb):
        cells = [c for c in nb["cells"]
                 if c["cell_type"] == "code" and "".join(c["source"]).startswith(MARKER)]
        assert len(cells) == 1, f"expected one {MARKER!r} cell in {EXERCISE.name}"
        cells[0]["source"] = answer.splitlines(keepends=True)
    return edit


def feedback(page, exercise_id: str):
    return page.locator(".jp-OutputArea-output .minigrad-feedback").filter(
        has_text=f"{exercise_id} ·")


@pytest.mark.parametrize("answer, box, text", [
    (CORRECT, "minigrad-correct", "Correct"),
    (ONES, "minigrad-incorrect", "not a gradient of ones"),
], ids=["correct", "gradient-of-ones"])
def test_check_shows_the_verdict(answer, box, text, lab, notebook, page):
    name = lab.add(EXERCISE, f"02_add_neg_{box}.ipynb", edit=with_answer(answer))
    notebook.open(name)
    notebook.run_all()
    notebook.assert_ran_cleanly()

    verdict = feedback(page, "02.add")
    assert verdict.count() == 1, "expected one feedback box for 02.add"
    verdict.scroll_into_view_if_needed()
    assert verdict.is_visible()
    classes = verdict.get_attribute("class").split()
    assert box in classes, f"02.add shows {classes}, expected {box}: {verdict.inner_text()}"
    assert text in verdict.inner_text()
    # The exercise after it was left alone: grey, not attempted.
    untouched = feedback(page, "02.neg")
    assert "minigrad-not-attempted" in untouched.first.get_attribute("class").split()


def test_an_error_in_a_cell_is_caught_and_a_warning_is_not(lab, notebook, tmp_path):
    """The checks above would be worthless if a failing cell went unnoticed."""
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell('import warnings\nwarnings.warn("only a warning")'),
        nbformat.v4.new_code_cell("print('fine')"),
        nbformat.v4.new_code_cell("raise ValueError('injected failure')"),
        nbformat.v4.new_code_cell("print('never runs')"),
    ])
    nb.metadata = json.loads(EXERCISE.read_text())["metadata"]      # its kernel spec
    source = tmp_path / "broken.ipynb"
    nbformat.write(nb, source)
    notebook.open(lab.add(source))
    notebook.run_all()
    errors = notebook.error_outputs()
    assert len(errors) == 1 and "injected failure" in errors[0], errors
    assert notebook.unexecuted_cells() == [3]
    with pytest.raises(AssertionError, match="injected failure"):
        notebook.assert_ran_cleanly()
