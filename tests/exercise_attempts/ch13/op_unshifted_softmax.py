# EXERCISE 13.attention_op
# expect: mistake: op_naive_softmax
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[-1])
    E = np.exp(Q @ K.T * c)
    P = E / E.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True)) * c
        return dS @ K, dS.T @ Q, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
