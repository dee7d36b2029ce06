"""The static rendering of the course builds, links every chapter, and shows saved outputs."""

import re

from classroom.chapters import CHAPTERS
from classroom.site import build, main


def test_the_site_builds_with_every_chapter_linked(tmp_path):
    pages = build(tmp_path)
    index = (tmp_path / "index.html").read_text()
    links = re.findall(r'href="([^"]+)"', index)
    assert links and all((tmp_path / link).is_file() for link in links)
    for chapter in CHAPTERS:
        page = tmp_path / "chapters" / chapter.notebook.replace(".ipynb", ".html")
        assert page.is_file() and f"chapters/{page.name}" in index
        assert f"exercises/{page.name}" in index and f"solutions/{page.name}" in index
    assert len(pages) == 1 + 3 * len(CHAPTERS)
    chapter2 = (tmp_path / "chapters" / "02_add_neg.html").read_text()
    assert "data:image/png;base64" in chapter2              # the saved plots are shown
    exercise = (tmp_path / "exercises" / "02_add_neg.html").read_text()
    assert "Not attempted" in exercise                        # and the saved outputs


def test_the_command_reports_where_the_site_is(tmp_path, capsys):
    assert main(["--out", str(tmp_path / "site")]) == 0
    assert "index.html" in capsys.readouterr().out
