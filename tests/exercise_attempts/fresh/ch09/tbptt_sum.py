# EXERCISE 09.truncated_bptt
# expect: incorrect: the chunk loss is a sum over its steps
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h, losses = None, []
    for start in range(0, len(xs), k):
        optimizer.zero_grad()
        loss = 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            loss = loss + ((head(h) - ys[t]) ** 2).mean()
        loss.backward()
        optimizer.step()
        h = h.detach()
        losses.append(loss.item())
    return losses
