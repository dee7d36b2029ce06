# EXERCISE 09.truncated_bptt
# expect: incorrect: one optimizer step after all chunks
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h, losses = None, []
    optimizer.zero_grad()
    for start in range(0, len(xs), k):
        total = 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            total = total + ((head(h) - ys[t]) ** 2).mean()
        loss = total / k
        loss.backward()
        h = h.detach()
        losses.append(loss.item())
    optimizer.step()
    return losses
