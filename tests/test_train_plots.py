"""plot_history / plot_losses draw the expected lines and labels (Agg backend, no window)."""

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from minigrad.train import History, plot_history, plot_losses  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def history(val=True, accuracy=True, epochs=4):
    h = History()
    for i in range(epochs):
        record = {"loss": 1.0 / (i + 1), "seconds": 0.1}
        if accuracy:
            record["accuracy"] = 0.6 + 0.1 * i
        if val:
            record["val_loss"] = 1.2 / (i + 1)
            if accuracy:
                record["val_accuracy"] = 0.55 + 0.1 * i
        h.append(**record)
    return h


def labels(ax):
    return [line.get_label() for line in ax.get_lines()]


def test_loss_only_history_gets_one_panel():
    fig = plot_history(history(val=False, accuracy=False), title="run 1")
    (ax,) = fig.axes
    assert labels(ax) == ["train loss"]
    assert list(ax.get_lines()[0].get_xdata()) == [1, 2, 3, 4]      # epochs count from 1
    assert ax.get_xlabel() == "epoch" and ax.get_ylabel() == "loss"
    assert ax.get_title() == "run 1"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["train loss"]


def test_accuracy_gets_a_second_panel():
    fig = plot_history(history(), title="both")
    loss_ax, acc_ax = fig.axes
    assert labels(loss_ax) == ["train loss", "val loss"]
    assert labels(acc_ax) == ["train accuracy", "val accuracy"]
    assert acc_ax.get_ylabel() == "accuracy" and acc_ax.get_xlabel() == "epoch"
    assert fig._suptitle.get_text() == "both"


def test_accuracy_without_validation():
    loss_ax, acc_ax = plot_history(history(val=False)).axes
    assert labels(loss_ax) == ["train loss"] and labels(acc_ax) == ["train accuracy"]


def test_on_a_given_axes_accuracy_uses_a_twin_axis():
    fig, ax = plt.subplots()
    assert plot_history(history(), ax=ax) is fig
    assert len(fig.axes) == 2                       # ax and its twin
    twin = fig.axes[1]
    assert labels(ax) == ["train loss", "val loss"]
    assert labels(twin) == ["train accuracy", "val accuracy"]
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["train loss", "val loss", "train accuracy", "val accuracy"]


def test_plot_history_accepts_a_dict_and_refuses_an_empty_history():
    fig = plot_history({"loss": [0.5, 0.25]})
    assert labels(fig.axes[0]) == ["train loss"]
    with pytest.raises(ValueError, match="no loss"):
        plot_history(History())


def test_plot_losses_compares_lists_and_histories():
    fig = plot_losses({"one layer": [1.0, 0.8, 0.7], "two layers": history(val=False)},
                      log=True, title="compare")
    (ax,) = fig.axes
    assert labels(ax) == ["one layer", "two layers"]
    assert ax.get_yscale() == "log" and ax.get_title() == "compare"
    assert list(ax.get_lines()[0].get_xdata()) == [1, 2, 3]


def test_plot_losses_draws_validation_dashed_in_the_same_colour():
    fig, ax = plt.subplots()
    assert plot_losses({"model": history()}, ax=ax) is fig
    train, val = ax.get_lines()
    assert labels(ax) == ["model", "model (val)"]
    assert val.get_linestyle() == "--" and val.get_color() == train.get_color()
    assert ax.get_yscale() == "linear"


def test_plot_losses_refuses_bad_curves():
    with pytest.raises(ValueError, match="non-empty dict"):
        plot_losses({})
    with pytest.raises(ValueError, match="'empty' has no values"):
        plot_losses({"empty": []})
    with pytest.raises(TypeError, match="'text'"):
        plot_losses({"text": "1, 2"})
