"""Live-coding notebooks (docs/instructors/live/): generated from the chapters, prose and
outputs kept, the cells the instructor pages say to type emptied, and they run."""

import json
from pathlib import Path

import nbformat
import pytest

from classroom.chapters import CHAPTERS
from classroom.lessons import livecode

ROOT = Path(__file__).resolve().parents[1]


def test_the_live_notebooks_are_up_to_date():
    assert livecode.main(["--check"]) == 0, "run `python -m classroom.lessons.livecode`"


def _definitions(number: str, name: str) -> list:
    """Every cell of the chapter that defines ``name``, as ``finished_cell`` loads them."""
    found = []
    while True:
        try:
            found.append(livecode.finished_cell(number, name, len(found) + 1))
        except KeyError:
            return found


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.notebook[:2])
def test_prose_and_outputs_are_kept_and_the_typed_code_is_gone(chapter):
    original = json.loads((ROOT / "chapters" / chapter.notebook).read_text())["cells"]
    live = json.loads((livecode.OUT / chapter.notebook).read_text())["cells"]
    live = [c for c in live if c.get("id") != "live-code-intro"]
    assert len(live) == len(original)
    emptied = 0
    for before, after in zip(original, live):
        assert before["cell_type"] == after["cell_type"]
        if before["cell_type"] == "markdown" or before["source"] == after["source"]:
            assert before["source"] == after["source"]
        else:
            emptied += 1
            assert "live-code" in after["metadata"]["tags"]
            assert "exec(finished_cell(" in "".join(after["source"])
            assert "".join(before["source"]).strip() not in "".join(after["source"])
            name = livecode.defined("".join(before["source"]))[0]
            assert "".join(before["source"]) in _definitions(chapter.notebook[:2], name)
        if before["cell_type"] == "code":
            assert before["outputs"] == after["outputs"]
    assert emptied >= 1, "the instructor page names no cell to type"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["01_tensor.ipynb", "07_closures.ipynb",
                                  "11_deep_networks.ipynb"])
def test_a_live_notebook_runs_top_to_bottom(name):
    from nbclient import NotebookClient

    nb = nbformat.read(livecode.OUT / name, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "chapters")}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors
