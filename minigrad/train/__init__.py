"""Training helpers: a loop with a progress bar, its per-epoch history, and plots.

* :func:`fit` trains a model and returns a :class:`History`; :func:`evaluate` and
  :func:`accuracy` measure it (``loop.py``).
* :class:`ProgressBar` draws a widget in Jupyter and a text line elsewhere;
  :func:`in_notebook` tells which (``progress.py``).
* :func:`plot_history` and :func:`plot_losses` draw loss curves (``plots.py``).
* :func:`blas_threads` limits NumPy's BLAS threads; ``fit`` trains on one by default
  (``threads.py``).

Only NumPy is needed to import this package: ipywidgets, IPython and matplotlib are
imported when a widget or a plot is actually made, threadpoolctl when training starts.
"""

from .history import History
from .loop import accuracy, evaluate, fit
from .plots import plot_history, plot_losses
from .progress import ProgressBar, in_notebook
from .threads import blas_threads

__all__ = ["fit", "evaluate", "accuracy", "History", "ProgressBar", "in_notebook",
           "plot_history", "plot_losses", "blas_threads"]
