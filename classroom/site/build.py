"""Build the course site: ``python -m classroom.site --out build/site``.

What is built, and why this way
-------------------------------
The chapters and their exercise notebooks, exactly as saved (nothing is executed), as
one book: Sphinx with MyST-NB (notebooks as pages) and the book theme, which give a
table of contents, previous/next links, full-text search and each chapter's title. Each
notebook page has a download button (its ``.ipynb``) and, once the course's address is
set in ``[project.urls]`` (see ``classroom/launch.py``), Binder, Colab and JupyterHub
launch buttons.  Solutions are left out unless ``--with-solutions`` is given: a public
site would hand every student the answers.

Offline: nothing is fetched when the site is built or read.  Maths is typeset by the
MathJax that the ``jupyter-server-mathjax`` package ships, copied into the site; each
widget is drawn from its saved state as plain HTML (``snapshot.py``), so no widget
JavaScript is needed; Sphinx's search runs in the page from its own index.

The build works in a staging folder beside the output (``<out>.src``): notebooks copied
with their widgets drawn, an ``index.md`` made from the chapter map, and a generated
``conf.py``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from ..chapters import CHAPTERS
from ..launch import read_setting, readme_block

ROOT = Path(__file__).resolve().parents[2]
STATIC = Path(__file__).resolve().parent / "static"
PARTS = {"chapters": "Chapters", "exercises": "Exercises", "solutions": "Solutions"}
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full"
# MathJax 2's settings.  jupyter-server-mathjax ships only the STIX-Web fonts, so every font
# MathJax would otherwise ask for is pointed at a local() lookup, which never touches the
# network (a browser that has no such font installed falls back, as MathJax expects):
# * HTML-CSS, not the native MathML output that this configuration picks in browsers with
#   MathML (Chromium): that one asks for the TeX fonts, which are not shipped;
# * HTML-CSS's "blank" test font is url('about:blank') by default, which Chromium refuses
#   with a console error;
# * the hidden MathML that MathJax adds for screen readers is styled with the TeX fonts
#   (\mathbb, \mathcal ...): without this, chapter 11's \mathbb{R} asked for
#   fonts/HTML-CSS/TeX/otf/MathJax_AMS-Regular.otf.
_TEX_FONTS = {"/*1*/": ("MathJax_Caligraphic-WEB", "normal", "Caligraphic-Regular"),
              "/*2*/": ("MathJax_Caligraphic-WEB", "bold", "Caligraphic-Bold"),
              "/*3*/": ("MathJax_AMS-WEB", "normal", "AMS-Regular"),
              "/*4*/": ("MathJax_Script-WEB", "normal", "Script-Regular"),
              "/*5*/": ("MathJax_Fraktur-WEB", "normal", "Fraktur-Regular"),
              "/*6*/": ("MathJax_Fraktur-WEB", "bold", "Fraktur-Bold")}
MATHJAX2_SETTINGS = {
    "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]],
                "processEscapes": True, "processClass": "math|output_area",
                "ignoreClass": "document"},
    "MMLorHTML": {"prefer": "HTML"},
    "HTML-CSS": {"availableFonts": [], "webFont": "STIX-Web", "imageFont": None,
                 "styles": {"@font-face": {"font-family": "MathJax_Blank",
                                           "src": "local('MathJax_Blank')"}}},
    "NativeMML": {"styles": {f"@font-face {key}": {"font-family": family, "font-weight": weight,
                                                   "src": f"local('MathJax_{name}')"}
                             for key, (family, weight, name) in _TEX_FONTS.items()}},
    "menuSettings": {"zoom": "None"}, "showMathMenu": False}


class SiteError(RuntimeError):
    """The site could not be built; the message says why."""


def notebooks(root: Path, folder: str, numbers=None) -> list:
    """``folder``'s notebooks in chapter order (only chapters ``numbers`` when given)."""
    found = []
    for chapter in CHAPTERS:
        path = root / folder / chapter.notebook
        if path.exists() and (numbers is None or chapter.number in numbers):
            found.append(path)
    return found


def stage_notebook(source: Path, target: Path) -> int:
    """Copy a saved notebook with its widgets drawn as HTML; how many were drawn."""
    import nbformat

    from .snapshot import snapshot_notebook

    nb = nbformat.read(source, as_version=4)
    drawn = snapshot_notebook(nb)
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)
    return drawn


def index_page(parts: dict, where) -> str:
    """The book's front page: the chapter table, the launch links, and the contents."""
    rows = ["| # | chapter | what you build and learn | time | also | download |",
            "|---:|---|---|---:|---|---|"]
    for chapter in CHAPTERS:
        name = chapter.notebook
        if f"chapters/{name}" not in parts.get("chapters", []):
            continue
        also, downloads = [], [f"{{download}}`chapter <chapters/{name}>`"]
        for folder in ("exercises", "solutions"):
            if f"{folder}/{name}" in parts.get(folder, []):
                also.append(f"[{folder}]({folder}/{name})")
                downloads.append(f"{{download}}`{folder} <{folder}/{name}>`")
        rows.append(f"| {chapter.number} | [{chapter.title}](chapters/{name}) | "
                    f"{chapter.summary} | {chapter.minutes} min | {' · '.join(also)} | "
                    f"{' · '.join(downloads)} |")
    toctrees = []
    for folder, names in parts.items():
        entries = "\n".join(name[:-6] for name in names)
        toctrees.append(f"```{{toctree}}\n:caption: {PARTS[folder]}\n:maxdepth: 1\n\n"
                        f"{entries}\n```")
    return "\n\n".join([
        "# minigrad: build your own deep-learning library",
        "A course in which you build a real deep-learning library on NumPy, one chapter at "
        "a time. These pages show every notebook as it was saved, outputs and widgets "
        "included (a widget's picture is its last state: run the notebook to use it). "
        "To run the notebooks yourself, download them (the button at the top of each page) "
        "or open the course with `python3 course.py lab` (see the repository's README).",
        readme_block(where),
        "\n".join(rows),
        *toctrees])


CONF = '''# Generated by classroom/site/build.py for one build; edit that file, not this one.
project = "minigrad"
author = "the minigrad course"
extensions = ["myst_nb", "sphinx.ext.mathjax"]
exclude_patterns = ["_build"]
html_theme = "sphinx_book_theme"
html_title = "minigrad"
html_static_path = ["_static"]
html_css_files = ["course.css"]
html_favicon = "_static/favicon.svg"      # (without one, browsers ask for /favicon.ico: a 404)
html_copy_source = True
html_theme_options = {theme_options}
html_context = {{"default_mode": "auto"}}
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_update_mathjax = False
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type", "misc.highlighting_failure"]
# MathJax from this site (copied from the jupyter-server-mathjax package), not a CDN.
mathjax_path = "mathjax/MathJax.js?config={mathjax_config}"
mathjax2_config = {mathjax2_config}
'''


def theme_options(where) -> dict:
    """The book theme's settings; launch buttons only when the course's address is set."""
    options = {"use_download_button": True, "use_repository_button": False,
               "home_page_in_toc": True, "show_toc_level": 2,
               "navigation_with_keys": False, "path_to_docs": "",
               # One search box: the sidebar's (and an icon on narrow screens).  Newer
               # PyData themes also put one in a header bar above it.
               "navbar_persistent": []}
    if where.repository:
        options.update(repository_url=where.clone_url, repository_branch=where.branch,
                       use_repository_button=True,
                       launch_buttons={"notebook_interface": "jupyterlab",
                                       "binderhub_url": "https://mybinder.org",
                                       "colab_url": ("https://colab.research.google.com"
                                                     if where.github else ""),
                                       "jupyterhub_url": where.jupyterhub})
    return options


def copy_mathjax(static: Path) -> None:
    """MathJax 2 from the jupyter-server-mathjax package: the TeX input, HTML-CSS output
    and its STIX web fonts, English only."""
    try:
        import jupyter_server_mathjax
    except ImportError:
        raise SiteError("the site typesets maths with the MathJax that jupyter-server-mathjax "
                        "ships; install the course's packages (pip install -e '.[course]')"
                        ) from None
    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    target = static / "mathjax"
    for part in ("MathJax.js", f"config/{MATHJAX_CONFIG}.js", "extensions", "jax/input",
                 "jax/element", "jax/output/HTML-CSS", "fonts/HTML-CSS/STIX-Web",
                 "localization/en"):
        src, dst = source / part, target / part
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        else:
            shutil.copyfile(src, dst)


def stage(src: Path, root: Path, numbers=None, with_solutions: bool = False) -> dict:
    """Fill the staging folder ``src``; returns ``{folder: [page sources]}``."""
    if src.exists():
        shutil.rmtree(src)
    (src / "_static").mkdir(parents=True)
    where = read_setting(root / "pyproject.toml")
    parts = {}
    for folder in ("chapters", "exercises") + (("solutions",) if with_solutions else ()):
        names = []
        for path in notebooks(root, folder, numbers):
            stage_notebook(path, src / folder / path.name)
            names.append(f"{folder}/{path.name}")
        if names:
            parts[folder] = names
    if not parts.get("chapters"):
        raise SiteError(f"no chapter notebooks in {root / 'chapters'}")
    (src / "index.md").write_text(index_page(parts, where) + "\n", encoding="utf-8")
    (src / "conf.py").write_text(CONF.format(theme_options=repr(theme_options(where)),
                                             mathjax_config=MATHJAX_CONFIG,
                                             mathjax2_config=repr(MATHJAX2_SETTINGS)),
                              encoding="utf-8")
    for name in ("course.css", "favicon.svg"):
        shutil.copyfile(STATIC / name, src / "_static" / name)
    copy_mathjax(src / "_static")
    return parts


def build(out: Path, root: Path = ROOT, numbers=None, with_solutions: bool = False) -> list:
    """Build the site into ``out``; the HTML pages of the notebooks and the index."""
    out = Path(out)
    src = out.with_name(out.name + ".src")
    parts = stage(src, Path(root), numbers, with_solutions)
    if out.exists():
        shutil.rmtree(out)
    result = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E",
                             str(src), str(out)], capture_output=True, text=True)
    problems = [line for line in result.stderr.splitlines() if "WARNING" in line
                or "ERROR" in line]
    if result.returncode != 0 or problems:
        raise SiteError("Sphinx could not build the site cleanly:\n"
                        + "\n".join(problems or result.stderr.splitlines()[-20:]))
    pages = [out / "index.html"]
    for names in parts.values():
        pages += [out / name.replace(".ipynb", ".html") for name in names]
    missing = [p for p in pages if not p.is_file()]
    if missing:
        raise SiteError(f"Sphinx wrote no page for {missing}")
    return pages


# What building the site imports (module: distribution), all in the [course] extra.
NEEDS = {"nbformat": "nbformat", "sphinx": "sphinx", "myst_nb": "myst-nb",
         "sphinx_book_theme": "sphinx-book-theme",
         "jupyter_server_mathjax": "jupyter-server-mathjax"}
if sys.version_info < (3, 11):
    NEEDS["tomli"] = "tomli"          # reads pyproject.toml (tomllib from Python 3.11)


def missing_packages() -> list:
    """The distributions in :data:`NEEDS` that this python cannot import."""
    import importlib.util

    return [dist for module, dist in NEEDS.items() if importlib.util.find_spec(module) is None]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m classroom.site",
        description="Build the course as a book of HTML pages (chapters and exercises as "
                    "saved, with their outputs and widgets' saved state) that reads offline.")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site",
                        help="output folder (default: build/site)")
    parser.add_argument("--with-solutions", action="store_true",
                        help="include the solutions notebooks (leave them out of a site "
                             "students can read)")
    args = parser.parse_args(argv)
    missing = missing_packages()
    if missing:
        print(f"error: this python ({sys.executable}) does not have what the site is built "
              f"with ({', '.join(missing)}). Build it with the course's environment: "
              f"`.venv/bin/python -m classroom.site` (or `make site`); `python3 course.py "
              f"lab` or `python3 course.py test` creates .venv/ first.", file=sys.stderr)
        return 1
    try:
        pages = build(args.out, with_solutions=args.with_solutions)
    except (SiteError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"wrote {len(pages)} pages; open {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
