# EXERCISE 09.truncated_bptt
# expect: correct
# Collects the k squared errors and averages them with one division; detaches before use.
def truncated_bptt(cell, head, optimizer, xs, ys, k):
    out = []
    state = None
    T = len(xs)
    for c in range(T // k):
        if state is not None:
            state = state.detach()
        optimizer.zero_grad()
        errs = []
        for t in range(c * k, (c + 1) * k):
            state = cell(Tensor([[xs[t]]]), state)
            errs.append(((head(state) - Tensor([[ys[t]]])) ** 2).sum())
        chunk = errs[0]
        for e in errs[1:]:
            chunk = chunk + e
        chunk = chunk / k
        chunk.backward()
        optimizer.step()
        out.append(float(chunk.item()))
    return out
