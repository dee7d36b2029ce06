"""Launch anywhere from one setting ([project.urls] in pyproject.toml): the README's links
and each chapter's first cell are generated from it, show nothing while it is empty, and
the first cell does nothing where the course is installed."""

import ast
import importlib.metadata
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from classroom import launch
from classroom.chapters import CHAPTERS

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ('[project]\nname = "minigrad-course"\nversion = "0"\n\n[project.urls]\n'
          'Repository = "https://github.com/example-org/minigrad-course"\n'
          'JupyterHub = "https://hub.example.edu/"\n')


def checkout(tmp_path: Path, pyproject: str) -> Path:
    root = tmp_path / "repo"
    (root / "chapters").mkdir(parents=True)
    shutil.copyfile(ROOT / "README.md", root / "README.md")
    for chapter in CHAPTERS:
        shutil.copyfile(ROOT / "chapters" / chapter.notebook, root / "chapters" / chapter.notebook)
    (root / "pyproject.toml").write_text(pyproject)
    return root


def block(readme: str) -> str:
    return readme.split(launch.BEGIN)[1].split(launch.END)[0].strip()


def first_cell(path: Path) -> dict:
    return json.loads(path.read_text())["cells"][0]


def test_the_readme_and_chapters_match_the_setting():
    assert launch.stale() == [], "run `python -m classroom.launch` (make launch)"


def test_while_the_setting_is_empty_the_readme_says_how_to_set_it_and_shows_no_link():
    assert launch.read_setting(ROOT / "pyproject.toml").repository == ""   # never guessed
    shown = block((ROOT / "README.md").read_text())
    assert shown == launch.HOW_TO_SET
    assert "mybinder.org/v2" not in shown and "colab.research" not in shown
    assert shown.count(". ") == 0 and shown.endswith(".")                  # one sentence


def test_a_sample_setting_generates_every_link_and_cell(tmp_path):
    root = checkout(tmp_path, SAMPLE)
    changed = launch.write(root)
    assert len(changed) == 1 + len(CHAPTERS)
    shown = block((root / "README.md").read_text())
    assert ("(https://mybinder.org/v2/gh/example-org/minigrad-course/main"
            "?urlpath=lab%2Ftree%2FREADME.md)") in shown
    assert ("(https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com"
            "%2Fexample-org%2Fminigrad-course&branch=main&urlpath=lab%2Ftree%2Fminigrad-course"
            "%2Fchapters)") in shown
    for chapter in CHAPTERS:
        assert (f"[{chapter.number}](https://colab.research.google.com/github/example-org/"
                f"minigrad-course/blob/main/chapters/{chapter.notebook})") in shown
        cell = first_cell(root / "chapters" / chapter.notebook)
        assert cell["cell_type"] == "code" and cell["outputs"] == []
        assert cell["metadata"]["tags"] == ["launch", "remove-cell"]     # not on the site
        assert ('"minigrad-course[notebooks] @ git+https://github.com/example-org/'
                'minigrad-course@main"') in "".join(cell["source"])
    assert launch.stale(root) == [] and launch.write(root) == []       # written once


def test_a_branch_and_a_repository_outside_github(tmp_path):
    where = launch.read_setting(write_pyproject(tmp_path, "https://github.com/o/r/tree/course"))
    assert where.branch == "course" and where.clone_url == "https://github.com/o/r"
    assert where.binder().startswith("https://mybinder.org/v2/gh/o/r/course?")
    elsewhere = launch.read_setting(write_pyproject(tmp_path, "https://gitlab.com/o/r.git"))
    assert elsewhere.binder().startswith(
        "https://mybinder.org/v2/git/https%3A%2F%2Fgitlab.com%2Fo%2Fr.git/main?")
    assert elsewhere.colab("chapters/01_tensor.ipynb") is None
    assert "no Colab links" in launch.readme_block(elsewhere)
    assert elsewhere.nbgitpuller() is None                              # no hub set


def write_pyproject(tmp_path: Path, repository: str, hub: str = "") -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(f'[project]\nname = "x"\n\n[project.urls]\nRepository = "{repository}"\n'
                    + (f'JupyterHub = "{hub}"\n' if hub else ""))
    return path


@pytest.mark.parametrize("repository, hub, problem", [
    ("http://github.com/o/r", "", "must be an https:// URL"),
    ("", "https://hub.example.edu", "sets JupyterHub but not Repository"),
])
def test_a_bad_setting_is_named(tmp_path, repository, hub, problem):
    with pytest.raises(ValueError, match=problem):
        launch.read_setting(write_pyproject(tmp_path, repository, hub))


# -- the first cell, run -----------------------------------------------------------------------
def run_first_cell(monkeypatch, where, installed: bool, colab: bool):
    calls = []
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: (real(name, *a) if installed or name != "classroom"
                                          else None))
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: calls.append((a, k)))
    if colab:
        monkeypatch.setitem(sys.modules, "google.colab", type(sys)("google.colab"))
    exec(launch.first_cell_source(where), {})
    return calls


def test_the_first_cell_does_nothing_where_the_course_is_installed(monkeypatch, capsys):
    where = launch.Where("https://github.com/example-org/minigrad-course")
    for colab in (False, True):
        assert run_first_cell(monkeypatch, where, installed=True, colab=colab) == []
    assert capsys.readouterr() == ("", "")


def test_the_first_cell_installs_on_colab_when_missing(monkeypatch):
    where = launch.Where("https://github.com/example-org/minigrad-course")
    (args, kwargs), = run_first_cell(monkeypatch, where, installed=False, colab=True)
    assert args[0][1:] == ["-m", "pip", "install", "-q", where.pip_requirement()]
    assert kwargs == {"check": True}


def test_the_first_cell_explains_what_is_missing_elsewhere(monkeypatch):
    with pytest.raises(ModuleNotFoundError, match="python3 course.py lab"):
        run_first_cell(monkeypatch, launch.Where("https://github.com/o/r"), installed=False,
                       colab=False)
    with pytest.raises(RuntimeError, match="does not say where it is published"):
        run_first_cell(monkeypatch, launch.Where(), installed=False, colab=True)


def test_the_check_command_names_what_is_stale(tmp_path, capsys):
    root = checkout(tmp_path, SAMPLE)
    assert launch.main(["--check"], root) == 1
    out = capsys.readouterr().out
    assert "not up to date with [project.urls]: README.md" in out
    assert "chapters/01_tensor.ipynb" in out
    assert launch.main([], root) == 0 and launch.main(["--check"], root) == 0


# -- what the first cell installs on Colab: the [notebooks] extra, exactly what they import ----
def _imported(source: str) -> set:
    """Every module an ``import`` in ``source`` names (at any depth, so an import inside a
    function counts: it runs when the function does), with ``from a import b`` giving both
    ``a`` and ``a.b`` (b may be a module)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def _imported_by_module(name: str, spec) -> set:
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    package = name if spec.submodule_search_locations else name.rpartition(".")[0]
    names = _imported(ast.unparse(tree))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = f"{base}.{node.module}" if node.module else base
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


def notebook_distributions() -> dict:
    """{distribution: a module that imports it} for everything the chapter and exercise
    notebooks import, following minigrad's and classroom's own modules (and the exercise
    modules that ``check`` loads by name) through every import they hold."""
    from importlib.util import find_spec

    from classroom.exercises.registry import chapter_modules

    todo = [(name, "classroom.exercises.registry") for name in chapter_modules().values()]
    for folder in ("chapters", "exercises"):
        for path in sorted((ROOT / folder).glob("[0-9][0-9]_*.ipynb")):
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                if cell["cell_type"] == "code":
                    code = "\n".join(line for line in "".join(cell["source"]).splitlines()
                                     if not line.lstrip().startswith(("%", "!")))
                    todo += [(name, f"{folder}/{path.name}") for name in _imported(code)]
    owners, seen, found = module_owners(), set(), {}
    while todo:
        name, by = todo.pop()
        top = name.partition(".")[0]
        if top in ("minigrad", "classroom"):
            if name in seen:
                continue
            seen.add(name)
            try:
                spec = find_spec(name)
            except ImportError:                  # (``from package import function``)
                spec = None
            if spec is None or not spec.origin:
                continue
            parts = name.split(".")
            todo += [(".".join(parts[:n]), name) for n in range(1, len(parts))]
            todo += [(module, name) for module in _imported_by_module(name, spec)]
        elif top not in sys.stdlib_module_names and top != "__future__":
            for dist in owners.get(top, [top]):
                found.setdefault(_canonical(dist), by)
    return found


def module_owners() -> dict:
    """{top-level module: [distributions installing it]}, from the files each installed
    distribution records.  (importlib.metadata.packages_distributions() does this from
    Python 3.11; 3.10's reads only top_level.txt, which NumPy's and scikit-learn's wheels
    do not have.)"""
    owners = {}
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        for file in dist.files or ():
            top = file.parts[0]
            if top.endswith(".py"):
                top = top[:-3]
            elif "." in top or top == "__pycache__":        # .dist-info, .pth, ../bin
                continue
            owners.setdefault(top, []).append(name)
    return owners


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements(extra: str) -> dict:
    """{distribution: version spec} of one extra of pyproject.toml."""
    try:
        import tomllib
    except ImportError:                  # Python 3.10
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return {_canonical(re.match(r"[\w.-]+", r).group(0)): r for r in requirements}


# What any Jupyter kernel brings, on Colab too: IPython (``IPython.display``).
KERNEL = {"ipython"}


def test_the_notebooks_extra_is_exactly_what_the_notebooks_import():
    """The Colab cell installed the whole [course] extra (JupyterLab, Sphinx, nbclient ...):
    [notebooks] holds what the notebooks import at run time, nothing more and nothing
    less, and its requirements are [course]'s own."""
    needed = notebook_distributions()
    extra = _requirements(launch.COLAB_EXTRA)
    core = _requirements("")
    missing = {d: by for d, by in needed.items() if d not in extra and d not in core
               and d not in KERNEL}
    assert not missing, f"imported by the notebooks but not in [notebooks]: {missing}"
    unused = set(extra) - set(needed)
    assert not unused, f"in [notebooks] but no notebook imports it: {unused}"
    course = _requirements("course")
    assert {d: course.get(d) for d in extra} == extra          # the same bounds as [course]


def test_every_notebook_colab_opens_starts_with_the_install_cell():
    """The site offers Colab on exercise pages too, but exercise notebooks had no install
    cell: on Colab `import minigrad` failed.  Chapters, solutions and exercises each start
    with the same cell, which installs [notebooks]."""
    source = launch.first_cell_source(launch.Where("https://github.com/o/r"))
    assert '"minigrad-course[notebooks] @ git+https://github.com/o/r@main"' in source
    folders = ("chapters", "solutions", "exercises")
    paths = launch.notebook_paths(ROOT, folders)
    assert {p.parent.name for p in paths} == set(folders)
    assert len(paths) == 3 * len(CHAPTERS)
    for path in paths:
        assert launch.has_first_cell(json.loads(path.read_text(encoding="utf-8"))), path
    assert launch.stale() == []


def test_an_exercise_notebook_gets_the_install_cell_from_its_generator():
    import nbformat

    from classroom.exercises.generate import transform

    solution = nbformat.read(ROOT / "solutions" / "02_add_neg.ipynb", as_version=4)
    for source in (solution, launch.with_first_cell(solution, "print('an old cell')")):
        cells = transform(source, "02_add_neg.ipynb").cells
        assert launch.FIRST_CELL_TAG in cells[0].metadata["tags"]
        assert cells[0].source == launch.first_cell_source(launch.read_setting())
        assert sum(launch.FIRST_CELL_TAG in c.metadata.get("tags", []) for c in cells) == 1
        assert cells[1].id == "generated-header"
