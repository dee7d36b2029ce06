# EXERCISE 13.causal_weights
# expect: correct
def causal_attention_weights(scores):
    T = scores.shape[-1]
    mask = np.triu(np.ones((T, T), dtype=bool), k=1)
    hidden = np.where(mask, -np.inf, 0.0)
    masked = scores + hidden
    m = np.max(np.where(mask, -np.inf, scores.data), axis=-1, keepdims=True)
    e = (masked - m).exp()
    return e / e.sum(dim=-1, keepdim=True)
