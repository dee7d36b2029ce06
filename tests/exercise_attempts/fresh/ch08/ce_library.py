# EXERCISE 08.cross_entropy
# expect: incorrect: the library's cross_entropy
def cross_entropy(logits, target):
    return mg.nn.functional.cross_entropy(logits, target)
