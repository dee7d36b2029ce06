"""How quickly every chapter's widget answers a click or a slider move: the quality bar.

Run from the repository root::

    python benchmarks/bench_widgets.py            # every widget, 5 interactions each
    python benchmarks/bench_widgets.py --quick    # 1 each, no warm-up: a smoke run, not judged
    python benchmarks/bench_widgets.py --markdown # tables as Markdown

What is measured
----------------
For each widget, the interaction a learner uses most (the one the browser tests use),
done in plain Python exactly as the widget's unit tests do it (``slider.value = ...``,
``button.click()``): the callback recomputes and redraws its picture into PNG bytes.
Timed with CPU time (``time.process_time``), the median of the repeats: CPU time is
what this process spent, so other work on a busy machine moves it far less than
wall-clock time would.

Baseline, measured in the same run: the plainest plot of the size a widget draws (9 x 3.5
inches, one axes, one line of 100 points, a title and axis labels) saved as a PNG: about
the least a redraw can cost on this machine.  The ratio column says how many of those a
widget's interaction costs.

Target: every interaction at most 0.2 s of CPU, so a slider answers while the learner
still holds it.  (This used to be asserted by a unit test of chapter 5's widget, which
failed on a fresh clone under load: timing belongs here, never in tests.)
Exit status: 0 when every widget meets the target, 1 otherwise.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import (Table, Target, machine_line, pin_environment, ratio, render,  # noqa: E402
                     report)

pin_environment()

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

TARGET_SECONDS = 0.2


def alternate(first, second):
    """An interaction that flips between two settings, so that every call redraws."""
    state = {"next": 0}

    def interact():
        (first, second)[state["next"]]()
        state["next"] ^= 1
    return interact


def cases():
    """(widget, the interaction, a function that builds it and returns the interaction)."""
    from minigrad.train import History
    from classroom.widgets.broadcast import BroadcastExplorer
    from classroom.widgets.classifier import LiveLossPlot, PredictionBrowser
    from classroom.widgets.closures import ClosureExplorer
    from classroom.widgets.designs import LadderExplorer
    from classroom.widgets.fit import FitExplorer
    from classroom.widgets.graph import BackwardStepper
    from classroom.widgets.learning_rate import LearningRateExplorer
    from classroom.widgets.matmul import MatmulShapes
    from classroom.widgets.recurrent import RecurrentExplorer
    from classroom.widgets.static_graph import SigmoidExplorer
    from classroom.widgets.tensor import TensorExplorer

    def setter(control, value):
        return lambda: setattr(control, "value", value)

    def sigmoid():
        w = SigmoidExplorer()
        return alternate(setter(w.w1, 2.0), setter(w.w1, 3.0))

    def tensor():
        return TensorExplorer().surprise.click

    def stepper():
        w = BackwardStepper(example="reused node: b = a + a; c = b + b")
        return alternate(w.step_button.click, w.reset_button.click)

    def matmul():
        w = MatmulShapes()
        return alternate(setter(w.n, 3), setter(w.n, 2))

    def broadcast():
        w = BroadcastExplorer("(3, 1)", "(4,)")
        return alternate(setter(w.mode, "backward"), setter(w.mode, "forward"))

    def learning_rate():
        w = LearningRateExplorer(lr=0.3, epochs=100)
        return alternate(setter(w.slider, 0.002), setter(w.slider, 0.5))

    def fit():
        return FitExplorer().train_button.click

    def closures():
        w = ClosureExplorer()
        return alternate(w.step_button.click, w.reset_button.click)

    def live_loss():
        plot, history = LiveLossPlot(10), History()
        for epoch in range(1, 11):
            history.append(loss=1 / epoch, accuracy=1 - 0.3 / epoch, val_loss=1.1 / epoch,
                           val_accuracy=1 - 0.35 / epoch)
        return lambda: plot(10, history)

    def predictions():
        rng = np.random.default_rng(0)
        w = PredictionBrowser(rng.random((50, 8, 8)), rng.integers(0, 10, 50),
                              rng.dirichlet(np.ones(10), size=50))
        return w.next_button.click

    def recurrent():
        return RecurrentExplorer(steps=10).train_button.click

    def designs():
        w = LadderExplorer(rungs=3)
        return alternate(setter(w.slider, 10), setter(w.slider, 3))

    return [("ch 0 SigmoidExplorer", "move W1", sigmoid),
            ("ch 1 TensorExplorer", "show me a surprise", tensor),
            ("ch 2 BackwardStepper", "step backward / reset", stepper),
            ("ch 3 MatmulShapes", "move n", matmul),
            ("ch 4 BroadcastExplorer", "forward / backward", broadcast),
            ("ch 5 LearningRateExplorer", "move lr (retrains 100 epochs)", learning_rate),
            ("ch 6 FitExplorer", "train 25 steps", fit),
            ("ch 7 ClosureExplorer", "step / reset", closures),
            ("ch 8 LiveLossPlot", "redraw after an epoch", live_loss),
            ("ch 8 PredictionBrowser", "next image", predictions),
            ("ch 9 RecurrentExplorer", "train 20 steps", recurrent),
            ("ch 10 LadderExplorer", "move rungs", designs)]


def cpu_seconds(action, repeats: int) -> float:
    """Median CPU seconds of one call of ``action``."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times)


def plain_plot():
    from classroom.widgets.render import new_figure, png

    fig = new_figure(9.0, 3.5)
    ax = fig.add_subplot()
    x = np.linspace(0, 10, 100)
    ax.plot(x, np.sin(x))
    ax.set(title="a plain plot", xlabel="x", ylabel="sin x")
    return png(fig)


def baseline(repeats: int) -> float:
    plain_plot()                                      # warm up
    return cpu_seconds(plain_plot, repeats)


def main() -> int:
    parser = argparse.ArgumentParser(description="Time each widget's interaction; exit 1 if "
                                                 "one is slower than the target.")
    parser.add_argument("--quick", action="store_true",
                        help="1 interaction per widget; targets are shown, not judged")
    parser.add_argument("--markdown", action="store_true", help="print tables as Markdown")
    parser.add_argument("--no-malloc-tuning", action="store_true", help="glibc's defaults")
    args = parser.parse_args()
    repeats = 1 if args.quick else 5
    print(machine_line(malloc_tuning=not args.no_malloc_tuning))
    print()
    base = baseline(repeats)
    rows = [("baseline: a plain 9 x 3.5 in line plot", "to PNG", f"{base * 1000:.0f}", "1.00x")]
    targets = []
    for name, what, build in cases():
        interact = build()
        if not args.quick:
            interact()                                # warm up: first-use imports, caches
        seconds = cpu_seconds(interact, repeats)
        rows.append((name, what, f"{seconds * 1000:.0f}", ratio(seconds / base)))
        targets.append(Target(f"{name}: {what}", seconds, TARGET_SECONDS,
                              show=lambda v: f"{v * 1000:.0f} ms"))
    print(render(Table(f"Widgets: CPU time of one interaction (median of {repeats})",
                       ("widget", "interaction", "CPU ms", "vs baseline"), rows),
                 args.markdown), end="\n\n")
    if args.quick:
        print("--quick: 1 interaction per widget, so the targets are not judged.")
        return 0
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
