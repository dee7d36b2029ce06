# EXERCISE 13.scores
# expect: incorrect: should have shape (3, 5)
# Keys times queries: the result is the transpose, (keys, queries), row s holding key s's
# scores. The check's case has 3 queries and 5 keys, so the shape gives it away.
def attention_scores(q, k):
    d = q.shape[-1]
    return k @ q.transpose(-2, -1) / math.sqrt(d)
