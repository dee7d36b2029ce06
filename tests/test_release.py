"""classroom-release: the course as students get it, with no answer and no hidden case in it.

One release is written (as a new git repository, launch links pointing at it) and searched
with the same search the command runs; then answers are planted where they could hide (a
docstring, a notebook's output, a .pyc, a file deleted in a later commit, a copied
expectations file) to show the search finds each.
"""

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from classroom import launch, release

ROOT = Path(__file__).resolve().parents[1]
URL = "https://github.com/example/course-spring-2027"
HUB = "https://hub.example.edu"


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("release") / "course"
    info = release.release(out, name="CS 1, spring 2027", repository=URL, jupyterhub=HUB,
                           git=True)
    return out, info


def _python(folder: Path, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=folder,
                          env=dict(os.environ, PYTHONPATH=str(folder)), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_release_holds_the_course_and_none_of_the_instructors_files(made):
    out, info = made
    assert info["solutions"] is False
    for folder in ("chapters", "exercises", "minigrad", "classroom", "binder"):
        assert (out / folder).is_dir(), folder
    for folder in ("solutions", "instructor", "tests", "benchmarks", "docs/instructors"):
        assert not (out / folder).exists(), folder
    assert not list(out.rglob("*.pyc")) and not list(out.rglob("__pycache__"))
    log = subprocess.run(["git", "-C", str(out), "log", "--format=%s"], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert len(log) == 1 and log[0].startswith("Release: CS 1, spring 2027")


def test_no_reference_answer_or_hidden_case_is_anywhere_in_it(made):
    out, _ = made
    answers, hidden = release.answer_lines(ROOT), release.hidden_lines(ROOT)
    # every exercise's answer is searched for, and every hidden case
    assert len(answers) > 300 and len(hidden) > 80
    assert release.leaks(out, ROOT) == []


def test_solution_says_answers_are_withheld_and_check_still_works(made):
    out, _ = made
    shown = _python(out, """
        import classroom
        from classroom import check, solution
        assert classroom.__file__.startswith(%r), classroom.__file__
        print(solution("01.mlp_shapes"))
        def mlp_shapes(n, height, width, hidden, classes):
            f = height * width
            return {"images": (n, height, width), "inputs": (n, f), "weight1": (hidden, f),
                    "bias1": (hidden,), "hidden": (n, hidden), "weight2": (classes, hidden),
                    "bias2": (classes,), "logits": (n, classes)}
        print(repr(check("01.mlp_shapes", mlp_shapes)))
    """ % str(out))
    assert "withheld in this release" in shown and "CS 1, spring 2027" in shown
    assert "height * width" not in shown.split("\n")[0]
    assert "correct" in shown.lower() and "incorrect" not in shown.lower()


def test_launch_links_point_at_the_release(made):
    out, _ = made
    where = launch.read_setting(out / "pyproject.toml")
    assert (where.repository, where.jupyterhub) == (URL, HUB)
    assert launch.stale(out) == []                  # README and every first cell rewritten
    readme = (out / "README.md").read_text()
    assert "mybinder.org/v2/gh/example/course-spring-2027" in readme
    assert "hub.example.edu/hub/user-redirect/git-pull" in readme
    first = json.loads((out / "exercises/11_deep_networks.ipynb").read_text())["cells"][0]
    assert URL in "".join(first["source"])
    assert "release of the course for students" in readme


def test_with_solutions_the_answers_come_along(tmp_path):
    out = tmp_path / "self-paced"
    release.release(out, with_solutions=True)
    assert (out / "solutions/11_deep_networks.ipynb").is_file()
    assert not (out / "instructor").exists()
    shown = _python(out, 'from classroom import solution; print(solution("11.kaiming_std"))')
    assert "math.sqrt" in shown and "withheld" not in shown


def test_binder_postbuild_runs_in_a_release_without_solutions(made, tmp_path):
    """postBuild trusts the notebooks that are there; a release has no solutions/, and
    `jupyter trust` of an unmatched glob would stop Binder's build."""
    out, _ = made
    stubs = tmp_path / "bin"
    stubs.mkdir()
    (stubs / "python").write_text("#!/bin/sh\nexit 0\n")
    (stubs / "python").chmod(0o755)
    (stubs / "jupyter").symlink_to(Path(sys.executable).parent / "jupyter")
    repo = tmp_path / "repo"
    shutil.copytree(out, repo, ignore=shutil.ignore_patterns(".git"))
    env = dict(os.environ, PATH=f"{stubs}{os.pathsep}{os.environ['PATH']}",
               NB_PYTHON_PREFIX=str(tmp_path / "prefix"),
               JUPYTER_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


# -- the search finds answers wherever they hide -------------------------------------------
def _copy(made, tmp_path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(made[0], copy, symlinks=True)
    return copy


def _an_answer() -> str:
    """The reference answer of 11.kaiming_std, as the solutions notebook has it."""
    from classroom.exercises.learner import solution_source

    return solution_source("11.kaiming_std", ROOT / "solutions")


def test_an_answer_in_a_docstring_is_found(made, tmp_path):
    copy = _copy(made, tmp_path)
    module = copy / "classroom/widgets/deep_networks.py"
    body = "\n".join(line for line in _an_answer().splitlines()[1:])
    module.write_text('"""Reference, for the curious:\n' + body + '\n"""\n' + module.read_text())
    found = release.leaks(copy, ROOT)
    assert any(where == "classroom/widgets/deep_networks.py" and "11_deep_networks" in what
               for where, what in found), found


def test_an_answer_printed_in_a_notebook_output_is_found(made, tmp_path):
    copy = _copy(made, tmp_path)
    path = copy / "exercises/11_deep_networks.ipynb"
    nb = json.loads(path.read_text())
    cell = next(c for c in nb["cells"] if c["cell_type"] == "code")
    cell["outputs"] = [{"output_type": "stream", "name": "stdout",
                        "text": _an_answer().splitlines(keepends=True)}]
    path.write_text(json.dumps(nb, indent=1))
    assert {w for w, _ in release.leaks(copy, ROOT)} == {"exercises/11_deep_networks.ipynb"}


def test_a_hidden_case_compiled_or_copied_is_found(made, tmp_path):
    copy = _copy(made, tmp_path)
    line = next(l for l in (ROOT / "instructor/hidden/ch11_deep_networks.py").read_text()
                .splitlines() if "Case(" in l)
    (copy / "chapters/notes.md").write_text(f"Next week's test:\n{line}\n")
    expected = copy / "classroom/exercises/expected/ch11_deep_networks.json"
    data = json.loads(expected.read_text())
    data["note"] = line                       # inside a JSON string: quotes escaped
    expected.write_text(json.dumps(data))
    shutil.copy(ROOT / "instructor/expected/ch05_sgd.json", copy / "classroom/sgd.json")
    (copy / "classroom/__pycache__").mkdir()
    (copy / "classroom/__pycache__/release.cpython-311.pyc").write_bytes(b"\x00compiled")
    found = dict(release.leaks(copy, ROOT))
    assert "a hidden case in instructor/hidden/ch11" in found["chapters/notes.md"]
    assert "a hidden case" in found["classroom/exercises/expected/ch11_deep_networks.json"]
    assert found["classroom/sgd.json"] == "a copy of instructor/expected/ch05_sgd.json"
    assert "compiled" in found["classroom/__pycache__/release.cpython-311.pyc"]


def test_an_answer_deleted_in_a_later_commit_is_found_in_the_history(made, tmp_path):
    copy = _copy(made, tmp_path)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    git = lambda *a: subprocess.run(["git", "-C", str(copy), *a], check=True, env=env,  # noqa: E731
                                    capture_output=True)
    (copy / "answers.py").write_text(_an_answer())
    git("add", "answers.py")
    git("commit", "-q", "-m", "oops")
    git("rm", "-q", "answers.py")
    git("commit", "-q", "-m", "remove it")
    assert not (copy / "answers.py").exists()
    found = release.leaks(copy, ROOT)
    assert found and all(where.startswith("git object") for where, _ in found), found


def test_a_release_that_would_leak_is_not_written(tmp_path, monkeypatch):
    real = release.write_tree

    def leaky(out, **kwargs):
        info = real(out, **kwargs)
        (out / "minigrad/answers.txt").write_text(_an_answer())
        return info

    monkeypatch.setattr(release, "write_tree", leaky)
    out = tmp_path / "course"
    with pytest.raises(release.ReleaseError, match="minigrad/answers.txt"):
        release.release(out)
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_it_never_overwrites_a_folder_and_refuses_a_bad_address(tmp_path, capsys):
    (tmp_path / "full").mkdir()
    (tmp_path / "full/keep.txt").write_text("mine")
    assert release.main(["--out", str(tmp_path / "full")]) == 2
    assert "not empty" in capsys.readouterr().err
    assert (tmp_path / "full/keep.txt").read_text() == "mine"
    assert release.main(["--out", str(tmp_path / "a"), "--repository", "http://x"]) == 2
    assert "https://" in capsys.readouterr().err and not (tmp_path / "a").exists()
    assert release.main(["--out", str(tmp_path / "b"), "--jupyterhub", HUB]) == 2
    assert "--repository" in capsys.readouterr().err


def test_the_site_built_from_the_release_holds_no_answer(made, tmp_path):
    """What the site would publish from the release, solutions asked for included (there
    are none to find): the staged pages, before Sphinx turns them into HTML."""
    from classroom.site.build import stage

    out, _ = made
    staged = tmp_path / "site.src"
    parts = stage(staged, out, with_solutions=True)
    assert "solutions" not in parts and parts["chapters"]
    shutil.rmtree(staged / "_static")                  # MathJax and the style sheet
    assert release.leaks(staged, ROOT) == []


def test_the_edition_file_keeps_any_release_name():
    info = {"name": 'Intro, "trueblood" section\\null', "solutions": False, "commit": "c",
            "made": "2027-01-01"}
    namespace = {}
    exec(release.edition_source(info), namespace)
    assert namespace["RELEASE"] == info
