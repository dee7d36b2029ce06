# EXERCISE 10.backward_once
# expect: shortcut
def backward_once(root):
    return root.backward(method="topological")
