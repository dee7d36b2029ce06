"""Attention: ``F.scaled_dot_product_attention``, ``MultiheadAttention`` and
``TransformerEncoderLayer`` (chapter 13).

Attention lets every position of a sequence look at every other and take a
weighted mix of what it finds.  Each position asks a *query* q; every position
offers a *key* k and a *value* v; the weights are a softmax of how well the
query matches each key:

    attention(Q, K, V) = softmax(Q Kᵀ / √d + mask) V

The scale 1/√d keeps the scores' spread independent of the width d, so the
softmax does not saturate.  A mask removes positions: a **causal** mask lets
position i see only positions ≤ i (a language model must not peek at the next
token); a boolean mask says, per pair, who may look at whom (True = may attend,
PyTorch's convention for this function); a float mask is added to the scores.
A query that may see nothing gets an output of 0, as PyTorch's
``scaled_dot_product_attention`` gives.

``scaled_dot_product_attention`` is one recorded op; with P the softmax and
dO the output's gradient, its backward is

    dV = Pᵀ dO,   dP = dO Vᵀ,   dS = P ⊙ (dP - rowsum(dP ⊙ P)),   dQ = dS K / √d,   dK = dSᵀ Q / √d

``MultiheadAttention`` runs h attentions side by side on h slices of the width
("heads"), each free to attend to something different, with PyTorch's
parameters (``in_proj_weight``, ``in_proj_bias``, ``out_proj``) and masks.
"""

from __future__ import annotations

import math

import numpy as np

from ..autograd import record
from ..autograd import graph_backward, vjp
from ..broadcasting import sum_to
from ..dtypes import require_float
from ..errors import ShapeError
from ..random import get_rng
from ..tensor import Tensor
from . import functional as F
from . import init
from .activation import gelu
from .layers import Dropout, Linear
from .module import Module, Parameter
from .norm import LayerNorm


def _mask_array(attn_mask, is_causal: bool, L: int, S: int, fn: str, dtype):
    """(bool 'may attend' mask or None, float mask tensor or None); a float mask must have
    the query's dtype (``dtype``), as PyTorch requires."""
    if is_causal:
        if attn_mask is not None:
            raise ValueError(f"{fn}: pass either attn_mask or is_causal=True, not both "
                             f"(as in PyTorch).")
        return np.tril(np.ones((L, S), dtype=bool)), None
    if attn_mask is None:
        return None, None
    m = attn_mask if isinstance(attn_mask, Tensor) else Tensor._from_op(np.asarray(attn_mask))
    if m.dtype == np.bool_:
        return m.data, None
    if m.dtype != dtype:
        raise TypeError(f"{fn}: attn_mask must be boolean (True = may attend) or floating "
                        f"point of the query's dtype {dtype} (added to the scores), as in "
                        f"PyTorch; got dtype {m.dtype}.")
    return None, m


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p: float = 0.0,
                                 is_causal: bool = False, scale=None, rng=None) -> Tensor:
    """softmax(Q Kᵀ·scale + mask) V over the last two axes; leading axes are batch axes.

    query (..., L, E), key (..., S, E), value (..., S, Ev) -> (..., L, Ev).  ``scale``
    defaults to 1/√E.  ``dropout_p`` drops attention weights (and scales the rest by
    1/(1-p)); as in PyTorch, it applies whenever it is non-zero, so pass 0 in
    evaluation.  Numbers for dropout come from ``rng`` or minigrad's generator.

    Args:
        query (Tensor): (..., L, E).
        key (Tensor): (..., S, E).
        value (Tensor): (..., S, Ev).
        attn_mask (optional): (L, S) or broadcastable to (..., L, S): boolean with
            **True = may attend** (this function's convention, PyTorch's), or floats added
            to the scores.
        dropout_p (float): the probability of dropping a weight.
        is_causal (bool): each query attends only to keys at or before its position.
        scale (float, optional): instead of 1/√E.
        rng (optional): the generator for dropout.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> q = k = v = mg.randn(2, 5, 8)
        >>> F.scaled_dot_product_attention(q, k, v, is_causal=True).shape
        (2, 5, 8)
    """
    return _attention(query, key, value, attn_mask, dropout_p, is_causal, scale, rng)[0]


def _attention(query, key, value, attn_mask, dropout_p, is_causal, scale, rng,
               want_weights: bool = False):
    """The attention op.  Returns (output, weights): the weights (after dropout, as
    PyTorch's MultiheadAttention returns them) are a second recorded op over the same
    softmax when ``want_weights``, else None."""
    fn = "scaled_dot_product_attention"
    q, k, v = (F._tensor(t, n, fn) for t, n in ((query, "query"), (key, "key"),
                                                 (value, "value")))
    Q, K, V = q.data, k.data, v.data
    require_float(Q.dtype, fn, "query")
    F.same_dtype(fn, q, ("key", k), ("value", v))
    if Q.ndim < 2 or K.ndim < 2 or V.ndim < 2 or Q.shape[-1] != K.shape[-1] \
            or K.shape[-2] != V.shape[-2]:
        raise ShapeError(f"{fn}: expected query (..., L, E), key (..., S, E) and value "
                         f"(..., S, Ev), got {q.shape}, {k.shape} and {v.shape}.")
    if not 0.0 <= dropout_p < 1.0:
        raise ValueError(f"{fn}: dropout_p must be in [0, 1), got {dropout_p}.")
    L, S = Q.shape[-2], K.shape[-2]
    scale = 1.0 / math.sqrt(Q.shape[-1]) if scale is None else float(scale)
    allowed, float_mask = _mask_array(attn_mask, is_causal, L, S, fn, Q.dtype)
    scores = Q @ np.swapaxes(K, -1, -2)
    scores *= scale
    if float_mask is not None:
        scores = scores + float_mask.data
    if allowed is not None:
        scores = np.where(allowed, scores, -np.inf)
    # softmax along the last axis; a row with nothing to attend to becomes all zeros
    top = scores.max(axis=-1, keepdims=True)
    top[~np.isfinite(top)] = 0
    P = np.exp(scores - top)
    total = P.sum(axis=-1, keepdims=True)
    np.divide(P, total, out=P, where=total > 0)
    del scores
    keep = None
    Pd = P
    if dropout_p > 0:
        keep = ((get_rng(rng).random(P.shape) >= dropout_p) / (1 - dropout_p)).astype(P.dtype)
        Pd = P * keep
    out = Pd @ V
    inputs = (q, k, v) + ((float_mask,) if float_mask is not None else ())
    need = [t.requires_grad for t in inputs]
    shapes = [t.shape for t in inputs]

    def through_softmax(dPd):
        """Gradients of query, key and float mask from the gradient of the weights Pd."""
        dP = dPd * keep if keep is not None else dPd
        dS = P * (dP - (dP * P).sum(axis=-1, keepdims=True))
        # the mask's gradient is dS itself, unscaled: a copy when it has the scores' full
        # shape (sum_to then returns dS itself, which the scaling below changes in place)
        gm = sum_to(dS, shapes[3]) if len(need) > 3 and need[3] else None
        if gm is dS:
            gm = dS.copy()
        dS *= scale
        gq = sum_to(dS @ K, shapes[0]) if need[0] else None
        gk = sum_to(np.swapaxes(dS, -1, -2) @ Q, shapes[1]) if need[1] else None
        return gq, gk, gm

    def backward(g):
        gv = sum_to(np.swapaxes(Pd, -1, -2) @ g, shapes[2]) if need[2] else None
        gq, gk, gm = through_softmax(g @ np.swapaxes(V, -1, -2))
        return (gq, gk, gv) if len(need) == 3 else (gq, gk, gv, gm)

    result = record(out, inputs, backward, fn, saved=(q, k, v))
    if not want_weights:
        return result, None

    def weights_backward(g):
        gq, gk, gm = through_softmax(g)
        return (gq, gk, None) if len(need) == 3 else (gq, gk, None, gm)

    return result, record(Pd, inputs, weights_backward, "attention_weights", saved=(q, k))


@graph_backward("scaled_dot_product_attention", "attention_weights")
def _attention_graph(ctx, g):
    """The attention op's backward (and its weights'), as the derivative of attention
    written with tensor ops.  The mask's values are not kept, but the softmax P is: the
    scores are rebuilt as Q Kᵀ·scale + mask + c with the mask's values 0 and the constant
    c = log P - Q Kᵀ·scale (-inf where masked out), whose softmax is P."""
    Q, K, V, P, keep, scale, shapes = (ctx.saved(n) for n in ("Q", "K", "V", "P", "keep",
                                                             "scale", "shapes"))
    qk = Q @ np.swapaxes(K, -1, -2) * scale
    dead = ~(P > 0).any(axis=-1, keepdims=True)          # rows with nothing to attend to
    with np.errstate(divide="ignore"):
        c = np.where(dead, 0.0, np.log(P) - qk).astype(P.dtype, copy=False)
    inputs = [ctx.input(0, Q), ctx.input(1, K), ctx.input(2, V)]
    if len(ctx.node.inputs) == 4:
        inputs.append(ctx.input(3, np.zeros(shapes[3], dtype=P.dtype)))
    weights_only = ctx.node.op == "attention_weights"

    def attention(q, k, v, *mask):
        scores = q @ k.transpose(-1, -2) * scale
        if mask:
            scores = scores + mask[0]
        w = (scores + Tensor(c)).softmax(-1)
        if dead.any():
            w = w.masked_fill(Tensor(dead), 0.0)
        if keep is not None:
            w = w * Tensor(keep)
        return w if weights_only else w @ v

    return vjp(attention, tuple(inputs), g)


class MultiheadAttention(Module):
    """``MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True, kdim=None, vdim=None,
    batch_first=False)``, PyTorch's layer.

    ``attn_output, attn_weights = mha(query, key, value, key_padding_mask=None,
    need_weights=True, attn_mask=None, average_attn_weights=True, is_causal=False)``

    * shapes: (L, N, E) or, with ``batch_first=True``, (N, L, E); (L, E) unbatched;
    * ``attn_mask`` (L, S) or (N·num_heads, L, S): boolean with **True = may not
      attend** (PyTorch's convention for this layer, the opposite of
      ``scaled_dot_product_attention``'s), or floats added to the scores;
    * ``key_padding_mask`` (N, S): True marks padding keys to ignore;
    * ``is_causal=True`` is a hint that ``attn_mask`` is the causal mask and, as in
      PyTorch, needs the mask too: ``attn_mask = np.triu(np.ones((L, L), bool), 1)``;
    * ``attn_weights``: (N, L, S), averaged over heads (or (N, num_heads, L, S) with
      ``average_attn_weights=False``), after dropout, as PyTorch returns them (and
      differentiable); None when ``need_weights=False``, which is cheaper.  A query
      with no key to attend to gets weights and output 0 (PyTorch gives nan).

    Parameters: ``in_proj_weight`` (3E, E) (xavier-uniform), ``in_proj_bias`` (zeros)
    and ``out_proj`` (a Linear, bias zero) when kdim = vdim = E; otherwise
    ``q_proj_weight``, ``k_proj_weight``, ``v_proj_weight``, as PyTorch names them.

    Args:
        embed_dim (int): E, the width of the queries and outputs.
        num_heads (int): heads; must divide ``embed_dim``.
        dropout (float): dropout on the attention weights, in training.
        bias (bool): learn the projections' biases.
        add_bias_kv (bool): not supported (must be False), as it is rarely used.
        add_zero_attn (bool): not supported (must be False).
        kdim (int, optional): the keys' width (E by default).
        vdim (int, optional): the values' width (E by default).
        batch_first (bool): inputs are (N, L, E).
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights.

    Shape:
        query, key, value: as above; see ``forward``'s arguments (key_padding_mask,
        need_weights, attn_mask, average_attn_weights, is_causal) above.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> mha = nn.MultiheadAttention(16, 4, batch_first=True)
        >>> x = mg.randn(2, 5, 16)
        >>> out, weights = mha(x, x, x, attn_mask=np.triu(np.ones((5, 5), bool), 1))
        >>> out.shape, weights.shape
        ((2, 5, 16), (2, 5, 5))
    """

    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0, bias: bool = True,
                 add_bias_kv: bool = False, add_zero_attn: bool = False, kdim=None, vdim=None,
                 batch_first: bool = False, dtype=np.float64, rng=None):
        super().__init__()
        if add_bias_kv or add_zero_attn:
            raise NotImplementedError("MultiheadAttention: add_bias_kv and add_zero_attn are "
                                      "not supported by minigrad.")
        if embed_dim <= 0 or num_heads <= 0 or embed_dim % num_heads:
            raise ValueError(f"MultiheadAttention: embed_dim ({embed_dim}) must be a positive "
                             f"multiple of num_heads ({num_heads}).")
        if not 0.0 <= dropout < 1.0:
            raise ValueError(f"MultiheadAttention: dropout must be in [0, 1), got {dropout}.")
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.kdim = embed_dim if kdim is None else kdim
        self.vdim = embed_dim if vdim is None else vdim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.dropout, self.batch_first = float(dropout), batch_first
        self.rng = rng
        gen = get_rng(rng)
        E = embed_dim
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(np.empty((3 * E, E), dtype=dtype))
            init.xavier_uniform_(self.in_proj_weight, rng=gen)
        else:
            self.q_proj_weight = Parameter(np.empty((E, E), dtype=dtype))
            self.k_proj_weight = Parameter(np.empty((E, self.kdim), dtype=dtype))
            self.v_proj_weight = Parameter(np.empty((E, self.vdim), dtype=dtype))
            for w in (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight):
                init.xavier_uniform_(w, rng=gen)
        self.in_proj_bias = Parameter(np.zeros(3 * E, dtype=dtype)) if bias else None
        self.out_proj = Linear(E, E, bias=bias, dtype=dtype, rng=gen)
        if bias:
            init.zeros_(self.out_proj.bias)

    def _project(self, query, key, value):
        E = self.embed_dim
        b = self.in_proj_bias
        bq, bk, bv = (None, None, None) if b is None else (b[:E], b[E:2 * E], b[2 * E:])
        if self._qkv_same_embed_dim:
            w = self.in_proj_weight
            if query is key and key is value:               # self-attention: one product
                qkv = F.linear(query, w, b)
                return qkv[..., :E], qkv[..., E:2 * E], qkv[..., 2 * E:]
            wq, wk, wv = w[:E], w[E:2 * E], w[2 * E:]
        else:
            wq, wk, wv = self.q_proj_weight, self.k_proj_weight, self.v_proj_weight
        return F.linear(query, wq, bq), F.linear(key, wk, bk), F.linear(value, wv, bv)

    def _mask(self, attn_mask, key_padding_mask, N: int, L: int, S: int, dtype):
        """One mask for the attention op, shaped to broadcast over (N, heads, L, S): boolean
        'may attend' when every given mask is boolean, else an additive float mask."""
        h = self.num_heads
        parts = []
        if attn_mask is not None:
            m = attn_mask.data if isinstance(attn_mask, Tensor) else np.asarray(attn_mask)
            if m.shape == (L, S):
                m = m.reshape(1, 1, L, S)
            elif m.shape == (N * h, L, S):
                m = m.reshape(N, h, L, S)
            else:
                raise ShapeError(f"MultiheadAttention: attn_mask must have shape ({L}, {S}) or "
                                 f"({N * h}, {L}, {S}), got {m.shape}.")
            parts.append(("attn_mask", m))
        if key_padding_mask is not None:
            m = (key_padding_mask.data if isinstance(key_padding_mask, Tensor)
                 else np.asarray(key_padding_mask))
            if m.shape != (N, S):
                raise ShapeError(f"MultiheadAttention: key_padding_mask must have shape "
                                 f"({N}, {S}), got {m.shape}.")
            parts.append(("key_padding_mask", m.reshape(N, 1, 1, S)))
        for name, p in parts:
            if p.dtype != np.bool_ and p.dtype != dtype:
                raise TypeError(f"MultiheadAttention: {name} must be boolean (True = may not "
                                f"attend) or floating point of the query's dtype {dtype} (added "
                                f"to the scores), as in PyTorch; got dtype {p.dtype}."
                                + (" A 0/1 integer mask would be added to the scores, not mask "
                                   "them: pass mask.bool()." if p.dtype.kind in "iu" else ""))
        parts = [p for _, p in parts]
        if not parts:
            return None
        if all(p.dtype == np.bool_ for p in parts):
            blocked = parts[0] if len(parts) == 1 else parts[0] | parts[1]
            return ~blocked
        total = np.zeros((1, 1, 1, 1), dtype=dtype)
        for p in parts:
            total = total + (np.where(p, -np.inf, 0).astype(dtype) if p.dtype == np.bool_
                             else p.astype(dtype))
        return total

    def forward(self, query, key, value, key_padding_mask=None, need_weights: bool = True,
                attn_mask=None, average_attn_weights: bool = True, is_causal: bool = False):
        if is_causal and attn_mask is None:
            raise RuntimeError("MultiheadAttention: is_causal=True is a hint that attn_mask is "
                               "the causal mask, so attn_mask must be given too (as in PyTorch): "
                               "attn_mask = np.triu(np.ones((L, L), dtype=bool), 1).")
        unbatched = query.ndim == 2
        same = query is key, key is value

        def to_batch(t):       # -> (N, L, E)
            if unbatched:
                return t.reshape(1, *t.shape)
            return t if self.batch_first else t.transpose(0, 1)

        q_in = to_batch(query)
        k_in = q_in if same[0] else to_batch(key)
        v_in = k_in if same[1] else to_batch(value)
        N, L, E = q_in.shape
        S = k_in.shape[1]
        if E != self.embed_dim:
            raise ShapeError(f"MultiheadAttention: query has width {E}, expected embed_dim "
                             f"{self.embed_dim}.")
        q, k, v = self._project(q_in, k_in, v_in)
        h, d = self.num_heads, self.head_dim

        def heads(t, length):  # (N, length, E) -> (N, h, length, d)
            return t.reshape(N, length, h, d).permute(0, 2, 1, 3)

        mask = self._mask(attn_mask, key_padding_mask, N, L, S, q.dtype)
        p = self.dropout if self.training else 0.0
        out, weights = _attention(heads(q, L), heads(k, S), heads(v, S), mask, p, False, None,
                                  self.rng, want_weights=need_weights)
        out = self.out_proj(out.permute(0, 2, 1, 3).reshape(N, L, E))
        if unbatched:
            out = out.reshape(L, E)
        elif not self.batch_first:
            out = out.transpose(0, 1)
        if not need_weights:
            return out, None
        if average_attn_weights:
            weights = weights.mean(1)
        return out, weights[0] if unbatched else weights

    def extra_repr(self) -> str:
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, "
                f"dropout={self.dropout}, batch_first={self.batch_first}")


class TransformerEncoderLayer(Module):
    """PyTorch's ``TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False, bias=True)``.

    Self-attention then a two-layer MLP, each added back to its input (a residual)
    and layer-normalised: after the sum (``norm_first=False``, the original
    transformer) or before each block (``norm_first=True``, which trains more
    easily when deep).  Submodule names match PyTorch's (``self_attn``, ``linear1``,
    ``linear2``, ``norm1``, ``norm2``), so a ``state_dict`` copies across.

    Args:
        d_model (int): the width E.
        nhead (int): attention heads.
        dim_feedforward (int): the MLP's hidden width (2048).
        dropout (float): dropout after attention and in the MLP (0.1).
        activation: ``'relu'``, ``'gelu'`` or a function.
        layer_norm_eps (float): the layer norms' eps.
        batch_first (bool): inputs are (N, L, E).
        norm_first (bool): normalise before each block.
        bias (bool): learn biases in the linear layers and norms.
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights.

    Shape:
        src: (L, N, E), or (N, L, E) with ``batch_first``; the output has the same.
        src_mask: an attention mask, as :class:`MultiheadAttention`'s ``attn_mask``.
        src_key_padding_mask: (N, L), True for padding.
        is_causal: a hint that ``src_mask`` is the causal mask.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> block = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, batch_first=True)
        >>> block(mg.randn(2, 5, 16)).shape
        (2, 5, 16)
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, bias: bool = True,
                 dtype=np.float64, rng=None):
        super().__init__()
        gen = get_rng(rng)
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias,
                                            batch_first=batch_first, dtype=dtype, rng=gen)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype, rng=gen)
        self.dropout = Dropout(dropout, rng=gen)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype, rng=gen)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.dropout1 = Dropout(dropout, rng=gen)
        self.dropout2 = Dropout(dropout, rng=gen)
        if activation == "relu":
            self.activation = F.relu
        elif activation == "gelu":
            self.activation = gelu
        elif callable(activation):
            self.activation = activation
        else:
            raise ValueError(f"TransformerEncoderLayer: activation must be 'relu', 'gelu' or a "
                             f"function, got {activation!r}.")

    def _attend(self, x, src_mask, src_key_padding_mask, is_causal):
        out, _ = self.self_attn(x, x, x, attn_mask=src_mask,
                                key_padding_mask=src_key_padding_mask, need_weights=False,
                                is_causal=is_causal)
        return self.dropout1(out)

    def _feed_forward(self, x):
        return self.dropout2(self.linear2(self.dropout(self.activation(self.linear1(x)))))

    def forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal: bool = False):
        x = src
        if self.norm_first:
            x = x + self._attend(self.norm1(x), src_mask, src_key_padding_mask, is_causal)
            return x + self._feed_forward(self.norm2(x))
        x = self.norm1(x + self._attend(x, src_mask, src_key_padding_mask, is_causal))
        return self.norm2(x + self._feed_forward(x))
