# EXERCISE 13.causal_weights
# expect: shortcut
# Gets the weights out of minigrad's attention: with keys sqrt(T)·I the scaled scores are the
# given ones, and with values I the output is the weight matrix itself.
def causal_attention_weights(scores):
    T = scores.shape[-1]
    eye = Tensor(np.eye(T))
    return F.scaled_dot_product_attention(scores, eye * math.sqrt(T), eye, is_causal=True)
