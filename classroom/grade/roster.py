"""``--roster FILE``: which student each submission belongs to, and who submitted nothing.

Without a roster a student id is made from the file's path (``dave/11_deep_networks.ipynb``
-> ``dave__11_deep_networks``).  With one, each submission is matched to a roster row and
graded under its ``id``; files that match nobody are listed and not graded, and every
student without a submission gets a row ("no submission", 0 points).

The roster is a CSV file with a header.  Either our own columns::

    id,name,aliases,email
    dave,Dave Okafor,dokafor;d.okafor,dave@example.edu

(``id`` required; ``aliases`` separated by ``;``; ``email``'s part before ``@`` is an alias
too), or Canvas's gradebook export as it comes (``Student, ID, SIS User ID, SIS Login ID,
Section``; its "Points Possible" row is skipped): the id is the SIS Login ID (else the SIS
User ID, else Canvas's ID), and Canvas's numeric ID is an alias, so that files from
Canvas's "Download Submissions" (``okafordave_12345_678_11_deep.ipynb``) match.

A submission is matched by its *key*: the first folder under the submissions folder
(one folder per student) or, for a file at the top, its name.  The key matches a student
whose id or alias equals it, or equals one of its parts split at ``_ - . `` and spaces
(case is ignored).  A key that matches two students, or none, is not graded and is named
in the run's output; two notebooks for one student are an error (``--chapter NN`` picks
the one whose name starts with ``NN_``).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_PARTS = re.compile(r"[_\-. ]+")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


class RosterError(ValueError):
    """The roster cannot be used: the message names the file, the line and the problem."""


@dataclass
class Student:
    id: str
    name: str = ""
    aliases: tuple = ()
    canvas: dict = field(default_factory=dict)     # Canvas's columns, for its import file


@dataclass
class Roster:
    students: list
    path: Path
    canvas_format: bool = False

    def by_id(self) -> dict:
        return {s.id: s for s in self.students}

    def match(self, key: str) -> list:
        """The students ``key`` (a folder or file name) belongs to: usually one."""
        key = key.lower()
        names = {s.id: {s.id.lower(), *(a.lower() for a in s.aliases)} for s in self.students}
        exact = [s for s in self.students if key in names[s.id]]
        if exact:
            return exact
        parts = {p for p in _PARTS.split(key) if p}
        return [s for s in self.students if parts & names[s.id]]


def read(path: Path) -> Roster:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RosterError(f"roster {path}: no such file") from None
    except UnicodeDecodeError as err:
        raise RosterError(f"roster {path}: not UTF-8 text ({err.reason} at byte "
                          f"{err.start}); save it as CSV UTF-8") from None
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise RosterError(f"roster {path} is empty")
    header = [h.strip() for h in rows[0]]
    canvas = all(c in header for c in CANVAS_COLUMNS)
    if not canvas and "id" not in [h.lower() for h in header]:
        raise RosterError(f"roster {path}: the first line must name the columns, one of them "
                          f"`id` (or be Canvas's gradebook export: {', '.join(CANVAS_COLUMNS)}); "
                          f"it is {', '.join(header) or 'empty'}")
    students, seen = [], {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise RosterError(f"roster {path}, line {number}: {len(row)} fields, but the header "
                              f"names {len(header)} (a comma inside a name needs quotes)")
        cells = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}
        student = _canvas_student(cells) if canvas else _plain_student(cells)
        if student is None:                  # Canvas's "Points Possible" row
            continue
        if not SAFE_ID.match(student.id):
            raise RosterError(f"roster {path}, line {number}: the id {student.id!r} is empty or "
                              f"holds characters other than letters, digits, '.', '_' and '-' "
                              f"(ids name the feedback files)")
        if student.id.lower() in seen:
            raise RosterError(f"roster {path}, line {number}: the id {student.id!r} is already "
                              f"on line {seen[student.id.lower()]}")
        seen[student.id.lower()] = number
        students.append(student)
    if not students:
        raise RosterError(f"roster {path} lists no students")
    return Roster(students, path, canvas)


def _plain_student(cells: dict) -> Student:
    lower = {k.lower(): v for k, v in cells.items()}
    aliases = [a.strip() for a in lower.get("aliases", "").split(";") if a.strip()]
    if "@" in lower.get("email", ""):
        aliases.append(lower["email"].split("@")[0])
    return Student(lower["id"], lower.get("name", ""), tuple(aliases))


def _canvas_student(cells: dict) -> Student | None:
    if cells["Student"].strip().lower() == "points possible" or not (
            cells["ID"] or cells["SIS User ID"] or cells["SIS Login ID"]):
        return None
    ident = cells["SIS Login ID"] or cells["SIS User ID"] or cells["ID"]
    aliases = tuple(a for a in (cells["ID"], cells["SIS User ID"], cells["SIS Login ID"])
                    if a and a != ident)
    return Student(ident, cells["Student"], aliases,
                   {c: cells[c] for c in CANVAS_COLUMNS})


# -- matching a folder of submissions -------------------------------------------------------------
@dataclass
class Matched:
    entries: list            # (path, student id, relpath), as the grader's entries
    unmatched: list          # {"path", "reason"}: files not graded
    missing: list            # Student: no submission


def key_of(relpath: str) -> str:
    parts = Path(relpath).parts
    if len(parts) > 1:
        return parts[0]
    name = parts[0]
    for suffix in (".ipynb.json", ".ipynb"):
        if name.lower().endswith(suffix):
            return name[:-len(suffix)]
    return name


def assign(roster: Roster, entries: list, chapter: str | None = None) -> Matched:
    """Give each of ``entries`` (path, id made from the path, relpath) its roster id.

    Raises :class:`RosterError` when one student has several notebooks (that ``--chapter``
    does not narrow to one): which to grade is the instructor's decision."""
    found, unmatched = {}, []
    for path, _, relpath in entries:
        students = roster.match(key_of(relpath))
        if len(students) == 1:
            found.setdefault(students[0].id, []).append((path, relpath))
        elif students:
            unmatched.append({"path": relpath, "reason": "matches more than one student on the "
                              f"roster ({', '.join(s.id for s in students)})"})
        else:
            unmatched.append({"path": relpath, "reason": "matches no student on the roster"})
    out, doubles = [], []
    for student in roster.students:
        files = found.get(student.id, [])
        if len(files) > 1 and chapter:
            files = [f for f in files if Path(f[1]).name.startswith(f"{chapter}_")] or files
        if len(files) > 1:
            doubles.append(f"{student.id}: {', '.join(sorted(r for _, r in files))}")
        elif files:
            out.append((files[0][0], student.id, files[0][1]))
    if doubles:
        raise RosterError("several notebooks for one student (keep one, or give --chapter NN "
                          "to grade the one named NN_*):\n  " + "\n  ".join(doubles))
    missing = [s for s in roster.students if s.id not in found]
    return Matched(out, unmatched, missing)
