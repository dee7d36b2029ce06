"""What keeps the checks whole inside a worker (classroom.grade.integrity, the shortcut hook,
classroom.exercises.provenance), piece by piece, in this process.  The whole, against
hostile notebooks, is tests/test_grade_corpus.py."""

import builtins
import dis
import pickle
import types

import cloudpickle
import pytest

import minigrad as mg
from classroom.exercises import core, instructor, provenance, shortcuts
from classroom.grade import integrity, worker


def _globals_used(function) -> list:
    """The global (or built-in) names ``function``'s code looks up, nested code included."""
    found, todo = [], [function.__code__]
    while todo:
        code = todo.pop()
        found += [i.argval for i in dis.get_instructions(code)
                  if i.opname in ("LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL")]
        todo += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return found


def test_the_hooks_and_what_they_call_look_up_no_global_name():
    """Everything the guard, the audit hook and the restore consult is a default argument or
    a local: learner code can rebind any module's names and any built-in."""
    reg = provenance.registry()
    hook = shortcuts.make_hook((), frozenset(), reg.library, reg.checker, reg.other, None,
                               True, lambda *a: None)
    found = worker.make_found(1, b"x")
    sweep = worker.make_sweep(False)
    audit = integrity.install_audit_hook.__code__.co_consts
    audit = next(c for c in audit if isinstance(c, types.CodeType) and c.co_name == "hook")
    for function in (hook, found, sweep, integrity.restore, provenance.code_digest,
                     types.FunctionType(audit, {})):
        assert _globals_used(function) == [], function


def test_the_registry_goes_by_identity_not_equality():
    reg = provenance.registry()
    original = mg.ops.add_neg.add.__code__
    assert reg.kind(original) == provenance.LIBRARY
    copy = original.replace()                         # an equal code object, not the same one
    assert copy == original and copy is not original
    assert reg.kind(copy) == provenance.LEARNER


def test_a_case_s_code_digest_survives_pickling():
    case = instructor.hidden_cases("02")["02.add"][0]
    again = pickle.loads(cloudpickle.dumps(case))
    digests = lambda c: sorted(provenance.code_digest(x) for x in provenance.code_objects(c))  # noqa: E731
    assert digests(case) == digests(again) and digests(case)
    assert provenance.code_digest(case.run.__code__) != provenance.code_digest(
        compile("def run(answer):\n    return answer\n", "<x>", "exec"))


def test_the_snapshot_puts_back_what_learner_code_changed():
    taken = integrity.snapshot(extra_modules=[worker])
    saved = (core.observe, shortcuts.make_hook, builtins.len, core.Raised.__init__)
    cell_owner = next(f for f in vars(shortcuts).values()
                      if isinstance(f, types.FunctionType) and f.__closure__)
    cells = [c.cell_contents for c in cell_owner.__closure__]
    try:
        core.observe = shortcuts.make_hook = None
        builtins.len = lambda x: 0
        core.Raised.__init__ = lambda *a: None
        core.added_by_learner = 1
        cell_owner.__closure__[0].cell_contents = "changed"
        kept = []
        changed = integrity.restore(taken, kept)
    finally:
        builtins.len = saved[2]
    assert (core.observe, shortcuts.make_hook, builtins.len, core.Raised.__init__) == saved
    assert not hasattr(core, "added_by_learner")
    assert [c.cell_contents for c in cell_owner.__closure__] == cells
    assert changed == ["len"] and kept                 # what it took out is kept, not freed


def test_the_worker_s_tools_and_specs_are_tuples():
    """main() hands the probe only tuples and frozen sets: learner code that reaches its frame
    can read them, not change them."""
    spec = worker._spec("02.add", 2.5)
    assert type(spec) is tuple
    assert type(spec[worker.CODES]) is tuple and type(spec[worker.FORBIDDEN]) is frozenset
    assert spec[worker.CODES] and all(isinstance(c, types.CodeType) for c in spec[worker.CODES])
    with pytest.raises(TypeError):
        spec[worker.CODES] = ()
