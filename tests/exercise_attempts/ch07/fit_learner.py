# EXERCISE 07.fit
# expect: shortcut
from classroom.designs.closures import Learner


def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    return Learner(model, loss, optimizer).fit(X, Y, epochs, batch_size, seed)
