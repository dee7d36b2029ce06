"""What a run left out, and why, counted at the end of the test run.

A learner's machine has no PyTorch and often no Chromium, so its run is not CI's: the
comparisons with PyTorch skip whole modules (their tests are not even collected, so the
count of tests is smaller too), and the browser tests skip one by one.  pytest's own
``-rs`` lines give every skip's place; this section gives one line per reason, with how
many modules and tests it cost, and the run's totals, so that a learner (and the README)
can say what "passed" covered.
"""

from __future__ import annotations

from collections import defaultdict


def reason_of(report) -> str:
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return text.removeprefix("Skipped: ")


def left_out(reports) -> list:
    """``[(reason, modules, tests)]`` for skipped reports, most costly first.  A module is
    one skipped at collection (``pytest.skip(allow_module_level=True)``)."""
    counts = defaultdict(lambda: [0, 0])
    for report in reports:
        counts[reason_of(report)][0 if report.when == "collect" else 1] += 1
    return sorted(((reason, m, t) for reason, (m, t) in counts.items()),
                  key=lambda row: (-row[1], -row[2], row[0]))


def summary_lines(stats: dict) -> list:
    """The section's lines, from the terminal reporter's ``stats``."""
    skipped = stats.get("skipped", [])
    modules = sum(report.when == "collect" for report in skipped)
    lines = [f"{len(stats.get('passed', []))} passed, {len(stats.get('failed', []))} failed; "
             f"skipped: {len(skipped) - modules} tests and {modules} whole modules"]
    for reason, m, t in left_out(skipped):
        cost = " and ".join(part for part in (
            f"{m} module{'s' * (m != 1)} (their tests not collected)" if m else "",
            f"{t} test{'s' * (t != 1)}" if t else "") if part)
        lines.append(f"{cost}: {reason}")
    return lines
