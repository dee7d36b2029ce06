# EXERCISE 00.topological_sort
# expect: shortcut
def topological_sort(root):
    return list(Graph(root).nodes)
