# EXERCISE 13.scores
# expect: incorrect: divides by d, not its square root
def attention_scores(q, k):
    return q @ k.transpose(-2, -1) / q.shape[-1]
