# EXERCISE 13.attention_op
# expect: incorrect: softmax backward as elementwise P * dP (drops the row term)
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[-1]
    S = Q @ K.T / math.sqrt(d)
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dS = P * (g @ V.T)
        return dS @ K / math.sqrt(d), dS.T @ Q / math.sqrt(d), P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
