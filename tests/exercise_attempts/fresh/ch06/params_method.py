# EXERCISE 06.parameters
# expect: incorrect: calls module.parameters(), which the checker's modules refuse
def parameters(module):
    return list(module.parameters())
