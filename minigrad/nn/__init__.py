"""Layers, losses and the Module base class (``minigrad.nn``), with PyTorch's names.

One family per file, as in ``torch/nn/modules`` (the chapter that first uses each):

* ``module.py``     Module (parameters, buffers, train/eval, state_dict, apply, repr) and
                    Parameter (6; buffers 11)
* ``functional.py`` the functions layers are made of, ``F`` (6, 8; later families' functions
                    live beside their layers and are re-exported there)
* ``layers.py``     Linear, Sequential, ReLU, Sigmoid, Tanh, Dropout (6, 8), Identity,
                    Flatten (12), Unflatten (no chapter)
* ``container.py``  ModuleList, ModuleDict (11)
* ``init.py``       nn.init: uniform_, normal_, xavier_*, kaiming_*, ... (11)
* ``activation.py`` LeakyReLU, GELU, SiLU, Softmax, LogSoftmax (11)
* ``norm.py``       BatchNorm1d, BatchNorm2d, LayerNorm (11), GroupNorm (no chapter)
* ``losses.py``     MSELoss, CrossEntropyLoss (6, 8), NLLLoss, BCELoss, BCEWithLogitsLoss,
                    L1Loss, SmoothL1Loss, HuberLoss (11), KLDivLoss (no chapter)
* ``utils.py``      nn.utils: clip_grad_norm_, clip_grad_value_ (11)
* ``padding.py``    F.pad (12)
* ``conv.py``       Conv1d, Conv2d (12)
* ``pooling.py``    MaxPool1d/2d, AvgPool1d/2d, AdaptiveAvgPool1d/2d (12)
* ``embedding.py``  Embedding (9), F.one_hot and F.embedding
* ``hooks.py``      what Module's hooks are made of (no chapter)
* ``distance.py``   CosineSimilarity, PairwiseDistance, F.normalize (no chapter)
* ``rnn.py``        RNNCell (9), LSTMCell, GRUCell, RNN, LSTM, GRU (11)
* ``attention.py``  MultiheadAttention, TransformerEncoderLayer (13)
"""

from . import functional, init, utils
from .activation import GELU, LeakyReLU, LogSoftmax, SiLU, Softmax
from .attention import MultiheadAttention, TransformerEncoderLayer
from .container import ModuleDict, ModuleList
from .distance import CosineSimilarity, PairwiseDistance
from .conv import Conv1d, Conv2d
from .embedding import Embedding
from .functional import log_softmax, softmax
from .layers import (Dropout, Flatten, Identity, Linear, ReLU, Sequential, Sigmoid, Tanh,
                     Unflatten)
from .losses import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss,
                     MSELoss, NLLLoss, SmoothL1Loss)
from .module import Module, Parameter
from .norm import BatchNorm1d, BatchNorm2d, GroupNorm, LayerNorm
from .pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AvgPool1d, AvgPool2d, MaxPool1d,
                      MaxPool2d)
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNCell

__all__ = [
    "Module", "Parameter", "Linear", "Sequential", "ReLU", "Sigmoid", "Tanh", "Dropout",
    "Identity", "Flatten", "Unflatten", "ModuleList", "ModuleDict", "CosineSimilarity",
    "PairwiseDistance",
    "LeakyReLU", "GELU", "SiLU", "Softmax", "LogSoftmax",
    "BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm",
    "Conv1d", "Conv2d", "MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d",
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
    "MSELoss", "CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "L1Loss",
    "SmoothL1Loss", "HuberLoss", "KLDivLoss",
    "Embedding", "RNNCell", "LSTMCell", "GRUCell", "RNN", "LSTM", "GRU",
    "MultiheadAttention", "TransformerEncoderLayer",
    "functional", "init", "utils", "softmax", "log_softmax",
]
