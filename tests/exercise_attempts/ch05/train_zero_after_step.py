# EXERCISE 05.train
# expect: mistake: train_zero_after_step
# (issue 22 escape, the same order in chapter 5) Zeroes after step: the first step also uses
# whatever gradients the parameters held before train was called.
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
    return losses
