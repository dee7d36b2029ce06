# EXERCISE 00.clear
# expect: shortcut
def clear(nodes):
    for n in nodes:
        n.clear()
