"""ProgressBar: text, silent and widget modes, and the formatting helpers."""

import html
import io
import sys
import types

import pytest

from minigrad.train import ProgressBar, in_notebook
from minigrad.train import progress
from minigrad.train.progress import format_interval, format_postfix, format_stats


class Terminal(io.StringIO):
    """A stream that says it is a terminal, so the bar redraws with '\\r'."""

    def isatty(self):
        return True


def test_format_postfix_uses_four_significant_digits():
    values = {"loss": 0.213456, "acc": 0.95, "step": 7}
    assert format_postfix(values) == "loss=0.2135 acc=0.95 step=7"
    assert format_postfix({"loss": 1234.5678, "skip": None}) == "loss=1235"
    assert format_postfix({}) == ""


def test_format_interval_and_stats():
    assert format_interval(62) == "01:02"
    assert format_interval(3725) == "1:02:05"
    assert format_stats(45, 90, 2.0) == "45/90 [00:02<00:02, 22.5 it/s]"
    assert format_stats(0, 90, 0.0) == "0/90 [00:00<?, ? it/s]"
    assert format_stats(3, None, 6.0) == "3 [00:06, 2.0 s/it]"


def test_text_mode_on_a_terminal_redraws_in_place():
    out = Terminal()
    with ProgressBar(total=4, desc="epoch 1/2", mode="text", file=out, min_interval=0) as bar:
        for _ in range(4):
            bar.update(1, loss=0.5)
    text = out.getvalue()
    assert text.count("\r") >= 4 and text.endswith("\n") and text.count("\n") == 1
    final = text.rsplit("\r", 1)[1]
    assert final.startswith("epoch 1/2 |") and "4/4" in final and "loss=0.5" in final


def test_text_mode_throttles_redraws():
    out = Terminal()
    bar = ProgressBar(total=1000, mode="text", file=out, min_interval=60)
    for _ in range(1000):
        bar.update()
    bar.close()
    assert out.getvalue().count("\r") == 2           # the empty bar and the final one
    assert "1000/1000" in out.getvalue()


def test_text_mode_on_a_log_writes_only_the_final_line():
    out = io.StringIO()
    with ProgressBar(total=3, desc="work", mode="text", file=out, min_interval=0) as bar:
        for _ in range(3):
            bar.update(1, loss=0.25)
    assert "\r" not in out.getvalue()
    assert out.getvalue().count("\n") == 1
    assert out.getvalue().startswith("work |") and "3/3" in out.getvalue()
    assert "loss=0.25" in out.getvalue()


def test_unknown_total_shows_count_and_rate_only():
    out = io.StringIO()
    with ProgressBar(mode="text", file=out) as bar:
        bar.update(5)
    line = out.getvalue()
    assert "|" not in line and line.startswith("5 [00:00, ") and line.endswith("it/s]\n")


def test_silent_modes_write_nothing(capsys):
    for mode in (None, "off", False):
        out = io.StringIO()
        with ProgressBar(total=2, mode=mode, file=out) as bar:
            bar.update(2, loss=1.0)
        assert out.getvalue() == ""
    assert capsys.readouterr() == ("", "")


def test_auto_mode_is_text_outside_a_notebook():
    assert in_notebook() is False
    bar = ProgressBar(total=1, file=io.StringIO())
    assert bar.mode == "text"
    bar.close()


def test_in_notebook_recognises_a_jupyter_kernel(monkeypatch):
    ZMQInteractiveShell = type("ZMQInteractiveShell", (), {})
    fake = types.SimpleNamespace(get_ipython=lambda: ZMQInteractiveShell())
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert in_notebook() is True
    fake.get_ipython = lambda: None                  # plain python with IPython imported
    assert in_notebook() is False


def test_set_postfix_replaces_and_update_merges():
    bar = ProgressBar(total=2, mode=None)
    bar.update(1, loss=1.0, acc=0.5)
    bar.update(0, val_loss=2.0)
    assert bar.postfix == {"loss": 1.0, "acc": 0.5, "val_loss": 2.0}
    bar.set_postfix(loss=0.5)
    assert bar.postfix == {"loss": 0.5} and bar.n == 1


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="mode"):
        ProgressBar(mode="fancy")
    with pytest.raises(ValueError, match="total"):
        ProgressBar(total=-1, mode=None)


# -- widget mode, without a notebook: capture what would be displayed -----------------
@pytest.fixture
def shown(monkeypatch):
    pytest.importorskip("ipywidgets")
    widgets = []
    monkeypatch.setattr(progress, "_display", widgets.append)
    return widgets


def test_widget_is_displayed_once_in_a_deterministic_state(shown):
    first = ProgressBar(total=30, desc="epoch 1/3", mode="widget")
    second = ProgressBar(total=30, desc="epoch 1/3", mode="widget")
    assert len(shown) == 2
    assert repr(shown[0]) == repr(shown[1])          # what a notebook saves as text/plain
    label, bar, info = shown[0].children
    assert type(shown[0]).__name__ == "HBox" and type(bar).__name__ == "IntProgress"
    assert (label.value, bar.value, bar.max) == ("epoch 1/3", 0, 30)
    assert html.unescape(info.value) == "0/30 [00:00<?, ? it/s]"   # escaped HTML
    first.close(), second.close()


def test_widget_updates_its_state_and_turns_green(shown):
    with ProgressBar(total=10, desc="epoch 1/1", mode="widget", min_interval=0) as bar:
        bar.update(4, loss=0.213456, acc=0.95)
        _, progress_bar, info = shown[0].children
        assert progress_bar.value == 4
        assert info.value.startswith("4/10 [") and info.value.endswith("loss=0.2135 acc=0.95")
        bar.update(6)
    assert len(shown) == 1                           # updated in place, never displayed again
    assert progress_bar.value == 10 and progress_bar.bar_style == "success"


def test_widget_turns_red_when_the_block_fails(shown):
    with pytest.raises(RuntimeError):
        with ProgressBar(total=10, mode="widget") as bar:
            bar.update(3)
            raise RuntimeError("boom")
    assert shown[0].children[1].bar_style == "danger"
    assert shown[0].children[1].value == 3


def test_widget_without_total_fills_on_close(shown):
    with ProgressBar(mode="widget") as bar:
        bar.update(7)
    progress_bar, info = shown[0].children[1:]
    assert progress_bar.value == progress_bar.max and info.value.startswith("7 [")


def test_importing_the_package_needs_only_numpy():
    import subprocess

    code = ("import sys, minigrad.train; "
            "print(sorted(m for m in ('IPython', 'ipywidgets', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
