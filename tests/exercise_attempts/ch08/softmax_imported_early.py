# EXERCISE 08.softmax
# expect: shortcut
# Grabs the library's softmax under another name before the check runs.
from minigrad.nn.functional import softmax as library_softmax


def softmax(logits):
    return library_softmax(logits, dim=1)
