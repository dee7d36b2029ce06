import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# Property tests compute numeric gradients, so individual examples can be slow:
# no per-example deadline.  CI uses a fixed seed so a red run can be reproduced.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True,
                          database=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# -- a learner's `-k` run leaves out the browser tests ---------------------------------------
# `course.py test -k tensor` should take seconds; chapter 1's browser test ("01_tensor")
# matches the keyword but starts JupyterLab and Chromium.  A -k selection therefore runs
# them only when asked for: with a -m expression (e.g. `-m browser`) or by naming
# tests/browser.  The full run, and CI, have no -k and run everything.
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def _browser_tests_left_out(config) -> bool:
    if not config.getoption("keyword") or config.getoption("markexpr"):
        return False
    return not any(Path(str(arg).split("::")[0]).resolve().is_relative_to(BROWSER_TESTS)
                   for arg in config.args)


def pytest_report_header(config):
    if _browser_tests_left_out(config):
        return ("browser tests are left out of a -k selection (they start JupyterLab and "
                "Chromium); add -m browser, or name tests/browser, to run them")
    return None


def pytest_collection_modifyitems(config, items):
    if not _browser_tests_left_out(config):
        return
    browser = [item for item in items if Path(str(item.fspath)).is_relative_to(BROWSER_TESTS)]
    if browser:
        config.hook.pytest_deselected(items=browser)
        items[:] = [item for item in items if item not in browser]
