# EXERCISE 13.attention_op
# expect: incorrect: no shift before exp
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[-1]
    E = np.exp(Q @ K.T / math.sqrt(d))
    P = E / E.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True))
        return dS @ K / math.sqrt(d), dS.T @ Q / math.sqrt(d), P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
