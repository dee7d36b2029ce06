"""Loss and accuracy curves with matplotlib (imported only when a plot is asked for).

Both functions return the matplotlib ``Figure`` (to save it, or to draw more on it) and
never call ``plt.show()`` themselves.  In a notebook, end the cell with ``plt.show()``:
otherwise the returned Figure is the cell's value and Jupyter prints its repr (a line
like ``<Figure size 640x480 with 1 Axes>``) under the picture, and that line would also
end up in the outputs ``nbval`` compares.
"""

from __future__ import annotations

from collections.abc import Mapping

from .history import History


def _columns(history) -> dict:
    """``{metric: values}`` from a History or a mapping such as ``history.as_dict()``."""
    if isinstance(history, History):
        return history.as_dict()
    if isinstance(history, Mapping):
        return {name: list(values) for name, values in history.items() if len(values)}
    raise TypeError(f"expected a History (or a dict of metric lists), got "
                    f"{type(history).__name__}.")


def _pyplot():
    """matplotlib.pyplot, or an ImportError that says how to get it (minigrad itself needs
    only NumPy; plotting is optional)."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plotting needs matplotlib, which minigrad does not install by "
                          "itself: pip install matplotlib (the course's [course] extra "
                          "includes it).") from None
    return plt


def _epochs(values) -> list:
    """x values for per-epoch data: epochs are counted from 1."""
    return list(range(1, len(values) + 1))


def _integer_epochs(ax) -> None:
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("epoch")


def plot_history(history, ax=None, title=None):
    """Training (and validation) loss per epoch; accuracy too when it was measured.

    With ``ax=None`` a new figure is made, with a second panel for accuracy when there
    is any.  With an ``ax`` given, everything is drawn on it, accuracy on a second
    y axis (``ax.twinx()``) on the right.  Returns the Figure; see the module docstring
    about ``plt.show()``.

    Args:
        history (History): what :func:`fit` returned.
        ax (matplotlib Axes, optional): where to draw.
        title (str, optional): the figure's title.

    Example:
        >>> from minigrad.train import History, plot_history
        >>> h = History()
        >>> h.append(loss=1.0); h.append(loss=0.5)
        >>> fig = plot_history(h, title="training")
        >>> [ax.get_ylabel() for ax in fig.axes]
        ['loss']
    """
    columns = _columns(history)
    if "loss" not in columns:
        raise ValueError("the history has no loss values to plot: train for at least one "
                         "epoch first.")
    has_accuracy = "accuracy" in columns or "val_accuracy" in columns
    if ax is None:
        fig, axes = _pyplot().subplots(1, 2 if has_accuracy else 1,
                                 figsize=(10 if has_accuracy else 6, 4), squeeze=False)
        loss_ax, acc_ax = axes[0][0], (axes[0][1] if has_accuracy else None)
    else:
        fig, loss_ax = ax.get_figure(), ax
        acc_ax = ax.twinx() if has_accuracy else None

    for key, label, style in (("loss", "train loss", "-"), ("val_loss", "val loss", "--")):
        if key in columns:
            loss_ax.plot(_epochs(columns[key]), columns[key], style, marker="o", label=label)
    loss_ax.set_ylabel("loss")
    _integer_epochs(loss_ax)

    if acc_ax is not None:
        # On a shared axes, continue the colour cycle so accuracy lines differ from loss.
        colors = (["C2", "C3"] if ax is not None else ["C0", "C1"])
        for (key, label, style), color in zip((("accuracy", "train accuracy", "-"),
                                               ("val_accuracy", "val accuracy", "--")), colors):
            if key in columns:
                acc_ax.plot(_epochs(columns[key]), columns[key], style, marker="o",
                            color=color, label=label)
        acc_ax.set_ylabel("accuracy")
        if ax is None:
            _integer_epochs(acc_ax)
            acc_ax.legend()
            acc_ax.set_title("accuracy")
            loss_ax.set_title("loss")

    if ax is not None and acc_ax is not None:    # one legend for both y axes
        lines = loss_ax.get_lines() + acc_ax.get_lines()
        loss_ax.legend(lines, [line.get_label() for line in lines])
    else:
        loss_ax.legend()

    if title is not None:
        if ax is None and acc_ax is not None:
            fig.suptitle(title)
        else:
            loss_ax.set_title(title)
    if ax is None:
        fig.tight_layout()
    return fig


def plot_losses(curves, ax=None, log=False, title=None):
    """Several loss curves on one axes, to compare runs: ``{"1 layer": h1, "2 layers": h2}``.

    Each value is a :class:`History` (its training loss is drawn, and its validation
    loss as a dashed line of the same colour when there is one) or a list of floats
    (one per epoch).  ``log=True`` uses a logarithmic loss axis.  Returns the Figure; see
    the module docstring about ``plt.show()``.

    Args:
        curves (dict): name -> History or list of losses.
        ax (matplotlib Axes, optional): where to draw.
        log (bool): a logarithmic loss axis.
        title (str, optional): the figure's title.

    Example:
        >>> from minigrad.train import plot_losses
        >>> fig = plot_losses({"run 1": [1.0, 0.5, 0.3], "run 2": [1.0, 0.8]})
        >>> len(fig.axes[0].lines)
        2
    """
    if not isinstance(curves, Mapping) or not curves:
        raise ValueError("curves must be a non-empty dict {name: History or list of losses}.")
    if ax is None:
        fig, ax = _pyplot().subplots(figsize=(6, 4))
    else:
        fig = ax.get_figure()

    for name, curve in curves.items():
        if isinstance(curve, History):
            train, val = curve.loss, curve.val_loss
        elif isinstance(curve, (str, bytes, Mapping)):
            raise TypeError(f"curve {name!r} must be a History or a list of losses, got "
                            f"{type(curve).__name__}.")
        else:
            train, val = [float(v) for v in curve], []
        if not train:
            raise ValueError(f"curve {name!r} has no values to plot.")
        (line,) = ax.plot(_epochs(train), train, label=str(name))
        if val:
            ax.plot(_epochs(val), val, "--", color=line.get_color(), label=f"{name} (val)")

    if log:
        ax.set_yscale("log")
    ax.set_ylabel("loss")
    _integer_epochs(ax)
    ax.legend()
    if title is not None:
        ax.set_title(title)
    return fig
