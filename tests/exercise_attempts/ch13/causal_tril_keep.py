# EXERCISE 13.causal_weights
# expect: mistake: causal_mask_after_softmax
# Multiplies the weights by a lower-triangular matrix of ones after the softmax.
def causal_attention_weights(scores):
    T = scores.shape[-1]
    weights = F.softmax(scores, dim=-1)
    return weights * np.tril(np.ones((T, T)))
