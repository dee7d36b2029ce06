# EXERCISE 04.div
# expect: shortcut
def div(a, b):
    return a / b
