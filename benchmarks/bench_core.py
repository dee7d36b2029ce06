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
A2. The same step in float32, against PyTorch's float32 step.  Target: minigrad no
   slower than PyTorch.
B. Per-op overhead: a chain of 1,000 ops on 4x4 tensors (mul, add, tanh, sub
   in turn) and its backward.  The arithmetic is almost free at this size, so
   this times the bookkeeping alone.  Target: no slower per op than PyTorch.
B2. The same with a Python number as the other operand (x * 2.0, 1.0 - x, tanh,
   x / 3.0), which PyTorch also applies without making a tensor of it.  Target: no
   slower per op than PyTorch.
C. backward() alone on chains of 10^3, 10^4 and 10^5 ops.  Target: the cost per
   graph node at the largest size at most 2x the cost at the smallest, i.e. the
   backward walk stays linear in the size of the graph.
D. Memory a graph holds between forward and backward: a chain of additions and a
   chain of tanh on 256x256 float64 arrays, and the MLP step of A.  For minigrad, the
   growth of traced memory (NumPy's arrays included) while the forward pass runs and
   its result is held; for PyTorch, the bytes of every intermediate tensor its graph
   saved for backward (counted with ``torch.autograd.graph.saved_tensors_hooks``) plus
   the result.  Additions save nothing in either; tanh saves its output in both.  Target:
   minigrad at most 1.1x PyTorch's bytes plus 1 MB (node bookkeeping).

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
from harness import (NOT_INSTALLED, Table, Target, chosen_settings, load_torch,  # noqa: E402
                     parse_standard, pin_environment, ratio, render, report,
                     standard_parser)

pin_environment()

# Only now is it safe to load NumPy, its BLAS and PyTorch.
import gc  # noqa: E402
import tracemalloc  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402

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
    weights = [mg.Tensor(p, requires_grad=True) for p in params]
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
    xt, yt = torch.tensor(x), torch.tensor(y)
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


def time_steps(impls: dict, settings: Settings) -> tuple:
    """({name: ms per step}, {name: [page faults per timing]}): warm-up, then timings of
    ``settings.mlp_steps`` steps, interleaved so that drift hits every implementation."""
    for step, _ in impls.values():
        for _ in range(settings.mlp_warmup):
            step()

    def run_steps(step):
        for _ in range(settings.mlp_steps):
            step()

    times = {name: [] for name in impls}
    faults = {name: [] for name in impls}
    for _ in range(settings.repeats):
        for name, (step, _) in impls.items():
            before = minor_page_faults()
            times[name].append(seconds(lambda: run_steps(step)))
            faults[name].append(minor_page_faults() - before if before is not None else None)
    ms = {name: statistics.median(t) / settings.mlp_steps * 1e3 for name, t in times.items()}
    return ms, faults


def bench_mlp(settings: Settings):
    x, y, params = mlp_problem()
    impls = {NUMPY: numpy_mlp(x, y, params), "minigrad": minigrad_mlp(x, y, params)}
    if torch is not None:
        impls["PyTorch"] = torch_mlp(x, y, params)
    check_same_step(impls[NUMPY], {k: v for k, v in impls.items() if k != NUMPY})

    ms, faults = time_steps(impls, settings)
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


def bench_mlp_float32(settings: Settings):
    """A2: the MLP step in float32, minigrad against PyTorch (both single-precision
    throughout; they agree to float32 rounding, not to 1e-10)."""
    x, y, params = mlp_problem()
    x, y = x.astype(np.float32), y.astype(np.float32)
    params = [p.astype(np.float32) for p in params]
    impls = {"minigrad": minigrad_mlp(x, y, params)}
    if torch is not None:
        impls["PyTorch"] = torch_mlp(x, y, params)
        losses = [step() for step, _ in impls.values()]
        if abs(losses[0] - losses[1]) > 1e-4 * abs(losses[1]):
            abort(f"the float32 MLP steps disagree: minigrad {losses[0]}, PyTorch {losses[1]}")
        assert all(w.dtype == np.float32 for w in impls["minigrad"][1]), "float32 was lost"
    ms, _ = time_steps(impls, settings)
    rows = [("minigrad", f"{ms['minigrad']:.3f}", ratio(1.0))]
    rows.append(("PyTorch", f"{ms['PyTorch']:.3f}", ratio(ms["minigrad"] / ms["PyTorch"]))
                if torch is not None else ("PyTorch", NOT_INSTALLED, "-"))
    table = Table(f"A2. The same MLP step in float32 (median of {settings.repeats} x "
                  f"{settings.mlp_steps} steps)", ("library", "ms/step", "minigrad / this"), rows)
    measured = ms["minigrad"] / ms["PyTorch"] if torch is not None else None
    return table, Target("A2. MLP step float32: minigrad / PyTorch", measured, 1.0)


# -- benchmark B: per-op overhead on 4x4 tensors ------------------------------------------
CHAIN_OPS = 1000           # a multiple of 4: the chain cycles through four ops


def chain_run(x0, w, numbers: bool = False):
    """A function building the 1,000-op chain from leaves ``x0`` and ``w`` and running
    its backward; works unchanged for minigrad and PyTorch tensors.  With ``numbers``
    the other operand of each arithmetic op is a Python number instead of ``w``."""
    def run():
        x0.grad = w.grad = None
        x = x0
        if numbers:
            for _ in range(CHAIN_OPS // 4):
                x = x * 2.0
                x = 1.0 - x
                x = x.tanh()
                x = x / 3.0
        else:
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


def bench_op_overhead(settings: Settings, numbers: bool = False):
    x0, w = chain_leaves()
    runs = {"minigrad": chain_run(mg.Tensor(x0, requires_grad=True),
                                  mg.Tensor(w, requires_grad=True), numbers)}
    if torch is not None:
        runs["PyTorch"] = chain_run(torch.tensor(x0, requires_grad=True),
                                    torch.tensor(w, requires_grad=True), numbers)

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
    label, ops = (("B2", "x * 2.0, 1.0 - x, tanh, x / 3.0: a number as the other operand")
                  if numbers else ("B", "mul, add, tanh, sub"))
    table = Table(f"{label}. Per-op overhead: {CHAIN_OPS}-op chain on 4x4 float64 "
                  f"({ops}), forward + backward "
                  f"(median of {settings.repeats} x {settings.chain_rounds} chains)",
                  ("library", "µs/op", "minigrad / this"), rows)
    measured = us["minigrad"] / us["PyTorch"] if torch is not None else None
    what = "per op with a number (4x4)" if numbers else "per op (4x4)"
    return table, Target(f"{label}. {what}: minigrad / PyTorch", measured, 1.0)


def bench_number_overhead(settings: Settings):
    return bench_op_overhead(settings, numbers=True)


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


# -- benchmark D: memory the graph holds ---------------------------------------------------
MEMORY_SIDE, ADD_CHAIN, TANH_CHAIN = 256, 1000, 100


def minigrad_graph_bytes(build) -> int:
    """Growth of traced memory while ``build()`` runs and its result is still held."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    result = build()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del result
    return held


def torch_graph_bytes(build) -> int:
    """Bytes of the distinct tensors PyTorch's graph saved for backward, plus the result.
    Saved leaves (the inputs and weights, which existed before) are not counted, as they
    are not in minigrad's traced growth either."""
    storages = {}

    def pack(t):
        if t.grad_fn is not None:
            storages[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        result = build()
    storages[result.untyped_storage().data_ptr()] = result.untyped_storage().nbytes()
    return sum(storages.values())


def memory_cases(lib):
    """{case: a function building that case's graph with ``lib`` and returning its result}."""
    rng = np.random.default_rng(2)
    a = rng.uniform(-1, 1, (MEMORY_SIDE, MEMORY_SIDE))
    leaf = (lambda v: mg.Tensor(v, requires_grad=True)) if lib is mg else \
        (lambda v: torch.tensor(v, requires_grad=True))
    x = leaf(a)

    def additions():
        y = x
        for _ in range(ADD_CHAIN):
            y = y + 1.0
        return y

    def tanhs():
        y = x
        for _ in range(TANH_CHAIN):
            y = y.tanh()
        return y

    mx, my, params = mlp_problem()
    weights = [leaf(p) for p in params]
    xt, yt = ((mg.Tensor(mx), mg.Tensor(my)) if lib is mg else
              (torch.tensor(mx), torch.tensor(my)))

    def mlp():
        W1, b1, W2, b2 = weights
        relu = (lambda t: t.relu()) if lib is mg else torch.relu
        out = relu(xt @ W1 + b1) @ W2 + b2
        return ((out - yt) ** 2).mean()

    side = f"{MEMORY_SIDE}x{MEMORY_SIDE}"
    return {f"{ADD_CHAIN} additions, {side}": additions,
            f"{TANH_CHAIN} tanh, {side}": tanhs,
            f"MLP step forward (A)": mlp}


def bench_memory(settings: Settings):
    ours = {name: minigrad_graph_bytes(build) for name, build in memory_cases(mg).items()}
    theirs = ({name: torch_graph_bytes(build) for name, build in memory_cases(torch).items()}
              if torch is not None else {})
    rows, worst = [], 0.0
    for name, held in ours.items():
        if name in theirs:
            limit = 1.1 * theirs[name] + 2**20
            worst = max(worst, held / limit)
            rows.append((name, f"{held / 2**20:.2f}", f"{theirs[name] / 2**20:.2f}",
                         f"{limit / 2**20:.2f}"))
        else:
            rows.append((name, f"{held / 2**20:.2f}", NOT_INSTALLED, "-"))
    table = Table("D. Memory the graph holds after forward, before backward (MB)",
                  ("graph", "minigrad", "PyTorch", "limit: 1.1 x PyTorch + 1 MB"), rows)
    return table, Target("D. graph memory: minigrad / limit (worst case)",
                         worst if theirs else None, 1.0)


# -- output --------------------------------------------------------------------------------
# -- main ----------------------------------------------------------------------------------
def parse_args():
    return parse_standard(standard_parser(
        "Time minigrad against hand-written NumPy and PyTorch; exit 1 if a target is missed.",
        "short smoke run: fewer repeats, chains up to 10^4 ops only", FULL.repeats,
        QUICK.repeats))


def main() -> int:
    args = parse_args()
    settings = chosen_settings(args, FULL, QUICK)
    targets = []
    for bench in (bench_mlp, bench_mlp_float32, bench_op_overhead, bench_number_overhead,
                  bench_backward_chains, bench_memory):
        table, target = bench(settings)
        targets.append(target)
        print(render(table, args.markdown), end="\n\n", flush=True)
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
