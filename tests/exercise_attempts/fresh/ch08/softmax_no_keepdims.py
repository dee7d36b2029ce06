# EXERCISE 08.softmax
# expect: incorrect: row sums without keepdims broadcast along the wrong axis
def softmax(logits):
    m = logits.data.max(axis=1, keepdims=True)
    e = (logits - m).exp()
    return e / e.sum(dim=1)
