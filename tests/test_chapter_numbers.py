"""The numbers a chapter's prose states come from its saved outputs.

Each chapter's function reads the key numbers from the outputs saved in
``chapters/NN_topic.ipynb`` (what nbval checks against a fresh run) and checks that the
prose quotes those numbers, so that re-running a chapter with other results cannot leave
its text behind.
"""

import re
from pathlib import Path

import nbformat

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
