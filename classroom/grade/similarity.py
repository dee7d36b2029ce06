"""Answers that look shared: the same code, or the same after renaming and reformatting.

For instructors to look at, never to mark down: the grader only reports it, in
``summary.json`` ("similarity") and ``similarity.csv``, one row per pair of submissions.

Each answer (the code of the cell that defines an exercise's function, as the probe saw
it) gets two fingerprints:

* ``exact``: the code with trailing spaces and blank lines removed;
* ``renamed``: its syntax tree with comments, docstrings and formatting gone and every
  name the code binds (functions, arguments, variables) renamed by order of appearance,
  so ``def add(a, b): out = a + b`` and ``def add(x, y):  total = x+y  # sum`` agree.

Short answers are left out (:data:`MIN_NODES` syntax-tree nodes): there are only so many
ways to write ``return -a``.  An answer shared by more than :data:`MAX_GROUP` submissions
is reported as a group, not as pairs: it is most likely the usual way to write it, and
often the worked solution that ``solution()`` shows (which is said where it is).
"""

from __future__ import annotations

import ast
import hashlib
import itertools

MIN_NODES = 40
MAX_GROUP = 8
HOW = {"exact": "identical", "renamed": "identical after renaming and reformatting"}


class _Names(ast.NodeVisitor):
    """Names the code binds, in order of appearance."""

    def __init__(self):
        self.order = []

    def _add(self, name):
        if name and name not in self.order:
            self.order.append(name)

    def visit_FunctionDef(self, node):
        self._add(node.name)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._add(node.name)
        self.generic_visit(node)

    def visit_arg(self, node):
        self._add(node.arg)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Store):
            self._add(node.id)

    def visit_ExceptHandler(self, node):
        self._add(node.name)
        self.generic_visit(node)

    def visit_alias(self, node):
        self._add(node.asname)


class _Rename(ast.NodeTransformer):
    def __init__(self, names: dict):
        self.names = names

    def _drop_docstring(self, node):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]

    def generic_visit(self, node):
        self._drop_docstring(node)
        for attribute in ("name", "id", "arg", "asname"):
            value = getattr(node, attribute, None)
            if isinstance(value, str) and value in self.names:
                setattr(node, attribute, self.names[value])
        return super().generic_visit(node)


def fingerprint(code: str) -> dict:
    """{"exact": hash, "renamed": hash, "nodes": size} of ``code``, or {} when it does not
    parse (the caller keeps the code small; see ``extract.PARSE_LIMIT``)."""
    try:
        tree = ast.parse(code)
        names = _Names()
        names.visit(tree)
        tree = _Rename({n: f"_{i}" for i, n in enumerate(names.order)}).visit(tree)
        renamed = ast.dump(tree, annotate_fields=False, include_attributes=False)
        nodes = sum(1 for _ in ast.walk(tree))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    text = "\n".join(line.rstrip() for line in code.strip().splitlines() if line.strip())
    digest = lambda s: hashlib.sha256(s.encode()).hexdigest()[:20]  # noqa: E731
    return {"exact": digest(text), "renamed": digest(renamed), "nodes": nodes}


def find(results: list, references: dict | None = None) -> dict:
    """Pairs and groups of submissions whose answers share a fingerprint.

    ``results`` are SubmissionResults with ``fingerprints``; only exercises the submission
    attempted count.  ``references``: {exercise id: fingerprint} of the worked solutions.
    Returns ``{"pairs": [...], "groups": [...], "min_nodes": ..., "max_group": ...}``; a pair
    is ``{"students": [a, b], "exercises": {id: how}}``, a group ``{"exercise", "how",
    "students", "worked_solution"}``."""
    references = references or {}
    by_key = {}
    for result in results:
        attempted = {er.id for er in result.exercises
                     if er.status not in ("not attempted", "missing")}
        for exercise, fp in (result.fingerprints or {}).items():
            if exercise not in attempted or not fp or fp.get("nodes", 0) < MIN_NODES:
                continue
            for kind in ("exact", "renamed"):
                by_key.setdefault((exercise, kind, fp[kind]), []).append(result.student)
    pairs, groups = {}, []
    for (exercise, kind, value), students in sorted(by_key.items()):
        students = sorted(set(students))
        if len(students) < 2:
            continue
        worked = references.get(exercise, {}).get(kind) == value
        if len(students) > MAX_GROUP or worked:
            groups.append({"exercise": exercise, "how": HOW[kind], "students": students,
                           "worked_solution": worked})
            continue
        for a, b in itertools.combinations(students, 2):
            found = pairs.setdefault((a, b), {})
            if found.get(exercise) != HOW["exact"]:
                found[exercise] = HOW[kind]
    groups = _unique_groups(groups)
    return {"pairs": [{"students": [a, b], "exercises": dict(sorted(ex.items()))}
                      for (a, b), ex in sorted(pairs.items(), key=lambda kv: (-len(kv[1]), kv[0]))],
            "groups": groups, "min_nodes": MIN_NODES, "max_group": MAX_GROUP}


def _unique_groups(groups: list) -> list:
    """One group per exercise and set of students, "identical" preferred."""
    kept = {}
    for group in groups:
        key = (group["exercise"], tuple(group["students"]))
        if key not in kept or group["how"] == HOW["exact"]:
            kept[key] = group
    return list(kept.values())


def references(results: list) -> dict:
    """{exercise id: fingerprint} of the worked solutions (``solutions/``) of the chapters in
    ``results``, where the grader can read them; {} otherwise."""
    from ..exercises import instructor
    from .extract import NotebookError, read_submission

    out = {}
    for number in sorted({r.chapter for r in results if r.chapter}):
        for path in sorted(instructor.solutions_dir().glob(f"{number}_*.ipynb")):
            try:
                sub = read_submission(path, "solution", path.name, number)
            except (OSError, NotebookError, KeyError):
                continue
            out.update(sub.fingerprints)
    return out


def csv_rows(found: dict) -> list:
    """similarity.csv: student_a, student_b, exercises, how (one row per pair)."""
    rows = [["student_a", "student_b", "exercises", "how"]]
    for pair in found["pairs"]:
        a, b = pair["students"]
        rows.append([a, b, " ".join(pair["exercises"]),
                     "; ".join(f"{e}: {h}" for e, h in pair["exercises"].items())])
    return rows
