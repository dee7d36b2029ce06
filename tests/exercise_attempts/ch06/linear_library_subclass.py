# EXERCISE 06.linear
# expect: shortcut
class Linear(mg.nn.Linear):
    pass
