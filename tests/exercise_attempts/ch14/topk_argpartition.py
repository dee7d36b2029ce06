# EXERCISE 14.top_k
# expect: correct
def sample_probabilities(logits, temperature, top_k):
    scaled = np.asarray(logits, dtype=float) / temperature
    keep = np.ones(len(scaled), dtype=bool)
    if top_k is not None and top_k < len(scaled):
        keep[:] = False
        keep[np.argpartition(scaled, -top_k)[-top_k:]] = True
    e = np.zeros_like(scaled)
    e[keep] = np.exp(scaled[keep] - scaled[keep].max())
    return e / e.sum()
