"""The save hook course.py lab gives JupyterLab (classroom/jupyterlab/save_hook.py): a
notebook saved by the widget manager without the widgets it was opened with keeps them,
through a real Jupyter server contents manager, byte for byte; what a run sent is kept;
nothing is made up.  The browser test (tests/browser/test_chapters_in_browser.py) does the
same with JupyterLab itself."""

import copy
import importlib.util
import json
from pathlib import Path

import nbformat
import pytest

from classroom.jupyterlab.save_hook import (STATE, keep_widget_state, restore_shown_widgets,
                                            shown_models, widget_state)

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "chapters" / "05_sgd.ipynb"


def chapter() -> dict:
    return json.loads(CHAPTER.read_text(encoding="utf-8"))


def as_the_widget_manager_saves_it_unrun(nb: dict) -> dict:
    """What JupyterLab sends when a notebook is saved before anything ran: the widget
    manager writes only models a live kernel holds, that is none (ipywidgets #3888)."""
    sent = copy.deepcopy(nb)
    sent["metadata"]["widgets"][STATE]["state"] = {}
    return sent


def test_a_notebook_saved_without_its_widgets_gets_them_back():
    nb = chapter()
    sent = as_the_widget_manager_saves_it_unrun(nb)
    restored = restore_shown_widgets(sent, nb)
    assert sent == nb
    assert set(restored) == set(widget_state(nb)["state"])     # the shown ones, and their parts


def test_what_a_run_sent_is_kept_and_the_old_widgets_are_not_brought_back():
    nb = chapter()
    sent = copy.deepcopy(nb)
    old_ids = set(widget_state(nb)["state"])
    renamed = {f"new{i:028x}": model for i, model in enumerate(widget_state(nb)["state"].values())}
    sent["metadata"]["widgets"][STATE]["state"] = renamed
    for cell in sent["cells"]:
        for out in cell.get("outputs", []):
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] = "new" + "0" * 28
    before = copy.deepcopy(sent)
    assert restore_shown_widgets(sent, nb) == []
    assert sent == before and not old_ids & set(widget_state(sent)["state"])


def test_a_part_the_new_state_lacks_is_taken_from_the_file():
    nb = chapter()
    state = widget_state(nb)["state"]
    (shown,) = shown_models(nb)
    child = next(ref[len("IPY_MODEL_"):] for ref in json.dumps(state[shown]["state"]).split('"')
                 if ref.startswith("IPY_MODEL_"))
    sent = copy.deepcopy(nb)
    del widget_state(sent)["state"][child]
    assert child in restore_shown_widgets(sent, nb)
    assert sent == nb


def test_a_widget_neither_has_stays_missing():
    nb = chapter()
    sent = as_the_widget_manager_saves_it_unrun(nb)
    on_disk = copy.deepcopy(nb)
    widget_state(on_disk)["state"] = {}
    assert restore_shown_widgets(sent, on_disk) == []
    assert widget_state(sent)["state"] == {}


def test_a_notebook_saved_without_any_widget_metadata_gets_the_files():
    nb = chapter()
    sent = copy.deepcopy(nb)
    del sent["metadata"]["widgets"]
    restore_shown_widgets(sent, nb)
    assert sent == nb


@pytest.fixture
def contents_manager(tmp_path):
    """A real Jupyter server contents manager with the hook, as course.py lab configures."""
    from jupyter_server.services.contents.filemanager import FileContentsManager

    return FileContentsManager(root_dir=str(tmp_path), pre_save_hook=course().SAVE_HOOK)


def course():
    spec = importlib.util.spec_from_file_location("course_for_hook", ROOT / "course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_course_py_names_this_hook(contents_manager):
    assert contents_manager.pre_save_hook is keep_widget_state


def test_saved_through_the_server_the_file_stays_byte_for_byte(contents_manager, tmp_path):
    (tmp_path / CHAPTER.name).write_bytes(CHAPTER.read_bytes())
    sent = as_the_widget_manager_saves_it_unrun(chapter())
    contents_manager.save({"type": "notebook", "format": "json", "content": sent},
                          CHAPTER.name)
    assert (tmp_path / CHAPTER.name).read_bytes() == CHAPTER.read_bytes()


def test_without_the_hook_the_server_writes_the_widgets_away(tmp_path):
    """The failure the hook is for, seen through the same server."""
    from jupyter_server.services.contents.filemanager import FileContentsManager

    (tmp_path / CHAPTER.name).write_bytes(CHAPTER.read_bytes())
    FileContentsManager(root_dir=str(tmp_path)).save(
        {"type": "notebook", "format": "json",
         "content": as_the_widget_manager_saves_it_unrun(chapter())}, CHAPTER.name)
    saved = nbformat.read(tmp_path / CHAPTER.name, as_version=4)
    assert widget_state(saved)["state"] == {}


def test_other_files_and_new_notebooks_pass_untouched(contents_manager, tmp_path):
    contents_manager.save({"type": "file", "format": "text", "content": "hello"}, "a.txt")
    assert (tmp_path / "a.txt").read_text() == "hello"
    fresh = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    contents_manager.save({"type": "notebook", "format": "json", "content": json.loads(
        nbformat.writes(fresh))}, "new.ipynb")
    assert "widgets" not in nbformat.read(tmp_path / "new.ipynb", as_version=4).metadata
