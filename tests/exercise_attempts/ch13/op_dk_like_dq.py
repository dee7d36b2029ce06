# EXERCISE 13.attention_op
# expect: mistake: op_dk_not_transposed
# Writes dK the way dQ is written.
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * c
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True)) * c
        return dS @ K, dS @ Q, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
