# EXERCISE 13.scores
# expect: mistake: scores_T_all_axes
# .T works for matrices, so the first cases pass; the batched case does not.
def attention_scores(q, k):
    return q @ k.T / math.sqrt(q.shape[-1])
