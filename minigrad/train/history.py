"""What :func:`~minigrad.train.fit` measured, one record per epoch.

A :class:`History` is a small table: one row per finished epoch, one column per metric
(``loss``, ``accuracy``, ``val_loss``, ``val_accuracy``, ``seconds``).  A metric that was
never measured (accuracy of a regression, validation without a validation loader) is an
empty column, so ``history.val_loss`` is always a list and ``if history.val_loss:`` is
the test for "was there validation?".

Printing a history shows the table *without* the ``seconds`` column: timings differ
on every run, and a notebook that prints its history must produce the same output
each time for ``nbval``.  Ask for them with ``history.table(seconds=True)``.
"""

from __future__ import annotations

import math
import numbers

#: The columns, in the order the table shows them.
METRICS = ("loss", "accuracy", "val_loss", "val_accuracy", "seconds")


class History:
    """Per-epoch metrics: ``history.loss``, ``history["val_loss"]``, ``len(history)`` ...

    Every epoch must report the same metrics (:meth:`append` checks), so that the
    columns that are not empty all have ``len(history)`` entries.

    Example:
        >>> from minigrad.train import History
        >>> h = History()
        >>> h.append(loss=0.9, accuracy=0.5); h.append(loss=0.4, accuracy=0.8)
        >>> h.loss, h["accuracy"], len(h)
        ([0.9, 0.4], [0.5, 0.8], 2)
    """

    def __init__(self):
        self._columns: dict[str, list] = {name: [] for name in METRICS}
        self._epochs = 0

    # -- filling it ------------------------------------------------------------------------
    def append(self, **record) -> None:
        """Add one epoch: ``append(loss=0.3, accuracy=0.9, seconds=1.2)``.

        A metric passed as None counts as not measured.

        Args:
            record: the metrics, by name (``loss=``, ``accuracy=``, ``val_loss=`` …).
        """
        record = {k: v for k, v in record.items() if v is not None}
        unknown = sorted(set(record) - set(METRICS))
        if unknown:
            raise KeyError(f"unknown metric(s) {unknown}; a History records {list(METRICS)}.")
        for name, value in record.items():
            if not isinstance(value, numbers.Real):
                raise TypeError(f"metric {name!r} must be a number, got {type(value).__name__}.")
        if self._epochs:
            before = set(self.as_dict())
            if set(record) != before:
                raise ValueError(
                    f"epoch {self._epochs + 1} reports metrics {sorted(record)} but the earlier "
                    f"epochs reported {sorted(before)}; every epoch must report the same ones.")
        for name, value in record.items():
            self._columns[name].append(float(value))
        self._epochs += 1

    # -- reading it ------------------------------------------------------------------------
    @property
    def loss(self) -> list:
        """Mean training loss of each epoch."""
        return list(self._columns["loss"])

    @property
    def accuracy(self) -> list:
        """Training accuracy of each epoch (empty when accuracy was not computed)."""
        return list(self._columns["accuracy"])

    @property
    def val_loss(self) -> list:
        """Validation loss after each epoch (empty without a validation loader)."""
        return list(self._columns["val_loss"])

    @property
    def val_accuracy(self) -> list:
        """Validation accuracy after each epoch (empty when not computed)."""
        return list(self._columns["val_accuracy"])

    @property
    def seconds(self) -> list:
        """Wall-clock seconds each epoch took, validation included."""
        return list(self._columns["seconds"])

    @property
    def epochs(self) -> int:
        """How many epochs were recorded (``len(history)``)."""
        return self._epochs

    def __len__(self) -> int:
        return self._epochs

    def __getitem__(self, name: str) -> list:
        if name not in self._columns:
            raise KeyError(f"{name!r} is not a metric; a History has {list(METRICS)}.")
        return list(self._columns[name])

    def __contains__(self, name) -> bool:
        """``"val_loss" in history``: True when that metric has values."""
        return bool(self._columns.get(name))

    def keys(self) -> list:
        """The metrics that have values, in table order."""
        return [name for name in METRICS if self._columns[name]]

    def as_dict(self) -> dict:
        """``{metric: list of values}`` for the metrics that have values (copies)."""
        return {name: list(self._columns[name]) for name in self.keys()}

    def last(self) -> dict:
        """The latest epoch's metrics, e.g. ``{"loss": 0.12, "accuracy": 0.97, ...}``."""
        if not self._epochs:
            raise IndexError("the history is empty: no epoch has finished yet.")
        return {name: self._columns[name][-1] for name in self.keys()}

    # -- showing it ------------------------------------------------------------------------
    def table(self, seconds: bool = False) -> str:
        """One row per epoch, right-aligned; timings only with ``seconds=True``."""
        if not self._epochs:
            return "History (no epochs yet)"
        names = [n for n in self.keys() if seconds or n != "seconds"]
        header = ["epoch"] + names
        rows = [[str(i + 1)] + [_cell(n, self._columns[n][i]) for n in names]
                for i in range(self._epochs)]
        widths = [max(len(r[j]) for r in [header] + rows) for j in range(len(header))]
        return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(r, widths))
                         for r in [header] + rows)

    def __str__(self) -> str:
        return self.table()

    # The table is the most useful thing a notebook can show for ``history`` too.
    __repr__ = __str__


def _cell(name: str, value: float) -> str:
    if name == "seconds":
        return f"{value:.2f}"
    if math.isfinite(value):
        return f"{value:.4f}"
    return str(value)
