"""minigrad.examples.char_lm (chapter 14): the corpus, batches, the model against PyTorch,
cached generation against re-reading the prefix, and the shipped checkpoint."""

import importlib.util
import math
import re
from pathlib import Path

import numpy as np
import pytest

import minigrad as mg
from minigrad.examples import char_lm
from needs_torch import require_torch

ROOT = Path(__file__).resolve().parents[1]
TEXTS = ROOT / "minigrad" / "data" / "texts"


def make_shakespeare():
    spec = importlib.util.spec_from_file_location("make_shakespeare", TEXTS / "make_shakespeare.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def data():
    text = char_lm.load_text()
    vocab = char_lm.Vocabulary(text)
    return text, vocab, *char_lm.split(vocab.encode(text))


def small_model(vocab, dtype=np.float64, seed=0, context=16):
    mg.manual_seed(seed)
    return char_lm.CharLM(len(vocab), context=context, width=16, heads=2, layers=2, dtype=dtype)


# -- the corpus ------------------------------------------------------------------------------
def test_the_corpus_is_the_eight_plays_as_the_readme_says(data):
    text, vocab, train, val = data
    readme = (TEXTS / "README.md").read_text()
    assert f"{len(text):,} characters ({len(vocab)} distinct" in readme
    assert set(text) <= set(map(chr, range(32, 127))) | {"\n"}
    assert not re.search(r"gutenberg|\bebook|\betext", text, re.IGNORECASE)
    assert "\n\n\n" not in text and text.endswith("\n") and not text.startswith("\n")
    for name, title in make_shakespeare().PLAYS:
        assert f"| {title} |" in readme
    headings = re.findall(r"(?m)^(.+)\n\nby William Shakespeare$", text)
    assert headings == ["HAMLET, PRINCE OF DENMARK", "MACBETH", "THE TRAGEDY OF KING LEAR",
                        "OTHELLO, THE MOOR OF VENICE", "ROMEO AND JULIET", "JULIUS CAESAR",
                        "THE TEMPEST", "A MIDSUMMER NIGHT'S DREAM"]
    assert len(train) + len(val) == len(text) and len(val) == len(text) - int(0.9 * len(text))


def test_the_cleaning_removes_a_gutenberg_header_and_licence_and_refuses_leftovers():
    clean = make_shakespeare().clean
    raw = ("The Project Gutenberg EBook of X\r\n\r\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***"
           "\r\nACT I.  \r\n\r\n\r\n\r\nHam.\r\nWho's there?\r\n*** END OF THIS PROJECT GUTENBERG "
           "EBOOK X ***\r\nlicence text")
    assert clean(raw, "x") == "ACT I.\n\nHam.\nWho's there?"
    with pytest.raises(SystemExit, match="line 2 still reads like Gutenberg"):
        clean("ACT I.\nThis Etext is free\n", "x")
    with pytest.raises(SystemExit, match="outside printable ASCII"):
        clean("ACT I.\ncaf\u00e9\n", "x")


# -- data ------------------------------------------------------------------------------------
def test_vocabulary_round_trips_and_names_unknown_characters(data):
    text, vocab, *_ = data
    assert vocab.decode(vocab.encode(text[:500])) == text[:500]
    assert list(vocab.alphabet) == sorted(vocab.alphabet)
    with pytest.raises(ValueError, match="2 character\\(s\\) not in the vocabulary: '~\u00e9'"):
        vocab.encode("caf\u00e9~")


def test_batches_are_windows_with_targets_one_step_on(data):
    *_, train, _ = data
    x, y = next(char_lm.random_batches(train, batch=5, context=32, seed=3))
    assert x.shape == y.shape == (5, 32)
    for row_x, row_y in zip(x, y):
        start = next(i for i in range(len(train)) if (train[i:i + 32] == row_x).all())
        assert (train[start + 1:start + 33] == row_y).all()
    x2, _ = next(char_lm.random_batches(train, batch=5, context=32, seed=3))
    assert (x == x2).all()                                 # seeded
    wx, wy = char_lm.eval_windows(train[:1000], context=32, count=7)
    assert wx.shape == (7, 32) and (wx[:, 1:] == wy[:, :-1]).all() and wy.max() < 1000


def test_warmup_cosine_rises_then_falls_to_the_floor():
    f = [char_lm.warmup_cosine(s, 10, 100, 0.1) for s in range(101)]
    assert f[0] == pytest.approx(0.1) and f[9] == pytest.approx(1.0) and f[10] == 1.0
    assert f[100] == pytest.approx(0.1) and f[55] == pytest.approx(0.55)
    assert all(a >= b for a, b in zip(f[10:], f[11:]))


# -- the model -------------------------------------------------------------------------------
def test_forward_cached_gives_the_models_scores_in_pieces(data):
    _, vocab, train, _ = data
    model = small_model(vocab)
    char_lm.train(model, train, train, steps=3, batch=4, eval_every=0, eval_count=4,
                  progress="off")                          # weights that are not the start
    model.eval()
    ids = train[100:116][None]
    with mg.no_grad():
        expected = model(ids).data
    cache = char_lm.KVCache(model)
    pieces = [char_lm.forward_cached(model, ids[:, a:b], cache) for a, b in ((0, 1), (1, 9), (9, 16))]
    np.testing.assert_allclose(np.concatenate(pieces, axis=1), expected, rtol=1e-10, atol=1e-10)
    with pytest.raises(ValueError, match="at most 16"):
        char_lm.forward_cached(model, ids[:, :1], cache)
    with pytest.raises(ValueError, match="reads at most 16"):
        model(train[None, :17])


def test_after_step_runs_after_each_step_outside_its_timing(data, monkeypatch):
    """bench_char_lm interleaves PyTorch's steps with ours through after_step: it must run
    once per step, after the step's update, and its time must not count as ours (a fake
    clock that only after_step moves keeps every step at zero)."""
    import types

    clock = [0.0]
    monkeypatch.setattr(char_lm, "time", types.SimpleNamespace(
        perf_counter=lambda: clock[0], process_time=lambda: clock[0]))
    _, vocab, train, _ = data
    model = small_model(vocab)
    seen = []

    def after(step):
        seen.append((step, float(model.head.weight.data.sum())))
        clock[0] += 100.0

    history = char_lm.train(model, train, train, steps=3, batch=4, eval_every=0, eval_count=4,
                            progress="off", after_step=after)
    assert [s for s, _ in seen] == [0, 1, 2]
    assert len({w for _, w in seen}) == 3                   # each call saw a new update
    assert history["seconds"] == history["cpu_seconds"] == [0.0, 0.0, 0.0]


def test_the_cache_changes_the_work_not_the_text(data):
    _, vocab, train, _ = data
    model = small_model(vocab)
    prompt = vocab.encode("ROMEO.\n")
    for options in ({"temperature": 1.0}, {"temperature": 0.7, "top_k": 5}):
        cached = char_lm.generate(model, prompt, 50, seed=4, **options)   # crosses the window
        again = char_lm.generate(model, prompt, 50, seed=4, cache=False, **options)
        assert (cached == again).all() and len(cached) == 50
    long_prompt = vocab.encode("To be, or not to be: that is the question")   # > context
    assert (char_lm.generate(model, long_prompt, 10, seed=1)
            == char_lm.generate(model, long_prompt, 10, seed=1, cache=False)).all()
    with pytest.raises(ValueError, match="prompt is empty"):
        char_lm.generate(model, [], 5)


def test_top_k_and_temperature():
    logits = np.array([[1.0, 3.0, 2.0, 3.0, -1.0]])
    kept = char_lm.top_k_filter(logits, 2)
    assert np.isinf(kept[0, [0, 2, 4]]).all() and (kept[0, [1, 3]] == 3.0).all()
    assert (char_lm.top_k_filter(logits, 3)[0, 2] == 2.0)
    p = char_lm.next_probabilities(logits, temperature=1.0, top_k=1)
    np.testing.assert_allclose(p, [[0, 0.5, 0, 0.5, 0]])          # ties at the k-th value stay
    cold = char_lm.next_probabilities(logits, temperature=0.1)
    assert cold[0, 1] == pytest.approx(0.5, abs=1e-4) and cold[0, 2] < 1e-4
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError, match="top_k must be a positive int"):
            char_lm.top_k_filter(logits, bad)
    with pytest.raises(ValueError, match="temperature must be > 0"):
        char_lm.next_probabilities(logits, temperature=0)


def test_the_model_matches_pytorchs_transformer_layers(data):
    torch = require_torch()
    _, vocab, train, _ = data
    model = small_model(vocab, dtype=np.float64)
    tnn = torch.nn
    theirs = tnn.Module()
    theirs.tokens = tnn.Embedding(len(vocab), 16)
    theirs.positions = tnn.Embedding(16, 16)
    theirs.blocks = tnn.ModuleList(
        tnn.TransformerEncoderLayer(16, 2, 64, dropout=0.0, activation="gelu", norm_first=True,
                                    batch_first=True) for _ in range(2))
    theirs.norm = tnn.LayerNorm(16)
    theirs.head = tnn.Linear(16, len(vocab))
    theirs.double()
    theirs.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in model.state_dict().items()})
    x, y = next(char_lm.random_batches(train, batch=3, context=16, seed=0))
    h = theirs.tokens(torch.from_numpy(x)) + theirs.positions(torch.arange(16))
    mask = torch.triu(torch.ones(16, 16, dtype=torch.bool), 1)
    for block in theirs.blocks:
        h = block(h, src_mask=mask, is_causal=True)
    logits = theirs.head(theirs.norm(h))
    loss = torch.nn.functional.cross_entropy(logits.reshape(-1, len(vocab)),
                                             torch.from_numpy(y).reshape(-1))
    loss.backward()
    ours = char_lm.loss_of(model, x, y)
    ours.backward()
    assert ours.item() == pytest.approx(loss.item(), rel=1e-10)
    grads = dict(theirs.named_parameters())
    for name, p in model.named_parameters():
        np.testing.assert_allclose(p.grad.data, grads[name].grad.numpy(), rtol=1e-6, atol=1e-9,
                                   err_msg=name)


def test_initial_loss_is_near_ln_v_and_training_lowers_it(data):
    _, vocab, train, val = data
    model = small_model(vocab, context=32)
    history = char_lm.train(model, train, val, steps=40, batch=8, lr=3e-3, warmup=5,
                            eval_every=20, eval_count=16, progress="off")
    assert abs(history["evals"][0][2] - math.log(len(vocab))) < 0.05
    assert history["evals"][-1][2] < history["evals"][0][2] - 0.5
    assert len(history["loss"]) == len(history["lr"]) == len(history["seconds"]) == 40
    assert [e[0] for e in history["evals"]] == [0, 20, 40]


# -- the script and the checkpoint -----------------------------------------------------------
def test_the_script_trains_saves_and_loads(tmp_path, capsys):
    out = tmp_path / "lm.npz"
    result = char_lm.main(["--steps", "2", "--out", str(out), "--progress", "off"])
    printed = capsys.readouterr().out
    assert "821,068 parameters; ln 76 = 4.331" in printed and f"saved {out}" in printed
    model, vocab, state = char_lm.load_checkpoint(out, dtype=np.float64)
    assert state["seed"] == 0 and state["config"]["steps"] == 2 and len(vocab) == 76
    assert state["history"]["evals"][-1][2] == pytest.approx(result["val_loss"], abs=2e-3)


def test_the_script_saves_a_runs_history_without_its_weights(tmp_path, capsys):
    """``--history-out``: what the chapter plots of the dropout run, small enough to ship."""
    out, history = tmp_path / "lm.npz", tmp_path / "history.npz"
    char_lm.main(["--steps", "2", "--dropout", "0.2", "--out", str(out),
                  "--history-out", str(history), "--progress", "off"])
    assert f"saved {history}" in capsys.readouterr().out
    alone, full = mg.load(history), mg.load(out)
    assert sorted(alone) == ["config", "history", "seed"] and "model" in full
    assert alone["seed"] == 0 and alone["config"] == full["config"]
    assert alone["config"]["dropout"] == 0.2
    for key, values in full["history"].items():
        np.testing.assert_array_equal(alone["history"][key], values)
    assert history.stat().st_size < out.stat().st_size / 20


def test_the_shipped_checkpoint_scores_what_the_chapter_prints(data):
    _, _, _, val = data
    model, vocab, state = char_lm.load_checkpoint(dtype=np.float64)
    assert char_lm.CHECKPOINT.stat().st_size < 2_000_000
    assert state["seed"] == 0 and state["config"]["steps"] == 2000
    assert {k: v for k, v in state["config"].items() if k != "betas"} == \
        {k: v for k, v in char_lm.CONFIG.items() if k != "betas"}
    loss = char_lm.estimate_loss(model, char_lm.eval_windows(val, model.context))
    import nbformat

    nb = nbformat.read(ROOT / "chapters" / "14_language_model.ipynb", as_version=4)
    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code"
                      for o in c.outputs)
    shown = re.search(r"shipped checkpoint: validation loss ([\d.]+) on 256 windows", printed)
    assert shown and f"{loss:.4f}" == shown.group(1)
    assert abs(loss - state["history"]["evals"][-1][2]) < 1e-3    # float16 storage costs ~nothing


def test_the_shipped_dropout_history_is_the_checkpoints_run_with_dropout():
    """The chapter compares the checkpoint's run with this one: the same configuration, seed
    and starting weights (the same first evaluation), dropout 0.2, and no weights shipped."""
    run, checkpoint = char_lm.load_history(), mg.load(char_lm.CHECKPOINT)
    assert char_lm.DROPOUT_HISTORY.stat().st_size < 100_000 and "model" not in run
    assert run["seed"] == checkpoint["seed"] == 0
    assert run["config"] == dict(checkpoint["config"], dropout=0.2)
    evals, plain = run["history"]["evals"], checkpoint["history"]["evals"]
    np.testing.assert_array_equal(evals[0], plain[0])
    assert evals[:, 0].tolist() == plain[:, 0].tolist() and len(run["history"]["loss"]) == 2000
