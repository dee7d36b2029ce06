"""Reading submissions (classroom.grade.extract): fast, no learner code runs."""

import json
import sys
from pathlib import Path

import pytest

from classroom.exercises.registry import chapter
from classroom.grade import extract

ROOT = Path(__file__).resolve().parents[1]
EXERCISES_NB = ROOT / "exercises" / "02_add_neg.ipynb"
SOLUTIONS_NB = ROOT / "solutions" / "02_add_neg.ipynb"
CH02 = chapter("02").EXERCISES


def _code(source, **meta):
    return {"cell_type": "code", "metadata": {"minigrad": meta} if meta else {},
            "source": source, "outputs": [], "execution_count": None}


def _write(tmp_path, nb, name="sub.ipynb") -> Path:
    path = tmp_path / name
    path.write_bytes(nb if isinstance(nb, bytes) else json.dumps(nb).encode())
    return path


def _read(path, expected="02"):
    return extract.read_submission(path, "sub", path.name, expected)


def test_generated_notebook_answers_are_found_by_metadata_in_order():
    cells, metadata = extract.load_notebook(EXERCISES_NB.read_bytes())
    answers = extract.find_answers(cells, CH02)
    assert [a.exercise for a in answers] == [e.id for e in CH02]
    assert {a.found_by for a in answers} == {"metadata"}
    assert all("NotImplementedError" in a.code for a in answers)
    assert extract.detect_chapter(cells, metadata, "x.ipynb") == ("02", "metadata")


def test_solutions_notebook_answers_are_found_by_their_headers():
    cells, metadata = extract.load_notebook(SOLUTIONS_NB.read_bytes())
    answers = extract.find_answers(cells, CH02)
    assert [a.found_by for a in answers] == ["header"] * 5
    assert "return record(a.data + b.data" in answers[0].code
    assert extract.detect_chapter(cells, metadata, "x.ipynb") == ("02", "headers")


def test_an_answer_without_metadata_or_header_is_found_by_its_definition():
    cells = [_code("import numpy as np"),
             _code("def helper():\n    pass\n"),
             _code("def neg(a):\n    return 1\n"),           # an early attempt
             _code("x = 1\ndef neg(a):\n    return 2\n"),     # the last definition wins
             _code("def neg(a) oops"),                         # does not parse: skipped
             _code("check('02.neg')")]
    nb = {"cells": cells, "metadata": {}}
    answers = extract.find_answers(extract.load_notebook(json.dumps(nb).encode())[0], CH02)
    assert [(a.exercise, a.cell, a.found_by) for a in answers] == [("02.neg", 3, "definition")]


def test_metadata_beats_header_beats_definition_and_duplicates_keep_the_last():
    cells = [_code("# EXERCISE 02.add\ndef add(a, b):\n    return 'header'\n"),
             _code("def add(a, b):\n    return 'metadata, first'\n", role="answer",
                   exercise="02.add"),
             _code("def add(a, b):\n    return 'metadata, last'\n", role="answer",
                   exercise="02.add"),
             _code("print('a copied cell that defines nothing')", role="answer",
                   exercise="02.add")]
    answers = extract.find_answers(extract.load_notebook(
        json.dumps({"cells": cells}).encode())[0], CH02)
    assert len(answers) == 1 and "metadata, last" in answers[0].code
    assert "found 3 answer cells" in answers[0].notes[0]


def test_a_cell_answering_two_exercises_runs_once():
    cells = [_code("# EXERCISE 02.add\ndef add(a, b):\n    pass\ndef neg(a):\n    pass\n")]
    answers = extract.find_answers(extract.load_notebook(
        json.dumps({"cells": cells}).encode())[0], CH02)
    assert [(a.exercise, bool(a.code)) for a in answers] == [("02.add", True), ("02.neg", False)]
    assert "already ran" in answers[1].notes[-1]


def test_moved_cells_run_in_notebook_order():
    nb = json.loads(EXERCISES_NB.read_text())
    answer_cells = [c for c in nb["cells"] if c["metadata"]["minigrad"]["role"] == "answer"]
    nb["cells"] = [c for c in nb["cells"] if c not in answer_cells] + answer_cells[::-1]
    answers = extract.find_answers(extract.load_notebook(json.dumps(nb).encode())[0], CH02)
    assert [a.exercise for a in answers] == [e.id for e in CH02][::-1]


def test_magics_become_pass_and_valid_code_is_left_alone():
    code, notes = extract.strip_magics("%time x = 1\nfor i in range(2):\n    !ls\ny = 2\n")
    assert code == "pass\nfor i in range(2):\n    pass\ny = 2"
    assert "`%time x = 1`" in notes[0] and "`!ls`" in notes[0]
    text = 's = """\n%d items\n"""\n'
    assert extract.strip_magics(text) == (text, [])


@pytest.mark.parametrize("data, reason", [
    (b"", "not a readable notebook: Expecting value"),
    (b'{"cells": [', "not a readable notebook: Expecting value"),
    (b"\xff\xfe\x00", "not a readable notebook: not UTF-8 text"),
    (b"[1, 2]", "not a readable notebook: the file is JSON but not a notebook"),
    (b'{"metadata": {}}', "not a readable notebook: it has no list of cells"),
    (b"[" * 100000, "not a readable notebook"),
])
def test_unreadable_notebooks_get_a_reason(tmp_path, data, reason):
    sub = _read(_write(tmp_path, data))
    assert sub.problem.startswith(reason), sub.problem
    assert sub.chapter == "02" and sub.answers == []


def test_deep_nesting_is_refused_before_parsing_whatever_the_recursion_limit(tmp_path):
    """json.loads recurses in C once per level: under a raised recursion limit (as a test or
    a tool in the grader's process may leave it) 100,000 levels overflowed the C stack and
    killed the process on Python 3.11, instead of giving the submission a reason."""
    path = _write(tmp_path, b'{"cells": ' + b"[" * 100_000)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200_000)
    try:
        sub = _read(path)
    finally:
        sys.setrecursionlimit(limit)
    assert sub.problem == ("not a readable notebook: its JSON is nested more than "
                           f"{extract.MAX_DEPTH} levels deep")
    assert _read(_write(tmp_path, b"[" * (extract.MAX_DEPTH - 1))).problem.startswith(
        "not a readable notebook: Expecting value")


def test_another_chapters_notebook_is_refused_with_the_reason(tmp_path):
    nb = {"cells": [_code("# EXERCISE 03.mul\ndef mul(a, b): pass")],
          "metadata": {"minigrad": {"chapter": "03"}}}
    assert _read(_write(tmp_path, nb)).problem == "this is chapter 03's notebook, expected 02"
    headers_only = {"cells": [_code("# EXERCISE 03.mul\ndef mul(a, b): pass")]}
    assert _read(_write(tmp_path, headers_only)).problem.startswith("this is chapter 03's")


def test_chapter_comes_from_metadata_then_headers_then_file_name(tmp_path):
    bare = {"cells": [_code("def add(a, b):\n    return a\n")]}
    sub = _read(_write(tmp_path, bare, "02_mine.ipynb"), expected=None)
    assert (sub.chapter, sub.problem) == ("02", None)
    assert sub.notes == ["chapter 02 taken from the file name"]
    sub = _read(_write(tmp_path, bare, "mine.ipynb"), expected=None)
    assert sub.problem.startswith("could not tell which chapter")
    sub = _read(_write(tmp_path, bare, "mine.ipynb"), expected="02")     # --chapter decides
    assert sub.problem is None and sub.answers[0].exercise == "02.add"
    nb = {"cells": [], "metadata": {"minigrad": {"chapter": "99"}}}
    assert "there are no exercises for chapter 99" in _read(_write(tmp_path, nb), None).problem


def test_symlinks_are_not_followed(tmp_path):
    (tmp_path / "secret").write_text("{}")
    (tmp_path / "link.ipynb").symlink_to(tmp_path / "secret")
    sub = _read(tmp_path / "link.ipynb")
    assert sub.problem.startswith("not a regular file")


def test_every_file_and_folder_is_a_submission_or_has_a_reason(tmp_path):
    for name in ("b.ipynb", "a/x.ipynb", "a/.ipynb_checkpoints/x-checkpoint.ipynb",
                 ".git/y.ipynb", "__MACOSX/a/._x.ipynb", "notes.txt", "C.IPYNB",
                 ".hidden.ipynb", "..dots.ipynb", "saved.ipynb.json", ".secret/z.ipynb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    (tmp_path / "empty").mkdir()
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (outside / "other.ipynb").write_text("{}")
    (tmp_path / "linked").symlink_to(outside, target_is_directory=True)
    notebooks, skipped = extract.survey(tmp_path)
    found = [p.relative_to(tmp_path).as_posix() for p in notebooks]
    assert found == ["..dots.ipynb", ".hidden.ipynb", ".secret/z.ipynb", "C.IPYNB", "a/x.ipynb",
                     "b.ipynb", "saved.ipynb.json"]
    reasons = dict(skipped)
    assert set(reasons) == {"a/.ipynb_checkpoints/", ".git/", "__MACOSX/", "notes.txt",
                            "empty", "linked"}
    assert "checkpoint" in reasons["a/.ipynb_checkpoints/"]
    assert "symbolic link to a folder, not followed" in reasons["linked"]
    assert "only *.ipynb files are graded" in reasons["notes.txt"]
    assert reasons["empty"] == "an empty folder"
    ids = extract.student_ids(notebooks, tmp_path)
    assert ids[tmp_path / "saved.ipynb.json"] == "saved"
    assert ids[tmp_path / "..dots.ipynb"] == "dots" and ids[tmp_path / ".hidden.ipynb"] == "hidden"


def test_student_ids_are_safe_and_unique(tmp_path):
    names = ["alice.ipynb", "alice/02_add_neg.ipynb", "bob smith.ipynb", "bob_smith.ipynb",
             "Alice.ipynb", "-rf.ipynb", ".hidden/=cmd().ipynb", "x" * 150 + ".ipynb"]
    paths = [tmp_path / n for n in names]
    got = [extract.student_ids(paths, tmp_path)[p] for p in paths]
    assert got[:7] == ["alice", "alice__02_add_neg", "bob_smith", "bob_smith-2", "Alice-2", "rf",
                       "hidden__cmd"]
    assert len(got[7]) == 99 and got[7].startswith("x" * 90 + "-")


# -- reading within bounds ---------------------------------------------------------------------
def test_a_notebook_of_too_many_json_values_is_refused_before_parsing(tmp_path):
    data = json.dumps({"cells": [{}] * 500_000}).encode()
    sub = _read(_write(tmp_path, data))
    assert sub.problem.startswith("not a readable notebook: it holds too many JSON values")


def test_a_cell_that_would_exhaust_ast_parse_costs_nothing(tmp_path):
    bombs = ["-" * 60000 + "1", "1+" * 30000 + "1", "x = 1\n" * 200_000]
    cells = [_code(b) for b in bombs] + [_code("def add(a, b):\n    return a\n")]
    sub = _read(_write(tmp_path, {"cells": cells}))
    assert sub.problem is None
    assert [a.exercise for a in sub.answers] == ["02.add"]
    assert [n for n in sub.notes if "not run" in n] == [
        "cell 2 holds 1171 KB of code; cells over 1024 KB are not run"]
    assert [s.kind for s in sub.steps][-2:] == ["cell", "probe"]


def test_a_huge_cell_is_not_run_and_says_so(tmp_path):
    cells = [_code("x = 1\n" * 300_000), _code("def add(a, b):\n    return a\n")]
    sub = _read(_write(tmp_path, {"cells": cells}))
    assert any("cells over 1024 KB are not run" in n for n in sub.notes), sub.notes
    assert [(s.kind, s.cell) for s in sub.steps] == [("cell", 1), ("probe", 1)]


# -- the code as the notebook runs it ----------------------------------------------------------
def _steps(cells):
    sub = _read(_write(Path(__import__("tempfile").mkdtemp()), {"cells": cells}))
    return [(s.kind, s.cell, s.exercise) for s in sub.steps]


def test_every_cell_runs_in_order_and_the_probe_comes_where_the_notebook_checks():
    setup = chapter("02").SETUP
    cells = [_code(setup + "\nimport math\n", role="setup"),          # an import added
             _code("def helper(g):\n    return g\n"),                  # a helper of its own
             _code("# EXERCISE 02.add\nraise NotImplementedError('exercise 02.add: x')\n",
                   role="answer", exercise="02.add"),
             _code("def add(a, b):\n    return helper(a)\n"),          # the answer, below
             _code('check("02.add")', role="check", exercise="02.add"),
             _code('hint("02.neg")\n# a comment\nsolution("02.neg")')]
    assert _steps(cells) == [("cell", 0, None), ("cell", 1, None), ("cell", 2, "02.add"),
                             ("cell", 3, None), ("probe", 4, "02.add")]


def test_without_a_check_cell_the_probe_follows_the_last_definition_before_the_next_answer():
    cells = [_code("# EXERCISE 02.add\ndef add(a, b):\n    pass\n"),
             _code("def add(a, b):\n    return a\n"),
             _code("# EXERCISE 02.neg\ndef neg(a):\n    pass\n"),
             _code("def add(a, b):\n    return 'after the next exercise'\n")]
    assert _steps(cells) == [("cell", 0, "02.add"), ("cell", 1, None), ("probe", 1, "02.add"),
                             ("cell", 2, "02.neg"), ("probe", 2, "02.neg"), ("cell", 3, None)]


def test_the_setup_cell_unchanged_is_not_run_again():
    setup = chapter("02").SETUP
    cells = [_code(setup, role="setup"), _code("# EXERCISE 02.add\ndef add(a, b):\n    pass")]
    assert _steps(cells) == [("cell", 1, "02.add"), ("probe", 1, "02.add")]


def test_only_so_many_cells_run_and_answer_cells_always_do(tmp_path):
    cells = [_code(f"x{n} = {n}") for n in range(extract.MAX_CELLS + 10)]
    cells.append(_code("def add(a, b):\n    return a\n"))
    sub = _read(_write(tmp_path, {"cells": cells}))
    assert f"11 code cells were not run: the grader runs at most {extract.MAX_CELLS}" in \
        " ".join(sub.notes)
    assert sub.steps[-2:][0].cell == len(cells) - 1 and sub.steps[-1].kind == "probe"


# -- outputs are not what is graded -----------------------------------------------------------
def _image_notebook(megabytes: int) -> dict:
    """Exercise 02's notebook with ``megabytes`` of PNG outputs (and a markdown attachment and
    widget state), as an honest learner's plots would make it."""
    nb = json.loads((ROOT / "exercises" / "02_add_neg.ipynb").read_text())
    picture = "iVBORw0KGgo" + "A" * (2**20 - 11)                    # 1 MB of base64
    code_cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for n in range(megabytes):
        cell = code_cells[n % len(code_cells)]
        cell["outputs"].append({"output_type": "display_data", "metadata": {},
                                "data": {"image/png": picture,
                                         "text/plain": ["<Figure size 640x480 with 1 Axes>"]}})
    nb["cells"][0]["attachments"] = {"plot.png": {"image/png": picture}}
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "state": {"k": {"model": "x" * 1000}}}}
    return nb


def test_an_honest_notebook_of_50_mb_of_images_is_graded_on_its_code(tmp_path):
    """Outputs are dropped as the file streams past (never held), so only the code counts
    against the limit; the answers and steps are those of the notebook without its images."""
    import tracemalloc

    path = tmp_path / "02_add_neg.ipynb"
    path.write_text(json.dumps(_image_notebook(49)))
    assert path.stat().st_size > 49 * 2**20
    tracemalloc.start()
    sub = extract.read_submission(path, "big", path.name, "02")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert sub.problem is None, sub.problem
    plain = extract.read_submission(ROOT / "exercises" / "02_add_neg.ipynb", "x", "x", "02")
    assert [a.exercise for a in sub.answers] == [a.exercise for a in plain.answers]
    assert [(s.kind, s.cell) for s in sub.steps] == [(s.kind, s.cell) for s in plain.steps]
    assert peak < 8 * 2**20, f"reading it held {peak / 2**20:.0f} MB at once"


def test_what_is_graded_is_limited_with_a_reason(tmp_path, monkeypatch):
    monkeypatch.setattr(extract, "MAX_KEPT", 2**20)
    nb = {"cells": [_code("x = 1\n" * 200_000)]}
    sub = _read(_write(tmp_path, nb))
    assert "more than 1 MB of code, text and metadata (outputs aside)" in sub.problem


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 4096])
def test_outputs_are_dropped_whatever_the_chunk_boundaries(chunk, monkeypatch):
    """Strings with escapes and quotes, keys that look like the dropped ones inside strings,
    scalars, nesting: the pruned JSON is the notebook without those values, for every way
    the file could be cut into chunks."""
    nb = _image_notebook(1)
    nb["cells"][1]["outputs"] = [{"text": ['a\\"b', 'c"d\\', "\u00d7 \\u", 5, None, True]}]
    nb["cells"][2]["metadata"]["note"] = 'an "outputs": [1] lookalike'
    nb["cells"][3]["outputs"] = 7
    text = json.dumps(nb, indent=1).encode()
    pruner = extract.Pruner()
    for i in range(0, len(text), chunk):
        pruner.feed(text[i:i + chunk])
    got = json.loads(pruner.finish())
    want = json.loads(text)
    for cell in want["cells"]:
        for key in ("outputs", "attachments"):
            if key in cell:
                cell[key] = None
    want["metadata"]["widgets"] = None
    assert got == want
