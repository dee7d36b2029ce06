"""Live-coding notebooks: each chapter with the code the instructor types emptied.

``python -m classroom.lessons.livecode`` (``--check`` to only compare) writes
``docs/instructors/live/NN_topic.ipynb`` from ``chapters/NN_topic.ipynb``: every Markdown
cell and every output as the chapter has them, and the cells the instructor types live
emptied.  Which cells: those that define, at top level, a name the chapter's instructor
page puts in bold under "Where to live-code" (``**`measure` (section 2).**``), so the page
and the notebook cannot disagree; a test fails when a live notebook is stale or a named
piece defines nothing.

An emptied cell keeps its outputs (what the class should see once it is typed) and holds
two lines instead of the code::

    # ✍ Type `measure` here, live (docs/instructors/11_deep_networks.md). Replace these
    # lines as you type; run as they stand, they load the chapter's finished cell:
    exec(finished_cell("11", "measure"))

so a live notebook runs top to bottom even where the instructor skips a piece (or a
typo in the live version needs undoing: re-run the cell with those lines back).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

from ..chapters import CHAPTERS

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "instructors"
OUT = PAGES / "live"
TAG = "live-code"


def live_names(page_text: str) -> list:
    """Names in bold (with backticks) under the page's "Where to live-code" heading."""
    match = re.search(r"^## Where to live-code\n(.*?)(?=^## |\Z)", page_text, re.S | re.M)
    names = []
    for bold in re.findall(r"\*\*(.+?)\*\*", match[1] if match else ""):
        for name in re.findall(r"`([A-Za-z_][\w.]*)", bold):
            name = name.split(".")[0]            # `MyLinear.forward`: the class is typed
            if name not in names:
                names.append(name)
    return names


def _source(cell) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def defined(source: str) -> list:
    """Top-level functions and classes a cell defines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:                  # IPython magics: not a cell anyone types
        return []
    return [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]


def _chapter_path(number: str) -> Path:
    return ROOT / "chapters" / next(c.notebook for c in CHAPTERS if f"{c.number:02d}" == number)


def finished_cell(number: str, name: str, occurrence: int = 1) -> str:
    """The code of chapter ``number``'s cell that defines ``name`` (the ``occurrence``-th
    such cell: a chapter may define a first version, then the complete one)."""
    nb = json.loads(_chapter_path(number).read_text(encoding="utf-8"))
    cells = [_source(c) for c in nb["cells"]
             if c["cell_type"] == "code" and name in defined(_source(c))]
    if len(cells) < occurrence:
        raise KeyError(f"chapter {number} has no cell number {occurrence} defining {name!r}")
    return cells[occurrence - 1]


def live_notebook(chapter) -> tuple:
    """(the live-coding notebook of ``chapter``, the names emptied)."""
    import nbformat

    number = f"{chapter.number:02d}"
    page = PAGES / chapter.notebook.replace(".ipynb", ".md")
    names = live_names(page.read_text(encoding="utf-8"))
    nb = nbformat.read(ROOT / "chapters" / chapter.notebook, as_version=4)
    emptied, seen = [], {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        typed = [n for n in defined(cell.source) if n in names]
        if not typed:
            continue
        emptied += typed
        seen[typed[0]] = seen.get(typed[0], 0) + 1
        again = f", {seen[typed[0]]}" if seen[typed[0]] > 1 else ""
        cell.source = (f"# ✍ Type {', '.join(f'`{n}`' for n in typed)} here, live "
                       f"(docs/instructors/{page.name}). Replace these\n"
                       f"# lines as you type; run as they stand, they load the chapter's "
                       f"finished cell:\n"
                       f"from classroom.lessons.livecode import finished_cell\n"
                       f"exec(finished_cell(\"{number}\", \"{typed[0]}\"{again}))")
        tags = cell.metadata.setdefault("tags", [])
        if TAG not in tags:
            tags.append(TAG)
    intro = nbformat.v4.new_markdown_cell(
        f"**Live-coding version of chapter {chapter.number}** (for the instructor), generated "
        f"from `chapters/{chapter.notebook}` by `python -m classroom.lessons.livecode`: do "
        f"not edit it, edit the chapter. The cells marked ✍ ({', '.join(f'`{n}`' for n in emptied)}) "
        f"are the ones you type in class, as `docs/instructors/{page.name}` says; their "
        f"outputs show what the class should see. Run everything else as it stands.",
        id="live-code-intro")
    at = 1 if nb.cells and "launch" in nb.cells[0].metadata.get("tags", []) else 0
    nb.cells.insert(at, intro)
    missing = [n for n in names if n not in emptied]
    return nb, emptied, missing


def render(chapter) -> tuple:
    import nbformat

    nb, emptied, missing = live_notebook(chapter)
    return nbformat.writes(nb) + "\n", emptied, missing


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m classroom.lessons.livecode",
                                description="Write docs/instructors/live/ from chapters/.")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 when stale")
    args = p.parse_args(argv)
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for chapter in CHAPTERS:
        text, emptied, _ = render(chapter)
        path = OUT / chapter.notebook
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8")
        print(f"{chapter.notebook}: {len(emptied)} cells to type ({', '.join(emptied)})")
    for path in stale:
        print(("stale: " if args.check else "wrote ") + str(path.relative_to(ROOT)))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
