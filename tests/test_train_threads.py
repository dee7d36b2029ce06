"""fit trains with one BLAS thread by default (small products run several times faster on
a busy or many-core machine); ``blas_threads=None`` leaves BLAS alone; a bad value is
refused; without threadpoolctl training still runs and says once why it may be slow."""

import sys

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.train import blas_threads, fit
from minigrad.train import threads

threadpoolctl = pytest.importorskip("threadpoolctl", reason="threadpoolctl comes with the "
                                    "course extra; without it there is nothing to limit")


def blas_now():
    """BLAS thread counts of the libraries NumPy loaded."""
    return [lib["num_threads"] for lib in threadpoolctl.threadpool_info()
            if lib["user_api"] == "blas"]


class Spy(nn.Module):
    """A linear model that records BLAS's thread counts whenever it runs."""

    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(3, 2)
        self.seen = []

    def forward(self, x):
        self.seen.append(blas_now())
        return self.layer(x)


def train(**options):
    mg.manual_seed(0)
    model = Spy()
    X = np.random.default_rng(0).normal(size=(8, 3))
    y = np.random.default_rng(1).normal(size=(8, 2))
    loader = mg.data.DataLoader(X, y, batch_size=4)
    fit(model, nn.MSELoss(), mg.optim.SGD(model.parameters(), lr=0.1), loader, epochs=2,
        progress=None, **options)
    return model.seen


@pytest.fixture
def several_threads():
    """BLAS on two threads outside training, whatever the machine (restored after)."""
    if not blas_now():
        pytest.skip("NumPy's BLAS is not one threadpoolctl can see")
    with threadpoolctl.threadpool_limits(limits=2, user_api="blas"):
        yield blas_now()


def test_fit_trains_on_one_blas_thread_and_restores_it(several_threads):
    seen = train()
    assert seen and all(counts == [1] * len(counts) for counts in seen)
    assert blas_now() == several_threads


def test_blas_threads_none_leaves_blas_alone(several_threads):
    assert all(counts == several_threads for counts in train(blas_threads=None))


def test_blas_threads_sets_another_limit(several_threads):
    with blas_threads(1):
        assert set(blas_now()) == {1}
    assert blas_now() == several_threads


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "1"])
def test_a_bad_limit_is_refused_before_training(bad):
    with pytest.raises(ValueError, match="blas_threads must be a positive int or None"):
        train(blas_threads=bad)


def test_without_threadpoolctl_training_runs_and_warns_once(monkeypatch):
    monkeypatch.setitem(sys.modules, "threadpoolctl", None)      # as if not installed
    monkeypatch.setattr(threads, "_warned", False)
    with pytest.warns(RuntimeWarning, match="pip install threadpoolctl"):
        assert len(train()) == 4
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        train()                                                # said once is enough
