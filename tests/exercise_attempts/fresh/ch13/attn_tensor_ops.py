# EXERCISE 13.attention_op
# expect: incorrect: built from tensor ops, many nodes
def attention_op(q, k, v):
    s = q @ k.T / math.sqrt(q.shape[-1])
    return F.softmax(s, dim=-1) @ v
