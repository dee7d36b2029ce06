# EXERCISE 13.scores
# expect: incorrect: computes the scores in float32
def attention_scores(q, k):
    s = q @ k.transpose(-2, -1)
    return s * Tensor(np.float32(1 / math.sqrt(q.shape[-1])))
