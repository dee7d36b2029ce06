# EXERCISE 14.kv_cache
# expect: correct
def attend_with_cache(q, k, v, keys, values):
    K = np.concatenate((keys, k[:, np.newaxis]), axis=-2)
    V = np.concatenate((values, v[:, np.newaxis]), axis=-2)
    s = (q[:, None, :] @ K.transpose(0, 2, 1)) / np.sqrt(K.shape[-1])   # (heads, 1, S + 1)
    a = np.exp(s - s.max(axis=-1, keepdims=True))
    a = a / a.sum(axis=-1, keepdims=True)
    return (a @ V)[:, 0], K, V
