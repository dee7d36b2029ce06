"""The chapters and the package stay in step: each chapter uses only minigrad features
introduced by it or an earlier chapter (minigrad/chapters.py says which is which), the
map itself names real features, and the README carries the chapter map."""

import ast
import importlib
from pathlib import Path

import nbformat
import pytest

from minigrad.chapters import ALWAYS, CHAPTERS, introduced_in

ROOT = Path(__file__).resolve().parents[1]
CHAPTER_DIR = ROOT / "chapters"
PRESENT = [c for c in CHAPTERS if (CHAPTER_DIR / c.notebook).exists()]


def code_of(path: Path) -> str:
    """The notebook's code cells as one Python source, IPython magics and shell lines dropped."""
    nb = nbformat.read(path, as_version=4)
    lines = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            lines += [line for line in cell.source.splitlines()
                      if not line.lstrip().startswith(("%", "!"))]
    return "\n".join(lines)


def features_used(source: str) -> set:
    """Every minigrad feature the code imports or reaches as ``alias.name``."""
    tree = ast.parse(source)
    aliases, used = {}, set()                    # local name -> feature path ("" = minigrad)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for name in node.names:
                if name.name == "minigrad" or name.name.startswith("minigrad."):
                    path = name.name[len("minigrad."):] if "." in name.name else ""
                    if path:
                        used.add(path)
                    if name.asname:
                        aliases[name.asname] = path
                    elif path == "":
                        aliases["minigrad"] = ""
        elif isinstance(node, ast.ImportFrom) and node.module and (
                node.module == "minigrad" or node.module.startswith("minigrad.")):
            base = node.module[len("minigrad."):] if "." in node.module else ""
            for name in node.names:
                path = f"{base}.{name.name}" if base else name.name
                used.add(path)
                aliases[name.asname or name.name] = path
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chain, inner = [], node
            while isinstance(inner, ast.Attribute):
                chain.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name) and inner.id in aliases:
                base = aliases[inner.id]
                chain.reverse()
                # only the part that names package objects: stop at the first lowercase
                # attribute of a class-like name (``mg.Tensor.sum`` is Tensor's method)
                path = base
                for attr in chain:
                    path = f"{path}.{attr}" if path else attr
                    if introduced_in(path) is None:
                        path = path.rsplit(".", 1)[0] if "." in path else path
                        break
                if path:
                    used.add(path)
    return used


@pytest.mark.parametrize("chapter", PRESENT, ids=lambda c: c.notebook)
def test_chapter_uses_only_features_introduced_so_far(chapter):
    used = features_used(code_of(CHAPTER_DIR / chapter.notebook))
    problems = []
    for feature in sorted(used):
        if feature in ALWAYS or feature in chapter.preview:
            continue
        where = introduced_in(feature)
        if where is None:
            problems.append(f"{feature}: no chapter introduces it (add it to minigrad/chapters.py)")
        elif where > chapter.number:
            problems.append(f"{feature}: introduced in chapter {where}")
    assert not problems, f"{chapter.notebook} uses later features: " + "; ".join(problems)


def test_the_import_scanner_finds_each_kind_of_use():
    source = ("import minigrad as mg\nfrom minigrad import nn\nfrom minigrad.optim import SGD\n"
              "import minigrad.data as data\nx = mg.Tensor([1.0]).sum()\nmg.autograd.record\n"
              "nn.Linear(2, 3)\ndata.toy4()\n")
    assert features_used(source) >= {"Tensor", "nn", "optim.SGD", "data", "autograd.record",
                                     "nn.Linear", "data.toy4"}
    assert "Tensor.sum" not in features_used(source)


def test_every_feature_in_the_map_exists():
    for chapter in CHAPTERS:
        for feature in chapter.features:
            module, obj = importlib.import_module("minigrad"), None
            parts = feature.split(".")
            try:
                for i, part in enumerate(parts):
                    if hasattr(module, part):
                        module = getattr(module, part)
                    else:
                        module = importlib.import_module("minigrad." + ".".join(parts[:i + 1]))
                obj = module
            except ImportError:
                obj = None
            assert obj is not None, f"chapter {chapter.number}: {feature} is not in minigrad"


def test_readme_has_the_chapter_map():
    readme = (ROOT / "README.md").read_text()
    for chapter in PRESENT:
        assert f"chapters/{chapter.notebook}" in readme, chapter.notebook
        assert chapter.summary in readme and f"{chapter.minutes} min" in readme


def test_a_preview_is_only_for_features_a_later_chapter_teaches():
    for chapter in CHAPTERS:
        for feature in chapter.preview:
            assert introduced_in(feature) is not None, feature
            assert introduced_in(feature) > chapter.number, (chapter.number, feature)
