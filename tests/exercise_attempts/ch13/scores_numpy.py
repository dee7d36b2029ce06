# EXERCISE 13.scores
# expect: incorrect: brand-new leaf
# Right numbers from NumPy, wrapped in a new Tensor: no gradient reaches q or k.
def attention_scores(q, k):
    d = q.shape[-1]
    return Tensor(q.data @ np.swapaxes(k.data, -1, -2) / math.sqrt(d), requires_grad=True)
