"""What the public cases should produce, stored as data: ``expected/chNN_topic.json``.

For every exercise of a chapter the file holds the reference answer's observations on
the public cases (the answer in ``solutions/NN_topic.ipynb``), each known mistake's
observations on the same cases, and whether the grader also runs hidden checks.  It is
written by ``python -m classroom.exercises.generate`` (``make exercises``), never by hand;
``tests/test_exercises_expected.py`` fails when it is stale.

This is all a notebook needs to check an answer offline.  No reference answer, no known
mistake's code and no hidden case is in this package: they are the instructor's (see
``instructor/README.md`` at the top of the repository).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from .core import Expected

EXPECTED_DIR = Path(__file__).resolve().parent / "expected"


def path_for(module_name: str) -> Path:
    """``expected/ch02_add_neg.json`` for ``classroom.exercises.ch02_add_neg``."""
    return EXPECTED_DIR / f"{module_name.rsplit('.', 1)[-1]}.json"


@functools.lru_cache(maxsize=None)
def chapter_data(number: str) -> dict:
    """The stored data of chapter ``number`` ("02"): ``{"exercises": {id: {...}}, ...}``."""
    from .registry import chapter_modules

    path = path_for(chapter_modules()[number])
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: run `python -m classroom.exercises.generate` (make exercises) "
            f"to make it from solutions/.") from None


def _entry(exercise_id: str) -> dict:
    data = chapter_data(exercise_id.split(".")[0])["exercises"]
    if exercise_id not in data:
        raise KeyError(f"no stored expectations for {exercise_id}: run `python -m "
                       f"classroom.exercises.generate` (make exercises).")
    return data[exercise_id]


@functools.lru_cache(maxsize=None)
def public(exercise_id: str) -> Expected:
    """The reference's and the known mistakes' observations on the public cases."""
    return Expected.from_json(_entry(exercise_id))


def has_hidden(exercise_id: str) -> bool:
    return bool(_entry(exercise_id)["has_hidden"])


def clear_cache() -> None:
    """Forget loaded files (the generator calls this after writing new ones)."""
    chapter_data.cache_clear()
    public.cache_clear()
