# EXERCISE 13.causal_weights
# expect: correct
def causal_attention_weights(scores):
    T = scores.shape[-1]
    hidden = np.triu(np.ones((T, T), dtype=bool), k=1)
    return F.softmax(scores.masked_fill(hidden, float("-inf")), dim=-1)
