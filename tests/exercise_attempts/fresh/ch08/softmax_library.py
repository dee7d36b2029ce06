# EXERCISE 08.softmax
# expect: incorrect: the library's softmax
def softmax(logits):
    return logits.softmax(1)
