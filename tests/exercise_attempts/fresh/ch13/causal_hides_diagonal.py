# EXERCISE 13.causal_weights
# expect: incorrect: also hides each query's own key
def causal_attention_weights(scores):
    T = scores.shape[-1]
    future = np.triu(np.ones((T, T), dtype=bool), k=0)
    return F.softmax(scores.masked_fill(future, -1e9), dim=-1)
