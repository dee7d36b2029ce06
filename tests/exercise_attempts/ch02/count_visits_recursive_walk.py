# EXERCISE 02.count_visits
# expect: incorrect: visits every path
def count_visits(root):
    return 1 + sum(count_visits(p) for p in root.parents)
