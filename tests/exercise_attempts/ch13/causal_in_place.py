# EXERCISE 13.causal_weights
# expect: incorrect: in place
# Writes -inf into the scores' own array before the softmax.
def causal_attention_weights(scores):
    T = scores.shape[-1]
    scores.data[..., np.triu(np.ones((T, T), dtype=bool), 1)] = -np.inf
    return F.softmax(scores, dim=-1)
