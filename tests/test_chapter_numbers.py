"""Numbers the chapters' prose states, checked against the chapters' saved outputs: when a
chapter is re-run and a number moves, the sentence that quotes it must move too.  One test
function per chapter; the helpers read a saved notebook's text outputs and its prose."""

import re
from pathlib import Path

import nbformat
import pytest

CHAPTERS = Path(__file__).resolve().parents[1] / "chapters"


def _notebook(name: str):
    path = CHAPTERS / name
    if not path.exists():
        pytest.skip(f"{name} is not in this checkout")
    return nbformat.read(path, as_version=4)


def outputs(nb) -> str:
    """Every text output (streams and plain-text results), in cell order."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out.get("text", ""))
            elif "text/plain" in out.get("data", {}):
                parts.append(out["data"]["text/plain"])
    return "\n".join(parts)


def prose(nb) -> str:
    """The markdown cells, joined, with line breaks made spaces (sentences wrap)."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.sub(r"\s+", " ", text)


def found(pattern: str, text: str, group: int = 1) -> str:
    match = re.search(pattern, text)
    assert match, f"no output matches {pattern!r}"
    return match.group(group)


def test_chapter_11_numbers():
    nb = _notebook("11_deep_networks.ipynb")
    out, text = outputs(nb), prose(nb)

    # section 1: ten layers learn nothing (the accuracy of guessing), one layer does
    assert found(r"10 hidden layer\(s\): loss per epoch \[([\d.]+)", out) == "2.305"
    assert found(r"10 hidden layer\(s\).*test accuracy ([\d.]+)%", out) == "10.0"
    assert "about 10 % is what guessing scores" in text

    # sections 2-3: the factor per layer, predicted and measured
    default = found(r"default \(uniform ±1/√n\)\s+activations ×([\d.]+) per layer", out)
    assert default == "0.41" and "about 0.4 times as much each time" in text
    assert "$1/\\sqrt6 \\approx 0.41$ in spread. That is the 0.4 we measured" in text
    big = float(found(r"N\(0, 1\)\s+activations ×([\d.]+) per layer", out))
    assert 4.5 < big < 5.5 and "grow about fivefold per layer" in text
    small = float(found(r"N\(0, 0.01²\)\s+activations ×([\d.]+) per layer", out))
    assert 1 / small == pytest.approx(20, abs=2) and "shrinks about twentyfold" in text
    first_loss = float(found(r"N\(0, 1\).*loss before training ([\d.e+]+)", out))
    assert 1e8 <= first_loss < 1e9 and "in the hundreds of millions" in text
    kaiming = found(r"Kaiming\s+1\.000\s+([\d.]+)", out)
    assert f"Kaiming's is {float(kaiming):.2f}, not 1" in text
    for name in ("default \\(uniform ±1/√n\\)", "N\\(0, 1\\)", "N\\(0, 0.01²\\)", "Xavier",
                 "Kaiming"):
        predicted, measured = (float(v) for v in re.search(
            name + r"\s+([\d.]+)\s+([\d.]+)", out).groups())
        assert abs(measured / predicted - 1) < 0.10, name      # "to within about 10 %"

    # section 4: BatchNorm's variances sit a hair below 1 (eps), its spreads near 0.6
    variances = [float(v) for v in found(r"column variances of x̂: \[([^\]]+)\]", out).split()]
    assert all(0.99999 < v < 1 for v in variances)
    bn = out[out.index("with BatchNorm, default initialisation"):]
    spreads = [float(v) for v in found(r"spread of activations:\s+(.+)", bn).split()]
    assert all(0.55 < s < 0.65 for s in spreads) and "a spread near 0.6" in text
    grads = [float(v) for v in found(r"spread of gradients:\s+(.+)", bn).split()]
    assert max(grads) / min(grads) < 7 and "within a factor of seven" in text

    # section 5: the residual network's gradient reaches layer 1 larger than it left the top
    top, bottom = (float(v) for v in re.search(
        r"residual: gradient spread at layer 30 ([\d.e+-]+), at layer 1 ([\d.e+-]+)", out).groups())
    assert bottom > top

    # section 7: the valley's first steps
    sgd_step = found(r"SGD, lr 0.07\s+first step \[\s*([-\d. ]+)\]", out).split()
    assert sgd_step == ["0.35", "-2.1"] and "(2.1) is six times its step along it (0.35)" in text
    assert found(r"Adam, lr 0.3\s+first step \[\s*([-\d. ]+)\]", out).split() == ["0.3", "-0.3"]
    losses = {name: float(v) for name, v in re.findall(
        r"(SGD|momentum|Adam)[^\n]*loss after 40 steps ([\d.]+)", out)}
    assert max(losses, key=losses.get) == "Adam" and "Adam is the furthest" in text

    # section 9: the 20-layer networks, and which fixes matter
    fixed = found(r"fixed \(21 Linear layers\).*\n.*test accuracy ([\d.]+)%", out)
    assert fixed == "97.5" and text.count("97.5 %") >= 2
    assert found(r"naive \(21 Linear layers\).*\n.*test accuracy ([\d.]+)%", out) == "10.0"
    table = {name.strip(): (float(a), float(b), float(c)) for name, a, b, c in re.findall(
        r"^(\w[^\n]*?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)%$", out, re.M)}
    best = table["all the fixes"]
    for worse in ("no residual connections", "SGD (lr 0.1) instead of Adam"):
        assert 30 <= table[worse][1] / best[1] <= 45, worse          # "thirty to forty times"
        assert 8 <= best[2] - table[worse][2] <= 10, worse          # "eight to ten points"
    assert table["no BatchNorm"][0] > 100 and "over a hundred" in text
    assert table["no BatchNorm"][2] < best[2]
    assert table["default initialisation"][2] == pytest.approx(best[2], abs=0.6)
    first, last = (int(v) for v in re.search(
        r"\((\d+)% of the first 20, (\d+)% of the last 20\)", out).groups())
    assert first > 50 > last and "Clipping acted mostly at the start" in text
    naive_first, naive_head = (float(v) for v in re.search(
        r"naive: ‖dL/dW‖ from ([\d.e+-]+) \(layer 1\) to ([\d.e+-]+)", out).groups())
    assert naive_first < 3e-8 and naive_head / naive_first > 1e6
    assert "about $10^{-8}$, millions of times smaller" in text
