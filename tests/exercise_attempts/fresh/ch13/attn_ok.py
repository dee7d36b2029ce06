# EXERCISE 13.attention_op
# expect: correct
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[-1]
    S = Q @ K.T / math.sqrt(d)
    S = S - S.max(axis=1, keepdims=True)
    P = np.exp(S)
    P /= P.sum(axis=1, keepdims=True)
    out = P @ V

    def backward(g):
        dV = P.T @ g
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True))
        dQ = dS @ K / math.sqrt(d)
        dK = dS.T @ Q / math.sqrt(d)
        return dQ, dK, dV

    return record(out, (q, k, v), backward, "attention")
