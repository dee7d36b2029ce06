"""Generate ``exercises/`` from ``solutions/``: one source for answers and student versions.

    python -m classroom.exercises.generate            # remake stale expectations and notebooks
    python -m classroom.exercises.generate --check    # exit 1 if any is stale (CI)
    python -m classroom.exercises.generate --force    # overwrite even edited notebooks
    python -m classroom.exercises.generate --run-solutions   # also refresh solutions' outputs
    python -m classroom.exercises.generate --nbgrader COURSE   # nbgrader source notebooks

(``make exercises`` runs the first; it is also the ``classroom-exercises`` command.)  First
it remakes each chapter's stored expectations when their sources changed: the public
cases' in ``classroom/exercises/expected/`` and the hidden cases' in ``instructor/expected/``
(see :mod:`.make_expected`), observed from the answers in ``solutions/``.

What a solutions notebook must look like:

* it may start with the launch cell (tagged ``launch``, written by ``python -m
  classroom.launch``); the exercise notebook always starts with one, made afresh from
  ``[project.urls]`` (on Colab it installs what the notebook needs);
* its first other code cell is the chapter's ``SETUP`` code, exactly (the imports every
  answer may use; the autograder runs the same code);
* an **answer cell** starts with ``# EXERCISE <id>`` and holds the answer between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (nbgrader's markers); that region
  becomes ``raise NotImplementedError("exercise <id>: ...")`` at the same indentation;
* a **check cell** is exactly ``check("<id>")``, after its answer cell;
* a markdown cell may hold a written answer between the same markers; it becomes
  a prompt.

**nbgrader.** Every answer, check and written-answer cell also carries nbgrader's cell
metadata (:func:`nbgrader_metadata`): an answer cell is an autograded answer, a check cell
a locked autograder test worth the exercise's points (``check`` raises under nbgrader
when the answer is not correct, so nbgrader's points are those of the public checks),
a written answer a manually graded answer worth 0 points.  ``--nbgrader COURSE`` writes
nbgrader *source* notebooks (the solutions, with that metadata) into
``COURSE/source/<NN_topic>/`` and, unless there is one, a ``COURSE/nbgrader_config.py``
whose stub says ``raise NotImplementedError("exercise stub: ...")``, so an untouched answer is
"not attempted" rather than "incorrect".  Then, in ``COURSE``: ``nbgrader
generate_assignment 02_add_neg`` and, once students have submitted, ``nbgrader autograde
02_add_neg``.

The generated notebook records where it came from and a digest of its cells.
The generator refuses to overwrite a notebook whose cells no longer match that
digest — somebody edited it, maybe a learner working in place — unless forced.
After writing, it runs the notebook so the saved outputs show what a learner
sees before starting: every check "not attempted".
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from pathlib import Path

import nbformat

from .. import launch
from ..execute import KERNELSPEC, save
from . import make_expected
from .core import stub_line
from .registry import chapter, chapter_modules

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS, EXERCISES = ROOT / "solutions", ROOT / "exercises"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
HEADER_ID = "generated-header"
PROMPT = "*YOUR ANSWER HERE* (replace this line with your answer)"
_EXERCISE_LINE = re.compile(r"^# EXERCISE (\S+)\s*$")
_CHECK = re.compile(r'^check\("([^"]+)"\)\s*$')


class SourceError(ValueError):
    """A solutions notebook breaks one of the rules in this module's docstring."""


class EditedNotebook(RuntimeError):
    """The target notebook is not the generator's own output: refusing to overwrite it."""


# -- reading a solutions notebook ------------------------------------------------------------
def _text(cell) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def _replace_regions(source: str, where: str, replacement) -> tuple[str, int]:
    """``source`` with each BEGIN/END region replaced by ``replacement(indent)`` lines."""
    out, inside, regions, indent = [], False, 0, ""
    for number, line in enumerate(source.splitlines(), start=1):
        stripped = line.strip()
        if stripped == BEGIN:
            if inside:
                raise SourceError(f"{where}, line {number}: {BEGIN} inside another region")
            inside, regions = True, regions + 1
            indent = line[:len(line) - len(line.lstrip())]
        elif stripped == END:
            if not inside:
                raise SourceError(f"{where}, line {number}: {END} without {BEGIN}")
            inside = False
            out.extend(replacement(indent))
        elif not inside:
            out.append(line)
    if inside:
        raise SourceError(f"{where}: {BEGIN} is never closed by {END}")
    return "\n".join(out), regions


def role_of(cell) -> tuple[str | None, str | None]:
    """(role, exercise id) of a solutions-notebook cell, from its text."""
    text = _text(cell)
    first = text.splitlines()[0] if text else ""
    if cell.cell_type == "code":
        found = _EXERCISE_LINE.match(first)
        if found:
            return "answer", found.group(1)
        found = _CHECK.match(text.strip())
        if found:
            return "check", found.group(1)
    if cell.cell_type == "markdown" and BEGIN in text:
        return "prompt", None
    return None, None


#: nbgrader's cell-metadata schema (nbgrader 0.9)
NBGRADER_SCHEMA = 3
NBGRADER_STUB = ('# YOUR CODE HERE\nraise NotImplementedError("exercise stub: replace this line '
                 'with your code")')
NBGRADER_CONFIG = f"""# nbgrader settings for the minigrad course (written by `python -m
# classroom.exercises.generate --nbgrader`).  The stub starts with "exercise ", which is how
# the course's checks recognise an answer nobody has touched yet ("not attempted").
c = get_config()  # noqa: F821
c.ClearSolutions.code_stub = {{"python": {NBGRADER_STUB!r}}}
"""


def nbgrader_metadata(role: str, exercise_id: str | None, points: int, index: int) -> dict:
    """nbgrader's metadata for a cell of ``role``, or {} for a cell nbgrader ignores."""
    base = {"schema_version": NBGRADER_SCHEMA}
    key = (exercise_id or "").replace(".", "_")
    if role == "answer":
        return {**base, "grade": False, "solution": True, "locked": False,
                "grade_id": f"answer_{key}"}
    if role == "check":
        return {**base, "grade": True, "solution": False, "locked": True, "points": points,
                "grade_id": f"check_{key}"}
    if role == "prompt":
        return {**base, "grade": True, "solution": True, "locked": False, "points": 0,
                "grade_id": f"written_answer_{index}"}
    return {}


def _with_nbgrader(cells: list, module) -> None:
    points = {ex.id: ex.points for ex in module.EXERCISES}
    for index, cell in enumerate(cells):
        ours = cell.metadata.get("minigrad") or {}
        role, exercise_id = (ours.get("role"), ours.get("exercise")) if ours else role_of(cell)
        meta = nbgrader_metadata(role or "", exercise_id, points.get(exercise_id, 0), index)
        if meta:
            cell.metadata["nbgrader"] = meta


def nbgrader_source(solution: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """The solutions notebook ``name`` as an nbgrader source notebook: answers kept between
    their markers, every graded cell with nbgrader's metadata, outputs cleared."""
    transform(solution, name)                   # the same rules, checked the same way
    nb = copy.deepcopy(solution)
    nb.cells = [c for c in nb.cells if c.get("id") != HEADER_ID]
    for cell in nb.cells:                       # the course's own metadata, as in exercises/
        role, exercise_id = role_of(cell)
        if role:
            cell.metadata["minigrad"] = {"role": role, **({"exercise": exercise_id}
                                                          if exercise_id else {})}
    nb.metadata["minigrad"] = {"chapter": name[:2]}
    _with_nbgrader(nb.cells, chapter(name[:2]))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return nb


def write_nbgrader_course(course: Path, names: list, solutions: Path = SOLUTIONS) -> list:
    """nbgrader source notebooks for ``names`` in ``course``, and its config if missing;
    returns the paths written."""
    written = []
    for name in names:
        nb = nbgrader_source(nbformat.read(solutions / name, as_version=4), name)
        folder = course / "source" / name.removesuffix(".ipynb")
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, folder / name)
        written.append(folder / name)
    config = course / "nbgrader_config.py"
    if not config.exists():
        config.write_text(NBGRADER_CONFIG)
        written.append(config)
    return written


def transform(solution: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """The exercise notebook for ``solution`` (outputs empty), or :class:`SourceError`."""
    number = name[:2]
    module = chapter(number)
    wanted = [ex.id for ex in module.EXERCISES]
    nb = copy.deepcopy(solution)
    launch_cells = 1 if launch.has_first_cell(nb) else 0      # made afresh below
    cells = [c for c in nb.cells[launch_cells:] if c.get("id") != HEADER_ID]
    code = [c for c in cells if c.cell_type == "code"]
    if not code or _text(code[0]).strip() != module.SETUP.strip():
        raise SourceError(f"solutions/{name}: the first code cell must be the chapter's SETUP "
                          f"code from {module.__name__} exactly:\n{module.SETUP}")
    answers, checks = [], []
    for index, cell in enumerate(cells):
        role, exercise_id = role_of(cell)
        where = f"solutions/{name}, cell {index} ({role or cell.cell_type})"
        meta = {"role": role or ("setup" if cell is code[0] else "text")}
        if role == "answer":
            cell.source, regions = _replace_regions(
                _text(cell), where, lambda indent, i=exercise_id:
                [f"{indent}# YOUR CODE HERE", f"{indent}{stub_line(i)}"])
            if regions == 0:
                raise SourceError(f"{where}: an answer cell needs a {BEGIN} ... {END} region")
            answers.append(exercise_id)
        elif role == "check":
            checks.append(exercise_id)
        elif role == "prompt":
            cell.source, _ = _replace_regions(_text(cell), where, lambda indent: [PROMPT])
        elif BEGIN in _text(cell) or END in _text(cell):
            raise SourceError(f"{where}: solution markers outside an answer cell (start the "
                              f"cell with '# EXERCISE <id>')")
        if exercise_id:
            meta["exercise"] = exercise_id
        cell.metadata["minigrad"] = meta
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    for label, found in (("answer", answers), ("check", checks)):
        if found != wanted:
            raise SourceError(f"solutions/{name}: {label} cells are for {found}, but "
                              f"{module.__name__} defines {wanted} (one of each, in this order)")
    header = nbformat.v4.new_markdown_cell(
        f"> **Exercises for chapter {int(number)}.** This notebook is generated from "
        f"`solutions/{name}` by `make exercises`. Work on a copy — `mkdir -p mywork && cp "
        f"exercises/{name} mywork/` — so regenerating never touches your answers. In each exercise, replace "
        f"the `raise NotImplementedError(...)` line with your code, run the cell, then run "
        f"the `check(...)` cell below it. Stuck? `hint(\"<id>\")`; and `solution(\"<id>\")` "
        f"when you really want to see an answer.")
    header.id = HEADER_ID
    header.metadata["minigrad"] = {"role": "header"}
    _with_nbgrader(cells, module)
    nb.cells = [header] + cells
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    setting = launch.read_setting(ROOT / "pyproject.toml")
    launch.with_first_cell(nb, launch.first_cell_source(setting))
    nb.cells[0].metadata["minigrad"] = {"role": "launch"}
    nb.metadata["minigrad"] = {"generated_from": f"solutions/{name}", "chapter": number,
                               "exercises": wanted}
    nb.metadata["minigrad"]["digest"] = digest(nb)
    return nb


def digest(nb) -> str:
    """A fingerprint of the cells' sources and our metadata: what a person edits.

    Outputs and the metadata Jupyter itself adds (execution times, collapsed …) are
    left out, so running a notebook does not make it look edited."""
    parts = [[c.cell_type, _text(c)] + [json.dumps(c.get("metadata", {}).get(key),
                                                   sort_keys=True)
                                        for key in ("minigrad", "nbgrader")] for c in nb.cells]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def is_own_output(path: Path) -> bool:
    """True when ``path`` is exactly what the generator wrote (apart from outputs)."""
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:   # noqa: BLE001 - unreadable means "not ours"
        return False
    recorded = nb.metadata.get("minigrad", {}).get("digest")
    return recorded is not None and recorded == digest(nb)


def same_sources(a, b) -> bool:
    """Same cells and our metadata, and the same kernelspec (a notebook saved with another
    one is rewritten by JupyterLab on opening, so it counts as stale)."""
    return (digest(a) == digest(b) and a.metadata.get("minigrad") == b.metadata.get("minigrad")
            and a.metadata.get("kernelspec") == b.metadata.get("kernelspec"))


# -- writing ------------------------------------------------------------------------------------
def execute(nb, directory: Path, timeout: int = 120):
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(directory)}})
    client.execute()
    return nb


def generate(name: str, force: bool = False, run: bool = True,
             solutions: Path = SOLUTIONS, exercises: Path = EXERCISES) -> str:
    """Regenerate ``exercises/<name>``; returns what happened ("written", "up to date")."""
    solution = nbformat.read(solutions / name, as_version=4)
    fresh = transform(solution, name)
    target = exercises / name
    if target.exists():
        if not force and not is_own_output(target):
            raise EditedNotebook(
                f"{target} was changed after it was generated (or was not generated), so it "
                f"may hold someone's work. Move it somewhere safe, or pass --force to "
                f"overwrite it.")
        if not force and same_sources(nbformat.read(target, as_version=4), fresh):
            return "up to date"
    if run:
        execute(fresh, exercises)
    exercises.mkdir(parents=True, exist_ok=True)
    save(fresh, target)
    return "written"


def stale(solutions: Path = SOLUTIONS, exercises: Path = EXERCISES) -> list:
    """Names of exercise notebooks that are missing or differ from their solutions."""
    out = []
    for path in sorted(solutions.glob("[0-9][0-9]_*.ipynb")):
        target = exercises / path.name
        fresh = transform(nbformat.read(path, as_version=4), path.name)
        if not target.exists() or not same_sources(nbformat.read(target, as_version=4), fresh):
            out.append(path.name)
    return out


def stale_expectations(solutions: Path = SOLUTIONS) -> list:
    """Chapters whose stored expectations were made from other sources than today's."""
    return [number for number in _chapters(solutions) if make_expected.is_stale(number)]


def _chapters(solutions: Path = SOLUTIONS, names=None) -> list:
    """Chapter numbers that have both exercises and a solutions notebook (among ``names``)."""
    found = []
    for path in sorted(solutions.glob("[0-9][0-9]_*.ipynb")):
        if path.name[:2] in chapter_modules() and (not names or path.name in names):
            found.append(path.name[:2])
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m classroom.exercises.generate",
                                     description="Generate exercises/ from solutions/.")
    parser.add_argument("names", nargs="*", help="notebook file names (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if any exercise notebook is stale")
    parser.add_argument("--force", action="store_true",
                        help="overwrite notebooks even if they were edited")
    parser.add_argument("--no-run", action="store_true",
                        help="do not execute the generated notebooks (no outputs saved)")
    parser.add_argument("--nbgrader", metavar="COURSE", type=Path,
                        help="write nbgrader source notebooks into COURSE/source/ (and "
                             "COURSE/nbgrader_config.py if missing), then stop")
    parser.add_argument("--run-solutions", action="store_true",
                        help="first re-run the solutions notebooks and save their outputs "
                             "(after changing a checker's wording, say)")
    args = parser.parse_args(argv)
    try:
        if args.nbgrader:
            names = args.names or [p.name for p in sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))]
            for path in write_nbgrader_course(args.nbgrader, names):
                print(f"{path}: written")
            return 0
        if args.run_solutions:
            for path in sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb")):
                if args.names and path.name not in args.names:
                    continue
                nb = nbformat.read(path, as_version=4)
                save(execute(nb, SOLUTIONS), path)
                print(f"solutions/{path.name}: re-run", flush=True)
        if args.check:
            names = stale()
            for name in names:
                print(f"stale: exercises/{name} (run `make exercises`)")
            numbers = stale_expectations()
            for number in numbers:
                print(f"stale: the expectations of chapter {number} (run `make exercises`)")
            return 1 if names or numbers else 0
        for number in _chapters(SOLUTIONS, args.names):
            if args.force or make_expected.is_stale(number):
                for path in make_expected.write_chapter(number):
                    print(f"{path.relative_to(ROOT)}: written", flush=True)
        names = args.names or [p.name for p in sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))]
        for name in names:
            print(f"exercises/{name}: {generate(name, args.force, not args.no_run)}", flush=True)
    except (SourceError, EditedNotebook, FileNotFoundError,
            make_expected.ReferenceError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
