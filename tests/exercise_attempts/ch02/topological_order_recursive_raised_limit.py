# EXERCISE 02.topological_order
# expect: incorrect: recursion
# Recursive, with Python's recursion limit raised so that the deep chain fits.
import sys

sys.setrecursionlimit(100_000)


def topological_order(root):
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for p in node.parents:
            visit(p)
        order.append(node)

    visit(root)
    return order[::-1]
