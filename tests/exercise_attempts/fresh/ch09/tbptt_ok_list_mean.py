# EXERCISE 09.truncated_bptt
# expect: correct
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    T = len(xs)
    chunks = T // k
    state = None
    out = []
    for c in range(chunks):
        optimizer.zero_grad()
        errs = []
        for t in range(c * k, (c + 1) * k):
            state = cell(Tensor(np.array([[xs[t]]])), state)
            pred = head(state)
            errs.append(((pred - Tensor([[ys[t]]])) ** 2).sum())
        chunk_loss = errs[0]
        for e in errs[1:]:
            chunk_loss = chunk_loss + e
        chunk_loss = chunk_loss * (1.0 / k)
        chunk_loss.backward()
        optimizer.step()
        out.append(float(chunk_loss.item()))
        state = state.detach()
    return out
