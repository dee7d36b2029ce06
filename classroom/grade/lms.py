"""What a learning management system imports: Canvas's gradebook CSV and plain ``id,points``.

Both are written into every results set (``canvas.csv`` only with ``--roster``, whose
Canvas columns it needs) and hold the points that count: the autograded points, less any
late penalty (:mod:`.late`).  ``gradebook.csv`` keeps the raw score beside them.

* ``points.csv``: ``id,points``, one row per student: Moodle's grade import ("CSV file",
  matched on an identifier column), Blackboard's offline grade upload and most others
  take it after choosing the two columns.
* ``canvas.csv``: the columns of Canvas's own gradebook export (``Student, ID, SIS User
  ID, SIS Login ID, Section``), a "Points Possible" row as Canvas writes it, and one
  assignment column (``--assignment NAME``; a name that is not in the course yet makes
  Canvas create the assignment).  Canvas matches rows on its ``ID`` or the SIS ids, so
  give the roster as Canvas exported it (see :mod:`.roster`).
"""

from __future__ import annotations

from .model import points_text
from .roster import CANVAS_COLUMNS


def points_rows(results: list) -> list:
    return [["id", "points"]] + [[r.student, points_text(r.final)] for r in results]


def canvas_rows(results: list, term: dict) -> list:
    """Canvas's import file, for the students of ``term["roster"]`` (as saved by the run)."""
    roster = term.get("roster") or []
    assignment = term.get("assignment") or "minigrad exercises"
    by_id = {r.student: r for r in results}
    possible = max((r.possible for r in results), default=0)
    rows = [[*CANVAS_COLUMNS, assignment],
            ["    Points Possible", "", "", "", "", points_text(possible)]]
    for student in roster:
        result = by_id.get(student["id"])
        canvas = student.get("canvas") or {"Student": student.get("name") or student["id"],
                                           "ID": "", "SIS User ID": "",
                                           "SIS Login ID": student["id"], "Section": ""}
        rows.append([canvas[c] for c in CANVAS_COLUMNS] +
                    [points_text(result.final) if result else ""])
    return rows
