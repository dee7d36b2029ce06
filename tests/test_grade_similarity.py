"""Shared answers (classroom.grade.similarity): groups, not pairs; near-copies that survive
renaming and small edits; and no flood from the worked solution, short answers, or
honest answers written the usual way."""

from pathlib import Path

from classroom.grade import similarity
from classroom.grade.model import ExerciseResult, SubmissionResult

ATTEMPTS = Path(__file__).resolve().parent / "exercise_attempts" / "ch02"

WALK = '''def count_visits(root):
    order = mg.topological_order(root)
    ways = {id(root): 1}
    total = 0
    for node in order:
        here = ways.get(id(node), 0)
        total += here
        for parent in node.parents:
            ways[id(parent)] = ways.get(id(parent), 0) + here
    return total
'''
EDITED = '''def count_visits(start):
    # my version
    nodes = mg.topological_order(start)
    paths = {id(start): 1}
    visits = 0
    for n in nodes:
        k = paths.get(id(n), 0)
        visits += k
        if k == 0:
            continue
        for p in n.parents:
            paths[id(p)] = paths.get(id(p), 0) + k
    return visits
'''
QUEUE = '''def count_visits(root):
    from collections import deque
    pending = deque([root])
    visits = 0
    while pending:
        node = pending.popleft()
        visits += 1
        pending.extend(node.parents)
    return visits
'''


def result(student: str, answers: dict) -> SubmissionResult:
    ers = [ExerciseResult(id=i, title=i, max_points=1.0, status="incorrect") for i in answers]
    return SubmissionResult(student=student, relpath=f"{student}.ipynb", chapter="02",
                            exercises=ers, fingerprints={i: similarity.fingerprint(code)
                                                         for i, code in answers.items()})


def test_a_copy_with_renamed_variables_and_an_added_line_is_a_near_copy():
    found = similarity.find([result("ann", {"02.count_visits": WALK}),
                             result("ben", {"02.count_visits": EDITED}),
                             result("cat", {"02.count_visits": QUEUE})])
    assert [g["students"] for g in found["groups"]] == [["ann", "ben"]]
    assert found["groups"][0]["how"] == "near-copies"
    assert found["pairs"] == [{"students": ["ann", "ben"],
                               "exercises": {"02.count_visits": "near-copies"}}]


def test_ten_students_sharing_an_answer_are_one_group_not_forty_five_pairs():
    results = [result(f"s{n}", {"02.count_visits": EDITED.replace("visits", f"v{n}")})
               for n in range(10)]
    found = similarity.find(results + [result("other", {"02.count_visits": QUEUE})])
    assert len(found["groups"]) == 1 and len(found["groups"][0]["students"]) == 10
    assert similarity.csv_rows(found)[1][3] == 10              # one row says so


def test_the_worked_solution_and_short_answers_flood_nothing():
    short = "def neg(a):\n    return record(-a.data, (a,), lambda g: (-g,), 'neg')\n"
    results = [result(f"s{n}", {"02.count_visits": WALK, "02.neg": short}) for n in range(6)]
    found = similarity.find(results, {"02.count_visits": similarity.fingerprint(WALK)})
    assert found["pairs"] == []
    assert [(g["exercise"], g["how"], len(g["students"])) for g in found["groups"]] == [
        ("02.count_visits", "like the worked solution", 6)]


def test_honest_answers_in_different_styles_are_not_flagged():
    """The attempt corpus's correct answers to an exercise, written independently from the
    exercise text: none is a near-copy of another."""
    results = []
    for path in sorted(ATTEMPTS.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "# expect: correct" in source:
            exercise = source.split()[2]
            results.append(result(path.stem, {exercise: source}))
    assert len(results) >= 8
    found = similarity.find(results)
    assert found["groups"] == [], found["groups"]
