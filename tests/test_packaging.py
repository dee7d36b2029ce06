"""The repository's promises: one install story, the README's commands, the layout."""

import re
import sys
from pathlib import Path

import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
ENV = yaml.safe_load((ROOT / "environment.yml").read_text())
REQ = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*([^;]*?)\s*(;.*)?$")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyproject_requirements() -> dict:
    """{name: version spec} for minigrad and every extra, minus backports for old Pythons."""
    project = PYPROJECT["project"]
    reqs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        reqs += extra
    out = {"python": project["requires-python"]}
    for req in reqs:
        name, spec, marker = REQ.match(req).groups()
        if marker and "python_version" in marker:
            continue
        out[_norm(name)] = spec.replace(" ", "")
    return out


def conda_requirements() -> dict:
    out = {}
    for dep in ENV["dependencies"]:
        if isinstance(dep, dict) or dep == "pip":
            continue
        name, spec, _ = REQ.match(dep).groups()
        out[_norm(name)] = spec.replace(" ", "")
    return out


def test_environment_yml_matches_pyproject():
    assert conda_requirements() == pyproject_requirements()


def test_environment_yml_installs_minigrad_itself():
    pip_section = [d for d in ENV["dependencies"] if isinstance(d, dict)]
    assert pip_section == [{"pip": ["-e ."]}]


def test_every_requirement_has_a_tested_lower_bound():
    for name, spec in pyproject_requirements().items():
        assert spec.startswith(">="), f"{name} should have a lower bound, has {spec!r}"


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = "python3 course.py test"
    assert command in readme and command in ci.splitlines()[-1]
    assert "python3 course.py lab" in readme


def test_layout():
    for folder in ("chapters", "exercises", "solutions", "minigrad", "classroom", "instructor",
                   "tests", "benchmarks"):
        assert (ROOT / folder).is_dir(), folder
    for folder in ("chapters", "exercises", "solutions", "benchmarks"):
        assert any((ROOT / folder).iterdir()), f"{folder}/ is empty: it needs a README"


def test_oldest_pins_are_the_lower_bounds_of_every_requirement():
    sys.path.insert(0, str(ROOT))
    try:
        import course
    finally:
        sys.path.remove(str(ROOT))
    pins = course.oldest_pins()
    expected = {name: spec.replace(">=", "==")
                for name, spec in pyproject_requirements().items() if name != "python"}
    assert {_norm(REQ.match(p).group(1)): REQ.match(p).group(2) for p in pins} == expected
