# EXERCISE 00.topological_sort
# expect: correct
def topological_sort(root):
    order, done = [], set()
    stack = [(root, iter(root.inputs))]
    done.add(id(root))
    while stack:
        node, it = stack[-1]
        for child in it:
            if id(child) not in done:
                done.add(id(child))
                stack.append((child, iter(child.inputs)))
                break
        else:
            stack.pop()
            order.append(node)
    return order
