# EXERCISE 08.softmax
# expect: incorrect: in place
# Shifts the logits' own array before exponentiating.
def softmax(logits):
    logits.data -= logits.data.max(axis=1, keepdims=True)
    e = logits.exp()
    return e / e.sum(1, keepdims=True)
