"""Training benchmarks: the examples' digit classifier, minigrad against PyTorch.

Run from the repository root::

    python benchmarks/bench_train.py               # digits (and MNIST when it is cached)
    python benchmarks/bench_train.py --quick       # smoke run: 2 epochs, targets not judged
    python benchmarks/bench_train.py --mnist-idx DIR   # MNIST from IDX files in DIR
    python benchmarks/bench_train.py --markdown    # tables as Markdown, for the README

What is measured
----------------
The recipe of ``minigrad/examples/classifier.py`` (standardised pixels, MLP
``pixels -> 256 ReLU -> 10``, Adam at 1e-3, cross-entropy, float32) trained by

* **minigrad**, through ``minigrad.train.fit`` exactly as ``python -m
  minigrad.examples.digits`` runs it (progress bar off), and
* **PyTorch** on the CPU (when installed), with the textbook loop
  (``zero_grad``, forward, loss, ``backward``, ``step``).

Both start from the *same* initial weights (copied from the minigrad model) and
see the *same* batches in the same order (PyTorch's loop reads minigrad's
``DataLoader`` and wraps each batch with ``torch.from_numpy``, which copies
nothing), so the two differ only in the library doing the work.

Data sets: the offline 8×8 digits, always (with shifted copies, 7,190 training
rows); full MNIST when its files are in minigrad's cache (``load_mnist(download=
False)``; this script never downloads) or in ``--mnist-idx DIR``.

The conv net of ``python -m minigrad.examples.cnn`` (``minigrad/examples/cnn.py``:
its recipe per data set, Adam with the one-cycle schedule stepped every batch) is
trained the same way, by ``cnn.train`` and by the same loop written for PyTorch,
from the same initial weights and batches.

BLAS threads (fit's ``blas_threads``)
------------------------------------
The tables above pin one BLAS thread for every side.  A learner's process is not
pinned: NumPy's OpenBLAS starts one thread per core, and the small products of these
models then cost far more than they compute, worst on a busy machine.  ``fit`` therefore
trains on one BLAS thread by default.  The last table trains the digits example in
fresh processes that are *not* pinned (OpenBLAS's default threads, as a learner's are),
once with ``fit``'s default and once with ``blas_threads=None`` (BLAS left alone),
alternating, three times each, and compares the medians.

Targets
-------
* MLP, digits: minigrad's test accuracy >= 97 %, in under 30 s of training.
* MLP, digits and MNIST when present: minigrad's seconds per epoch at most 1.5x PyTorch's.
* MLP, MNIST when present: test accuracy >= 97 %.
* conv net, digits: test accuracy >= 98.5 % in under 60 s; MNIST: >= 99 %.  Its seconds per
  epoch are reported beside PyTorch's but not judged: with 32 and 64 channels this net is
  bound by arithmetic, and PyTorch's direct convolutions (oneDNN, AVX-512 here) do it
  faster than im2col and NumPy's BLAS can; ``bench_layers.py`` judges the conv net
  the issue sets a target for (LeNet).
* unpinned digits training: fit's default at most 1.1x the time with BLAS left alone
  (it should be much faster on a busy or many-core machine; never clearly slower).

Everything else runs on one BLAS thread and one PyTorch thread (see ``harness.py``).
Exit status: 0 when every judged target is met, 1 when one is missed.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import (NO_MALLOC_TUNING, NOT_INSTALLED, THREAD_ENV, Table, Target,  # noqa: E402
                     load_torch, machine_line, pin_environment, ratio, render, report)

BLAS_CHILD = "--blas-child"       # (internal) train once, unpinned, and print the seconds
if BLAS_CHILD not in sys.argv:
    pin_environment()

# Only now is it safe to load NumPy, its BLAS and PyTorch.
import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's minigrad
import minigrad as mg  # noqa: E402
from minigrad import nn  # noqa: E402
from minigrad.data import DataLoader, MnistUnavailable, read_idx  # noqa: E402
from minigrad.data.transforms import standardize  # noqa: E402
from minigrad.examples import cnn  # noqa: E402
from minigrad.examples.classifier import RECIPES, held_out_accuracy, mlp, prepare  # noqa: E402
from minigrad.train import fit  # noqa: E402

torch = load_torch()

ACCURACY_TARGET = 0.97
DIGITS_SECONDS_TARGET = 30.0
SPEED_TARGET = 1.5
CNN_ACCURACY_TARGET = {"digits": 0.985, "MNIST": 0.99}
CNN_DIGITS_SECONDS_TARGET = 60.0
BLAS_TARGET = 1.1


def percent(value: float) -> str:
    return f"{value:.2%}"


def secs(value: float) -> str:
    return f"{value:.1f} s"


# -- data ----------------------------------------------------------------------------------
def mnist_from_idx(directory: Path):
    """MNIST from (gzipped or plain) IDX files in ``directory``, prepared like the example."""
    def load(prefix):
        images = read_idx(_find(directory, f"{prefix}-images-idx3-ubyte"))
        labels = read_idx(_find(directory, f"{prefix}-labels-idx1-ubyte"))
        return images.reshape(len(images), -1).astype(np.float32) / 255, labels.astype(np.int64)

    X_train, y_train = load("train")
    X_test, y_test = load("t10k")
    X_train, X_test = standardize(X_train, X_test)
    return X_train, y_train, X_test, y_test


def _find(directory: Path, stem: str) -> Path:
    for name in (stem, stem + ".gz"):
        if (directory / name).is_file():
            return directory / name
    sys.exit(f"error: --mnist-idx: neither {stem} nor {stem}.gz is in {directory}")


def datasets(args):
    """(name, arrays, recipe, note) for each data set this run covers."""
    found = [("digits", prepare("digits"), RECIPES["digits"], "")]
    if args.mnist_idx:
        found.append(("MNIST", mnist_from_idx(Path(args.mnist_idx)), RECIPES["mnist"],
                      f"from {args.mnist_idx}"))
    else:
        try:
            found.append(("MNIST", prepare("mnist", download=False), RECIPES["mnist"], ""))
        except MnistUnavailable:
            print("note: MNIST is not in minigrad's cache, so its rows are skipped (run "
                  "`python -m minigrad.examples.mnist` once online, or pass --mnist-idx DIR).\n")
    return found


# -- the two trainers ----------------------------------------------------------------------
def train_minigrad(arrays, recipe, **fit_options):
    X_train, y_train, X_test, y_test = arrays
    mg.manual_seed(recipe.seed)
    model = mlp(X_train.shape[1], recipe.hidden, 10, recipe.dtype)
    initial = model.state_dict()
    loader = DataLoader(X_train, y_train, batch_size=recipe.batch_size, shuffle=True,
                        seed=recipe.seed)
    optimizer = mg.optim.Adam(model.parameters(), lr=recipe.lr)
    start = time.perf_counter()
    history = fit(model, nn.CrossEntropyLoss(), optimizer, loader, epochs=recipe.epochs,
                  progress=None, **fit_options)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "accuracy": held_out_accuracy(model, X_test, y_test),
            "loss": history.loss[-1], "initial": initial}


def torch_fit(model, initial, arrays, recipe, optimizer, epochs, schedule=None):
    """PyTorch's textbook loop over minigrad's batches, from minigrad's initial weights;
    returns the seconds, the test accuracy and the last epoch's mean loss."""
    X_train, y_train, X_test, y_test = arrays
    model.load_state_dict({k: torch.from_numpy(v.copy()) for k, v in initial.items()})
    loader = DataLoader(X_train, y_train, batch_size=recipe.batch_size, shuffle=True,
                        seed=recipe.seed)            # the same batches, in the same order
    start = time.perf_counter()
    for _ in range(epochs):
        model.train()
        total, rows = 0.0, 0
        for xb, yb in loader:
            x, y = torch.from_numpy(xb.data), torch.from_numpy(yb.data)
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            if schedule is not None:
                schedule.step()
            total += loss.item() * len(y)
            rows += len(y)
    seconds = time.perf_counter() - start
    model.eval()
    with torch.no_grad():
        predicted = torch.cat([model(torch.from_numpy(X_test[i:i + 1000])).argmax(1)
                               for i in range(0, len(X_test), 1000)]).numpy()
    return {"seconds": seconds, "accuracy": float((predicted == y_test).mean()),
            "loss": total / rows}


def train_torch(arrays, recipe, initial):
    model = torch.nn.Sequential(torch.nn.Linear(arrays[0].shape[1], recipe.hidden),
                                torch.nn.ReLU(), torch.nn.Linear(recipe.hidden, 10))
    optimizer = torch.optim.Adam(model.parameters(), lr=recipe.lr)
    return torch_fit(model, initial, arrays, recipe, optimizer, recipe.epochs)


# -- the conv net, both ways ---------------------------------------------------------------
def as_images(arrays):
    side = int(round(arrays[0].shape[1] ** 0.5))
    X_train, y_train, X_test, y_test = arrays
    return (X_train.reshape(-1, 1, side, side), y_train, X_test.reshape(-1, 1, side, side),
            y_test)


def train_cnn_minigrad(arrays, recipe):
    model = cnn.initial_model(recipe, arrays[0].shape[-1])
    initial = model.state_dict()
    model, losses, seconds = cnn.train(arrays, recipe, report=None, model=model)
    return {"seconds": seconds, "accuracy": cnn.test_accuracy(model, arrays[2], arrays[3]),
            "loss": losses[-1], "initial": initial}


def train_cnn_torch(arrays, recipe, initial):
    model = cnn.conv_net(torch.nn, arrays[0].shape[-1], recipe.width)
    optimizer = torch.optim.Adam(model.parameters(), lr=recipe.max_lr)
    steps = recipe.epochs * -(-len(arrays[0]) // recipe.batch_size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=recipe.max_lr,
                                                   total_steps=steps)
    return torch_fit(model, initial, arrays, recipe, optimizer, recipe.epochs, schedule)


def compare(name, arrays, recipe, epochs, trainers):
    """Train with both libraries; the table rows, minigrad's results and the speed ratio."""
    ours = trainers[0](arrays, recipe)
    theirs = trainers[1](arrays, recipe, ours["initial"]) if torch is not None else None
    per_epoch = ours["seconds"] / epochs
    rows = [(name, "minigrad", percent(ours["accuracy"]), f"{ours['loss']:.4f}",
             secs(ours["seconds"]), f"{per_epoch:.3f}", "1.00x")]
    speed = None
    if theirs is not None:
        torch_epoch = theirs["seconds"] / epochs
        speed = per_epoch / torch_epoch
        rows.append(("", "PyTorch", percent(theirs["accuracy"]), f"{theirs['loss']:.4f}",
                     secs(theirs["seconds"]), f"{torch_epoch:.3f}", ratio(1 / speed)))
    else:
        rows.append(("", "PyTorch", NOT_INSTALLED, "-", "-", "-", "-"))
    return rows, ours, speed


# -- BLAS threads: fit's default against BLAS left alone, in unpinned processes -------------
BLAS_SETTINGS = {"default": {}, "none": {"blas_threads": None}}


def blas_child(setting: str, epochs: int, rows: int) -> int:
    """(In a fresh, unpinned process) train the digits once and print seconds as JSON."""
    from threadpoolctl import threadpool_info

    def blas_now(epoch, history):                     # read while fit is training
        seen.append(max((lib["num_threads"] for lib in threadpool_info()
                         if lib["user_api"] == "blas"), default=0))

    seen = []
    recipe = replace(RECIPES["digits"], epochs=epochs)
    X_train, y_train, X_test, y_test = prepare("digits")
    arrays = X_train[:rows], y_train[:rows], X_test, y_test
    result = train_minigrad(arrays, recipe, on_epoch_end=blas_now,
                            **BLAS_SETTINGS[setting])
    print(json.dumps({"seconds": result["seconds"], "accuracy": result["accuracy"],
                      "blas_threads": max(seen)}))
    return 0


def blas_comparison(epochs: int, repeats: int, rows_used: int):
    """Rows and the target for fit's default vs ``blas_threads=None``, each run in a fresh
    process with BLAS's own thread count (the thread variables of the pin removed)."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_ENV}
    runs = {setting: [] for setting in BLAS_SETTINGS}
    for _ in range(repeats):
        for setting in BLAS_SETTINGS:                  # alternate, so load hits both alike
            out = subprocess.run([sys.executable, __file__, BLAS_CHILD, setting, str(epochs),
                                  str(rows_used)],
                                 env=env, capture_output=True, text=True, check=True).stdout
            runs[setting].append(json.loads(out.strip().splitlines()[-1]))
    median = {s: statistics.median(r["seconds"] for r in runs[s]) for s in runs}
    rows = []
    for setting, label in (("default", "fit's default: blas_threads=1"),
                           ("none", "blas_threads=None (BLAS's own)")):
        rows.append((label, str(runs[setting][0]["blas_threads"]),
                     " / ".join(f"{r['seconds']:.2f}" for r in runs[setting]),
                     secs(median[setting]), percent(runs[setting][0]["accuracy"]),
                     ratio(median[setting] / median["default"])))
    target = Target("digits unpinned: fit's default / BLAS left alone",
                    median["default"] / median["none"], BLAS_TARGET)
    table = Table(f"BLAS threads: digits ({rows_used:,} rows, {epochs} epochs), fresh unpinned "
                  f"processes (OpenBLAS's default threads), median of {repeats}",
                  ("setting", "BLAS threads in training", "runs (s)", "median",
                   "test accuracy", "time vs default"), rows)
    return table, target


# -- main ----------------------------------------------------------------------------------
def parse_args():
    parser = argparse.ArgumentParser(
        description="Train the examples' MLP with minigrad and PyTorch; exit 1 if a target "
                    "is missed.", allow_abbrev=False)
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 2 epochs per data set; targets are shown, not judged")
    parser.add_argument("--mnist-idx", metavar="DIR",
                        help="read MNIST from the IDX files in DIR (gzipped or not)")
    parser.add_argument("--markdown", action="store_true", help="print tables as Markdown")
    parser.add_argument(NO_MALLOC_TUNING, action="store_true",
                        help="run with glibc's default malloc settings (still one BLAS thread)")
    return parser.parse_args()


def main() -> int:
    if BLAS_CHILD in sys.argv:
        at = sys.argv.index(BLAS_CHILD)
        return blas_child(sys.argv[at + 1], int(sys.argv[at + 2]), int(sys.argv[at + 3]))
    args = parse_args()
    print(machine_line(malloc_tuning=not args.no_malloc_tuning))
    print()
    headers = ("data set", "library", "test accuracy", "final train loss", "training",
               "s/epoch", "time vs minigrad")
    mlp_rows, cnn_rows, targets = [], [], []
    for name, arrays, recipe, note in datasets(args):
        if args.quick:
            recipe = replace(recipe, epochs=2)
        label = f"{name} ({len(arrays[0]):,} rows, {recipe.epochs} epochs{', ' + note if note else ''})"
        rows, ours, speed = compare(label, arrays, recipe, recipe.epochs,
                                    (train_minigrad, train_torch))
        mlp_rows += rows
        if not args.quick:
            targets.append(Target(f"MLP, {name}: minigrad test accuracy", ours["accuracy"],
                                  ACCURACY_TARGET, at_least=True, show=percent))
            if name == "digits":
                targets.append(Target("MLP, digits: minigrad training time", ours["seconds"],
                                      DIGITS_SECONDS_TARGET, show=secs))
            targets.append(Target(f"MLP, {name}: s/epoch minigrad / PyTorch", speed,
                                  SPEED_TARGET))
        crecipe = cnn.RECIPES["digits" if name == "digits" else "mnist"]
        if args.quick:
            crecipe = replace(crecipe, epochs=1)
        label = (f"{name} ({len(arrays[0]):,} rows, width {crecipe.width}, {crecipe.epochs} "
                 f"epochs{', ' + note if note else ''})")
        rows, ours, _ = compare(label, as_images(arrays), crecipe, crecipe.epochs,
                                    (train_cnn_minigrad, train_cnn_torch))
        cnn_rows += rows
        if not args.quick:
            targets.append(Target(f"conv net, {name}: minigrad test accuracy", ours["accuracy"],
                                  CNN_ACCURACY_TARGET[name], at_least=True, show=percent))
            if name == "digits":
                targets.append(Target("conv net, digits: minigrad training time",
                                      ours["seconds"], CNN_DIGITS_SECONDS_TARGET, show=secs))
    print(render(Table("Training the examples' MLP (float32, Adam, same initial weights and "
                       "batches)", headers, mlp_rows), args.markdown), end="\n\n")
    print(render(Table("Training the examples' conv net (float32, Adam + one-cycle, same "
                       "initial weights and batches)", headers, cnn_rows), args.markdown),
          end="\n\n")
    # (--quick: one epoch on 128 rows, since BLAS left alone can be 10-80x slower under load)
    blas_table, blas_target = blas_comparison(
        epochs=1 if args.quick else RECIPES["digits"].epochs, repeats=1 if args.quick else 3,
        rows_used=128 if args.quick else len(prepare("digits")[0]))
    print(render(blas_table, args.markdown), end="\n\n")
    if args.quick:
        print("--quick: 2 epochs (MLP) and 1 epoch (conv net) only, so the targets are not "
              "judged.")
        return 0
    targets.append(blas_target)
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
