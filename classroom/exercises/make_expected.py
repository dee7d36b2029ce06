"""Making the stored expectations: observe the reference and each known mistake, once.

For each chapter, the reference answers (the answer cells of ``solutions/NN_topic.ipynb``)
and the known mistakes (``instructor/mistakes/``) are probed on every case, and what they
did is written as data:

* the public cases go to ``classroom/exercises/expected/chNN_topic.json``, which ships with
  the course package and lets a notebook check answers offline;
* the hidden cases go to ``instructor/expected/chNN_topic.json``, which only the grader reads.

Each file records a digest of what it was made from (the chapter's exercise module, its
hidden cases, its known mistakes and the solutions' answer cells), so ``--check`` and the
tests can tell when it is stale.  ``python -m classroom.exercises.generate`` (``make
exercises``) runs this before generating the exercise notebooks.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import expected, instructor
from .core import Expected, NotAttemptedError
from .registry import chapter as chapter_module


class ReferenceError(RuntimeError):
    """A reference answer or a known mistake did not behave as the exercise expects."""


def _sources_digest(number: str) -> str:
    """A fingerprint of everything the chapter's expectations are made from."""
    from ..grade import extract

    module = chapter_module(number)
    parts = [Path(module.__file__).read_text(encoding="utf-8"),
             instructor.hidden_source(number),
             instructor._file("mistakes", number, ".py").read_text(encoding="utf-8")]
    solution = sorted(instructor.solutions_dir().glob(f"{number}_*.ipynb"))
    if solution:
        cells, _ = extract.load_notebook(solution[0].read_bytes())
        parts += [a.code for a in extract.find_answers(cells, module.EXERCISES)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def _observe(exercise, answer, cases, what: str) -> tuple:
    try:
        return tuple(exercise.probe(answer, cases, stop_early=False))
    except NotAttemptedError:
        raise ReferenceError(f"{exercise.id}: {what} still raises the exercise's "
                             f"NotImplementedError") from None


def observe_chapter(number: str) -> tuple:
    """(public data, hidden data) for chapter ``number``, as written to the two files."""
    module = chapter_module(number)
    references = instructor.reference_answers.__wrapped__(number)
    hidden = instructor.hidden_cases(number)
    wrong = instructor.mistakes(number)
    public, secret = {}, {}
    for exercise in module.EXERCISES:
        reference = references[exercise.id]
        hidden_cases = hidden.get(exercise.id, ())
        named = wrong.get(exercise.id, {})
        if exercise.judge is None:
            unknown = sorted(set(exercise.mistakes) - set(named))
            if unknown:
                raise ReferenceError(f"{exercise.id}: mistakes {unknown} have a message but no "
                                     f"code in instructor/mistakes/")
            unnamed = sorted(set(named) - set(exercise.mistakes))
            if unnamed:
                raise ReferenceError(f"{exercise.id}: mistakes {unnamed} have code but no "
                                     f"message in {module.__name__}")
        kept = {k: fn for k, fn in named.items() if k in exercise.mistakes}
        parts = []
        for cases in (exercise.cases, hidden_cases):
            parts.append(Expected(
                tuple(c.description for c in cases),
                _observe(exercise, reference, cases, "the reference answer"),
                {k: _observe(exercise, fn, cases, f"mistake {k!r}") for k, fn in kept.items()}))
        public[exercise.id] = {"has_hidden": bool(hidden_cases), **parts[0].to_json()}
        secret[exercise.id] = parts[1].to_json()
    return public, secret


def _payload(number: str, exercises: dict, digest: str) -> str:
    """The file's text: JSON with one observation per line, so that a changed case shows
    as a changed line in a diff."""
    def compact(value) -> str:
        return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)

    def rows(values, indent) -> str:
        pad = " " * indent
        return "[\n" + ",\n".join(pad + compact(v) for v in values) + "]" if values else "[]"

    out = ["{", f'"generated_by": {compact("python -m classroom.exercises.generate")},',
           f'"chapter": {compact(number)},', f'"sources_sha256": {compact(digest)},',
           '"exercises": {']
    for n, (exercise_id, data) in enumerate(sorted(exercises.items())):
        mistakes = ",\n".join(f"  {compact(k)}: {rows(v, 3)}"
                               for k, v in sorted(data["mistakes"].items()))
        extra = (f' "has_hidden": {compact(data["has_hidden"])},\n'
                 if "has_hidden" in data else "")
        out.append(f"{compact(exercise_id)}: {{\n{extra}"
                   f' "cases": {rows(data["cases"], 2)},\n'
                   f' "reference": {rows(data["reference"], 2)},\n'
                   f' "mistakes": {{' + (f"\n{mistakes}}}" if mistakes else "}")
                   + "}" + ("," if n < len(exercises) - 1 else ""))
    out.append("}}")
    return "\n".join(out) + "\n"


def targets(number: str) -> tuple:
    """(public file, hidden file) of chapter ``number``."""
    module_name = chapter_module(number).__name__
    return expected.path_for(module_name), instructor._file("expected", number, ".json")


def write_chapter(number: str) -> list:
    """Observe chapter ``number`` and write both files if they changed; returns the paths
    written."""
    digest = _sources_digest(number)
    public, secret = observe_chapter(number)
    written = []
    for path, exercises in zip(targets(number), (public, secret)):
        text = _payload(number, exercises, digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            written.append(path)
    expected.clear_cache()
    instructor.hidden_expected.cache_clear()
    return written


def is_stale(number: str) -> bool:
    """Whether either file is missing or was made from other sources than today's."""
    digest = _sources_digest(number)
    for path in targets(number):
        try:
            if json.loads(path.read_text(encoding="utf-8")).get("sources_sha256") != digest:
                return True
        except (FileNotFoundError, ValueError):
            return True
    return False
