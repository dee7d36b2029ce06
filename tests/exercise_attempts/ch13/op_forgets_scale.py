# EXERCISE 13.attention_op
# expect: mistake: op_no_scale_in_backward
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    S = Q @ K.T / math.sqrt(Q.shape[-1])
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True))
        return dS @ K, dS.T @ Q, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
