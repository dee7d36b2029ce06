"""The course as students get it: ``classroom-release --out DIR [--with-solutions]``.

(Also ``python -m classroom.release``.)  A graded class must not hand out the answers, and
nbgitpuller, Binder and a plain ``git clone`` give students the whole repository.  This
command writes the tree students get instead, from the files git tracks in this checkout:

* the chapters, the exercise notebooks, both packages (``minigrad/``, ``classroom/``), the
  README, ``pyproject.toml``, ``course.py``, Binder's and the hub image's files
  (``binder/``, ``hub/``) and the hub guide;
* never ``instructor/`` (hidden cases, known mistakes, hidden expectations), the
  instructor pages (``docs/instructors/``, quiz answers included), ``tests/`` (its
  corpus holds right answers) or ``benchmarks/``; ``solutions/`` only with
  ``--with-solutions`` (a self-paced edition);
* ``classroom/edition.py`` rewritten to say what the release holds, so that
  ``solution()`` answers "withheld in this release" instead of reading ``solutions/``;
* with ``--repository URL`` (and ``--jupyterhub URL``), ``[project.urls]`` of the release
  set to the release's own address and the launch links rewritten from it (the README's
  block and every notebook's first cell: see :mod:`classroom.launch`), so that Binder,
  Colab and nbgitpuller open the release, not this repository;
* with ``--git``, a new git repository holding the release as its only commit: none of
  this repository's history, where the answers are.

Before the release is put in place it is searched (:func:`leaks`) for the text of every
reference answer (each line of an answer cell's solution region that the exercise
notebook does not already show), every hidden case (its description and its ``Case(...)``
line), any copy of an ``instructor/``, ``solutions/`` or ``tests/`` file, and any
compiled ``.pyc``; notebook sources, outputs and metadata are searched as text, and with
``--git`` every object in the new repository.  A release with a leak is not written: the
command names each finding and exits 1.  ``DIR`` must not exist yet (or be empty), so
nothing is overwritten.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pprint
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What a release holds (files git tracks under these paths)...
RELEASED = ("README.md", "LICENSE", "pyproject.toml", "environment.yml", "course.py",
            "Makefile", ".gitignore", "binder/", "hub/", "chapters/", "exercises/",
            "minigrad/", "classroom/", "docs/jupyterhub.md")
#: ...and what it never holds, whatever the list above says.
NEVER = ("instructor/", "solutions/", "tests/", "benchmarks/", "docs/instructors/")
SOLUTIONS = "solutions/"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
MIN_NEEDLE = 12          # a shorter answer ("return out") says nothing about the answer
WINDOW = 4               # consecutive answer lines searched for together
_SPACE = re.compile(r"\s+")
_SKIPPED_KEYS = ("image/png", "image/jpeg", "image/gif")


class ReleaseError(Exception):
    """The release cannot be written as asked: the message says why."""


# -- what goes in ------------------------------------------------------------------------
def tracked_files(root: Path = ROOT) -> list:
    """The files git tracks in the checkout ``root`` (as they are in the working tree)."""
    if not (root / ".git").exists():
        raise ReleaseError(f"{root} is not a git checkout: a release is made from the files "
                           f"the course repository tracks")
    out = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True,
                         check=True).stdout.decode()
    return [name for name in out.split("\0") if name and (root / name).is_file()]


def released(name: str, with_solutions: bool) -> bool:
    if name.endswith(".pyc") or "__pycache__/" in name:
        return False
    if with_solutions and name.startswith(SOLUTIONS):
        return True
    if any(name.startswith(p) for p in NEVER):
        return False
    return any(name == p or (p.endswith("/") and name.startswith(p)) for p in RELEASED)


def edition_source(info: dict) -> str:
    return ('"""Which edition of the course this is: written by ``classroom-release``.\n\n'
            "``solution()`` reads ``RELEASE['solutions']``: without them it says that answers\n"
            'are withheld in this release."""\n\n'
            f"RELEASE = {pprint.pformat(info, sort_dicts=True)}\n")


def _set_urls(pyproject: str, repository: str, jupyterhub: str) -> str:
    """``pyproject.toml``'s text with ``[project.urls]`` holding the release's address."""
    lines = [f'Repository = "{repository}"'] + ([f'JupyterHub = "{jupyterhub}"']
                                                if jupyterhub else [])
    block = "[project.urls]\n" + "\n".join(lines) + "\n"
    section = re.compile(r"^\[project\.urls\]\n(?:(?!\[).*\n)*", re.M)
    if section.search(pyproject):
        return section.sub(lambda m: block + "\n", pyproject, count=1)
    anchor = pyproject.find("\n[project.optional-dependencies]")
    if anchor < 0:
        raise ReleaseError("pyproject.toml has no [project.optional-dependencies] section to "
                           "put [project.urls] before")
    return pyproject[:anchor + 1] + block + "\n" + pyproject[anchor + 1:]


def _readme_note(info: dict) -> str:
    what = ("with the worked solutions (solutions/)" if info["solutions"] else
            "without the answers: `solution()` says they are withheld")
    return (f"> **This is a release of the course for students** ({info['name']}), made "
            f"{info['made']} from commit {info['commit'][:12]}, {what}. The tests, the "
            f"instructor's files and pages are not part of it.\n\n")


def _relink(root: Path) -> None:
    """Launch links and every notebook's first cell from the release's ``[project.urls]``."""
    import nbformat

    from . import launch

    launch.write(root)
    source = launch.first_cell_source(launch.read_setting(root / "pyproject.toml"))
    for path in launch.notebook_paths(root, ("exercises",)):
        text = path.read_text(encoding="utf-8")
        new = nbformat.writes(launch.with_first_cell(nbformat.reads(text, as_version=4),
                                                     source)) + "\n"
        if new != text:
            path.write_text(new, encoding="utf-8")


def write_tree(out: Path, *, root: Path = ROOT, with_solutions: bool = False, name: str = "",
               repository: str = "", jupyterhub: str = "") -> dict:
    """Copy the released files of ``root`` into ``out`` (new) and make them a release."""
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    info = {"name": name or "a class release", "solutions": with_solutions, "commit": commit,
            "made": time.strftime("%Y-%m-%d")}
    for rel in tracked_files(root):
        if released(rel, with_solutions):
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / rel, target)
    (out / "classroom" / "edition.py").write_text(edition_source(info), encoding="utf-8")
    pyproject = out / "pyproject.toml"
    if repository:
        if not repository.startswith("https://"):
            raise ReleaseError(f"--repository must be an https:// URL, got {repository!r}")
        pyproject.write_text(_set_urls(pyproject.read_text(encoding="utf-8"), repository,
                                       jupyterhub), encoding="utf-8")
    elif jupyterhub:
        raise ReleaseError("--jupyterhub needs --repository: nbgitpuller pulls the release's "
                           "repository")
    readme = out / "README.md"
    text = readme.read_text(encoding="utf-8")
    head, _, rest = text.partition("\n\n")
    readme.write_text(head + "\n\n" + _readme_note(info) + rest, encoding="utf-8")
    try:
        _relink(out)
    except ValueError as err:                # a bad [project.urls]
        raise ReleaseError(str(err)) from None
    return info


def make_git(out: Path, info: dict) -> None:
    """``out`` as a new repository whose one commit is the release (no earlier history)."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "classroom-release",
           "GIT_AUTHOR_EMAIL": "release@localhost", "GIT_COMMITTER_NAME": "classroom-release",
           "GIT_COMMITTER_EMAIL": "release@localhost"}
    for cmd in (["init", "-q", "-b", "main"], ["add", "-A"],
                ["commit", "-q", "-m", f"Release: {info['name']} (from {info['commit'][:12]})"]):
        subprocess.run(["git", "-C", str(out), *cmd], check=True, env=env, capture_output=True)


# -- what must not be in it -----------------------------------------------------------------
def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _strings(value, out: list) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _SKIPPED_KEYS:
                _strings(item, out)


def text_of(name: str, data: bytes) -> str:
    """What to search in one file: its bytes as text and, for a notebook or other JSON, its
    strings with their escapes undone (sources, outputs, metadata; not images)."""
    text = data.decode("utf-8", errors="replace")
    if name.endswith((".ipynb", ".json")):       # strings as they read, escapes undone
        try:
            parts = []
            _strings(json.loads(text), parts)
            text = text + "\n" + "\n".join(parts)
        except (ValueError, RecursionError):
            pass
    return _norm(text)


def _cells(path: Path) -> list:
    return ["".join(c.get("source", "")) for c in json.loads(path.read_text("utf-8"))["cells"]]


def _public_text(root: Path) -> str:
    """What students are meant to read, in the maintainers' checkout: the lessons, the
    exercise notebooks and their hints, and what the chapters build and then import
    finished (``minigrad/``, the other designs in ``classroom/designs/``).  Answer text
    that appears there is taught, not leaked."""
    parts = []
    for folder in ("chapters", "exercises"):
        for path in sorted((root / folder).glob("[0-9][0-9]_*.ipynb")):
            parts += _cells(path)
    for folder in ("minigrad", "classroom/designs"):
        parts += [p.read_text(encoding="utf-8") for p in sorted((root / folder).rglob("*.py"))]
    from .exercises.registry import chapter, chapter_modules

    parts += [hint for number in chapter_modules() for ex in chapter(number).EXERCISES
              for hint in ex.hints]
    lines = (_norm(line) for part in parts for line in part.splitlines())
    return "\n".join(line for line in lines if line)


def answer_lines(root: Path = ROOT) -> dict:
    """``{normalised text: where}``: every solution region of ``root``'s ``solutions/`` as a
    whole, and every run of :data:`WINDOW` consecutive lines of it that the lessons,
    exercise notebooks and library do not already show (see :func:`_public_text`).
    Single lines are not searched for: ``loss.backward()`` is in every chapter."""
    public = " " + _public_text(root).replace("\n", " ") + " "
    needles = {}
    for path in sorted((root / "solutions").glob("[0-9][0-9]_*.ipynb")):
        for source in _cells(path):
            for region in _regions(source):
                where = f"an answer of solutions/{path.name}"
                whole = _norm("\n".join(region))
                if len(whole) >= MIN_NEEDLE and f" {whole} " not in public:
                    needles.setdefault(whole, where)
                lines = [_norm(line) for line in region if _norm(line)]
                for i in range(len(lines) - WINDOW + 1):
                    window = " ".join(lines[i:i + WINDOW])
                    if f" {window} " not in public:
                        needles.setdefault(window, where)
    return needles


def _regions(source: str) -> list:
    """The solution regions of one cell, each as its lines."""
    regions, inside = [], False
    for line in source.splitlines():
        if line.strip() == BEGIN:
            inside = True
            regions.append([])
        elif line.strip() == END:
            inside = False
        elif inside:
            regions[-1].append(line)
    return regions


def hidden_lines(root: Path = ROOT) -> dict:
    """``{normalised text: where}``: each hidden case as written, ``Case("...", ...)``: its
    description with the inputs it is built from (descriptions alone are not secret: the
    grader shows them with ``--reveal-hidden``, and many are as plain as "a matrix")."""
    needles = {}
    for path in sorted((root / "instructor" / "hidden").glob("ch*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "Case(" in line and len(_norm(line)) >= MIN_NEEDLE:
                needles[_norm(line)] = f"a hidden case in instructor/hidden/{path.name}"
    return needles


def private_digests(root: Path = ROOT) -> dict:
    """sha256 of every instructor, solutions and tests file: a copy of one is a leak."""
    out = {}
    for folder in ("instructor", "solutions", "tests"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.stat().st_size > 64:
                out[hashlib.sha256(path.read_bytes()).hexdigest()] = str(path.relative_to(root))
    return out


def _files(release: Path):
    for path in sorted(release.rglob("*")):
        rel = path.relative_to(release).as_posix()
        if path.is_file() and not rel.startswith(".git/"):
            yield rel, path.read_bytes()
    if (release / ".git").exists():      # every object in the repository, history included
        listing = subprocess.run(["git", "-C", str(release), "cat-file",
                                  "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)"],
                                 capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            sha, kind = line.split()
            if kind == "blob":
                data = subprocess.run(["git", "-C", str(release), "cat-file", "blob", sha],
                                      capture_output=True, check=True).stdout
                yield f"git object {sha[:12]}", data


def leaks(release: Path, root: Path = ROOT, with_solutions: bool = False) -> list:
    """Every place in ``release`` (its files, and its git objects) where a reference answer,
    a hidden case or an instructor's file shows: ``[(where, what)]``, empty when none."""
    needles = hidden_lines(root)
    if not with_solutions:
        needles.update(answer_lines(root))
    digests = private_digests(root)
    if with_solutions:
        digests = {d: n for d, n in digests.items() if not n.startswith(SOLUTIONS)}
    found = []
    for name, data in _files(Path(release)):
        if name.endswith(".pyc") or "__pycache__" in name:
            found.append((name, "compiled Python (it may hold any source's text)"))
            continue
        if name.startswith("solutions/") and with_solutions:
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest in digests:
            found.append((name, f"a copy of {digests[digest]}"))
            continue
        haystack = text_of(name, data)
        for needle, where in needles.items():
            if needle in haystack:
                found.append((name, f"{where}: {needle[:80]!r}"))
    return found


# -- the command -------------------------------------------------------------------------------
def release(out: Path, *, root: Path = ROOT, with_solutions: bool = False, name: str = "",
            repository: str = "", jupyterhub: str = "", git: bool = False) -> dict:
    """Write the release into ``out`` (which must not exist, or be empty); raises
    :class:`ReleaseError` without leaving anything at ``out`` when it finds a leak."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ReleaseError(f"{out} exists and is not empty: give a new folder (a release "
                           f"never overwrites anything)")
    if out.resolve() == root.resolve() or root.resolve() in out.resolve().parents:
        raise ReleaseError(f"{out} is inside the course checkout {root}: write the release "
                           f"somewhere else")
    staging = out.parent / f".{out.name}.partial-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        info = write_tree(staging, root=root, with_solutions=with_solutions, name=name,
                          repository=repository, jupyterhub=jupyterhub)
        if git:
            make_git(staging, info)
        found = leaks(staging, root, with_solutions)
        if found:
            raise ReleaseError("the release would leak what students must not see:\n" +
                               "\n".join(f"  {where}: {what}" for where, what in found))
        if out.exists():
            out.rmdir()
        os.rename(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return info


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="classroom-release",
        description="Write the course as students get it into a new folder: chapters, "
                    "exercises and the packages, without solutions/ (unless "
                    "--with-solutions), instructor/, tests or the instructor pages; checked "
                    "for leaked answers and hidden cases before it is put in place. Also "
                    "python -m classroom.release.")
    p.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="the folder to write (must not exist yet, or be empty)")
    p.add_argument("--with-solutions", action="store_true",
                   help="include solutions/ and let solution() show answers (self-paced)")
    p.add_argument("--name", default="", help="what the release is, e.g. 'CS 101, spring 2027'")
    p.add_argument("--repository", default="", metavar="URL",
                   help="where the release will be published (https://github.com/OWNER/REPO): "
                        "its launch links point there")
    p.add_argument("--jupyterhub", default="", metavar="URL",
                   help="your JupyterHub, for nbgitpuller links to the release")
    p.add_argument("--git", action="store_true",
                   help="make DIR a new git repository with the release as its only commit")
    args = p.parse_args(argv)
    try:
        info = release(args.out, with_solutions=args.with_solutions, name=args.name,
                       repository=args.repository, jupyterhub=args.jupyterhub, git=args.git)
    except ReleaseError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1 if "leak" in str(err) else 2
    files = sum(1 for p in args.out.rglob("*") if p.is_file() and ".git" not in p.parts)
    print(f"wrote {args.out}: {files} files, {'with' if info['solutions'] else 'without'} "
          f"solutions, from commit {info['commit'][:12]}; searched for answers and hidden "
          f"cases: none found")
    if args.repository:
        print(f"launch links point at {args.repository}")
    else:
        print("no --repository given: the release has no launch links (see README)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
