"""The worker's sandbox (classroom.grade.sandbox, .namespaces, .landlock, .seccomp, .runner),
one layer at a time.

Each test grades a one-exercise submission in a real worker process (about a second).
Destructive code here only ever targets folders the test made; a layer that is not
available on this machine is skipped, with the reason.  The whole grader as an ordinary
user is tested in tests/test_grade_corpus.py."""

import hashlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from classroom.grade import namespaces, runner, sandbox
from classroom.grade.cleanup import remove_tree
from classroom.grade.model import Answer, Limits, Step, Submission
from grade_helpers import corpus_answer, processes_with

IS_ROOT = os.geteuid() == 0
ROOT = Path(__file__).resolve().parents[1]
LANDLOCK = sandbox.landlock_abi()
ADD = '''
def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")
'''
LAYERS = ("NAMESPACES", "LANDLOCK", "SECCOMP")


def namespaces_work() -> str | None:
    """None when a worker gets its namespaces here, else why not."""
    report = runner.probe_sandbox(Limits())
    ns = report.get("namespaces") or {}
    return None if ns.get("pid") and ns.get("root") else "; ".join(ns.get("problems", [])) \
        or report.get("error", "no namespaces")


NO_NAMESPACES = namespaces_work()


def grade(code: str, uid=None, timeout=20):
    """(the 02.add result, the worker's sandbox report) for an answer cell ``code``."""
    sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise="02.add", code=code, cell=0, found_by="metadata")],
                     steps=[Step("cell", 0, code=code, exercise="02.add"),
                            Step("probe", 0, exercise="02.add")])
    reports, warnings = [], []
    result = runner.grade_submission(sub, Limits(timeout=timeout), uid, warnings, reports)
    assert not warnings, warnings
    return result.exercises[0], reports[0]


@pytest.fixture
def only(monkeypatch):
    """only("LANDLOCK"): turn every other layer off for this test."""
    def switch(*keep):
        for layer in LAYERS:
            monkeypatch.setattr(runner, layer, layer in keep)
    return switch


@pytest.fixture
def shared_folder():
    """A folder anyone may read but only its owner may change: how instructors' files
    usually are."""
    base = Path(tempfile.mkdtemp(prefix="grade-sandbox-test-"))
    os.chmod(base, 0o755)
    (base / "sub").mkdir(mode=0o755)
    for name in ("a.ipynb", "sub/b.ipynb"):
        (base / name).write_text(name)
        os.chmod(base / name, 0o644)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def digest(folder: Path) -> dict:
    return {str(p): (p.stat().st_mode, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file()}


DELETER = ADD + '''
import os, shutil
for folder, dirs, files in os.walk({target!r}, topdown=False):
    for name in files + dirs:
        path = os.path.join(folder, name)
        for attempt in (lambda: open(path, "a").write("x"), lambda: os.chmod(path, 0o777),
                        lambda: os.remove(path), lambda: shutil.rmtree(path)):
            try:
                attempt()
            except Exception:
                pass
for attempt in (lambda: open(os.path.join({target!r}, "planted"), "w").close(),
                lambda: shutil.rmtree({target!r})):
    try:
        attempt()
    except Exception:
        pass
try:
    print("read:", open({target!r} + "/a.ipynb").read())
except OSError as err:
    print("read: refused", type(err).__name__)
print("tried")
'''


@pytest.mark.parametrize("layer", ["a user of its own", "Landlock", "a private root"])
def test_each_layer_alone_keeps_learner_code_from_changing_files(layer, shared_folder, only):
    if layer == "a user of its own" and not IS_ROOT:
        pytest.skip("switching user needs the grader to run as root")
    if layer == "Landlock" and not LANDLOCK:
        pytest.skip("this kernel has no Landlock")
    if layer == "a private root" and NO_NAMESPACES:
        pytest.skip(f"no namespaces here: {NO_NAMESPACES}")
    only({"Landlock": "LANDLOCK", "a private root": "NAMESPACES"}.get(layer, ""))
    uid = runner.UserIds(1).take() if layer == "a user of its own" else None
    before = digest(shared_folder)
    result, report = grade(DELETER.format(target=str(shared_folder)), uid)
    assert result.status == "correct" and "tried" in result.output
    assert digest(shared_folder) == before
    assert not (shared_folder / "planted").exists()
    assert report["protections"]["files"]["held"] == (layer != "a user of its own")
    if layer != "a user of its own":           # reading other students' notebooks too
        assert "read: refused" in result.output, result.output
    if layer == "Landlock":
        assert report["landlock"] == LANDLOCK and not report["own_user"]
    elif layer == "a private root":
        assert report["namespaces"]["root"] and report["landlock"] == 0
    else:
        assert report["own_user"] and report["landlock"] == 0 and report["uid"] == uid


def test_learner_code_may_use_its_scratch_folder_and_import_more_modules(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))    # private to the grader's user
    code = ADD + '''
import os, subprocess, tempfile
with open("notes.txt", "w") as f:
    f.write("mine")
with open(os.path.join(os.environ["HOME"], "notes.txt")) as f:
    print("scratch:", f.read())
with tempfile.NamedTemporaryFile("w") as f:
    f.write("temporary")
import wave, calendar, zipfile     # not imported before the sandbox closed
print("imports: ok", calendar.isleap(2024))
print("subprocess:", subprocess.run(["echo", "hi"], capture_output=True, text=True).stdout)
'''
    result, _ = grade(code, runner.UserIds(1).take())
    assert result.status == "correct", result.message
    assert "scratch: mine" in result.output and "imports: ok True" in result.output
    assert "subprocess: hi" in result.output


READ = '''
try:
    open({target!r}).read()
    print("read WORKED")
except OSError as err:
    print("read refused", type(err).__name__)
'''


@pytest.mark.parametrize("layers", [("NAMESPACES", "LANDLOCK", "SECCOMP"), ("SECCOMP",),
                                    ("NAMESPACES",)])
def test_no_network_at_all_and_no_other_files(layers, shared_folder, only, tmp_path):
    """TCP, UDP to 127.0.0.1, a Unix socket by path and an abstract one, each with a real
    listener here, and reading a world-readable file outside scratch."""
    if "NAMESPACES" in layers and NO_NAMESPACES:
        pytest.skip(f"no namespaces here: {NO_NAMESPACES}")
    only(*layers)
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    tcp.listen()
    port = tcp.getsockname()[1]
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", port))
    path = tempfile.mktemp(prefix="grade-test-", suffix=".sock", dir="/tmp")
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.bind(path)
    os.chmod(path, 0o777)
    unix.listen()
    marker = f"net{os.getpid()}"
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    abstract.bind(f"\0minigrad-{marker}")
    abstract.listen()
    try:
        code = corpus_answer("networker", "add", port=port, socket=repr(path), marker=marker)
        result, report = grade(code + READ.format(target=str(shared_folder / "a.ipynb")))
    finally:
        for s in (tcp, udp, unix, abstract):
            s.close()
        os.unlink(path)
    for what in ("tcp", "udp", "unix", "abstract"):
        assert f"{what} refused" in result.output, result.output
    assert report["protections"]["network"]["held"]
    if layers != ("SECCOMP",):
        assert "read refused" in result.output


def test_nothing_learner_code_starts_outlives_its_worker_and_forks_are_limited():
    marker = f"9{os.getpid()}.{time.time_ns() % 10**6}"
    result, report = grade(corpus_answer("daemon", "add", marker=marker),
                           runner.UserIds(1).take())
    if not report["protections"]["cleanup"]["held"]:
        for pid in processes_with(marker):
            os.kill(pid, 9)
        pytest.skip(f"no protection here: {report['protections']['cleanup']['how']}")
    for _ in range(50):
        if not processes_with(marker):
            break
        time.sleep(0.1)
    assert processes_with(marker) == []
    if report["protections"]["process count"]["held"]:
        started = int(result.output.split("sleepers started: ", 1)[1].split()[0])
        assert started < sandbox.PROCESSES, result.output


KILLER = ADD + '''
import os, resource, signal
for target in (os.getppid(), 1, -1, *range(2, 5000)):
    if target != os.getpid():
        for attempt in (lambda: os.kill(target, signal.SIGKILL),
                        lambda: resource.prlimit(target, resource.RLIMIT_CPU, (1, 1))):
            try:
                attempt()
            except (OSError, ValueError):
                pass
existing = []
for pid in range(1, 5000):
    try:
        os.kill(pid, 0)
        existing.append(pid)
    except ProcessLookupError:
        pass
    except OSError:
        existing.append(pid)
print("processes it can find:", existing)
'''


def test_learner_code_cannot_signal_or_limit_the_grader():
    before = resource.prlimit(os.getpid(), resource.RLIMIT_CPU)
    result, report = grade(KILLER, runner.UserIds(1).take())
    assert resource.prlimit(os.getpid(), resource.RLIMIT_CPU) == before
    assert result.status == "correct"
    if report["protections"]["processes"]["held"] and report["namespaces"]["pid"]:
        assert "processes it can find: [1, 2]" in result.output     # init and itself


def test_scratch_left_deep_and_unreadable_is_removed(only, tmp_path, monkeypatch):
    """3,000 nested folders and a folder of mode 0 (the grader's own scratch clean-up, as it
    runs without a private tmpfs)."""
    only("LANDLOCK", "SECCOMP")
    parent = tempfile.mkdtemp(prefix="grade-scratch-test-", dir="/tmp")
    os.chmod(parent, 0o755)
    monkeypatch.setattr(tempfile, "tempdir", parent)
    code = ADD + '''
import os
for _ in range(3000):
    os.mkdir("d")
    os.chdir("d")
    open("f", "w").close()
os.chdir(os.environ["HOME"])
os.makedirs("locked/inner")
open("locked/inner/x", "w").close()
os.chmod("locked/inner", 0)
os.chmod("locked", 0)
print("made a mess")
'''
    try:
        result, _ = grade(code, runner.UserIds(1).take(), timeout=60)
        assert "made a mess" in result.output
        assert os.listdir(parent) == []
    finally:
        remove_tree(parent)


def test_remove_tree_handles_what_shutil_cannot(tmp_path):
    deep = tmp_path / "deep"
    deep.mkdir()
    here = os.getcwd()
    os.chdir(deep)
    try:
        for _ in range(1500):
            os.mkdir("a-longish-folder-name")
            os.chdir("a-longish-folder-name")
    finally:
        os.chdir(here)
    (tmp_path / "deep" / "x").mkdir()
    os.chmod(tmp_path / "deep" / "x", 0)
    (tmp_path / "outside").write_text("keep")
    (tmp_path / "deep" / "link").symlink_to(tmp_path / "outside")
    assert remove_tree(str(deep)) == []
    assert not deep.exists() and (tmp_path / "outside").read_text() == "keep"


def test_concurrent_workers_get_distinct_users():
    ids = runner.UserIds(3)
    taken = [ids.take() for _ in range(3)]
    if IS_ROOT:
        assert len(set(taken)) == 3 and all(u >= 1_900_000_000 for u in taken)
    else:
        assert taken == [None, None, None]


def test_a_worker_that_cannot_start_as_another_user_falls_back_with_a_warning(monkeypatch):
    class FailsAsAnotherUser(runner.Worker):
        def __init__(self, setup, steps, limits, uid, *rest):
            if uid is not None:
                self.COMMAND = [sys.executable, "-c", "raise SystemExit(3)"]
            super().__init__(setup, steps, limits, uid, *rest)

    monkeypatch.setattr(runner, "Worker", FailsAsAnotherUser)
    sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise="02.add", code=ADD, cell=0, found_by="metadata")],
                     steps=[Step("cell", 0, code=ADD, exercise="02.add"),
                            Step("probe", 0, exercise="02.add")])
    warnings = []
    result = runner.grade_submission(sub, Limits(timeout=20), 1_999_999_999, warnings, [])
    assert result.exercises[0].status == "correct"
    assert len(warnings) == 1 and "could not start as another user" in warnings[0]
    assert "the grader's user" in warnings[0]


def test_protections_name_what_is_missing_and_why():
    strong = {"namespaces": {"pid": True, "root": True, "user": True, "net": True,
                             "problems": []}, "landlock": 0, "seccomp": True, "limits": True,
              "audit_hook": True}
    held = sandbox.protections(strong)
    assert all(p["held"] for p in held.values()), held
    weak = {"namespaces": {"pid": False, "root": False, "user": False, "net": False,
                           "problems": ["the kernel refused a user namespace"]},
            "landlock": 0, "seccomp": False, "own_user": False, "limits": True}
    missing = sandbox.protections(weak)
    assert {n for n, p in missing.items() if not p["held"]} == {
        "processes", "cleanup", "process count", "files", "network", "threads", "checks"}
    assert "the kernel refused a user namespace" in missing["processes"]["how"]
    assert set(sandbox.PROTECTIONS) == set(held)


@pytest.mark.skipif(NO_NAMESPACES is not None, reason=f"no namespaces here: {NO_NAMESPACES}")
def test_the_private_root_holds_only_what_learner_code_needs(only):
    only("NAMESPACES")          # Landlock would refuse to list / at all
    plan = namespaces.bind_plan(["/usr/lib", "/usr", "/lib", "/nowhere", sys.prefix])
    kinds = dict((p, k) for k, p in plan)
    assert kinds.get("/usr") == "bind" and "/usr/lib" not in kinds and "/nowhere" not in kinds
    if os.path.islink("/lib"):
        assert kinds["/lib"] == "link"
    result, report = grade(ADD + '''
import os
print("root:", sorted(os.listdir("/")))
print("tmp is scratch:", os.path.samefile("/tmp", os.environ["HOME"]) or
      os.environ["HOME"].startswith("/tmp/"))
''')
    listed = result.output.split("root: ", 1)[1].splitlines()[0]
    for absent in ("home", "srv", "var", "mnt", "boot"):
        assert f"'{absent}'" not in listed or sys.prefix.startswith(f"/{absent}/"), listed
    assert "tmp is scratch: True" in result.output


HALF_BUILT = '''
import json, os, sys, tempfile
from classroom.grade import namespaces, sandbox
def refuse(*args, **kwargs):
    raise OSError(1, "refused for the test")
namespaces._bind = refuse
scratch = os.path.join(tempfile.mkdtemp(dir="/tmp"), "work")
os.mkdir(scratch)
report = namespaces.isolate(scratch=scratch, reads=sandbox.readable_roots(),
                            devices=["/dev/null"], scratch_mb=16, owner=None)
with open(os.path.join(scratch, "mine.txt"), "w") as handle:
    handle.write("scratch works")
print(json.dumps({"report": report, "cwd": os.getcwd(), "scratch": scratch,
                  "host view": os.path.isdir("/usr/lib") and os.path.isdir("/etc")}))
'''


@pytest.mark.skipif(NO_NAMESPACES is not None, reason=f"no namespaces here: {NO_NAMESPACES}")
def test_a_private_root_that_cannot_be_built_leaves_the_grader_s_view_whole():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    proc = subprocess.run([sys.executable, "-c", HALF_BUILT], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["report"]["pid"] and not got["report"]["root"]
    assert "no private filesystem view" in got["report"]["problems"][0]
    assert got["cwd"] == got["scratch"] and got["host view"]
    shutil.rmtree(os.path.dirname(got["scratch"]), ignore_errors=True)


# -- the memory of a whole submission ------------------------------------------------------------
FORKED_HOGS = ADD + '''
import os, time
children = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        hog = bytearray(b"\\x01") * (450 * 2**20)       # under the limit of one process
        time.sleep(60)
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
print("all done")
'''


def test_a_submission_is_capped_as_a_whole_not_per_process():
    """Three forked processes of 450 MB each stay under a 1024 MB limit one by one; together
    they are over it, and the submission is stopped, with a message that says so.  Which
    mechanism capped it (a cgroup, or the grader's supervisor) is in the isolation report."""
    sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise="02.add", code=FORKED_HOGS, cell=0,
                                     found_by="metadata")],
                     steps=[Step("cell", 0, code=FORKED_HOGS, exercise="02.add"),
                            Step("probe", 0, exercise="02.add")])
    limits = Limits(timeout=40, memory_mb=1024)
    result = runner.grade_submission(sub, limits, runner.UserIds(1).take(), [], [])
    add = result.exercises[0]
    assert add.status == "error", (add.status, add.message, add.output)
    assert "ran out of memory (limit 1024 MB for the whole submission)" in add.message
    assert "all done" not in add.output
    summary = runner.summarise_sandboxes([runner.probe_sandbox(limits)], limits)
    how = summary["memory"]["how"]
    assert ("cgroup v2" in how) == summary["memory"]["cgroup"], summary["memory"]
    if not summary["memory"]["cgroup"]:
        assert summary["memory"]["why_not_cgroup"]           # says why there is no cgroup
    print("whole-submission memory cap here:", how, summary["memory"]["why_not_cgroup"])


def test_the_supervisor_adds_up_a_process_tree():
    from classroom.grade import memory

    parent = subprocess.Popen([sys.executable, "-c",
                               "import os, time\n"
                               "b = bytearray(b'1') * (60 * 2**20)\n"
                               "if os.fork() == 0:\n"
                               "    c = bytearray(b'2') * (60 * 2**20)\n"
                               "    time.sleep(30); os._exit(0)\n"
                               "time.sleep(30)\n"])
    try:
        for _ in range(100):
            total = memory.tree_memory(parent.pid, memory.process_table())
            if total > 115 * 2**20:
                break
            time.sleep(0.1)
        assert total > 115 * 2**20, total / 2**20                   # both, not one
    finally:
        for pid, (above, _) in memory.process_table().items():
            if above == parent.pid:
                os.kill(pid, 9)
        parent.kill()
        parent.wait()


# -- a virtual environment under /tmp ------------------------------------------------------------
GRADE_ONE = r'''
import json, sys
from classroom.grade import runner
from classroom.grade.model import Answer, Limits, Step, Submission
code = sys.argv[1]
sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                 answers=[Answer(exercise="02.add", code=code, cell=0, found_by="metadata")],
                 steps=[Step("cell", 0, code=code, exercise="02.add"),
                        Step("probe", 0, exercise="02.add")])
reports = []
result = runner.grade_submission(sub, Limits(timeout=30), runner.UserIds(1).take(), [], reports)
add = result.exercises[0]
print(json.dumps({"status": add.status, "message": add.message, "output": add.output,
                  "root": reports[0]["namespaces"].get("root")}))
'''


def test_a_virtual_environment_under_tmp_stays_in_the_worker_s_view(tmp_path):
    """The worker's /tmp is a tmpfs of its own; a virtual environment under /tmp (its
    packages bound into the worker's view) must not be hidden beneath it: a package the
    answer imports late, from that environment, is found."""
    base = Path(tempfile.mkdtemp(prefix="grade-venv-", dir="/tmp"))
    try:
        os.chmod(base, 0o755)
        venv = base / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        site = next(venv.glob("lib/python3*/site-packages"))
        (site / "late_package").mkdir()
        (site / "late_package" / "__init__.py").write_text("VALUE = 42\n")
        ours = [p for p in sys.path if p.endswith("site-packages")]
        (site / "the_course.pth").write_text("\n".join(ours) + "\n")    # NumPy and the rest
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        code = ADD + "import late_package\nprint('late:', late_package.VALUE)\n"
        proc = subprocess.run([str(venv / "bin" / "python"), "-c", GRADE_ONE, code],
                              capture_output=True, text=True, env=env, cwd="/", timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        if not got["root"]:
            pytest.skip(f"no private root here: {NO_NAMESPACES}")
        assert got["status"] == "correct", got
        assert "late: 42" in got["output"], got
    finally:
        shutil.rmtree(base, ignore_errors=True)
