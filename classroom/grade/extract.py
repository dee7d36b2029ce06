"""Reading a submitted notebook: which chapter it is for, and each exercise's answer code.

Learners move, copy, edit and delete cells, and some tools strip cell metadata, so
an answer cell is looked for in three ways, most reliable first:

a. a code cell whose metadata says ``{"minigrad": {"role": "answer", "exercise": id}}``
   (what ``classroom.exercises.generate`` writes);
b. a code cell whose first line is ``# EXERCISE <id>``;
c. the last code cell that defines the exercise's entry name (``def add``, ``add = ...``,
   ``class ...``) at top level, found with :mod:`ast`.

Only answer code is taken from a notebook.  Everything else an answer may rely on
(the imports) comes from the chapter module's ``SETUP``, so a learner cannot change
what the grader imports, and a stray cell elsewhere cannot break grading.  Helper
functions must therefore live in the answer cell that uses them.

Nothing here runs learner code: the notebook is parsed as JSON and answer code
with :func:`ast.parse`.  A notebook that cannot be read still gives a
:class:`~classroom.grade.model.Submission` with its ``problem`` set, so it gets a
row in the gradebook.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import stat
from collections import Counter
from pathlib import Path

from ..exercises.registry import chapter as chapter_module
from ..exercises.registry import chapter_modules
from .model import Answer, Submission

MAX_BYTES = 64 * 2**20                  # larger than any sane notebook, even with images
_HEADER = re.compile(r"^#\s*EXERCISE\s+(\S+)\s*$", re.IGNORECASE)
_PREFIX = re.compile(r"^(\d\d)_")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_SKIPPED_DIRS = {"__MACOSX", "__pycache__"}


class NotebookError(ValueError):
    """The bytes are not a notebook this module can read; the text says why."""


# -- finding submissions -----------------------------------------------------------------------
def find_notebooks(root: Path) -> list:
    """Every ``*.ipynb`` under ``root``, sorted; hidden folders (``.ipynb_checkpoints``,
    ``.git``) and macOS zip debris are skipped, and symbolic links to folders are not
    followed (a link could lead anywhere on the grader's disk)."""
    found = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED_DIRS)
        found += [Path(folder) / f for f in files
                  if f.lower().endswith(".ipynb") and not f.startswith(".")]
    return sorted(found)


def student_ids(paths: list, root: Path) -> dict:
    """{path: safe id}: the path relative to ``root`` without ``.ipynb``, with folders
    joined by ``__`` and anything but letters, digits, ``.``, ``_`` and ``-`` replaced.
    Ids that would collide (also ignoring case, for case-insensitive disks) get
    ``-2``, ``-3``...  No id starts with ``.`` or ``-``."""
    ids, taken = {}, set()
    for path in paths:
        parts = Path(path).relative_to(root).with_suffix("").parts
        base = "__".join(_UNSAFE.sub("_", p).strip("._-") or "_" for p in parts) or "_"
        if len(base) > 100:
            base = base[:90] + "-" + hashlib.sha256(base.encode()).hexdigest()[:8]
        candidate, n = base, 1
        while candidate.lower() in taken:
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate.lower())
        ids[path] = candidate
    return ids


# -- reading one notebook ----------------------------------------------------------------------
def read_submission(path: Path, student: str, relpath: str,
                    expected_chapter: str | None = None) -> Submission:
    """The answers in the notebook at ``path``, or a Submission whose ``problem`` says why
    there are none.  ``expected_chapter`` ("02") is what ``--chapter`` asked for."""
    sub = Submission(student=student, relpath=relpath, path=Path(path),
                     chapter=expected_chapter)
    try:
        cells, metadata = load_notebook(read_bytes(Path(path)))
    except NotebookError as err:
        sub.problem = str(err)
        match = _PREFIX.match(Path(path).name)
        if sub.chapter is None and match and match.group(1) in chapter_modules():
            sub.chapter = match.group(1)            # so the row shows the chapter's points
        return sub
    found, how = detect_chapter(cells, metadata, Path(path).name)
    if expected_chapter is not None and found is not None and found != expected_chapter:
        sub.problem = f"this is chapter {found}'s notebook, expected {expected_chapter}"
        sub.chapter = expected_chapter
        return sub
    sub.chapter = found or expected_chapter
    if sub.chapter is None:
        sub.problem = ("could not tell which chapter this notebook is for (no minigrad "
                       "metadata, no `# EXERCISE` headers, no NN_ file-name prefix); grade it "
                       "with --chapter")
        return sub
    if sub.chapter not in chapter_modules():
        sub.problem = (f"there are no exercises for chapter {sub.chapter} (chapters with "
                       f"exercises: {', '.join(chapter_modules()) or 'none'})")
        return sub
    if how == "file name":
        sub.notes.append(f"chapter {sub.chapter} taken from the file name")
    sub.answers = find_answers(cells, chapter_module(sub.chapter).EXERCISES)
    return sub


def read_bytes(path: Path) -> bytes:
    """The file's bytes; refuses links, devices and huge files (the grader may run as
    root, and must not be tricked into reading something that is not a submission)."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            raise NotebookError("not a regular file (a symbolic link or a device?); not read")
        if info.st_size > MAX_BYTES:
            raise NotebookError(f"too large to be a notebook ({info.st_size / 2**20:.0f} MB)")
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise NotebookError(f"could not read the file: {err.strerror or err}") from None


def load_notebook(data: bytes) -> tuple:
    """(cells, notebook metadata) from a notebook's bytes; each cell a dict with
    ``type``, ``source`` (one string) and ``meta`` (the ``minigrad`` metadata, or {}).
    Reads nbformat 4 and the older 3 (``worksheets``)."""
    try:
        text = data.decode("utf-8-sig")
        nb = json.loads(text)
    except UnicodeDecodeError as err:
        raise NotebookError(f"not a readable notebook: not UTF-8 text ({err.reason} at byte "
                            f"{err.start})") from None
    except (ValueError, RecursionError) as err:
        raise NotebookError(f"not a readable notebook: {err}") from None
    if not isinstance(nb, dict):
        raise NotebookError("not a readable notebook: the file is JSON but not a notebook")
    raw = nb.get("cells")
    if raw is None and isinstance(nb.get("worksheets"), list):        # nbformat 3
        raw = [c for ws in nb["worksheets"] if isinstance(ws, dict)
               for c in (ws.get("cells") or []) if isinstance(ws.get("cells"), list)]
    if not isinstance(raw, list):
        raise NotebookError("not a readable notebook: it has no list of cells")
    cells = []
    for cell in raw:
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", cell.get("input", ""))
        if isinstance(source, list):
            source = "".join(s if isinstance(s, str) else str(s) for s in source)
        elif not isinstance(source, str):
            source = ""
        meta = cell.get("metadata")
        meta = meta.get("minigrad") if isinstance(meta, dict) else None
        cells.append({"type": cell.get("cell_type"), "source": source,
                      "meta": meta if isinstance(meta, dict) else {}})
    metadata = nb.get("metadata")
    return cells, metadata if isinstance(metadata, dict) else {}


def _chapter_text(value) -> str | None:
    text = str(value).strip()
    return f"{int(text):02d}" if text.isdigit() and len(text) <= 3 else None


def detect_chapter(cells: list, metadata: dict, filename: str) -> tuple:
    """(chapter, how) from the notebook metadata, else the answer headers and cell
    metadata, else a ``NN_`` file-name prefix naming a chapter that has exercises; or
    (None, None).  Headers come before the file name: they are the notebook's content,
    while names like ``12_smith.ipynb`` from a learning platform may be anything."""
    mg = metadata.get("minigrad")
    if isinstance(mg, dict) and _chapter_text(mg.get("chapter", "")):
        return _chapter_text(mg["chapter"]), "metadata"
    votes = Counter()
    for cell in cells:
        if cell["type"] != "code":
            continue
        ids = [cell["meta"].get("exercise")]
        header = _header_id(cell["source"])
        ids.append(header)
        for exercise_id in ids:
            if isinstance(exercise_id, str) and "." in exercise_id:
                number = _chapter_text(exercise_id.split(".")[0])
                if number:
                    votes[number] += 1
    if votes:
        return votes.most_common(1)[0][0], "headers"
    match = _PREFIX.match(filename)
    if match and match.group(1) in chapter_modules():
        return match.group(1), "file name"
    return None, None


# -- finding answers ---------------------------------------------------------------------------
def _header_id(source: str) -> str | None:
    for line in source.splitlines():
        if line.strip():
            match = _HEADER.match(line.strip())
            return match.group(1) if match else None
    return None


def find_answers(cells: list, exercises: list) -> list:
    """One :class:`Answer` per exercise that has an answer cell, in notebook order.

    A cell that answers two exercises (a learner wrote both functions in one) is run
    once: the second exercise's Answer has empty code and says where its code is.
    """
    parsed = {}                     # cell index -> (code without magics, notes) or None

    def prepared(index):
        if index not in parsed:
            code, notes = strip_magics(cells[index]["source"])
            try:
                ast.parse(code)
            except (SyntaxError, ValueError):
                parsed[index] = (code, notes, None)
            else:
                parsed[index] = (code, notes, ast.parse(code))
        return parsed[index]

    code_cells = [i for i, c in enumerate(cells) if c["type"] == "code"]
    answers, claimed = [], {}
    for exercise in exercises:
        by_meta = [i for i in code_cells if cells[i]["meta"].get("role") == "answer"
                   and cells[i]["meta"].get("exercise") == exercise.id]
        by_header = [i for i in code_cells if _header_id(cells[i]["source"]) == exercise.id]
        by_definition = [i for i in code_cells if prepared(i)[2] is not None
                         and exercise.entry in top_level_names(prepared(i)[2])]
        notes = []
        for how, candidates in (("metadata", by_meta), ("header", by_header),
                                ("definition", by_definition)):
            if candidates:
                break
        else:
            continue
        if how != "definition" and len(candidates) > 1:
            defining = [i for i in candidates if i in by_definition]
            chosen = (defining or candidates)[-1]
            notes.append(f"found {len(candidates)} answer cells for {exercise.id}; graded "
                         f"the last one that defines `{exercise.entry}`" if defining else
                         f"found {len(candidates)} answer cells for {exercise.id}; graded "
                         f"the last one")
        else:
            chosen = candidates[-1]
        code, magic_notes, _ = prepared(chosen)
        if chosen in claimed:
            notes.append(f"its code is in the answer cell of {claimed[chosen]}, which already "
                         f"ran")
            code = ""
        else:
            claimed[chosen] = exercise.id
            notes += magic_notes
        answers.append(Answer(exercise=exercise.id, code=code, cell=chosen, found_by=how,
                              notes=notes))
    order = {ex.id: n for n, ex in enumerate(exercises)}
    return sorted(answers, key=lambda a: (a.cell, order[a.exercise]))


def top_level_names(tree: ast.Module) -> set:
    """Names bound at a module's top level (also inside top-level if/try/with/for)."""
    names, todo = set(), list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
            for block in ("body", "orelse", "finalbody"):
                todo += getattr(node, block, [])
            for handler in getattr(node, "handlers", []):
                todo += handler.body
    return names


def strip_magics(source: str) -> tuple:
    """(code, notes): IPython magics (``%time``, ``%%timeit``) and shell lines (``!pip``)
    replaced by ``pass`` at the same indentation, so line numbers in error messages
    still match the cell.  Code that is already valid Python is returned unchanged
    (a ``%`` line inside a string is not a magic)."""
    try:
        ast.parse(source)
        return source, []
    except (SyntaxError, ValueError):
        pass
    lines, removed = [], []
    for line in source.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            lines.append(line[:len(line) - len(stripped)] + "pass")
            removed.append(stripped)
        else:
            lines.append(line)
    if not removed:
        return source, []
    shown = ", ".join(f"`{r[:40]}`" for r in removed[:3]) + (" ..." if len(removed) > 3 else "")
    return "\n".join(lines), [f"removed IPython magic/shell lines, which only work in Jupyter: "
                              f"{shown}"]
