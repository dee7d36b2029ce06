"""Each instructor page's teaching-time table: generated from its chapter, and adding up to
the minutes its header states."""

import re

import pytest

from classroom.chapters import CHAPTERS
from classroom.lessons import livecode, timing

PAGES = [livecode.PAGES / c.notebook.replace(".ipynb", ".md") for c in CHAPTERS]


def test_the_tables_are_up_to_date_with_the_chapters():
    assert timing.main(["--check"]) == 0, "run `python -m classroom.lessons.timing`"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name[:2])
def test_each_pages_table_sums_to_its_header(page):
    text = page.read_text(encoding="utf-8")
    header, rows = timing.header_and_rows(text)
    assert rows and sum(rows) == header
    # nothing else in the Time section states another total
    time_section = text.split("## Time", 1)[1].split("\n## ", 1)[0]
    outside = time_section.replace(text.split(timing.BEGIN)[1].split(timing.END)[0], "")
    assert not re.search(r"\*\*\d+ minutes\*\*", outside)


def test_a_table_that_does_not_add_up_is_caught():
    page = PAGES[11].read_text(encoding="utf-8")
    header, rows = timing.header_and_rows(page)
    broken = page.replace(f"About **{header} minutes**", f"About **{header - 4} minutes**")
    assert sum(timing.header_and_rows(broken)[1]) != timing.header_and_rows(broken)[0]


def test_the_estimate_follows_the_chapter():
    """More prose, typed lines or cells make a part longer; a widget costs its minutes."""
    parts = timing.sections(CHAPTERS[11])
    typed = next(p for p in parts if p["typed"])
    cost = (typed["words"] / timing.WORDS_PER_MINUTE + typed["typed"] / timing.LINES_PER_MINUTE
            + typed["run"] * timing.MINUTES_PER_CELL + typed["widgets"] * timing.MINUTES_PER_WIDGET)
    assert typed["minutes"] == max(1, round(cost))
    assert sum(p["widgets"] for p in parts) >= 1
