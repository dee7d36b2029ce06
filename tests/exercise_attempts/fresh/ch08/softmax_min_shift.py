# EXERCISE 08.softmax
# expect: incorrect: subtracts the row minimum, which makes overflow worse
def softmax(logits):
    m = logits.data.min(axis=1, keepdims=True)
    e = (logits - m).exp()
    return e / e.sum(dim=1, keepdims=True)
