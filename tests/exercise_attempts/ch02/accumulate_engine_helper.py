# EXERCISE 02.accumulate
# expect: shortcut
# Hands the work to the engine's own helper, which is what the exercise asks for.
from minigrad import autograd


def accumulate(tensor, grad):
    autograd._accumulate(tensor, grad)
