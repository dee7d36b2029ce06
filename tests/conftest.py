import os

from hypothesis import HealthCheck, settings

# Property tests compute numeric gradients, so individual examples can be slow:
# no per-example deadline.  CI uses a fixed seed so a red run can be reproduced.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True,
                          database=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")



import pytest  # noqa: E402
from needs_torch import require_torch  # noqa: E402


@pytest.fixture(scope="session")
def torch():
    """PyTorch for the comparisons, as a fixture: :func:`needs_torch.require_torch` (skips
    with the install hint where PyTorch is absent, fails in CI)."""
    return require_torch()
