# EXERCISE 13.causal_weights
# expect: incorrect: hides the past instead of the future
def causal_attention_weights(scores):
    T = scores.shape[-1]
    past = np.tril(np.ones((T, T), dtype=bool), k=-1)
    return F.softmax(scores.masked_fill(past, -1e9), dim=-1)
