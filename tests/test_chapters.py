"""The chapters and the packages stay in step: each chapter uses only features of minigrad
and of the course package introduced by it or an earlier chapter (classroom/chapters.py
says which is which), the map itself names real features, and the README carries the
chapter map."""

import ast
import importlib
from pathlib import Path

import nbformat
import pytest

from classroom.chapters import ALWAYS, CHAPTERS, introduced_in

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


def feature_path(module: str) -> str | None:
    """A module's feature path: "" for minigrad itself, "nn" for minigrad.nn, the full
    dotted name for the course package ("classroom.widgets.graph"), None for others."""
    if module == "minigrad":
        return ""
    if module.startswith("minigrad."):
        return module[len("minigrad."):]
    if module == "classroom" or module.startswith("classroom."):
        return module
    return None


def features_used(source: str) -> set:
    """Every minigrad or classroom feature the code imports or reaches as ``alias.name``."""
    tree = ast.parse(source)
    aliases, used = {}, set()                    # local name -> feature path ("" = minigrad)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for name in node.names:
                path = feature_path(name.name)
                if path is None:
                    continue
                if path:
                    used.add(path)
                if name.asname:
                    aliases[name.asname] = path
                elif "." not in name.name:
                    aliases[name.name] = path
        elif isinstance(node, ast.ImportFrom) and node.module and \
                feature_path(node.module) is not None:
            base = feature_path(node.module)
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
            problems.append(f"{feature}: no chapter introduces it (add it to classroom/chapters.py)")
        elif where > chapter.number:
            problems.append(f"{feature}: introduced in chapter {where}")
    assert not problems, f"{chapter.notebook} uses later features: " + "; ".join(problems)


def test_the_import_scanner_finds_each_kind_of_use():
    source = ("import minigrad as mg\nfrom minigrad import nn\nfrom minigrad.optim import SGD\n"
              "import minigrad.data as data\nx = mg.Tensor([1.0]).sum()\nmg.autograd.record\n"
              "nn.Linear(2, 3)\ndata.toy4()\nfrom classroom.widgets import graph\n"
              "import classroom.designs.closures as cl\nfrom classroom import check\n")
    assert features_used(source) >= {"Tensor", "nn", "optim.SGD", "data", "autograd.record",
                                     "nn.Linear", "data.toy4", "classroom.widgets.graph",
                                     "classroom.designs.closures", "classroom.check"}
    assert "Tensor.sum" not in features_used(source)


def resolve(feature: str):
    """The object a feature path names, or None: minigrad paths are relative to minigrad,
    course paths start with ``classroom``."""
    package = "classroom" if feature.split(".")[0] == "classroom" else "minigrad"
    parts = feature.split(".")[1:] if package == "classroom" else feature.split(".")
    module = importlib.import_module(package)
    try:
        for i, part in enumerate(parts):
            if hasattr(module, part):
                module = getattr(module, part)
            else:
                module = importlib.import_module(".".join([package, *parts[:i + 1]]))
    except ImportError:
        return None
    return module


def test_every_feature_in_the_map_exists():
    for chapter in CHAPTERS:
        for feature in chapter.features:
            assert resolve(feature) is not None, f"chapter {chapter.number}: {feature} not found"


def test_every_always_available_feature_exists():
    for feature in ALWAYS:
        assert resolve(feature) is not None, feature


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
