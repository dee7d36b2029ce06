# EXERCISE 09.truncated_bptt
# expect: correct
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h, losses = None, []
    for start in range(0, len(xs), k):
        optimizer.zero_grad()
        total = 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            total = total + ((head(h) - ys[t]) ** 2).mean()
        loss = total / k
        loss.backward()
        optimizer.step()
        h = Tensor(h.data, requires_grad=True)
        losses.append(loss.item())
    return losses
