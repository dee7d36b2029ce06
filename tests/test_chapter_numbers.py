"""The numbers a chapter's prose states come from its saved outputs.

Each chapter's function reads the key numbers from the outputs saved in
``chapters/NN_topic.ipynb`` (what nbval checks against a fresh run) and checks that the
prose quotes those numbers, so that re-running a chapter with other results cannot leave
its text behind.
"""

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _notebook(name: str):
    return nbformat.read(ROOT / "chapters" / name, as_version=4)


def saved_text(name: str) -> str:
    """Every text a chapter's code cells printed, in order."""
    parts = []
    for cell in _notebook(name).cells:
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if out.get("output_type") == "stream":
                parts.append(out["text"])
            elif "text/plain" in out.get("data", {}):
                parts.append(out["data"]["text/plain"])
    return "".join(parts)


def prose(name: str) -> str:
    """The chapter's markdown, with line breaks turned into spaces."""
    text = "\n".join(c.source for c in _notebook(name).cells if c.cell_type == "markdown")
    return re.sub(r"\s+", " ", text)


def found(pattern: str, text: str) -> tuple:
    match = re.search(pattern, text)
    assert match, f"no output matches {pattern!r}"
    return match.groups()


def test_chapter_11_numbers():
    out, text = saved_text("11_deep_networks.ipynb"), prose("11_deep_networks.ipynb")

    # section 1: ten layers learn nothing (the accuracy of guessing), one layer does
    assert found(r"10 hidden layer\(s\): loss per epoch \[([\d.]+)", out)[0] == "2.305"
    assert found(r"10 hidden layer\(s\).*test accuracy ([\d.]+)%", out)[0] == "10.0"
    assert "about 10 % is what guessing scores" in text

    # sections 2-3: the factor per layer, predicted and measured
    default = found(r"default \(uniform ±1/√n\)\s+activations ×([\d.]+) per layer", out)[0]
    assert default == "0.41" and "about 0.4 times as much each time" in text
    assert "$1/\\sqrt6 \\approx 0.41$ in spread. That is the 0.4 we measured" in text
    big = float(found(r"N\(0, 1\)\s+activations ×([\d.]+) per layer", out)[0])
    assert 4.5 < big < 5.5 and "grow about fivefold per layer" in text
    small = float(found(r"N\(0, 0.01²\)\s+activations ×([\d.]+) per layer", out)[0])
    assert 1 / small == pytest.approx(20, abs=2) and "shrinks about twentyfold" in text
    first_loss = float(found(r"N\(0, 1\).*loss before training ([\d.e+]+)", out)[0])
    assert 1e8 <= first_loss < 1e9 and "in the hundreds of millions" in text
    kaiming = found(r"Kaiming\s+1\.000\s+([\d.]+)", out)[0]
    assert f"seed 0's Kaiming is {float(kaiming):.2f}, not 1" in text
    # "to within about N %" over five seeds: tests/test_chapter_claims.py

    # section 4: BatchNorm's variances sit a hair below 1 (eps), its spreads near 0.6
    variances = [float(v) for v in found(r"column variances of x̂: \[([^\]]+)\]", out)[0].split()]
    assert all(0.99999 < v < 1 for v in variances)
    bn = out[out.index("with BatchNorm, default initialisation"):]
    spreads = [float(v) for v in found(r"spread of activations:\s+(.+)", bn)[0].split()]
    assert all(0.55 < s < 0.65 for s in spreads) and "a spread near 0.6" in text
    grads = [float(v) for v in found(r"spread of gradients:\s+(.+)", bn)[0].split()]
    assert max(grads) / min(grads) < 7 and "within a factor of seven" in text

    # section 5: the residual network's gradient reaches layer 1 larger than it left the top
    top, bottom = (float(v) for v in re.search(
        r"residual: gradient spread at layer 30 ([\d.e+-]+), at layer 1 ([\d.e+-]+)", out).groups())
    assert bottom > top

    # section 7: the valley's first steps
    sgd_step = found(r"SGD, lr 0.07\s+first step \[\s*([-\d. ]+)\]", out)[0].split()
    assert sgd_step == ["0.35", "-2.1"] and "(2.1) is six times its step along it (0.35)" in text
    assert found(r"Adam, lr 0.3\s+first step \[\s*([-\d. ]+)\]", out)[0].split() == ["0.3", "-0.3"]
    losses = {name: float(v) for name, v in re.findall(
        r"(SGD|momentum|Adam)[^\n]*loss after 40 steps ([\d.]+)", out)}
    assert max(losses, key=losses.get) == "Adam" and "Adam is the furthest" in text

    # section 9: the 20-layer networks (the ablation table: tests/test_chapter_claims.py)
    fixed = found(r"fixed \(21 Linear layers\).*\n.*test accuracy ([\d.]+)%", out)[0]
    assert fixed == "97.5" and text.count("97.5 %") >= 2
    assert found(r"naive \(21 Linear layers\).*\n.*test accuracy ([\d.]+)%", out)[0] == "10.0"
    first, last = (int(v) for v in re.search(
        r"\((\d+)% of the first 20, (\d+)% of the last 20\)", out).groups())
    assert first > 50 > last and "Clipping acted mostly at the start" in text
    naive_first, naive_head = (float(v) for v in re.search(
        r"naive: ‖dL/dW‖ from ([\d.e+-]+) \(layer 1\) to ([\d.e+-]+)", out).groups())
    assert naive_first < 3e-8 and naive_head / naive_first > 1e6
    assert "about $10^{-8}$, millions of times smaller" in text


def test_chapter_13_numbers():
    name = "13_attention.ipynb"
    out, text = saved_text(name), prose(name)

    start, end, digits, lines = found(r"bag of embeddings: loss ([\d.]+) -> ([\d.]+); "
                                      r"([\d.]+)% of answer digits right, ([\d.]+)% of lines", out)
    assert f"from {start} to {end}" in text
    assert float(lines) == 0.0 and "not one line of the 1,000" in text
    (rule,) = found(r"most frequent digit everywhere: ([\d.]+)% of answer digits", out)
    assert rule == digits and f"{digits} % of its answer digits" in text
    assert f"The same {rule} %" in text and f"only {digits} % of digits" in text

    weight, answer = found(r"weights: \[\[.* 0\.(\d\d) .*\]\]\nanswer .*: \[\[([\d.]+)\]\]", out)
    assert f"gets {int(weight)} % of the weight" in text and f"the answer, {answer}," in text

    rows = re.findall(r"^\s*(\d+)\s+([\d.]+)\s+([\d.]+) / ([\d.]+)\s+([\d.e+-]+) / ([\d.e+-]+)$",
                      out, re.M)
    assert [r[0] for r in rows] == ["4", "16", "64", "256", "1024"]
    assert "(" + ", ".join(r[1] for r in rows) + ": that is" in text
    assert f"climbs from {rows[0][2]} to {rows[-1][2]}" in text
    assert f"shrinks from {rows[0][4]} to {rows[-1][4]}" in text
    assert all(abs(float(r[3]) - 0.25) <= 0.02 for r in rows)          # "stays near 0.25"
    assert all(abs(float(r[5]) / 4.6e-2 - 1) < 0.05 for r in rows)     # "near 4.6e-02"

    (parameters,) = found(r"([\d,]+) parameters; ln 11", out)
    assert f"{parameters}-parameter" in text
    (exact, right) = found(r"test: [\d.]+% of answer digits right, ([\d.]+)% of lines "
                           r"\((\d+) of 1000\)", out)
    assert exact == "100.0" and right == "1000"
    assert "reverses every one of 1,000" in text and "all 1,000 test lines" in text
    assert "made no mistake on any of the 1,000 test prompts" in text

    start, end, blind, blind_lines = found(r"without positions: loss ([\d.]+) -> ([\d.]+); "
                                           r"([\d.]+)% of answer digits right, ([\d.]+)% of "
                                           r"lines", out)
    assert float(blind_lines) == 0.0 and "not one line right" in text
    assert f"from {start} to {end}" in text and f"{blind} %" in text
    (positions,) = found(r"right at answer positions 1 to 8: (.*)", out)
    shares = [int(p) for p in re.findall(r"(\d+)%", positions)]
    assert f"right {shares[-1]} % of the time" in text and f"({shares[0]} %)" in text
    assert shares[-1] == max(shares) and shares[0] == sorted(shares)[-2]

    heads = [int(s) for s in re.findall(r"head \d (\d+)%", out)]
    assert len(heads) == 4 and min(heads) >= 95                       # "nearly every answer row"

    sampled = {float(t): (float(a), float(b)) for t, a, b in re.findall(
        r"temperature ([\d.]+)\s*: +([\d.]+)% of lines, +([\d.]+)% of answer digits", out)}
    assert sorted(sampled) == [0.5, 1.0, 2.0, 4.0]
    assert sampled[0.5] == (100.0, 100.0) and "every line is right" in text
    lines_1, digits_1 = sampled[1.0]
    assert f"{digits_1} % of answer digits are right" in text and f"{lines_1} % of" in text
    assert f"${digits_1 / 100:.3f}^8 \\approx {(digits_1 / 100) ** 8:.2f}$" in text
    assert abs((digits_1 / 100) ** 8 - lines_1 / 100) < 0.01             # "close to"
    lines_2, digits_2 = sampled[2.0]
    assert f"({digits_2} % of digits, {lines_2} % of lines)" in text
    assert sampled[4.0][1] < 50 and "fewer than half of the digits" in text


def test_chapter_12_numbers():
    name = "12_convolution.ipynb"
    out, text = saved_text(name), prose(name)

    changed, correlation = found(r"(\d+) of its 64 pixel values change by more than 0\.1\n"
                                 r"correlation of the two rows of 64 numbers: ([\d.]+)", out)
    assert f"({changed} of them)" in text and f"only {correlation}" in text
    assert 0.6 < int(changed) / 64 < 0.72                              # "Two thirds"

    loops, fast = (float(v) for v in found(r"loops ([\d.]+) ms, im2col ([\d.]+) ms", out))
    assert 70 <= loops < 400 and fast < 0.1    # "about a tenth of a second (more on a busy
    assert "about a tenth of a second" in text  # machine)", "less than a tenth of a millisecond"
    assert 500 <= loops / fast <= 5000 and text.count("about a thousand times faster") == 2
    assert "gradcheck passed" in out

    layers = [int(p.replace(",", "")) for p in
              re.findall(r"^\(2, [\d, ]+\)\s+([\d,]+)\s+\w", out, re.M)]
    assert layers == [160, 0, 0, 4640, 0, 0, 0, 1290]
    assert "160 + 4,640 + 1,290 = 6,090 parameters, against 19,210" in text

    # section 12: every recipe's three seeds, read from the table
    rows = {r[0]: (int(r[1].replace(",", "")), [int(k) for k in r[2:5]], float(r[5]), r[6])
            for r in re.findall(r"^((?:MLP|conv net), [^\n]*?)\s+([\d,]+)\s+(\d+)\s+(\d+)\s+"
                                r"(\d+)\s+([\d.]+) \(([\d.]+)%\)$", out, re.M)}
    assert list(rows) == ["MLP, chapter 8's recipe", "MLP, peak rate 5e-3 only",
                          "MLP, one-cycle only", "MLP, both: the conv net's recipe",
                          "MLP, both, and β₁ cycled", "conv net, the conv net's recipe"]
    mlp_p, mlp, mlp_mean, mlp_acc = rows["MLP, chapter 8's recipe"]
    cnn_p, cnn, cnn_mean, cnn_acc = rows["conv net, the conv net's recipe"]
    same_p, same, same_mean, same_acc = rows["MLP, both: the conv net's recipe"]
    n = 359
    for runs, mean, acc in [(mlp, mlp_mean, mlp_acc), (cnn, cnn_mean, cnn_acc)]:
        assert f"{sum(runs) / 3:.1f}" == f"{mean:.1f}" and f"{100 * sum(runs) / 3 / n:.2f}" == acc
    assert mlp_p == same_p == 19210 and cnn_p == sum(layers) == 6090
    assert cnn_p < mlp_p / 3 and "under a third of the parameters" in text

    assert f"gets {min(mlp)} to {max(mlp)} of the 359 test digits right (a mean of {mlp_acc} %)" \
        in text
    (chapter_8,) = found(r"test accuracy: (\d+) of 359 right", saved_text("08_classifier.ipynb"))
    fewer = {1: "one image fewer than", 0: "the same number as"}[int(chapter_8) - mlp[0]]
    assert (f"with seed 0 it gets {mlp[0]}, {fewer} chapter 8's float32 run of the same network "
            f"({chapter_8})") in text
    low, high = f"{100 * min(cnn) / n:.1f}", f"{100 * max(cnn) / n:.1f}"
    assert f"gets {min(cnn)} to {max(cnn)} right ({low} % to {high} %, a mean of {cnn_acc} %)" \
        in text
    gaps = [c - m for c, m in zip(cnn, mlp)]
    assert min(gaps) > 0 and f"in every seed, {min(gaps)} to {max(gaps)} fewer mistakes" in text
    assert f"the MLP's mean is {same_acc} % and the conv net's {cnn_acc} %" in text
    assert (f"a {cnn_p:,}-parameter conv net that beat chapter 8's {mlp_p:,}-parameter MLP"
            in text and f"({cnn_acc} % on average against {mlp_acc} %)" in text
            and f"the same training recipe ({same_acc} %)" in text)
    spreads = [max(r[1]) - min(r[1]) for r in rows.values()]
    assert f"the seeds of one recipe differ by up to {max(spreads)} images" in text

    seconds = dict(re.findall(r"(MLP, chapter 8's recipe|conv net, the conv net's recipe)\s+"
                              r"([\d.]+) s per run", out))
    assert float(seconds["conv net, the conv net's recipe"]) >= \
        3 * float(seconds["MLP, chapter 8's recipe"])
    assert "many times as long to train" in text
    (wrong,) = found(r"(\d+) of 359 test digits are misclassified", out)
    assert int(wrong) == n - cnn[0]


def test_chapter_14_numbers():
    out, text = saved_text("14_language_model.ipynb"), prose("14_language_model.ipynb")

    # baselines: ln V, the untrained model, a confidently wrong head, the bigram table
    V = int(found(r"(\d+) distinct characters", out)[0])
    ln_v = found(r"ln (\d+) = ([\d.]+); untrained model: ([\d.]+)", out)
    assert int(ln_v[0]) == V == 76 and ln_v[1] == "4.331"
    assert abs(float(ln_v[2]) - float(ln_v[1])) < 0.05 and "Close to $\\ln 76$" in text
    assert float(found(r"head weights N\(0, 1\): loss ([\d.]+)", out)[0]) > 10
    bigram = found(r"bigram model: validation loss ([\d.]+)", out)[0]
    assert f"from 4.33 to {bigram}" in text and f"bigram table gets {bigram}" in text
    qu, newline, space = found(r"P\(u after q\) = ([\d.]+); after a full stop: "
                               r"P\(line break\) = ([\d.]+), P\(space\) = ([\d.]+)", out)
    assert (f"`q` is followed by `u` ({qu}) and that a full stop is followed by a line break "
            f"({newline}) or a space ({space})") in text

    # the live run ends near the bigram's loss, not below it
    live = [float(v) for v in re.findall(r"step 150: train ([\d.]+), validation ([\d.]+)", out)[0]]
    assert abs(live[1] - float(bigram)) < 0.25 and f"to about the bigram's {bigram}" in text
    assert f"(train {live[0]:.3f}, validation {live[1]:.3f})" in text

    # the shipped run: the gap at the end, and the final losses
    final = found(r"step 2000: train ([\d.]+), validation ([\d.]+)", out)
    gap = found(r"gap between validation and train at step 2000: ([\d.]+)", out)[0]
    assert f"to {gap} at the end ({final[1]} against {final[0]})" in text

    # the same run with dropout 0.2: a smaller gap, a worse validation loss, and the gap at
    # step 200 that no memorisation explains
    assert "dropout 0.2, seed 0, otherwise the checkpoint's configuration: True" in out
    rows = {int(r[0]): r[1:] for r in re.findall(r"^\s*(\d+)" + r"\s+(-?[\d.]+)" * 6 + r"$",
                                                 out, re.M)}
    assert sorted(rows) == list(range(0, 2001, 200))
    tr, va, gap_plain, tr_d, va_d, gap_d = rows[2000]
    assert (tr, va, gap_plain) == (final[0], final[1], gap)
    assert float(gap_d) < float(gap_plain) and float(va_d) > float(va)
    assert f"the gap at step 2,000: {gap_d} instead of {gap_plain}" in text
    assert f"({tr_d} instead of {tr})" in text and f"({va_d} instead of {va})" in text
    assert f"our gap ({gap_plain} to {gap_d})" in text and f"worse ({va_d} against {va})" in text
    early, early_d = rows[200][2], rows[200][5]
    assert f"already {early} above the training loss ({early_d} with dropout)" in text
    assert f"each training character {200 * 768 / 932_397:.2f} times" in text

    # generation: the favourite after "To be, or not to b"
    e = found(r"temperature 1\s+'e' ([\d.]+)", out)[0]
    assert f"half of its probability ({e}) on `e`" in text
    assert "same 200 characters with and without the cache: True" in out
    slow, fast = (int(v.replace(",", "")) for v in found(
        r"positions read for 200 characters: ([\d,]+) without the cache, ([\d,]+) with it", out))
    assert f"saves a factor of about {round(slow / fast)}" in text

    # perplexity and bits per character, of the shipped checkpoint
    loss = found(r"shipped checkpoint: validation loss ([\d.]+) on 256 windows", out)[0]
    row = found(r"transformer\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out)
    big = found(r"bigram\s+[\d.]+\s+([\d.]+)\s+[\d.]+", out)[0]
    assert row[0] == final[1] and loss.startswith(final[1][:4])
    assert f"about {round(float(row[1]))} characters ({row[1]})" in text
    assert f"{big} for the bigram table" in text and f"{float(row[2]):.2f} bits a character" in text
    assert f"reaches {row[0]} on the validation text: a perplexity of {row[1]}" in text
    assert f"last evaluation of the training run ({loss}" in text
    assert f"the training run's last evaluation, before the weights were rounded: {loss}" in out

    # the attention summary: layer 1's previous-character head
    previous = found(r"head 4:\s+([\d.]+) back,\s+(\d+)% prev", out)
    assert f"in {previous[1]} % of the rows" in text and f"{previous[0]} positions back" in text
