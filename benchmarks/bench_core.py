"""Core speed benchmarks for minigrad, each with a target it must meet.

Run from the repository root::

    python benchmarks/bench_core.py                     # full run, about 30 s on 2 cores
    python benchmarks/bench_core.py --quick             # smoke run, about 5 s
    python benchmarks/bench_core.py --markdown          # tables as Markdown, for the README
    python benchmarks/bench_core.py --no-malloc-tuning  # glibc's default heap behaviour

What is measured
----------------
A. One training step of a small MLP (batch 64, 784 -> 128 ReLU -> 10, MSE loss,
   plain SGD, float64) written three ways: with minigrad; as hand-written NumPy,
   forward and backward worked out by hand, which is the floor any library on
   NumPy can reach; and with PyTorch on the CPU.  Most of the time goes into the
   matrix products, so the ratio to NumPy is what minigrad's bookkeeping costs on
   a realistic step.  Target: minigrad at most 1.3x the hand-written step.
B. Per-op overhead: a chain of 1,000 ops on 4x4 tensors (mul, add, tanh, sub
   in turn) and its backward.  The arithmetic is almost free at this size, so
   this times the bookkeeping alone.  Target: no slower per op than PyTorch.
C. backward() alone on chains of 10^3, 10^4 and 10^5 ops.  Target: the cost per
   graph node at the largest size at most 2x the cost at the smallest, i.e. the
   backward walk stays linear in the size of the graph.

Why the environment is pinned
-----------------------------
Everything runs on one BLAS thread (and PyTorch on one thread), so the numbers
compare the libraries, not how many cores a machine has or how busy they are.

glibc's malloc returns large freed blocks to the operating system (through
mmap and heap trimming), so memory that is freed and allocated again on every
step has to be page-faulted in afresh each time.  A hand-written NumPy step
frees its large temporaries (the 784x128 weight gradient among them) on every
call, and this can make it run about 2x slower, which would flatter minigrad's
ratio against it.  Whether it strikes depends on the state of the heap (what
ran before, in what order), so benchmark A also reports page faults per step.
The script therefore sets MALLOC_MMAP_THRESHOLD_ (32 MiB)
and MALLOC_TRIM_THRESHOLD_ (1 GiB) so that freed memory is kept and reused.
glibc reads these variables only when a process starts, so the script
re-executes itself with them set before NumPy is imported.
``--no-malloc-tuning`` runs without them (still on one BLAS thread) to show the
difference.

Exit status: 0 when every target is met (or skipped because PyTorch is not
installed), 1 when any target is missed, 2 when the implementations of the
MLP step disagree, which would make their timings meaningless.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import (NOT_INSTALLED, Table, Target, load_torch, machine_line,  # noqa: E402
                     parse_standard, pin_environment, ratio, render, report, standard_parser)

pin_environment()

# Only now is it safe to load NumPy, its BLAS and PyTorch.
import gc  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's minigrad
import minigrad as mg  # noqa: E402

try:
    import resource          # POSIX only; used to count page faults
except ImportError:
    resource = None

torch = load_torch()

# -- settings ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Settings:
    repeats: int              # timings per measurement; the median is reported
    mlp_steps: int            # training steps in one timing of benchmark A
    mlp_warmup: int           # untimed steps before benchmark A's timings
    chain_rounds: int         # 1,000-op chains in one timing of benchmark B
    chain_sizes: tuple        # chain lengths for benchmark C


FULL = Settings(repeats=7, mlp_steps=50, mlp_warmup=10, chain_rounds=10,
                chain_sizes=(10**3, 10**4, 10**5))
QUICK = Settings(repeats=5, mlp_steps=20, mlp_warmup=5, chain_rounds=4,
                 chain_sizes=(10**3, 10**4))


def seconds(fn) -> float:
    """Wall-clock seconds one call of ``fn()`` takes."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def minor_page_faults() -> int | None:
    """Page faults this process has taken so far without disk I/O (None where the OS
    does not say): a freshly mapped page costs one, so they show memory that malloc
    gave back to the system being mapped again."""
    if resource is None:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def abort(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


# -- benchmark A: an MLP training step ----------------------------------------------------
BATCH, N_IN, N_HIDDEN, N_OUT = 64, 784, 128, 10
LR = 0.01
STEP_TOLERANCE = 1e-10
NUMPY = "hand-written NumPy"


def mlp_problem(seed: int = 0):
    """Inputs, one-hot-ish targets and initial [W1, b1, W2, b2], all float64."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((BATCH, N_IN))
    y = np.full((BATCH, N_OUT), 0.01)
    y[np.arange(BATCH), rng.integers(0, N_OUT, BATCH)] = 0.9
    params = [rng.standard_normal((N_IN, N_HIDDEN)) * np.sqrt(2 / N_IN),
              rng.standard_normal(N_HIDDEN) * 0.01,
              rng.standard_normal((N_HIDDEN, N_OUT)) * np.sqrt(2 / N_HIDDEN),
              rng.standard_normal(N_OUT) * 0.01]
    return x, y, params


# Each ``*_mlp`` function returns ``(step, weights)``: ``step()`` does one training
# step on its own copy of the parameters and returns the loss before the update;
# ``weights`` are NumPy views of those parameters, which the steps update in place.

def numpy_mlp(x, y, params):
    """Forward and backward written out by hand."""
    weights = [p.copy() for p in params]
    W1, b1, W2, b2 = weights
    scale = 2.0 / (BATCH * N_OUT)          # d mean((out - y)²) / d out = scale * (out - y)

    def step():
        z1 = x @ W1 + b1
        h = np.maximum(z1, 0)
        diff = h @ W2 + b2 - y
        loss = np.mean(diff * diff)
        g_out = diff * scale
        g_z1 = (g_out @ W2.T) * (z1 > 0)
        grads = (x.T @ g_z1, g_z1.sum(axis=0), h.T @ g_out, g_out.sum(axis=0))
        for p, g in zip(weights, grads):
            p -= LR * g
        return float(loss)

    return step, weights


def minigrad_mlp(x, y, params):
    xt, yt = mg.Tensor(x), mg.Tensor(y)
    weights = [mg.Tensor(p.copy(), requires_grad=True) for p in params]
    W1, b1, W2, b2 = weights

    def step():
        out = (xt @ W1 + b1).relu() @ W2 + b2
        loss = ((out - yt) ** 2).mean()
        loss.backward()
        with mg.no_grad():
            for p in weights:
                p.data -= LR * p.grad.data
                p.grad = None
        return loss.item()

    return step, [p.data for p in weights]


def torch_mlp(x, y, params):
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    weights = [torch.tensor(p, requires_grad=True) for p in params]
    W1, b1, W2, b2 = weights

    def step():
        out = torch.relu(xt @ W1 + b1) @ W2 + b2
        loss = ((out - yt) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p in weights:
                p -= LR * p.grad
                p.grad = None
        return loss.item()

    return step, [p.detach().numpy() for p in weights]


def check_same_step(reference, others: dict) -> None:
    """Take one step with every implementation and abort unless all agree with
    ``reference`` (losses and updated weights) to within STEP_TOLERANCE."""
    ref_step, ref_weights = reference
    ref_loss = ref_step()
    for name, (step, weights) in others.items():
        errors = [abs(step() - ref_loss)]
        errors += [np.max(np.abs(w - r)) for w, r in zip(weights, ref_weights)]
        if max(errors) > STEP_TOLERANCE:
            abort(f"after one MLP step {name} differs from the hand-written NumPy step by "
                  f"{max(errors):.3g} (tolerance {STEP_TOLERANCE:g}); timings would compare "
                  f"different computations.")


def bench_mlp(settings: Settings):
    x, y, params = mlp_problem()
    impls = {NUMPY: numpy_mlp(x, y, params), "minigrad": minigrad_mlp(x, y, params)}
    if torch is not None:
        impls["PyTorch"] = torch_mlp(x, y, params)
    check_same_step(impls[NUMPY], {k: v for k, v in impls.items() if k != NUMPY})

    for step, _ in impls.values():
        for _ in range(settings.mlp_warmup):
            step()

    def run_steps(step):
        for _ in range(settings.mlp_steps):
            step()

    times = {name: [] for name in impls}
    faults = {name: [] for name in impls}
    for _ in range(settings.repeats):       # interleaved, so drift hits all alike
        for name, (step, _) in impls.items():
            before = minor_page_faults()
            times[name].append(seconds(lambda: run_steps(step)))
            faults[name].append(minor_page_faults() - before if before is not None else None)
    ms = {name: statistics.median(t) / settings.mlp_steps * 1e3 for name, t in times.items()}

    rows = []
    for name in ("minigrad", NUMPY, "PyTorch"):
        if name in ms:
            per_step = ("n/a" if None in faults[name] else
                        f"{sum(faults[name]) / (settings.repeats * settings.mlp_steps):.1f}")
            rows.append((name, f"{ms[name]:.3f}", ratio(ms["minigrad"] / ms[name]), per_step))
        else:
            rows.append((name, NOT_INSTALLED, "-", "-"))
    table = Table(f"A. MLP training step: batch {BATCH}, {N_IN}->{N_HIDDEN} ReLU->{N_OUT}, "
                  f"MSE, SGD, float64 (median of {settings.repeats} x "
                  f"{settings.mlp_steps} steps)",
                  ("implementation", "ms/step", "minigrad / this", "page faults/step"), rows)
    target = Target("A. MLP step: minigrad / hand-written NumPy",
                    ms["minigrad"] / ms[NUMPY], 1.3)
    return table, target


# -- benchmark B: per-op overhead on 4x4 tensors ------------------------------------------
CHAIN_OPS = 1000           # a multiple of 4: the chain cycles through four ops


def chain_run(x0, w):
    """A function building the 1,000-op chain from leaves ``x0`` and ``w`` and running
    its backward; works unchanged for minigrad and PyTorch tensors."""
    def run():
        x0.grad = w.grad = None
        x = x0
        for _ in range(CHAIN_OPS // 4):
            x = x * w
            x = x + w
            x = x.tanh()
            x = x - 0.5
        x.sum().backward()
    return run


def chain_leaves(seed: int = 1):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, (4, 4)), rng.uniform(0.5, 1.0, (4, 4))


def bench_op_overhead(settings: Settings):
    x0, w = chain_leaves()
    runs = {"minigrad": chain_run(mg.Tensor(x0, requires_grad=True),
                                  mg.Tensor(w, requires_grad=True))}
    if torch is not None:
        runs["PyTorch"] = chain_run(torch.tensor(x0, requires_grad=True),
                                    torch.tensor(w, requires_grad=True))

    def run_rounds(run):
        for _ in range(settings.chain_rounds):
            run()

    for run in runs.values():
        run_rounds(run)                     # warm-up
    times = {name: [] for name in runs}
    for _ in range(settings.repeats):
        for name, run in runs.items():
            gc.collect()
            times[name].append(seconds(lambda: run_rounds(run)))
    us = {name: statistics.median(t) / (settings.chain_rounds * CHAIN_OPS) * 1e6
          for name, t in times.items()}

    rows = [("minigrad", f"{us['minigrad']:.2f}", ratio(1.0))]
    if torch is not None:
        rows.append(("PyTorch", f"{us['PyTorch']:.2f}", ratio(us["minigrad"] / us["PyTorch"])))
    else:
        rows.append(("PyTorch", NOT_INSTALLED, "-"))
    table = Table(f"B. Per-op overhead: {CHAIN_OPS}-op chain on 4x4 float64 "
                  f"(mul, add, tanh, sub), forward + backward "
                  f"(median of {settings.repeats} x {settings.chain_rounds} chains)",
                  ("library", "µs/op", "minigrad / this"), rows)
    measured = us["minigrad"] / us["PyTorch"] if torch is not None else None
    return table, Target("B. per op (4x4): minigrad / PyTorch", measured, 1.0)


# -- benchmark C: backward of long chains -------------------------------------------------
def long_chain(ops: int):
    """A scalar chain of ``ops`` recorded ops, alternating mul and add."""
    x = mg.Tensor(1.0, requires_grad=True)
    for _ in range(ops // 2):
        x = x * 1.0001 + 0.5
    return x


def timed_backward(ops: int) -> tuple:
    """The number of graph nodes (ops plus the leaf) of a fresh chain, and the
    seconds its backward() takes."""
    root = long_chain(ops)
    nodes = len(mg.topological_order(root))
    gc.collect()
    return nodes, seconds(root.backward)


def bench_backward_chains(settings: Settings):
    rows, per_node = [], []
    for ops in settings.chain_sizes:
        counts, times = zip(*(timed_backward(ops) for _ in range(settings.repeats)))
        nodes, median_s = counts[0], statistics.median(times)
        per_node.append(median_s / nodes * 1e6)
        rows.append((f"{ops:,}", f"{nodes:,}", f"{median_s * 1e3:.2f}",
                     f"{per_node[-1]:.2f}", ratio(per_node[-1] / per_node[0])))
    table = Table(f"C. backward() alone on chains of x = x * 1.0001 + 0.5 "
                  f"(median of {settings.repeats})",
                  ("ops", "graph nodes", "backward ms", "µs/node", "vs smallest"), rows)
    largest, smallest = settings.chain_sizes[-1], settings.chain_sizes[0]
    target = Target(f"C. backward µs/node: {largest:,}-op / {smallest:,}-op chain",
                    per_node[-1] / per_node[0], 2.0)
    return table, target


# -- output --------------------------------------------------------------------------------
# -- main ----------------------------------------------------------------------------------
def parse_args():
    return parse_standard(standard_parser(
        "Time minigrad against hand-written NumPy and PyTorch; exit 1 if a target is missed.",
        "short smoke run: fewer repeats, chains up to 10^4 ops only", FULL.repeats,
        QUICK.repeats))


def main() -> int:
    args = parse_args()
    settings = QUICK if args.quick else FULL
    if args.repeats is not None:
        settings = replace(settings, repeats=args.repeats)
    print(machine_line(malloc_tuning=not args.no_malloc_tuning))
    print()
    targets = []
    for bench in (bench_mlp, bench_op_overhead, bench_backward_chains):
        table, target = bench(settings)
        targets.append(target)
        print(render(table, args.markdown), end="\n\n", flush=True)
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
