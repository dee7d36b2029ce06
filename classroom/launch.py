"""Open the course anywhere, from one setting: ``[project.urls]`` in ``pyproject.toml``.

``python -m classroom.launch`` (``make launch``) writes, from that setting:

* the README's launch block (between the ``launch-links`` markers): Binder, a JupyterHub
  through nbgitpuller, and Colab for each chapter;
* the first cell of every chapter and solutions notebook, which on Colab installs minigrad
  and what the notebooks import (the ``[notebooks]`` extra: widgets, plotting, the digits,
  nothing of JupyterLab or the site) when they are missing, and does nothing where they
  are installed (``python3 course.py lab``, Binder, a JupyterHub with the environment).
  The exercise notebooks get the same cell from their generator
  (``classroom/exercises/generate.py``), which calls :func:`first_cell_source`;
* the site's launch buttons (``classroom/site/build.py`` reads the same setting).

The setting::

    [project.urls]
    Repository = "https://github.com/OWNER/REPO"     # where the course is published
    JupyterHub = "https://hub.example.edu"           # optional: your JupyterHub

It is empty until the course is published, because the course must never guess its own
address.  While it is empty the README says in one sentence how to set it, no link is
shown, and the first cell says on Colab that it cannot know where to install from.
``python -m classroom.launch --check`` (run by the test suite) fails when the README or a
notebook was not regenerated after the setting changed (``make launch`` does both).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode

from .chapters import CHAPTERS

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION = "minigrad-course"
COLAB_EXTRA = "notebooks"           # what the first cell installs on Colab
BEGIN, END = "<!-- launch-links:begin -->", "<!-- launch-links:end -->"
HOW_TO_SET = ("The links to open this course on Binder, Colab or a JupyterHub appear here once "
              "its public address is set: add `Repository = \"https://github.com/OWNER/REPO\"` "
              "under `[project.urls]` in `pyproject.toml` and run `make launch` (that is, "
              "`python -m classroom.launch`).")
GITHUB = re.compile(r"^https://github\.com/(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+?)(\.git)?"
                    r"(/tree/(?P<branch>[\w./-]+))?/?$")
FIRST_CELL_TAG = "launch"


@dataclass(frozen=True)
class Where:
    """Where the course is published (from ``[project.urls]``)."""
    repository: str = ""              # https://github.com/OWNER/REPO (or another git URL)
    branch: str = "main"
    jupyterhub: str = ""

    @property
    def github(self):
        match = GITHUB.match(self.repository)
        return (match["owner"], match["repo"]) if match else None

    @property
    def clone_url(self) -> str:
        if self.github:
            return "https://github.com/{}/{}".format(*self.github)
        return self.repository

    @property
    def folder(self) -> str:
        """The folder nbgitpuller clones into: the repository's name."""
        return self.clone_url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")

    # -- the links ---------------------------------------------------------------------
    def binder(self, urlpath: str = "lab/tree/README.md") -> str:
        """Binder's JupyterLab, opening the README's chapter list (rendered: binder/postBuild
        gives JupyterLab the settings ``course.py lab`` does)."""
        if self.github:
            owner, repo = self.github
            spec = f"gh/{owner}/{repo}/{self.branch}"
        else:
            spec = f"git/{quote(self.repository, safe='')}/{self.branch}"
        return f"https://mybinder.org/v2/{spec}?{urlencode({'urlpath': urlpath})}"

    def colab(self, path: str) -> str | None:
        """Colab opens notebooks from GitHub only."""
        if not self.github:
            return None
        owner, repo = self.github
        return f"https://colab.research.google.com/github/{owner}/{repo}/blob/{self.branch}/{path}"

    def nbgitpuller(self, path: str = "chapters") -> str | None:
        if not self.jupyterhub:
            return None
        query = urlencode({"repo": self.clone_url, "branch": self.branch,
                           "urlpath": f"lab/tree/{self.folder}/{path}"})
        return f"{self.jupyterhub.rstrip('/')}/hub/user-redirect/git-pull?{query}"

    def pip_requirement(self) -> str:
        return f"{DISTRIBUTION}[{COLAB_EXTRA}] @ git+{self.clone_url}@{self.branch}"


def read_setting(pyproject: Path = ROOT / "pyproject.toml") -> Where:
    """The course's address from ``[project.urls]``; empty when it is not set."""
    try:
        import tomllib
    except ImportError:                  # Python 3.10
        import tomli as tomllib
    urls = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"].get("urls", {})
    urls = {key.lower(): value for key, value in urls.items()}
    repository = urls.get("repository", "").strip()
    hub = urls.get("jupyterhub", "").strip()
    for name, url in (("Repository", repository), ("JupyterHub", hub)):
        if url and not url.startswith("https://"):
            raise ValueError(f"[project.urls] {name} in {pyproject} must be an https:// URL, "
                             f"got {url!r}.")
    if hub and not repository:
        raise ValueError(f"[project.urls] in {pyproject} sets JupyterHub but not Repository: "
                         f"nbgitpuller needs the repository to pull.")
    match = GITHUB.match(repository)
    branch = (match["branch"] if match and match["branch"] else "main")
    return Where(repository=repository, branch=branch, jupyterhub=hub)


# -- the README's block ------------------------------------------------------------------------
def readme_block(where: Where) -> str:
    """The Markdown between the markers: launch links, or how to get them."""
    if not where.repository:
        return HOW_TO_SET
    lines = ["Open the course without installing anything:", "",
             f"* **Binder**: [launch JupyterLab]({where.binder()}) (builds the environment "
             f"from `binder/`, pinned; the first start takes a few minutes)."]
    hub = where.nbgitpuller()
    if hub:
        lines.append(f"* **JupyterHub** ({where.jupyterhub}): [open the course]({hub}) "
                     f"(nbgitpuller copies it into your home folder, and updates it later "
                     f"without touching your changes).")
    if where.github:
        links = ", ".join(f"[{c.number}]({where.colab('chapters/' + c.notebook)})"
                          for c in CHAPTERS)
        lines.append(f"* **Colab**, one chapter at a time: {links} (its first cell installs "
                     f"minigrad and what the notebooks need).")
    else:
        lines.append("* **Colab** opens notebooks from GitHub only, so this repository has "
                     "no Colab links.")
    return "\n".join(lines)


def with_block(readme: str, block: str) -> str:
    if BEGIN not in readme or END not in readme:
        raise ValueError(f"README.md has no {BEGIN} ... {END} markers to write the launch "
                         f"links between.")
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{block}\n{END}{tail}"


# -- each notebook's first cell ----------------------------------------------------------------
def first_cell_source(where: Where) -> str:
    """Installs minigrad and the ``[notebooks]`` extra on Colab when they are missing;
    elsewhere checks they are there."""
    if where.repository:
        install = ('    subprocess.run([sys.executable, "-m", "pip", "install", "-q",\n'
                   f'                    "{where.pip_requirement()}"], check=True)\n'
                   '    importlib.invalidate_caches()           # so the next cells find them')
    else:
        install = ('    raise RuntimeError("this copy of the course does not say where it is published "\n'
                   '                       "([project.urls] in pyproject.toml), so it cannot install itself")')
    return (
        "# Run this cell first. On Colab it installs minigrad, the course's checks and widgets,\n"
        "# and what they need; where they are installed already it does nothing.\n"
        "# (Written by `python -m classroom.launch` from [project.urls] in pyproject.toml.)\n"
        "import importlib.util, os, subprocess, sys\n"
        "\n"
        'if importlib.util.find_spec("classroom") is None:\n'
        '    if "JUPYTERHUB_USER" in os.environ:\n'
        '        raise ModuleNotFoundError("this JupyterHub\'s Python does not have the course "\n'
        '                                  "installed: tell your instructor or the hub\'s admins "\n'
        '                                  "(the course\'s docs/jupyterhub.md says how to add it)")\n'
        '    if "google.colab" not in sys.modules:\n'
        '        raise ModuleNotFoundError("the course is not installed in this kernel: start it "\n'
        '                                  "with `python3 course.py lab` (see the README)")\n'
        f"{install}")


def has_first_cell(nb) -> bool:
    cells = nb["cells"]
    return bool(cells) and FIRST_CELL_TAG in cells[0].get("metadata", {}).get("tags", [])


def with_first_cell(nb, source: str):
    """``nb`` (an nbformat notebook) with its launch cell (tagged ``launch``; the site
    leaves it out, ``remove-cell``) set to ``source``, inserted first when it has none."""
    import nbformat

    if not has_first_cell(nb):
        cell = nbformat.v4.new_code_cell("", id="launch",
                                         metadata={"tags": [FIRST_CELL_TAG, "remove-cell"]})
        nb.cells.insert(0, cell)
    nb.cells[0].source = source
    return nb


# -- writing and checking ----------------------------------------------------------------------
WRITTEN_HERE = ("chapters", "solutions")     # exercises/ is written by its generator


def notebook_paths(root: Path, folders=WRITTEN_HERE) -> list:
    return [root / folder / c.notebook for folder in folders for c in CHAPTERS
            if (root / folder / c.notebook).exists()]


def _text(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def stale(root: Path = ROOT) -> list:
    """Files whose launch links or first cell differ from what the setting gives."""
    where = read_setting(root / "pyproject.toml")
    out = []
    readme = (root / "README.md").read_text(encoding="utf-8")
    if with_block(readme, readme_block(where)) != readme:
        out.append("README.md")
    source = first_cell_source(where)
    for path in notebook_paths(root, WRITTEN_HERE + ("exercises",)):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if not (has_first_cell(nb) and _text(nb["cells"][0]) == source):
            out.append(str(path.relative_to(root)))
    return out


def write(root: Path = ROOT) -> list:
    """Rewrite the README's block and the first cell of each chapter and solutions notebook;
    the files changed."""
    where = read_setting(root / "pyproject.toml")
    changed = []
    readme_path = root / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    fresh = with_block(readme, readme_block(where))
    if fresh != readme:
        readme_path.write_text(fresh, encoding="utf-8")
        changed.append(readme_path)
    import nbformat

    source = first_cell_source(where)
    for path in notebook_paths(root):
        text = path.read_text(encoding="utf-8")
        new = nbformat.writes(with_first_cell(nbformat.reads(text, as_version=4), source)) + "\n"
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv=None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m classroom.launch",
        description="Write the README's launch links and the first cell of each chapter and "
                    "solutions notebook from [project.urls] in pyproject.toml (exercises/ "
                    "follows with `python -m classroom.exercises.generate`).")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file is not up to date")
    args = parser.parse_args(argv)
    try:
        if args.check:
            out = stale(root)
            for name in out:
                print(f"not up to date with [project.urls]: {name}")
            if out:
                print("run `make launch` (python -m classroom.launch, then "
                      "python -m classroom.exercises.generate) to regenerate them")
            return 1 if out else 0
        changed = write(root)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    where = read_setting(root / "pyproject.toml")
    print(f"[project.urls] Repository: {where.repository or '(not set: no links shown)'}")
    for path in changed:
        print(f"wrote {path.relative_to(root)}")
    if not changed:
        print("everything was up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
