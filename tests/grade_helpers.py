"""What the grader's tests share: hostile answers from the corpus, and finding the processes
learner code left behind."""

import os
from pathlib import Path

ANSWERS = Path(__file__).resolve().parent / "grade_corpus" / "answers"


def corpus_answer(case: str, exercise: str, **values) -> str:
    """tests/grade_corpus/answers/<case>.<exercise>.py with ``__KEY__`` placeholders filled
    in from ``values`` (``port=8000`` fills ``__PORT__``)."""
    source = (ANSWERS / f"{case}.{exercise}.py").read_text()
    for key, value in values.items():
        source = source.replace(f"__{key.upper()}__", str(value))
    return source


def processes_with(marker: str) -> list:
    """Pids of the processes whose command line holds ``marker`` (learner code started
    them with it, so that a test can tell whether they outlived the grading)."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                if marker.encode() in handle.read():
                    found.append(int(pid))
        except (OSError, ValueError):
            pass
    return found
