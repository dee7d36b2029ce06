"""Layers, losses and the Module base class (``minigrad.nn``), with PyTorch's names.

* ``module.py``     Module (parameters, train/eval, state_dict, repr) and Parameter
* ``functional.py`` the functions layers are made of: linear, softmax, log_softmax,
                    cross_entropy, mse_loss, dropout (import it as ``F``)
* ``layers.py``     Linear, Sequential, ReLU, Sigmoid, Tanh, Dropout
* ``losses.py``     MSELoss, CrossEntropyLoss
* ``embedding.py``  Embedding
* ``rnn.py``        RNNCell
"""

from . import functional
from .embedding import Embedding
from .functional import log_softmax, softmax
from .layers import Dropout, Linear, ReLU, Sequential, Sigmoid, Tanh
from .losses import CrossEntropyLoss, MSELoss
from .module import Module, Parameter
from .rnn import RNNCell

__all__ = [
    "Module", "Parameter", "Linear", "Sequential", "ReLU", "Sigmoid", "Tanh", "Dropout",
    "MSELoss", "CrossEntropyLoss", "Embedding", "RNNCell", "functional", "softmax", "log_softmax",
]
