# EXERCISE 13.attention_op
# expect: incorrect: backward overwrites the saved P
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[-1]
    S = Q @ K.T / math.sqrt(d)
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    out = P @ V

    def backward(g):
        dV = P.T @ g
        dP = g @ V.T
        rowsum = (dP * P).sum(axis=1, keepdims=True)
        np.multiply(P, dP - rowsum, out=P)
        return P @ K / math.sqrt(d), P.T @ Q / math.sqrt(d), dV

    return record(out, (q, k, v), backward, "attention")
