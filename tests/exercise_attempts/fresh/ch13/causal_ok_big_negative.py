# EXERCISE 13.causal_weights
# expect: correct
def causal_attention_weights(scores):
    T = scores.shape[-1]
    future = np.arange(T)[None, :] > np.arange(T)[:, None]
    masked = scores.masked_fill(future, -1e9)
    return F.softmax(masked, dim=-1)
