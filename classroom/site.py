"""A static, readable rendering of the course: ``python -m classroom.site --out build/site``.

(``make site`` runs it.)  Every notebook in ``chapters/``, ``exercises/`` and
``solutions/`` becomes an HTML page, exactly as saved: the outputs, plots and
widgets' saved state are shown, nothing is executed.  An ``index.html`` lists
the chapters from the course map (``classroom/chapters.py``) with their
exercises, so the course can be read without installing anything.
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

from .chapters import CHAPTERS

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("chapters", "exercises", "solutions")

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>minigrad: build your own deep-learning library</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #222; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ddd; padding: .4rem .6rem; text-align: left; vertical-align: top; }}
th {{ background: #f5f5f5; }}
.num {{ text-align: right; color: #666; }}
</style></head><body>
<h1>minigrad</h1>
<p>A course in which you build a real deep-learning library on NumPy, one chapter at a
time. These pages show the notebooks as saved, with their outputs; to run them, see the
README.</p>
<table><tr><th class="num">#</th><th>chapter</th><th>what you build and learn</th>
<th class="num">time</th><th>exercises</th></tr>
{rows}
</table>
</body></html>
"""


def render_notebook(source: Path, target: Path) -> None:
    """Write ``source`` (a saved notebook) as a standalone HTML page at ``target``."""
    import nbformat
    from nbconvert import HTMLExporter

    nb = nbformat.read(source, as_version=4)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(
        nb, resources={"metadata": {"name": source.stem}})
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")


def index_rows(present: set) -> str:
    rows = []
    for chapter in CHAPTERS:
        name = chapter.notebook
        if f"chapters/{name}" not in present:
            continue
        page = name.replace(".ipynb", ".html")
        exercises = (f'<a href="exercises/{page}">exercises</a>'
                     if f"exercises/{name}" in present else "")
        if f"solutions/{name}" in present:
            exercises += f' · <a href="solutions/{page}">solutions</a>'
        rows.append(f'<tr><td class="num">{chapter.number}</td>'
                    f'<td><a href="chapters/{page}">{html.escape(chapter.title)}</a></td>'
                    f'<td>{html.escape(chapter.summary)}</td>'
                    f'<td class="num">{chapter.minutes} min</td><td>{exercises}</td></tr>')
    return "\n".join(rows)


def build(out: Path, root: Path = ROOT, folders=FOLDERS) -> list:
    """Render every notebook under ``folders`` into ``out``; returns the pages written."""
    written, present = [], set()
    for folder in folders:
        for source in sorted((root / folder).glob("[0-9][0-9]_*.ipynb")):
            target = out / folder / source.with_suffix(".html").name
            render_notebook(source, target)
            written.append(target)
            present.add(f"{folder}/{source.name}")
    index = out / "index.html"
    index.write_text(_PAGE.format(rows=index_rows(present)), encoding="utf-8")
    return [index] + written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m classroom.site",
                                     description="Render the course's notebooks as static HTML.")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site",
                        help="output folder (default: build/site)")
    args = parser.parse_args(argv)
    pages = build(args.out)
    print(f"wrote {len(pages)} pages; open {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
