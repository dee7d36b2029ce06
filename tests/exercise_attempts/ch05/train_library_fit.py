# EXERCISE 05.train
# expect: shortcut
# Tries to hand the loop to minigrad.train.fit, which wants a model and a loader.
def train(loss_fn, optimizer, epochs):
    history = mg.train.fit(loss_fn, None, optimizer, [], epochs=epochs)
    return list(history)
