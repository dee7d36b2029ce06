# EXERCISE 08.softmax
# expect: shortcut
def softmax(logits):
    return mg.nn.functional.softmax(logits, dim=1)
