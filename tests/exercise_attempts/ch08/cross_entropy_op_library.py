# EXERCISE 08.cross_entropy_op
# expect: shortcut
def cross_entropy_op(logits, target):
    return mg.nn.functional.cross_entropy(logits, target)
