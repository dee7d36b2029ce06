# EXERCISE 09.truncated_bptt
# expect: incorrect: starts every chunk from None instead of carrying the state
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    losses = []
    for start in range(0, len(xs), k):
        optimizer.zero_grad()
        h, total = None, 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            total = total + ((head(h) - ys[t]) ** 2).mean()
        loss = total / k
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
