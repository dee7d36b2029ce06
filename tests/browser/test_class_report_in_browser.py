"""The class report (report.html) opened in Chromium from disk, as an instructor opens it:
no console error, no request leaves the file itself, and its plots are drawn and visible."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_helpers import generated_class  # noqa: E402

from classroom.grade import report  # noqa: E402


@pytest.fixture(scope="module")
def class_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("class-report") / "results"
    report.write_results(generated_class(size=120), out)
    return out / "report.html"


def test_the_class_report_opens_with_its_plots_and_fetches_nothing(browser, class_report):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    console, requests = [], []
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(class_report.resolve().as_uri())
        page.wait_for_load_state("load")
        assert page.locator("h1").first.inner_text().startswith("Class report")
        for name in ("exercises", "mistakes", "totals"):
            plot = page.locator(f"#plot-{name} svg")
            plot.scroll_into_view_if_needed()
            assert plot.is_visible(), name
            box = plot.bounding_box()
            assert box["width"] > 200 and box["height"] > 100, (name, box)
            assert plot.locator("path").count() > 10, name        # bars and axes are drawn
        reteach = page.locator("#reteach + ol li")
        assert reteach.count() >= 1
        assert page.locator("table").count() >= 4
    finally:
        context.close()
    assert [m for m in console if m.startswith(("[error]", "[pageerror]"))] == [], console
    assert requests == [class_report.resolve().as_uri()], requests
