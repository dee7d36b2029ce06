"""fit / evaluate / accuracy, trained against small fakes built from minigrad Tensors.

The real minigrad.nn and minigrad.optim are not used here: the loop only relies on
``model(x)``, ``model.train()/eval()``, ``loss_fn(output, target)`` and
``optimizer.zero_grad()/step()``, and the fakes below provide exactly that.
"""

import math

import numpy as np
import pytest

from minigrad import Tensor
from minigrad.train import History, accuracy, evaluate, fit


class Linear:
    """``x @ W + b`` with a training flag, like a one-layer nn.Module."""

    def __init__(self, n_in=2, n_out=2):
        self.W = Tensor(np.zeros((n_in, n_out)), requires_grad=True)
        self.b = Tensor(np.zeros(n_out), requires_grad=True)
        self.training = True
        self.modes = []

    def __call__(self, x):
        self.modes.append(self.training)
        return x @ self.W + self.b

    def parameters(self):
        return [self.W, self.b]

    def train(self):
        self.training = True

    def eval(self):
        self.training = False


class SGD:
    """Plain gradient descent that counts its calls."""

    def __init__(self, params, lr=0.5):
        self.params, self.lr = list(params), lr
        self.zero_grad_calls = self.step_calls = 0

    def zero_grad(self):
        self.zero_grad_calls += 1
        for p in self.params:
            p.grad = None

    def step(self):
        self.step_calls += 1
        for p in self.params:
            p.data -= self.lr * p.grad.data


def cross_entropy(logits, target):
    """Mean negative log-softmax of the target class, from minigrad ops."""
    shifted = logits - Tensor(logits.data.max(axis=1, keepdims=True))
    log_probs = shifted - shifted.exp().sum(1, keepdims=True).log()
    return -log_probs[np.arange(len(target)), target.data].mean()


def mse(output, target):
    return ((output - target) ** 2).mean()


def batches(n=64, batch_size=16, seed=0):
    """A linearly separable 2-class problem: class 1 when x0 + x1 > 0, with a margin."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 2))
    x += np.sign(x.sum(axis=1, keepdims=True)) * 0.5
    y = (x.sum(axis=1) > 0).astype(np.int64)
    return [(Tensor(x[i:i + batch_size]), Tensor(y[i:i + batch_size]))
            for i in range(0, n, batch_size)]


def quiet_fit(*args, **kwargs):
    kwargs.setdefault("progress", None)
    return fit(*args, **kwargs)


# -- accuracy -----------------------------------------------------------------------------
def test_accuracy_of_tensors_and_arrays():
    scores = np.array([[2.0, 1.0], [0.0, 3.0], [1.0, 0.0], [0.0, 1.0]])
    assert accuracy(scores, np.array([0, 1, 1, 1])) == 0.75
    assert accuracy(Tensor(scores), Tensor(np.array([0, 1, 0, 1]))) == 1.0


def test_accuracy_explains_shape_mistakes():
    with pytest.raises(ValueError, match=r"target of shape \(2,\)"):
        accuracy(np.zeros((2, 3)), np.zeros((2, 1), dtype=int))
    with pytest.raises(ValueError, match=r"\(batch, classes\)"):
        accuracy(np.zeros(3), np.zeros(3, dtype=int))
    with pytest.raises(ValueError, match="integer class indices"):
        accuracy(np.zeros((2, 3)), np.zeros(2))


# -- fit ----------------------------------------------------------------------------------
def test_fit_learns_a_separable_problem():
    model, data = Linear(), batches()
    optimizer = SGD(model.parameters())
    history = quiet_fit(model, cross_entropy, optimizer, data, epochs=5)
    assert isinstance(history, History) and len(history) == 5
    assert len(history.loss) == len(history.accuracy) == len(history.seconds) == 5
    assert history.loss[-1] < history.loss[0]
    assert history.accuracy[-1] == 1.0
    assert history.val_loss == [] and history.val_accuracy == []
    assert optimizer.zero_grad_calls == optimizer.step_calls == 5 * len(data)


def test_fit_validates_after_every_epoch_and_restores_training_mode():
    model = Linear()
    history = quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(),
                        epochs=3, val_loader=batches(32, seed=1))
    assert len(history.val_loss) == len(history.val_accuracy) == 3
    assert history.val_accuracy[-1] == 1.0
    assert model.training is True
    assert False in model.modes                       # validation ran in eval mode


def test_mean_loss_is_weighted_by_batch_size():
    model = Linear()
    data = batches(n=20, batch_size=16)              # batches of 16 and 4
    expected = sum(len(y) * cross_entropy(model(x), y).item() for x, y in data) / 20
    assert evaluate(model, cross_entropy, data)["loss"] == pytest.approx(expected)


def test_accuracy_is_skipped_for_regression():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 2))
    data = [(Tensor(x), Tensor(x @ np.array([[1.0], [-2.0]])))]
    model = Linear(2, 1)
    history = quiet_fit(model, mse, SGD(model.parameters(), lr=0.1), data, epochs=3,
                        val_loader=data)
    assert history.accuracy == [] and history.val_accuracy == []
    assert history.loss[-1] < history.loss[0] and len(history.val_loss) == 3


def test_accuracy_false_turns_it_off():
    model = Linear()
    history = quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=2,
                        accuracy=False)
    assert history.accuracy == []


def test_on_epoch_end_can_stop_early():
    seen = []

    def stop_at_two(epoch, history):
        seen.append((epoch, len(history)))
        return "stop" if epoch == 2 else None

    model = Linear()
    history = quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=10,
                        on_epoch_end=stop_at_two)
    assert len(history) == 2 and seen == [(1, 1), (2, 2)]
    history = quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=10,
                        on_epoch_end=lambda epoch, history: True)
    assert len(history) == 1


def test_a_nan_loss_raises_and_names_the_epoch():
    model = Linear()
    data = batches()
    x, y = data[2]
    bad = x.data.copy()
    bad[0, 0] = np.nan
    data[2] = (Tensor(bad), y)
    optimizer = SGD(model.parameters())
    with pytest.raises(FloatingPointError, match=r"epoch 1/3, batch index 2.*learning rate"):
        quiet_fit(model, cross_entropy, optimizer, data, epochs=3)
    assert optimizer.step_calls == 2                 # the bad batch never updated the weights
    assert np.all(np.isfinite(model.W.data))


def test_a_diverging_learning_rate_raises():
    model = Linear()
    with np.errstate(all="ignore"), pytest.raises(FloatingPointError, match="inf in epoch"):
        quiet_fit(model, mse, SGD(model.parameters(), lr=1e3),
                  [(Tensor(np.full((4, 2), 10.0)), Tensor(np.ones((4, 2))))], epochs=50)


def test_keyboard_interrupt_returns_the_finished_epochs():
    def interrupt(epoch, history):
        if epoch == 2:
            raise KeyboardInterrupt

    model = Linear()
    with pytest.warns(RuntimeWarning, match="interrupted in epoch 2/5"):
        history = quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=5,
                            on_epoch_end=interrupt)
    assert len(history) == 2


def test_progress_none_prints_nothing(capsys):
    model = Linear()
    quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=2,
              val_loader=batches(16))
    assert capsys.readouterr() == ("", "")


def test_text_progress_reports_the_last_epoch(capsys):
    model = Linear()
    fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=2,
        val_loader=batches(16), progress="text")
    err = capsys.readouterr().err                    # pytest's capture is not a terminal
    assert err.count("\n") == 1 and "\r" not in err
    assert err.startswith("epoch 2/2 |") and "8/8" in err
    for name in ("loss=", "acc=", "val_loss=", "val_acc="):
        assert name in err


def test_a_loader_without_len_works(capsys):
    class Stream:
        def __iter__(self):
            return iter(batches())

    model = Linear()
    history = fit(model, cross_entropy, SGD(model.parameters()), Stream(), epochs=2,
                  progress="text")
    assert len(history) == 2
    assert capsys.readouterr().err.startswith("epoch 2/2 8 [")   # no total: no bar


# -- evaluate -----------------------------------------------------------------------------
def test_evaluate_runs_without_grad_and_restores_the_mode():
    model = Linear()
    result = evaluate(model, cross_entropy, batches())
    assert set(result) == {"loss", "accuracy"}
    assert result["loss"] == pytest.approx(math.log(2))   # zero weights: uniform guesses
    assert model.training is True and model.modes == [False] * 4
    assert model.W.grad is None
    model.eval()
    evaluate(model, cross_entropy, batches())
    assert model.training is False


def test_evaluate_restores_the_mode_after_an_error():
    model = Linear()
    with pytest.raises(ZeroDivisionError):
        evaluate(model, lambda out, y: 1 / 0, batches())
    assert model.training is True


def test_evaluate_without_accuracy():
    model = Linear(2, 1)
    data = [(Tensor(np.ones((3, 2))), Tensor(np.ones((3, 1))))]
    assert evaluate(model, mse, data) == {"loss": 1.0, "accuracy": None}


# -- argument checks ------------------------------------------------------------------------
@pytest.mark.parametrize("epochs", [0, -1, 1.5, True, "3"])
def test_invalid_epochs(epochs):
    model = Linear()
    with pytest.raises(ValueError, match="epochs must be a positive int"):
        quiet_fit(model, cross_entropy, SGD(model.parameters()), batches(), epochs=epochs)


def test_empty_and_one_shot_loaders_are_refused():
    model = Linear()
    optimizer = SGD(model.parameters())
    with pytest.raises(ValueError, match="train_loader is empty"):
        quiet_fit(model, cross_entropy, optimizer, [], epochs=1)
    with pytest.raises(TypeError, match="iterator"):
        quiet_fit(model, cross_entropy, optimizer, iter(batches()), epochs=2)

    class Nothing:
        def __iter__(self):
            return iter(())

    with pytest.raises(ValueError, match="no batches in epoch 1"):
        quiet_fit(model, cross_entropy, optimizer, Nothing())
    with pytest.raises(ValueError, match="val_loader yielded no batches"):
        quiet_fit(model, cross_entropy, optimizer, batches(), val_loader=Nothing())


def test_other_argument_mistakes_are_named():
    model = Linear()
    optimizer = SGD(model.parameters())
    with pytest.raises(TypeError, match=r"zero_grad\(\) method"):
        quiet_fit(model, cross_entropy, object(), batches())
    with pytest.raises(ValueError, match="accuracy must be"):
        quiet_fit(model, cross_entropy, optimizer, batches(), accuracy="yes")
    with pytest.raises(ValueError, match="progress mode"):
        fit(model, cross_entropy, optimizer, batches(), progress="fancy")
    with pytest.raises(TypeError, match=r"\(inputs, targets\) pair"):
        quiet_fit(model, cross_entropy, optimizer, [Tensor(np.ones((2, 2)))])
    with pytest.raises(ValueError, match="reduce it"):
        quiet_fit(model, lambda out, y: out, optimizer, batches())
    with pytest.raises(ValueError, match="'halt'"):
        quiet_fit(model, cross_entropy, optimizer, batches(), on_epoch_end=lambda e, h: "halt")
