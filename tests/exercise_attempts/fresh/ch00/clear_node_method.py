# EXERCISE 00.clear
# expect: incorrect: calls the nodes' own clear(), which the text refuses
def clear(nodes):
    for node in nodes:
        node.clear()
