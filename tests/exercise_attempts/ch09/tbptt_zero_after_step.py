# EXERCISE 09.truncated_bptt
# expect: mistake: tbptt_zero_after_step
# (issue 22 escape) Zeroes the gradients after each step instead of at the start of each
# chunk: the first chunk's step uses whatever gradients were there before the call.
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    losses, h = [], None
    for start in range(0, len(xs), k):
        total = 0
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            total = total + ((head(h) - Tensor([[ys[t]]])) ** 2).sum()
        loss = total / k
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(float(loss.data))
        h = h.detach()
    return losses
