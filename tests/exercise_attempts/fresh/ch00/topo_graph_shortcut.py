# EXERCISE 00.topological_sort
# expect: incorrect: uses the library's Graph, which the text forbids (and renames nodes)
def topological_sort(root):
    return list(Graph(root).nodes)
