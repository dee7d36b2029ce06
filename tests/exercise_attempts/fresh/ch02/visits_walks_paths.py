# EXERCISE 02.count_visits
# expect: incorrect: walks every path (exponential)
def count_visits(root):
    count = 0
    stack = [root]
    while stack:
        t = stack.pop()
        count += 1
        stack.extend(t.parents)
    return count
