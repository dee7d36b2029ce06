"""Every chapter in a real browser: Run All Cells gives no errors, its widgets render, and
using one of them (a slider, a button, a dropdown, a text box, toggle buttons) changes
the picture or the text the widget shows."""

import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"

# Every kind of control a chapter shows, and what the test does with one of them.
CONTROLS = {
    "slider": ".widget-slider .noUi-handle",
    "button": ".jupyter-widgets button.jupyter-button:not(.widget-toggle-button)",
    "dropdown": ".widget-dropdown select",
    "text": ".widget-text input",
    "toggle": ".widget-toggle-buttons button.widget-toggle-button",
}
INTERACTION = {                       # chapter: (control kind, the button's label)
    "00_computational_graph": ("slider", None),
    "01_tensor": ("dropdown", None),
    "02_add_neg": ("button", "step backward"),
    "03_mul_mm": ("slider", None),
    "04_sum_expand": ("text", None),
    "05_sgd": ("slider", None),
    "06_layers": ("toggle", None),
    "07_closures": ("button", "step"),
    "08_classifier": ("button", "next"),
    "09_recurrent": ("button", "train"),
    "10_designs_compared": ("slider", None),
    "11_deep_networks": ("dropdown", None),
}
# A widget shown as its text repr means the widget renderer was missing.
WIDGET_REPR = re.compile(r"^\s*(\w+(Slider|Button|Buttons|Dropdown|Box|Text|Checkbox|Image|HTML)"
                         r"|[VH]Box)\(", re.MULTILINE)

# What the widget shows: every picture's src and every HTML panel's markup in its output.
SHOWN = """area => [...area.querySelectorAll('img')].map(i => i.src).join('|') + '#'
                  + [...area.querySelectorAll('.widget-html-content')].map(h => h.innerHTML).join('|')"""


def test_every_chapter_has_an_interaction():
    assert sorted(INTERACTION) == sorted(p.stem for p in CHAPTERS.glob("[0-9][0-9]_*.ipynb"))


def _interact(page, kind: str, control) -> None:
    control.scroll_into_view_if_needed()
    if kind == "slider":             # drag the handle a quarter of the track's width
        track = control.locator("xpath=ancestor::*[contains(@class, 'noUi-target')][1]")
        t, h = track.bounding_box(), control.bounding_box()
        x, y = h["x"] + h["width"] / 2, h["y"] + h["height"] / 2
        dx = t["width"] / 4 * (-1 if x > t["x"] + t["width"] / 2 else 1)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + dx / 2, y, steps=5)
        page.mouse.move(x + dx, y, steps=5)
        page.mouse.up()
    elif kind == "dropdown":
        options = control.locator("option")
        current = control.input_value()
        values = [options.nth(i).get_attribute("value") for i in range(options.count())]
        control.select_option(next(v for v in values if v != current))
    elif kind == "text":
        control.fill("(2, 1)")
        control.press("Enter")
    elif kind == "toggle":
        control.page.locator(CONTROLS["toggle"] + ":not(.mod-active)").first.click()
    else:
        control.click()


def check_chapter(chapter, lab, notebook, page):
    name = lab.add(CHAPTERS / f"{chapter}.ipynb")
    notebook.open(name)
    notebook.run_all()
    notebook.assert_ran_cleanly()

    reprs = [t for t in page.eval_on_selector_all(".jp-OutputArea-output",
                                                  "els => els.map(e => e.innerText)")
             if WIDGET_REPR.search(t)]
    assert not reprs, f"widgets shown as text, not rendered: {reprs[:3]}"
    widgets = page.locator(".jp-OutputArea-output .jupyter-widgets")
    assert widgets.count() > 0, "no widget in any output"

    kind, label = INTERACTION[chapter]
    controls = page.locator(CONTROLS[kind])
    if label:
        controls = controls.filter(has_text=label)
    control = controls.first
    control.scroll_into_view_if_needed()
    assert control.is_visible(), f"the {kind} {label or ''} is not visible"

    area = control.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), "
                           "' jp-OutputArea ')][1]")
    before = area.evaluate(SHOWN)
    assert before != "#", "the widget shows neither a picture nor text"
    _interact(page, kind, control)
    deadline = time.monotonic() + 30
    while area.evaluate(SHOWN) == before:
        assert time.monotonic() < deadline, f"using the {kind} changed nothing that is shown"
        time.sleep(0.25)
    notebook.wait_idle()
    notebook.assert_ran_cleanly()


# pytest-xdist's --dist loadscope sends each class to one worker: two halves, two workers.
class TestChapters00To05:
    @pytest.mark.parametrize("chapter", sorted(INTERACTION)[:6])
    def test_runs_and_its_widgets_respond(self, chapter, lab, notebook, page):
        check_chapter(chapter, lab, notebook, page)


class TestChapters06To10:
    @pytest.mark.parametrize("chapter", sorted(INTERACTION)[6:])
    def test_runs_and_its_widgets_respond(self, chapter, lab, notebook, page):
        check_chapter(chapter, lab, notebook, page)
