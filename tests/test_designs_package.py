"""classroom.designs: the overview names every design, and each module exports what it lists."""

import importlib

import pytest

import classroom.designs as designs

MODULES = ["static_graph", "closures", "creator_tape", "depth_first"]


def test_the_overview_names_every_design_module():
    for name in MODULES:
        assert f"``{name}``" in designs.__doc__
    assert "minigrad`` itself" in designs.__doc__
    assert sorted(designs.__all__) == sorted(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_each_module_exports_what_it_lists_and_explains_itself(name):
    module = importlib.import_module(f"classroom.designs.{name}")
    assert module.__doc__ and module.__doc__.startswith("Design")
    for attr in module.__all__:
        assert hasattr(module, attr), f"{name}.__all__ lists {attr!r}, which does not exist"
