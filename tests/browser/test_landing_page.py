"""`course.py lab` opens the README, rendered, as the course's landing page: its chapter
table's links open the chapters and their exercises (JupyterLab serves the whole
repository, not only chapters/, where "Could not find path" met every exercise link)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_opens_rendered_and_its_links_open_chapters_and_exercises(lab, page):
    for name in ("README.md", "chapters/01_tensor.ipynb", "exercises/01_tensor.ipynb"):
        lab.add_file(ROOT / name, name)
    page.goto(lab.url("README.md"))
    title = page.locator(".jp-RenderedMarkdown h1", has_text="minigrad").first
    title.wait_for(state="visible", timeout=60_000)            # Markdown Preview, not an editor
    assert not page.locator(".jp-FileEditor").count()

    markdown = page.locator(".jp-RenderedMarkdown")
    links = (markdown.get_by_role("link", name="Tensor", exact=True),
             markdown.get_by_role("link", name="exercises/01_tensor.ipynb"))
    for opened, link in enumerate(links, start=1):
        link.first.click()
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.wait_for(
            state="visible", timeout=60_000)
        assert page.locator(".jp-NotebookPanel").count() == opened     # a notebook per link
        page.get_by_role("tab", name=re.compile("README")).first.click()
    assert not page.get_by_text("Could not find path").count()
    assert not page.locator(".jp-Notification-Toast").count()   # no news pop-up in a corner
