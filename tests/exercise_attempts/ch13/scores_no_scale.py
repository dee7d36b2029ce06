# EXERCISE 13.scores
# expect: mistake: scores_no_scale
def attention_scores(q, k):
    return q @ k.transpose(-2, -1)
