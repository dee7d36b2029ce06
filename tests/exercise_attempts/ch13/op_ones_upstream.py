# EXERCISE 13.attention_op
# expect: mistake: op_ignores_upstream
# Starts the backward from ones, as if the output were the end of the graph.
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * c
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    out = P @ V

    def backward(g):
        ones = np.ones_like(out)
        dP = ones @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True)) * c
        return dS @ K, dS.T @ Q, P.T @ ones

    return record(out, (q, k, v), backward, "attention")
