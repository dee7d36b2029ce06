# EXERCISE 14.kv_cache
# expect: mistake: cache_new_key_left_out
def attend_with_cache(q, k, v, keys, values):
    scores = np.einsum("hd,hsd->hs", q, keys) / math.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    out = np.einsum("hs,hsd->hd", w, values)
    keys = np.concatenate([keys, k[:, None, :]], axis=1)
    values = np.concatenate([values, v[:, None, :]], axis=1)
    return out, keys, values
