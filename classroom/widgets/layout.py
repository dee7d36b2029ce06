"""Layouts the widgets' controls share, so that JupyterLab never cuts a label short.

JupyterLab gives every button a fixed 148 px, and clips a longer label with an
ellipsis ("new starting wei…"); :func:`fits_label` lets it grow to its label instead.
"""

from __future__ import annotations


def fits_label():
    """A Layout for a Button or ToggleButton: as wide as its label, at least 148 px."""
    import ipywidgets

    return ipywidgets.Layout(width="auto", min_width="148px")
