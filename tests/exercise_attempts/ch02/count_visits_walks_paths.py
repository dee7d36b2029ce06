# EXERCISE 02.count_visits
# expect: incorrect: visits every path
# Walks every path, exactly as the naive backward would.
def count_visits(root):
    total, stack = 0, [root]
    while stack:
        node = stack.pop()
        total += 1
        stack.extend(node.parents)
    return total
