"""Checks that a learner's machine may skip and CI may not.

A learner may have no PyTorch, no Chromium, no second OpenBLAS core type or no user to
grade as; their run skips those tests with the reason.  In CI (``CI`` set) a skip would
hide the check, so the same condition fails the test instead, without a traceback.
"""

import os

import pytest


def skip_or_fail_in_ci(skip: str, fail: str | None = None, **skip_options) -> None:
    """Skip with ``skip`` (``skip_options`` go to ``pytest.skip``); in CI fail with
    ``fail`` (``skip`` when not given)."""
    if os.environ.get("CI"):
        pytest.fail(fail or skip, pytrace=False)
    pytest.skip(skip, **skip_options)
