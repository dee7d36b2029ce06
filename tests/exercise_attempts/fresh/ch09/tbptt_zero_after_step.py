# EXERCISE 09.truncated_bptt
# expect: incorrect: zeroes after the step, so leftover gradients spoil the first chunk
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    h, losses = None, []
    for start in range(0, len(xs), k):
        total = 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            total = total + ((head(h) - ys[t]) ** 2).mean()
        loss = total / k
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        h = h.detach()
        losses.append(loss.item())
    return losses
