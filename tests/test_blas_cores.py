"""The second OpenBLAS core type (tests/blas_cores.py): another family of kernels, one the
CPU can run, checked rather than assumed; and nbval under it really runs the notebook's
kernel with those kernels (tests/test_chapters_other_blas.py)."""

import nbformat
import pytest

from blas_cores import (CANDIDATES, REPORT, cores, family, pick_second, reported_under,
                        survives)
from test_chapters_other_blas import nbval_under

AVX512 = {"SSE42", "AVX", "AVX2", "FMA3", "AVX512F", "AVX512CD", "AVX512BW", "AVX512DQ",
          "AVX512VL"}
AVX2 = {"SSE42", "AVX", "AVX2", "FMA3"}
AVX = {"SSE42", "AVX"}


@pytest.mark.parametrize("default, features, second", [
    ("SkylakeX", AVX512, "Haswell"),           # AVX-512 Intel: AMD's and older Intel's kernels
    ("Cooperlake", AVX512, "Haswell"),         # SkylakeX's kernels too
    ("Haswell", AVX512, "SkylakeX"),           # this EPYC's OpenBLAS, had it picked Haswell
    ("Zen", AVX512, "SkylakeX"),
    ("Haswell", AVX2, "Sandybridge"),          # no AVX-512: never SkylakeX
    ("Zen", AVX2, "Sandybridge"),              # Zen runs Haswell's kernels: not a second
    ("Sandybridge", AVX, "Nehalem"),           # no AVX2: never Haswell
    ("Excavator", AVX2, "Haswell"),            # a name we do not group: any other family
    ("Nehalem", {"SSE42"}, None),              # nothing else this CPU can run
])
def test_the_second_is_another_family_the_cpu_can_run(default, features, second):
    assert pick_second(default, features) == second
    if second is not None:
        needs = next(n for core, n, _ in CANDIDATES if core == second)
        assert set(needs) <= features and family(second) != family(default)


def test_on_this_machine_two_families_run_or_it_says_why():
    default, second, why = cores()
    if second is None:
        assert why
    else:
        assert family(second) != family(default) and (why is None or "passed over" in why)
        assert reported_under(second) == second and survives(second) is None
        assert survives(default) is None


def test_a_core_type_that_crashes_here_is_passed_over_with_the_reason(monkeypatch):
    """OpenBLAS 0.3.34 on a Zen 4 host: forced Haswell kernels die on a long product
    (SIGSEGV), so the chapters run under the next family, and the header says why."""
    import blas_cores

    monkeypatch.setattr(blas_cores, "this_core", lambda: "SkylakeX")
    monkeypatch.setattr(blas_cores, "cpu_features", lambda: AVX512)
    monkeypatch.setattr(blas_cores, "reported_under", lambda core: core)
    monkeypatch.setattr(blas_cores, "survives", lambda core: (
        "a matrix product killed the process by signal 11 (SIGSEGV)" if core == "Haswell"
        else None))
    default, second, why = blas_cores.cores.__wrapped__()
    assert (default, second) == ("SkylakeX", "Sandybridge")
    assert why == ("passed over: Haswell, under OPENBLAS_CORETYPE=Haswell a matrix product "
                   "killed the process by signal 11 (SIGSEGV)")
    monkeypatch.setattr(blas_cores, "survives", lambda core: "a matrix product hung")
    default, second, why = blas_cores.cores.__wrapped__()
    assert second is None and why.startswith("this CPU can run no other family")
    assert "Haswell, under" in why and "Sandybridge, under" in why and "Nehalem, under" in why


def test_the_probe_reports_a_dying_child(monkeypatch):
    import blas_cores

    assert blas_cores.survives(cores()[0] or "Haswell") is None
    monkeypatch.setattr(blas_cores, "PROBE",
                        "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    assert blas_cores.survives("Haswell") == ("a matrix product killed the process by "
                                              "signal 11 (SIGSEGV)")
    monkeypatch.setattr(blas_cores, "PROBE", "raise SystemExit('no BLAS')")
    assert blas_cores.survives("Haswell") == "a matrix product failed: no BLAS"
