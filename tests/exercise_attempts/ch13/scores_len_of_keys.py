# EXERCISE 13.scores
# expect: mistake: scores_sqrt_length
def attention_scores(q, k):
    n = k.shape[-2]
    return q @ k.transpose(-2, -1) / math.sqrt(n)
