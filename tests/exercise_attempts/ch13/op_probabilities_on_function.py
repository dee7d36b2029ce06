# EXERCISE 13.attention_op
# expect: incorrect: attribute set on your function
# Keeps the attention weights on the function for its backward.
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[1])
    S = Q @ K.T * c
    E = np.exp(S - S.max(axis=1, keepdims=True))
    attention_op.P = E / E.sum(axis=1, keepdims=True)

    def backward(g):
        P = attention_op.P
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True))
        return dS @ K * c, dS.T @ Q * c, P.T @ g

    return record(attention_op.P @ V, (q, k, v), backward, "attention")
