"""The end-of-run section that says what a machine without PyTorch or Chromium left out
(tests/skip_summary.py): one line per reason, counting whole modules apart from tests."""

from types import SimpleNamespace

from skip_summary import summary_lines

NO_TORCH = "PyTorch is not installed; .venv/bin/pip install torch==2.13.0"
NO_CHROMIUM = "browser tests skipped: no Chromium at /usr/bin/chromium"


def skipped(when: str, reason: str):
    return SimpleNamespace(when=when, longrepr=("tests/x.py", 3, f"Skipped: {reason}"))


def test_each_reason_is_counted_once_with_modules_apart_from_tests():
    stats = {"passed": [object()] * 5,
             "skipped": [skipped("collect", NO_TORCH)] * 3 + [skipped("call", NO_TORCH)]
             + [skipped("setup", NO_CHROMIUM)] * 4}
    assert summary_lines(stats) == [
        "5 passed, 0 failed; skipped: 5 tests and 3 whole modules",
        f"3 modules (their tests not collected) and 1 test: {NO_TORCH}",
        f"4 tests: {NO_CHROMIUM}",
    ]


def test_one_of_a_kind_is_singular():
    stats = {"skipped": [skipped("collect", NO_TORCH)]}
    assert summary_lines(stats)[1] == f"1 module (their tests not collected): {NO_TORCH}"
