"""The grader imports minigrad and every chapter's exercises before its threads start.

Imported lazily by several grading threads at once, a package and its submodule could
be handed half-initialized to one thread ("cannot import name 'Tensor' from partially
initialized module 'minigrad.tensor'"), which cost the first submissions of a run their
grade under load.  The race is timing-dependent, so this test checks the invariant that
rules it out: by the time the thread pool exists, everything is imported.
"""

import json
import subprocess
import sys

CODE = """
import json, sys
from classroom.grade import runner

seen = {}

class Recorder(runner.ThreadPoolExecutor):
    def __init__(self, *args, **kwargs):
        seen["modules"] = sorted(m for m in sys.modules
                                 if m == "minigrad" or m.startswith("classroom.exercises.ch"))
        super().__init__(*args, **kwargs)

runner.ThreadPoolExecutor = Recorder
assert "minigrad" not in sys.modules, "imported too early to tell"
runner.grade_paths([], jobs=2)
print(json.dumps({"seen": seen["modules"],
                  "chapters": sorted(runner.chapter_modules().values())}))
"""


def test_everything_is_imported_before_the_grading_threads_start():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert "minigrad" in result["seen"]
    assert set(result["chapters"]) <= set(result["seen"]) and result["chapters"]
