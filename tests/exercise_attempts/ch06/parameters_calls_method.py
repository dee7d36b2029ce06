# EXERCISE 06.parameters
# expect: shortcut
def parameters(module):
    return list(module.parameters())
