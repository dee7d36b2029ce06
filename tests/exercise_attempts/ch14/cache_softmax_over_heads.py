# EXERCISE 14.kv_cache
# expect: mistake: cache_softmax_over_heads
def attend_with_cache(q, k, v, keys, values):
    keys = np.concatenate([keys, k[:, None, :]], axis=1)
    values = np.concatenate([values, v[:, None, :]], axis=1)
    scores = np.einsum("hd,hsd->hs", q, keys) / math.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=0))
    w = w / w.sum(axis=0)
    return np.einsum("hs,hsd->hd", w, values), keys, values
