"""Reading a submitted notebook: which chapter it is for, its code cells, and where each
exercise is checked.

Learners move, copy, edit and delete cells, and some tools strip cell metadata, so an
exercise's answer cell is looked for in three ways, most reliable first:

a. a code cell whose metadata says ``{"minigrad": {"role": "answer", "exercise": id}}``
   (what ``classroom.exercises.generate`` writes);
b. a code cell whose first line is ``# EXERCISE <id>``;
c. the last code cell that defines the exercise's entry name (``def add``, ``add = ...``,
   ``class ...``) at top level.

The grader then runs the notebook's code cells as the notebook would, in order
(:func:`plan_steps`), and probes each exercise where the notebook checks it: just before
its ``check("<id>")`` cell, or, when no check cell follows the answer, after the last cell
that defines the answer before the next exercise's answer cell.  So an import added to
the setup cell, a helper in a cell of its own and a working answer in a new cell under
the stub all count.  Cells that only call ``check``/``hint``/``solution`` are not run.

Nothing here runs learner code, and what it reads is bounded whatever a file holds.
What is graded is limited, not what is displayed: a notebook is read in chunks
(:func:`read_notebook`) and the values of its ``outputs``, ``attachments`` and widget
state are dropped as they stream past, never held, so an honest notebook of 50 MB of
images reads like its few kilobytes of code; what is left (code, text, metadata) must
stay under :data:`MAX_KEPT`, and the file under :data:`MAX_FILE`.  Notebooks with too
many JSON objects are refused with a reason;
code is parsed with :mod:`ast` only in cells up to :data:`PARSE_LIMIT` characters and up
to :data:`PARSE_BUDGET` per notebook (beyond that, definitions are found by a pattern);
cells over :data:`MAX_CELL_CODE`, and cells past :data:`MAX_CODE` or :data:`MAX_CELLS`,
are not run, with a note.  A notebook that cannot be
read still gives a :class:`~classroom.grade.model.Submission` with its ``problem`` set,
so it gets a row in the gradebook; a file or folder that is not a submission at all gets
a named reason from :func:`survey`.
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
from . import similarity
from .model import Answer, Step, Submission

MAX_FILE = 1024 * 2**20                 # a file larger than this is not read at all
MAX_KEPT = 32 * 2**20                   # code, text and metadata kept from one notebook
CHUNK = 2**20                           # bytes read at a time
SKIPPED_KEYS = (b'"outputs"', b'"attachments"', b'"widgets"')   # values never kept
MAX_OBJECTS = 400_000                   # JSON objects and arrays in a notebook
MAX_STRINGS = 4_000_000                 # quote characters in a notebook
MAX_DEPTH = 256                         # nesting of objects and arrays (a notebook's is about 8)
PARSE_LIMIT = 64 * 1024                 # characters of one cell parsed with ast
PARSE_BUDGET = 1024 * 1024              # characters parsed with ast per notebook
MAX_CELL_CODE = 1024 * 1024             # a code cell larger than this is not run
MAX_CODE = 4 * 1024 * 1024              # code run per notebook, answer cells first
MAX_CELLS = 2000                        # code cells run per notebook, answer cells first
_CALL_ONLY = re.compile(r"""^(check|hint|solution)\(\s*(["'])([^"']*)\2\s*(,[^()]*)?\)\s*;?\s*(#.*)?$""")
_HEADER = re.compile(r"^#\s*EXERCISE\s+(\S+)\s*$", re.IGNORECASE)
_PREFIX = re.compile(r"^(\d\d)_")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_CTYPES = re.compile(r"\b_?ctypes\b")


class NotebookError(ValueError):
    """The bytes are not a notebook this module can read; the text says why."""


# -- finding submissions -----------------------------------------------------------------------
NOTEBOOK_SUFFIXES = (".ipynb", ".ipynb.json")
SKIPPED_FOLDERS = {".ipynb_checkpoints": "Jupyter's checkpoint folder (autosaved copies of "
                                         "notebooks), not a submission",
                   ".git": "version-control data, not a submission",
                   "__MACOSX": "macOS zip debris, not a submission",
                   "__pycache__": "Python's cache, not a submission"}


def is_notebook_name(name: str) -> bool:
    return name.lower().endswith(NOTEBOOK_SUFFIXES) and not name.startswith("._")


def survey(root: Path) -> tuple:
    """(notebooks, skipped): every notebook under ``root`` (sorted paths), and a
    ``(relative path, reason)`` for every other file or folder there, so that nothing in
    the submissions folder is passed over in silence.

    A notebook is a file named ``*.ipynb`` (or ``*.ipynb.json``, as some browsers save
    one), hidden or not.  Symbolic links to folders are not followed (one could lead
    anywhere on the grader's disk); a link named like a notebook is a submission whose row
    says it was not read."""
    root = Path(root)
    notebooks, skipped = [], []
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as err:
            skipped.append((_rel(folder, root), f"a folder the grader cannot read "
                                                f"({err.strerror or err})"))
            continue
        if not entries and folder != root:
            skipped.append((_rel(folder, root), "an empty folder"))
        for entry in entries:
            path = Path(entry.path)
            rel = _rel(path, root)
            try:
                is_link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError as err:
                skipped.append((rel, f"could not be examined ({err.strerror or err})"))
                continue
            if is_dir:
                if entry.name in SKIPPED_FOLDERS:
                    skipped.append((rel + "/", SKIPPED_FOLDERS[entry.name]))
                else:
                    stack.append(path)
            elif is_notebook_name(entry.name):
                notebooks.append(path)
            elif is_link and path.is_dir():
                skipped.append((rel, "a symbolic link to a folder, not followed (it could "
                                     "lead anywhere on the grader's disk): copy the folder "
                                     "in instead"))
            elif is_link:
                skipped.append((rel, "a symbolic link, not a notebook"))
            elif entry.name.startswith("._") or entry.name == ".DS_Store":
                skipped.append((rel, "macOS metadata, not a submission"))
            else:
                skipped.append((rel, "not a notebook: only *.ipynb files are graded"))
    return sorted(notebooks), sorted(skipped)


def _rel(path: Path, root: Path) -> str:
    return Path(path).relative_to(root).as_posix() if Path(path) != root else "."


def find_notebooks(root: Path) -> list:
    """Every notebook under ``root`` (see :func:`survey`), sorted."""
    return survey(root)[0]


def student_ids(paths: list, root: Path) -> dict:
    """{path: safe id}: the path relative to ``root`` without ``.ipynb``, with folders
    joined by ``__`` and anything but letters, digits, ``.``, ``_`` and ``-`` replaced.
    Ids that would collide (also ignoring case, for case-insensitive disks) get
    ``-2``, ``-3``...  No id starts with ``.`` or ``-``."""
    ids, taken = {}, set()
    for path in paths:
        relative = Path(path).relative_to(root).as_posix()
        for suffix in NOTEBOOK_SUFFIXES[::-1]:
            if relative.lower().endswith(suffix):
                relative = relative[:-len(suffix)]
                break
        parts = Path(relative).parts
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
    """The answers and steps of the notebook at ``path``, or a Submission whose ``problem``
    says why there are none.  ``expected_chapter`` ("02") is what ``--chapter`` asked for."""
    sub = Submission(student=student, relpath=relpath, path=Path(path),
                     chapter=expected_chapter)
    if Path(path).name.lower().endswith(".ipynb.json"):
        sub.notes.append("a notebook saved as .ipynb.json; graded as a notebook")
    try:
        cells, metadata, sub.digest = read_cells(Path(path))
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
    if any(cell["type"] == "code" and _CTYPES.search(cell["source"][:PARSE_BUDGET])
           for cell in cells):
        sub.notes.append("uses ctypes, with which code can rewrite the grader's worker "
                         "process (see classroom.grade's documentation): worth a look")
    module = chapter_module(sub.chapter)
    index = CellIndex(cells)
    sub.answers = find_answers(cells, module.EXERCISES, index)
    sub.steps, notes = plan_steps(cells, sub.answers, module.EXERCISES, module.SETUP, index)
    sub.notes += notes
    entries = {ex.id: ex.entry for ex in module.EXERCISES}
    for answer in sub.answers:
        source = index.definition_source(answer, entries[answer.exercise], sub.steps)
        if source is not None:
            sub.fingerprints[answer.exercise] = similarity.fingerprint(source)
    return sub


def _open_regular(path: Path):
    """An open binary file for ``path``; refuses links, devices and huge files (the grader
    may run as root, and must not be tricked into reading something that is not a
    submission)."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotebookError("not a regular file (a symbolic link or a device?); not read")
    if info.st_size > MAX_FILE:
        raise NotebookError(f"too large to be a notebook ({info.st_size / 2**20:.0f} MB; "
                            f"the grader reads files up to {MAX_FILE // 2**20} MB)")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.fdopen(os.open(path, flags), "rb")
    if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
        handle.close()
        raise NotebookError("not a regular file; not read")
    return handle


def read_cells(path: Path) -> tuple:
    """(cells, notebook metadata, sha256 of the file): :func:`read_notebook` then
    :func:`load_notebook`, holding at most two forms of what is kept at any moment (the
    bytes and their text, then the text and its parsed JSON, then the JSON and the cells),
    so that a notebook of :data:`MAX_KEPT` costs about twice that while it is read."""
    data, digest = read_notebook(path)
    text = _text(data)
    del data
    nb = _json(text)
    del text
    return (*_cells(nb), digest)


def read_notebook(path: Path) -> tuple:
    """(the notebook's JSON with outputs, attachments and widget state left out, as a
    bytearray, and the sha256 of the whole file): read in chunks of :data:`CHUNK` bytes, so
    that memory holds one chunk and what is kept (see :class:`Pruner`)."""
    digest = hashlib.sha256()
    pruner = Pruner()
    try:
        with _open_regular(path) as handle:
            total = 0
            while True:
                chunk = handle.read(CHUNK)
                if not chunk:
                    break
                total += len(chunk)
                if total > MAX_FILE:
                    raise NotebookError(f"too large to be a notebook (over "
                                        f"{MAX_FILE // 2**20} MB)")
                digest.update(chunk)
                pruner.feed(chunk)
    except OSError as err:
        raise NotebookError(f"could not read the file: {err.strerror or err}") from None
    return pruner.finish(), digest.hexdigest()


def file_digest(path: Path) -> str:
    """The sha256 of a submission's bytes, read in chunks ("" when it cannot be read)."""
    digest = hashlib.sha256()
    try:
        with _open_regular(path) as handle:
            for chunk in iter(lambda: handle.read(CHUNK), b""):
                digest.update(chunk)
    except (OSError, NotebookError):
        return ""
    return digest.hexdigest()


def read_bytes(path: Path) -> bytes:
    """The notebook's JSON, outputs left out (see :func:`read_notebook`)."""
    return read_notebook(path)[0]


# The rest of a JSON string up to its closing quote, written so that it neither backtracks
# far nor keeps a state per character (Python 3.10 has no possessive ``*+``): runs of plain
# bytes, each escape with the run after it.
_STRING_REST = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NEXT = re.compile(rb'["{}\[\]:,]')
_KEY_LIMIT = 4096


class Pruner:
    """JSON in, the same JSON out without the values of the keys in :data:`SKIPPED_KEYS`
    (each replaced by ``null``), fed chunk by chunk.  It tracks only what it must: whether
    it is inside a string, the nesting of objects and arrays, whether the next string is a
    key, and whether it is passing over a value.  Strings are crossed with one regular
    expression each, so a 40 MB image is passed over at the speed of the C engine.  What is
    kept may not exceed :data:`MAX_KEPT`.  Malformed JSON is kept as it is for
    ``json.loads`` to refuse."""

    def __init__(self):
        self.out = bytearray()
        self.carry = b""             # the end of a chunk that cannot be judged yet
        self.stack = []              # "{" or "[" for each open container
        self.expect_key = False
        self.string = None           # inside a string: "copy", "skip" or "key"
        self.key = bytearray()
        self.skip_next = False       # the next value is to be passed over
        self.skip_depth = None       # passing over a container opened at this depth
        self.skip_scalar = False     # passing over a number, true, false or null

    @property
    def skipping(self) -> bool:
        return self.skip_depth is not None or self.skip_scalar or self.string == "skip"

    def _keep(self, data) -> None:
        self.out += data
        if len(self.out) > MAX_KEPT:
            raise NotebookError(f"it holds more than {MAX_KEPT // 2**20} MB of code, text and "
                                f"metadata (outputs aside); the grader reads up to that")

    def feed(self, chunk: bytes) -> None:
        data = self.carry + chunk
        self.carry = b""
        i, end = 0, len(data)
        while i < end:
            if self.string is not None:
                found = _STRING_REST.match(data, i)
                if found is None:                   # the string goes on past this chunk
                    tail = data[i:]
                    run = len(tail) - len(tail.rstrip(b"\\"))
                    keep = tail[:len(tail) - (run % 2)]
                    self.carry = tail[len(keep):]   # a lone backslash: judged with what follows
                    self._string_part(keep)
                    return
                self._string_part(data[i:found.end()])
                self._string_done()
                i = found.end()
                continue
            found = _NEXT.search(data, i)
            stop = found.start() if found else end
            if stop > i:
                if self.skip_next and data[i:stop].strip():
                    self.skip_next, self.skip_scalar = False, True
                if not self.skipping:
                    self._keep(data[i:stop])
            if found is None:
                return
            self._structural(data[stop:stop + 1])
            i = stop + 1

    def _string_part(self, part: bytes) -> None:
        if self.string == "copy":
            self._keep(part)
        elif self.string == "key" and len(self.key) < _KEY_LIMIT:
            self.key += part

    def _string_done(self) -> None:
        kind, self.string = self.string, None
        if kind == "key":
            key = bytes(self.key)
            self.key = bytearray()
            self._keep(key)
            if key in SKIPPED_KEYS:
                self.skip_next = True

    def _structural(self, char: bytes) -> None:
        if char == b'"':
            if self.skip_next:
                self.skip_next, self.string = False, "skip"
            elif self.skipping:
                self.string = "skip"
            elif self.stack and self.stack[-1] == b"{" and self.expect_key:
                self.string, self.expect_key = "key", False
                self.key = bytearray(b'"')
            else:
                self.string = "copy"
                self._keep(char)
            return
        if char in (b"{", b"["):
            if len(self.stack) >= MAX_DEPTH:
                # json.loads recurses once per level, in C; with a raised recursion limit
                # (Python 3.11) deep nesting overflows the C stack and kills the grader.
                raise NotebookError(f"not a readable notebook: its JSON is nested more than "
                                    f"{MAX_DEPTH} levels deep")
            if self.skip_next:
                self.skip_next, self.skip_depth = False, len(self.stack)
            self.stack.append(char)
            if not self.skipping:
                self._keep(char)
            self.expect_key = char == b"{"
            return
        if char in (b"}", b"]"):
            self.skip_scalar = False
            if self.stack:
                self.stack.pop()
            if self.skip_depth is not None and len(self.stack) == self.skip_depth:
                self.skip_depth = None
                return
            if not self.skipping:
                self._keep(char)
            return
        if char == b":":
            if not self.skipping:
                self._keep(b":null" if self.skip_next else char)
            return
        if char == b",":
            self.skip_scalar = False
            if self.stack and self.stack[-1] == b"{":
                self.expect_key = True
            if not self.skipping:
                self._keep(char)

    def finish(self) -> bytearray:
        """What was kept (itself, not a copy: it may be tens of megabytes)."""
        if self.carry and self.string == "copy":
            self._keep(self.carry)
        out, self.out = self.out, bytearray()
        return out


def load_notebook(data: bytes) -> tuple:
    """(cells, notebook metadata) from a notebook's bytes; each cell a dict with
    ``type``, ``source`` (one string) and ``meta`` (the ``minigrad`` metadata, or {}).
    Reads nbformat 4 and the older 3 (``worksheets``).  Outputs are dropped at once.
    (:func:`read_cells` does the same for a file, holding less at once.)"""
    return _cells(_json(_text(data)))


def _text(data) -> str:
    """The notebook's bytes as text, refused when they hold too many JSON values."""
    objects = data.count(b"{") + data.count(b"[")
    if objects > MAX_OBJECTS or data.count(b'"') > MAX_STRINGS:
        raise NotebookError(f"not a readable notebook: it holds too many JSON values "
                            f"({objects:,} objects and arrays) to be one")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise NotebookError(f"not a readable notebook: not UTF-8 text ({err.reason} at byte "
                            f"{err.start})") from None


def _json(text: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError, MemoryError) as err:
        raise NotebookError(f"not a readable notebook: {err}") from None


def _cells(nb) -> tuple:
    """(cells, metadata) from parsed JSON; each raw cell is let go once it is read."""
    if not isinstance(nb, dict):
        raise NotebookError("not a readable notebook: the file is JSON but not a notebook")
    raw = nb.get("cells")
    if raw is None and isinstance(nb.get("worksheets"), list):        # nbformat 3
        raw = [c for ws in nb["worksheets"] if isinstance(ws, dict)
               for c in (ws.get("cells") or []) if isinstance(ws.get("cells"), list)]
    if not isinstance(raw, list):
        raise NotebookError("not a readable notebook: it has no list of cells")
    cells = []
    for i, cell in enumerate(raw):
        raw[i] = None
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
    metadata = metadata if isinstance(metadata, dict) else {}
    return cells, {"minigrad": metadata.get("minigrad")} if "minigrad" in metadata else {}


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
    for line in source[:2000].splitlines():
        if line.strip():
            match = _HEADER.match(line.strip())
            return match.group(1) if match else None
    return None


class CellIndex:
    """What the code cells of a notebook define and check, parsed once and within bounds.

    A cell is parsed with :mod:`ast` when it is at most :data:`PARSE_LIMIT` characters and
    the notebook's :data:`PARSE_BUDGET` is not used up; its top-level names are kept, never
    its tree.  Other cells are searched with a pattern (``def name``, ``name =``)."""

    def __init__(self, cells: list):
        self.cells = cells
        self.code = [i for i, c in enumerate(cells) if c["type"] == "code"]
        self._names, self._code, self.budget = {}, {}, PARSE_BUDGET

    def prepared(self, index: int) -> tuple:
        """(code without magics, notes, parsed) of cell ``index``; ``parsed`` is True when
        it parsed, False when it has a syntax error, None when it was too large to parse."""
        if index not in self._code:
            source = self.cells[index]["source"]
            if len(source) <= PARSE_LIMIT and self.budget >= len(source):
                self.budget -= len(source)
                code, notes, tree = _without_magics(source)
                self._code[index] = (code, notes, tree is not None)
                self._names[index] = top_level_names(tree) if tree is not None else set()
            else:
                self._code[index] = (source, [], None)
        return self._code[index]

    def defines(self, index: int, name: str) -> bool:
        code, _, parsed = self.prepared(index)
        if parsed is None:
            pattern = re.compile(rf"^(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b|"
                                 rf"^{re.escape(name)}\s*(?::[^=]*)?=(?!=)", re.M)
            return pattern.search(code) is not None
        return name in self._names[index]

    def checks(self, index: int) -> list | None:
        """The exercise ids a cell that only calls check/hint/solution names (None for any
        other cell)."""
        source = self.cells[index]["source"]
        if len(source) > 4000:
            return None
        ids, calls = [], 0
        for line in source.splitlines():
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            match = _CALL_ONLY.match(stripped)
            if not match:
                return None
            calls += 1
            if match.group(1) == "check":
                ids.append(match.group(3))
        return ids if calls else None

    def definition_source(self, answer: Answer, entry: str, steps: list) -> str | None:
        """The code of the last cell defining ``entry`` that runs before ``answer``'s probe
        (what the probe sees), when it was parsed; for similarity fingerprints."""
        cell = None
        for step in steps:
            if step.kind == "probe" and step.exercise == answer.exercise:
                break
            if step.kind == "cell" and self.defines(step.cell, entry):
                cell = step.cell
        if cell is None:
            return None
        code, _, parsed = self.prepared(cell)
        return code if parsed else None


def parse(code: str):
    """``ast.parse(code)``, or None when it cannot be parsed (syntax, depth, memory)."""
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None


def find_answers(cells: list, exercises: list, index: CellIndex | None = None) -> list:
    """One :class:`Answer` per exercise that has an answer cell, in notebook order.

    A cell that answers two exercises (a learner wrote both functions in one) runs once:
    the second exercise's Answer has empty code and says where its code is.
    """
    index = index or CellIndex(cells)
    answers, claimed = [], {}
    for exercise in exercises:
        by_meta = [i for i in index.code if cells[i]["meta"].get("role") == "answer"
                   and cells[i]["meta"].get("exercise") == exercise.id]
        by_header = [i for i in index.code if _header_id(cells[i]["source"]) == exercise.id]
        notes = []
        for how, candidates in (("metadata", by_meta), ("header", by_header)):
            if candidates:
                break
        else:
            how = "definition"
            candidates = [i for i in index.code if index.defines(i, exercise.entry)]
            if not candidates:
                continue
        if how != "definition" and len(candidates) > 1:
            defining = [i for i in candidates if index.defines(i, exercise.entry)]
            chosen = (defining or candidates)[-1]
            notes.append(f"found {len(candidates)} answer cells for {exercise.id}; graded "
                         f"the last one that defines `{exercise.entry}`" if defining else
                         f"found {len(candidates)} answer cells for {exercise.id}; graded "
                         f"the last one")
        else:
            chosen = candidates[-1]
        code, magic_notes, _ = index.prepared(chosen)
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


def plan_steps(cells: list, answers: list, exercises: list, setup: str,
               index: CellIndex | None = None) -> tuple:
    """(steps, notes): the notebook's code cells in order, as :class:`Step` objects, with a probe
    of each answered exercise where the notebook checks it (see the module docstring).

    Left out, with a note where it matters: cells that only call check/hint/solution, the
    setup cell when it is the chapter's ``SETUP`` unchanged (the worker runs that first),
    cells over :data:`MAX_CELL_CODE`, and cells past :data:`MAX_CODE` (answer cells are
    kept first)."""
    index = index or CellIndex(cells)
    notes = []
    entry = {ex.id: ex.entry for ex in exercises}
    answer_cell = {a.exercise: a.cell for a in answers}
    answer_of = {}
    for a in answers:
        answer_of.setdefault(a.cell, a.exercise)
    run, budget = [], MAX_CODE - sum(len(index.prepared(c)[0]) for c in answer_of)
    cells_left, past_limit = MAX_CELLS - len(answer_of), 0
    for i in index.code:
        code = index.prepared(i)[0]
        if i in answer_of:
            run.append(i)
        elif not code.strip() or index.checks(i) is not None:
            continue
        elif code.strip() == setup.strip():
            continue
        elif len(code) > MAX_CELL_CODE:
            notes.append(f"cell {i} holds {len(code) // 1024} KB of code; cells over "
                         f"{MAX_CELL_CODE // 1024} KB are not run")
        elif len(code) > budget:
            notes.append(f"cell {i} was not run: the notebook holds more than "
                         f"{MAX_CODE // 2**20} MB of code")
        elif cells_left <= 0:
            past_limit += 1
        else:
            budget -= len(code)
            cells_left -= 1
            run.append(i)
    if past_limit:
        notes.append(f"{past_limit} code cells were not run: the grader runs at most "
                     f"{MAX_CELLS} cells of a notebook")
    # where each exercise is probed: (cell index, 0 = before it, 1 = after it)
    starts = sorted(answer_cell.values())
    where = {}
    for exercise_id, cell in answer_cell.items():
        check = next((i for i in index.code if i > cell and exercise_id in
                      (index.checks(i) or [])), None)
        if check is not None:
            where[exercise_id] = (check, 0)
            continue
        bound = next((c for c in starts if c > cell), len(cells))
        last = cell
        for i in run:
            if cell < i < bound and index.defines(i, entry[exercise_id]):
                last = i
        where[exercise_id] = (last, 1)
    order = {ex.id: n for n, ex in enumerate(exercises)}
    probes = sorted(where, key=lambda e: (where[e], order[e]))
    steps = []
    for i in sorted(set(run) | {c for c, _ in where.values()}):
        steps += [Step("probe", i, exercise=e) for e in probes if where[e] == (i, 0)]
        if i in run:
            steps.append(Step("cell", i, code=index.prepared(i)[0], exercise=answer_of.get(i)))
        steps += [Step("probe", i, exercise=e) for e in probes if where[e] == (i, 1)]
    return steps, notes


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
    code, notes, _ = _without_magics(source)
    return code, notes


def _without_magics(source: str) -> tuple:
    """(code, notes, tree or None): :func:`strip_magics` and the parsed result."""
    tree = parse(source)
    if tree is not None:
        return source, [], tree
    lines, removed = [], []
    for line in source.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            lines.append(line[:len(line) - len(stripped)] + "pass")
            removed.append(stripped)
        else:
            lines.append(line)
    if not removed:
        return source, [], None
    shown = ", ".join(f"`{r[:40]}`" for r in removed[:3]) + (" ..." if len(removed) > 3 else "")
    code = "\n".join(lines)
    return code, [f"removed IPython magic/shell lines, which only work in Jupyter: {shown}"], \
        parse(code)
