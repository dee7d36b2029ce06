"""Layer benchmarks: a conv net, Conv2d alone and a transformer block, minigrad vs PyTorch.

Run from the repository root::

    python benchmarks/bench_layers.py              # full run, a few minutes on 2 cores
    python benchmarks/bench_layers.py --quick      # smoke run: fewer repeats, targets judged
    python benchmarks/bench_layers.py --markdown   # tables as Markdown, for the README

What is measured
----------------
A. One training step of a LeNet-style conv net on 28×28 inputs, batch 64:
   Conv2d(1, 6, 5) → ReLU → MaxPool2d(2) → Conv2d(6, 16, 5) → ReLU → MaxPool2d(2) →
   Flatten → Linear(256, 120) → ReLU → Linear(120, 10), cross-entropy, SGD with
   momentum: forward, backward and update, in float32 and in float64.  Both
   libraries start from the same weights (PyTorch's loaded from minigrad's
   ``state_dict``) and see the same batch; one step is compared before timing.
   Target: minigrad at most 1.5x PyTorch's time, for each dtype.
B. ``Conv2d`` forward + backward alone (float32) at three sizes: LeNet's two
   convolutions and a wider 3×3 layer.  Reported, not judged.
C. One training step of a transformer block: batch 32, sequence 64, width 128,
   4 heads, ``TransformerEncoderLayer(128, 4, dim_feedforward=512, dropout=0,
   activation='gelu', norm_first=True, batch_first=True)`` with a causal mask, an
   MSE loss and AdamW, float32 (the step is compared in float64 first: in float32 a
   weight with a near-zero gradient may move by ±lr in either library, as Adam
   divides each gradient by its own size).  Target: minigrad at most 2x PyTorch's time.

Memory, beside each time
------------------------
* **tracemalloc peak** (minigrad): the most memory NumPy and Python held at once
  during one step, above what was held before it (NumPy reports its buffers to
  ``tracemalloc``).  PyTorch's allocations are invisible to tracemalloc.
* **peak RSS** (both): the growth of the process's peak resident memory during one
  step (after a warm-up step), measured in a fresh process per library with
  ``/proc/self/clear_refs`` and ``VmHWM``.  That process runs with
  ``MALLOC_MMAP_THRESHOLD_=65536``, so every block of 64 KiB or more is mapped when
  allocated and unmapped when freed, and RSS follows what is live instead of what
  malloc keeps for later; the same measurement for both libraries.  Linux only.

Everything runs on one BLAS thread and one PyTorch thread (see ``harness.py``), and
times are the process's CPU time (see :func:`timed`); the libraries' timings are
interleaved, so drift on a busy machine hits both alike.
Exit status: 0 when every judged target is met (or skipped because PyTorch is
missing), 1 when one is missed, 2 when the libraries' steps disagree.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import (NOT_INSTALLED, Table, Target, chosen_settings, load_torch,  # noqa: E402
                     parse_standard, pin_environment, pinned_environment,
                     ratio, render, report, standard_parser)

PROBE = "--memory-probe"
if PROBE not in sys.argv:
    pin_environment()

# Only now is it safe to load NumPy, its BLAS and PyTorch.
import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's minigrad
import minigrad as mg  # noqa: E402
from minigrad import nn, optim  # noqa: E402
from minigrad.nn import functional as F  # noqa: E402

torch = load_torch()

LENET_TARGET = 1.5
TRANSFORMER_TARGET = 2.0


@dataclass(frozen=True)
class Settings:
    repeats: int          # timings per measurement; the median is reported
    steps: int            # steps (or calls) in one timing
    warmup: int           # untimed steps first


FULL = Settings(repeats=7, steps=20, warmup=3)
QUICK = Settings(repeats=3, steps=3, warmup=1)


def abort(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def torch_dtype(dtype):
    return {np.float32: torch.float32, np.float64: torch.float64}[dtype]


def training_step(optimizer, loss_of):
    """One step, the same code for both libraries (they share the names)."""
    def step():
        optimizer.zero_grad()
        loss = loss_of()
        loss.backward()
        optimizer.step()
        return loss.item()
    return step


def torch_twin(model, make, dtype):
    """``make(torch.nn)``, in ``dtype``, holding ``model``'s weights."""
    twin = make(torch.nn).to(torch_dtype(dtype))
    twin.load_state_dict({k: torch.from_numpy(v) for k, v in model.state_dict().items()})
    return twin


# -- the workloads: each builds (minigrad step, PyTorch step) from the same numbers --------
def lenet(lib, **kwargs):
    return lib.Sequential(lib.Conv2d(1, 6, 5, **kwargs), lib.ReLU(), lib.MaxPool2d(2),
                          lib.Conv2d(6, 16, 5, **kwargs), lib.ReLU(), lib.MaxPool2d(2),
                          lib.Flatten(), lib.Linear(256, 120, **kwargs), lib.ReLU(),
                          lib.Linear(120, 10, **kwargs))


def lenet_steps(dtype):
    mg.manual_seed(0)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 1, 28, 28)).astype(dtype)
    y = rng.integers(0, 10, 64)
    model = lenet(nn, dtype=dtype)
    xt = mg.Tensor(x)
    steps = {"minigrad": (training_step(optim.SGD(model.parameters(), lr=0.01, momentum=0.9),
                                        lambda: F.cross_entropy(model(xt), y)), model)}
    if torch is not None:
        twin = torch_twin(model, lenet, dtype)
        tx, ty = torch.from_numpy(x), torch.from_numpy(y)
        topt = torch.optim.SGD(twin.parameters(), lr=0.01, momentum=0.9)
        steps["PyTorch"] = (training_step(
            topt, lambda: torch.nn.functional.cross_entropy(twin(tx), ty)), twin)
    return steps


def block(lib, **kwargs):
    return lib.TransformerEncoderLayer(128, 4, dim_feedforward=512, dropout=0.0,
                                       activation="gelu", norm_first=True, batch_first=True,
                                       **kwargs)


def transformer_steps(dtype=np.float32):
    mg.manual_seed(0)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((32, 64, 128)).astype(dtype)
    target = rng.standard_normal((32, 64, 128)).astype(dtype)
    mask = np.triu(np.ones((64, 64), dtype=bool), 1)
    model = block(nn, dtype=dtype)
    xt, tt = mg.Tensor(x), mg.Tensor(target)
    steps = {"minigrad": (training_step(
        optim.AdamW(model.parameters(), lr=1e-3),
        lambda: F.mse_loss(model(xt, src_mask=mask, is_causal=True), tt)), model)}
    if torch is not None:
        twin = torch_twin(model, block, dtype)
        tx, tt2, tmask = torch.from_numpy(x), torch.from_numpy(target), torch.from_numpy(mask)
        steps["PyTorch"] = (training_step(
            torch.optim.AdamW(twin.parameters(), lr=1e-3),
            lambda: torch.nn.functional.mse_loss(twin(tx, src_mask=tmask, is_causal=True),
                                                 tt2)), twin)
    return steps


CONV_SIZES = [  # (batch, in, out, size, kernel, padding, input needs a gradient)
    (64, 1, 6, 28, 5, 0, False), (64, 6, 16, 12, 5, 0, True), (32, 32, 64, 32, 3, 1, True)]


def conv_calls(batch, c_in, c_out, size, k, pad, grad_input, dtype=np.float32):
    mg.manual_seed(0)
    rng = np.random.default_rng(2)
    x = rng.standard_normal((batch, c_in, size, size)).astype(dtype)
    conv = nn.Conv2d(c_in, c_out, k, padding=pad, dtype=dtype)
    xt = mg.Tensor(x, requires_grad=grad_input)

    def ours():
        conv.zero_grad()
        xt.grad = None
        conv(xt).sum().backward()
        return 0.0

    calls = {"minigrad": (ours, conv)}
    if torch is not None:
        tconv = torch_twin(conv, lambda lib: lib.Conv2d(c_in, c_out, k, padding=pad), dtype)
        tx = torch.from_numpy(x).requires_grad_(grad_input)

        def theirs():
            tconv.zero_grad()
            tx.grad = None
            tconv(tx).sum().backward()
            return 0.0

        calls["PyTorch"] = (theirs, tconv)
    return calls


WORKLOADS = {
    "lenet-float32": lambda: lenet_steps(np.float32),
    "lenet-float64": lambda: lenet_steps(np.float64),
    "transformer-float32": lambda: transformer_steps(np.float32),
    **{f"conv{i}": (lambda s=s: conv_calls(*s)) for i, s in enumerate(CONV_SIZES)},
}


# -- checking, timing, memory --------------------------------------------------------------
def check_same(name: str, steps: dict, dtype) -> None:
    """One step with each library from the same start: the losses and the updated weights
    must agree, or the timings would compare different computations."""
    if "PyTorch" not in steps:
        return
    (ours, model), (theirs, tmodel) = steps["minigrad"], steps["PyTorch"]
    tol = 1e-9 if dtype == np.float64 else 2e-4
    a, b = ours(), theirs()
    errors = [abs(a - b) / max(abs(b), 1e-12)]
    theirs_state = tmodel.state_dict()
    for k, v in model.state_dict().items():
        ref = theirs_state[k].numpy()
        errors.append(float(np.max(np.abs(v - ref)) / max(np.max(np.abs(ref)), 1e-12)))
    if max(errors) > tol:
        abort(f"{name}: after one step minigrad and PyTorch differ by {max(errors):.3g} "
              f"(relative; tolerance {tol:g}).")


def timed(steps: dict, settings: Settings) -> dict:
    """Milliseconds of CPU time per step for each library: the median of interleaved
    timings.  CPU time, not wall time: everything runs on one thread, so the CPU time is
    the work done, and on a shared machine it does not count the time spent waiting for
    a core (wall-clock ratios on a loaded 2-core machine moved by 2x between runs)."""
    for step, _ in steps.values():
        for _ in range(settings.warmup):
            step()
    times = {name: [] for name in steps}
    for _ in range(settings.repeats):
        for name, (step, _) in steps.items():
            start = time.process_time()
            for _ in range(settings.steps):
                step()
            times[name].append(time.process_time() - start)
    return {name: statistics.median(t) / settings.steps * 1e3 for name, t in times.items()}


def tracemalloc_peak(step) -> float:
    """MiB: the most allocated at once during one ``step()`` above what was held before."""
    step()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    step()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return (peak - base) / 2 ** 20


def _hwm_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM"):
                return int(line.split()[1])
    raise OSError("no VmHWM")


def _rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    raise OSError("no VmRSS")


def probe(workload: str, library: str) -> None:
    """In a fresh process: the peak RSS growth of one step, printed as JSON."""
    step = WORKLOADS[workload]()[library][0]
    step()                                     # warm-up: one-time allocations happen here
    step()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")                           # reset the peak to the current RSS
    before = _rss_kib()
    step()
    print(json.dumps({"peak_rss_mib": (_hwm_kib() - before) / 1024}))


def peak_rss(workload: str, library: str):
    """MiB, from a fresh process (None where Linux's /proc is not available)."""
    if not os.path.exists("/proc/self/clear_refs"):
        return None
    env = pinned_environment(malloc_tuning=False)
    env["MALLOC_MMAP_THRESHOLD_"] = "65536"
    result = subprocess.run([sys.executable, __file__, PROBE, workload, library],
                            capture_output=True, text=True, env=env, timeout=600)
    if result.returncode != 0:
        print(f"note: the memory probe for {workload}/{library} failed:\n{result.stderr}",
              file=sys.stderr)
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])["peak_rss_mib"]


def mib(value) -> str:
    return "-" if value is None else f"{value:.1f}"


# -- the tables ----------------------------------------------------------------------------
def rows_for(label: str, workload: str, settings: Settings, memory: bool):
    steps = WORKLOADS[workload]()
    ms = timed(steps, settings)
    rows = []
    for name in ("minigrad", "PyTorch"):
        if name not in ms:
            rows.append((label, name, NOT_INSTALLED, "-", "-", "-"))
            continue
        trace = tracemalloc_peak(steps[name][0]) if memory and name == "minigrad" else None
        rss = peak_rss(workload, name) if memory else None
        rows.append((label, name, f"{ms[name]:.2f}", ratio(ms["minigrad"] / ms[name]),
                     mib(trace) if name == "minigrad" else "n/a", mib(rss)))
        label = ""
    return rows, (ms["minigrad"] / ms["PyTorch"] if "PyTorch" in ms else None)


HEADERS = ("workload", "library", "ms/step", "minigrad / this", "tracemalloc peak MiB",
           "peak RSS MiB")


def bench_lenet(settings: Settings, memory: bool):
    rows, targets = [], []
    for dtype in (np.float32, np.float64):
        workload = f"lenet-{dtype.__name__}"
        check_same(workload, WORKLOADS[workload](), dtype)
        r, measured = rows_for(dtype.__name__, workload, settings, memory)
        rows += r
        targets.append(Target(f"A. LeNet step, {dtype.__name__}: minigrad / PyTorch",
                              measured, LENET_TARGET))
    table = Table(f"A. LeNet training step: batch 64, 28x28, two conv+pool blocks, two "
                  f"linear, SGD (median of {settings.repeats} x {settings.steps} steps)",
                  HEADERS, rows)
    return table, targets


def bench_conv(settings: Settings, memory: bool):
    rows = []
    for i, (batch, c_in, c_out, size, k, pad, grad_input) in enumerate(CONV_SIZES):
        label = (f"{c_in}->{c_out}, {size}x{size}, k{k}" + (f" pad {pad}" if pad else "")
                 + f", batch {batch}" + ("" if grad_input else " (no input grad)"))
        r, _ = rows_for(label, f"conv{i}", settings, memory)
        rows += r
    table = Table(f"B. Conv2d forward + backward alone, float32 (median of {settings.repeats} "
                  f"x {settings.steps} calls)", HEADERS, rows)
    return table, []


def bench_transformer(settings: Settings, memory: bool):
    workload = "transformer-float32"
    # Checked in float64: after one AdamW step in float32, a weight whose gradient is near
    # zero can move by ±lr in either library (Adam divides the gradient by its own size).
    check_same("transformer-float64", transformer_steps(np.float64), np.float64)
    rows, measured = rows_for("float32", workload, settings, memory)
    table = Table(f"C. Transformer block training step: batch 32, sequence 64, width 128, "
                  f"4 heads, causal, AdamW (median of {settings.repeats} x {settings.steps} "
                  f"steps)", HEADERS, rows)
    return table, [Target("C. transformer block step: minigrad / PyTorch", measured,
                          TRANSFORMER_TARGET)]


def parse_args():
    parser = standard_parser("Time minigrad's layers against PyTorch; exit 1 if a target is "
                             "missed.", "few repeats and steps", FULL.repeats, QUICK.repeats)
    parser.add_argument("--no-memory", action="store_true", help="skip the memory columns")
    parser.add_argument("--only", choices=("lenet", "conv", "transformer"),
                        help="run one benchmark")
    return parse_standard(parser)


def main() -> int:
    if sys.argv[1:2] == [PROBE]:
        probe(sys.argv[2], sys.argv[3])
        return 0
    args = parse_args()
    settings = chosen_settings(args, FULL, QUICK)
    targets = []
    benches = {"lenet": bench_lenet, "conv": bench_conv, "transformer": bench_transformer}
    for name, bench in benches.items():
        if args.only and name != args.only:
            continue
        table, judged = bench(settings, memory=not args.no_memory)
        targets += judged
        print(render(table, args.markdown), end="\n\n", flush=True)
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
