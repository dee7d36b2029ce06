# EXERCISE 13.scores
# expect: correct
def attention_scores(q, k):
    axes = list(range(k.ndim))
    axes[-1], axes[-2] = axes[-2], axes[-1]
    keys_as_columns = k.permute(*axes)
    return q @ keys_as_columns / np.sqrt(q.shape[-1])
