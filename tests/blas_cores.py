"""Which OpenBLAS core types the chapters run under: this machine's, and a second one.

OpenBLAS picks its kernels by CPU (SkylakeX on AVX-512 Intel, Haswell on most AMD and
older Intel laptops …), and float32 products then round differently in the last bits: a
printed number that hinges on them holds on one learner's machine and not on another's.
``OPENBLAS_CORETYPE`` forces a kernel set for one process, so the suite runs the chapters
again under a second core type (tests/test_chapters_other_blas.py) and says in its header
which two ran.

The second is the first of :data:`CANDIDATES` whose kernels differ from this machine's
(another family) and that this CPU can run (an older CPU never gets AVX-512 code). The
choice is checked, not assumed: a child process started with it must report it, since
OpenBLAS quietly falls back to its own choice when it does not know or cannot use a name,
and must survive the products a chapter makes (:data:`PROBE`). A forced core type can
crash where the CPU's own never does: OpenBLAS 0.3.34 (NumPy 2.5's wheels) gives a forced
table the blocking it tuned for Zen 4 and 5 hosts, and Haswell's double-precision kernel
then overruns its stack for a long inner dimension (OpenMathLib/OpenBLAS issues 6021 and
6026). Such a core type is passed over for the next candidate, and the header says why.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys

#: Core types to try as the second, in order, with the CPU features their kernels need
#: (NumPy's names for them) and the family of kernels they share.
CANDIDATES = [
    ("Haswell", ("AVX2", "FMA3"), "avx2"),
    ("SkylakeX", ("AVX512F", "AVX512CD", "AVX512BW", "AVX512DQ", "AVX512VL"), "avx512"),
    ("Sandybridge", ("AVX",), "avx"),
    ("Nehalem", ("SSE42",), "sse4"),
]
#: Core types that share their kernels with another (a Zen machine runs Haswell's, a
#: Cooper Lake's SkylakeX's): comparing two of one family would compare nothing.
FAMILIES = {"Haswell": "avx2", "Zen": "avx2", "SkylakeX": "avx512", "Cooperlake": "avx512",
            "SapphireRapids": "avx512", "Sandybridge": "avx", "Nehalem": "sse4"}
REPORT = ("import numpy, threadpoolctl; print(next((i['architecture'] for i in "
          "threadpoolctl.threadpool_info() if i.get('internal_api') == 'openblas'), ''))")
#: Products of the sizes chapter 12's conv net makes (a long inner dimension), in both
#: float types and both operand layouts; a child that dies on them cannot run the chapters.
PROBE = ("import numpy as np\n"
         "rng = np.random.default_rng(0)\n"
         "for dtype in (np.float64, np.float32):\n"
         "    for k in (384, 768, 2048):\n"
         "        a = rng.standard_normal((144, k)).astype(dtype)\n"
         "        b = rng.standard_normal((32, k)).astype(dtype)\n"
         "        a @ b.T, a @ np.ascontiguousarray(b.T)\n"
         "print('ok')")


def family(core: str) -> str:
    return FAMILIES.get(core, core)


def this_core() -> str | None:
    """The core type NumPy's OpenBLAS uses in this process, or None (no OpenBLAS)."""
    import numpy  # noqa: F401  (threadpoolctl sees only libraries already loaded)
    import threadpoolctl

    for info in threadpoolctl.threadpool_info():
        if info.get("internal_api") == "openblas":
            return info.get("architecture") or None
    return None


def cpu_features() -> set:
    """The instruction-set extensions this CPU has, by NumPy's names ("AVX2", "AVX512F" …)."""
    from numpy._core._multiarray_umath import __cpu_features__

    return {name for name, present in __cpu_features__.items() if present}


def pick_second(default: str, features: set, passed_over=()) -> str | None:
    """The second core type for a machine whose own is ``default``, or None; ``passed_over``:
    core types found unusable here."""
    for core, needs, kin in CANDIDATES:
        if kin != family(default) and set(needs) <= features and core not in passed_over:
            return core
    return None


def reported_under(core: str) -> str:
    """The core type a fresh Python reports when ``OPENBLAS_CORETYPE=core``."""
    out = subprocess.run([sys.executable, "-c", REPORT], capture_output=True, text=True,
                         env=dict(os.environ, OPENBLAS_CORETYPE=core), timeout=120)
    return out.stdout.strip() if out.returncode == 0 else ""


def survives(core: str) -> str | None:
    """None when a fresh Python with ``OPENBLAS_CORETYPE=core`` computes :data:`PROBE`,
    else what went wrong ("killed by signal 11 (SIGSEGV)" …)."""
    try:
        out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                             env=dict(os.environ, OPENBLAS_CORETYPE=core), timeout=300)
    except subprocess.TimeoutExpired:
        return "a matrix product hung"
    if out.returncode == 0 and out.stdout.strip() == "ok":
        return None
    if out.returncode < 0:
        import signal

        return (f"a matrix product killed the process by signal {-out.returncode} "
                f"({signal.Signals(-out.returncode).name})")
    return f"a matrix product failed: {(out.stderr or out.stdout).strip()[-300:]}"


@functools.cache
def cores() -> tuple:
    """``(this machine's core type, the second, None)``, or ``(…, None, why not)``."""
    default = this_core()
    if default is None:
        return None, None, "NumPy's BLAS here is not OpenBLAS, whose kernels can be chosen"
    features, passed_over = cpu_features(), {}
    while (second := pick_second(default, features, passed_over)) is not None:
        got = reported_under(second)
        if got != second:
            passed_over[second] = f"OPENBLAS_CORETYPE={second} gave {got or 'an error'} here"
            continue
        problem = survives(second)
        if problem is None:
            return default, second, passed_over_note(passed_over)
        passed_over[second] = f"under OPENBLAS_CORETYPE={second} {problem}"
    why = f"this CPU can run no other family of kernels than {default}'s"
    return default, None, why + (f" ({passed_over_note(passed_over)})" if passed_over else "")


def passed_over_note(passed_over: dict) -> str | None:
    """One sentence naming the core types passed over and why, or None."""
    if not passed_over:
        return None
    return "passed over: " + "; ".join(f"{core}, {why}" for core, why in passed_over.items())


def header() -> str:
    default, second, why = cores()
    if second is None:
        return f"OpenBLAS core types: {default or 'none'} only ({why})"
    return (f"OpenBLAS core types: {default} (this machine's: every test) and {second} "
            f"(the chapters again: tests/test_chapters_other_blas.py)"
            + (f"; {why}" if why else ""))
