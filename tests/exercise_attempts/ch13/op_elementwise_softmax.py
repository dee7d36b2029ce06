# EXERCISE 13.attention_op
# expect: mistake: op_softmax_elementwise
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    s = 1 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * s
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dS = P * (g @ V.T)
        return dS @ K * s, dS.T @ Q * s, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
