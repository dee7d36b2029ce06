# EXERCISE 10.backward_once
# expect: incorrect: the library's topological backward
def backward_once(root):
    return root.backward(method="topological")
