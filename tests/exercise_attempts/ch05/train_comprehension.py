# EXERCISE 05.train
# expect: correct
# One epoch as a function, the list built by a comprehension; zero_grad after the step.
def train(loss_fn, optimizer, epochs):
    def one_epoch():
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return float(loss.item())
    optimizer.zero_grad()
    return [one_epoch() for _ in range(epochs)]
