"""The autograder against hostile submissions, end to end: ``python -m classroom.grade`` on the
corpus in tests/grade_corpus/ (see its README), with a 5-second time limit, graded twice:
by root and by an ordinary user (created here when the tests run as root and it is
missing; that half is skipped, with the reason, where no such user can be had).

Every submission must get its row with exactly the expected points per exercise, and
afterwards: no process a submission started is left, nothing outside the workers'
scratch folders changed (the submissions, the grader's home and temporary folder, the
checkout, an earlier run's results, /tmp, /var/tmp, /dev/shm), no message reached a
listener on this machine, and no earlier result was lost.  A hostile submission whose
protection is missing on this machine is left out, with a note; on this project's
machines every protection holds, as root and as an ordinary user.  The grader runs on a
copy of the checkout, so a failure of the sandbox could only ever damage the copy.
"""

import base64
import csv
import hashlib
import json
import os
import pwd
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from grade_helpers import processes_with
from in_ci import skip_or_fail_in_ci

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parent / "grade_corpus"
EXERCISES_NB = ROOT / "exercises" / "02_add_neg.ipynb"
SOLUTIONS_NB = ROOT / "solutions" / "02_add_neg.ipynb"
IDS = ["02.add", "02.neg", "02.accumulate", "02.topological_order", "02.count_visits"]
TIMEOUT = 5      # seconds per cell and per check: 3,000 nested folders need it on a busy machine
USER = "classroom-grader"        # the ordinary user the second half grades as
MAX_GRADER_MB = 150              # the grader's own memory, whatever the corpus holds or sends
SHORTCUT = (0, "incorrect", "asks you to write add yourself, but your answer called minigrad's "
                            "own add")

OK = "correct"
# student -> {exercise: (points, status, a phrase its message must contain)}; exercises
# not listed are correct.
EXPECTED = {
    "correct": {},
    "untouched": {i: (0, "not attempted", "still raises NotImplementedError") for i in IDS},
    "deleted_cell": {"02.neg": (0, "missing", "no answer cell found for 02.neg (was it deleted?)")},
    "nested__moved_edited": {},
    "honest": {},
    "copy_a": {},
    "copy_b": {},
    "hidden": {},
    "dots": {},
    "saved": {},
    "formula": {},
    "huge": {},
    "parser_bomb": {},
    # a case that hangs is stopped by the worker's budget per case (half the timeout), the
    # same way on every run, however busy the machine
    "loop_in_check": {"02.neg": (0, "incorrect", f"too slow: on a vector, a gradient of [1, 2, 3] "
                                                 f"from above, it was stopped after "
                                                 f"{TIMEOUT / 2:g} seconds")},
    "loop_at_top": {"02.accumulate": (0, "error", f"took longer than {TIMEOUT} s")},
    "memory_bomb": {"02.neg": (0, "error", "ran out of memory (limit 1024 MB)")},
    "sys_exit": {"02.neg": (0, "error", "called sys.exit() or exit() (line 4)"),
                 "02.accumulate": (0, "error", "raised SystemExit")},
    "os_exit": {"02.accumulate": (0, "error", "the process ended during this exercise"),
                "02.count_visits": (0, "error", "the process ended during this exercise")},
    "monkeypatch": {"02.add": (0, "incorrect", "not a gradient of ones")},
    "fake_output": {i: (0, "not attempted", "NotImplementedError") for i in IDS},
    "syntax_error": {"02.neg": (0, "error", "syntax error (line 2)")},
    "returns_none": {"02.add": (0, "incorrect", "return")},
    "public_only": {"02.add": (0, "incorrect", "passes the public checks but fails a hidden")},
    "wrong": {"02.neg": (0, "incorrect", "wrong sign"),
              "02.accumulate": (0, "incorrect", "forgot to accumulate"),
              "02.topological_order": (0, "incorrect", "recursion limit"),
              "02.count_visits": (0, "incorrect", "counted each node once")},
    "shortcut": {"02.add": SHORTCUT},
    # forged results sent while a case runs: out of turn, and the exercise cannot count
    "forger": {"02.add": (0, "error", "received results out of turn")},
    "flood": {"02.add": (0, "error", "received results out of turn")},
    # hidden cases are nowhere to be found before their exercise is probed (see
    # test_hidden_cases_are_nowhere_learner_code_can_look)
    "spy": {},
    "hooks": {},
    # the guard cannot be fooled by a file name, cleared, switched off or laundered
    "frozen": {"02.add": SHORTCUT},
    "cleared": {"02.add": SHORTCUT},
    "kept": {"02.add": SHORTCUT},
    "traced": {"02.add": SHORTCUT},
    # a forked child that returns into the worker's loop, and a setsid daemon that reads
    # the worker's descriptors and writes made-up results: neither changes a grade
    "forker": {},
    "thief": {},
    # imports made after the sandbox closed, from a checkout copied under /tmp
    "lazy": {},
    "builtins": {},
    "offsets": {},
    "snooper": {},
    # the hostile ones below need a protection: left out where it is missing
    "deleter": {},
    "killer": {},
    "limiter": {},
    "daemon": {},
    "reader": {},
    "tmp_writer": {},
    "networker": {},
    "mess": {},
}
NEEDS = {"deleter": "files", "reader": "files", "tmp_writer": "files", "mess": "files",
         "killer": "processes", "limiter": "processes", "daemon": "cleanup",
         "networker": "network"}
POINTS = {"02.add": 1, "02.neg": 1, "02.accumulate": 1, "02.topological_order": 2,
          "02.count_visits": 2}
NOT_GRADABLE = {"malformed": "not a readable notebook: ",
                "empty": "not a readable notebook: ",
                "chapter03": "this is chapter 03's notebook, expected 02"}
BUILT = {"correct", "untouched", "deleted_cell", "nested__moved_edited", "honest", "copy_a",
         "copy_b", "hidden", "dots", "saved", "formula", "huge", "parser_bomb"}

COUNT_VISITS = '''# EXERCISE 02.count_visits
def count_visits(root):
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
COUNT_VISITS_RENAMED = '''# EXERCISE 02.count_visits
# my own work, honestly
def count_visits(start):
    """How many visits a naive walk makes."""
    nodes = mg.topological_order( start )
    reach = {id(start) : 1}
    answer = 0
    for n in nodes:
        k = reach.get(id(n), 0)
        answer += k

        for p in n.parents:
            reach[id(p)] = reach.get(id(p), 0) + k
    return answer
'''


# -- building the corpus -----------------------------------------------------------------------
def _cells_by_header(nb) -> dict:
    found = {}
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("# EXERCISE "):
            found[source.splitlines()[0].split()[2]] = source
    return found


def _snippets(case: str) -> dict:
    out = {}
    for path in sorted((CORPUS / "answers").glob(f"{case}.*.py")):
        source = path.read_text()
        out[source.splitlines()[0].split()[2]] = source
    return out


def _code(source: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": source}


def _notebook(answers: dict, stubs_elsewhere: bool = False) -> dict:
    """exercises/02_add_neg.ipynb (metadata and all) with answer cells replaced."""
    nb = json.loads(EXERCISES_NB.read_text())
    solutions = {} if stubs_elsewhere else _cells_by_header(json.loads(SOLUTIONS_NB.read_text()))
    for cell in nb["cells"]:
        exercise = cell["metadata"].get("minigrad", {}).get("exercise")
        if cell["metadata"].get("minigrad", {}).get("role") == "answer":
            source = answers.get(exercise, solutions.get(exercise))
            if source is not None:
                cell["source"] = source
    return nb


def _moved_and_edited() -> dict:
    """All answers right, but: no metadata anywhere, the last answer moved to the top, a
    header removed (found by its `def`), check cells deleted, cells added, a magic line,
    and an earlier wrong copy of one answer."""
    nb = _notebook({})
    nb["metadata"] = {}
    cells = [c for c in nb["cells"] if not "".join(c["source"]).startswith("check(")]
    for cell in cells:
        cell["metadata"] = {}
    answer = {"".join(c["source"]).split()[2]: c for c in cells
              if "".join(c["source"]).startswith("# EXERCISE")}
    last = answer["02.count_visits"]
    cells.remove(last)
    cells.insert(0, last)
    topo = answer["02.topological_order"]
    topo["source"] = "".join(topo["source"]).split("\n", 1)[1]
    neg = answer["02.neg"]
    neg["source"] = "".join(neg["source"]) + "\n%time neg(Tensor([1.0]))\n"
    wrong_add = json.loads(json.dumps(answer["02.add"]))
    wrong_add["source"] = "# EXERCISE 02.add\ndef add(a, b):\n    return None  # a first try\n"
    cells.insert(cells.index(answer["02.add"]), wrong_add)
    cells.insert(3, {"cell_type": "markdown", "metadata": {}, "source": "My notes."})
    cells.insert(5, _code("scratch = [1, 2, 3]\nprint(sum(scratch))"))
    nb["cells"] = cells
    return nb


def _honest() -> dict:
    """Runs top to bottom in Jupyter and passes every check there: an import added to the
    setup cell, a helper in a cell of its own, and add's working answer in a new cell
    below the untouched stub."""
    nb = _notebook({})
    cells = nb["cells"]
    setup = next(c for c in cells if c["metadata"].get("minigrad", {}).get("role") == "setup")
    setup["source"] = "".join(setup["source"]) + "\nimport math\n"
    stub = next(c for c in cells if c["metadata"].get("minigrad") == {"role": "answer",
                                                                     "exercise": "02.add"})
    stub["source"] = json.loads(EXERCISES_NB.read_text())["cells"][cells.index(stub)]["source"]
    cells.insert(cells.index(setup) + 1, _code("def both(grad):\n    return grad * math.prod"
                                               "((1,)), grad\n"))
    cells.insert(cells.index(stub) + 1, _code(
        "def add(a, b):\n    return record(a.data + b.data, (a, b), both, 'add')\n"))
    return nb


def _with_extra_cells(sources: list) -> dict:
    nb = _notebook({})
    nb["cells"] += [_code(s) for s in sources]
    return nb


def build(subs: Path, cases: list, replace: dict, extras: bool = True) -> None:
    """The corpus in ``subs``: ``cases`` from answers/, and (with ``extras``) the
    submissions built here and the files that are not submissions."""
    if not extras:
        for case in cases:
            answers = {k: _filled(v, replace) for k, v in _snippets(case).items()}
            (subs / f"{case}.ipynb").write_text(json.dumps(_notebook(answers)))
        return
    notebooks = {"correct": _notebook({}), "untouched": json.loads(EXERCISES_NB.read_text()),
                 "nested/moved_edited": _moved_and_edited(), "honest": _honest(),
                 "copy_a": _notebook({"02.count_visits": COUNT_VISITS}),
                 "copy_b": _notebook({"02.count_visits": COUNT_VISITS_RENAMED}),
                 "huge": _with_extra_cells(["x = 1\n" * 1_200_000]),
                 "parser_bomb": _with_extra_cells(["-" * 60000 + "1", "1+" * 30000 + "1",
                                                   "lambda: " * 20000 + "1"])}
    deleted = _notebook({})
    deleted["cells"] = [c for c in deleted["cells"]
                        if c["metadata"].get("minigrad") != {"role": "answer",
                                                             "exercise": "02.neg"}]
    notebooks["deleted_cell"] = deleted
    for case in cases:
        answers = {k: _filled(v, replace) for k, v in _snippets(case).items()}
        notebooks[case] = _notebook(answers, stubs_elsewhere=(case == "fake_output"))
    for name, nb in notebooks.items():
        (subs / f"{name}.ipynb").parent.mkdir(parents=True, exist_ok=True)
        (subs / f"{name}.ipynb").write_text(json.dumps(nb))
    correct = json.dumps(_notebook({}))
    for name in (".hidden.ipynb", "..dots.ipynb", "saved.ipynb.json", "=formula.ipynb"):
        (subs / name).write_text(correct)
    for literal in NOT_GRADABLE:       # stored as .txt so that pytest --nbval leaves them alone
        shutil.copy(CORPUS / f"{literal}.ipynb.txt", subs / f"{literal}.ipynb")
    (subs / "nested" / ".ipynb_checkpoints").mkdir()
    (subs / "nested" / ".ipynb_checkpoints" / "moved_edited-checkpoint.ipynb").write_text("{}")


#: Exercises whose hidden cases the spies look for (the others' descriptions are common words).
LOOKED_FOR = ("02.accumulate", "02.topological_order", "02.count_visits")


def hidden_patterns() -> list:
    """[(exercise, pattern)]: a regular expression (bytes) matching each hidden case's
    description that does not match its own text (one letter is written as a class), so
    that a submission can search its worker's memory without finding its own pattern."""
    from classroom.exercises import instructor

    out = []
    for exercise_id in LOOKED_FOR:
        for case in instructor.hidden_cases("02")[exercise_id]:
            text = case.description.encode("utf-8")[:40]
            cut = next(i for i, byte in enumerate(text) if chr(byte).isalpha())
            pattern = (re.escape(text[:cut]) + b"[" + text[cut:cut + 1] + b"]"
                       + re.escape(text[cut + 1:]))
            out.append((exercise_id.split(".")[1], pattern))
    return out


def _filled(source: str, replace: dict) -> str:
    for key, value in replace.items():
        source = source.replace(key, value)
    return source


# -- the grader's own memory ------------------------------------------------------------------
#: The grader's command line, printing its own peak resident memory as it exits.  The peak
#: is VmHWM, the high-water mark of this process's memory map, which exec starts afresh.
#: Not ru_maxrss: Linux carries the parent's high-water mark into a child at exec (through
#: vfork, the parent's peak; through fork, what it held then), so a grader started by a
#: pytest worker that had reached 485 MB in earlier tests reported 485 MB of its own.
MEASURED = ("import atexit, sys\n"
            "def peak():\n"
            "    with open('/proc/self/status') as status:\n"
            "        kb = next(int(line.split()[1]) for line in status if line.startswith('VmHWM:'))\n"
            "    print('grader max RSS MB:', kb // 1024, flush=True)\n"
            "atexit.register(peak)\n"
            "from classroom.grade.__main__ import main\nsys.exit(main(sys.argv[1:]))")


def peak_mb(stdout: str) -> int:
    """The peak a grader started with :data:`MEASURED` printed."""
    return int(stdout.split("grader max RSS MB: ")[1].split()[0])


# -- the machine's state -----------------------------------------------------------------------
#: What the grader itself keeps in its home: matplotlib's font cache, made when it draws
#: the class report's plots.
GRADERS_OWN = (".cache/matplotlib", ".config/matplotlib", ".cache", ".config")


def _digest(folder: Path) -> dict:
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if rel in GRADERS_OWN or rel.startswith(tuple(f"{d}/" for d in GRADERS_OWN[:2])):
            continue
        if path.is_symlink():
            out[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            out[rel] = "folder"
    return out


class Listeners:
    """UDP, TCP and a Unix socket on this machine, recording anything that reaches them."""

    def __init__(self, folder: Path):
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.port = self.udp.getsockname()[1]
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.bind(("127.0.0.1", self.port))
        self.tcp.listen()
        self.path = str(folder / "listener.sock")
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.unix.bind(self.path)
        os.chmod(self.path, 0o777)
        self.unix.listen()
        self.heard = []
        for s in (self.udp, self.tcp, self.unix):
            s.settimeout(0.2)
        self.running = True
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self):
        while self.running:
            for s in (self.udp, self.tcp, self.unix):
                try:
                    if s is self.udp:
                        self.heard.append(("udp", s.recv(100)))
                    else:
                        conn, _ = s.accept()
                        self.heard.append(("stream", conn.recv(100)))
                        conn.close()
                except OSError:
                    pass

    def close(self):
        self.running = False
        self.thread.join()
        for s in (self.udp, self.tcp, self.unix):
            s.close()


# -- grading it --------------------------------------------------------------------------------
def ordinary_user():
    """(uid, gid) of an ordinary user to grade as, or a skip with the reason (in CI, a
    failure)."""
    if os.geteuid() != 0:
        return os.getuid(), os.getgid()
    try:
        entry = pwd.getpwnam(USER)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                               "/usr/sbin/nologin", USER], capture_output=True, text=True)
        if made.returncode != 0:
            skip_or_fail_in_ci(f"no ordinary user to grade as: useradd {USER} failed: "
                               f"{made.stderr.strip()}")
        entry = pwd.getpwnam(USER)
    check = subprocess.run([sys.executable, "-c", "import numpy, classroom"],
                           capture_output=True, text=True, user=entry.pw_uid,
                           group=entry.pw_gid, extra_groups=[], cwd="/")
    if check.returncode != 0:
        skip_or_fail_in_ci(f"the user {USER} cannot run this Python (one installed under a "
                           f"folder only root can enter, such as pyenv's in /root?): "
                           f"{check.stderr.strip()[-300:]}")
    return entry.pw_uid, entry.pw_gid


@pytest.fixture(scope="module", params=["root", "an ordinary user"])
def graded(request):
    if request.param == "root" and os.geteuid() != 0:
        pytest.skip("the tests run as an ordinary user: the root half needs root")
    uid, gid = (0, 0) if request.param == "root" else ordinary_user()
    as_user = {} if request.param == "root" else {"user": uid, "group": gid,
                                                   "extra_groups": []}
    base = Path(tempfile.mkdtemp(prefix="grade-corpus-", dir="/tmp"))
    try:
        yield _grade_corpus(base, uid, gid, as_user, request.param)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _grade_corpus(base: Path, uid: int, gid: int, as_user: dict, mode: str,
                  only: set | None = None, timeout: float = TIMEOUT) -> dict:
    os.chmod(base, 0o755)
    subs, out, home, scratch_tmp, src, other_out = (base / "submissions", base / "results",
                                                    base / "home", base / "tmp", base / "src",
                                                    base / "other-results")
    for folder in (subs, out, home, scratch_tmp, src, other_out):
        folder.mkdir()
        os.chmod(folder, 0o755)
    for folder in ("minigrad", "classroom", "instructor", "solutions"):
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (home / "canary.txt").write_text("the grader's home")
    (scratch_tmp / "canary.txt").write_text("another program's temporary file")
    earlier = {"written_by": "classroom.grade results", "results": []}
    for folder in (out, other_out):
        (folder / "summary.json").write_text(json.dumps(earlier))
        (folder / "gradebook.csv").write_text("student,total\nearlier,7\n")
    (out / "instructor-notes.txt").write_text("not the grader's to delete")
    outside = base / "outside-folder"
    outside.mkdir()
    (outside / "linked-away.ipynb").write_text(json.dumps(_notebook({})))
    if only is None:
        (subs / "linked").symlink_to(outside, target_is_directory=True)
    for folder in (out, home, scratch_tmp):
        os.chown(folder, uid, gid)
        for path in folder.rglob("*"):
            os.chown(path, uid, gid)

    env = dict(os.environ, PYTHONPATH=str(src), HOME=str(home), TMPDIR=str(scratch_tmp))
    probe = subprocess.run([sys.executable, "-c", "import json; from classroom.grade import "
                            "runner; print(json.dumps(runner.probe_sandbox()))"],
                           capture_output=True, text=True, env=env, cwd=base, **as_user)
    box = json.loads(probe.stdout.strip().splitlines()[-1]) if probe.returncode == 0 else {}
    held = {n for n, p in (box.get("protections") or {}).items() if p["held"]}
    skipped = [f"{case} (no '{need}' protection here: "
               f"{box.get('protections', {}).get(need, {}).get('how', probe.stderr[-200:])})"
               for case, need in NEEDS.items() if need not in held]
    cases = [c for c in EXPECTED if c not in BUILT and (c not in NEEDS or NEEDS[c] in held)
             and (only is None or c in only)]
    marker = f"8{os.getpid()}{time.time_ns() % 10**7}"
    listeners = Listeners(base)
    targets = [str(subs), str(out), str(other_out), str(src), str(home), str(scratch_tmp)]
    secrets = [str(r / name) for r in (src, ROOT) for name in (
        "instructor/hidden/ch02_add_neg.py", "instructor/expected/ch02_add_neg.json",
        "instructor/mistakes/ch02_add_neg.py", "solutions/02_add_neg.ipynb")]
    build(subs, cases, {"__TARGETS__": repr(targets), "__SECRETS__": repr(secrets),
                        "__HIDDEN__": repr(hidden_patterns()),
                        "__READ__": repr([str(subs), str(subs / "nested"), str(other_out)]),
                        "__MARKER__": marker, "__PORT__": str(listeners.port),
                        "__SOCKET__": repr(listeners.path)}, extras=only is None)
    os.chmod(subs, 0o755)
    before = {str(p): _digest(p) for p in (subs, src, home, scratch_tmp, other_out, outside)}

    try:
        proc = subprocess.run([sys.executable, "-c", MEASURED, str(subs), "--out", str(out),
                               "--chapter", "02", "--timeout", str(timeout), "--memory-mb",
                               "1024", "--jobs", "2"],
                              capture_output=True, text=True, env=env, cwd=base, timeout=900,
                              **as_user)
        time.sleep(0.5)
        survivors = processes_with(marker)
    finally:
        listeners.close()
    which = subprocess.run([sys.executable, "-c", "import minigrad, classroom; "
                            "print(minigrad.__file__, classroom.__file__)"],
                           capture_output=True, text=True, env=env, cwd=base).stdout
    summary = json.loads((out / "summary.json").read_text())
    with open(out / "gradebook.csv", newline="") as handle:
        rows = {row["student"]: row for row in csv.DictReader(handle)}
    left_behind = [p for p in (f"/tmp/{marker}-left.txt", f"/var/tmp/{marker}-left.txt",
                               f"/dev/shm/{marker}") if os.path.lexists(p)]
    for path in left_behind:
        os.unlink(path)
    for pid in survivors:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    return {"proc": proc, "rows": rows, "summary": summary, "before": before,
            "skipped": skipped, "out": out, "src": src, "which": which, "mode": mode,
            "cases": set(cases) | ({c.replace("/", "__") for c in BUILT} if only is None
                                   else set()), "box": box,
            "survivors": survivors, "left_behind": left_behind, "heard": listeners.heard,
            "marker": marker}


# -- the checks --------------------------------------------------------------------------------
def test_the_grader_ran_on_a_copy_of_the_checkout(graded):
    for path in graded["which"].split():
        assert path.startswith(str(graded["src"])), graded["which"]


def test_every_submission_has_its_row_and_the_run_succeeds(graded):
    proc = graded["proc"]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    expected = graded["cases"] | set(NOT_GRADABLE)
    assert set(graded["rows"]) == expected, set(graded["rows"]) ^ expected
    for student in expected:
        assert student in proc.stdout
    for note in graded["skipped"]:
        print(f"left out of the corpus on this machine ({graded['mode']}): {note}")


def test_whatever_is_not_a_submission_is_named_with_a_reason(graded):
    reasons = {s["path"]: s["reason"] for s in graded["summary"]["skipped"]}
    assert "symbolic link to a folder, not followed" in reasons["linked"]
    assert "checkpoint" in reasons["nested/.ipynb_checkpoints/"]
    assert "not a submission: linked:" in graded["proc"].stdout
    assert graded["rows"]["formula"]["file"] == "'=formula.ipynb"
    assert graded["rows"]["saved"]["file"] == "saved.ipynb.json"


@pytest.mark.parametrize("student", sorted(EXPECTED))
def test_points_and_reasons_per_exercise(graded, student):
    if student not in graded["rows"]:
        pytest.skip(f"{student} was left out: {graded['skipped']}")
    row = graded["rows"][student]
    result = next(r for r in graded["summary"]["results"] if r["student"] == student)
    exercises = {e["id"]: e for e in result["exercises"]}
    for exercise_id in IDS:
        points, status, phrase = EXPECTED[student].get(exercise_id,
                                                       (POINTS[exercise_id], OK, ""))
        got = exercises[exercise_id]
        assert (got["points"], got["status"]) == (points, status), (exercise_id, got)
        assert phrase in got["message"], (exercise_id, got["message"])
        assert row[exercise_id] == str(points)
    assert row["total"] == str(sum(POINTS[i] for i in IDS)
                               - sum(POINTS[i] for i in EXPECTED[student]))
    assert row["status"] == "graded"


@pytest.mark.parametrize("student, reason", sorted(NOT_GRADABLE.items()))
def test_unreadable_and_wrong_chapter_notebooks_get_a_row_with_the_reason(graded, student, reason):
    row = graded["rows"][student]
    assert (row["total"], row["max"], row["status"]) == ("0", "7", "not graded")
    assert reason in row["notes"]
    assert all(row[i] == "0" for i in IDS)


def test_hostile_code_harmed_nothing_and_nothing_survived(graded):
    for folder, digest in graded["before"].items():
        assert _digest(Path(folder)) == digest, f"{folder} was changed"
    out = graded["out"]
    assert (out / "instructor-notes.txt").read_text() == "not the grader's to delete"
    assert graded["survivors"] == [], "processes outlived the grading"
    assert graded["left_behind"] == [], "files were left outside scratch"
    assert [h for h in graded["heard"] if graded["marker"].encode() in h[1]] == []
    if "networker" in graded["rows"]:
        printed = _result(graded, "networker")["exercises"][0]["output"]
        for what in ("udp", "tcp", "unix", "abstract"):
            assert f"{what} refused" in printed, printed
    if "reader" in graded["rows"]:
        printed = _result(graded, "reader")["exercises"][0]["output"]
        assert "WORKED" not in printed and "refused" in printed, printed
    if "daemon" in graded["rows"]:
        printed = _result(graded, "daemon")["exercises"][0]["output"]
        assert int(printed.split("sleepers started: ")[1].split()[0]) < 200, printed


def test_no_earlier_result_was_lost_and_the_grader_stayed_small(graded):
    summary = graded["summary"]
    assert summary["submissions"] == len(graded["rows"])
    assert not (graded["out"] / "in-progress").exists()
    rss = peak_mb(graded["proc"].stdout)
    print(f"{graded['mode']}: the grader's peak resident memory was {rss} MB")
    assert rss < MAX_GRADER_MB, f"the grader itself used {rss} MB"
    result = _result(graded, "huge")
    assert any("cells over 1024 KB are not run" in n for n in result["notes"]), result["notes"]


def test_the_reported_peak_is_the_graders_own_not_its_parents(tmp_path):
    """A grader started by a process that holds 400 MB (as a pytest worker does after a
    few hundred tests) reports its own peak, whether the parent starts it through vfork
    (as root) or fork (as another user), and however busy the machine is."""
    (tmp_path / "submissions").mkdir()
    parent = (f"import subprocess, sys\n"
              f"held = bytearray(400 * 2**20)\n"
              f"held[::4096] = b'x' * len(held[::4096])\n"
              f"for user in ({{}}, {{'user': __import__('os').getuid()}}):\n"
              f"    proc = subprocess.run([sys.executable, '-c', {MEASURED!r}, "
              f"{str(tmp_path / 'submissions')!r}, '--out', {str(tmp_path / 'out')!r}], "
              f"capture_output=True, text=True, **user)\n"
              f"    print(proc.stdout)\n")
    proc = subprocess.run([sys.executable, "-c", parent], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    peaks = [int(p.split()[0]) for p in proc.stdout.split("grader max RSS MB: ")[1:]]
    assert len(peaks) == 2, proc.stdout
    assert all(peak < 100 for peak in peaks), peaks      # an idle grader: well under 400


def test_large_notebooks_read_at_once_keep_the_grader_small(tmp_path):
    """Four notebooks each keeping 16 MB of text (an image pasted into a markdown cell is
    kept: it is the cell's source, not an output), graded four at a time: they are read
    one after the other, each costing about twice what it keeps, so the grader stays
    under its limit however the threads' reads would have overlapped."""
    subs = tmp_path / "submissions"
    subs.mkdir()
    pixels = base64.b64encode(random.Random(0).randbytes(12 * 2**20)).decode()
    for n in range(4):
        nb = _notebook({})
        nb["cells"] = [c for c in nb["cells"] if c["cell_type"] == "markdown"]
        nb["cells"].append({"cell_type": "markdown", "metadata": {},
                            "source": [f"My plot {n}:\n", f"![plot](data:image/png;base64,"
                                                           f"{pixels})\n"]})
        (subs / f"student{n}.ipynb").write_text(json.dumps(nb))
    proc = subprocess.run([sys.executable, "-c", MEASURED, str(subs), "--out",
                           str(tmp_path / "out"), "--chapter", "02", "--jobs", "4"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    with open(tmp_path / "out" / "gradebook.csv", newline="") as handle:
        assert sorted(row["student"] for row in csv.DictReader(handle)) == \
            [f"student{n}" for n in range(4)]
    peak = peak_mb(proc.stdout)
    print(f"four 16 MB notebooks at --jobs 4: the grader's peak was {peak} MB")
    assert peak < MAX_GRADER_MB, f"the grader itself used {peak} MB"


def _result(graded, student):
    return next(r for r in graded["summary"]["results"] if r["student"] == student)


def test_printed_fake_results_are_only_output(graded):
    add = _result(graded, "fake_output")["exercises"][0]
    assert "score 7/7" in add["output"]
    assert graded["rows"]["fake_output"]["total"] == "0"


def test_broken_builtins_cost_nothing_and_are_noted(graded):
    neg = _result(graded, "builtins")["exercises"][1]
    assert "replaced built-in names (len, round, sorted)" in " ".join(neg["notes"]), neg["notes"]


def test_the_timed_out_check_is_replayed_but_the_hung_cell_is_not(graded):
    # loop_in_check: neg's cell ran fine (only checking it hung), so later exercises still
    # had it; loop_at_top: accumulate's cell never finished and was not replayed, yet
    # topological_order and count_visits, after it, were graded in a new worker.
    assert graded["rows"]["loop_in_check"]["02.count_visits"] == "2"
    assert graded["rows"]["loop_at_top"]["02.count_visits"] == "2"


def test_feedback_keeps_hidden_results_back(graded):
    md = (graded["out"] / "feedback" / "public_only.md").read_text()
    assert "public checks passed" in md
    assert "hidden one" not in md and "2-D" not in md
    assert "all tests passed" not in md.lower()
    row = graded["rows"]["public_only"]
    assert "fails a hidden one" in row["notes"]          # instructors see it


def test_the_isolation_is_reported(graded):
    isolation = graded["summary"]["isolation"]
    assert set(isolation["protections"]) == set(isolation["what_each_means"])
    assert isolation["missing"] == [n for n, p in isolation["protections"].items()
                                    if not p["held"]]
    if graded["mode"] == "root" and not graded["box"].get("namespaces", {}).get("user"):
        assert graded["summary"]["sandbox"]["own_user"]
    assert "isolation: learner code runs as" in graded["proc"].stdout
    print(f"{graded['mode']}: missing protections: {isolation['missing'] or 'none'}")


def test_moved_and_edited_cells_are_found(graded):
    result = _result(graded, "nested__moved_edited")
    found = {e["id"]: e["found_by"] for e in result["exercises"]}
    assert found == {"02.add": "header", "02.neg": "header", "02.accumulate": "header",
                     "02.topological_order": "definition", "02.count_visits": "header"}
    notes = {e["id"]: " ".join(e["notes"]) for e in result["exercises"]}
    assert "found 2 answer cells for 02.add; graded the last one" in notes["02.add"]
    assert "removed IPython magic" in notes["02.neg"]


def test_shared_answers_are_flagged_not_marked_down(graded):
    pairs = graded["summary"]["similarity"]["pairs"]
    assert {"students": ["copy_a", "copy_b"],
            "exercises": {"02.count_visits": "identical after renaming and reformatting"}} \
        in pairs
    with open(graded["out"] / "similarity.csv", newline="") as handle:
        flagged = [r["students"].split() for r in csv.DictReader(handle)
                   if r["exercise"] == "02.count_visits" and r["worked_solution"] == "no"]
    assert any({"copy_a", "copy_b"} <= set(group) for group in flagged), flagged
    assert graded["rows"]["copy_a"]["total"] == graded["rows"]["copy_b"]["total"] == "7"
    groups = graded["summary"]["similarity"]["groups"]
    assert any(g["worked_solution"] and "correct" in g["students"] for g in groups)


def test_graded_code_cannot_reach_references_hidden_cases_or_expectations(graded):
    """The snooper's answers are right, so it gets every point, and what it printed while
    looking for the grader's secrets shows it found none of them."""
    result = _result(graded, "snooper")
    add, neg = result["exercises"][0], result["exercises"][1]
    printed = add["output"] + add["check_output"] + neg["output"]
    assert "WORKED" not in printed, printed
    for what in ("import instructor:", "import instructor.hidden:", "instructor.hidden_cases:",
                 "instructor.mistakes:", "instructor.reference_answers:"):
        assert f"{what} refused" in printed, (what, printed)
    if graded["box"].get("protections", {}).get("files", {}).get("held"):
        assert printed.count("/instructor/") + printed.count("/solutions/") == 8
        assert printed.count("refused (") >= 8 + 5, printed
    else:
        print("no 'files' protection here: the snooper's file reads were not checked")
    assert "top level found: []" in printed, printed
    assert "next cell found: []" in printed, printed
    # While its answer is being probed it can see the hidden case it is given, as any
    # function sees its arguments; never what that case should produce.
    probed = [line for line in printed.splitlines() if line.startswith("while probed found")]
    assert probed and all(set(eval(line.split(": ", 1)[1])) <= {"a hidden case"}
                          for line in probed), probed


def test_hidden_cases_are_nowhere_learner_code_can_look(graded):
    """The spy searches the stack, the garbage collector, inspect and its worker's whole
    memory before and while each exercise is probed; the hooks (a signal handler firing
    all along, finalizers, atexit, a fork handler) watch throughout.  Neither finds an
    exercise's hidden cases before that exercise is probed, and the tools that could
    rewrite the worker are refused."""
    spy = _result(graded, "spy")
    printed = "\n".join(e["output"] + e["check_output"] for e in spy["exercises"])
    seen = dict(re.findall(r"^spy (.+?): (\[.*\])$", printed, re.M))
    assert set(seen) >= {"add cell", "add probed", "neg cell", "neg probed",
                         "count_visits cell"}, printed
    for when in ("add cell", "add probed", "neg cell", "neg probed"):
        assert eval(seen[when]) == [], (when, seen[when])
    assert "count_visits" not in eval(seen["count_visits cell"]), seen
    assert "/proc/self/mem refused" not in printed, "the spy could not search its memory"
    hooks = "\n".join(e["output"] for e in _result(graded, "hooks")["exercises"])
    saw = eval(re.search(r"^hooks saw: (\[.*\])$", hooks, re.M).group(1))
    assert "count_visits" not in saw, saw
    for what in ("thread", "ctypes", "settrace", "setprofile", "audit hook", "code", "function",
                 "replace code"):
        assert f"{what}: refused" in hooks, (what, hooks)
    assert "atexit ran" not in hooks
    traced = _result(graded, "traced")["exercises"][0]
    assert traced["check_output"].count("switched off: refused") >= 2, traced["check_output"]


def test_forked_children_never_speak_for_the_worker(graded):
    for student in ("forker", "thief"):
        assert graded["rows"][student]["total"] == "7", graded["rows"][student]


HOSTILE = ("spy", "hooks", "frozen", "cleared", "kept", "traced", "forker", "thief", "forger",
           "flood", "snooper", "shortcut", "daemon", "builtins", "monkeypatch")


@pytest.mark.slow
def test_the_hostile_set_gets_the_same_grades_on_five_runs():
    """No grade may depend on timing: the hostile submissions graded five times (as the
    grader's own user, two at a time) get the same points and statuses every time."""
    if os.geteuid() == 0:
        uid, gid, as_user = 0, 0, {}
    else:
        uid, gid, as_user = os.getuid(), os.getgid(), {}
    grades = []
    for _ in range(5):
        base = Path(tempfile.mkdtemp(prefix="grade-five-", dir="/tmp"))
        try:
            # (a longer time limit: what is compared is what the grader decides, not how
            # busy the machine was; the spies search the whole memory in a cell)
            graded = _grade_corpus(base, uid, gid, as_user, "five runs", only=set(HOSTILE),
                                   timeout=15)
            assert graded["proc"].returncode == 0, graded["proc"].stderr[-3000:]
            grades.append({r["student"]: [(e["id"], e["status"], e["points"])
                                          for e in r["exercises"]]
                           for r in graded["summary"]["results"]})
        finally:
            shutil.rmtree(base, ignore_errors=True)
    assert set(grades[0]) >= set(HOSTILE) - {c for c in NEEDS}
    for other in grades[1:]:
        assert other == grades[0]
    for student in HOSTILE:
        if student not in grades[0]:
            continue
        got = {e: (p, st) for e, st, p in grades[0][student]}
        for exercise_id in IDS:
            points, status, _ = EXPECTED[student].get(exercise_id, (POINTS[exercise_id], OK, ""))
            assert got[exercise_id] == (points, status), (student, exercise_id, got)


def test_modules_imported_late_are_found_with_the_checkout_under_tmp(graded):
    """The checkout the corpus is graded from lives under /tmp, where each worker has a
    tmpfs of its own: the folders bound into its view beneath /tmp must not be hidden."""
    assert str(graded["src"]).startswith("/tmp/")
    add = _result(graded, "lazy")["exercises"][0]
    assert "imports ok: True True" in add["output"], (add["output"], add["notes"])
