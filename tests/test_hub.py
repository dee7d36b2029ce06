"""The JupyterHub single-user image (hub/Dockerfile) as far as this machine can check it
without Docker: its steps read, every file it copies is in a release, its Python is the
one the pinned requirements were locked for, its start-up hook run for real (copy, trust,
never overwrite), and a chapter 1 exercise notebook run on the result as a student on a
hub would, first cell included.  What this cannot check (pulling the base image,
installing the pins into it, JupyterHub spawning it) is listed in docs/jupyterhub.md."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from classroom import launch, release

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "hub"


def instructions() -> list:
    """(instruction, arguments) of hub/Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", (HUB / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_the_dockerfile_builds_from_files_a_release_has_on_the_locked_python():
    steps = instructions()
    assert steps[0][0] == "FROM"
    image, _, tag = steps[0][1].partition(":")
    assert image == "quay.io/jupyter/minimal-notebook" and tag and tag != "latest"
    runtime = (ROOT / "binder/runtime.txt").read_text().strip()       # python-3.11
    assert tag == runtime, "the image's Python must be the one binder/requirements.txt is for"
    known = {"FROM", "COPY", "RUN", "ENV", "USER", "WORKDIR", "ARG", "LABEL"}
    assert {word for word, _ in steps} <= known
    for word, args in steps:
        if word != "COPY":
            continue
        parts = [p for p in args.split() if not p.startswith("--")]
        for source in parts[:-1]:
            assert (ROOT / source).exists(), source
            assert release.released(source + ("/x" if (ROOT / source).is_dir() else ""),
                                    with_solutions=False), f"{source} is not in a release"
    run = " ".join(a for w, a in steps if w == "RUN")
    assert "-r /tmp/course-requirements.txt" in run and "--no-deps /tmp/course-src" in run
    assert not any(s in " ".join(a for _, a in steps) for s in ("solutions", "instructor"))
    assert subprocess.run(["bash", "-n", str(HUB / "course-start.sh")]).returncode == 0


def _start(home: Path, source: Path, data: Path, **env) -> str:
    """Source the hook as start.sh does (``source`` in bash, as the student)."""
    done = subprocess.run(
        ["bash", "-c", f"set -u; source {HUB / 'course-start.sh'}; echo hook-finished"],
        env={**os.environ, "HOME": str(home), "COURSE_SOURCE": str(source),
             "JUPYTER_DATA_DIR": str(data),
             "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", **env},
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.rstrip().endswith("hook-finished"), done
    return done.stdout


@pytest.fixture
def image_course(tmp_path):
    """What the image holds in /opt/course (chapter 1 and its exercises are enough)."""
    source = tmp_path / "opt-course"
    for folder in ("chapters", "exercises"):
        (source / folder).mkdir(parents=True)
        shutil.copy(ROOT / folder / "01_tensor.ipynb", source / folder)
    shutil.copy(ROOT / "README.md", source)
    return source


def test_the_start_hook_copies_the_course_once_and_trusts_it(tmp_path, image_course):
    home, data = tmp_path / "home", tmp_path / "jupyter-data"
    home.mkdir()
    said = _start(home, image_course, data)
    assert "copied the course into" in said and "2 notebooks" in said
    notary = NotebookNotary(data_dir=str(data))
    for folder in ("chapters", "exercises"):
        nb = nbformat.read(home / "course" / folder / "01_tensor.ipynb", as_version=4)
        assert notary.check_signature(nb), folder
    mine = home / "course/exercises/01_tensor.ipynb"
    mine.write_text(mine.read_text().replace("Run this cell first", "My notes"))
    said = _start(home, image_course, data)                  # the next start: no copy
    assert "copied" not in said and "My notes" in mine.read_text()
    other = tmp_path / "home2"
    other.mkdir()
    said = _start(other, image_course, data, COURSE_COPY="0")   # nbgitpuller brings it
    assert not (other / "course").exists() and said.strip() == "hook-finished"


def test_a_chapter_1_notebook_runs_on_the_hub_and_checks_answers(tmp_path, image_course):
    """The exercise notebook run top to bottom as a hub's kernel runs it (JUPYTERHUB_USER
    set): the first cell passes, every check answers "not attempted", none crashes."""
    from nbclient import NotebookClient

    home = tmp_path / "home"
    home.mkdir()
    _start(home, image_course, tmp_path / "data")
    path = home / "course/exercises/01_tensor.ipynb"
    nb = nbformat.read(path, as_version=4)
    os.environ["JUPYTERHUB_USER"] = "student"
    try:
        NotebookClient(nb, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        del os.environ["JUPYTERHUB_USER"]
    text = "\n".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
                     for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "not attempted" in text.lower()
    assert "Traceback" not in text


def test_on_a_hub_without_the_course_the_first_cell_says_so_for_a_hub(tmp_path):
    source = launch.first_cell_source(launch.read_setting())
    cell = tmp_path / "first_cell.py"
    cell.write_text(source)
    # -I -S: a Python that cannot import the course (no site-packages, no checkout on path)
    on_hub = subprocess.run([sys.executable, "-I", "-S", str(cell)], capture_output=True,
                            text=True, env={**os.environ, "JUPYTERHUB_USER": "student"})
    assert "this JupyterHub's Python does not have the course installed" in on_hub.stderr
    assert "course.py lab" not in on_hub.stderr
    alone = subprocess.run([sys.executable, "-I", "-S", str(cell)], capture_output=True,
                           text=True, env={k: v for k, v in os.environ.items()
                                           if k != "JUPYTERHUB_USER"})
    assert "python3 course.py lab" in alone.stderr
