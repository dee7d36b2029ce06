"""PyTorch for the comparisons: present in CI, optional on a learner's machine.

``torch = require_torch()`` at the top of a test module (or inside a test) returns the
module, skips with the install hint where PyTorch is absent, and fails in CI (``CI`` set),
where the comparisons are how we know the library is right: ``.ci/run`` installs the CPU
build into the project's environment before the tests run.
"""

from in_ci import skip_or_fail_in_ci

INSTALL = ".venv/bin/pip install torch==2.13.0 (the CPU build; other spellings pull GBs of CUDA)"


def require_torch():
    try:
        import torch
    except ImportError:
        # allow_module_level: called at a module's top it skips that module (inside a test it
        # skips the test, as without the flag)
        skip_or_fail_in_ci(f"PyTorch is not installed; {INSTALL} to compare minigrad with it",
                           f"PyTorch is not installed, and CI must compare minigrad with it: "
                           f"{INSTALL}", allow_module_level=True)
    torch.set_num_threads(1)
    return torch
