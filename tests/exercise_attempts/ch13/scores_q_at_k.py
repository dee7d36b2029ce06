# EXERCISE 13.scores
# expect: mistake: scores_no_transpose
def attention_scores(q, k):
    return q @ k / math.sqrt(q.shape[-1])
