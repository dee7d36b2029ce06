# EXERCISE 13.causal_weights
# expect: incorrect: shifts by a row maximum that includes the hidden keys (underflow)
def causal_attention_weights(scores):
    T = scores.shape[-1]
    keep = np.tril(np.ones((T, T)))
    e = (scores - scores.data.max(axis=-1, keepdims=True)).exp() * keep
    return e / e.sum(dim=-1, keepdim=True)
