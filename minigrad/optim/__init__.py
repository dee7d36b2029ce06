"""Optimizers (``minigrad.optim``): they change parameters using their gradients.

* ``optimizer.py``     the Optimizer base class: parameter groups, state, ``zero_grad``,
                       ``step``, ``state_dict`` (chapter 5; groups and saving, 11)
* ``sgd.py``           SGD, with momentum (plain or Nesterov) and weight decay (5)
* ``adam.py``          Adam (8)
* ``adamw.py``         AdamW: Adam with decoupled weight decay (11)
* ``rmsprop.py``       RMSprop (11)
* ``adagrad.py``       Adagrad (11)
* ``lr_scheduler.py``  learning-rate schedules: StepLR, MultiStepLR, ExponentialLR,
                       CosineAnnealingLR, LambdaLR, LinearLR, OneCycleLR (11)
"""

from . import lr_scheduler
from .adagrad import Adagrad
from .adam import Adam
from .adamw import AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "lr_scheduler"]
