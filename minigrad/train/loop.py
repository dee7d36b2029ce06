"""The training loop: :func:`fit` a model, :func:`evaluate` it, measure :func:`accuracy`.

``fit`` is the loop every chapter would otherwise write again::

    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()

plus the bookkeeping that makes it pleasant: a progress bar, the mean loss and accuracy
of each epoch in a :class:`~minigrad.train.History`, validation after each epoch, early
stopping from a callback, and a loud error instead of silently training on NaNs.

What it needs from its arguments (duck typing, nothing else):

* ``model(x)`` returns a Tensor (for classification, logits of shape (batch, classes));
  ``model.train()`` / ``model.eval()`` are called when they exist.
* ``loss_fn(output, target)`` returns a one-element Tensor.
* ``optimizer.zero_grad()`` and ``optimizer.step()``.
* a loader is anything that can be iterated *again for every epoch* and yields
  ``(inputs, targets)`` pairs; when it has ``len()``, the progress bar knows its total.
"""

from __future__ import annotations

import math
import numbers
import time
import warnings
from collections.abc import Iterable, Iterator

import numpy as np

from ..autograd import no_grad
from ..tensor import Tensor
from .history import History
from .progress import ProgressBar
from .threads import DEFAULT as _ONE_BLAS_THREAD, blas_threads as _blas_threads

_ACCURACY_SETTINGS = ("auto", True, False)


# -- accuracy -----------------------------------------------------------------------------
def _array(x) -> np.ndarray:
    return x.data if isinstance(x, Tensor) else np.asarray(x)


def _count_correct(output, target) -> tuple[int, int]:
    """(rows whose argmax equals the target, rows), with shape checks."""
    out, tgt = _array(output), _array(target)
    if out.ndim != 2:
        raise ValueError(f"accuracy needs an output of shape (batch, classes), one score per "
                         f"class, but the output has shape {out.shape}.")
    if tgt.shape != (out.shape[0],):
        raise ValueError(f"accuracy needs one class index per row of the output, i.e. a target "
                         f"of shape ({out.shape[0]},), but the target has shape {tgt.shape} "
                         f"(output shape {out.shape}).")
    if not np.issubdtype(tgt.dtype, np.integer):
        raise ValueError(f"accuracy needs integer class indices as the target, but its dtype is "
                         f"{tgt.dtype}; convert it, e.g. with .astype(np.int64).")
    if out.shape[0] == 0:
        raise ValueError("accuracy of an empty batch (0 rows) is undefined.")
    return int((out.argmax(axis=1) == tgt).sum()), out.shape[0]


def accuracy(output, target) -> float:
    """Fraction of rows of ``output`` whose largest entry is at index ``target[row]``.

    ``output``: scores of shape (batch, classes); ``target``: integer class indices of
    shape (batch,).  Tensors or arrays.

    Args:
        output (Tensor or ndarray): scores, (batch, classes).
        target (Tensor or ndarray): class indices, (batch,).

    Example:
        >>> import numpy as np
        >>> from minigrad.train import accuracy
        >>> accuracy(np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4]]), np.array([0, 1, 1]))
        0.6666666666666666
    """
    correct, rows = _count_correct(output, target)
    return correct / rows


def _wants_accuracy(setting, output, target) -> bool:
    """Resolve ``accuracy="auto"`` on the first batch: a classifier's output and labels?"""
    if setting != "auto":
        return bool(setting)
    out, tgt = _array(output), _array(target)
    return (out.ndim == 2 and np.issubdtype(tgt.dtype, np.integer)
            and tgt.shape == (out.shape[0],))


# -- small checks and helpers ---------------------------------------------------------------
def _check_loader(loader, name: str, epochs: int = 1) -> None:
    if not isinstance(loader, Iterable):
        raise TypeError(f"{name} must be iterable, yielding (inputs, targets) pairs; got "
                        f"{type(loader).__name__}.")
    if isinstance(loader, Iterator) and epochs > 1:
        raise TypeError(f"{name} is an iterator (e.g. a generator), which is used up after one "
                        f"pass, but {epochs} epochs need {epochs} passes; pass something that "
                        f"can be iterated again, such as a list or a DataLoader.")
    if hasattr(loader, "__len__") and len(loader) == 0:
        raise ValueError(f"{name} is empty (len 0): there is nothing to train or evaluate on.")


def _unpack(batch, name: str):
    """``(x, y)`` from a batch.  A lone tensor is refused even when it has two rows,
    which would otherwise unpack silently into two wrong halves."""
    problem = isinstance(batch, (Tensor, np.ndarray))
    if not problem:
        try:
            x, y = batch
        except (TypeError, ValueError):
            problem = True
    if problem:
        raise TypeError(f"each batch of {name} must be an (inputs, targets) pair; got "
                        f"{type(batch).__name__}.")
    return x, y


def _loss_value(loss) -> float:
    """The loss as a Python float, after checking it is a single number."""
    if isinstance(loss, Tensor):
        if loss.data.size != 1:
            raise ValueError(f"loss_fn must return a single number (a one-element Tensor), but "
                             f"it returned shape {loss.shape}; reduce it, e.g. with .mean().")
        return float(loss.data.reshape(()))
    if isinstance(loss, numbers.Real):
        return float(loss)
    raise TypeError(f"loss_fn must return a minigrad Tensor, got {type(loss).__name__}.")


def _batch_size(x, y) -> int:
    shape = np.shape(_array(y)) or np.shape(_array(x))
    return shape[0] if shape else 1


def _call_if_present(model, method: str) -> None:
    fn = getattr(model, method, None)
    if callable(fn):
        fn()


class _Mean:
    """A weighted running mean (weights are batch sizes)."""

    def __init__(self):
        self.total = 0.0
        self.weight = 0

    def add(self, value: float, weight: int) -> None:
        self.total += value * weight
        self.weight += weight

    @property
    def value(self):
        return self.total / self.weight if self.weight else None


# -- evaluation ---------------------------------------------------------------------------
def evaluate(model, loss_fn, loader, *, accuracy="auto") -> dict:
    """Mean loss (weighted by batch size) and accuracy of ``model`` over ``loader``.

    Returns ``{"loss": float, "accuracy": float or None}``; accuracy is None when it was
    not computed (``accuracy="auto"`` computes it for 2-D outputs with integer targets).

    Runs without recording gradients and in eval mode (``model.eval()``).  A model that
    was in training mode (``model.training`` is True) is put back into it afterwards; a
    model without a ``training`` attribute is left in eval mode.

    Args:
        model (Module): the model.
        loss_fn: a loss module or function, ``loss_fn(output, target)``.
        loader (DataLoader): yields ``(x, y)`` batches.
        accuracy: ``"auto"``, True or False.

    Example:
        >>> import numpy as np
        >>> from minigrad import nn
        >>> from minigrad.data import DataLoader
        >>> from minigrad.train import evaluate
        >>> model = nn.Linear(2, 1)
        >>> X = np.zeros((4, 2)); y = np.zeros((4, 1))
        >>> sorted(evaluate(model, nn.MSELoss(), DataLoader(X, y)))
        ['accuracy', 'loss']
    """
    if accuracy not in _ACCURACY_SETTINGS:
        raise ValueError(f"accuracy must be 'auto', True or False, got {accuracy!r}.")
    _check_loader(loader, "loader")
    return _evaluate(model, loss_fn, loader, accuracy, "loader")


def _evaluate(model, loss_fn, loader, use_accuracy, name: str) -> dict:
    was_training = getattr(model, "training", None)
    _call_if_present(model, "eval")
    loss, correct = _Mean(), _Mean()
    try:
        with no_grad():
            for batch in loader:
                x, y = _unpack(batch, name)
                output = model(x)
                loss.add(_loss_value(loss_fn(output, y)), _batch_size(x, y))
                if use_accuracy == "auto":
                    use_accuracy = _wants_accuracy("auto", output, y)
                if use_accuracy:
                    hits, rows = _count_correct(output, y)
                    correct.add(hits / rows, rows)
    finally:
        if was_training is True:
            _call_if_present(model, "train")
    if loss.value is None:
        raise ValueError(f"{name} yielded no batches: there is nothing to evaluate on.")
    return {"loss": loss.value, "accuracy": correct.value if use_accuracy else None}


# -- training -----------------------------------------------------------------------------
def _check_fit_args(model, loss_fn, optimizer, train_loader, epochs, val_loader,
                    accuracy, on_epoch_end) -> None:
    if not callable(model):
        raise TypeError(f"model must be callable (model(x) -> Tensor), got "
                        f"{type(model).__name__}.")
    if not callable(loss_fn):
        raise TypeError(f"loss_fn must be callable (loss_fn(output, target) -> Tensor), got "
                        f"{type(loss_fn).__name__}.")
    for method in ("zero_grad", "step"):
        if not callable(getattr(optimizer, method, None)):
            raise TypeError(f"optimizer must have a {method}() method; "
                            f"{type(optimizer).__name__} has none.")
    if isinstance(epochs, bool) or not isinstance(epochs, numbers.Integral) or epochs < 1:
        raise ValueError(f"epochs must be a positive int, got {epochs!r}.")
    _check_loader(train_loader, "train_loader", int(epochs))
    if val_loader is not None:
        _check_loader(val_loader, "val_loader", int(epochs))
    if accuracy not in _ACCURACY_SETTINGS:
        raise ValueError(f"accuracy must be 'auto', True or False, got {accuracy!r}.")
    if on_epoch_end is not None and not callable(on_epoch_end):
        raise TypeError(f"on_epoch_end must be a function on_epoch_end(epoch, history), got "
                        f"{type(on_epoch_end).__name__}.")


def _diverged(value: float, epoch: int, epochs: int, index: int) -> FloatingPointError:
    return FloatingPointError(
        f"the training loss became {value} in epoch {epoch}/{epochs}, batch index {index} "
        f"(counting from 0): training has diverged. Try a smaller learning rate, and check "
        f"that the inputs contain no NaN or inf.")


def _train_epoch(model, loss_fn, optimizer, loader, epoch, epochs, use_accuracy, bar):
    """One pass over ``loader``; returns (mean loss, mean accuracy or None, use_accuracy)."""
    _call_if_present(model, "train")
    loss, correct = _Mean(), _Mean()
    for index, batch in enumerate(loader):
        x, y = _unpack(batch, "train_loader")
        optimizer.zero_grad()
        output = model(x)
        loss_tensor = loss_fn(output, y)
        value = _loss_value(loss_tensor)
        if not math.isfinite(value):       # before backward/step: keep the weights intact
            raise _diverged(value, epoch, epochs, index)
        loss_tensor.backward()
        optimizer.step()
        loss.add(value, _batch_size(x, y))
        if use_accuracy == "auto":
            use_accuracy = _wants_accuracy("auto", output, y)
        if use_accuracy:
            hits, rows = _count_correct(output, y)
            correct.add(hits / rows, rows)
        bar.set_postfix(loss=loss.value, acc=correct.value)
        bar.update(1)
    if loss.value is None:
        raise ValueError(f"train_loader yielded no batches in epoch {epoch}: there is nothing "
                         f"to train on.")
    return loss.value, (correct.value if use_accuracy else None), use_accuracy


def _should_stop(answer, epoch: int) -> bool:
    if isinstance(answer, str):
        if answer != "stop":
            raise ValueError(f"on_epoch_end returned {answer!r} after epoch {epoch}; return "
                             f"'stop' (or True) to stop training, or None to go on.")
        return True
    return answer is True


def fit(model, loss_fn, optimizer, train_loader, epochs: int = 1, val_loader=None,
        progress="auto", accuracy="auto", on_epoch_end=None,
        blas_threads=_ONE_BLAS_THREAD) -> History:
    """Train ``model`` for ``epochs`` passes over ``train_loader``; return a :class:`History`.

    * ``val_loader``: evaluated (see :func:`evaluate`) after every epoch; its results are
      ``history.val_loss`` / ``history.val_accuracy``.
    * ``progress``: ``"auto"`` (widget in Jupyter, text line elsewhere), ``"widget"``,
      ``"text"``, or None / ``"off"`` for silence.  One bar for the whole run.
    * ``accuracy``: ``"auto"`` computes accuracy when the first batch looks like
      classification (2-D output, integer targets of shape (batch,)); True / False force it.
    * ``on_epoch_end(epoch, history)``: called after each epoch (``epoch`` counts from 1);
      returning ``"stop"`` or True stops training early.
    * ``blas_threads``: at most this many threads for NumPy's matrix products while
      training (default 1: a small model's products are too small to share, and extra
      threads slow training several times on a busy or many-core machine; see
      ``minigrad/train/threads.py``).  None leaves BLAS as it is, for large models.

    The loss of a batch that is NaN or infinite raises ``FloatingPointError`` before the
    weights are updated.  Pressing the interrupt key (KeyboardInterrupt) stops training
    cleanly: the bar is closed and the history of the *finished* epochs is returned, with
    a warning.  The model is left in training mode.

    Args:
        model (Module): the model (put in training mode).
        loss_fn: a loss module or function, ``loss_fn(output, target)``.
        optimizer (Optimizer): steps the model's parameters.
        train_loader (DataLoader): yields ``(x, y)`` batches.
        epochs (int): passes over the data (1).
        val_loader (DataLoader, optional): evaluated after every epoch.
        progress: ``"auto"``, ``"widget"``, ``"text"``, or None / ``"off"``.
        accuracy: ``"auto"``, True or False.
        on_epoch_end (function, optional): ``on_epoch_end(epoch, history)``.
        blas_threads (int or None): the BLAS thread limit while training (1).

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad import nn, optim
        >>> from minigrad.data import DataLoader, xor
        >>> from minigrad.train import fit
        >>> _ = mg.manual_seed(0)
        >>> X, y = xor(n=200)
        >>> model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2))
        >>> history = fit(model, nn.CrossEntropyLoss(), optim.Adam(model.parameters(), lr=0.05),
        ...               DataLoader(X, y, batch_size=20, shuffle=True, seed=0), epochs=20,
        ...               progress=None)
        >>> len(history), history.accuracy[-1] > 0.95
        (20, True)
    """
    _check_fit_args(model, loss_fn, optimizer, train_loader, epochs, val_loader, accuracy,
                    on_epoch_end)
    epochs = int(epochs)
    history = History()
    total = epochs * len(train_loader) if hasattr(train_loader, "__len__") else None
    use_accuracy = accuracy
    epoch = 1
    try:
        with _blas_threads(blas_threads), \
                ProgressBar(total, desc=f"epoch 1/{epochs}", mode=progress) as bar:
            for epoch in range(1, epochs + 1):
                bar.set_description(f"epoch {epoch}/{epochs}")
                start = time.monotonic()
                loss, acc, use_accuracy = _train_epoch(model, loss_fn, optimizer, train_loader,
                                                       epoch, epochs, use_accuracy, bar)
                record = {"loss": loss, "accuracy": acc}
                if val_loader is not None:
                    val = _evaluate(model, loss_fn, val_loader, use_accuracy, "val_loader")
                    record.update(val_loss=val["loss"], val_accuracy=val["accuracy"])
                    bar.update(0, val_loss=val["loss"], val_acc=val["accuracy"])
                record["seconds"] = time.monotonic() - start
                history.append(**record)
                if on_epoch_end is not None and _should_stop(on_epoch_end(epoch, history), epoch):
                    break
    except KeyboardInterrupt:
        warnings.warn(f"training interrupted in epoch {epoch}/{epochs}; returning the history "
                      f"of the {len(history)} finished epoch(s).", RuntimeWarning, stacklevel=2)
    return history
