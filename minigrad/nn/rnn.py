"""``RNNCell``: one step of a simple (Elman) recurrent network.

A recurrent net applies the same cell at every time step, feeding each step's
hidden state into the next.  Unrolled over T steps that is a graph T cells long,
and backward through it ("backprop through time") is just the ordinary backward
walk over a long graph — which is why minigrad's walk is iterative, not recursive.
"""

from __future__ import annotations

import numpy as np

from ..random import get_rng
from ..tensor import Tensor
from . import functional as F
from .layers import _positive_int
from .module import Module, Parameter


class RNNCell(Module):
    """``h' = tanh(x @ weight_ih.T + bias_ih + h @ weight_hh.T + bias_hh)``.

    Shapes: ``x`` (batch, input_size), ``h`` (batch, hidden_size) -> (batch, hidden_size);
    ``h=None`` starts from zeros.  Parameters use PyTorch's names and layout and are
    drawn uniformly from [-1/√hidden_size, 1/√hidden_size], as PyTorch does.
    """

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True,
                 dtype=np.float64, rng=None):
        super().__init__()
        self.input_size = _positive_int(input_size, "input_size", "RNNCell")
        self.hidden_size = _positive_int(hidden_size, "hidden_size", "RNNCell")
        gen = get_rng(rng)
        bound = 1.0 / np.sqrt(self.hidden_size)

        def draw(*shape):
            return Parameter(gen.uniform(-bound, bound, shape).astype(dtype))

        self.weight_ih = draw(self.hidden_size, self.input_size)
        self.weight_hh = draw(self.hidden_size, self.hidden_size)
        self.bias_ih = draw(self.hidden_size) if bias else None
        self.bias_hh = draw(self.hidden_size) if bias else None

    def forward(self, x, h=None):
        if h is None:
            batch = x.shape[0] if len(x.shape) == 2 else None
            shape = (batch, self.hidden_size) if batch is not None else (self.hidden_size,)
            h = Tensor._from_op(np.zeros(shape, dtype=self.weight_hh.dtype))
        pre = F.linear(x, self.weight_ih, self.bias_ih) + F.linear(h, self.weight_hh,
                                                                    self.bias_hh)
        return pre.tanh()

    def extra_repr(self) -> str:
        return f"{self.input_size}, {self.hidden_size}"
