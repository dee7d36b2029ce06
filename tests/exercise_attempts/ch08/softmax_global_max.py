# EXERCISE 08.softmax
# expect: mistake: softmax_global_max
def softmax(logits):
    e = (logits - float(logits.data.max())).exp()
    return e / e.sum(1, keepdims=True)
