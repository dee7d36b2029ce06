# EXERCISE 13.scores
# expect: correct
def attention_scores(q, k):
    scale = q.shape[-1] ** -0.5
    return mg.einsum("...td,...sd->...ts", q * scale, k)
