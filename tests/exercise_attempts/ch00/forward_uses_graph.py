# EXERCISE 00.forward
# expect: shortcut
def forward(nodes, X):
    return Graph(nodes[-1]).forward(X)
