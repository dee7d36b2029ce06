# EXERCISE 02.count_visits
# expect: correct
# Visits made by the walk started at a node = 1 + the visits of the walks started at its
# parents (one per edge); remembered per node, so each is worked out once.
from functools import lru_cache


def count_visits(root):
    memo = {}

    def visits(node):
        if id(node) not in memo:
            memo[id(node)] = 1 + sum(visits(p) for p in node.parents)
        return memo[id(node)]

    return visits(root)
