# EXERCISE 13.attention_op
# expect: incorrect: one recorded op
# Right values and gradients, but from many recorded ops instead of one.
def attention_op(q, k, v):
    scores = q @ k.T / math.sqrt(q.shape[-1])
    return F.softmax(scores, dim=-1) @ v
