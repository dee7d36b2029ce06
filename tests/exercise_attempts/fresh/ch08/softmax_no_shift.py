# EXERCISE 08.softmax
# expect: incorrect: no shift: overflows for large logits
def softmax(logits):
    e = logits.exp()
    return e / e.sum(dim=1, keepdims=True)
