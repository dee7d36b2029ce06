"""History: per-epoch columns, indexing, and a table that is stable for nbval."""

import pytest

from minigrad.train import History


def make_history(val=True, accuracy=True):
    history = History()
    for i in range(3):
        record = {"loss": 1.0 / (i + 1), "seconds": 0.5 + i}
        if accuracy:
            record["accuracy"] = 0.5 + 0.25 * i if i < 2 else 1.0
        if val:
            record["val_loss"] = 1.5 / (i + 1)
            record["val_accuracy"] = 0.4 + 0.1 * i if accuracy else None
        history.append(**record)
    return history


def test_columns_are_lists_and_unmeasured_ones_are_empty():
    history = make_history(val=False, accuracy=False)
    assert len(history) == 3
    assert history.loss == [1.0, 0.5, pytest.approx(1 / 3)]
    assert history.accuracy == [] and history.val_loss == [] and history.val_accuracy == []
    assert history.seconds == [0.5, 1.5, 2.5]
    assert history.keys() == ["loss", "seconds"]


def test_indexing_last_and_as_dict():
    history = make_history()
    assert history["val_loss"] == history.val_loss == [1.5, 0.75, 0.5]
    assert history.last() == {"loss": pytest.approx(1 / 3), "accuracy": 1.0, "val_loss": 0.5,
                              "val_accuracy": pytest.approx(0.6), "seconds": 2.5}
    assert list(history.as_dict()) == ["loss", "accuracy", "val_loss", "val_accuracy", "seconds"]
    assert "val_loss" in history and "bogus" not in history
    with pytest.raises(KeyError, match="'lost' is not a metric"):
        history["lost"]


def test_the_columns_are_copies():
    history = make_history()
    history.loss.append(99.0)
    assert len(history.loss) == 3


def test_table_has_one_row_per_epoch_and_no_timings_by_default():
    history = make_history(val=False)
    assert str(history) == repr(history) == (
        "epoch    loss  accuracy\n"
        "    1  1.0000    0.5000\n"
        "    2  0.5000    0.7500\n"
        "    3  0.3333    1.0000")
    timed = history.table(seconds=True)
    assert timed.splitlines()[0].split() == ["epoch", "loss", "accuracy", "seconds"]
    assert timed.splitlines()[3].split()[-1] == "2.50"


def test_empty_history():
    history = History()
    assert len(history) == 0 and history.loss == []
    assert str(history) == "History (no epochs yet)"
    with pytest.raises(IndexError, match="no epoch"):
        history.last()


def test_every_epoch_must_report_the_same_metrics():
    history = History()
    history.append(loss=1.0, accuracy=0.5)
    with pytest.raises(ValueError, match="same"):
        history.append(loss=0.5)
    with pytest.raises(KeyError, match="unknown"):
        history.append(loss=0.5, accuracy=0.5, precision=0.1)
    assert len(history) == 1
