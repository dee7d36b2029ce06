"""The class report (classroom.grade.classreport): on a generated class of a few hundred
chapter-2 submissions (tests/class_helpers.py), its numbers are those of the gradebook
written from the same run, it names what to reteach, and it holds nothing a browser would
fetch or run.  tests/browser/test_class_report_in_browser.py opens it in Chromium."""

import csv
import json
import re
from collections import Counter

import pytest

from class_helpers import COPIERS, DEALT, SOURCES, generated_class
from classroom.grade import classreport, report

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    run = generated_class()
    out = tmp_path_factory.mktemp("class") / "results"
    report.write_results(run, out)
    return run, out


def _gradebook(out) -> list:
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _class_csv(out) -> list:
    with open(out / "class_report.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _from_gradebook(rows: list, exercise: str) -> dict:
    """Passed, failed and not tried for one exercise, read from the gradebook alone: points
    for the passed, the notes for the rest."""
    out = Counter()
    for row in rows:
        if row["status"] != "graded":
            out["not graded"] += 1
        elif float(row[exercise]) > 0:
            out["passed"] += 1
        elif re.search(rf"(^|; ){re.escape(exercise)}: (incorrect|error):", row["notes"]):
            out["failed"] += 1
        else:
            out["not tried"] += 1
    return out


def test_a_few_hundred_mixed_submissions(written):
    run, _ = written
    assert len(run.results) >= 200
    statuses = Counter(er.status for r in run.results for er in r.exercises)
    assert {"correct", "incorrect", "not attempted", "missing"} <= set(statuses), statuses
    assert sum(1 for r in run.results if r.problem) >= 2
    named = {er.mistake for r in run.results for er in r.exercises if er.mistake}
    assert len(named) >= 5, named


def test_per_exercise_counts_match_the_gradebook(written):
    _, out = written
    rows = _gradebook(out)
    table = {(r["exercise"], r["item"]): int(r["count"]) for r in _class_csv(out)
             if r["section"] == "exercise" and r["item"] in ("passed", "failed", "not tried",
                                                             "not graded")}
    exercises = [c for c in rows[0] if re.fullmatch(r"\d\d\.\w+", c)]
    assert len(exercises) == 5
    for exercise in exercises:
        expected = _from_gradebook(rows, exercise)
        for item in ("passed", "failed", "not tried", "not graded"):
            assert table[(exercise, item)] == expected[item], (exercise, item, expected)
        assert sum(expected.values()) == len(rows)


def test_totals_and_who_needs_help_match_the_gradebook(written):
    run, out = written
    rows = _gradebook(out)
    csv_rows = _class_csv(out)
    totals = Counter(r["total"] for r in rows if r["status"] == "graded")
    assert {r["item"]: int(r["count"]) for r in csv_rows if r["section"] == "total"} == totals
    exercises = [c for c in rows[0] if re.fullmatch(r"\d\d\.\w+", c)]
    known = {r.student: [er for er in r.exercises if er.mistake] for r in run.results}
    expected = set()
    for row in rows:
        missed = sum(1 for e in exercises if float(row[e]) == 0)
        if row["status"] != "graded" or missed >= 3 or len(known[row["student"]]) >= 2:
            expected.add(row["student"])
    helped = {r["item"] for r in csv_rows if r["section"] == "needs help"}
    assert helped == expected
    assert 0 < len(helped) < len(rows)


def test_mistake_counts_match_every_message_in_the_summary(written):
    _, out = written
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    counted = Counter()
    for result in summary["results"]:
        if result["problem"]:
            continue
        for er in result["exercises"]:
            if er["status"] in ("incorrect", "error"):
                counted[(er["id"], er["mistake"] or "")] += 1
    listed = {(r["exercise"], r["item"]): int(r["count"]) for r in _class_csv(out)
              if r["section"] == "mistake"}
    assert sum(listed.values()) == sum(counted.values())
    for (exercise, mistake), count in counted.items():
        if mistake:
            assert listed[(exercise, mistake)] == count, (exercise, mistake)
    for row in _class_csv(out):
        if row["section"] == "mistake":
            assert row["detail"] and "student" not in row["detail"]   # an anonymised example


def test_the_report_says_what_to_reteach_first(written):
    run, out = written
    numbers = classreport.analyse(run.results, run.similarity)
    worst = max((e for e in numbers["exercises"] if e["passed"] + e["failed"]),
                key=lambda e: (e["fail_share"], e["failed"]))
    page = (out / "report.html").read_text(encoding="utf-8")
    reteach = page.split("<h2 id='reteach'>")[1].split("<h2")[0]
    assert reteach.index(worst["id"]) == min(reteach.index(e["id"]) for e in
                                             numbers["reteach"])
    assert worst["top_mistake"] in reteach.replace("&#x27;", "'")


def test_shared_answers_are_groups_and_every_group_is_one_shared_answer(written):
    """The generated class deals the same attempt to many students, and six students hand
    in one answer with small edits: each group found is students who handed in one answer
    (no false group), the six are found, and the worked solution is one group."""
    import difflib

    run, out = written
    groups = [g for g in run.similarity["groups"] if not g["worked_solution"]]
    for group in groups:
        dealt = sorted({DEALT.get((s, group["exercise"])) for s in group["students"]})
        assert "solution" not in dealt, group
        for a, b in zip(dealt, dealt[1:]):          # two answers in one group: near-copies,
            words = [re.findall(r"\w+|[^\w\s]", SOURCES[x]) for x in (a, b)]  # by eye too
            assert difflib.SequenceMatcher(None, *words).ratio() > 0.6, (a, b)
    shared = [g for g in groups if g["exercise"] == "02.count_visits" and
              set(COPIERS) <= set(g["students"])]
    assert shared, groups
    worked = [g for g in run.similarity["groups"] if g["worked_solution"]]
    assert len({g["exercise"] for g in worked}) == len(worked)      # one per exercise
    page = (out / "report.html").read_text(encoding="utf-8")
    assert ", ".join(shared[0]["students"]) in page


def test_the_report_is_one_self_contained_page(written):
    _, out = written
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<script" not in page.lower()
    assert page.count("<svg") == 3                          # three plots, inline
    for found in re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)""", page):
        assert found.startswith("#"), found                 # nothing to fetch


def test_names_in_the_report_are_escaped():
    from classroom.grade.model import ExerciseResult, SubmissionResult

    er = ExerciseResult(id="02.add", title="add", max_points=1.0, status="incorrect",
                        message="wrong <b>values</b> for `a`", mistake="<img src=x>")
    result = SubmissionResult(student="<i>eve</i>", relpath="<i>eve</i>.ipynb", chapter="02",
                              exercises=[er, er])
    page = classreport.html(classreport.analyse([result]))
    assert "<i>eve" not in page and "<img" not in page and "<b>values" not in page
    assert "&lt;i&gt;eve&lt;/i&gt;" in page
