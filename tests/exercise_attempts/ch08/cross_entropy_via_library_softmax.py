# EXERCISE 08.cross_entropy
# expect: shortcut
# The library's softmax method, then a log: the chapter asks not to use minigrad's softmax.
def cross_entropy(logits, target):
    p = logits.softmax(dim=1)
    return -p[np.arange(len(target)), target].log().mean()
