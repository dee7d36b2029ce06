import os

from hypothesis import HealthCheck, settings

# Property tests compute numeric gradients, so individual examples can be slow:
# no per-example deadline.  CI uses a fixed seed so a red run can be reproduced.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True,
                          database=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
