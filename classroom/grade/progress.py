"""``classroom-progress FOLDER``: during class, which exercises each student has passed so far.

(Also ``python -m classroom.grade.progress``.)  Point it at the students' notebooks (their
``mywork/`` folders gathered on the hub, or a folder of copies) and it prints one row per
notebook and one column per exercise::

    student        ch  passed  02.add 02.sub 02.topo ...
    alice          02   3 / 4    ✔      ✔      ✘
    bob            02   1 / 4    ✔      ○      ·

✔ the notebook's last check of that exercise said correct, ✘ incorrect, ○ not attempted,
· not checked yet (no saved output).  Nothing is run: it reads the saved output of each
``check("NN.name")`` cell, as the student's own notebook showed it when they last saved,
so 50 notebooks take well under a second (``benchmarks/bench_progress.py``).  It is a
view for the instructor during class, opted into by sharing the notebooks; it is not a
grade: a notebook saved before a change, or edited by hand, shows what it says.  Grades
come from ``classroom-grade``, which runs the code.

``--roster FILE`` names rows by student (as the grader does) and lists students without a
notebook; ``--chapter NN`` reads only that chapter's notebooks; ``--csv FILE`` writes the
table for a spreadsheet.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

from ..exercises.registry import chapter as chapter_module
from ..exercises.registry import chapter_modules
from . import extract, roster as rosters

MARKS = {"correct": "✔", "incorrect": "✘", "not attempted": "○", None: "·"}
_CHECK = re.compile(r"""^\s*(?:\w+\s*=\s*)?check\(\s*["'](\d\d\.\w+)["']""")
_VERDICT = re.compile(r"^(\d\d\.\w+) .*?: (CORRECT|INCORRECT|NOT ATTEMPTED): ", re.S)
MAX_BYTES = 32 * 2**20


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def read(path: Path) -> dict:
    """``{"chapter", "status": {exercise: "correct" | "incorrect" | "not attempted"},
    "problem"}`` from one notebook's saved check outputs (the last check of each wins)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return {"chapter": None, "status": {}, "problem": "too large to be a notebook"}
        nb = json.loads(path.read_bytes())
        cells = nb["cells"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {"chapter": None, "status": {}, "problem": "not a readable notebook"}
    status, chapter = {}, None
    meta = nb.get("metadata", {}).get("minigrad", {}) if isinstance(nb.get("metadata"), dict) \
        else {}
    if isinstance(meta, dict) and isinstance(meta.get("chapter"), str):
        chapter = meta["chapter"]
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        called = _CHECK.search(_text(cell.get("source")))
        if not called:
            continue
        chapter = chapter or called[1][:2]
        for output in cell.get("outputs") or []:
            if not isinstance(output, dict):
                continue
            plain = output.get("data", {}).get("text/plain") if isinstance(
                output.get("data"), dict) else None
            said = _VERDICT.match(_text(plain if plain is not None else output.get("text")))
            if said and said[1] == called[1]:
                status[said[1]] = said[2].lower()
    return {"chapter": chapter, "status": status, "problem": None}


def scan(folder: Path, chapter: str | None = None, roster_file: Path | None = None) -> dict:
    """The table: ``{"rows": [(student, chapter, {exercise: status}, problem)],
    "exercises": {chapter: [ids]}, "missing": [students], "unmatched": [...]}``."""
    paths, _ = extract.survey(folder)
    ids = extract.student_ids(paths, folder)
    entries = [(p, ids[p], p.relative_to(folder).as_posix()) for p in paths]
    if chapter:
        entries = [e for e in entries if Path(e[2]).name.startswith(f"{chapter}_")
                   or len(Path(e[2]).parts) == 1]
    missing, unmatched = [], []
    if roster_file:
        matched = rosters.assign(rosters.read(roster_file), entries, chapter)
        entries, missing, unmatched = matched.entries, [s.id for s in matched.missing], \
            matched.unmatched
    rows, chapters = [], set()
    for path, student, _ in entries:
        found = read(path)
        if chapter and found["chapter"] not in (None, chapter):
            continue
        rows.append((student, found["chapter"], found["status"], found["problem"]))
        if found["chapter"] in chapter_modules():
            chapters.add(found["chapter"])
    exercises = {n: [ex.id for ex in chapter_module(n).EXERCISES] for n in sorted(chapters)}
    return {"rows": sorted(rows), "exercises": exercises, "missing": missing,
            "unmatched": unmatched}


def table(result: dict) -> list:
    columns = [i for ids in result["exercises"].values() for i in ids]
    out = [["student", "ch", "passed", *columns]]
    for student, chapter, status, problem in result["rows"]:
        mine = result["exercises"].get(chapter, [])
        passed = sum(status.get(i) == "correct" for i in mine)
        out.append([student, chapter or "?", problem or f"{passed} / {len(mine)}",
                    *[MARKS[status.get(i)] if i in mine else "" for i in columns]])
    for student in result["missing"]:
        out.append([student, "", "no notebook", *[""] * len(columns)])
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="classroom-progress",
        description="Which exercises each student has passed so far, read from the saved "
                    "outputs of their check cells (nothing is run). Also python -m "
                    "classroom.grade.progress.")
    p.add_argument("folder", metavar="FOLDER", type=Path)
    p.add_argument("--chapter", metavar="NN")
    p.add_argument("--roster", metavar="FILE", type=Path)
    p.add_argument("--csv", metavar="FILE", type=Path, help="also write the table as CSV")
    args = p.parse_args(argv)
    if not args.folder.is_dir():
        print(f"error: {args.folder} is not a folder", file=sys.stderr)
        return 2
    chapter = f"{int(args.chapter):02d}" if args.chapter and args.chapter.isdigit() else \
        args.chapter
    try:
        result = scan(args.folder, chapter, args.roster)
    except rosters.RosterError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    rows = table(result)
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())
    print("✔ correct  ✘ incorrect  ○ not attempted  · not checked yet (as last saved)")
    for item in result["unmatched"]:
        print(f"not on the roster: {item['path']}: {item['reason']}")
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
