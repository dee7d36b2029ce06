# EXERCISE 13.causal_weights
# expect: incorrect: NumPy only, no graph
def causal_attention_weights(scores):
    s = scores.data.copy()
    T = s.shape[-1]
    s[..., np.triu(np.ones((T, T), dtype=bool), k=1)] = -np.inf
    s = s - s.max(axis=-1, keepdims=True)
    e = np.exp(s)
    return Tensor(e / e.sum(axis=-1, keepdims=True))
