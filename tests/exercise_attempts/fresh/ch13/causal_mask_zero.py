# EXERCISE 13.causal_weights
# expect: incorrect: sets the hidden scores to 0, not minus infinity
def causal_attention_weights(scores):
    T = scores.shape[-1]
    future = np.triu(np.ones((T, T), dtype=bool), k=1)
    return F.softmax(scores.masked_fill(future, 0.0), dim=-1)
