"""``--due``, ``--late-policy``, ``--extensions``: points off for late work, raw score kept.

``--due 2027-03-01T23:59`` is when the work is due (ISO 8601; without a UTC offset it is
the grading machine's local time, and the gradebook shows it with its offset).

``--late-policy "10%/day, grace 15m, cutoff 5d"``: comma-separated parts, each optional:

* ``N%/day``: N % of the exercise set's possible points off for each day or part of a day
  late (as Canvas's late policy counts: 1 hour late is 1 day), never below 0;
* ``grace D``: work handed in up to D after the due time is on time (``15m``, ``2h``,
  ``1d``); later work counts its days from the due time itself;
* ``cutoff D``: work handed in more than D after the due time gets 0 points.

Without ``--late-policy``, ``--due`` only records how late each submission was.

``--extensions FILE``: a CSV with a header ``student`` and ``due`` (a new due time) or
``days`` (days added to ``--due``): the policy then counts from the student's own due
time.  A student the run does not know is an error, before anything is graded.

When was a notebook handed in?  ``--submitted-times FILE`` (a CSV: ``student,submitted``,
as an LMS lists them) where given, else the notebook file's modification time (which a
hub's collection by copying with times kept, nbgrader's ``collect``, or unzipping an LMS
download preserves; a plain ``cp`` does not: then give the file).  The gradebook shows
the time used and where it came from.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

DAY = timedelta(days=1)
_DURATION = re.compile(r"^(\d+(?:\.\d+)?)\s*(m|min|mins|minutes?|h|hours?|d|days?)$")
_UNITS = {"m": 60, "h": 3600, "d": 86400}
EXAMPLE = '"10%/day, grace 15m, cutoff 5d"'


class PolicyError(ValueError):
    """A due time, late policy, extension or submission time that cannot be used."""


@dataclass(frozen=True)
class Policy:
    per_day: float = 0.0                 # percent of the possible points, per day late
    grace: timedelta = timedelta(0)
    cutoff: timedelta | None = None
    text: str = ""


def parse_duration(text: str, where: str) -> timedelta:
    match = _DURATION.match(text.strip().lower())
    if not match:
        raise PolicyError(f"{where}: {text.strip()!r} is not a duration: write it like 15m, "
                          f"2h or 3d")
    return timedelta(seconds=float(match[1]) * _UNITS[match[2][0]])


def parse_policy(text: str) -> Policy:
    """A :class:`Policy` from ``--late-policy``'s text; :class:`PolicyError` names the part
    it cannot read."""
    per_day, grace, cutoff = 0.0, timedelta(0), None
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise PolicyError(f"--late-policy is empty; write it like {EXAMPLE}")
    seen = set()
    for part in parts:
        low = part.lower()
        if not low:
            raise PolicyError(f"--late-policy {text!r}: an empty part between commas")
        percent = re.match(r"^(\d+(?:\.\d+)?)\s*%\s*(?:/|per)\s*day$", low)
        words = low.replace("cut-off", "cutoff").split(None, 1)
        if percent:
            kind, per_day = "per day", float(percent[1])
            if not 0 <= per_day <= 100:
                raise PolicyError(f"--late-policy: {part!r}: a percentage from 0 to 100")
        elif words[0] == "grace" and len(words) == 2:
            kind, grace = "grace", parse_duration(words[1], f"--late-policy {part!r}")
        elif words[0] == "cutoff" and len(words) == 2:
            kind, cutoff = "cutoff", parse_duration(words[1], f"--late-policy {part!r}")
        else:
            raise PolicyError(f"--late-policy: cannot read {part!r}; the parts are N%/day, "
                              f"grace DURATION and cutoff DURATION, e.g. {EXAMPLE}")
        if kind in seen:
            raise PolicyError(f"--late-policy {text!r} gives {kind} twice")
        seen.add(kind)
    if cutoff is not None and cutoff < grace:
        raise PolicyError(f"--late-policy {text!r}: the cut-off comes before the grace period "
                          f"ends")
    return Policy(per_day, grace, cutoff, text.strip())


def parse_time(text: str, where: str) -> datetime:
    """An ISO 8601 time; one without an offset is taken as this machine's local time."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise PolicyError(f"{where}: {text.strip()!r} is not a date and time; write it like "
                          f"2027-03-01T23:59 (or 2027-03-01T23:59+01:00)") from None
    return when if when.tzinfo else when.astimezone()


def _csv(path: Path, what: str, needed: tuple) -> list:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise PolicyError(f"{what} {path}: cannot read it ({err})") from None
    lines = text.splitlines()
    header = [h.strip().lower() for h in next(csv.reader(lines[:1]), [])]
    rows = list(csv.DictReader(lines, fieldnames=header))[1:]
    if "student" not in header or not any(n in header for n in needed):
        raise PolicyError(f"{what} {path}: the first line must name the columns student and "
                          f"{' or '.join(needed)}; it is {', '.join(header) or 'empty'}")
    return [(n, {k.strip().lower(): (v or "").strip() for k, v in row.items() if k})
            for n, row in enumerate(rows, start=2)]


def read_extensions(path: Path, due: datetime, known: set) -> dict:
    """``{student: due time}`` from an extensions file."""
    out = {}
    for number, row in _csv(path, "extensions file", ("due", "days")):
        where = f"extensions file {path}, line {number}"
        student = row.get("student", "")
        if student not in known:
            raise PolicyError(f"{where}: {student!r} is not a student of this run (ids as in "
                              f"the gradebook{' and the roster' if known else ''})")
        if student in out:
            raise PolicyError(f"{where}: a second extension for {student}")
        if row.get("due"):
            out[student] = parse_time(row["due"], where)
        elif row.get("days"):
            try:
                days = float(row["days"])
            except ValueError:
                raise PolicyError(f"{where}: days must be a number, got {row['days']!r}") from None
            out[student] = due + timedelta(days=days)
        else:
            raise PolicyError(f"{where}: neither a due time nor a number of days for {student}")
        if out[student] < due:
            raise PolicyError(f"{where}: the extension for {student} ends before the due time")
    return out


def read_submitted(path: Path, known: set) -> dict:
    """``{student: time handed in}`` from a ``student,submitted`` file."""
    out = {}
    for number, row in _csv(path, "submission times file", ("submitted",)):
        where = f"submission times file {path}, line {number}"
        if row.get("student") not in known:
            raise PolicyError(f"{where}: {row.get('student')!r} is not a student of this run")
        out[row["student"]] = parse_time(row.get("submitted", ""), where)
    return out


def file_time(path: Path) -> datetime:
    return datetime.fromtimestamp(Path(path).stat().st_mtime, timezone.utc).astimezone()


def assess(submitted: datetime, due: datetime, policy: Policy | None, raw: float,
           possible: float) -> dict:
    """How late, and the points off: ``{"days", "penalty", "note"}`` (days 0 when on time)."""
    late = submitted - due
    policy = policy or Policy()
    if late <= timedelta(0) or late <= policy.grace:
        return {"days": 0, "penalty": 0.0, "note": ""}
    days = math.ceil(late / DAY)
    if policy.cutoff is not None and late > policy.cutoff:
        return {"days": days, "penalty": raw, "note": f"handed in after the cut-off "
                                                      f"({_span(policy.cutoff)} after the due time): 0 points"}
    penalty = min(raw, round(days * policy.per_day / 100 * possible, 4))
    note = (f"{days} day{'s' if days != 1 else ''} late" +
            (f": {policy.per_day:g}% of {possible:g} points a day off" if policy.per_day else ""))
    return {"days": days, "penalty": penalty, "note": note}


def _span(delta: timedelta) -> str:
    seconds = delta.total_seconds()
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds / size:g}{unit}"
    return f"{seconds:g}s"
