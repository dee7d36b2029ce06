# EXERCISE 13.attention_op
# expect: shortcut
# Writes the backward, but takes the forward from minigrad's own attention.
def attention_op(q, k, v):
    out = F.scaled_dot_product_attention(Tensor(q.data), Tensor(k.data), Tensor(v.data)).data
    Q, K, V = q.data, k.data, v.data
    c = 1 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * c
    P = np.exp(S - S.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)

    def backward(g):
        dP = g @ V.T
        dS = P * (dP - (dP * P).sum(axis=1, keepdims=True)) * c
        return dS @ K, dS.T @ Q, P.T @ g

    return record(out, (q, k, v), backward, "attention")
