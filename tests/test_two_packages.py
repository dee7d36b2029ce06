"""The library and the classroom stay apart: minigrad imports only NumPy, never the course
package, and the course package holds no reference answer, hidden case or known mistake."""

import ast
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import classroom.exercises
from classroom.exercises import instructor
from classroom.exercises.registry import chapter, chapter_modules

ROOT = Path(__file__).resolve().parents[1]


def imports_of(path: Path) -> set:
    """Top-level names of every module a file imports (absolute imports only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "minigrad").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_in_minigrad_imports_the_course_package(path):
    assert "classroom" not in imports_of(path)
    assert "instructor" not in imports_of(path)


def test_importing_minigrad_loads_only_numpy_and_the_standard_library():
    code = ("import sys, minigrad, minigrad.nn, minigrad.optim, minigrad.data, minigrad.train, "
            "minigrad.examples; print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    foreign = {m for m in loaded - set(sys.stdlib_module_names) - {"numpy", "minigrad",
                                                                   "cython_runtime"}
               if not m.startswith("_")}
    assert not foreign, f"import minigrad also imports {sorted(foreign)}"
    assert not loaded & {"matplotlib", "ipywidgets", "IPython", "nbformat", "classroom"}


def test_plots_say_what_to_install_when_matplotlib_is_missing():
    code = ("import sys; sys.modules['matplotlib'] = None; sys.modules['matplotlib.pyplot'] = None\n"
            "from minigrad.train import History, plot_history\n"
            "h = History(); h.append(loss=1.0)\n"
            "try:\n    plot_history(h)\nexcept ImportError as err:\n    print(err)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "plotting needs matplotlib" in out and "pip install matplotlib" in out, out


def test_the_course_package_holds_no_reference_hidden_case_or_mistake():
    package = Path(classroom.exercises.__file__).parent
    for number in chapter_modules():
        module = chapter(number)
        source = Path(module.__file__).read_text(encoding="utf-8")
        for exercise in module.EXERCISES:
            assert not hasattr(exercise, "reference")
            assert all(not c.hidden for c in exercise.cases), exercise.id
            for case in instructor.hidden_cases(number).get(exercise.id, ()):
                assert f'"{case.description}"' not in source, (exercise.id, case.description)
            for key, wrong in instructor.mistakes(number).get(exercise.id, {}).items():
                name = getattr(wrong, "__name__", None)
                # a custom judge may rebuild a wrong answer to recognise it (03.numeric_grad's
                # one-sided difference); other mistakes' code is the instructor's alone
                if name and name != "<lambda>" and exercise.judge is None:
                    assert f"def {name}(" not in source and f"class {name}" not in source
        for name, value in vars(module).items():
            assert not name.endswith("_reference"), f"{module.__name__}.{name}"
    for path in package.rglob("*.py"):
        assert "\nHIDDEN = {" not in path.read_text(encoding="utf-8"), path


def test_public_expectations_hold_no_hidden_case():
    for number in chapter_modules():
        for exercise in chapter(number).EXERCISES:
            public = exercise.expected()
            assert public.cases == tuple(c.description for c in exercise.cases)
            assert len(public.reference) == len(exercise.cases)


def test_the_instructor_folder_is_not_a_package_and_is_found_or_explained(monkeypatch, tmp_path):
    assert not (ROOT / "instructor" / "__init__.py").exists()
    assert instructor.instructor_dir() == ROOT / "instructor"
    monkeypatch.setenv(instructor.ENV, str(tmp_path / "nowhere"))
    with pytest.raises(instructor.InstructorFilesMissing, match="CLASSROOM_INSTRUCTOR"):
        instructor.instructor_dir()


@pytest.mark.parametrize("command", ["classroom-grade", "classroom-gradescope", "classroom-site",
                                     "classroom-exercises"])
def test_instructors_console_scripts_are_installed_and_answer_help(command):
    script = Path(sys.executable).parent / command
    assert script.exists(), f"{command} is not installed: is pyproject's [project.scripts] in step?"
    proc = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "usage:" in proc.stdout, proc.stdout + proc.stderr


def test_solution_points_to_the_repository_when_solutions_are_not_there(monkeypatch, tmp_path):
    from classroom.exercises import learner

    monkeypatch.setattr(learner, "SOLUTIONS_DIR", tmp_path)
    monkeypatch.setattr(learner, "solution_source",
                        lambda i, directory=tmp_path: None)
    shown = repr(learner.solution("02.add"))
    assert "solutions/ folder" in shown and "def add" not in shown
    assert "record(" not in shown
    assert inspect.signature(learner.solution)
