# EXERCISE 13.scores
# expect: mistake: scores_divide_by_d
def attention_scores(q, k):
    width = q.shape[-1]
    return (q @ k.transpose(-2, -1)) / width
