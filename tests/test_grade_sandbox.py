"""The worker's sandbox (classroom.grade.sandbox, .runner), one layer at a time.

Each test grades a one-exercise submission in a real worker process (about a second).
Destructive code here only ever targets folders the test made; a layer that is not
available on this machine is skipped, with the reason."""

import hashlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest

from classroom.grade import runner, sandbox
from classroom.grade.model import Answer, Limits, Submission

IS_ROOT = os.geteuid() == 0
LANDLOCK = sandbox.landlock_abi()
ADD = '''
def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")
'''


def grade(code: str, uid=None):
    """(the 02.add result, the worker's sandbox report) for an answer cell ``code``."""
    sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise="02.add", code=code, cell=0, found_by="metadata")])
    reports, warnings = [], []
    result = runner.grade_submission(sub, Limits(timeout=20), uid, warnings, reports)
    assert not warnings, warnings
    return result.exercises[0], reports[0]


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
print("tried")
'''


@pytest.mark.parametrize("layer", ["a user of its own", "Landlock"])
def test_each_layer_alone_keeps_learner_code_from_changing_files(layer, shared_folder,
                                                                 monkeypatch):
    if layer == "a user of its own" and not IS_ROOT:
        pytest.skip("switching user needs the grader to run as root")
    if layer == "Landlock" and not LANDLOCK:
        pytest.skip("this kernel has no Landlock")
    monkeypatch.setattr(runner, "LANDLOCK", layer == "Landlock")
    uid = runner.UserIds(1).take() if layer == "a user of its own" else None
    before = digest(shared_folder)
    result, report = grade(DELETER.format(target=str(shared_folder)), uid)
    assert result.status == "correct" and "tried" in result.output
    assert digest(shared_folder) == before
    assert not (shared_folder / "planted").exists()
    if layer == "Landlock":
        assert report["landlock"] == LANDLOCK and not report["own_user"]
    else:
        assert report["own_user"] and report["landlock"] == 0 and report["uid"] == uid


def test_learner_code_may_use_its_scratch_folder_and_import_more_modules(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))    # private to the grader's user
    code = ADD + '''
import os
with open("notes.txt", "w") as f:
    f.write("mine")
with open(os.path.join(os.environ["HOME"], "notes.txt")) as f:
    print("scratch:", f.read())
import wave, calendar, zipfile     # not imported before the sandbox closed
print("imports: ok", calendar.isleap(2024))
'''
    result, _ = grade(code, runner.UserIds(1).take())
    assert result.status == "correct", result.message
    assert "scratch: mine" in result.output and "imports: ok True" in result.output


@pytest.mark.skipif(not LANDLOCK, reason="this kernel has no Landlock")
def test_with_landlock_learner_code_cannot_read_other_files_or_connect(shared_folder):
    code = ADD + f'''
import socket
try:
    open({str(shared_folder / "a.ipynb")!r}).read()
    print("read: allowed")
except PermissionError:
    print("read: blocked")
try:
    socket.create_connection(("127.0.0.1", 9), timeout=1)
except PermissionError:
    print("connect: blocked")
except OSError as err:
    print("connect: not blocked", type(err).__name__)
'''
    result, report = grade(code, runner.UserIds(1).take())
    assert "read: blocked" in result.output
    if report["network_blocked"]:
        assert "connect: blocked" in result.output


def test_processes_left_behind_are_killed():
    code = ADD + '''
import os, time
child = os.fork()
if child == 0:
    os.setsid()              # leaves the worker's process group
    time.sleep(600)
    os._exit(0)
print("child", child)
'''
    result, report = grade(code, runner.UserIds(1).take())
    child = int(result.output.split("child", 1)[1].split()[0])
    if not report["own_user"]:
        os.kill(child, 9)
        pytest.skip("a process that leaves its group is only found by its own user id (root)")
    for _ in range(50):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    pytest.fail(f"process {child}, started by learner code, is still running")


def test_concurrent_workers_get_distinct_users():
    ids = runner.UserIds(3)
    taken = [ids.take() for _ in range(3)]
    if IS_ROOT:
        assert len(set(taken)) == 3 and all(u >= 1_900_000_000 for u in taken)
    else:
        assert taken == [None, None, None]


def test_a_worker_that_cannot_start_as_another_user_falls_back_with_a_warning(monkeypatch):
    class FailsAsAnotherUser(runner.Worker):
        def __init__(self, setup, steps, limits, uid, hidden=""):
            if uid is not None:
                self.COMMAND = [sys.executable, "-c", "raise SystemExit(3)"]
            super().__init__(setup, steps, limits, uid, hidden)

    monkeypatch.setattr(runner, "Worker", FailsAsAnotherUser)
    sub = Submission(student="s", relpath="s.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise="02.add", code=ADD, cell=0, found_by="metadata")])
    warnings = []
    result = runner.grade_submission(sub, Limits(timeout=20), 1_999_999_999, warnings, [])
    assert result.exercises[0].status == "correct"
    assert len(warnings) == 1 and "could not start as another user" in warnings[0]
    assert "the grader's user" in warnings[0]
