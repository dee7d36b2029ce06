"""Teaching times: how long each part of a chapter takes in a live class, from the chapter.

``python -m classroom.lessons.timing`` (``--check`` to only compare) writes the table at
the top of each instructor page's "Time" section (between the ``teaching-time`` markers).

The README's times are for *reading* a chapter alone.  A live class covers a chapter
differently: the instructor talks through the prose rather than reading it, types the
pieces the page says to live-code while explaining them, runs and discusses every other
cell, and lets the class play with each widget.  So each section (a ``##`` heading of
the chapter notebook) is costed from what it holds:

* **prose**: 1 minute per :data:`WORDS_PER_MINUTE` words of its Markdown, a lecture's
  speaking pace: explaining a paragraph takes about as many words as the paragraph;
* **typed**: 1 minute per :data:`LINES_PER_MINUTE` non-blank lines of the cells typed live
  (the cells ``classroom.lessons.livecode`` empties), typing while explaining, with the
  class following and the odd typo;
* **run**: :data:`MINUTES_PER_CELL` per other code cell: ask what it will print, run it,
  look at the result;
* **widgets**: :data:`MINUTES_PER_WIDGET` per cell showing a widget, as the pages plan
  (a few settings tried, one question asked).

Each part is rounded to whole minutes (at least 1), and the header is the sum of the
rounded parts, so a page's table always adds up to its header (a test reads every page
to check).  The rates were set so that chapter 1 comes out at the 45-50 minutes of live
teaching its page reported from class (the one page that gave a live figure), and then
applied unchanged to every chapter: chapters 11-13 come out well beyond one 50-minute
period, which is what their length (5,600-7,000 words, the most live code) says.
Change a rate here and run the command: every page follows.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from ..chapters import CHAPTERS
from . import livecode

ROOT = Path(__file__).resolve().parents[2]
WORDS_PER_MINUTE = 150
LINES_PER_MINUTE = 3
MINUTES_PER_CELL = 0.75
MINUTES_PER_WIDGET = 4
PERIOD = 50
BEGIN, END = "<!-- teaching-time:begin -->", "<!-- teaching-time:end -->"
WIDGET = "application/vnd.jupyter.widget-view+json"
_WORD = re.compile(r"[A-Za-z0-9][\w'’.-]*")


def _source(cell) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def sections(chapter) -> list:
    """``[{"title", "words", "typed", "run", "widgets", "minutes"}]`` for each ``##``
    section of the chapter (what comes before the first one is its introduction)."""
    cells = json.loads((ROOT / "chapters" / chapter.notebook).read_text("utf-8"))["cells"]
    live, _, _ = livecode.live_notebook(chapter)
    typed = {c.id for c in live.cells if livecode.TAG in c.metadata.get("tags", [])}
    out = [{"title": "introduction and goals", "words": 0, "typed": 0, "run": 0,
            "widgets": 0}]
    for cell in cells:
        text = _source(cell)
        if "launch" in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^##\s+(.+)$", text, re.M)
            if heading:
                out.append({"title": heading[1].strip(), "words": 0, "typed": 0, "run": 0,
                            "widgets": 0})
            out[-1]["words"] += len(_WORD.findall(text))
        elif cell.get("id") in typed:
            out[-1]["typed"] += sum(1 for line in text.splitlines() if line.strip())
        elif any(WIDGET in o.get("data", {}) for o in cell.get("outputs", [])):
            out[-1]["widgets"] += 1
        else:
            out[-1]["run"] += 1
    for part in out:
        minutes = (part["words"] / WORDS_PER_MINUTE + part["typed"] / LINES_PER_MINUTE
                   + part["run"] * MINUTES_PER_CELL + part["widgets"] * MINUTES_PER_WIDGET)
        part["minutes"] = max(1, round(minutes))
    return out


def block(chapter) -> str:
    parts = sections(chapter)
    total = sum(p["minutes"] for p in parts)
    periods = -(-total // PERIOD)
    when = ("one 50-minute period" if periods == 1 else
            f"{periods} periods of 50 minutes: split where the running total passes "
            f"{', '.join(str(PERIOD * k) for k in range(1, periods))}")
    rows = [f"About **{total} minutes** of live teaching ({when}), estimated from the "
            f"notebook as `classroom/lessons/timing.py` explains (regenerate with "
            f"`python -m classroom.lessons.timing`).", "",
            "| part | prose words | lines typed | cells run | widgets | minutes | running total |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    running = 0
    for p in parts:
        running += p["minutes"]
        title = p["title"].replace("|", "/")
        rows.append(f"| {title} | {p['words']} | {p['typed']} | {p['run']} | {p['widgets']} "
                    f"| {p['minutes']} | {running} |")
    return "\n".join(rows)


def with_block(page: str, text: str) -> str:
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        return f"{head}{BEGIN}\n{text}\n{END}{rest.split(END, 1)[1]}"
    head, sep, rest = page.partition("## Time\n")
    if not sep:
        raise ValueError("the page has no '## Time' section")
    return f"{head}{sep}\n{BEGIN}\n{text}\n{END}\n{rest}"


def header_and_rows(page: str) -> tuple:
    """(the header's minutes, the table's minutes) as the page states them."""
    inside = page.split(BEGIN, 1)[1].split(END, 1)[0]
    header = int(re.search(r"About \*\*(\d+) minutes\*\*", inside)[1])
    rows = [line.split("|")[-3].strip() for line in inside.splitlines()
            if line.startswith("| ") and not line.startswith("| part")]
    return header, [int(r) for r in rows]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m classroom.lessons.timing",
                                description="Write each instructor page's teaching-time table.")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 when stale")
    args = p.parse_args(argv)
    stale = []
    for chapter in CHAPTERS:
        path = livecode.PAGES / chapter.notebook.replace(".ipynb", ".md")
        page = path.read_text(encoding="utf-8")
        new = with_block(page, block(chapter))
        if new != page:
            stale.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
        print(f"{chapter.notebook}: {sum(s['minutes'] for s in sections(chapter))} minutes")
    for name in stale:
        print(("stale: " if args.check else "wrote ") + name)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
