"""The course's notebooks are saved as a learner should find them: run from top to bottom
with their outputs, and with the metadata JupyterLab itself writes, so that opening one
does not mark it changed (tests/browser/test_chapters_in_browser.py opens each chapter and
compares the file byte for byte)."""

import json
from pathlib import Path

import pytest

from classroom.execute import KERNELSPEC

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for folder in ("chapters", "solutions", "exercises")
                   for p in (ROOT / folder).glob("[0-9][0-9]_*.ipynb"))


def test_there_are_notebooks_in_each_folder():
    assert {p.parent.name for p in NOTEBOOKS} == {"chapters", "solutions", "exercises"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_saved_with_the_kernelspec_jupyterlab_writes(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"].get("kernelspec") == KERNELSPEC, (
        f"{path.parent.name}/{path.name} says {nb['metadata'].get('kernelspec')}; JupyterLab "
        f"rewrites that on opening. Save it with python -m classroom.execute (chapters) or "
        f"python -m classroom.exercises.generate --run-solutions (solutions, exercises)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_saved_after_one_run_from_top_to_bottom(path):
    """Every code cell was run, in order, in one kernel, and the outputs were saved."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    counts = [c.get("execution_count") for c in code]
    assert counts == list(range(1, len(code) + 1)), (
        f"{path.parent.name}/{path.name} was not saved after one run from the top (execution "
        f"counts {counts}); {sum(n is None for n in counts)} code cells have never run")
    assert "version" in nb["metadata"].get("language_info", {}), "no kernel ever ran it"


def test_the_kernelspec_is_ipykernels():
    """What JupyterLab writes is the installed kernel spec's name, display name and
    language: if ipykernel renames its kernel, the notebooks must follow."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(KERNELSPEC["name"])
    assert {"name": KERNELSPEC["name"], "display_name": spec.display_name,
            "language": spec.language} == KERNELSPEC


def test_the_executor_saves_with_that_kernelspec(tmp_path):
    import nbformat

    from classroom.execute import save

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    save(nb, tmp_path / "a.ipynb")
    assert json.loads((tmp_path / "a.ipynb").read_text())["metadata"]["kernelspec"] == KERNELSPEC


def test_a_generated_exercise_with_another_kernelspec_is_stale(tmp_path):
    import shutil

    from classroom.exercises.generate import EXERCISES, SOLUTIONS, stale

    exercises = tmp_path / "exercises"
    shutil.copytree(EXERCISES, exercises)
    path = exercises / "02_add_neg.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert stale(SOLUTIONS, exercises) == []
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3"
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    assert stale(SOLUTIONS, exercises) == ["02_add_neg.ipynb"]
