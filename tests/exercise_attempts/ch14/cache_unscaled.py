# EXERCISE 14.kv_cache
# expect: mistake: cache_no_scale
def attend_with_cache(q, k, v, keys, values):
    keys = np.concatenate([keys, k[:, None, :]], axis=1)
    values = np.concatenate([values, v[:, None, :]], axis=1)
    scores = np.einsum("hd,hsd->hs", q, keys)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    return np.einsum("hs,hsd->hd", w, values), keys, values
