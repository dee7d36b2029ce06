"""The second OpenBLAS core type (tests/blas_cores.py): another family of kernels, one the
CPU can run, checked rather than assumed; and nbval under it really runs the notebook's
kernel with those kernels (tests/test_chapters_other_blas.py)."""

import nbformat
import pytest

from blas_cores import CANDIDATES, REPORT, cores, family, pick_second, reported_under
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
        assert family(second) != family(default) and why is None
        assert reported_under(second) == second


def test_a_name_openblas_does_not_take_is_caught():
    """OpenBLAS runs its own choice when it does not know a name; checking what a child
    reports is what catches it."""
    default, _, _ = cores()
    if default is None:
        pytest.skip("no OpenBLAS here")
    assert reported_under("NoSuchCore") == default


def test_nbval_under_a_core_type_runs_the_kernel_with_it(tmp_path):
    """A notebook that prints the core type its kernel runs passes under the core type it
    was saved with and fails under the second: the setting reaches the kernel."""
    default, second, why = cores()
    if second is None:
        pytest.skip(why)
    cell = nbformat.v4.new_code_cell(REPORT.replace("; print(", "\nprint(", 1))
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=default + "\n")]
    cell.execution_count = 1
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    path = tmp_path / "which_core.ipynb"
    nbformat.write(nb, path)
    assert nbval_under(default, str(path)).returncode == 0
    failed = nbval_under(second, str(path))
    assert failed.returncode != 0 and second in failed.stdout, failed.stdout[-2000:]
