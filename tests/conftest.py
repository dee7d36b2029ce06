import os

from hypothesis import HealthCheck, settings

# Property tests compute numeric gradients, so individual examples can be slow:
# no per-example deadline.  CI uses a fixed seed so a red run can be reproduced.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True,
                          database=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def torch():
    """PyTorch (CPU, one thread) for comparisons: skipped with a reason when it is not
    installed, except in CI (``CI`` set), where a missing PyTorch is a failure."""
    try:
        import torch as torch_module
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("PyTorch is required in CI to compare minigrad with it: "
                        "`pip install torch==2.13.0` (the CPU build).")
        pytest.skip("PyTorch is not installed; `pip install torch==2.13.0` (CPU build) to "
                    "compare minigrad with it")
    torch_module.set_num_threads(1)
    return torch_module
