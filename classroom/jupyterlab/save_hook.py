"""Keep a notebook's saved widgets when JupyterLab saves it without them.

``course.py lab`` saves widget state with the notebook (``saveState`` in
``overrides.json``), so that after Run All the saved file shows every widget again once
the kernel is gone, instead of "Error displaying widget: model not found".  But
JupyterLab's widget manager (jupyterlab_widgets 3.0) writes only the models a live kernel
holds: a notebook opened and saved without running loses the widget state it was saved
with, and opening it again shows "model not found" everywhere (ipywidgets issue 3888).
Restoring that state also marks the notebook changed, so autosave does save it.

:func:`keep_widget_state` is the Jupyter server's ``pre_save_hook``: before a notebook is
written, every widget model that an output still shows (and every model those refer to)
but that the new state lacks is taken from the file on disk.  A notebook opened and
autosaved is then written back byte for byte; one saved after a run keeps what the kernel
sent; a widget neither has stays missing (nothing is made up).
"""

from __future__ import annotations

import json
from pathlib import Path

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
REFERENCE = "IPY_MODEL_"


def shown_models(nb: dict) -> set:
    """The model ids that the notebook's outputs display."""
    return {out["data"][VIEW]["model_id"]
            for cell in nb.get("cells", []) if cell.get("cell_type") == "code"
            for out in cell.get("outputs", [])
            if isinstance(out.get("data", {}).get(VIEW), dict)
            and "model_id" in out["data"][VIEW]}


def _references(value) -> set:
    """Model ids a model's state refers to (``"IPY_MODEL_<id>"`` anywhere inside it)."""
    if isinstance(value, str):
        return {value[len(REFERENCE):]} if value.startswith(REFERENCE) else set()
    if isinstance(value, dict):
        return set().union(*map(_references, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_references, value)) if value else set()
    return set()


def widget_state(nb: dict) -> dict:
    """The notebook's saved widget-state bundle (``{"state": {...}, ...}``), or {}."""
    widgets = nb.get("metadata", {}).get("widgets") or {}
    bundle = widgets.get(STATE)
    return bundle if isinstance(bundle, dict) else {}


def restore_shown_widgets(nb: dict, on_disk: dict) -> list:
    """Put into ``nb``'s widget state the models from ``on_disk``'s that ``nb``'s outputs
    show (directly or through another model) and ``nb`` lacks; the ids put back."""
    old = widget_state(on_disk).get("state") or {}
    bundle = widget_state(nb)
    new = bundle.get("state") or {}
    wanted, queue = set(), list(shown_models(nb))
    while queue:
        model_id = queue.pop()
        if model_id in wanted:
            continue
        wanted.add(model_id)
        model = new.get(model_id, old.get(model_id))
        if model is not None:
            queue.extend(_references(model.get("state", {})))
    missing = sorted(m for m in wanted if m not in new and m in old)
    if missing:
        if not bundle:
            bundle = {key: value for key, value in widget_state(on_disk).items()
                      if key != "state"}
            nb.setdefault("metadata", {}).setdefault("widgets", {})[STATE] = bundle
        bundle["state"] = {**new, **{m: old[m] for m in missing}}
    return missing


def keep_widget_state(model: dict, path: str, contents_manager, **_kw) -> None:
    """The ``pre_save_hook``: see the module's docstring."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    file = Path(contents_manager.root_dir, path)
    try:
        on_disk = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):        # a new notebook, or a file that is not JSON
        return
    restore_shown_widgets(model["content"], on_disk)
