# EXERCISE 08.softmax
# expect: mistake: softmax_global_max
# Shifts every logit by the largest one in the whole batch.
def softmax(logits):
    top = np.max(logits.data)
    e = (logits - top).exp()
    return e / e.sum(dim=1, keepdims=True)
