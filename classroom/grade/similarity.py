"""Answers that look shared: the same code, the same after renaming, or near-copies.

For instructors to look at, never to mark down: the grader only reports it, in
``summary.json`` ("similarity"), ``similarity.csv`` (one row per group) and the class
report.

Each answer (the code of the cell that defines an exercise's function, as the probe saw
it) gets a :func:`fingerprint`:

* ``exact``: the code with trailing spaces and blank lines removed;
* ``renamed``: its syntax tree with comments, docstrings and formatting gone and every
  name the code binds renamed by order of appearance;
* ``shingles``: for near-copies, a winnowed set of hashes of every run of :data:`K`
  tokens of the code with comments, docstrings and formatting gone, the names it binds
  (arguments, variables, its own functions) all written ``V``, numbers ``N`` and strings
  ``S``; the names it uses from elsewhere (``np``, ``record``, ``.data``) kept.  A copy
  with a line added, a loop rewritten or its variables renamed keeps most of them.

:func:`find` compares the answers to each exercise.  Two answers are *near-copies* when
:data:`NEAR` of the smaller one's shingles are in the other, counting only shingles that
few answers have (boilerplate every answer shares, such as the exercise's own ``def``
line, is left out once more than :data:`COMMON` of the class has it).  Precision matters
more than recall here:

* short answers are left out (fewer than :data:`MIN_TOKENS` tokens): there are only so
  many ways to write ``return -a``;
* an answer close to the worked solution (``solution()`` shows it) joins one group per
  exercise, "like the worked solution", and is never paired with anyone for it;
* answers are grouped (connected near-copies), so ten students sharing one answer are
  one line, not forty-five pairs.
"""

from __future__ import annotations

import ast
import hashlib
import io
import itertools
import keyword
import tokenize

MIN_NODES = 40          # syntax-tree nodes an answer needs for exact/renamed matches
MIN_TOKENS = 60         # tokens an answer needs for near-copies
K, WINDOW = 5, 4        # tokens per shingle; winnowing window
NEAR = 0.8              # share of the smaller answer's (rare) shingles for a near-copy
MIN_SHARED = 10         # and at least this many shared shingles
COMMON = 0.3            # a shingle more than this share of answers have is boilerplate
HOW = {"exact": "identical", "renamed": "identical after renaming and reformatting",
       "near": "near-copies"}


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


def _drop_docstring(node) -> None:
    body = getattr(node, "body", None)
    if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        node.body = body[1:] or [ast.Pass()]


class _Rename(ast.NodeTransformer):
    def __init__(self, names: dict):
        self.names = names

    def generic_visit(self, node):
        _drop_docstring(node)
        for attribute in ("name", "id", "arg", "asname"):
            value = getattr(node, attribute, None)
            if isinstance(value, str) and value in self.names:
                setattr(node, attribute, self.names[value])
        return super().generic_visit(node)


def tokens(tree: ast.AST, bound: set) -> list:
    """The normalised tokens of ``tree`` (docstrings already gone): see the module docstring."""
    out = []
    source = ast.unparse(tree)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, text = token.type, token.string
        if kind in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENCODING,
                    tokenize.ENDMARKER):
            continue
        if kind == tokenize.NAME:
            out.append("V" if text in bound and not keyword.iskeyword(text) else text)
        elif kind == tokenize.NUMBER:
            out.append("N")
        elif kind == tokenize.STRING:
            out.append("S")
        elif kind == tokenize.INDENT:
            out.append(">")
        elif kind == tokenize.DEDENT:
            out.append("<")
        else:
            out.append(text)
    return out


def shingles(words: list) -> list:
    """Winnowed hashes of every run of :data:`K` tokens (sorted, without repeats)."""
    hashes = [int.from_bytes(hashlib.blake2b(" ".join(words[i:i + K]).encode(),
                                             digest_size=4).digest(), "big")
              for i in range(max(0, len(words) - K + 1))]
    if len(hashes) <= WINDOW:
        return sorted(set(hashes))
    kept = set()
    for i in range(len(hashes) - WINDOW + 1):
        window = hashes[i:i + WINDOW]
        kept.add(min(window))
    return sorted(kept)


def fingerprint(code: str) -> dict:
    """{"exact", "renamed", "nodes", "tokens", "shingles"} of ``code``, or {} when it does not
    parse (the caller keeps the code small; see ``extract.PARSE_LIMIT``)."""
    try:
        tree = ast.parse(code)
        names = _Names()
        names.visit(tree)
        for node in ast.walk(tree):
            _drop_docstring(node)
        words = tokens(tree, set(names.order))
        tree = _Rename({n: f"_{i}" for i, n in enumerate(names.order)}).visit(tree)
        renamed = ast.dump(tree, annotate_fields=False, include_attributes=False)
        nodes = sum(1 for _ in ast.walk(tree))
    except (SyntaxError, ValueError, RecursionError, MemoryError, tokenize.TokenError):
        return {}
    text = "\n".join(line.rstrip() for line in code.strip().splitlines() if line.strip())
    digest = lambda s: hashlib.sha256(s.encode()).hexdigest()[:20]  # noqa: E731
    return {"exact": digest(text), "renamed": digest(renamed), "nodes": nodes,
            "tokens": len(words), "shingles": shingles(words)}


def overlap(a: set, b: set) -> tuple:
    """(shared shingles, their share of the smaller set)."""
    if not a or not b:
        return 0, 0.0
    shared = len(a & b)
    return shared, shared / min(len(a), len(b))


def find(results: list, references: dict | None = None) -> dict:
    """Groups of submissions whose answers to an exercise are shared (see the module
    docstring), and the same as pairs.

    ``results`` are SubmissionResults with ``fingerprints``; only exercises the submission
    attempted count.  ``references``: {exercise id: fingerprint} of the worked solutions.
    Returns ``{"groups": [...], "pairs": [...], ...}``: a group is ``{"exercise", "how",
    "students", "similarity", "worked_solution"}``; a pair ``{"students": [a, b],
    "exercises": {id: how}}`` for every two students whose answers to an exercise were found
    shared directly (a group joins them through such pairs; the worked solution's group is
    not made of pairs)."""
    references = references or {}
    answers = {}
    for result in results:
        attempted = {er.id for er in result.exercises
                     if er.status not in ("not attempted", "missing")}
        for exercise, fp in (result.fingerprints or {}).items():
            if exercise in attempted and fp:
                answers.setdefault(exercise, {})[result.student] = fp
    groups, links = [], []
    for exercise in sorted(answers):
        groups += _groups(exercise, answers[exercise], references.get(exercise) or {}, links)
    pairs = {}
    for exercise, a, b, kind in links:
        pairs.setdefault((a, b), {})[exercise] = HOW[kind]
    return {"groups": groups,
            "pairs": [{"students": [a, b], "exercises": dict(sorted(ex.items()))}
                      for (a, b), ex in sorted(pairs.items(), key=lambda kv: (-len(kv[1]), kv[0]))],
            "min_nodes": MIN_NODES, "min_tokens": MIN_TOKENS, "near": NEAR}


def _groups(exercise: str, answers: dict, reference: dict, links: list) -> list:
    """The groups of one exercise's answers ({student: fingerprint}); the pairs that join
    them go into ``links`` as (exercise, a, b, kind)."""
    big = {s: fp for s, fp in answers.items()
           if fp.get("nodes", 0) >= MIN_NODES or fp.get("tokens", 0) >= MIN_TOKENS}
    counts = {}
    for fp in big.values():
        for h in set(fp.get("shingles", ())):
            counts[h] = counts.get(h, 0) + 1
    common = {h for h, n in counts.items() if n > max(2, COMMON * len(big))}
    rare = {s: set(fp.get("shingles", ())) - common for s, fp in big.items()}
    solution = set(reference.get("shingles", ()))
    worked, how, similarity = set(), {}, {}
    for student, fp in big.items():
        if reference and (fp.get("exact") == reference.get("exact") or
                          fp.get("renamed") == reference.get("renamed") or
                          overlap(set(fp.get("shingles", ())), solution)[1] >= NEAR):
            worked.add(student)
    parent = {s: s for s in big}

    def root(s):
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    def join(a, b, kind, score):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[rb] = ra
        how[(a, b)] = kind
        similarity[(a, b)] = score
        links.append((exercise, a, b, kind))

    others = sorted(s for s in big if s not in worked)
    for a, b in itertools.combinations(others, 2):
        fa, fb = big[a], big[b]
        if fa.get("exact") == fb.get("exact") and fa.get("nodes", 0) >= MIN_NODES:
            join(a, b, "exact", 1.0)
        elif fa.get("renamed") == fb.get("renamed") and fa.get("nodes", 0) >= MIN_NODES:
            join(a, b, "renamed", 1.0)
        elif fa.get("tokens", 0) >= MIN_TOKENS and fb.get("tokens", 0) >= MIN_TOKENS:
            shared, share = overlap(rare[a], rare[b])
            if shared >= MIN_SHARED and share >= NEAR:
                join(a, b, "near", round(share, 2))
    members = {}
    for s in others:
        members.setdefault(root(s), []).append(s)
    out = []
    for group in members.values():
        if len(group) < 2:
            continue
        group = sorted(group)
        kinds = [how[p] for p in how if p[0] in group]
        kind = min(kinds, key=["exact", "renamed", "near"].index)
        scores = [similarity[p] for p in similarity if p[0] in group]
        out.append({"exercise": exercise, "how": HOW[kind] if len(set(kinds)) == 1 else
                    f"{HOW['near']} (some {HOW[kind]})", "students": group,
                    "similarity": min(scores), "worked_solution": False})
    if len(worked) >= 2:
        out.append({"exercise": exercise, "how": "like the worked solution",
                    "students": sorted(worked), "similarity": None, "worked_solution": True})
    return sorted(out, key=lambda g: (-len(g["students"]), g["students"]))


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
    """similarity.csv: one row per group."""
    rows = [["group", "exercise", "how", "size", "students", "similarity", "worked_solution"]]
    for number, group in enumerate(found.get("groups", []), 1):
        rows.append([number, group["exercise"], group["how"], len(group["students"]),
                     " ".join(group["students"]),
                     "" if group["similarity"] is None else f"{group['similarity']:.2f}",
                     "yes" if group["worked_solution"] else "no"])
    return rows
