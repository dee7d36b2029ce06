# EXERCISE 13.causal_weights
# expect: shortcut
# Imports minigrad's attention under another name before defining the answer.
from minigrad.nn.functional import scaled_dot_product_attention as attend


def causal_attention_weights(scores):
    T = scores.shape[-1]
    keys = Tensor(np.eye(T) * math.sqrt(T))
    return attend(scores, keys, Tensor(np.eye(T)), is_causal=True)
