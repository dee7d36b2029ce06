# EXERCISE 13.scores
# expect: incorrect: scales by the number of queries
def attention_scores(q, k):
    return q @ k.transpose(-2, -1) / math.sqrt(q.shape[-2])
