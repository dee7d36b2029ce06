"""The course site, read offline in Chromium: nothing is fetched from the network, maths is
typeset, a widget's saved state is shown, and the table of contents, previous/next links
and search work.  Built here from chapters 1 and 3 with a sample [project.urls], so the
launch buttons are there too."""

import re
import shutil
from pathlib import Path

import pytest

from classroom.site import build

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ('[project]\nname = "minigrad-course"\nversion = "0"\n\n[project.urls]\n'
          'Repository = "https://github.com/example-org/minigrad-course"\n')


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    for folder in ("chapters", "exercises"):
        (root / folder).mkdir()
        for name in ("01_tensor.ipynb", "03_mul_mm.ipynb"):
            shutil.copyfile(ROOT / folder / name, root / folder / name)
    (root / "pyproject.toml").write_text(SAMPLE)
    out = root / "site"
    build(out, root=root)
    return out


@pytest.fixture
def offline(page):
    """The page, with every request that is not for a local file refused and recorded."""
    refused = []

    def only_files(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", only_files)
    yield page, refused
    assert not refused, f"the site asked the network for {refused}"


def test_a_chapter_page_shows_its_widget_maths_and_navigation(site, offline):
    page, _ = offline
    page.goto((site / "chapters" / "01_tensor.html").as_uri())
    assert re.match(r"Chapter 1 — The Tensor", page.title())
    snapshot = page.locator(".mg-widget-snapshot").first
    snapshot.scroll_into_view_if_needed()
    picture = snapshot.locator("img.mg-image").first
    assert picture.is_visible()
    size = picture.evaluate("i => [i.naturalWidth, i.clientWidth, i.getAttribute('width')]")
    assert size[0] > 100 and size[0] == size[1] == int(size[2])     # shown as drawn
    selects = snapshot.locator("select").evaluate_all(
        "els => els.map(s => s.options[s.selectedIndex].text)")
    assert selects and all(text.strip() for text in selects)      # no blank dropdown
    assert page.locator(".mg-snapshot-note").first.inner_text().startswith("saved state")

    sidebar = page.locator(".bd-sidebar-primary")
    assert sidebar.get_by_role("link", name=re.compile("Chapter 3")).count() >= 1
    page.locator("a.right-next").first.click()                     # next: chapter 3
    page.wait_for_load_state()
    assert page.title().startswith("Chapter 3 — mul and mm")
    maths = page.locator("span.math").first
    maths.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelectorAll('span.math .MathJax').length > 3",
                           timeout=30_000)
    assert "\\(" not in maths.inner_text()                        # typeset, not raw TeX
    page.locator("a.left-prev").first.click()
    page.wait_for_load_state()
    assert page.title().startswith("Chapter 1")


def test_the_notebooks_download_and_launch_buttons(site, offline):
    page, _ = offline
    page.goto((site / "chapters" / "03_mul_mm.html").as_uri())
    links = page.locator("a[href]").evaluate_all("els => els.map(a => a.href)")
    downloads = [link for link in links if link.endswith("03_mul_mm.ipynb")
                 and link.startswith("file://")]
    assert downloads and all(Path(link[len("file://"):]).is_file() for link in downloads)
    assert ("https://mybinder.org/v2/gh/example-org/minigrad-course/main?urlpath=lab/tree/"
            "chapters/03_mul_mm.ipynb") in links
    assert ("https://colab.research.google.com/github/example-org/minigrad-course/blob/main/"
            "chapters/03_mul_mm.ipynb") in links


def test_search_finds_a_chapter(site, offline):
    page, _ = offline
    page.goto((site / "search.html").as_uri() + "?q=broadcasting+gradient")
    page.locator("#search-results li a").first.wait_for(state="visible", timeout=30_000)
    found = page.locator("#search-results li a").evaluate_all("els => els.map(a => a.href)")
    assert any("chapters/03_mul_mm.html" in link or "exercises/" in link for link in found)
