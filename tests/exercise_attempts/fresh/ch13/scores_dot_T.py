# EXERCISE 13.scores
# expect: incorrect: .T reverses every axis (right only for 2-D inputs)
def attention_scores(q, k):
    return q @ k.T / math.sqrt(q.shape[-1])
