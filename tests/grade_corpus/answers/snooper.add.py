# EXERCISE 02.add
# A right answer that goes looking for what the grader knows, and prints what it finds.
import gc

from minigrad.autograd import record


def _look(when):
    found = set()
    for obj in gc.get_objects():
        try:
            kind = type(obj).__name__
            if kind in ("Expected", "Hidden"):
                found.add(kind)
            elif kind == "Case" and obj.hidden:
                found.add("a hidden case")
            elif callable(obj) and getattr(obj, "__name__", "").endswith("_reference") \
                    and "pickle" not in str(getattr(obj, "__module__", "")):
                found.add(obj.__name__)
            elif isinstance(obj, str) and "HIDDEN = {" in obj:
                found.add("a hidden-case file")
        except Exception:
            pass
    print(f"{when} found: {sorted(found)}")


def _try(what, action):
    try:
        action()
        print(f"{what}: WORKED")
    except Exception as err:
        print(f"{what}: refused ({type(err).__name__})")


_try("import instructor", lambda: __import__("instructor"))
_try("import instructor.hidden", lambda: __import__("instructor.hidden.ch02_add_neg"))
_try("instructor.hidden_cases", lambda: __import__(
    "classroom.exercises.instructor", fromlist=["x"]).hidden_cases.__wrapped__("02"))
_try("instructor.mistakes", lambda: __import__(
    "classroom.exercises.instructor", fromlist=["x"]).mistakes.__wrapped__("02"))
_try("instructor.reference_answers", lambda: __import__(
    "classroom.exercises.instructor", fromlist=["x"]).reference_answers.__wrapped__("02"))
for path in __SECRETS__:
    _try(f"read {path}", lambda: open(path, "rb").read(1))
_look("top level")


def add(a, b):
    _look("while probed")
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
