# EXERCISE 10.backward_unblocked
# expect: mistake: unblocked_plain
def backward_unblocked(root):
    root.backward()
