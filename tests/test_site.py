"""The course site (classroom/site): a book of every chapter and exercise notebook as saved,
with chapter titles, contents, a download per notebook, each widget drawn from its saved
state, maths from a MathJax inside the site, and no asset fetched from the network.
(tests/browser/test_site_in_browser.py reads it in Chromium.)"""

import re
from pathlib import Path

import nbformat
import pytest

from classroom.chapters import CHAPTERS
from classroom.site import build, main
from classroom.site.snapshot import Snapshot, UnknownWidget, render, snapshot_notebook

ROOT = Path(__file__).resolve().parents[1]
# An asset (script, style sheet, picture, font) loaded from another host.
EXTERNAL_ASSET = re.compile(r"""<(script|link|img|iframe|source)\b[^>]*\b(src|href)=["']"""
                            r"""(https?:)?//""", re.IGNORECASE)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("built") / "site"
    return out, build(out)


def test_every_chapter_and_exercise_has_a_titled_page_and_solutions_stay_out(site):
    out, pages = site
    assert len(pages) == 1 + 2 * len(CHAPTERS)
    for chapter in CHAPTERS:
        page = (out / "chapters" / chapter.notebook.replace(".ipynb", ".html")).read_text()
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert title.startswith(f"Chapter {chapter.number} — "), title
        assert (out / "exercises" / chapter.notebook.replace(".ipynb", ".html")).is_file()
    assert not (out / "solutions").exists()                  # no answers on a public site


def test_the_index_lists_the_chapters_and_every_link_resolves(site):
    out, _ = site
    index = (out / "index.html").read_text()
    for chapter in CHAPTERS:
        assert f'href="chapters/{chapter.notebook.replace(".ipynb", ".html")}"' in index
    local = [re.split(r"[#?]", h)[0] for h in re.findall(r'href="([^"]+)"', index)
             if not h.startswith(("http", "#", "mailto:"))]
    assert local and all((out / h).exists() for h in local if h), \
        [h for h in local if h and not (out / h).exists()]
    assert "appear here once its public" in index and "mybinder.org/v2" not in index  # not set


def test_each_notebook_can_be_downloaded(site):
    out, _ = site
    for folder in ("chapters", "exercises"):
        for chapter in CHAPTERS:
            page = (out / folder / chapter.notebook.replace(".ipynb", ".html")).read_text()
            assert f"_sources/{folder}/{chapter.notebook}" in page
            saved = out / "_sources" / folder / chapter.notebook
            assert nbformat.read(saved, as_version=4).cells          # the notebook itself


def test_widgets_show_their_saved_state_and_maths_comes_from_the_site(site):
    out, _ = site
    for chapter in CHAPTERS:
        page = (out / "chapters" / chapter.notebook.replace(".ipynb", ".html")).read_text()
        assert 'class="mg-widget-snapshot"' in page and "data:image/png;base64," in page
        assert not re.search(r"\b[VH]Box\(children=\(", page)        # never the text repr
        assert "Launch Binder" not in page
    chapter3 = (out / "chapters" / "03_mul_mm.html").read_text()
    assert "_static/mathjax/MathJax.js?config=" in chapter3
    assert (out / "_static" / "mathjax" / "MathJax.js").is_file()
    assert list((out / "_static" / "mathjax" / "fonts" / "HTML-CSS").rglob("*.woff"))


def test_no_page_loads_anything_from_the_network(site):
    out, _ = site
    for page in out.rglob("*.html"):
        found = EXTERNAL_ASSET.search(page.read_text(encoding="utf-8"))
        assert not found, f"{page.relative_to(out)} loads {found.group(0)}"
    for sheet in out.rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", sheet.read_text(errors="replace")), \
            sheet


def test_the_command_reports_where_the_site_is(tmp_path, capsys, monkeypatch):
    calls = []
    import sys
    monkeypatch.setattr(sys.modules["classroom.site.build"], "build",
                        lambda out, with_solutions: calls.append((out, with_solutions)) or [out])
    assert main(["--out", str(tmp_path / "site"), "--with-solutions"]) == 0
    assert calls == [(tmp_path / "site", True)]
    assert "index.html" in capsys.readouterr().out


def test_a_python_without_the_course_packages_is_told_which_python_to_use(tmp_path):
    """`python -m classroom.site` with the system python (no NumPy, no Sphinx) gave a raw
    traceback.  -S leaves out every site-packages folder: the same python, bare."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-S", "-m", "classroom.site", "--out",
                             str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    line, = result.stderr.strip().splitlines()
    assert "does not have what the site is built with (nbformat, sphinx" in line
    assert "`.venv/bin/python -m classroom.site`" in line and "course.py" in line
    assert not (tmp_path / "site").exists()


# -- widgets drawn from their saved state ------------------------------------------------------
def saved(**models):
    return {"state": {key: {"model_name": name, "state": state, **extra}
                      for key, (name, state, extra) in models.items()}}


def test_a_snapshot_draws_boxes_pictures_text_and_controls_as_last_seen():
    state = saved(
        box=("VBoxModel", {"children": ["IPY_MODEL_row", "IPY_MODEL_pic", "IPY_MODEL_text"],
                           "layout": "IPY_MODEL_boxlayout"}, {}),
        boxlayout=("LayoutModel", {"width": None}, {}),
        row=("HBoxModel", {"children": ["IPY_MODEL_lr", "IPY_MODEL_menu", "IPY_MODEL_go",
                                        "IPY_MODEL_mode"]}, {}),
        lr=("FloatLogSliderModel", {"value": 0.3, "base": 10, "min": -3, "max": 1,
                                    "step": 0.05, "readout_format": ".3g",
                                    "description": "lr"}, {}),
        menu=("DropdownModel", {"_options_labels": ["not given", "np.float32"], "index": 0,
                                "description": "dtype="}, {}),
        go=("ButtonModel", {"description": "train <fast>", "button_style": "primary"}, {}),
        mode=("ToggleButtonsModel", {"_options_labels": ["forward", "backward"], "index": 1,
                                     "description": "show"}, {}),
        pic=("ImageModel", {"format": "png", "layout": "IPY_MODEL_piclayout"},
             {"buffers": [{"path": ["value"], "data": "iVBORw0K", "encoding": "base64"}]}),
        piclayout=("LayoutModel", {"width": "320px", "height": "200px"}, {}),
        text=("HTMLModel", {"value": "<b>converges</b>"}, {}),
    )
    shown = render("box", state)
    assert '<img class="mg-image"' in shown and 'width="320" height="200"' in shown
    assert 'src="data:image/png;base64,iVBORw0K"' in shown
    assert "<b>converges</b>" in shown                              # HTML kept as HTML
    assert 'value="-0.5228' in shown and ">0.3<" in shown           # log slider at 10^x
    assert "<option selected>not given</option>" in shown
    assert "train &lt;fast&gt;" in shown and "mg-primary" in shown  # labels escaped
    assert 'mg-button mg-pressed" style="" disabled>backward' in shown
    assert "saved state of an interactive widget" in shown


def test_a_snapshot_draws_a_grid_of_number_boxes_and_a_text_area():
    """Chapter 12's kernel editor (nine number boxes in a grid) and shape calculator (a
    text area of layers)."""
    state = saved(
        grid=("GridBoxModel", {"children": ["IPY_MODEL_a", "IPY_MODEL_b"],
                               "layout": "IPY_MODEL_gridlayout"}, {}),
        gridlayout=("LayoutModel", {"grid_template_columns": "repeat(3, 76px)"}, {}),
        a=("BoundedFloatTextModel", {"value": -2.0, "min": -20.0, "max": 20.0}, {}),
        b=("FloatTextModel", {"value": 0.5}, {}),
        lines=("TextareaModel", {"value": "Conv2d(1, 16, 3)\nReLU() <b>", "rows": 10}, {}),
    )
    grid = render("grid", state)
    assert "display: grid" in grid and "grid-template-columns: repeat(3, 76px)" in grid
    assert 'type="number" disabled style="" value="-2.0"' in grid and 'value="0.5"' in grid
    text = render("lines", state)
    assert '<textarea disabled rows="10"' in text
    assert "Conv2d(1, 16, 3)\nReLU() &lt;b&gt;</textarea>" in text        # kept, escaped


def test_an_unknown_widget_is_named_instead_of_vanishing():
    with pytest.raises(UnknownWidget, match="cannot draw a ColorPickerModel"):
        Snapshot(saved(c=("ColorPickerModel", {}, {}))).render("IPY_MODEL_c")


def test_snapshot_notebook_replaces_widget_outputs_and_drops_the_state():
    nb = nbformat.read(ROOT / "chapters" / "05_sgd.ipynb", as_version=4)
    assert snapshot_notebook(nb) == 1
    assert "widgets" not in nb.metadata
    outputs = [o for c in nb.cells for o in c.get("outputs", []) if "data" in o]
    assert not any("application/vnd.jupyter.widget-view+json" in o.data for o in outputs)
    assert sum("mg-widget-snapshot" in o.data.get("text/html", "") for o in outputs) == 1
