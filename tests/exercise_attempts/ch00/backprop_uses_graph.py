# EXERCISE 00.backprop
# expect: shortcut
def backprop(nodes):
    graph = Graph(nodes[-1])
    graph.backprop()
