"""A progress bar that draws itself as a widget in Jupyter and as one line in a terminal.

Why not just ``print`` every batch?  A training loop runs thousands of batches; printing
each one floods a notebook and slows the loop down.  :class:`ProgressBar` keeps a count
and a few numbers (the *postfix*, e.g. the running loss) and redraws them at most about
ten times per second, in one of three ways:

* ``"widget"``: an ``ipywidgets`` bar, for Jupyter.  It is displayed once, *before* any
  number has changed, so the ``text/plain`` output saved in the notebook is the same on
  every run (``nbval`` compares it); the changing numbers only ever reach the widget's
  live state.
* ``"text"``: one line on a stream (stderr by default), redrawn in place with ``'\\r'``.
  When the stream is not a terminal (a CI log, a file) ``'\\r'`` would leave a mess, so
  only the final line is written, when the bar closes.
* ``None`` or ``"off"``: nothing is drawn at all.

``"auto"`` (the default) picks ``"widget"`` inside a Jupyter kernel when ipywidgets can be
imported, and ``"text"`` everywhere else.  ipywidgets and IPython are imported only when
they are needed, so this module works with NumPy alone.
"""

from __future__ import annotations

import html
import numbers
import sys
import time

MODES = ("auto", "widget", "text", "off")

#: Width of the text bar in characters.
BAR_WIDTH = 20


# -- formatting (pure functions, easy to test) -------------------------------------------
def format_number(value) -> str:
    """A number as it should appear in a postfix: floats with 4 significant digits."""
    if hasattr(value, "item") and getattr(value, "size", 1) == 1:
        value = value.item()            # NumPy scalars and one-element tensors
    if isinstance(value, numbers.Integral):       # bool included
        return str(value)
    if isinstance(value, numbers.Real):
        return f"{float(value):.4g}"
    return str(value)


def format_postfix(values: dict) -> str:
    """``{"loss": 0.21349, "acc": 0.95}`` -> ``"loss=0.2135 acc=0.95"`` (None values skipped)."""
    return " ".join(f"{key}={format_number(val)}" for key, val in values.items()
                    if val is not None)


def format_interval(seconds: float) -> str:
    """Seconds as ``MM:SS``, or ``H:MM:SS`` from one hour on."""
    seconds = int(seconds)
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def format_rate(n: int, elapsed: float) -> str:
    """Iterations per second, or seconds per iteration when slower than one per second."""
    if n <= 0 or elapsed <= 0:
        return "? it/s"
    rate = n / elapsed
    if rate >= 1:
        return f"{rate:.1f} it/s"
    return f"{1 / rate:.1f} s/it"


def format_stats(n: int, total: int | None, elapsed: float) -> str:
    """``45/90 [00:02<00:02, 21.3 it/s]``: count, elapsed<remaining, rate.

    Without a total there is nothing to count down to: ``45 [00:02, 21.3 it/s]``.
    """
    rate = format_rate(n, elapsed)
    if total is None:
        return f"{n} [{format_interval(elapsed)}, {rate}]"
    if n > 0 and elapsed > 0:
        remaining = format_interval(max(total - n, 0) * elapsed / n)
    else:
        remaining = "?"
    return f"{n}/{total} [{format_interval(elapsed)}<{remaining}, {rate}]"


def format_bar(n: int, total: int, width: int = BAR_WIDTH) -> str:
    """``|█████-----|``: the done fraction of ``width`` cells."""
    done = width if total == 0 else min(width, width * max(n, 0) // total)
    return "|" + "█" * done + "-" * (width - done) + "|"


def format_line(desc: str, n: int, total: int | None, elapsed: float, postfix: dict) -> str:
    """The whole text line, e.g.

    ``epoch 3/10 |██████████----------| 45/90 [00:02<00:02, 21.3 it/s] loss=0.213``
    """
    parts = [desc] if desc else []
    if total is not None:
        parts.append(format_bar(n, total))
    parts.append(format_stats(n, total, elapsed))
    extra = format_postfix(postfix)
    if extra:
        parts.append(extra)
    return " ".join(parts)


# -- where we run -------------------------------------------------------------------------
def in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython's ``ZMQInteractiveShell``), else False.

    A kernel has always imported IPython already, so when it is not in ``sys.modules``
    we are certainly not in one, and we avoid importing IPython for nothing.

    Example:
        >>> from minigrad.train import in_notebook
        >>> in_notebook()                     # a doctest does not run in a Jupyter kernel
        False
    """
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    get_ipython = getattr(ipython, "get_ipython", None)
    shell = get_ipython() if get_ipython is not None else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _widgets_available() -> bool:
    try:
        import ipywidgets  # noqa: F401
        import IPython.display  # noqa: F401
    except ImportError:
        return False
    return True


def _resolve_mode(mode) -> str:
    """Normalise ``mode`` to one of "widget", "text", "off"; True means "auto", False "off"."""
    if mode is None or mode is False:
        return "off"
    if mode is True:
        mode = "auto"
    if mode not in MODES:
        raise ValueError(f"unknown progress mode {mode!r}; use one of 'auto', 'widget', "
                         f"'text', 'off' or None.")
    if mode == "auto":
        return "widget" if in_notebook() and _widgets_available() else "text"
    return mode


def _display(widget) -> None:
    """Show a widget in the notebook (a separate function so tests can replace it)."""
    from IPython.display import display
    display(widget)


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):   # no isatty, or a closed stream
        return False


# -- the three ways of drawing -------------------------------------------------------------
class _Silent:
    """Draws nothing (mode None / "off")."""

    def draw(self, bar, final=False, failed=False):
        pass


class _TextLine:
    """One line on a stream, redrawn with '\\r' on a terminal, written once otherwise."""

    def __init__(self, stream):
        self.stream = stream
        self.tty = _isatty(stream)
        self._width = 0                  # length of the last line drawn, to blank leftovers

    def draw(self, bar, final=False, failed=False):
        line = bar.line()
        if self.tty:
            self.stream.write("\r" + line.ljust(self._width) + ("\n" if final else ""))
            self._width = len(line)
        elif final:
            self.stream.write(line + "\n")
        else:
            return
        self.stream.flush()


class _Widget:
    """An ``HBox(Label, IntProgress, HTML)`` displayed once, then updated in place."""

    def __init__(self, bar):
        try:
            import ipywidgets
        except ImportError:
            raise ImportError("progress mode 'widget' needs ipywidgets (pip install "
                              "ipywidgets); use mode='text' instead.") from None
        # Built from the starting state only (no clock reading), so that what the
        # notebook saves as text/plain at display time is identical on every run.
        # sized to its text: a fixed-width label cut "epoch 10/10" down to "epoch 10/1"
        self.label = ipywidgets.Label(bar.desc, layout=ipywidgets.Layout(width="auto",
                                                                         flex="0 0 auto"))
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=max(bar.total or 1, 1))
        # on one line beside the bar, which gives way instead (in a fixed width, the
        # numbers and the loss, accuracy and validation figures wrapped onto a second line)
        self.info = ipywidgets.HTML(html.escape(format_stats(0, bar.total, 0.0)),
                                    layout=ipywidgets.Layout(flex="0 0 auto"))
        self.box = ipywidgets.HBox([self.label, self.progress, self.info])
        _display(self.box)

    def draw(self, bar, final=False, failed=False):
        self.label.value = bar.desc
        if bar.total is None:
            self.progress.value = 1 if final else 0      # no total: full only when done
        else:
            self.progress.value = min(bar.n, self.progress.max)
        self.info.value = html.escape(" ".join(filter(None, [
            format_stats(bar.n, bar.total, bar.elapsed), format_postfix(bar.postfix)])))
        if final:
            self.progress.bar_style = "danger" if failed else "success"


# -- the bar --------------------------------------------------------------------------------
class ProgressBar:
    """Count work done and show it; see the module docstring for the modes.

    ``ProgressBar(total=None, desc="", mode="auto", file=None, min_interval=0.1)``

    * ``total``: how many steps make 100 %; None when unknown (then only the count and
      the rate are shown).
    * ``file``: the stream for text mode (default ``sys.stderr``).
    * ``min_interval``: seconds between redraws; updates in between only change the
      numbers, which keeps a fast loop fast.  The final redraw on :meth:`close` always
      happens.

    Use it as a context manager: leaving the block closes the bar, and an exception
    marks the widget bar red (``bar_style="danger"``) instead of green.

    Args:
        total (int, optional): the steps that make 100 %.
        desc (str): the text in front of the bar.
        mode (str): ``"auto"``, ``"widget"`` or ``"text"``.
        file (optional): the stream for text mode.
        min_interval (float): seconds between redraws (0.1).

    Example:
        >>> import io
        >>> from minigrad.train import ProgressBar
        >>> out = io.StringIO()
        >>> with ProgressBar(total=3, desc="epoch 1", mode="text", file=out) as bar:
        ...     for _ in range(3):
        ...         bar.update()
        >>> "epoch 1" in out.getvalue() and "3/3" in out.getvalue()
        True
    """

    def __init__(self, total=None, desc: str = "", mode="auto", file=None, *,
                 min_interval: float = 0.1):
        if total is not None:
            if isinstance(total, bool) or not isinstance(total, numbers.Integral) or total < 0:
                raise ValueError(f"total must be a non-negative int or None, got {total!r}.")
            total = int(total)
        if not isinstance(min_interval, numbers.Real) or not min_interval >= 0:
            raise ValueError(f"min_interval must be a number >= 0, got {min_interval!r}.")
        self.total = total
        self.desc = str(desc)
        self.n = 0
        self.postfix: dict = {}
        self.min_interval = float(min_interval)
        self.closed = False
        self.mode = _resolve_mode(mode)
        self._start = self._last_draw = time.monotonic()
        if self.mode == "widget":
            self._view = _Widget(self)          # displays itself in its starting state
        elif self.mode == "text":
            self._view = _TextLine(sys.stderr if file is None else file)
            self._view.draw(self)               # the empty bar, at once (terminals only)
        else:
            self._view = _Silent()

    @property
    def elapsed(self) -> float:
        """Seconds since the bar was created."""
        return time.monotonic() - self._start

    def line(self) -> str:
        """The current state as one line of text (what text mode draws)."""
        return format_line(self.desc, self.n, self.total, self.elapsed, self.postfix)

    def update(self, n: int = 1, **postfix) -> None:
        """Count ``n`` more steps; keyword arguments update those postfix values."""
        self.n += n
        self.postfix.update(postfix)
        self._refresh()

    def set_postfix(self, **values) -> None:
        """Replace the postfix (the ``name=value`` pairs shown after the counts).

        Args:
            values: the pairs, by name (``loss=0.31``).
        """
        self.postfix = dict(values)
        self._refresh()

    def set_description(self, desc: str) -> None:
        """Change the text in front of the bar (e.g. ``"epoch 2/10"``).

        Args:
            desc (str): the new text.
        """
        self.desc = str(desc)
        self._refresh()

    def close(self, failed: bool = False) -> None:
        """Draw the final state; ``failed=True`` shows it as failed (red widget bar).

        Closing twice does nothing the second time.
        """
        if self.closed:
            return
        self.closed = True
        self._view.draw(self, final=True, failed=failed)

    def _refresh(self) -> None:
        """Redraw, unless the last redraw was less than ``min_interval`` ago."""
        if self.closed:
            return
        now = time.monotonic()
        if now - self._last_draw >= self.min_interval:
            self._last_draw = now
            self._view.draw(self)

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.close(failed=exc_type is not None)
        return False

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        total = "?" if self.total is None else self.total
        return f"<ProgressBar {self.desc!r} {self.n}/{total} mode={self.mode} {state}>"
