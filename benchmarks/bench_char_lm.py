"""Chapter 14's language model: minigrad against PyTorch, same model, data and steps.

Run from the repository root::

    python benchmarks/bench_char_lm.py            # the full run: 2,000 steps each (minutes)
    python benchmarks/bench_char_lm.py --quick    # smoke run: 30 steps, targets not judged
    python benchmarks/bench_char_lm.py --markdown # the table as Markdown, for the README

What is measured
----------------
nanoGPT's CPU configuration for character-level Shakespeare (``CONFIG`` in
``minigrad/examples/char_lm.py``: 4 layers, 4 heads, width 128, context 64, batch 12,
2,000 steps, no dropout, AdamW with warm-up and cosine, clipping at 1) trained on our
corpus by

* **minigrad**, with ``char_lm.train`` exactly as ``python -m minigrad.examples.char_lm``
  trains (progress bar off), and
* **PyTorch** on the CPU, with the same model written with ``torch.nn``
  (``TransformerEncoderLayer(norm_first=True, activation="gelu")``, the submodule names
  minigrad's ``CharLM`` uses) and the textbook loop.

Both start from the *same* initial weights (minigrad's, copied), see the *same* batches
(``char_lm.random_batches`` with the same seed), use the same learning-rate function and
are scored on the same fixed validation windows (``char_lm.eval_windows``), so they
differ only in the library doing the work.  The two trainings run in one process and take
turns step by step (minigrad's step, then PyTorch's), so a load that comes and goes on a
shared machine falls on both alike.  Times are the sums over the training steps
(evaluations left out), one BLAS thread and one PyTorch thread: wall-clock, and this
process's CPU time, which a busy machine (other jobs sharing the cores) inflates less.

Targets (issue 26): minigrad's validation loss within 0.02 of PyTorch's, and its
training time at most 1.5x PyTorch's (judged on CPU time and on wall-clock).  Exit status: 0 when both are met, 1 otherwise.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
import harness  # noqa: E402

harness.pin_environment()

import math  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import minigrad as mg  # noqa: E402
from minigrad.examples import char_lm  # noqa: E402

TRAIN_KEYS = ("batch", "lr", "min_lr", "warmup", "weight_decay", "betas", "clip")


def torch_model(torch, vocab: int, cfg: dict):
    nn = torch.nn

    class TorchCharLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.context = cfg["context"]
            self.tokens = nn.Embedding(vocab, cfg["width"])
            self.positions = nn.Embedding(cfg["context"], cfg["width"])
            self.blocks = nn.ModuleList(
                nn.TransformerEncoderLayer(cfg["width"], cfg["heads"], 4 * cfg["width"],
                                           dropout=cfg["dropout"], activation="gelu",
                                           norm_first=True, batch_first=True)
                for _ in range(cfg["layers"]))
            self.norm = nn.LayerNorm(cfg["width"])
            self.head = nn.Linear(cfg["width"], vocab)

        def forward(self, ids):
            T = ids.shape[1]
            x = self.tokens(ids) + self.positions(torch.arange(T))
            future = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
            for block in self.blocks:
                x = block(x, src_mask=future, is_causal=True)
            return self.head(self.norm(x))

    return TorchCharLM()


def torch_steps(torch, model, train_ids, cfg, seed, seconds, cpu):
    """PyTorch's training, one step per ``next()``; each step's wall and CPU seconds are
    appended to ``seconds`` and ``cpu``."""
    F = torch.nn.functional
    params = [p for p in model.parameters()]
    groups = [{"params": [p for p in params if p.ndim >= 2], "weight_decay": cfg["weight_decay"]},
              {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0}]
    optimizer = torch.optim.AdamW(groups, lr=cfg["lr"], betas=tuple(cfg["betas"]))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: char_lm.warmup_cosine(s, cfg["warmup"], cfg["steps"],
                                                   cfg["min_lr"] / cfg["lr"]))
    data = char_lm.random_batches(train_ids, cfg["batch"], cfg["context"], seed)
    for _ in range(cfg["steps"]):
        start, cpu_start = time.perf_counter(), time.process_time()
        x, y = next(data)
        logits = model(torch.from_numpy(x))
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                               torch.from_numpy(y).reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
        optimizer.step()
        schedule.step()
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
        yield


def torch_val_loss(torch, model, val_ids, cfg) -> float:
    F = torch.nn.functional
    x, y = char_lm.eval_windows(val_ids, cfg["context"])
    model.eval()
    with torch.no_grad():
        total = 0.0
        for i in range(0, len(x), 64):
            logits = model(torch.from_numpy(x[i:i + 64]))
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                                   torch.from_numpy(y[i:i + 64]).reshape(-1))
            total += loss.item() * len(x[i:i + 64])
    return total / len(x)


def main() -> int:
    parser = harness.standard_parser(__doc__.splitlines()[0], "30 steps, targets not judged",
                                     1, 1)
    parser.add_argument("--seed", type=int, default=0)
    args = harness.parse_standard(parser)
    harness.chosen_settings(args, None, None)
    cfg = dict(char_lm.CONFIG, steps=30 if args.quick else char_lm.CONFIG["steps"])
    text = char_lm.load_text()
    vocab = char_lm.Vocabulary(text)
    train_ids, val_ids = char_lm.split(vocab.encode(text))

    mg.manual_seed(args.seed)
    ours = char_lm.CharLM(len(vocab), context=cfg["context"], width=cfg["width"],
                          heads=cfg["heads"], layers=cfg["layers"], dropout=cfg["dropout"])
    start_weights = {k: np.array(v) for k, v in ours.state_dict().items()}
    torch = harness.load_torch()
    t_seconds, t_cpu = [], []
    step_torch = None
    if torch is not None:
        torch.manual_seed(args.seed)
        theirs = torch_model(torch, len(vocab), cfg)
        theirs.load_state_dict({k: torch.from_numpy(v) for k, v in start_weights.items()})
        step_torch = torch_steps(torch, theirs, train_ids, cfg, args.seed, t_seconds, t_cpu)
    # The two trainings take turns step by step, so that a busy machine slows both alike.
    history = char_lm.train(ours, train_ids, val_ids, cfg["steps"], seed=args.seed,
                            eval_every=0, progress="off", **{k: cfg[k] for k in TRAIN_KEYS},
                            after_step=None if step_torch is None else
                            lambda step: next(step_torch))
    mg_val, mg_wall, mg_cpu = (history["evals"][-1][2], sum(history["seconds"]),
                               sum(history["cpu_seconds"]))
    chars = cfg["steps"] * cfg["batch"] * cfg["context"]

    def row(name, val, wall, cpu):
        return (name, f"{val:.4f}", f"{wall:.1f}", f"{cpu:.1f}",
                f"{1000 * cpu / cfg['steps']:.1f}", f"{chars / cpu:,.0f}")

    rows = [row("minigrad", mg_val, mg_wall, mg_cpu)]
    targets = []
    if torch is not None:
        t_val, t_wall, t_cpu = torch_val_loss(torch, theirs, val_ids, cfg), sum(t_seconds), sum(t_cpu)
        rows.append(row("PyTorch", t_val, t_wall, t_cpu))
        rows.append(("minigrad / PyTorch", f"{mg_val - t_val:+.4f}", harness.ratio(mg_wall / t_wall),
                     harness.ratio(mg_cpu / t_cpu), "", ""))
        if not args.quick:
            targets = [
                harness.Target("validation loss: minigrad minus PyTorch, absolute",
                               abs(mg_val - t_val), 0.02,
                               show=lambda v: f"{v:.4f}"),
                harness.Target("training CPU time minigrad / PyTorch", mg_cpu / t_cpu, 1.5),
                harness.Target("training wall-clock minigrad / PyTorch", mg_wall / t_wall, 1.5)]
    else:
        targets = [harness.Target("training CPU time minigrad / PyTorch", None, 1.5)]
    table = harness.Table(
        f"Character-level Shakespeare, {cfg['layers']} layers x {cfg['heads']} heads, width "
        f"{cfg['width']}, context {cfg['context']}, batch {cfg['batch']}, {cfg['steps']} steps "
        f"(ln {len(vocab)} = {math.log(len(vocab)):.3f})",
        ("library", "validation loss", "wall s", "CPU s", "CPU ms/step", "characters/CPU s"),
        rows)
    print(harness.render(table, args.markdown))
    print()
    if args.quick:
        print("--quick: a smoke run, targets are not judged.")
        return 0
    return harness.report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
