# EXERCISE 14.top_k
# expect: correct
def sample_probabilities(logits, temperature, top_k):
    # softmax(z / T) is softmax(z) ** (1 / T), renormalised
    p = np.exp(logits - logits.max())
    if top_k is not None:
        p[np.argsort(logits)[::-1][top_k:]] = 0.0
    p = p / p.sum()
    p = np.exp(np.log(p, where=p > 0, out=np.full_like(p, -np.inf)) / temperature)
    return p / p.sum()
