# EXERCISE 13.scores
# expect: incorrect: no scaling
def attention_scores(q, k):
    return q @ k.transpose(-2, -1)
