"""Every instructor page covers what goes wrong in a live class, and has a quiz with answers."""

import re

import pytest

from classroom.chapters import CHAPTERS
from classroom.lessons import livecode

PAGES = [livecode.PAGES / c.notebook.replace(".ipynb", ".md") for c in CHAPTERS]


def _section(text: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, f"no '## {title}' section"
    return match[1]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name[:2])
def test_each_page_says_what_to_do_when_it_breaks_in_class(page):
    section = _section(page.read_text(encoding="utf-8"), "When it breaks in class")
    for situation in ("VBox(", "kernel died", "does not have the course", "slow machine"):
        assert situation in section, situation
    assert f"live/{page.stem}.ipynb" in section


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name[:2])
def test_each_page_has_a_five_question_quiz_with_answers(page):
    section = _section(page.read_text(encoding="utf-8"), "Quiz")
    questions = re.findall(r"^(\d)\. (.+)$", section, re.M)
    answers = re.findall(r"^   \*Answer:\* (.+)$", section, re.M)
    assert [int(n) for n, _ in questions] == [1, 2, 3, 4, 5]
    assert len(answers) == 5 and all(len(a) > 20 for a in answers)
