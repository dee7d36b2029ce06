# EXERCISE 09.truncated_bptt
# expect: correct
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h = None
    losses = []
    for start in range(0, len(xs), k):
        optimizer.zero_grad()
        total = None
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            err = (head(h) - ys[t]) ** 2
            total = err if total is None else total + err
        loss = (total / k).mean()
        loss.backward()
        optimizer.step()
        h = h.detach()
        losses.append(loss.item())
    return losses
