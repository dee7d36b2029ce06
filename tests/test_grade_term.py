"""The class around the grader: a roster, a due time with a late policy and extensions, and
the files an LMS imports (Canvas's gradebook CSV, ``id,points``).  Totals are checked
against numbers worked out by hand in the comments."""

import csv
import io
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from classroom.grade import late, lms, report, roster
from classroom.grade.model import ExerciseResult, SubmissionResult

ROOT = Path(__file__).resolve().parents[1]
SOLVED = ROOT / "solutions" / "02_add_neg.ipynb"          # 7 / 7
BLANK = ROOT / "exercises" / "02_add_neg.ipynb"           # 0 / 7
UTC = timezone.utc
DUE = datetime(2027, 3, 1, 23, 59, tzinfo=UTC)
CANVAS_HEADER = "Student,ID,SIS User ID,SIS Login ID,Section\n"


# -- the roster ------------------------------------------------------------------------------
def _roster(tmp_path, text, name="roster.csv"):
    path = tmp_path / name
    path.write_text(text)
    return roster.read(path)


def test_a_plain_roster_matches_folders_files_and_aliases(tmp_path):
    listed = _roster(tmp_path, "id,name,aliases,email\n"
                               "dave,Dave Okafor,dokafor,dave.o@example.edu\n"
                               "ann,Ann Lee,,\n"
                               "annabel,Annabel Wu,,\n")
    entries = [(Path(p), "ignored", p) for p in (
        "dave/11_deep_networks.ipynb",          # one folder per student
        "ann_11_deep_networks.ipynb",           # a part of the file name
        "dave.o.ipynb",                         # the e-mail's name... but also "dave": 2 files
        "annabel.ipynb",                        # exact beats a part ("ann" is not in it)
        "11_deep_networks.ipynb",               # nobody
    )]
    with pytest.raises(roster.RosterError, match=r"dave: dave.o.ipynb, dave/11_deep"):
        roster.assign(listed, entries)
    matched = roster.assign(listed, entries[:2] + entries[3:])
    assert [(e[1], e[2]) for e in matched.entries] == [
        ("dave", "dave/11_deep_networks.ipynb"), ("ann", "ann_11_deep_networks.ipynb"),
        ("annabel", "annabel.ipynb")]
    assert matched.unmatched == [{"path": "11_deep_networks.ipynb",
                                  "reason": "matches no student on the roster"}]
    assert matched.missing == []


def test_chapter_picks_one_of_a_students_notebooks_and_ambiguity_is_reported(tmp_path):
    listed = _roster(tmp_path, "id\nann\nbo\n")
    entries = [(Path(p), "x", p) for p in ("ann/10_designs.ipynb", "ann/11_deep.ipynb",
                                           "ann_bo_pair.ipynb")]
    matched = roster.assign(listed, entries, chapter="11")
    assert [e[2] for e in matched.entries] == ["ann/11_deep.ipynb"]
    assert matched.unmatched[0]["reason"] == "matches more than one student on the roster (ann, bo)"
    assert [s.id for s in matched.missing] == ["bo"]


def test_canvas_export_is_a_roster_and_its_download_names_match(tmp_path):
    listed = _roster(tmp_path, CANVAS_HEADER +
                     '"    Points Possible",,,,\n'
                     '"Okafor, Dave",4411,S0099,dokafor,CS 1 A\n')
    assert listed.canvas_format and [s.id for s in listed.students] == ["dokafor"]
    matched = roster.assign(listed, [(Path("x"), "x", "okafordave_4411_90812_11_deep.ipynb")])
    assert [e[1] for e in matched.entries] == ["dokafor"]


@pytest.mark.parametrize("text, message", [
    ("name\nDave\n", "must name the columns, one of them `id`"),
    ("id\ndave\nDave\n", "line 3: the id 'Dave' is already on line 2"),
    ("id\ndave smith\n", "holds characters other than"),
    ("id,name\ndave,Okafor, Dave\n", "line 2: 3 fields, but the header names 2"),
    ("id\n\n", "lists no students"),
    ("", "is empty"),
])
def test_a_bad_roster_is_refused_with_the_line_and_the_problem(tmp_path, text, message):
    with pytest.raises(roster.RosterError, match=message.replace("(", r"\(")):
        _roster(tmp_path, text)


# -- the late policy -----------------------------------------------------------------------------
def test_policies_are_read_and_malformed_ones_named():
    policy = late.parse_policy("10%/day, grace 15m, cut-off 5d")
    assert (policy.per_day, policy.grace, policy.cutoff) == (10.0, timedelta(minutes=15),
                                                             timedelta(days=5))
    assert late.parse_policy("2.5% per day").per_day == 2.5
    for bad, says in [("10%/week", "cannot read '10%/week'"), ("grace soon", "'soon' is not a "
                      "duration"), ("10%/day, 5%/day", "gives per day twice"),
                      ("150%/day", "from 0 to 100"), ("", "is empty"),
                      ("grace 2d, cutoff 1d", "cut-off comes before the grace"),
                      ("10%/day,,grace 1h", "empty part")]:
        with pytest.raises(late.PolicyError, match=says):
            late.parse_policy(bad)
    with pytest.raises(late.PolicyError, match="2027-03-01T23:59"):
        late.parse_time("1 March", "--due")


@pytest.mark.parametrize("after, raw, days, penalty", [
    (timedelta(minutes=-5), 7, 0, 0.0),     # early
    (timedelta(minutes=10), 7, 0, 0.0),     # within the 15-minute grace
    (timedelta(minutes=16), 7, 1, 0.7),     # past grace: day 1 counts from the due time; 10% of 7
    (timedelta(hours=25), 7, 2, 1.4),       # a day and an hour: 2 days, 2 * 0.7
    (timedelta(hours=25), 1, 2, 1.0),       # never below 0: 1 point, 1.4 off -> 1 off
    (timedelta(days=5), 7, 5, 3.5),         # exactly at the cut-off: still counted, 5 * 0.7
    (timedelta(days=5, seconds=1), 7, 6, 7.0),   # past it: everything
])
def test_lateness_and_penalty_by_hand(after, raw, days, penalty):
    policy = late.parse_policy("10%/day, grace 15m, cutoff 5d")
    got = late.assess(DUE + after, DUE, policy, raw, 7)
    assert (got["days"], got["penalty"]) == (days, pytest.approx(penalty))


def test_extensions_by_date_or_days_and_their_mistakes(tmp_path):
    path = tmp_path / "ext.csv"
    path.write_text("student,due,days\nann,2027-03-03T12:00+00:00,\nbo,,2\n")
    got = late.read_extensions(path, DUE, {"ann", "bo", "cy"})
    assert got == {"ann": datetime(2027, 3, 3, 12, tzinfo=UTC), "bo": DUE + timedelta(days=2)}
    for text, says in [("student,days\nzed,1\n", "'zed' is not a student of this run"),
                       ("student,days\nann,two\n", "days must be a number"),
                       ("student,days\nann,1\nann,2\n", "a second extension for ann"),
                       ("student,due\nann,2027-02-01T00:00+00:00\n", "ends before the due"),
                       ("name,days\nann,1\n", "must name the columns student and due or days")]:
        path.write_text(text)
        with pytest.raises(late.PolicyError, match=says):
            late.read_extensions(path, DUE, {"ann", "bo"})


# -- the gradebook and the exports --------------------------------------------------------------
def _result(student, points, late_info=None, relpath="x.ipynb"):
    exercises = [ExerciseResult(id=f"02.e{i}", title="t", max_points=2.0, status="correct",
                                points=p) for i, p in enumerate(points)]
    return SubmissionResult(student=student, relpath=relpath, chapter="02",
                            exercises=exercises, late=late_info)


def _read(rows):
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return list(csv.DictReader(io.StringIO(buffer.getvalue())))


def test_gradebook_keeps_the_raw_score_beside_the_total_and_exports_what_counts():
    results = [_result("ann", [2, 2, 1], {"due": "d", "days": 2, "penalty": 1.2, "note": "2 days late"}),
               _result("bo", [2, 0, 0], {"due": "d", "days": 0, "penalty": 0.0, "note": ""}),
               _result("cy", [0, 0, 0], {"due": "d", "days": "", "penalty": 0.0, "note": ""}, "")]
    book = _read(report.gradebook_rows(results))
    # ann: 2 + 2 + 1 = 5 raw, 1.2 off -> 3.8; bo: 2, on time; cy: no submission
    assert [(r["student"], r["total"], r["raw_total"], r["late_penalty"], r["status"])
            for r in book] == [("ann", "3.8", "5", "1.2", "graded"), ("bo", "2", "2", "0", "graded"),
                               ("cy", "0", "0", "0", "no submission")]
    assert "2 days late" in book[0]["notes"]
    assert lms.points_rows(results) == [["id", "points"], ["ann", "3.8"], ["bo", "2"], ["cy", "0"]]
    term = {"assignment": "Chapter 2 (812)",
            "roster": [{"id": "ann", "name": "Ann", "canvas": {"Student": "Lee, Ann", "ID": "7",
                        "SIS User ID": "S7", "SIS Login ID": "ann", "Section": "A"}},
                       {"id": "dee", "name": "Dee", "canvas": {}}]}
    term["roster"][1]["canvas"] = None
    canvas = lms.canvas_rows(results, term)
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Chapter 2 (812)"]
    assert canvas[1] == ["    Points Possible", "", "", "", "", "6"]
    assert canvas[2] == ["Lee, Ann", "7", "S7", "ann", "A", "3.8"]
    assert canvas[3] == ["Dee", "", "", "dee", "", ""]       # on the roster, not graded here


def test_notes_are_not_cut_in_the_middle_of_a_word():
    message = ("the gradient of `x` has the right shape (3, 4) but wrong values: " * 6).strip()
    er = ExerciseResult(id="02.add", title="t", max_points=1, status="incorrect",
                        message=message)
    row = _read(report.gradebook_rows([SubmissionResult("ann", "a.ipynb", "02", [er])]))[0]
    note = row["notes"].split(": ", 2)[2]
    assert note.endswith("…") and len(note) <= 200
    assert message.startswith(note[:-1]) and message[len(note) - 1] == " "
    assert report.shorten("short") == "short"
    assert report.shorten("x" * 300, 50) == "x" * 49 + "…"      # one long word: cut it


# -- the whole thing, through the command ------------------------------------------------------
def _grade(*args):
    return subprocess.run([sys.executable, "-m", "classroom.grade", *map(str, args)],
                          capture_output=True, text=True, timeout=600)


def _at(path: Path, when: datetime) -> None:
    os.utime(path, (when.timestamp(), when.timestamp()))


@pytest.fixture(scope="module")
def term_folder(tmp_path_factory):
    base = tmp_path_factory.mktemp("term")
    subs = base / "subs"
    (subs / "carol").mkdir(parents=True)
    files = {"alice.ipynb": (SOLVED, timedelta(hours=-3)),             # on time
             "smithbob_1002_77_02_add_neg.ipynb": (SOLVED, timedelta(hours=25)),  # Canvas name
             "carol/02_add_neg.ipynb": (SOLVED, timedelta(minutes=10)),   # in grace
             "dave.ipynb": (SOLVED, timedelta(days=3)),              # extension of 4 days
             "erin.ipynb": (SOLVED, timedelta(days=6)),              # past the cut-off
             "gina.ipynb": (BLANK, timedelta(days=1)),               # late, and 0 anyway
             "zed.ipynb": (SOLVED, timedelta(0))}                    # not on the roster
    for name, (source, after) in files.items():
        shutil.copy(source, subs / name)
        _at(subs / name, DUE + after)
    (base / "roster.csv").write_text(
        CANVAS_HEADER + '"    Points Possible",,,,\n' + "".join(
            f'"{name.title()}, X",{1000 + i},S{i},{name},CS 1\n'
            for i, name in enumerate(["alice", "bob", "carol", "dave", "erin", "frank", "gina"],
                                     start=1)))
    (base / "ext.csv").write_text("student,days\ndave,4\n")
    return base


@pytest.fixture(scope="module")
def graded(term_folder):
    base = term_folder
    out = base / "results"
    proc = _grade(base / "subs", "--out", out, "--chapter", "2", "--jobs", "2",
                  "--roster", base / "roster.csv", "--due", DUE.isoformat(),
                  "--late-policy", "10%/day, grace 15m, cutoff 5d",
                  "--extensions", base / "ext.csv", "--assignment", "Chapter 2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, proc


def test_a_term_run_grades_under_roster_ids_with_the_late_policy(graded):
    out, proc = graded
    assert "not a submission: zed.ipynb: matches no student on the roster" in proc.stdout
    assert "no submission: frank (a row with 0 points)" in proc.stdout
    with open(out / "gradebook.csv", newline="") as handle:
        book = {r["student"]: r for r in csv.DictReader(handle)}
    # raw 7 for every solved notebook; 10% of 7 = 0.7 a day
    want = {"alice": ("7", "7", "0", "0"),
            "bob": ("5.6", "7", "1.4", "2"),      # 25 h late: 2 days
            "carol": ("7", "7", "0", "0"),        # 10 min, in grace
            "dave": ("7", "7", "0", "0"),         # 3 days late, 4 days' extension
            "erin": ("0", "7", "7", "6"),         # 6 days: past the 5-day cut-off
            "frank": ("0", "0", "0", ""),         # no submission
            "gina": ("0", "0", "0", "1")}         # 1 day late, nothing to take off
    assert {s: (r["total"], r["raw_total"], r["late_penalty"], r["days_late"])
            for s, r in book.items()} == want
    assert book["frank"]["status"] == "no submission" and book["frank"]["max"] == "7"
    assert book["dave"]["due"].startswith("2027-03-05T23:59")
    assert book["bob"]["file"] == "smithbob_1002_77_02_add_neg.ipynb"
    with open(out / "points.csv", newline="") as handle:
        assert {r["id"]: r["points"] for r in csv.DictReader(handle)} == {
            s: w[0] for s, w in want.items()}
    with open(out / "canvas.csv", newline="") as handle:
        canvas = list(csv.reader(handle))
    assert canvas[0][-1] == "Chapter 2" and canvas[1][-1] == "7"
    assert canvas[3] == ["Bob, X", "1002", "S2", "bob", "CS 1", "5.6"]
    assert (out / "feedback" / "frank.md").is_file()
    feedback = (out / "feedback" / "bob.md").read_text()
    assert "Late: 2 days late" in feedback          # hidden checks withheld: the penalty's
    assert "1.4" not in feedback                    # size would tell, so it is not shown


@pytest.mark.parametrize("extra, says", [
    (["--late-policy", "10% a day"], "cannot read '10% a day'"),
    (["--due", "tomorrow"], "--due: 'tomorrow' is not a date and time"),
    (["--roster", "missing.csv"], "no such file"),
    (["--extensions", "bad-ext.csv"], "'mallory' is not a student of this run"),
])
def test_wrong_input_is_refused_before_grading_and_loses_nothing(term_folder, tmp_path,
                                                                extra, says):
    base = term_folder
    (base / "bad-ext.csv").write_text("student,days\nmallory,3\n")
    out = tmp_path / "results"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    args = ["--roster", base / "roster.csv", "--due", DUE.isoformat()]
    for i in range(0, len(extra), 2):                       # the bad one replaces the good
        if extra[i] in args:
            args[args.index(extra[i]) + 1] = base / extra[i + 1] if "csv" in extra[i + 1] \
                else extra[i + 1]
        else:
            args += [extra[i], base / extra[i + 1] if "csv" in extra[i + 1] else extra[i + 1]]
    proc = _grade(base / "subs", "--out", out, "--chapter", "2", *args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert says in proc.stderr
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]


# -- written answers: the rubric sheet, merged back; feedback handed back ---------------------
def _book(out):
    with open(out / "gradebook.csv", newline="") as handle:
        return {r["student"]: r for r in csv.DictReader(handle)}


def _sheet(out):
    with open(out / "rubric.csv", newline="") as handle:
        return list(csv.reader(handle))


def _scored(rows, scores, path):
    """The sheet with ``scores`` ({student: (points, comment)}) filled in, saved to ``path``."""
    for row in rows[1:]:
        if row[0] in scores:
            row[3], row[4] = scores[row[0]]
    with open(path, "w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


SCORES = {"alice": ("2", "clear and complete"), "bob": ("1.5", ""), "carol": ("0", ""),
          "dave": ("2", ""), "erin": ("2", ""), "gina": ("1", "say why the sum is needed")}


def test_written_answers_are_scored_on_a_sheet_and_merged_into_the_grades(graded, tmp_path):
    out = tmp_path / "results"
    shutil.copytree(graded[0], out, symlinks=True)
    rows = _sheet(out)
    assert rows[0] == ["student", "question", "max", "points", "comment", "answer"]
    assert sorted(r[0] for r in rows[1:]) == sorted(SCORES)      # frank handed in nothing
    assert {r[1] for r in rows[1:]} == {"02.written1"} and {r[2] for r in rows[1:]} == {"2"}
    gina = next(r for r in rows if r[0] == "gina")
    assert gina[5] == "(not answered)" and gina[3] == ""          # the untouched exercise
    assert "In your own words" not in next(r for r in rows if r[0] == "alice")[5]
    done = subprocess.run([sys.executable, "-m", "classroom.grade.rubric_merge", str(out),
                           str(_scored(rows, SCORES, tmp_path / "scored.csv"))],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    book = _book(out)
    # possible 7 + 2 = 9, so 10% a day is 0.9
    want = {"alice": ("9", "9", "0"),          # 7 + 2, on time
            "bob": ("6.7", "8.5", "1.8"),      # 7 + 1.5, 2 days late: 8.5 - 1.8
            "carol": ("7", "7", "0"),          # 7 + 0
            "dave": ("9", "9", "0"),           # extension
            "erin": ("0", "9", "9"),           # past the cut-off
            "frank": ("0", "0", "0"),          # no submission: 0 of 9
            "gina": ("0.1", "1", "0.9")}       # 0 + 1, 1 day late: 1 - 0.9
    assert {s: (r["total"], r["raw_total"], r["late_penalty"]) for s, r in book.items()} == want
    assert {r["max"] for r in book.values()} == {"9"} and book["bob"]["02.written1"] == "1.5"
    with open(out / "canvas.csv", newline="") as handle:
        canvas = list(csv.reader(handle))
    assert canvas[1][-1] == "9" and canvas[3][-1] == "6.7"
    feedback = (out / "feedback" / "gina.md").read_text()
    assert "1 / 2" in feedback and "say why the sum is needed" in feedback
    assert _sheet(out)[1][3] != ""                   # the set's sheet keeps the scores

    # handing it back: hidden checks withheld, then revealed
    back = tmp_path / "back"
    assert subprocess.run([sys.executable, "-m", "classroom.grade.handback", str(out), "--out",
                           str(back)], capture_output=True, timeout=300).returncode == 0
    with open(back / "index.csv", newline="") as handle:
        index = {r["student"]: r for r in csv.DictReader(handle)}
    assert index["bob"]["points"] == "released with the grades" and index["bob"]["possible"] == "9"
    assert "clear and complete" in (back / "alice" / "feedback.html").read_text()
    final = tmp_path / "final"
    assert subprocess.run([sys.executable, "-m", "classroom.grade.handback", str(out), "--out",
                           str(final), "--reveal-hidden"], timeout=300).returncode == 0
    with open(final / "index.csv", newline="") as handle:
        assert {r["student"]: r["points"] for r in csv.DictReader(handle)} == {
            s: w[0] for s, w in want.items()}
    again = subprocess.run([sys.executable, "-m", "classroom.grade.handback", str(out), "--out",
                            str(final)], capture_output=True, text=True, timeout=300)
    assert again.returncode == 2 and "not empty" in again.stderr


def test_a_badly_edited_sheet_is_refused_whole_and_changes_nothing(graded, tmp_path):
    out = tmp_path / "results"
    shutil.copytree(graded[0], out, symlinks=True)
    before = (out / "gradebook.csv").read_bytes()
    rows = _sheet(out)
    header, body = rows[0], rows[1:]
    scores = dict(SCORES, bob=("two", ""), carol=("3", ""), dave=("", ""))
    _scored([header] + body, scores, tmp_path / "s.csv")
    rows = list(csv.reader(open(tmp_path / "s.csv", newline="")))
    rows = [r for r in rows if r[0] != "gina"]                     # a row deleted
    erin = next(r for r in rows if r[0] == "erin")
    erin[2] = "5"                                                  # max changed on one row
    rows.append(["mallory", "02.written1", "2", "1", "", ""])      # not in the results
    rows.append(list(next(r for r in rows if r[0] == "alice")))    # alice twice
    with open(tmp_path / "bad.csv", "w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    done = subprocess.run([sys.executable, "-m", "classroom.grade.rubric_merge", str(out),
                           str(tmp_path / "bad.csv")], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 2
    for says in ["points 'two' for bob is not a number", "3 points for carol 02.written1, "
                 "outside 0..2", "no points for dave", "max 5 for 02.written1, but line",
                 "'mallory' is not in these results", "alice 02.written1 again",
                 "no row for gina 02.written1: was it deleted?", "nothing was merged"]:
        assert says in done.stderr, (says, done.stderr)
    assert (out / "gradebook.csv").read_bytes() == before
    with open(tmp_path / "noheader.csv", "w", newline="") as handle:
        csv.writer(handle).writerows(_sheet(out)[1:])
    done = subprocess.run([sys.executable, "-m", "classroom.grade.rubric_merge", str(out),
                           str(tmp_path / "noheader.csv")], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 2 and "header row" in done.stderr
    assert (out / "gradebook.csv").read_bytes() == before
