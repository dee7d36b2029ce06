# EXERCISE 14.kv_cache
# expect: mistake: cache_returned_unchanged
def attend_with_cache(q, k, v, keys, values):
    all_keys = np.concatenate([keys, k[:, None, :]], axis=1)
    all_values = np.concatenate([values, v[:, None, :]], axis=1)
    scores = np.einsum("hd,hsd->hs", q, all_keys) / math.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    return np.einsum("hs,hsd->hd", w, all_values), keys, values
