# EXERCISE 13.causal_weights
# expect: mistake: causal_mask_diagonal
def causal_attention_weights(scores):
    T = scores.shape[-1]
    mask = np.triu(np.ones((T, T), dtype=bool))
    return F.softmax(scores.masked_fill(mask, -np.inf), dim=-1)
