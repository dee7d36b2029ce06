"""Switching recording on and off, and handing arrays out of the graph, as PyTorch does
(issue 20: item 11, ``set_grad_enabled``, and the ``.numpy()`` rule).

Each sequence of steps runs on both libraries and records ``is_grad_enabled()`` after
every step: the two records must be equal, so grad mode is never left off by accident.
"""

import numpy as np
import pytest

import minigrad as mg


def _modes(lib, steps):
    seen = []
    for step in steps:
        try:
            step(lib)
        except ValueError:
            seen.append("ValueError")
        seen.append(lib.is_grad_enabled())
    lib.set_grad_enabled(True)
    return seen


def _with_block(lib):
    with lib.set_grad_enabled(False):
        assert not lib.is_grad_enabled()
        x = lib.ones(2, requires_grad=True)
        assert not (x * 2).requires_grad


def _error_inside(lib):
    with lib.set_grad_enabled(False):
        raise ValueError("inside the block")


def _nested(lib):
    with lib.no_grad():
        with lib.set_grad_enabled(True):
            assert lib.is_grad_enabled()
        assert not lib.is_grad_enabled()


def _decorated(lib):
    @lib.set_grad_enabled(False)
    def f(x):
        return (x * 2).requires_grad, lib.is_grad_enabled()
    assert lib.is_grad_enabled()                      # decorating changes nothing yet
    assert f(lib.ones(2, requires_grad=True)) == (False, False)


def _decorated_generator(lib):
    @lib.set_grad_enabled(False)
    def gen():
        yield lib.is_grad_enabled()
        yield lib.is_grad_enabled()
    assert list(gen()) == [False, False]


def _kept_object(lib):
    mode = lib.set_grad_enabled(False)            # off at once, as a function call ...
    assert not lib.is_grad_enabled()
    with mode:                                    # ... and usable in a block afterwards
        assert not lib.is_grad_enabled()


SEQUENCES = {
    "as a function": [lambda lib: lib.set_grad_enabled(False),
                      lambda lib: lib.set_grad_enabled(True)],
    "as a context manager": [_with_block],
    "an error inside the block": [_error_inside],
    "nested in no_grad": [_nested],
    "as a decorator": [_decorated],
    "decorating a generator": [_decorated_generator],
    "the object kept, then used in a block": [_kept_object],
    "off as a function, then a block switching it on": [
        lambda lib: lib.set_grad_enabled(False),
        lambda lib: _on_inside(lib)],
}


def _on_inside(lib):
    with lib.set_grad_enabled(True):
        assert lib.is_grad_enabled()


@pytest.mark.parametrize("name", list(SEQUENCES))
def test_set_grad_enabled_follows_pytorch(torch, name):
    assert _modes(mg, SEQUENCES[name]) == _modes(torch, SEQUENCES[name])


def test_set_grad_enabled_takes_a_bool_only(torch):
    for lib in (torch, mg):
        with pytest.raises(TypeError):
            lib.set_grad_enabled("no")
        assert lib.is_grad_enabled()


# -- .numpy() ------------------------------------------------------------------------------
def test_numpy_of_a_tensor_that_requires_grad_is_refused_as_in_pytorch(torch):
    for make in (lambda lib: lib.ones(3, requires_grad=True),
                 lambda lib: lib.ones(3, requires_grad=True) * 2):
        with pytest.raises(RuntimeError, match="requires grad"):
            make(torch).numpy()
        with pytest.raises(RuntimeError, match="requires grad.*detach\\(\\)\\.numpy\\(\\)"):
            make(mg).numpy()


def test_numpy_shares_memory_where_pytorch_allows_it(torch):
    def fn(lib):
        x = lib.ones(3, requires_grad=True)
        detached = x.detach().numpy()
        forced = x.numpy(force=True)
        with lib.no_grad():
            inside = x.numpy()                    # recording off: PyTorch allows it
        plain = lib.zeros(2)
        plain.numpy()[0] = 5.0                    # shares memory, not counted as a change
        return ([np.shares_memory(a, detached) for a in (forced, inside)],
                plain.tolist(), plain.version if lib is mg else plain._version)
    assert fn(mg) == fn(torch) == ([True, True], [5.0, 0.0], 0)
