# EXERCISE 13.attention_op
# expect: mistake: op_dv_not_transposed
# The value gradient uses the weights untransposed: right only when the weights are symmetric.
def attention_op(q, k, v):
    Q, K, V = q.data, k.data, v.data
    d = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d)
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    out = weights @ V

    def backward(grad):
        grad_v = weights @ grad
        grad_w = grad @ V.T
        inner = (grad_w * weights).sum(axis=1, keepdims=True)
        grad_s = weights * (grad_w - inner) / np.sqrt(d)
        return grad_s @ K, grad_s.T @ Q, grad_v

    return record(out, (q, k, v), backward, "attention")
