# EXERCISE 13.causal_weights
# expect: correct
def causal_attention_weights(scores):
    T = scores.shape[-1]
    hide = ~np.tril(np.ones((T, T), dtype=bool))
    masked = scores.masked_fill(hide, -np.inf)
    shifted = masked - masked.data.max(axis=-1, keepdims=True)
    e = shifted.exp()
    return e / e.sum(dim=-1, keepdim=True)
