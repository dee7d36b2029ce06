"""Binder's environment (binder/, which repo2docker reads before anything at the root): a
Python it reads as a version, every package pinned (a lock kept in step with
pyproject.toml, without the test packages), and a postBuild that installs the course,
trusts its notebooks (else saved widgets show as `VBox(...)` text) and gives JupyterLab
the course's settings."""

import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.sign import NotebookNotary
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def load_lock_script():
    spec = importlib.util.spec_from_file_location("binder_lock", BINDER / "lock.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lock = load_lock_script()


def pins() -> dict:
    """{canonical name: version} from binder/requirements.txt."""
    out = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            out[canonicalize_name(name)] = version
    return out


def pyproject():
    try:
        import tomllib
    except ImportError:                  # Python 3.10
        import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_binder_gets_a_python_version_it_can_read_and_the_course_supports():
    """environment.yml's `python>=3.10` is no version to repo2docker, which then took its
    own default; runtime.txt names one, which requires-python allows."""
    assert re.fullmatch(r"python-3\.\d+\n", (BINDER / "runtime.txt").read_text())
    major, minor = lock.runtime_python()
    assert SpecifierSet(pyproject()["project"]["requires-python"]).contains(f"{major}.{minor}")
    assert f"pinned for Python {major}.{minor} on Linux" in (BINDER / "requirements.txt").read_text()


def test_the_lock_was_resolved_from_todays_requirements():
    """A requirement added or changed in pyproject.toml (minigrad's or [course]'s) without
    running `python3.11 binder/lock.py` again fails here."""
    header = [line[len(lock.HEADER):] for line in (BINDER / "requirements.txt").read_text()
              .splitlines() if line.startswith(lock.HEADER)]
    assert header == lock.requirements(), "run `python3.11 binder/lock.py` (see its docstring)"


def test_every_requirement_is_pinned_within_its_bounds():
    pinned = pins()
    assert all(re.fullmatch(r"[\w.+!-]+", v) for v in pinned.values())     # exact versions
    for text in lock.requirements():
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{text} is not pinned"
        assert requirement.specifier.contains(pinned[name], prereleases=True), \
            f"{name}=={pinned[name]} does not satisfy {text}"


def test_the_image_holds_no_test_or_grading_tools():
    """The test packages (pytest, nbgrader, Playwright ...) were in Binder's image: only
    what minigrad and [course] need is, and a test package is there only when one of them
    requires it (PyYAML, for jupyter-events)."""
    extras = pyproject()["project"]["optional-dependencies"]
    wanted = {canonicalize_name(Requirement(r).name) for r in lock.requirements()}
    others = {canonicalize_name(Requirement(r).name) for extra in ("test", "grading")
              for r in extras[extra]} - wanted
    pinned = pins()
    required_by_a_pin = set()
    for dist in importlib.metadata.distributions():
        if canonicalize_name(dist.metadata["Name"]) in pinned:
            required_by_a_pin |= {canonicalize_name(Requirement(r).name)
                                  for r in dist.requires or [] if "extra ==" not in r}
    stowaways = {name for name in others & set(pinned) if name not in required_by_a_pin}
    assert not stowaways, f"test-only packages in Binder's lock: {stowaways}"
    assert {"pytest", "nbgrader", "playwright", "hypothesis", "nbval"}.isdisjoint(pinned)


def test_postbuild_installs_the_course_trusts_the_notebooks_and_sets_up_jupyterlab(tmp_path):
    """postBuild run in a copy of the repository with one notebook per folder, the real
    `jupyter trust`, and a `python` that records what it is asked (no network here)."""
    repo, prefix, data = tmp_path / "repo", tmp_path / "prefix", tmp_path / "jupyter-data"
    notebooks = [Path(folder, "01_tensor.ipynb") for folder in ("chapters", "exercises",
                                                                 "solutions")]
    for name in notebooks + [Path("classroom/jupyterlab/overrides.json")]:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, repo / name)
    stubs = tmp_path / "bin"
    stubs.mkdir()
    asked = tmp_path / "python-was-asked"
    (stubs / "python").write_text(f'#!/bin/sh\necho "$@" >> "{asked}"\n')
    (stubs / "python").chmod(0o755)
    (stubs / "jupyter").symlink_to(Path(sys.executable).parent / "jupyter")
    env = dict(os.environ, PATH=f"{stubs}{os.pathsep}{os.environ['PATH']}",
               NB_PYTHON_PREFIX=str(prefix), JUPYTER_DATA_DIR=str(data))
    done = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert asked.read_text().split() == ["-m", "pip", "install", "--no-deps",
                                         "--disable-pip-version-check", "-e", "."]
    notary = NotebookNotary(data_dir=str(data))
    for name in notebooks:
        assert notary.check_signature(nbformat.read(repo / name, as_version=4)), name
    settings = prefix / "share/jupyter/lab/settings/overrides.json"
    assert json.loads(settings.read_text()) == json.loads(
        (ROOT / "classroom/jupyterlab/overrides.json").read_text())
    assert os.access(BINDER / "postBuild", os.X_OK)          # repo2docker runs it as is
