"""Recurrent layers: ``RNNCell`` (chapter 9), ``LSTMCell``, ``GRUCell`` and ``RNN``, ``LSTM``,
``GRU`` over whole sequences (chapter 11's look at gated units).

A recurrent net applies the same cell at every time step, feeding each step's
hidden state into the next.  Unrolled over T steps that is a graph T cells long,
and backward through it ("backprop through time") is just the ordinary backward
walk over a long graph — which is why minigrad's walk is iterative, not recursive.
``RNNCell`` is built that way, from ``linear`` and ``tanh``, as chapter 9 writes it.

The gated cells keep their memory better.  In PyTorch's gate order, with every
``W·`` a ``linear`` of the input x or the previous hidden state h:

* **LSTM** (gates i, f, g, o):  i, f, o = σ(W·x + W·h);  g = tanh(W·x + W·h);
  c' = f·c + i·g;  h' = o·tanh(c')
* **GRU** (gates r, z, n):  r, z = σ(W·x + W·h);  n = tanh(W·x + r·(W·h));
  h' = (1 - z)·n + z·h

For whole sequences, one layer in one direction is **one recorded op**: the
input's projections for every step are one matrix product, the steps run in a
NumPy loop, and backward runs the same loop in reverse (backprop through time
written out) and finishes the weight gradients with one product each.  So a
100-step LSTM adds a handful of graph nodes, not thousands.  Parameters have
PyTorch's names (``weight_ih_l0``, ``weight_hh_l0_reverse`` …), shapes (gates
stacked in the order above), order and initialisation (uniform in ±1/√hidden_size),
so a ``state_dict`` copies across in both directions.
"""

from __future__ import annotations

import numpy as np

from ..autograd import record
from ..errors import ShapeError
from ..random import get_rng
from ..tensor import Tensor
from . import functional as F
from .layers import _positive_int
from .module import Module, Parameter

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _sigmoid(a: np.ndarray) -> np.ndarray:
    return 0.5 * (np.tanh(0.5 * a) + 1)          # never overflows


# -- the fused layer op --------------------------------------------------------------------
def _recurrent(mode: str, x: Tensor, h0: Tensor, c0, w_ih: Tensor, w_hh: Tensor, b_ih, b_hh,
               reverse: bool) -> Tensor:
    """Run one layer in one direction over x (T, N, I).

    Returns one tensor: (T, N, H) of hidden states, or for the LSTM (T, N, 2H) holding
    [h_t, c_t] side by side (the caller slices out what it returns).
    """
    X, Wih, Whh = x.data, w_ih.data, w_hh.data
    T, N, _ = X.shape
    H = Whh.shape[1]
    dtype = X.dtype
    steps = range(T - 1, -1, -1) if reverse else range(T)
    GI = X @ Wih.T                                               # every step's input part
    if b_ih is not None:
        GI += b_ih.data
    bhh = None if b_hh is None else b_hh.data
    h = h0.data if h0 is not None else np.zeros((N, H), dtype=dtype)
    c = None
    if mode == "LSTM":
        c = c0.data if c0 is not None else np.zeros((N, H), dtype=dtype)
    width = 2 * H if mode == "LSTM" else H
    Y = np.empty((T, N, width), dtype=dtype)
    prev_h = np.empty((T, N, H), dtype=dtype)                   # the h each step started from
    saved = {}                                                   # per-step values backward needs
    if mode == "LSTM":
        saved = {"gates": np.empty((T, N, 4 * H), dtype), "c_prev": np.empty((T, N, H), dtype),
                 "tanh_c": np.empty((T, N, H), dtype)}
    elif mode == "GRU":
        saved = {"gates": np.empty((T, N, 3 * H), dtype), "gh_n": np.empty((T, N, H), dtype)}
    for t in steps:
        prev_h[t] = h
        gh = h @ Whh.T
        if bhh is not None:
            gh += bhh
        if mode == "LSTM":
            a = GI[t] + gh
            act = saved["gates"][t]
            act[:, :2 * H] = _sigmoid(a[:, :2 * H])              # i, f
            act[:, 2 * H:3 * H] = np.tanh(a[:, 2 * H:3 * H])      # g
            act[:, 3 * H:] = _sigmoid(a[:, 3 * H:])              # o
            i, f, g, o = act[:, :H], act[:, H:2 * H], act[:, 2 * H:3 * H], act[:, 3 * H:]
            saved["c_prev"][t] = c
            c = f * c + i * g
            tc = np.tanh(c)
            saved["tanh_c"][t] = tc
            h = o * tc
            Y[t, :, :H] = h
            Y[t, :, H:] = c
        elif mode == "GRU":
            gi = GI[t]
            act = saved["gates"][t]
            act[:, :2 * H] = _sigmoid(gi[:, :2 * H] + gh[:, :2 * H])        # r, z
            r, z = act[:, :H], act[:, H:2 * H]
            saved["gh_n"][t] = gh[:, 2 * H:]
            act[:, 2 * H:] = np.tanh(gi[:, 2 * H:] + r * gh[:, 2 * H:])     # n
            n = act[:, 2 * H:]
            h = (1 - z) * n + z * h
            Y[t] = h
        else:
            a = GI[t] + gh
            h = np.tanh(a) if mode == "RNN_TANH" else np.maximum(a, 0)
            Y[t] = h
    del GI
    inputs = [x, w_ih, w_hh]
    optional = [("h0", h0), ("c0", c0), ("b_ih", b_ih), ("b_hh", b_hh)]
    slots = {}
    for name, t in optional:
        if t is not None:
            slots[name] = len(inputs)
            inputs.append(t)
    need = [t.requires_grad for t in inputs]
    n_inputs, x_shape = len(inputs), X.shape
    hidden = Y if mode != "LSTM" else None                      # RNN/GRU: Y[t] is h_t

    def backward(gY):
        dG = np.empty((T, N, _GATES[mode] * H), dtype=dtype)   # gradients of the gate inputs
        dGh_n = np.empty((T, N, H), dtype=dtype) if mode == "GRU" else None
        dh_next = np.zeros((N, H), dtype=dtype)
        dc_next = np.zeros((N, H), dtype=dtype) if mode == "LSTM" else None
        for t in reversed(steps):
            dh = gY[t, :, :H] + dh_next
            if mode == "LSTM":
                act = saved["gates"][t]
                i, f, g, o = act[:, :H], act[:, H:2 * H], act[:, 2 * H:3 * H], act[:, 3 * H:]
                tc = saved["tanh_c"][t]
                dc = gY[t, :, H:] + dc_next + dh * o * (1 - tc * tc)
                d = dG[t]
                d[:, :H] = dc * g * i * (1 - i)
                d[:, H:2 * H] = dc * saved["c_prev"][t] * f * (1 - f)
                d[:, 2 * H:3 * H] = dc * i * (1 - g * g)
                d[:, 3 * H:] = dh * tc * o * (1 - o)
                dc_next = dc * f
                dh_next = d @ Whh
            elif mode == "GRU":
                act = saved["gates"][t]
                r, z, n = act[:, :H], act[:, H:2 * H], act[:, 2 * H:]
                dn = dh * (1 - z) * (1 - n * n)
                d = dG[t]
                d[:, 2 * H:] = dn
                d[:, :H] = dn * saved["gh_n"][t] * r * (1 - r)
                d[:, H:2 * H] = dh * (prev_h[t] - n) * z * (1 - z)
                dGh_n[t] = dn * r
                dh_next = dh * z + d[:, :2 * H] @ Whh[:2 * H] + dGh_n[t] @ Whh[2 * H:]
            else:
                h_t = hidden[t]
                d = dG[t]
                d[...] = dh * (1 - h_t * h_t) if mode == "RNN_TANH" else dh * (h_t > 0)
                dh_next = d @ Whh
        flat = dG.reshape(T * N, -1)
        dGh = flat                                  # gradient of the h @ W_hhᵀ + b_hh part
        if mode == "GRU":
            dGh = np.concatenate([dG[..., :2 * H], dGh_n], axis=-1).reshape(T * N, -1)
        grads = [None] * n_inputs
        if need[0]:
            grads[0] = (flat @ Wih).reshape(x_shape)
        if need[1]:
            grads[1] = flat.T @ kept_x.reshape(T * N, -1)
        if need[2]:
            grads[2] = dGh.T @ prev_h.reshape(T * N, H)
        for name, value in (("h0", dh_next), ("c0", dc_next), ("b_ih", flat.sum(axis=0)),
                            ("b_hh", dGh.sum(axis=0))):
            if name in slots and need[slots[name]]:
                grads[slots[name]] = value
        return tuple(grads)

    kept_x = X if need[1] else None
    return record(Y, tuple(inputs), backward, mode.lower(), saved=tuple(inputs[:3]))


# -- joining tensors (private: PyTorch's stack and cat, for what these layers need) --------
def _join(tensors: list, axis: int, stack: bool) -> Tensor:
    arrays = [t.data for t in tensors]
    out = np.stack(arrays, axis=axis) if stack else np.concatenate(arrays, axis=axis)
    bounds = np.cumsum([0] + [1 if stack else a.shape[axis] for a in arrays])

    def backward(g):
        parts = []
        for k, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
            piece = np.take(g, lo, axis=axis) if stack else \
                g[(slice(None),) * (axis % g.ndim) + (slice(lo, hi),)]
            parts.append(piece)
        return tuple(parts)

    return record(out, tuple(tensors), backward, "stack" if stack else "cat")


# -- whole sequences -----------------------------------------------------------------------
class _RNNBase(Module):
    _mode = ""

    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 dtype=np.float64, rng=None):
        super().__init__()
        name = type(self).__name__
        self.input_size = _positive_int(input_size, "input_size", name)
        self.hidden_size = _positive_int(hidden_size, "hidden_size", name)
        self.num_layers = _positive_int(num_layers, "num_layers", name)
        if not 0.0 <= dropout < 1.0:
            raise ValueError(f"{name}: dropout must be in [0, 1), got {dropout}.")
        self.bias, self.batch_first, self.dropout = bias, batch_first, float(dropout)
        self.bidirectional = bidirectional
        gen = get_rng(rng)
        bound = 1.0 / np.sqrt(self.hidden_size)
        gates = _GATES[self._mode] * self.hidden_size
        for layer in range(self.num_layers):
            for suffix in ([""] + (["_reverse"] if bidirectional else [])):
                width = self.input_size if layer == 0 else self.hidden_size * self.directions
                shapes = [("weight_ih", (gates, width)), ("weight_hh", (gates, hidden_size))]
                if bias:
                    shapes += [("bias_ih", (gates,)), ("bias_hh", (gates,))]
                for pname, shape in shapes:
                    setattr(self, f"{pname}_l{layer}{suffix}",
                            Parameter(gen.uniform(-bound, bound, shape).astype(dtype)))

    @property
    def directions(self) -> int:
        return 2 if self.bidirectional else 1

    def _weights(self, layer: int, suffix: str):
        get = lambda n: getattr(self, f"{n}_l{layer}{suffix}", None)  # noqa: E731
        return get("weight_ih"), get("weight_hh"), get("bias_ih"), get("bias_hh")

    def _check_input(self, x, hx):
        name = type(self).__name__
        if not isinstance(x, Tensor):
            x = F._tensor(x, "input", name)
        if x.ndim not in (2, 3) or x.shape[-1] != self.input_size:
            raise ShapeError(f"{name}: expected an input of shape (T, N, {self.input_size}) "
                             f"({'(N, T, ...) with batch_first' if self.batch_first else ''}) or "
                             f"(T, {self.input_size}) unbatched, got {x.shape}.")
        return x

    def _state(self, hx, batch: int, unbatched: bool, what: str):
        """The initial states, one (N, H) tensor per layer and direction (None: zeros)."""
        count = self.num_layers * self.directions
        if hx is None:
            return [None] * count
        hx = F._tensor(hx, what, type(self).__name__)
        want = (count, self.hidden_size) if unbatched else (count, batch, self.hidden_size)
        if hx.shape != want:
            raise ShapeError(f"{type(self).__name__}: {what} must have shape {want}, got "
                             f"{hx.shape}.")
        if unbatched:
            hx = hx.reshape(count, 1, self.hidden_size)
        return [hx[k] for k in range(count)]

    def _run(self, x, h0s, c0s):
        """Every layer and direction; returns the output (T, N, D·H) and the final states."""
        H = self.hidden_size
        finals_h, finals_c = [], []
        for layer in range(self.num_layers):
            outs = []
            for d, suffix in enumerate([""] + (["_reverse"] if self.bidirectional else [])):
                k = layer * self.directions + d
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, suffix)
                Y = _recurrent(self._mode, x, h0s[k], c0s[k] if c0s else None, w_ih, w_hh,
                               b_ih, b_hh, reverse=bool(d))
                last = 0 if d else -1                   # the reverse direction ends at t = 0
                if self._mode == "LSTM":
                    outs.append(Y[:, :, :H])
                    finals_h.append(Y[last, :, :H])
                    finals_c.append(Y[last, :, H:])
                else:
                    outs.append(Y)
                    finals_h.append(Y[last])
            x = outs[0] if len(outs) == 1 else _join(outs, -1, stack=False)
            if self.dropout and self.training and layer < self.num_layers - 1:
                x = F.dropout(x, self.dropout, True)
        return x, finals_h, finals_c

    def _forward(self, x, hx, cx):
        x = self._check_input(x, hx)
        unbatched = x.ndim == 2
        if unbatched:
            x = x.reshape(x.shape[0], 1, x.shape[1])
        elif self.batch_first:
            x = x.transpose(0, 1)
        batch = x.shape[1]
        h0s = self._state(hx, batch, unbatched, "h0")
        c0s = self._state(cx, batch, unbatched, "c0") if self._mode == "LSTM" else None
        out, hs, cs = self._run(x, h0s, c0s)
        h_n = _join(hs, 0, stack=True)
        c_n = _join(cs, 0, stack=True) if cs else None
        if unbatched:
            out = out.reshape(out.shape[0], out.shape[2])
            h_n = h_n.reshape(h_n.shape[0], h_n.shape[2])
            c_n = c_n.reshape(c_n.shape[0], c_n.shape[2]) if c_n is not None else None
        elif self.batch_first:
            out = out.transpose(0, 1)
        return out, h_n, c_n

    def extra_repr(self) -> str:
        text = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            text += f", num_layers={self.num_layers}"
        for flag, default in (("bias", True), ("batch_first", False), ("dropout", 0.0),
                              ("bidirectional", False)):
            if getattr(self, flag) != default:
                text += f", {flag}={getattr(self, flag)}"
        return text


class RNN(_RNNBase):
    """Elman RNN over a sequence: ``output, h_n = rnn(x, h0=None)``; each step is
    h' = tanh(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh) (or relu), PyTorch's parameters and layout
    (``weight_ih_l0`` …), in one fused op per layer and direction.

    Args:
        input_size (int): the features of each step's input.
        hidden_size (int): the features of the hidden state.
        num_layers (int): stacked layers, each fed the previous one's outputs (1).
        nonlinearity (str): ``'tanh'`` or ``'relu'``.
        bias (bool): learn the biases (True).
        batch_first (bool): inputs and outputs are (N, T, features) instead of (T, N, …).
        dropout (float): dropout on each layer's output but the last, in training (0).
        bidirectional (bool): also run each layer from the end, and join both directions.
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (T, N, input_size), or (N, T, input_size) with ``batch_first=True``, or
        (T, input_size) unbatched.
        hx: (num_layers·directions, N, hidden_size), or None (zeros).
        output: every step's last-layer hidden state, both directions side by side;
        h_n: each layer's final state, like hx.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> rnn = nn.RNN(3, 8, num_layers=2, batch_first=True)
        >>> output, h_n = rnn(mg.randn(4, 10, 3))
        >>> output.shape, h_n.shape
        ((4, 10, 8), (2, 4, 8))
    """

    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1,
                 nonlinearity: str = "tanh", bias: bool = True, batch_first: bool = False,
                 dropout: float = 0.0, bidirectional: bool = False, dtype=np.float64, rng=None):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"RNN: nonlinearity must be 'tanh' or 'relu', got {nonlinearity!r}.")
        self._mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        self.nonlinearity = nonlinearity
        super().__init__(input_size, hidden_size, num_layers, bias, batch_first, dropout,
                         bidirectional, dtype, rng)

    def forward(self, x, hx=None):
        out, h_n, _ = self._forward(x, hx, None)
        return out, h_n


class LSTM(_RNNBase):
    """Long short-term memory over a sequence: ``output, (h_n, c_n) = lstm(x, (h0, c0))``, with
    PyTorch's gates (input, forget, cell, output), parameters and layout.  Either both
    initial states are given or neither (zeros).

    Args:
        input_size (int): the features of each step's input.
        hidden_size (int): the features of the hidden state.
        num_layers (int): stacked layers, each fed the previous one's outputs (1).
        bias (bool): learn the biases (True).
        batch_first (bool): inputs and outputs are (N, T, features) instead of (T, N, …).
        dropout (float): dropout on each layer's output but the last, in training (0).
        bidirectional (bool): also run each layer from the end, and join both directions.
        proj_size (int): must be 0 (LSTM projections are not supported).
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (T, N, input_size) (or batch first, or unbatched, as :class:`RNN`).
        hx: a pair (h0, c0) of (num_layers·directions, N, hidden_size), or None.
        output: (T, N, directions·hidden_size); h_n and c_n like h0.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> lstm = nn.LSTM(10, 64, num_layers=2, batch_first=True, bidirectional=True)
        >>> out, (h, c) = lstm(mg.randn(5, 7, 10))
        >>> out.shape, h.shape, c.shape
        ((5, 7, 128), (4, 5, 64), (4, 5, 64))
    """
    _mode = "LSTM"

    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 proj_size: int = 0, dtype=np.float64, rng=None):
        if proj_size:
            raise NotImplementedError("LSTM: proj_size (projected hidden states) is not "
                                      "supported by minigrad; use a Linear on the output.")
        super().__init__(input_size, hidden_size, num_layers, bias, batch_first, dropout,
                         bidirectional, dtype, rng)

    def forward(self, x, hx=None):
        h0 = c0 = None
        if hx is not None:
            if not isinstance(hx, (tuple, list)) or len(hx) != 2:
                raise TypeError("LSTM: the initial state must be a pair (h0, c0).")
            h0, c0 = hx
        out, h_n, c_n = self._forward(x, h0, c0)
        return out, (h_n, c_n)


class GRU(_RNNBase):
    """Gated recurrent unit over a sequence: ``output, h_n = gru(x, h0=None)``, PyTorch's
    gates (reset, update, new), parameters and layout; shapes as :class:`RNN`.

    Args:
        input_size (int): the features of each step's input.
        hidden_size (int): the features of the hidden state.
        num_layers (int): stacked layers, each fed the previous one's outputs (1).
        bias (bool): learn the biases (True).
        batch_first (bool): inputs and outputs are (N, T, features) instead of (T, N, …).
        dropout (float): dropout on each layer's output but the last, in training (0).
        bidirectional (bool): also run each layer from the end, and join both directions.
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (T, N, input_size) (or batch first, or unbatched).
        hx: (num_layers·directions, N, hidden_size), or None.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> out, h = nn.GRU(3, 5)(mg.randn(7, 2, 3))
        >>> out.shape, h.shape
        ((7, 2, 5), (1, 2, 5))
    """
    _mode = "GRU"

    def forward(self, x, hx=None):
        out, h_n, _ = self._forward(x, hx, None)
        return out, h_n


# -- cells: one step -----------------------------------------------------------------------
class _CellBase(Module):
    _mode = ""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True,
                 dtype=np.float64, rng=None):
        super().__init__()
        name = type(self).__name__
        self.input_size = _positive_int(input_size, "input_size", name)
        self.hidden_size = _positive_int(hidden_size, "hidden_size", name)
        self.bias = bias
        gen = get_rng(rng)
        bound = 1.0 / np.sqrt(self.hidden_size)
        gates = _GATES[self._mode] * self.hidden_size

        def draw(*shape):
            return Parameter(gen.uniform(-bound, bound, shape).astype(dtype))

        self.weight_ih = draw(gates, self.input_size)
        self.weight_hh = draw(gates, self.hidden_size)
        self.bias_ih = draw(gates) if bias else None
        self.bias_hh = draw(gates) if bias else None

    def _step(self, x, h, c):
        """One step through the fused sequence op; returns its (1, N, width) output."""
        name = type(self).__name__
        x = F._tensor(x, "input", name)
        if x.ndim not in (1, 2) or x.shape[-1] != self.input_size:
            raise ShapeError(f"{name}: expected an input of shape (N, {self.input_size}) or "
                             f"({self.input_size},), got {x.shape}.")
        unbatched = x.ndim == 1
        N = 1 if unbatched else x.shape[0]
        states = []
        for what, s in (("h", h), ("c", c)):
            if s is not None:
                s = F._tensor(s, what, name)
                if s.shape != ((self.hidden_size,) if unbatched else (N, self.hidden_size)):
                    raise ShapeError(f"{name}: {what} has shape {s.shape}, expected "
                                     f"{(N, self.hidden_size) if not unbatched else (self.hidden_size,)}.")
                s = s.reshape(1, self.hidden_size) if unbatched else s
            states.append(s)
        Y = _recurrent(self._mode, x.reshape(1, N, self.input_size), states[0], states[1],
                       self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh, False)
        return Y[0, 0] if unbatched else Y[0]

    def extra_repr(self) -> str:
        return f"{self.input_size}, {self.hidden_size}" + ("" if self.bias else ", bias=False")


class LSTMCell(_CellBase):
    """One LSTM step: ``h', c' = cell(x, (h, c))`` (zeros when the state is None), PyTorch's
    gates, parameters and layout.

    Args:
        input_size (int): the features of the input.
        hidden_size (int): the features of the hidden state.
        bias (bool): learn the biases (True).
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (batch, input_size) or (input_size,).
        hx: a pair (h, c) of (batch, hidden_size), or None.
        output: the pair (h', c').

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> h, c = nn.LSTMCell(3, 4)(mg.randn(2, 3))
        >>> h.shape, c.shape
        ((2, 4), (2, 4))
    """
    _mode = "LSTM"

    def forward(self, x, hx=None):
        h, c = (None, None) if hx is None else hx
        out = self._step(x, h, c)
        H = self.hidden_size
        return out[..., :H], out[..., H:]


class GRUCell(_CellBase):
    """One GRU step: ``h' = cell(x, h)`` (zeros when h is None), PyTorch's gates, parameters
    and layout.

    Args:
        input_size (int): the features of the input.
        hidden_size (int): the features of the hidden state.
        bias (bool): learn the biases (True).
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (batch, input_size) or (input_size,).
        hx: (batch, hidden_size), or None.
        output: (batch, hidden_size).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.GRUCell(3, 4)(mg.randn(2, 3)).shape
        (2, 4)
    """
    _mode = "GRU"

    def forward(self, x, hx=None):
        return self._step(x, hx, None)


class RNNCell(Module):
    """One step of an Elman RNN: ``h' = tanh(x @ weight_ih.T + bias_ih + h @ weight_hh.T +
    bias_hh)`` (chapter 9).  Parameters use PyTorch's names and layout and are drawn
    uniformly from [-1/√hidden_size, 1/√hidden_size], as PyTorch does.

    Args:
        input_size (int): the features of the input.
        hidden_size (int): the features of the hidden state.
        bias (bool): learn the biases (True).
        nonlinearity (str): ``'tanh'`` or ``'relu'`` (max(·, 0)).
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights (uniform in ±1/√hidden_size).

    Shape:
        x: (batch, input_size).
        h: (batch, hidden_size), or None for zeros.
        output: (batch, hidden_size).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> cell = nn.RNNCell(3, 4)
        >>> h = cell(mg.randn(2, 3))
        >>> cell(mg.randn(2, 3), h).shape
        (2, 4)
    """

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True,
                 nonlinearity: str = "tanh", dtype=np.float64, rng=None):
        super().__init__()
        self.input_size = _positive_int(input_size, "input_size", "RNNCell")
        self.hidden_size = _positive_int(hidden_size, "hidden_size", "RNNCell")
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"RNNCell: nonlinearity must be 'tanh' or 'relu', got "
                             f"{nonlinearity!r}.")
        self.nonlinearity = nonlinearity
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
        return pre.tanh() if self.nonlinearity == "tanh" else pre.relu()

    def extra_repr(self) -> str:
        return f"{self.input_size}, {self.hidden_size}"
