import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from needs_torch import require_torch

import blas_cores
import kernel_sockets

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


def pytest_configure(config):
    # nbval's kernels on Unix sockets: a TCP port taken between jupyter_client's choice and
    # the kernel's bind killed a kernel at start-up now and then (kernel_sockets.py says how)
    kernel_sockets.use_unix_sockets()


def pytest_report_header(config):
    lines = [blas_cores.header()]        # which OpenBLAS kernels the chapters run under
    if _browser_tests_left_out(config):
        lines.append("browser tests are left out of a -k selection (they start JupyterLab "
                     "and Chromium); add -m browser, or name tests/browser, to run them")
    return "\n".join(lines)


def _is_browser_test(item) -> bool:
    return Path(str(item.fspath)).is_relative_to(BROWSER_TESTS)


def pytest_collection_modifyitems(config, items):
    """Leave the browser tests out of a -k run; otherwise run them first.  They are few
    but long (a minute or more each way on a busy machine): last, they held the progress
    line at 99 % for minutes; first, the other worker's dots keep it moving while they
    run, and the two finish together."""
    if _browser_tests_left_out(config):
        browser = [item for item in items if _is_browser_test(item)]
        if browser:
            config.hook.pytest_deselected(items=browser)
            items[:] = [item for item in items if not _is_browser_test(item)]
        return
    items.sort(key=lambda item: not _is_browser_test(item))      # stable: order kept



def pytest_terminal_summary(terminalreporter):
    """One line per reason something was skipped (tests/skip_summary.py)."""
    from skip_summary import summary_lines

    if terminalreporter.stats.get("skipped"):
        terminalreporter.section("what this run left out")
        for line in summary_lines(terminalreporter.stats):
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def torch():
    """PyTorch for the comparisons, as a fixture: :func:`needs_torch.require_torch` (skips
    with the install hint where PyTorch is absent, fails in CI)."""
    return require_torch()
