"""Optimizers (``minigrad.optim``): they change parameters using their gradients.

* ``optimizer.py``  the Optimizer base class: parameter checks, ``zero_grad``, ``step``
* ``sgd.py``        SGD, with momentum and weight decay
* ``adam.py``       Adam
"""

from .adam import Adam
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam"]
