"""The course site, read in Chromium as a reader would: served over HTTP from the built
folder, with every request that is not for the site refused.  Maths is typeset, a
widget's saved state is shown and fits the text column (at 1280 px and at a phone's
width), the table of contents, previous/next links, the one search box, downloads and
launch buttons work, and no page asks for a missing file (a 404), fails a request or
writes an error to the console.  Built here from every chapter (and two exercise pages)
with a sample [project.urls], so the launch buttons are there too."""

import functools
import http.server
import re
import shutil
import threading
from pathlib import Path

import pytest

from classroom.chapters import CHAPTERS
from classroom.site import build

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ('[project]\nname = "minigrad-course"\nversion = "0"\n\n[project.urls]\n'
          'Repository = "https://github.com/example-org/minigrad-course"\n')
WIDTHS = {"desktop": 1280, "phone": 390}
EXERCISES = ("01_tensor.ipynb", "03_mul_mm.ipynb")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    for folder, names in (("chapters", [c.notebook for c in CHAPTERS]), ("exercises", EXERCISES)):
        (root / folder).mkdir()
        for name in names:
            shutil.copyfile(ROOT / folder / name, root / folder / name)
    (root / "pyproject.toml").write_text(SAMPLE)
    out = root / "site"
    build(out, root=root)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(site):
    """The site on a free loopback port, as a web server would serve it (so a missing file
    is a 404, as a reader would meet it); its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class Reader:
    """A browser page on the site that records what a reader's console would show: requests
    that are not for the site (refused), answers of 400 or more, failed requests, console
    errors and uncaught page errors."""

    def __init__(self, page, base: str):
        self.page, self.base, self.problems = page, base, []
        page.route("**/*", self._only_the_site)
        page.on("response", lambda r: r.status >= 400
                and self.problems.append(f"{r.status} for {r.url}"))
        # (net::ERR_ABORTED: a request cut short by leaving the page, or one whose error
        # answer was recorded above)
        page.on("requestfailed", lambda r: r.failure != "net::ERR_ABORTED"
                and self.problems.append(f"request failed: {r.url} ({r.failure})"))
        page.on("console", lambda m: m.type == "error"
                and self.problems.append(f"console error: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

    def _only_the_site(self, route):
        if route.request.url.startswith(self.base):
            route.continue_()
        else:
            self.problems.append(f"asked the network for {route.request.url}")
            route.abort()

    def open(self, path: str) -> None:
        """Open a page and wait until MathJax (where a page has maths) has typeset it and
        nothing more is loading (the fonts it asked for included)."""
        self.page.goto(self.base + path, wait_until="load")
        self.settle()

    def settle(self) -> None:
        self.page.wait_for_load_state("load")
        self.page.evaluate("""() => window.MathJax && MathJax.Hub
            ? new Promise(done => MathJax.Hub.Queue(() => done(true))) : true""")
        self.page.wait_for_load_state("networkidle")

    def assert_clean(self) -> None:
        problems, self.problems[:] = list(self.problems), []
        assert not problems, "the reader's console:\n" + "\n".join(problems)


@pytest.fixture
def reader(page, served):
    return Reader(page, served)


def test_a_chapter_page_shows_its_widget_maths_and_navigation(reader):
    page = reader.page
    reader.open("chapters/01_tensor.html")
    assert re.match(r"Chapter 1 — The Tensor", page.title())
    snapshot = page.locator(".mg-widget-snapshot").first
    snapshot.scroll_into_view_if_needed()
    picture = snapshot.locator("img.mg-image").first
    assert picture.is_visible()
    selects = snapshot.locator("select").evaluate_all(
        "els => els.map(s => s.options[s.selectedIndex].text)")
    assert selects and all(text.strip() for text in selects)      # no blank dropdown
    assert page.locator(".mg-snapshot-note").first.inner_text().startswith("saved state")

    sidebar = page.locator(".bd-sidebar-primary")
    assert sidebar.get_by_role("link", name=re.compile("Chapter 3")).count() >= 1
    page.locator("a.right-next").first.click()                     # next: chapter 2
    reader.settle()
    assert page.title().startswith("Chapter 2 — ")
    reader.open("chapters/03_mul_mm.html")
    maths = page.locator("span.math").first
    maths.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelectorAll('span.math .MathJax').length > 3",
                           timeout=30_000)
    assert "\\(" not in maths.inner_text()                        # typeset, not raw TeX
    page.locator("a.left-prev").first.click()
    reader.settle()
    assert page.title().startswith("Chapter 2")
    reader.assert_clean()


# Each widget's snapshot as the page shows it: its box, the room inside it, the column it
# sits in, the page's width, and every picture in it (as drawn and as shown).
MEASURE = """() => {
    const column = document.querySelector('article.bd-article').getBoundingClientRect();
    return {
        page: [document.documentElement.scrollWidth, window.innerWidth],
        snapshots: [...document.querySelectorAll('.mg-widget-snapshot')].map(s => {
            const box = s.getBoundingClientRect(), style = getComputedStyle(s);
            const room = s.clientWidth - parseFloat(style.paddingLeft)
                         - parseFloat(style.paddingRight);
            return {room,
                left: box.left, right: box.right, column: [column.left, column.right],
                scroll: [s.scrollWidth, s.clientWidth],
                pictures: [...s.querySelectorAll('img')].map(i => {
                    const r = i.getBoundingClientRect();
                    return {drawn: [i.naturalWidth, i.naturalHeight],
                            shown: [r.width, r.height], right: r.right};
                }),
            };
        }),
    };
}"""


def layout_problems(measured: dict, where: str) -> list:
    problems = []
    scroll_width, window_width = measured["page"]
    if scroll_width > window_width + 1:
        problems.append(f"{where}: the page scrolls sideways ({scroll_width} px in a "
                        f"{window_width} px window)")
    for n, s in enumerate(measured["snapshots"]):
        left, right = s["column"]
        if s["left"] < left - 1 or s["right"] > right + 1:
            problems.append(f"{where}, widget {n}: spans {s['left']:.0f}-{s['right']:.0f} px, "
                            f"outside the text column ({left:.0f}-{right:.0f} px)")
        if s["scroll"][0] > s["scroll"][1] + 1:
            problems.append(f"{where}, widget {n}: {s['scroll'][0]} px wide in a box of "
                            f"{s['scroll'][1]} px: part of it is hidden sideways")
        for picture in s["pictures"]:
            (drawn_w, drawn_h), (shown_w, shown_h) = picture["drawn"], picture["shown"]
            if not drawn_w:
                problems.append(f"{where}, widget {n}: a picture did not load")
                continue
            if picture["right"] > s["right"] + 1:
                problems.append(f"{where}, widget {n}: a picture sticks out of its box")
            if shown_w > drawn_w + 1:
                problems.append(f"{where}, widget {n}: a picture drawn {drawn_w} px wide is "
                                f"blown up to {shown_w:.0f} px")
            if abs(shown_h * drawn_w - drawn_h * shown_w) > drawn_w * 1.5:
                problems.append(f"{where}, widget {n}: a picture drawn {drawn_w}x{drawn_h} is "
                                f"shown {shown_w:.0f}x{shown_h:.0f} (stretched)")
            if drawn_w <= s["room"] and abs(shown_w - drawn_w) > 1:
                problems.append(f"{where}, widget {n}: a picture that fits ({drawn_w} px in "
                                f"{s['room']:.0f} px) is shown at {shown_w:.0f} px")
    return problems


@pytest.mark.parametrize("device", WIDTHS)
def test_every_widget_picture_fits_the_text_column(reader, device):
    """Pictures drawn wider than the column (chapter 11's is 928 px) used to scroll sideways
    in their box with no visible scrollbar: plots and sentences looked cut off."""
    reader.page.set_viewport_size({"width": WIDTHS[device], "height": 900})
    problems, snapshots = [], 0
    for chapter in CHAPTERS:
        reader.open("chapters/" + chapter.notebook.replace(".ipynb", ".html"))
        measured = reader.page.evaluate(MEASURE)
        snapshots += len(measured["snapshots"])
        problems += layout_problems(measured, f"chapter {chapter.number} at {device} width")
    assert snapshots >= len(CHAPTERS)                 # every chapter has a widget
    assert not problems, "\n".join(problems)
    reader.assert_clean()


@pytest.mark.parametrize("device", WIDTHS)
def test_one_search_box_and_it_finds_a_chapter(reader, device):
    page = reader.page
    page.set_viewport_size({"width": WIDTHS[device], "height": 900})
    reader.open("chapters/03_mul_mm.html")
    boxes = page.locator(".search-button-field, .search-button, .bd-search, "
                         "input[type=search]")
    visible = [i for i in range(boxes.count()) if boxes.nth(i).is_visible()]
    assert len(visible) == 1, f"{len(visible)} search boxes at {device} width"
    boxes.nth(visible[0]).click()
    # The field that opens: a <dialog> in PyData theme 0.16+, an overlay <div> in the 0.15
    # that Python 3.10 gets (sphinx-book-theme 1.1.4 pins it).  Either way one field shows,
    # with the cursor in it.
    field = page.locator("input[type=search]:visible")
    field.first.wait_for(state="visible", timeout=10_000)
    assert field.count() == 1, f"{field.count()} search fields open at {device} width"
    assert field.evaluate("el => el === document.activeElement"), "the search field has no cursor"
    field.fill("broadcasting gradient")
    field.press("Enter")
    page.wait_for_url(re.compile(r"search\.html\?q=broadcasting"))
    reader.settle()
    page.locator("#search-results li a").first.wait_for(state="visible", timeout=30_000)
    found = page.locator("#search-results li a").evaluate_all("els => els.map(a => a.href)")
    assert any("chapters/" in link or "exercises/" in link for link in found)
    reader.assert_clean()


def test_the_notebooks_download_and_launch_buttons(reader, site):
    page = reader.page
    for path in ("chapters/03_mul_mm", "exercises/03_mul_mm"):
        reader.open(path + ".html")
        links = page.locator("a[href]").evaluate_all("els => els.map(a => a.href)")
        downloads = [link for link in links if link.endswith(path + ".ipynb")
                     and link.startswith(reader.base)]
        assert downloads, f"{path}: no download link"
        for link in downloads:
            assert page.request.get(link).status == 200
            assert (site / link[len(reader.base):]).is_file()
        assert (f"https://mybinder.org/v2/gh/example-org/minigrad-course/main?urlpath=lab/tree/"
                f"{path}.ipynb") in links
        assert (f"https://colab.research.google.com/github/example-org/minigrad-course/blob/"
                f"main/{path}.ipynb") in links
    reader.open("index.html")
    reader.assert_clean()
