# EXERCISE 02.add
# expect: mistake: add_only_first
def add(a, b):
    def backward(grad):
        return (grad, None)
    return record(a.data + b.data, (a, b), backward, "add")
