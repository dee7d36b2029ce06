"""``python -m minigrad.examples.char_lm``: a character-level language model trained on
Shakespeare (chapter 14), then sampled.

The corpus is ``minigrad/data/texts/shakespeare.txt``: eight plays from Project
Gutenberg, about 1 MB, shipped in the repository (see the README beside it), so
nothing is downloaded.  The first 90 % of its characters train, the last 10 % validate.

The model, :class:`CharLM`, is chapter 13's decoder: token and position embeddings,
``layers`` pre-norm ``TransformerEncoderLayer`` blocks with a causal mask, a final
LayerNorm and a Linear layer scoring the next character.  Its weights start as GPT-2's
do (normal, standard deviation 0.02; biases zero), so the first loss is close to
ln(vocabulary).  The defaults are nanoGPT's CPU run for character-level Shakespeare
(Karpathy's nanoGPT, ``config/train_shakespeare_char.py`` with the README's CPU
settings): 4 layers, 4 heads, width 128, context 64, batch 12, 2,000 steps, no dropout;
AdamW (lr 1e-3, betas (0.9, 0.99), weight decay 0.1 on matrices only), 100 warm-up steps
then a cosine down to 1e-4, gradients clipped to norm 1.  nanoGPT reports a validation
loss of about 1.88 for that run on its own 1.1 MB corpus.

Generation (:func:`generate`) samples one character at a time with a temperature and
top-k, and keeps a **KV cache**: each block's keys and values of the characters read so
far, so a new character costs one position's work instead of re-running the whole prefix.
Both paths run the same NumPy code (:func:`forward_cached`), with and without the cache.

``python -m minigrad.examples.char_lm --out char_lm.npz`` trains (seeded, with a progress
bar), reports the validation loss, perplexity and bits per character, samples a passage and
saves a checkpoint with ``minigrad.save``.  The checkpoint the chapter loads,
``minigrad/examples/char_lm.npz``, was made by exactly that command with ``--seed 0``;
``benchmarks/bench_char_lm.py`` trains the same model on the same batches in PyTorch.
The run with dropout 0.2 that the chapter compares with was made by the same command with
``--dropout 0.2 --seed 0 --history-out minigrad/examples/char_lm_dropout_history.npz``; only
that history ships, not its weights.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from .. import load, manual_seed, nn, optim, save
from ..autograd import no_grad
from ..nn import functional as F
from ..nn.activation import normal_cdf
from ..nn.utils import clip_grad_norm_
from ..train.progress import ProgressBar
from ..train.threads import blas_threads

CORPUS = Path(__file__).resolve().parent.parent / "data" / "texts" / "shakespeare.txt"
CHECKPOINT = Path(__file__).with_name("char_lm.npz")
#: The same run with dropout 0.2: its history only (see :func:`save_history`).
DROPOUT_HISTORY = Path(__file__).with_name("char_lm_dropout_history.npz")

#: nanoGPT's CPU run for character-level Shakespeare.
CONFIG = {"layers": 4, "heads": 4, "width": 128, "context": 64, "batch": 12, "steps": 2000,
          "lr": 1e-3, "min_lr": 1e-4, "warmup": 100, "weight_decay": 0.1,
          "betas": (0.9, 0.99), "clip": 1.0, "dropout": 0.0}
#: Windows the train and validation losses are measured on (evenly spaced, fixed).
EVAL_WINDOWS = 256


# -- the data ------------------------------------------------------------------------------
def load_text(path=CORPUS) -> str:
    """The corpus as one string."""
    return Path(path).read_text(encoding="ascii")


class Vocabulary:
    """The characters of a text, each with an integer id (in sorted order)."""

    def __init__(self, text_or_alphabet: str):
        self.alphabet = "".join(sorted(set(text_or_alphabet)))
        self.index = {c: i for i, c in enumerate(self.alphabet)}

    def __len__(self) -> int:
        return len(self.alphabet)

    def encode(self, text: str) -> np.ndarray:
        unknown = sorted(set(text) - set(self.index))
        if unknown:
            raise ValueError(f"Vocabulary.encode: {len(unknown)} character(s) not in the "
                             f"vocabulary: {''.join(unknown)!r}")
        return np.array([self.index[c] for c in text], dtype=np.int64)

    def decode(self, ids) -> str:
        return "".join(self.alphabet[int(i)] for i in ids)


def split(ids: np.ndarray, train_fraction: float = 0.9) -> tuple:
    """(train, validation): the first ``train_fraction`` of the text, then the rest."""
    cut = int(len(ids) * train_fraction)
    return ids[:cut], ids[cut:]


def random_batches(ids: np.ndarray, batch: int, context: int, seed: int = 0):
    """Endless (inputs, targets) pairs of random windows; targets are inputs shifted by one."""
    rng = np.random.default_rng(seed)
    while True:
        starts = rng.integers(0, len(ids) - context, batch)
        rows = starts[:, None] + np.arange(context)
        yield ids[rows], ids[rows + 1]


def eval_windows(ids: np.ndarray, context: int, count: int = EVAL_WINDOWS) -> tuple:
    """``count`` fixed windows, evenly spaced over ``ids``: (inputs, targets)."""
    starts = np.linspace(0, len(ids) - context - 1, count).astype(np.int64)
    rows = starts[:, None] + np.arange(context)
    return ids[rows], ids[rows + 1]


# -- the model -----------------------------------------------------------------------------
class CharLM(nn.Module):
    """Embeddings → ``layers`` causal pre-norm blocks → LayerNorm → next-character scores."""

    def __init__(self, vocab: int, context: int = 64, width: int = 128, heads: int = 4,
                 layers: int = 4, dropout: float = 0.0, dtype=np.float32):
        super().__init__()
        self.context = context
        self.tokens = nn.Embedding(vocab, width, dtype=dtype)
        self.positions = nn.Embedding(context, width, dtype=dtype)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(width, heads, 4 * width, dropout=dropout,
                                       activation="gelu", norm_first=True, batch_first=True,
                                       dtype=dtype)
            for _ in range(layers))
        self.norm = nn.LayerNorm(width, dtype=dtype)
        self.head = nn.Linear(width, vocab, dtype=dtype)
        for name, p in self.named_parameters():      # GPT-2's start: N(0, 0.02), biases 0
            if p.ndim >= 2:
                nn.init.normal_(p, 0.0, 0.02)
            elif name.endswith("bias"):
                nn.init.zeros_(p)

    def forward(self, ids):
        ids = np.asarray(ids)
        T = ids.shape[1]
        if T > self.context:
            raise ValueError(f"CharLM: {T} characters in, but the model reads at most "
                             f"{self.context} (its context).")
        x = self.tokens(ids) + self.positions(np.arange(T))
        future = np.triu(np.ones((T, T), dtype=bool), 1)    # True: may not look there
        for block in self.blocks:
            x = block(x, src_mask=future, is_causal=True)
        return self.head(self.norm(x))


def loss_of(model: CharLM, x, y):
    """Mean cross-entropy of the next-character scores over every position."""
    logits = model(x)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), np.asarray(y).reshape(-1))


def estimate_loss(model: CharLM, windows: tuple, batch: int = 64) -> float:
    """Mean cross-entropy over fixed windows (eval mode, no gradients), summed in float64."""
    x, y = windows
    was_training = model.training
    model.eval()
    total = 0.0
    with no_grad(), blas_threads():             # small products: one BLAS thread
        for i in range(0, len(x), batch):
            xs, ys = x[i:i + batch], y[i:i + batch]
            total += float(loss_of(model, xs, ys).item()) * len(xs)
    model.train(was_training)
    return total / len(x)


# -- training ------------------------------------------------------------------------------
def warmup_cosine(step: int, warmup: int, total: int, min_ratio: float) -> float:
    """The learning rate's multiplier at ``step``: a linear warm-up over ``warmup`` steps,
    then half a cosine from 1 down to ``min_ratio`` at ``total``."""
    if step < warmup:
        return (step + 1) / warmup
    progress = min(1.0, (step - warmup) / max(1, total - warmup))
    return min_ratio + 0.5 * (1.0 - min_ratio) * (1.0 + math.cos(math.pi * progress))


def parameter_groups(model: nn.Module, weight_decay: float) -> list:
    """Weight decay on matrices (and embeddings) only, as nanoGPT: never on biases or norms."""
    params = [p for p in model.parameters() if p.requires_grad]
    return [{"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
            {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0}]


def train(model: CharLM, train_ids: np.ndarray, val_ids: np.ndarray, steps: int,
          batch: int = 12, lr: float = 1e-3, min_lr: float = 1e-4, warmup: int = 100,
          weight_decay: float = 0.1, betas=(0.9, 0.99), clip: float = 1.0, seed: int = 0,
          eval_every: int = 200, eval_count: int = EVAL_WINDOWS, progress="auto",
          threads=1, after_step=None) -> dict:
    """Train in place; returns the history: every step's loss, learning rate, seconds and
    CPU seconds (this process's; on a busy machine the fairer measure),
    and, every ``eval_every`` steps (and at the end), the loss on fixed train and validation
    windows (``evals``: rows of step, train loss, validation loss).  ``threads``: BLAS
    threads while training (as ``fit``'s ``blas_threads``; None leaves BLAS as it is).
    ``after_step(step)``, if given, is called after each step, outside its timing (a benchmark
    interleaves another library's steps with ours there, so both meet the same load)."""
    optimizer = optim.AdamW(parameter_groups(model, weight_decay), lr=lr, betas=tuple(betas))
    schedule = optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: warmup_cosine(s, warmup, steps, min_lr / lr))
    data = random_batches(train_ids, batch, model.context, seed)
    train_windows = eval_windows(train_ids, model.context, eval_count)
    val_windows = eval_windows(val_ids, model.context, eval_count)
    history = {"loss": [], "lr": [], "seconds": [], "cpu_seconds": [], "evals": []}

    def evaluate(step):
        history["evals"].append((step, estimate_loss(model, train_windows),
                                 estimate_loss(model, val_windows)))

    with ProgressBar(total=steps, desc="training", mode=progress) as bar, blas_threads(threads):
        for step in range(steps):
            if eval_every and step % eval_every == 0:
                evaluate(step)
            start, cpu_start = time.perf_counter(), time.process_time()
            x, y = next(data)
            history["lr"].append(optimizer.param_groups[0]["lr"])
            loss = loss_of(model, x, y)
            optimizer.zero_grad()
            loss.backward()
            if clip:
                clip_grad_norm_(model.parameters(), clip)
            optimizer.step()
            schedule.step()
            history["seconds"].append(time.perf_counter() - start)
            history["cpu_seconds"].append(time.process_time() - cpu_start)
            history["loss"].append(float(loss.item()))
            bar.update(1, loss=history["loss"][-1],
                       val=history["evals"][-1][2] if history["evals"] else float("nan"))
            if after_step is not None:
                after_step(step)
    evaluate(steps)
    return history


# -- generation with a KV cache ------------------------------------------------------------
class KVCache:
    """Each block's keys and values for the positions read so far, (layers, N, heads, T, d)."""

    def __init__(self, model: CharLM, batch: int = 1, dtype=np.float64):
        attn = model.blocks[0].self_attn
        shape = (len(model.blocks), batch, attn.num_heads, model.context, attn.head_dim)
        self.keys = np.zeros(shape, dtype)
        self.values = np.zeros(shape, dtype)
        self.length = 0                      # positions filled so far

    def append(self, layer: int, k: np.ndarray, v: np.ndarray) -> tuple:
        """Store ``t`` new positions' keys and values for ``layer``; return all so far.
        (The caller advances ``length`` once every layer has appended.)"""
        t = k.shape[2]
        end = self.length + t
        if end > self.keys.shape[3]:
            raise ValueError(f"KVCache: {end} positions, but it holds at most "
                             f"{self.keys.shape[3]} (the model's context).")
        self.keys[layer, :, :, self.length:end] = k
        self.values[layer, :, :, self.length:end] = v
        return self.keys[layer, :, :, :end], self.values[layer, :, :, :end]


def _layer_norm(x, norm):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + norm.eps) * norm.weight.data + norm.bias.data


def forward_cached(model: CharLM, ids: np.ndarray, cache: KVCache,
                   attention: list | None = None) -> np.ndarray:
    """Scores (N, t, vocab) for ``t`` new characters at positions ``cache.length`` onward,
    reading the earlier positions' keys and values from ``cache`` (and adding the new
    ones).  Plain NumPy in the cache's dtype, no graph: this is inference only.  A list
    passed as ``attention`` receives each block's attention weights, (N, heads, t, S)."""
    ids = np.asarray(ids)
    N, t = ids.shape
    start = cache.length
    if start + t > model.context:
        raise ValueError(f"forward_cached: {start} positions cached and {t} new make "
                         f"{start + t}, but the model reads at most {model.context}.")
    dt = cache.keys.dtype
    x = model.tokens.weight.data[ids].astype(dt) + model.positions.weight.data[start:start + t]
    future = np.arange(start + t)[None, :] > np.arange(start, start + t)[:, None]   # (t, S)
    for layer, block in enumerate(model.blocks):
        attn = block.self_attn
        H, d = attn.num_heads, attn.head_dim
        h = _layer_norm(x, block.norm1)
        qkv = h @ attn.in_proj_weight.data.T.astype(dt) + attn.in_proj_bias.data
        q, k, v = qkv.reshape(N, t, 3, H, d).transpose(2, 0, 3, 1, 4)     # each (N, H, t, d)
        keys, values = cache.append(layer, k, v)                          # (N, H, S, d)
        scores = q @ keys.swapaxes(-1, -2) / math.sqrt(d)                 # (N, H, t, S)
        scores[..., future] = -np.inf
        w = np.exp(scores - scores.max(axis=-1, keepdims=True))
        w /= w.sum(axis=-1, keepdims=True)
        if attention is not None:
            attention.append(w)
        mixed = (w @ values).transpose(0, 2, 1, 3).reshape(N, t, H * d)
        x = x + mixed @ attn.out_proj.weight.data.T + attn.out_proj.bias.data
        h = _layer_norm(x, block.norm2) @ block.linear1.weight.data.T + block.linear1.bias.data
        x = x + (h * normal_cdf(h)) @ block.linear2.weight.data.T + block.linear2.bias.data
    cache.length = start + t
    return _layer_norm(x, model.norm) @ model.head.weight.data.T + model.head.bias.data


def top_k_filter(logits: np.ndarray, k) -> np.ndarray:
    """``logits`` with all but the ``k`` largest of each row set to -inf (ties at the k-th
    value are kept); ``k=None`` keeps everything."""
    if k is None:
        return logits
    if not isinstance(k, (int, np.integer)) or isinstance(k, bool) or k < 1:
        raise ValueError(f"top_k must be a positive int or None, got {k!r}.")
    if k >= logits.shape[-1]:
        return logits
    kth = np.sort(logits, axis=-1)[..., -k][..., None]
    return np.where(logits < kth, -np.inf, logits)


def next_probabilities(logits: np.ndarray, temperature: float = 1.0, top_k=None) -> np.ndarray:
    """softmax(top-k(logits) / temperature), row by row, in float64."""
    if not temperature > 0:
        raise ValueError(f"temperature must be > 0, got {temperature!r}.")
    z = top_k_filter(np.asarray(logits, dtype=np.float64), top_k) / temperature
    p = np.exp(z - z.max(axis=-1, keepdims=True))
    return p / p.sum(axis=-1, keepdims=True)


def generate(model: CharLM, prompt: np.ndarray, length: int, temperature: float = 1.0,
             top_k=None, seed: int = 0, cache: bool = True, dtype=np.float64) -> np.ndarray:
    """``length`` new character ids after ``prompt`` (1-D ids), sampled one at a time.

    The model reads a window of at most ``context`` characters.  When the text outgrows
    it, the window restarts from the last ``context // 2`` characters (so the learned
    positions stay in range), and with ``cache=True`` those are read in one pass to
    refill the cache.  ``cache=False`` re-reads the whole window for every character:
    the same numbers, more work.
    """
    prompt = np.asarray(prompt, dtype=np.int64).ravel()
    if prompt.size == 0:
        raise ValueError("generate: the prompt is empty; give it at least one character.")
    rng = np.random.default_rng(seed)
    ids = list(prompt)
    C = model.context
    start = 0                                   # where the current window begins
    kv = KVCache(model, 1, dtype)
    with blas_threads():                        # one position at a time: tiny products
        for _ in range(length):
            if len(ids) - start > C:            # the window is full: keep its last half
                start = len(ids) - C // 2
                kv = KVCache(model, 1, dtype)
            if not cache:
                kv = KVCache(model, 1, dtype)   # forget everything: re-read the window
            new = np.array([ids[start + kv.length:]])
            logits = forward_cached(model, new, kv)[0, -1]
            p = next_probabilities(logits, temperature, top_k)
            ids.append(int((p.cumsum() > rng.random()).argmax()))
    return np.array(ids[len(prompt):], dtype=np.int64)


def attention_weights(model: CharLM, ids: np.ndarray) -> np.ndarray:
    """Every block's and head's attention weights over ``ids`` (1-D, at most ``context``
    long), in float64: an array (layers, heads, T, T)."""
    weights = []
    forward_cached(model, np.asarray(ids)[None], KVCache(model), attention=weights)
    return np.stack([w[0] for w in weights])


def complete(model: CharLM, vocab: Vocabulary, prompt: str, length: int = 200, **options) -> str:
    """The text ``generate`` writes after ``prompt`` (a string)."""
    return vocab.decode(generate(model, vocab.encode(prompt), length, **options))


# -- checkpoints ---------------------------------------------------------------------------
def _run_record(config: dict, history: dict, seed: int) -> dict:
    """A run's seed, configuration and history, as :func:`minigrad.save` stores them."""
    return {"seed": seed,
            "config": {k: (list(v) if isinstance(v, tuple) else v) for k, v in config.items()},
            "history": {"loss": np.array(history["loss"], np.float32),
                        "lr": np.array(history["lr"], np.float64),
                        "seconds": np.array(history["seconds"], np.float64),
                        "evals": np.array(history["evals"], np.float64)}}


def save_checkpoint(path, model: CharLM, vocab: Vocabulary, config: dict, history: dict,
                    seed: int) -> None:
    """The weights in float16 (half the size; the chapter measures what that costs), the
    alphabet, the configuration, the seed and the training history."""
    weights = {k: np.asarray(v).astype(np.float16) for k, v in model.state_dict().items()}
    save({"model": weights, "alphabet": vocab.alphabet, **_run_record(config, history, seed)},
         path)


def save_history(path, config: dict, history: dict, seed: int) -> None:
    """The seed, configuration and training history without the weights (about 50 kB): what
    the chapter needs of a run it only plots, such as the dropout run."""
    save(_run_record(config, history, seed), path)


def load_history(path=DROPOUT_HISTORY) -> dict:
    """The seed, configuration and history :func:`save_history` wrote (the shipped dropout
    run's by default)."""
    return load(path)


def load_checkpoint(path=CHECKPOINT, dtype=np.float32) -> tuple:
    """(model in eval mode, vocabulary, checkpoint dict) from a file :func:`save_checkpoint`
    wrote; ``dtype`` is the model's (the stored float16 weights are widened to it)."""
    state = load(path)
    cfg = state["config"]
    vocab = Vocabulary(state["alphabet"])
    model = CharLM(len(vocab), context=cfg["context"], width=cfg["width"], heads=cfg["heads"],
                   layers=cfg["layers"], dtype=dtype)
    model.load_state_dict({k: np.asarray(v) for k, v in state["model"].items()})
    model.eval()
    return model, vocab, state


def bits_per_character(loss: float) -> float:
    """A cross-entropy in nats per character, in bits: loss / ln 2."""
    return loss / math.log(2)


# -- the script ----------------------------------------------------------------------------
def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(
        prog="python -m minigrad.examples.char_lm",
        description="Train a character-level transformer on Shakespeare (nanoGPT's CPU "
                    "configuration by default), sample from it and save a checkpoint.")
    parser.add_argument("--steps", type=int, default=CONFIG["steps"])
    parser.add_argument("--dropout", type=float, default=CONFIG["dropout"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("char_lm.npz"),
                        help="where to save the checkpoint (default: char_lm.npz)")
    parser.add_argument("--history-out", type=Path, default=None,
                        help="also save the seed, configuration and history alone, without "
                             "the weights (about 50 kB)")
    parser.add_argument("--progress", default="auto", choices=("auto", "text", "off"))
    args = parser.parse_args(argv)
    config = dict(CONFIG, steps=args.steps, dropout=args.dropout)

    text = load_text()
    vocab = Vocabulary(text)
    train_ids, val_ids = split(vocab.encode(text))
    manual_seed(args.seed)
    model = CharLM(len(vocab), context=config["context"], width=config["width"],
                   heads=config["heads"], layers=config["layers"], dropout=config["dropout"])
    print(f"{len(text):,} characters of Shakespeare, {len(vocab)} distinct "
          f"({len(train_ids):,} to train, {len(val_ids):,} to validate); "
          f"{model.num_parameters():,} parameters; ln {len(vocab)} = {math.log(len(vocab)):.3f}",
          flush=True)
    keys = ("batch", "lr", "min_lr", "warmup", "weight_decay", "betas", "clip")
    history = train(model, train_ids, val_ids, config["steps"], seed=args.seed,
                    progress=args.progress, **{k: config[k] for k in keys})
    for step, tr, va in history["evals"]:
        print(f"  step {step:5d}: train {tr:.4f}  validation {va:.4f}")
    seconds = sum(history["seconds"])
    tokens = config["steps"] * config["batch"] * config["context"]
    val = history["evals"][-1][2]
    print(f"trained in {seconds:.1f} s ({1000 * seconds / config['steps']:.1f} ms a step, "
          f"{tokens / seconds:,.0f} characters a second)")
    print(f"validation loss {val:.4f}: perplexity {math.exp(val):.2f}, "
          f"{bits_per_character(val):.3f} bits per character")
    save_checkpoint(args.out, model, vocab, config, history, args.seed)
    print(f"saved {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    if args.history_out is not None:
        save_history(args.history_out, config, history, args.seed)
        print(f"saved {args.history_out} ({args.history_out.stat().st_size / 1e3:.0f} kB)")
    print("\n" + complete(model, vocab, "OTHELLO.\n", 300, temperature=0.8, seed=args.seed))
    return {"history": history, "val_loss": val, "seconds": seconds}


if __name__ == "__main__":
    from ..train.threads import blas_threads

    with blas_threads():              # small products: one BLAS thread (see train/threads.py)
        main()
