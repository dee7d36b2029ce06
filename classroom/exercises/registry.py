"""Where exercises are found: one module per chapter, ``chNN_topic.py``, loaded on demand.

Each chapter module defines ``SETUP`` (the code of its notebook's first code cell:
the imports every answer may rely on) and ``EXERCISES`` (a list of
:class:`~classroom.exercises.core.Exercise`, in notebook order).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from .core import Exercise


def chapter_modules() -> dict:
    """``{"02": "classroom.exercises.ch02_add_neg", ...}`` for every chapter module present."""
    from . import __path__ as package_path

    found = {}
    for info in pkgutil.iter_modules(package_path):
        name = info.name
        if name.startswith("ch") and name[2:4].isdigit():
            found[name[2:4]] = f"{__package__}.{name}"
    return dict(sorted(found.items()))


def chapter(number: str) -> ModuleType:
    """The exercise module of chapter ``number`` ("02" or 2)."""
    key = f"{int(number):02d}" if str(number).isdigit() else str(number)
    modules = chapter_modules()
    if key not in modules:
        raise KeyError(f"there are no exercises for chapter {number!r}; chapters with "
                       f"exercises: {', '.join(modules) or 'none'}.")
    return importlib.import_module(modules[key])


def exercises(number) -> list:
    return list(chapter(number).EXERCISES)


def get(exercise_id: str) -> Exercise:
    """The exercise called ``exercise_id`` ("02.add"), with a helpful error for typos."""
    if not isinstance(exercise_id, str) or "." not in exercise_id:
        raise KeyError(f"exercise ids look like '02.add' (chapter, dot, name); got "
                       f"{exercise_id!r}.")
    number = exercise_id.split(".")[0]
    known = {ex.id: ex for ex in exercises(number)}
    if exercise_id not in known:
        raise KeyError(f"chapter {number} has no exercise {exercise_id!r}; it has: "
                       f"{', '.join(known)}.")
    return known[exercise_id]
