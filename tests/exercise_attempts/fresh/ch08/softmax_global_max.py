# EXERCISE 08.softmax
# expect: incorrect: one shift for the whole batch, so a row far below the maximum underflows to 0/0
def softmax(logits):
    e = (logits - logits.data.max()).exp()
    return e / e.sum(dim=1, keepdims=True)
