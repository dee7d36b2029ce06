# EXERCISE 02.count_visits
# expect: mistake: count_visits_nodes
def count_visits(root):
    seen, stack = set(), [root]
    while stack:
        n = stack.pop()
        if id(n) not in seen:
            seen.add(id(n))
            stack.extend(n.parents)
    return len(seen)
