"""Widgets in the states where their layout once broke, in a real browser: chapter 12's
shape calculator on every example stack (with "one too many poolings" its table covered the
text box, the drop-down and the "add" button) and chapter 8's training progress line with
its loss and accuracy figures (they wrapped onto a second line).  The same layout check
runs on the arrangements that broke, to show it catches them."""

import nbformat

from classroom.widgets.layer_shapes import EXAMPLES
from test_chapters_in_browser import LAYOUT_PROBLEMS

# Chapter 8's last progress line: fit() with a validation loader, after ten epochs.
PROGRESS = """import minigrad as mg
bar = mg.train.ProgressBar(2250, desc="epoch 10/10", mode="widget")
with bar:
    bar.update(2250)
    bar.set_postfix(loss=0.02904, acc=0.9974, val_loss=0.08118, val_acc=0.9805)"""
OURS = [f"from classroom.widgets.layer_shapes import ShapeCalculator\n"
        f"ShapeCalculator({example!r}).show()" for example in EXAMPLES] + [PROGRESS]
# The same widgets as they were laid out before (the column of controls could shrink; the
# figures beside the bar had a fixed share of the line).
BROKE = ["""from classroom.widgets.layer_shapes import ShapeCalculator
import ipywidgets as w
calc = ShapeCalculator("one too many poolings")
calc.table.layout = w.Layout()
left = calc.box.children[1].children[0]
left.layout = w.Layout()
display(w.HBox([left, calc.table]))""",
         """import ipywidgets as w
display(w.HBox([w.Label("epoch 10/10", layout=w.Layout(width="auto", flex="0 0 auto")),
                w.IntProgress(value=2250, max=2250),
                w.HTML("2250/2250 [00:08&lt;00:00, 269.1 it/s] loss=0.02904 acc=0.9974 "
                       "val_loss=0.08118 val_acc=0.9805")]))"""]


def notebook_of(cells, path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nbformat.write(nb, path)
    return path


def problems_per_cell(page) -> list:
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    return [cells.nth(i).evaluate(LAYOUT_PROBLEMS) for i in range(cells.count())]


def test_the_widgets_layouts_hold_where_they_once_broke(lab, notebook, page, tmp_path):
    notebook.open(lab.add(notebook_of(OURS + BROKE, tmp_path / "layouts.ipynb")))
    notebook.run_all()
    notebook.assert_ran_cleanly()
    found = problems_per_cell(page)
    ours, broke = found[:len(OURS)], found[len(OURS):]
    assert not any(ours), "\n".join(f"cell {i}: {p}" for i, p in enumerate(ours) if p)
    calculator, progress = broke
    assert any("runs under its neighbour" in p for p in calculator), calculator
    assert any("progress text wraps" in p for p in progress), progress
