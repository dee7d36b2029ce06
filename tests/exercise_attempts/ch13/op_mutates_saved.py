# EXERCISE 13.attention_op
# expect: incorrect: the second time it ran
# Saves memory by computing the softmax's gradient in the saved weights' own array: the
# second backward on the same graph starts from the wrong P.
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * c
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)

    def backward(g):
        dV = P.T @ g
        dP = g @ V.T
        dS = P
        dS *= dP - (dP * P).sum(axis=1, keepdims=True)
        return dS @ K * c, dS.T @ Q * c, dV

    return record(P @ V, (q, k, v), backward, "attention")
