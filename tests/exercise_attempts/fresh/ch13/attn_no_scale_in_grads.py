# EXERCISE 13.attention_op
# expect: incorrect: forgets the scale in dQ and dK
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[-1]
    S = Q @ K.T / math.sqrt(d)
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True))
        return dS @ K, dS.T @ Q, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
