# EXERCISE 13.attention_op
# expect: correct
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    scale = 1 / np.sqrt(Q.shape[1])
    S = Q @ K.T * scale
    E = np.exp(S - S.max(axis=1, keepdims=True))
    P = E / E.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = np.empty_like(P)
        for r in range(P.shape[0]):                 # row by row, with the full Jacobian
            p = P[r]
            J = np.diag(p) - np.outer(p, p)
            dS[r] = J.T @ dP[r]
        return (dS @ K) * scale, (dS.T @ Q) * scale, P.T @ g

    return record(P @ V, (q, k, v), backward, "attention")
