# EXERCISE 13.causal_weights
# expect: mistake: causal_mask_zero
def causal_attention_weights(scores):
    T = scores.shape[-1]
    mask = np.triu(np.ones((T, T), dtype=bool), 1)
    return F.softmax(scores.masked_fill(mask, 0.0), dim=-1)
