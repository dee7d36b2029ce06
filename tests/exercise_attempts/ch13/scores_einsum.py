# EXERCISE 13.scores
# expect: correct
# Every query against every key, written as an einsum over the shared last axis.
def attention_scores(q, k):
    scaled = q / math.sqrt(q.shape[-1])
    return mg.einsum("...td,...sd->...ts", scaled, k)
