# EXERCISE 09.truncated_bptt
# expect: correct
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h, losses = None, []
    for start in range(0, len(xs), k):
        optimizer.zero_grad()
        total = None
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            err = (head(h) - ys[t]) ** 2
            total = err if total is None else total + err
        loss = (total * (1.0 / k)).sum()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        h = h.detach()
    return losses
